"""parlor on a phone's home screen: the page names its icon and web app manifest, the manifest opens
parlor standalone at the lobby, and every icon it lists is served as the image and size it says."""

from __future__ import annotations

import re
import struct

import httpx


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def test_the_page_names_its_icons_and_manifest(server: str) -> None:
    page = httpx.get(f"{server}/", timeout=10).text
    for link in (r'<link rel="manifest" href="/manifest.json"', r'<link rel="icon" href="/icon.svg"',
                 r'<link rel="apple-touch-icon" href="/apple-touch-icon.png"', r'<meta name="theme-color"'):
        assert re.search(link, page), link
    manifest = httpx.get(f"{server}/manifest.json", timeout=10)
    assert manifest.status_code == 200 and manifest.headers["content-type"].startswith("application/json")
    body = manifest.json()
    opens = (body["name"], body["start_url"], body["scope"], body["display"])
    assert opens == ("parlor", "/", "/", "standalone")
    sizes = set()
    for icon in body["icons"]:
        answer = httpx.get(f"{server}{icon['src']}", timeout=10)
        assert answer.status_code == 200 and answer.headers["content-type"].startswith(icon["type"]), icon
        if icon["type"] == "image/png":
            width, height = png_size(answer.content)
            assert icon["sizes"] == f"{width}x{height}", icon
            sizes.add(width)
    assert {192, 512} <= sizes  # what a phone's home screen asks for
    touch = httpx.get(f"{server}/apple-touch-icon.png", timeout=10)
    assert png_size(touch.content) == (180, 180)
