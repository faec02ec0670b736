"""Draws the web client's PNG icons (web/public) from its SVG icon with Chromium, by hand after the SVG
changes (`.venv/bin/python web/icons.py`): a phone's home screen takes PNGs (192 and 512 pixels, the
corners left clear), and an iPhone's a square one of 180 it rounds itself."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

PUBLIC = Path(__file__).with_name("public")
CHROMIUM = "/usr/bin/chromium"
# file, pixels, corners rounded (else the dark ground fills the square)
ICONS = [("icon-192.png", 192, True), ("icon-512.png", 512, True), ("apple-touch-icon.png", 180, False)]


def main() -> None:
    svg = (PUBLIC / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, size, rounded in ICONS:
            drawn = svg if rounded else re.sub(r'rx="96"', 'rx="0"', svg, count=1)
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content("<html><body style='margin:0;background:transparent'>"
                             f"<div style='width:{size}px;height:{size}px'>{drawn}</div></body></html>")
            page.locator("svg").evaluate(f"(svg) => {{ svg.setAttribute('width', {size}); "
                                         f"svg.setAttribute('height', {size}) }}")
            page.screenshot(path=str(PUBLIC / name), omit_background=True)
            page.close()
        browser.close()
    print(f"drew {', '.join(name for name, _, _ in ICONS)} in {PUBLIC}", file=sys.stderr)


if __name__ == "__main__":
    main()
