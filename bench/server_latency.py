"""Server benchmark: move round-trip latency and moves per second with many concurrent tables.

Starts a real server process (SQLite in a temporary directory, loopback only), opens `--tables`
tables at once, each with one WebSocket client seat that plays random legal moves as fast as it
can and server-side bots in the other seats. When a table's game ends, its client opens another.
Prints figures; never asserts. `python bench/server_latency.py [--tables 100] [--seconds 10]`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent
LAUNCH = ROOT / "tests" / "server" / "launch.py"  # `parlor serve` with the fixture game registered


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data_dir: str, port: int) -> subprocess.Popen[bytes]:
    # one address plays every table: the per-address limits are lifted
    limits = {f"PARLOR_{kind}_{part}": "100000" for kind in ("WS", "HTTP", "READ", "HEAVY", "CREATE", "JOIN")
              for part in ("RATE", "BURST")}
    env = {**os.environ, **limits, "PARLOR_WS_PER_ADDRESS": "100000", "PARLOR_BOT_DELAY": "0",
           "PARLOR_BOT_THREADS": "2"}
    proc = subprocess.Popen([sys.executable, str(LAUNCH), "--host", "127.0.0.1", "--port", str(port),
                             "--data-dir", data_dir], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the server did not start")


class Figures:
    def __init__(self) -> None:
        self.round_trips: list[float] = []
        self.server_moves = 0
        self.games = 0


async def client_loop(http: httpx.AsyncClient, ws_base: str, game: str, players: int, options: dict[str, Any],
                      bot: str, until: float, rng: random.Random, figures: Figures) -> None:
    """Play table after table until the deadline, timing each own move until the server's answer."""
    while time.monotonic() < until:
        seats = [{"kind": "open"}] + [{"kind": "bot", "level": bot}] * (players - 1)
        spec = {"game": game, "players": players, "seats": seats, "options": options}
        table = (await http.post("/api/tables", json=spec)).json()
        joined = (await http.post(f"/api/tables/{table['id']}/seats/0/join", json={"name": "bench"})).json()
        async with websockets.connect(f"{ws_base}/ws/tables/{table['id']}") as ws:
            await ws.send(json.dumps({"token": joined["token"]}))
            sent_at: float | None = None
            sent_index = -1
            last_index = 0
            async for text in ws:
                m = json.loads(text)
                if m["type"] != "state":
                    sent_at = None
                    continue
                if sent_at is not None and m["index"] > sent_index:
                    figures.round_trips.append(time.perf_counter() - sent_at)
                    sent_at = None
                last_index = m["index"]
                if m["status"] == "finished" or time.monotonic() >= until:
                    break
                if m["legal"] and sent_at is None and m["index"] != sent_index:
                    sent_index = m["index"]
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"move": rng.choice(m["legal"])["move"], "index": m["index"]}))
            figures.server_moves += last_index
            figures.games += 1


async def run(tables: int, seconds: float, game: str, players: int, bot: str, port: int,
              options: dict[str, Any] | None = None) -> Figures:
    figures = Figures()
    # idle connections are dropped before the server's keep-alive timeout (5 s) can close them
    limits = httpx.Limits(max_connections=tables + 10, keepalive_expiry=2.0)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60, limits=limits) as http:
        until = time.monotonic() + seconds
        await asyncio.gather(*(client_loop(http, f"ws://127.0.0.1:{port}", game, players, options or {}, bot,
                                           until, random.Random(i), figures) for i in range(tables)))
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--game", default="sealed_bids")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="random", help="level of the server-side bots")
    parser.add_argument("--options", default=None, help='game options as JSON (default for sealed_bids: '
                                                        '{"rounds": 12, "hand_size": 6})')
    args = parser.parse_args(argv if argv is not None else [])
    options = json.loads(args.options) if args.options else \
        ({"rounds": 12, "hand_size": 6} if args.game == "sealed_bids" else {})
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="parlor-bench-") as data_dir:
        server = start_server(data_dir, port)
        try:
            start = time.perf_counter()
            figures = asyncio.run(run(args.tables, args.seconds, args.game, args.players, args.bot, port,
                                      options))
            elapsed = time.perf_counter() - start
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
    trips = sorted(figures.round_trips)
    print(f"server: {args.tables} concurrent tables of {args.game} {json.dumps(options)} ({args.players} "
          f"seats: 1 WebSocket client, {args.players - 1} server bot(s) '{args.bot}'), SQLite, loopback, "
          f"{elapsed:.1f} s")
    if not trips:
        print("  no move completed")
        return
    p50 = statistics.median(trips) * 1000
    p99 = trips[min(len(trips) - 1, int(len(trips) * 0.99))] * 1000
    print(f"  move round trip (client move -> its new state): p50 {p50:.1f} ms   p99 {p99:.1f} ms   "
          f"({len(trips)} moves)")
    print(f"  moves stored per second (all seats): {figures.server_moves / elapsed:.0f}   "
          f"client moves per second: {len(trips) / elapsed:.0f}   games finished: {figures.games}")


if __name__ == "__main__":
    main(sys.argv[1:])
