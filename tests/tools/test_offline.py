"""The tools' service worker as the server serves it (docs/tools.md, "Offline"): /sw.js at the root
with the build's files to precache, under a CSP that allows it and stays strict otherwise; and the
worker's list of what it may answer from its cache holds only public data, never a table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "parlor" / "server" / "static"
WORKER_SOURCE = ROOT / "web" / "src" / "worker" / "sw.ts"


def cached_paths() -> list[re.Pattern[str]]:
    """The worker's DATA patterns (JavaScript regex literals simple enough to read as Python's)."""
    source = WORKER_SOURCE.read_text(encoding="utf-8")
    block = source[source.index("const DATA = ["):source.index("]\n", source.index("const DATA = ["))]
    patterns = [re.compile(p.replace("\\/", "/")) for p in re.findall(r"/(\^.*?\$)/", block)]
    assert patterns
    return patterns


@pytest.mark.skipif(not (STATIC / "sw.js").is_file(), reason="the client is not built (make web)")
def test_the_worker_is_served_at_the_root_under_a_strict_policy(client: TestClient) -> None:
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert "javascript" in answer.headers["content-type"]
    policy = answer.headers["content-security-policy"]
    assert "worker-src 'self'" in policy and "script-src 'self';" in policy and "unsafe" not in policy
    precache = re.search(r"const PRECACHE = (\[.*?\]);", answer.text)
    assert precache
    assets = {f"/assets/{f.name}" for f in (STATIC / "assets").iterdir()}
    assert set(re.findall(r'"([^"]+)"', precache.group(1))) == assets
    assert "worker-src 'self'" in client.get("/").headers["content-security-policy"]


def test_the_worker_caches_public_data_and_never_a_table() -> None:
    """Only printed faces and words go through the worker's cache: a table, its seats, moves,
    records, replays and the lobby's table list always come from the network."""
    patterns = cached_paths()

    def cached(path: str) -> bool:
        return any(p.match(path) for p in patterns)

    for path in ("/api/games", "/api/games/trickerion/data", "/api/games/opera/text/zh_TW",
                 "/api/tools/opera/sheet", "/api/tools/starroad/sheet"):
        assert cached(path), path
    for path in ("/api/tables", "/api/tables/abc", "/api/tables/abc/record", "/api/tables/abc/seats/0/join",
                 "/api/tables/abc/replay/3", "/ws/tables/abc", "/api/health", "/api/tools/trickerion/score",
                 "/api/games/trickerion/data/extra"):
        assert not cached(path), path
