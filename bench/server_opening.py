"""What a game costs before its first move: a new table, a join, a socket's handshake, timed one
request at a time against a real server process (SQLite, loopback, the fixture game Sealed Bids).

Each game: `POST /api/tables` (two open seats), two `POST .../join`, then for each seat a socket:
the handshake, the hello and the first state, timed together; then the socket closes. One game at a
time, so each figure is the server's answer time with nothing else of ours in flight.
`--compare DIR` runs a second source tree (another checkout's root, e.g. `git worktree add` of an
older commit) alternately with this one, `--games` games per turn, `--rounds` turns each, so the
machine's other load falls on both alike. Prints medians and the fastest of each step, and the
median CPU time the server's processes (its worker processes included) spent per game, which the
machine's other load disturbs less than the answer times; never asserts.
`python bench/server_opening.py [--games 50] [--rounds 3] [--compare DIR] [--json]`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
import orjson
import websockets

from server_compare import cpu_seconds, free_port, stop, wait_until_up

ROOT = Path(__file__).resolve().parent.parent
OPTIONS = {"rounds": 12, "hand_size": 6}
STEPS = ("create", "join", "socket")


@contextmanager
def server(tree: Path) -> Iterator[tuple[int, int]]:
    """`parlor serve` from `tree` (its own `src` first on the path) on a free port."""
    port = free_port()
    limits = {f"PARLOR_{kind}_{part}": "1000000" for kind in ("WS", "HTTP", "READ", "HEAVY", "CREATE", "JOIN")
              for part in ("RATE", "BURST")}
    # the games are never played: no seat is to be thought abandoned (and played by bots) meanwhile
    env = {**os.environ, **limits, "PARLOR_WS_PER_ADDRESS": "1000000", "PARLOR_ABANDON_AFTER": "86400",
           "PYTHONPATH": os.pathsep.join([str(tree / "src"), os.environ.get("PYTHONPATH", "")])}
    with tempfile.TemporaryDirectory(prefix="parlor-opening-") as data_dir:
        proc = subprocess.Popen([sys.executable, str(tree / "tests" / "server" / "launch.py"), "--host",
                                 "127.0.0.1", "--port", str(port), "--data-dir", data_dir], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_until_up(f"http://127.0.0.1:{port}/api/health", proc, f"parlor from {tree}")
            yield port, proc.pid
        finally:
            stop(proc)


async def one_game(http: httpx.AsyncClient, port: int, times: dict[str, list[float]]) -> None:
    spec = {"game": "sealed_bids", "players": 2, "seats": [{"kind": "open"}] * 2, "options": OPTIONS}
    started = time.perf_counter()
    table = (await http.post("/api/tables", json=spec)).json()
    times["create"].append(time.perf_counter() - started)
    tokens = []
    for seat in (0, 1):
        started = time.perf_counter()
        answer = (await http.post(f"/api/tables/{table['id']}/seats/{seat}/join",
                                  json={"name": f"bench {seat + 1}"})).json()
        times["join"].append(time.perf_counter() - started)
        tokens.append(answer["token"])
    for token in tokens:
        started = time.perf_counter()
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{table['id']}") as ws:
            await ws.send(orjson.dumps({"token": token}).decode())
            while orjson.loads(await ws.recv())["type"] != "state":
                pass
            times["socket"].append(time.perf_counter() - started)


async def games(port: int, count: int, times: dict[str, list[float]]) -> None:
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
        await one_game(http, port, {step: [] for step in STEPS})  # warm up: workers, caches
        for _ in range(count):
            await one_game(http, port, times)


def measure(trees: dict[str, Path], count: int, rounds: int) -> dict[str, dict[str, list[float]]]:
    """Each step's answer times, and "cpu": the server's CPU seconds per game of each turn."""
    times: dict[str, dict[str, list[float]]] = {name: {step: [] for step in (*STEPS, "cpu")}
                                                for name in trees}
    with ExitStack() as stack:
        servers = {name: stack.enter_context(server(tree)) for name, tree in trees.items()}
        for _ in range(rounds):
            for name, (port, pid) in servers.items():
                before = cpu_seconds(pid)
                asyncio.run(games(port, count, times[name]))
                times[name]["cpu"].append((cpu_seconds(pid) - before) / (count + 1))
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=50, help="games per server per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--compare", type=Path, help="another source tree's root, run alternately")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    trees = {"this tree": ROOT}
    if args.compare is not None:
        trees = {f"compared ({args.compare})": args.compare.resolve(), **trees}
    load_before = os.getloadavg()[0]
    times = measure(trees, args.games, args.rounds)
    load_after = os.getloadavg()[0]
    report = {name: {step: {"median_ms": statistics.median(values) * 1000, "fastest_ms": min(values) * 1000,
                            "count": len(values)} for step, values in steps.items()}
              for name, steps in times.items()}
    if args.json:
        print(json.dumps({"load": [load_before, load_after], "figures": report}))
        return
    print(f"load average {load_before:.1f} before, {load_after:.1f} after")
    for step in (*STEPS, "cpu"):
        cells = [f"{name}: {figures[step]['median_ms']:.2f} ms ({figures[step]['fastest_ms']:.2f})"
                 for name, figures in report.items()]
        print(f"{step if step != 'cpu' else 'cpu/game':8} " + "   ".join(cells))


if __name__ == "__main__":
    main()
