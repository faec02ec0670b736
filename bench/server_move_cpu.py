"""The server's CPU per move, by stage: this tree against another one, alternately, in one run.

Each tree's `parlor serve` (SQLite, loopback, `tests/server/launch.py`'s fixture game registered)
runs in a process of its own with its stages timed from inside (below); this process is the client:
`--tables` tables at once of each game in `--games`, two seats each joined over HTTP and played over
WebSocket with seeded random legal moves, `--moves` moves a round, a finished game replaced by a new
table (a create, two joins, two sockets: opening games is part of a move's cost, as in
`server_compare.py`). Sealed Bids is the size of tic-tac-toe (about 16 moves a game); the real games
play one long game each.

What is counted: the server process's CPU (every thread, and the worker processes that set tables
up) over the round, per move. Inside it, on the event loop's thread, each stage's CPU time
(`time.thread_time_ns`) is charged to the innermost stage running, so the stages add up to the
loop's time and nothing is counted twice: reading frames (websockets' parser in uvicorn's protocol),
HTTP parsing, the ASGI receive and send, the socket's session (handshake, hello, its loop), decoding
a message, the move's checks, clone and play (`submit`), applying it, building state messages
(views, legal moves, log), JSON encoding, writing frames, the flush, the group commit and the
database hand-over on the loop's side; "loop, other" is the rest of the loop thread (uvloop, tasks,
Starlette, HTTP routes outside our middleware). "database and other threads" is the process's CPU
off the loop thread, "worker processes" its children's. A stage a tree lacks reads 0.

`python bench/server_move_cpu.py [--games sealed_bids trickerion ...] [--moves 600] [--tables 1]
[--rounds 3] [--compare DIR] [--json]`; `--compare DIR`: another source tree's root (e.g. `git
archive` of an older commit unpacked there) measured as "before", alternately with this one. Medians
over the rounds; never asserts. `--profile FILE` writes a cProfile of this tree's server instead.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["sealed_bids", "trickerion", "opera", "skyrise", "starroad"]
OPTIONS = {"sealed_bids": {"rounds": 12, "hand_size": 6}}
STATS_ENV = "PARLOR_BENCH_STATS"  # the file the served process writes its stage times to on SIGUSR1
PROFILE_ENV = "PARLOR_BENCH_PROFILE"
WARM_UP = 40  # moves of each game played on each server before the rounds


# -- inside the server: the stages ----------------------------------------------------------------
class Stages:
    """CPU time of the loop thread charged to the innermost stage running."""

    def __init__(self) -> None:
        self.thread = threading.get_ident()
        self.spent: dict[str, int] = {}
        self.stack: list[str] = []
        self.mark = 0
        self.off_loop: dict[str, int] = {}  # CPU of calls on other threads (database, setup), by name
        self.calls: dict[str, int] = {}     # calls of each stage, on any thread
        self.lock = threading.Lock()

    def off_loop_call(self, name: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        start = time.thread_time_ns()
        try:
            return fn(*args, **kwargs)
        finally:
            spent = time.thread_time_ns() - start
            with self.lock:
                self.off_loop[name] = self.off_loop.get(name, 0) + spent
                self.calls[name] = self.calls.get(name, 0) + 1

    def enter(self, name: str) -> bool:
        if threading.get_ident() != self.thread:
            return False
        now = time.thread_time_ns()
        if self.stack:
            top = self.stack[-1]
            self.spent[top] = self.spent.get(top, 0) + now - self.mark
        self.stack.append(name)
        self.mark = now
        self.calls[name] = self.calls.get(name, 0) + 1
        return True

    def leave(self) -> None:
        now = time.thread_time_ns()
        name = self.stack.pop()
        self.spent[name] = self.spent.get(name, 0) + now - self.mark
        self.mark = now

    def snapshot(self) -> dict[str, Any]:
        """Taken on the loop's thread (a signal handler runs on the main thread, uvicorn's loop)."""
        return {"stages": dict(self.spent), "off_loop": dict(self.off_loop), "calls": dict(self.calls),
                "loop_ns": time.thread_time_ns(), "process_ns": time.process_time_ns()}


def timed(stages: Stages, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        if not stages.enter(name):
            return stages.off_loop_call(name, fn, *args, **kwargs)
        try:
            return fn(*args, **kwargs)
        finally:
            stages.leave()
    return run


class _Steps:
    """Awaits a coroutine, charging each of its steps (between two suspensions) to a stage."""

    def __init__(self, stages: Stages, name: str, coroutine: Any) -> None:
        self.stages, self.name, self.coroutine = stages, name, coroutine

    def __await__(self) -> Generator[Any, Any, Any]:
        inner = self.coroutine.__await__()
        value: Any = None
        error: BaseException | None = None
        while True:
            entered = self.stages.enter(self.name)
            try:
                yielded = inner.throw(error) if error is not None else inner.send(value)
            except StopIteration as stop:
                return stop.value
            finally:
                if entered:
                    self.stages.leave()
            try:
                value, error = (yield yielded), None
            except GeneratorExit:
                inner.close()
                raise
            except BaseException as err:  # handed to the coroutine, as `await` does
                value, error = None, err


def timed_coroutine(stages: Stages, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    async def run(*args: Any, **kwargs: Any) -> Any:
        return await _Steps(stages, name, fn(*args, **kwargs))
    return run


def install_stages() -> Stages:
    """Wrap the functions of each stage wherever they are looked up (a stage a tree lacks is left out)."""
    import importlib

    stages = Stages()
    plan: list[tuple[str, str, str, bool]] = [  # (stage, module, attribute path, is a coroutine)
        ("frames in", "uvicorn.protocols.websockets.websockets_sansio_impl",
         "WebSocketsSansIOProtocol.data_received", False),
        ("socket handshake", "parlor.server.sockets", "TableSocketProtocol.handle_connect", False),
        ("socket attach and detach", "parlor.server.connections", "Connections.attach", True),
        ("socket attach and detach", "parlor.server.connections", "Connections.detach", True),
        ("writer tasks", "parlor.server.connections", "Connections._write", True),
        ("HTTP parse", "uvicorn.protocols.http.httptools_impl", "HttpToolsProtocol.data_received", False),
        ("ASGI receive", "uvicorn.protocols.websockets.websockets_sansio_impl",
         "WebSocketsSansIOProtocol.receive", True),
        ("ASGI send", "uvicorn.protocols.websockets.websockets_sansio_impl",
         "WebSocketsSansIOProtocol.send", True),
        ("HTTP requests (middleware and routes)", "parlor.server.middleware", "Guard.__call__", True),
        ("socket session", "parlor.server.ws", "_serve", True),
        ("socket message", "parlor.server.ws", "_handle", True),
        ("decode", "parlor.server.ws", "_decode", False),
        ("decode", "parlor.server.ws", "decode_message", False),
        ("move: check, clone, play", "parlor.server.ws", "submit", True),
        ("apply", "parlor.server.live", "LiveTable.apply", False),
        ("push", "parlor.server.hub", "Hub.changed", False),
        ("state messages", "parlor.server.live", "LiveTable.state_message", False),
        ("views and legal moves", "parlor.server.live", "LiveTable._seat_part", False),
        ("JSON encode", "parlor.server.live", "dump_bytes", False),
        ("JSON encode", "parlor.server.connections", "dump_bytes", False),
        ("frames out", "parlor.server.sockets", "TableSocketProtocol.write_texts", False),
        ("flush", "parlor.server.connections", "Connections._flush", False),
        ("group commit", "parlor.server.group_commit", "GroupCommit.append", True),
        ("group commit", "parlor.server.group_commit", "GroupCommit._drain", True),
        ("database hand-over", "parlor.server.hub", "Hub.db", True),
        ("setup", "parlor.server.jobs", "prepare", False),
    ]
    from parlor.server.storage import Storage
    for name in ("append_moves", "create_table", "claim_seat_and_read", "touch", "load_with_chat", "load",
                 "get_seats", "mark_finished"):
        if hasattr(Storage, name):
            plan.append((f"db: {name}", "parlor.server.storage", f"Storage.{name}", False))
    for stage, module_name, path, coroutine in plan:
        try:
            owner: Any = importlib.import_module(module_name)
        except ImportError:
            continue
        *owners, attribute = path.split(".")
        for part in owners:
            owner = getattr(owner, part, None)
        if owner is None or not hasattr(owner, attribute):
            continue
        wrap = timed_coroutine if coroutine else timed
        setattr(owner, attribute, wrap(stages, stage, getattr(owner, attribute)))
    return stages


def serve(argv: list[str]) -> None:
    """Run `parlor serve` from the tree on `sys.path`, its stages timed (`--serve ARGS...`)."""
    tree = Path(os.environ["PARLOR_BENCH_TREE"])
    sys.path.insert(0, str(tree / "tests"))
    from fixturegames.sealed_bids import SealedBids
    from parlor.core import register
    from parlor.server.__main__ import main as serve_main

    register(SealedBids())
    profile_path = os.environ.get(PROFILE_ENV)
    if profile_path:
        import cProfile
        profiler = cProfile.Profile(time.thread_time)  # the loop thread's CPU, not its waits
        signal.signal(signal.SIGUSR2, lambda _s, _f: profiler.enable())

        def stop_profile(_signal: int, _frame: Any) -> None:
            profiler.disable()
            profiler.dump_stats(profile_path)

        signal.signal(signal.SIGUSR1, stop_profile)
        serve_main(argv)
        return
    stages = install_stages()
    stats = Path(os.environ[STATS_ENV])

    def dump(_signal: int, _frame: Any) -> None:
        temporary = stats.with_suffix(".tmp")
        temporary.write_text(json.dumps(stages.snapshot()))
        temporary.replace(stats)

    signal.signal(signal.SIGUSR1, dump)
    serve_main(argv)


# -- outside: the server processes and the client ------------------------------------------------
@contextmanager
def server(tree: Path, folder: Path, name: str, profile: Path | None = None
           ) -> Iterator[tuple[int, int, Path]]:
    """(port, process id, stats file) of an instrumented `parlor serve` from `tree`."""
    from server_compare import free_port, stop, wait_until_up

    port = free_port()
    limits = {f"PARLOR_{kind}_{part}": "1000000" for kind in ("WS", "HTTP", "READ", "HEAVY", "CREATE", "JOIN")
              for part in ("RATE", "BURST")}
    stats = folder / f"{name}.json"
    data_dir = folder / f"{name}-data"
    data_dir.mkdir()
    env = {**os.environ, **limits, "PARLOR_WS_PER_ADDRESS": "1000000", "PARLOR_ABANDON_AFTER": "86400",
           "PYTHONPATH": os.pathsep.join([str(tree / "src"), os.environ.get("PYTHONPATH", "")]),
           "PARLOR_BENCH_TREE": str(tree), STATS_ENV: str(stats)}
    if profile is not None:
        env[PROFILE_ENV] = str(profile)
    proc = subprocess.Popen([sys.executable, __file__, "--serve", "--host", "127.0.0.1", "--port", str(port),
                             "--data-dir", str(data_dir)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        wait_until_up(f"http://127.0.0.1:{port}/api/health", proc, f"parlor from {tree}")
        yield port, proc.pid, stats
    finally:
        stop(proc)


def snapshot(pid: int, stats: Path) -> dict[str, Any]:
    """The served process's stage times now, and its whole CPU (children included)."""
    from server_compare import cpu_seconds

    before = stats.stat().st_mtime_ns if stats.exists() else 0
    os.kill(pid, signal.SIGUSR1)
    deadline = time.monotonic() + 10
    while not stats.exists() or stats.stat().st_mtime_ns == before:
        if time.monotonic() > deadline:
            raise RuntimeError("the server did not write its stage times")
        time.sleep(0.01)
    data: dict[str, Any] = json.loads(stats.read_text())
    data["children_ns"] = int(cpu_seconds(pid) * 1e9) - own_cpu_ns(pid)
    return data


async def play_seat(url: str, token: str, rng: random.Random, budget: list[int]) -> None:
    """Play one seat with random legal moves until its game ends or `budget[0]` moves are spent."""
    import orjson
    import websockets

    async with websockets.connect(url) as ws:  # per-message deflate offered, as browsers do
        # as the browser says hello: a large view may come as a delta of the last one
        await ws.send(orjson.dumps({"token": token, "deltas": True}).decode())
        sent = -1
        async for text in ws:
            message = orjson.loads(text)
            if message["type"] == "error" and message["code"] == "stale_index":
                budget[0] += 1  # both seats could act; the other's move came first
                continue
            if message["type"] == "error":
                raise RuntimeError(f"refused: {message}")
            if message["type"] != "state":
                continue  # the recent chat lines
            if message["status"] == "finished" or budget[0] <= 0:
                return
            if message["legal"] and message["index"] != sent:
                sent = message["index"]
                budget[0] -= 1
                await ws.send(orjson.dumps({"move": rng.choice(message["legal"])["move"],
                                            "index": message["index"]}).decode())


async def play_table(port: int, game: str, rng: random.Random, budget: list[int]) -> None:
    """Open tables of `game` (two open seats, both joined) and play them until `budget[0]` moves are
    spent."""
    import httpx

    from server_compare import post  # tries again when a kept-alive connection was dropped

    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
        while budget[0] > 0:
            spec = {"game": game, "players": 2, "seats": [{"kind": "open"}] * 2,
                    "options": OPTIONS.get(game, {})}
            table = await post(http, "/api/tables", spec)
            tokens = [(await post(http, f"/api/tables/{table['id']}/seats/{seat}/join",
                                  {"name": f"bench {seat + 1}"}))["token"] for seat in (0, 1)]
            url = f"ws://127.0.0.1:{port}/ws/tables/{table['id']}"
            await asyncio.gather(*(play_seat(url, token, rng, budget) for token in tokens))


def own_cpu_ns(pid: int) -> int:
    """The process's own CPU time, without its children's (Linux /proc, in clock ticks)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return int((int(fields[11]) + int(fields[12])) * 1e9 / os.sysconf("SC_CLK_TCK"))


def measure_round(port: int, pid: int, stats: Path, game: str, moves: int, tables: int, seed: int
                  ) -> dict[str, Any]:
    """One round of `moves` moves of `game` on `tables` tables: CPU per move by stage, in µs."""
    first = snapshot(pid, stats)
    budget = [moves]

    async def run() -> None:
        await asyncio.gather(*(play_table(port, game, random.Random(seed * 1000 + i), budget)
                               for i in range(tables)))

    asyncio.run(run())
    played = moves - budget[0]
    time.sleep(0.2)  # the last answers and closes are written
    last = snapshot(pid, stats)
    per_move = {name: (last["stages"].get(name, 0) - first["stages"].get(name, 0)) / played / 1000
                for name in set(last["stages"]) | set(first["stages"])}
    loop = (last["loop_ns"] - first["loop_ns"]) / played / 1000
    process = (last["process_ns"] - first["process_ns"]) / played / 1000
    children = (last["children_ns"] - first["children_ns"]) / played / 1000
    per_move["loop, other"] = loop - sum(per_move.values())
    off_loop = {name: (last["off_loop"].get(name, 0) - first["off_loop"].get(name, 0)) / played / 1000
                for name in set(last["off_loop"]) | set(first["off_loop"])}
    writes = last["calls"].get("db: append_moves", 0) - first["calls"].get("db: append_moves", 0)
    return {"total": process + children, "loop": loop, "stages": per_move, "moves": played,
            "moves_per_write": played / writes if writes else float("nan"),
            "threads": process - loop, "children": children, "off_loop": off_loop}


def medians(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    names = sorted({name for r in rounds for name in r["stages"]})
    return {"total": statistics.median(r["total"] for r in rounds),
            "loop": statistics.median(r["loop"] for r in rounds),
            "moves_per_write": statistics.median(r["moves_per_write"] for r in rounds),
            "threads": statistics.median(r["threads"] for r in rounds),
            "children": statistics.median(r["children"] for r in rounds),
            "off_loop": {name: statistics.median(r["off_loop"].get(name, 0.0) for r in rounds)
                         for name in sorted({n for r in rounds for n in r["off_loop"]})},
            "stages": {name: statistics.median(r["stages"].get(name, 0.0) for r in rounds) for name in names},
            "rounds": len(rounds)}


def main(argv: list[str] | None = None) -> None:
    arguments = argv if argv is not None else sys.argv[1:]
    if arguments[:1] == ["--serve"]:
        serve(arguments[1:])
        return
    sys.path.insert(0, str(ROOT / "bench"))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", nargs="+", default=GAMES)
    parser.add_argument("--moves", type=int, default=600, help="moves per round and game")
    parser.add_argument("--tables", type=int, default=1, help="tables played at once")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--compare", type=Path, help="another tree's root, measured alternately as 'before'")
    parser.add_argument("--profile", type=Path, help="write a cProfile of this tree's server (one round)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(arguments)
    trees = {**({"before": args.compare.resolve()} if args.compare else {}), "after": ROOT}
    load_before = os.getloadavg()
    results: dict[str, dict[str, list[dict[str, Any]]]] = {
        name: {game: [] for game in args.games} for name in trees}
    with tempfile.TemporaryDirectory(prefix="parlor-move-cpu-") as folder, ExitStack() as stack:
        if args.profile is not None:
            profile = args.profile.resolve()
            port, pid, _ = stack.enter_context(server(ROOT, Path(folder), "profile", profile))
            for game in args.games:
                asyncio.run(play_table(port, game, random.Random(0), [WARM_UP]))
            os.kill(pid, signal.SIGUSR2)
            for game in args.games:
                budget = [args.moves]

                async def tables(game: str = game, budget: list[int] = budget) -> None:
                    await asyncio.gather(*(play_table(port, game, random.Random(i), budget)
                                           for i in range(args.tables)))

                asyncio.run(tables())
            os.kill(pid, signal.SIGUSR1)
            time.sleep(2)
            return
        servers = {name: stack.enter_context(server(tree, Path(folder), name))
                   for name, tree in trees.items()}
        for port, _, _ in servers.values():  # the worker processes start, the first setups run there
            for game in args.games:
                asyncio.run(play_table(port, game, random.Random(0), [WARM_UP]))
        for round_number in range(args.rounds):
            order = list(trees) if round_number % 2 == 0 else list(reversed(trees))
            for game in args.games:
                for name in order:
                    port, pid, stats = servers[name]
                    figures = measure_round(port, pid, stats, game, args.moves, args.tables, round_number + 1)
                    results[name][game].append(figures)
                    if not args.json:
                        print(f"  round {round_number + 1} {game:<12} {name:<7} {figures['total']:8.0f} "
                              f"µs/move (loop {figures['loop']:.0f})", file=sys.stderr)
    report = {"load_before": load_before, "load_after": os.getloadavg(), "moves": args.moves,
              "tables": args.tables, "rounds": args.rounds,
              "trees": {name: {game: medians(rounds) for game, rounds in by_game.items()}
                        for name, by_game in results.items()}}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print_report(report, list(trees), args.games)


def print_report(report: dict[str, Any], trees: list[str], games: list[str]) -> None:
    print(f"server CPU per move in µs, medians of {report['rounds']} rounds of {report['moves']} moves on "
          f"{report['tables']} table(s); load average {report['load_before'][0]:.1f} before, "
          f"{report['load_after'][0]:.1f} after")
    for game in games:
        columns = [report["trees"][name][game] for name in trees]
        names = sorted({n for c in columns for n in c["stages"]},
                       key=lambda n: -columns[-1]["stages"].get(n, 0))
        print(f"\n{game:<40}" + "".join(f"{name:>10}" for name in trees))
        print(f"{'total':<40}" + "".join(f"{c['total']:10.0f}" for c in columns))
        print(f"{'  event loop thread':<40}" + "".join(f"{c['loop']:10.0f}" for c in columns))
        for name in names:
            print(f"{'    ' + name:<40}" + "".join(f"{c['stages'].get(name, 0.0):10.1f}" for c in columns))
        print(f"{'  database and other threads':<40}" + "".join(f"{c['threads']:10.0f}" for c in columns))
        for name in sorted({n for c in columns for n in c["off_loop"]}):
            print(f"{'    ' + name:<40}" + "".join(f"{c['off_loop'].get(name, 0.0):10.1f}" for c in columns))
        print(f"{'  worker processes':<40}" + "".join(f"{c['children']:10.0f}" for c in columns))
        print(f"{'moves per database write':<40}" + "".join(f"{c['moves_per_write']:10.1f}" for c in columns))


if __name__ == "__main__":
    main()
