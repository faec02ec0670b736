"""What parlor's own middleware costs one HTTP request on the event loop, alone: a GET and a join's
small JSON POST through `middleware.py` in front of an app that only answers, timed in process.

`--compare DIR` times another tree's `middleware.py` alternately with this one (a tree from before
the three layers became one, `Guard`, is built as SecurityHeaders, RateLimits and BodyLimit in the
order the app stacked them). Prints the fastest turn of each, in microseconds per request, which the
machine's other load disturbs least; never asserts.
`python bench/server_middleware.py [--requests 20000] [--turns 6] [--compare DIR]`.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import sys
import time
from pathlib import Path
from typing import Any

from parlor.server.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
BODY = b'{"name": "Ada"}'
# no request is refused: each one goes the whole way through
SETTINGS = Settings(read_rate=1e9, read_burst=10**9, join_rate=1e9, join_burst=10**9)
REQUESTS = {"GET": ("GET", "/api/tables/t1"), "join POST": ("POST", "/api/tables/t1/seats/1/join")}


def middleware_of(tree: Path, name: str) -> Any:
    """The ASGI stack of `tree`'s middleware module in front of `answer`."""
    # named inside parlor.server, so that its relative imports find this tree's modules beside it
    spec = importlib.util.spec_from_file_location(f"parlor.server.{name}",
                                                  tree / "src" / "parlor" / "server" / "middleware.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if hasattr(module, "Guard"):
        return module.Guard(answer, SETTINGS)
    return module.SecurityHeaders(module.RateLimits(
        module.BodyLimit(answer, SETTINGS.max_body_bytes, SETTINGS.max_json_depth), SETTINGS))


async def answer(_scope: dict[str, Any], receive: Any, send: Any) -> None:
    await receive()
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": b"{}"})


async def microseconds(stack: Any, method: str, path: str, requests: int) -> float:
    scope = {"type": "http", "method": method, "path": path, "client": ("127.0.0.1", 5000),
             "headers": [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json"),
                         (b"content-length", str(len(BODY)).encode())]}

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": BODY, "more_body": False}

    async def send(_message: dict[str, Any]) -> None:
        pass

    start = time.perf_counter()
    for _ in range(requests):
        await stack(dict(scope), receive, send)
    return (time.perf_counter() - start) / requests * 1e6


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=20000, help="requests per turn")
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument("--compare", type=Path, help="another source tree's root, run alternately")
    args = parser.parse_args()
    stacks = {"this tree": middleware_of(ROOT, "bench_this")}
    if args.compare is not None:
        stacks = {f"compared ({args.compare})": middleware_of(args.compare, "bench_compared"), **stacks}
    fastest: dict[tuple[str, str], float] = {}
    for _ in range(args.turns):
        for tree, stack in stacks.items():
            for request, (method, path) in REQUESTS.items():
                took = await microseconds(stack, method, path, args.requests)
                fastest[tree, request] = min(took, fastest.get((tree, request), took))
    for request in REQUESTS:
        print(f"{request:10s} " + "   ".join(f"{tree}: {fastest[tree, request]:.1f} us" for tree in stacks))


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
