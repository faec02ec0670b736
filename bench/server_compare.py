"""parlor's server beside a boardgame.io 0.50 server under the same load, measured alternately.

Each server runs on a free loopback port. The load is `--tables` concurrent tables with both seats
played by WebSocket clients that move as soon as it is their turn; each move is timed from sending it
to the first state the mover receives that includes it, and a finished table opens another (each
table's first game is opened and joined before the clock starts). Every game costs both servers the
same work: a new table or match, two joins, and one new socket (with its handshake) per seat; no
socket is reused across games. Both loads run in node (`bench/peers/boardgameio/load.js` and
`load_parlor.js`), so the clients, which share the cores with the servers, cost both sides alike;
`--python-load` drives parlor with the asyncio client below instead.

- parlor: Sealed Bids (the test-only fixture game; hands of 6 from a deck of 12: about 16 moves a game).
  parlor has no tic-tac-toe; Sealed Bids is its smallest game (a few numbers of state, a view of about
  300 bytes, two or three legal moves), and its per-move work (clone, play, a whitelisted view per
  seat, stored in the database before anyone hears of it) is what every parlor move costs. Its bids
  are simultaneous, so both seats of a table may have a move in flight at once.
- boardgame.io: tic-tac-toe played over 2 boards (about 16 moves a game), in-memory storage, socket.io
  (`bench/peers/boardgameio`, installed here with `npm ci` when missing, never by `make test`).

The servers and table counts run in turn, `--rounds` times, so that the machine's other load falls
on all of them alike; the figures printed are medians over the rounds. `--workers 1 2` runs parlor
with one and with two worker processes (on one host, without Redis; `--redis`: with a throwaway
Redis, as on several hosts). `--compare DIR` also runs parlor from another source tree (e.g. `git
archive` of an older commit unpacked there; its own `src` first on the path) as "parlor-before",
alternately with this one (`--compare-workers 2`: with two workers, which share a throwaway Redis
there, as trees before session 39 need, to compare two workers before and after).
The report also gives the node load client's CPU per move and the "ceiling": the most moves/s the
machine's cores could give that server and its client together (cores over their CPU per move), which
no number of worker processes can pass. Prints figures; never asserts.
`python bench/server_compare.py [--tables 1 10 50 200] [--json]`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

ROOT = Path(__file__).resolve().parent.parent
LAUNCH = ROOT / "tests" / "server" / "launch.py"  # `parlor serve` with the fixture game registered
PEER = ROOT / "bench" / "peers" / "boardgameio"
OPTIONS = {"rounds": 12, "hand_size": 6}
BEFORE = "parlor-before"  # parlor from the tree given with --compare
TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until_up(url: str, proc: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}")
        try:
            httpx.get(url, timeout=1)
            return
        except httpx.HTTPError:
            time.sleep(0.05)
    raise RuntimeError(f"{what} did not start")


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def cpu_seconds(root: int) -> float:
    """User and system CPU time of process `root` and every process it started (Linux /proc)."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = (int(fields[11]) + int(fields[12])) / TICKS
    family, grew = {root}, True
    while grew:
        found = {pid for pid, parent in parents.items() if parent in family} - family
        family |= found
        grew = bool(found)
    return sum(times.get(pid, 0.0) for pid in family)


@contextmanager
def redis_server() -> Iterator[str]:
    """A throwaway Redis on loopback, for parlor's worker processes."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="parlor-bench-redis-") as folder:
        proc = subprocess.Popen(["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "",
                                 "--appendonly", "no", "--dir", folder], stdout=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    time.sleep(0.05)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            stop(proc)


@contextmanager
def parlor_server(workers: int, stack: ExitStack, tree: Path = ROOT, redis: bool = False
                  ) -> Iterator[tuple[int, int]]:
    """(port, process id) of `parlor serve` from `tree` (`redis`: its workers share a throwaway Redis)."""
    port = free_port()
    # one address plays every table: the per-address and per-connection limits are lifted
    limits = {f"PARLOR_{kind}_{part}": "1000000" for kind in ("WS", "HTTP", "READ", "HEAVY", "CREATE", "JOIN")
              for part in ("RATE", "BURST")}
    env = {**os.environ, **limits, "PARLOR_WS_PER_ADDRESS": "1000000"}
    if tree != ROOT:
        env["PYTHONPATH"] = os.pathsep.join([str(tree / "src"), os.environ.get("PYTHONPATH", "")])
    with tempfile.TemporaryDirectory(prefix="parlor-bench-") as data_dir:
        command = [sys.executable, str(tree / LAUNCH.relative_to(ROOT)), "--host", "127.0.0.1", "--port",
                   str(port), "--data-dir", data_dir]
        if workers > 1:
            command += ["--workers", str(workers)]
            if redis:
                command += ["--redis", stack.enter_context(redis_server())]
        proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_until_up(f"http://127.0.0.1:{port}/api/health", proc, "parlor")
            yield port, proc.pid
        finally:
            stop(proc)


@contextmanager
def boardgameio_server() -> Iterator[tuple[int, int]]:
    port = free_port()
    proc = subprocess.Popen(["node", "server.js", str(port)], cwd=PEER, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        wait_until_up(f"http://127.0.0.1:{port}/games", proc, "boardgame.io")
        yield port, proc.pid
    finally:
        stop(proc)


# -- the loads -------------------------------------------------------------------------------
@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)  # seconds
    seconds: float = 0.0
    games: int = 0
    server_cpu: float = 0.0  # seconds of CPU the server's processes spent meanwhile
    client_cpu: float = 0.0  # seconds of CPU the load client spent meanwhile

    @property
    def cpu_per_move(self) -> float:
        """Milliseconds of the server's CPU per move (games opened included): the machine's other
        load disturbs it far less than moves/s."""
        return self.server_cpu / len(self.latencies) * 1000 if self.latencies else float("nan")

    @property
    def client_cpu_per_move(self) -> float:
        """Milliseconds of the load client's CPU per move: it runs on the same cores."""
        return self.client_cpu / len(self.latencies) * 1000 if self.latencies else float("nan")

    @property
    def moves_per_second(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def percentile(self, fraction: float) -> float:
        """Milliseconds."""
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] * 1000


async def parlor_seat(ws_url: str, token: str, until: float, rng: random.Random, figures: Figures) -> None:
    """Play one seat: move as soon as it has legal moves; time each move until its state arrives."""
    async with websockets.connect(ws_url) as ws:  # per-message deflate offered, as browsers do
        await ws.send(orjson.dumps({"token": token}).decode())
        sent_at: float | None = None
        sent_index = -1
        async for text in ws:
            message = orjson.loads(text)
            if message["type"] != "state":
                sent_at = None  # a refused move (never expected here): move again on the next state
                continue
            if sent_at is not None and message["index"] > sent_index:
                figures.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["status"] == "finished" or time.monotonic() >= until:
                return
            if message["legal"] and sent_at is None and message["index"] != sent_index:
                sent_index = message["index"]
                sent_at = time.perf_counter()
                await ws.send(orjson.dumps({"move": rng.choice(message["legal"])["move"],
                                            "index": message["index"]}).decode())


async def post(http: httpx.AsyncClient, path: str, body: dict[str, Any]) -> Any:
    """POST, trying again when a kept-alive connection was dropped under load."""
    for _ in range(2):
        try:
            return (await http.post(path, json=body)).json()
        except httpx.TransportError:
            continue
    return (await http.post(path, json=body)).json()


async def parlor_open_table(http: httpx.AsyncClient) -> tuple[str, list[str]]:
    """A new table with both seats joined: (table id, the seats' tokens)."""
    spec = {"game": "sealed_bids", "players": 2, "seats": [{"kind": "open"}] * 2, "options": OPTIONS}
    table = await post(http, "/api/tables", spec)
    tokens = [(await post(http, f"/api/tables/{table['id']}/seats/{seat}/join",
                          {"name": f"bench {seat + 1}"}))["token"] for seat in (0, 1)]
    return table["id"], tokens


async def parlor_table(http: httpx.AsyncClient, port: int, first: tuple[str, list[str]], until: float,
                       rng: random.Random, figures: Figures) -> None:
    table: tuple[str, list[str]] | None = first
    while time.monotonic() < until:
        table_id, tokens = table or await parlor_open_table(http)
        table = None
        url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
        await asyncio.gather(*(parlor_seat(url, token, until, rng, figures) for token in tokens))
        figures.games += 1


async def parlor_load(port: int, tables: int, seconds: float, seed: int) -> Figures:
    """The first table of each is opened before the clock starts (as boardgame.io's load does)."""
    figures = Figures()
    limits = httpx.Limits(max_connections=tables + 10, keepalive_expiry=2.0)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60, limits=limits) as http:
        firsts = await asyncio.gather(*(parlor_open_table(http) for _ in range(tables)))
        start = time.perf_counter()
        until = time.monotonic() + seconds
        await asyncio.gather(*(parlor_table(http, port, first, until, random.Random(seed * 1000 + i), figures)
                               for i, first in enumerate(firsts)))
        figures.seconds = time.perf_counter() - start
    return figures


def node_load(script: str, port: int, tables: int, seconds: float, seed: int) -> Figures:
    """Run one of the node load clients (`load.js` for boardgame.io, `load_parlor.js` for parlor);
    its CPU is that of the children waited for meanwhile (the servers are not: they still run)."""
    children_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(["node", script, str(port), str(tables), str(seconds), str(seed)], cwd=PEER,
                         capture_output=True, text=True, timeout=seconds + 120)
    if out.returncode != 0:
        raise RuntimeError(f"{script} on port {port} failed ({out.returncode}): {out.stderr[-2000:]}")
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    client_cpu = (children.ru_utime - children_before.ru_utime
                  + children.ru_stime - children_before.ru_stime)
    data = json.loads(out.stdout.strip().splitlines()[-1])
    return Figures([ms / 1000 for ms in data["latencies_ms"]], data["seconds"], data["games"],
                   client_cpu=client_cpu)


# -- the run ---------------------------------------------------------------------------------
def summary(runs: list[Figures]) -> dict[str, float]:
    """Medians over the rounds."""
    moves = sum(len(f.latencies) for f in runs)
    return {"moves_per_second": statistics.median(f.moves_per_second for f in runs),
            "p50_ms": statistics.median(f.percentile(0.50) for f in runs),
            "p99_ms": statistics.median(f.percentile(0.99) for f in runs),
            "cpu_ms_per_move": statistics.median(f.cpu_per_move for f in runs),
            "client_cpu_ms_per_move": statistics.median(f.client_cpu_per_move for f in runs),
            "moves": moves, "moves_per_game": moves / max(1, sum(f.games for f in runs)),
            "rounds": len(runs)}


def measure(names: list[str], workers: list[int], tables_list: list[int], seconds: float, rounds: int,
            quiet: bool, python_load: bool = False, before: Path | None = None, before_workers: int = 1,
            redis: bool = False) -> dict[str, dict[int, list[Figures]]]:
    """Every server at every table count, `rounds` times, alternating the servers' order
    ("parlor-before": parlor from the tree `before`, with `before_workers` workers and Redis;
    `redis`: this tree's workers share Redis too)."""
    results: dict[str, dict[int, list[Figures]]] = {name: {t: [] for t in tables_list} for name in names}
    if not (PEER / "node_modules").is_dir() and ("boardgame.io" in names or not python_load):
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--silent"], cwd=PEER, check=True)
    with ExitStack() as stack:
        parlors = [name for name in names if name not in (BEFORE, "boardgame.io")]
        ports = {name: stack.enter_context(parlor_server(w, stack, redis=redis))
                 for name, w in zip(parlors, workers, strict=True)}
        if before is not None:
            ports[BEFORE] = stack.enter_context(parlor_server(before_workers, stack, before, redis=True))
        if "boardgame.io" in names:
            ports["boardgame.io"] = stack.enter_context(boardgameio_server())
        for tables in tables_list:
            for round_number in range(rounds):
                for name in names if round_number % 2 == 0 else list(reversed(names)):
                    port, pid = ports[name]
                    cpu_before = cpu_seconds(pid)
                    if name == "boardgame.io":
                        figures = node_load("load.js", port, tables, seconds, round_number + 1)
                    elif python_load:  # the client is this process
                        client_before = time.process_time()
                        figures = asyncio.run(parlor_load(port, tables, seconds, round_number + 1))
                        figures.client_cpu = time.process_time() - client_before
                    else:
                        figures = node_load("load_parlor.js", port, tables, seconds, round_number + 1)
                    figures.server_cpu = cpu_seconds(pid) - cpu_before
                    results[name][tables].append(figures)
                    if not quiet:
                        print(f"  {tables:>4} tables, round {round_number + 1}, {name:<13} "
                              f"{figures.moves_per_second:8.0f} moves/s  p50 {figures.percentile(0.5):7.1f}"
                              f" ms  p99 {figures.percentile(0.99):7.1f} ms  server CPU "
                              f"{figures.cpu_per_move:.2f} ms/move", file=sys.stderr)
    return results


def ceiling(figures: dict[str, float], cores: int) -> float:
    """The most moves/s the machine's cores could give this server and its load client together,
    were nothing else running: cores over their CPU per move (a server can do no better here, and
    no number of workers can lift it)."""
    per_move = figures["cpu_ms_per_move"] + figures["client_cpu_ms_per_move"]
    return cores * 1000 / per_move if per_move > 0 else float("nan")


def print_report(report: dict[str, Any], names: list[str], parlors: list[str]) -> None:
    machine = report["machine"]
    print(f"{report['rounds']} rounds of {report['seconds']:g} s per server and table count, alternating; "
          f"medians. Load average before {machine['load_before'][0]:.1f}, after "
          f"{machine['load_after'][0]:.1f} ({machine['cores']} cores)")
    print(f"{'tables':>6}  {'server':<13} {'moves/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'moves/game':>11} "
          f"{'CPU ms/move':>12} {'client CPU':>11} {'ceiling':>8}")
    for tables in report["tables"]:
        figures = {name: report["servers"][name][str(tables)] for name in names}
        for name, s in figures.items():
            print(f"{tables:>6}  {name:<13} {s['moves_per_second']:9.0f} {s['p50_ms']:8.1f} "
                  f"{s['p99_ms']:8.1f} {s['moves_per_game']:11.1f} {s['cpu_ms_per_move']:12.2f} "
                  f"{s['client_cpu_ms_per_move']:11.2f} {ceiling(s, machine['cores']):8.0f}")
        peer = figures.get("boardgame.io")
        for name in parlors:
            s = figures[name]
            if peer is not None:
                speed, tail = s["moves_per_second"] / peer["moves_per_second"], s["p99_ms"] / peer["p99_ms"]
                print(f"{'':>6}  {name} / boardgame.io: moves/s x{speed:.2f}, p99 x{tail:.2f}")
            if name != parlors[0]:
                first = figures[parlors[0]]["moves_per_second"]
                print(f"{'':>6}  {name} / {parlors[0]}: moves/s x{s['moves_per_second'] / first:.2f}")
            old = figures.get(BEFORE)
            if old is not None:
                speed, tail = s["moves_per_second"] / old["moves_per_second"], s["p99_ms"] / old["p99_ms"]
                cpu = s["cpu_ms_per_move"] / old["cpu_ms_per_move"]
                print(f"{'':>6}  {name} / {BEFORE}: moves/s x{speed:.2f}, p99 x{tail:.2f}, "
                      f"server CPU per move x{cpu:.2f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 10, 50, 200])
    parser.add_argument("--seconds", type=float, default=8.0, help="length of one measurement")
    parser.add_argument("--rounds", type=int, default=3, help="measurements of each server per table count")
    parser.add_argument("--workers", type=int, nargs="+", default=[1], help="parlor worker processes "
                        "(several values: each is measured, e.g. --workers 1 2)")
    parser.add_argument("--redis", action="store_true", help="this tree's workers share a throwaway Redis, "
                        "as on several hosts (default: one host, none)")
    parser.add_argument("--no-boardgameio", action="store_true", help="measure parlor only")
    parser.add_argument("--python-load", action="store_true", help="drive parlor with the Python load client "
                        "(asyncio, websockets, httpx) instead of the node one that matches boardgame.io's")
    parser.add_argument("--compare", type=Path, help="another source tree's root: its parlor runs too, "
                        "alternately, as parlor-before")
    parser.add_argument("--compare-workers", type=int, default=1, help="worker processes of the --compare "
                        "tree's parlor (e.g. 2, to compare two workers before and after)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv if argv is not None else sys.argv[1:])
    if not (args.no_boardgameio and args.python_load) and shutil.which("node") is None:
        parser.error("the load clients and boardgame.io need node (or pass --no-boardgameio --python-load)")
    parlors = [f"parlor-w{w}" if len(args.workers) > 1 else "parlor" for w in args.workers]
    before = args.compare.resolve() if args.compare is not None else None
    names = [*([BEFORE] if before is not None else []), *parlors,
             *([] if args.no_boardgameio else ["boardgame.io"])]
    started, load_before = time.time(), os.getloadavg()
    results = measure(names, args.workers, args.tables, args.seconds, args.rounds, args.json,
                      args.python_load, before, args.compare_workers, args.redis)
    report = {
        "machine": {"cores": os.cpu_count(), "load_before": load_before, "load_after": os.getloadavg(),
                    "minutes": round((time.time() - started) / 60, 1)},
        "seconds": args.seconds, "rounds": args.rounds, "tables": args.tables,
        "servers": {name: {str(t): summary(runs) for t, runs in by_tables.items()}
                    for name, by_tables in results.items()},
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report, names, parlors)


if __name__ == "__main__":
    main()
