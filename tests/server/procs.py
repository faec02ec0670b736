"""Real server processes, throwaway PostgreSQL and Redis, and a WebSocket player, for the tests.

Everything listens on 127.0.0.1 only, in temporary directories (see ENVIRONMENT.md section 5).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import websockets

from . import zygote

LAUNCH = Path(__file__).with_name("launch.py")
# Tests play fast from one address: every limit is high unless a test sets its own.
FAST = {"PARLOR_BOT_DELAY": "0", "PARLOR_TICK_SECONDS": "0.1",
        **{f"PARLOR_{kind}_{part}": "5000" for kind in ("WS", "HTTP", "READ", "HEAVY", "CREATE", "JOIN")
           for part in ("RATE", "BURST")}, "PARLOR_WS_PER_ADDRESS": "1000"}
PG = "/usr/lib/postgresql/15/bin"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# How long a server may take to answer after it is started: about 2 s on a quiet machine, but 15-20 s at
# a load average of 10 on two cores (importing FastAPI, SQLAlchemy and Alembic alone took 4 s), and a
# browser test whose session server fails to start fails every test of its worker.
STARTUP_SECONDS = 90.0


class ServerProcess:
    """`parlor serve` (the `script` that launches it) in another process on a free loopback port,
    its environment `settings` (`FAST`) with `env` over them; `kill()` is SIGKILL. `forked`: the
    process is forked from one that imported the server once (zygote.py), else a new interpreter."""

    def __init__(self, workdir: Path, args: list[str], env: dict[str, str] | None = None,
                 port: int | None = None, script: Path = LAUNCH, settings: dict[str, str] = FAST,
                 forked: bool = True) -> None:
        self.workdir = workdir
        self.args = args
        self.script = script
        self.port = port or free_port()
        self.env = {**os.environ, **settings, **(env or {})}
        self.forked = forked
        self.proc: subprocess.Popen[bytes] | zygote.Forked | None = None
        self.log = workdir / f"server-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = STARTUP_SECONDS) -> ServerProcess:
        return self.launch().ready(timeout)

    def launch(self) -> ServerProcess:
        if self.forked:
            arguments = ["--host", "127.0.0.1", "--port", str(self.port), *self.args]
            self.proc = zygote.launch(self.script, arguments, self.env, self.workdir, self.log)
            return self
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, str(self.script), "--host", "127.0.0.1", "--port", str(self.port),
                 *self.args],
                env=self.env, stdout=out, stderr=subprocess.STDOUT, cwd=self.workdir)
        return self

    def ready(self, timeout: float = STARTUP_SECONDS) -> ServerProcess:
        """Wait until the server answers on /api/health."""
        assert self.proc is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}:\n{self.log.read_text()}")
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1.0).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"server did not start in {timeout} s:\n{self.log.read_text()}")

    def workers_ready(self, count: int, timeout: float = STARTUP_SECONDS) -> ServerProcess:
        """Wait until each of a `--workers` server's `count` workers has answered /api/health. The
        parent hands requests without a table to the workers in turn, so a worker still starting
        holds its request while the next goes to another; until every one answers, a table's first
        request can wait on a worker's start (over a client's 10 s on this machine at load 8)."""
        deadline = time.monotonic() + timeout
        seen: set[str] = set()
        while time.monotonic() < deadline:
            try:
                seen.add(httpx.get(f"{self.url}/api/health", timeout=1.0).json()["instance"])
            except (httpx.HTTPError, ValueError, KeyError):  # not up yet, or an answer without one
                time.sleep(0.05)
            if len(seen) >= count:
                return self
        raise RuntimeError(f"{len(seen)} of {count} workers answered in {timeout} s:\n{self.log.read_text()}")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=10.0)


def as_pg(*cmd: str) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else list(cmd)


def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL 15 on a free loopback port; yields its URL."""
    import psycopg

    d = tempfile.mkdtemp(prefix="parlor-pg-")
    if os.geteuid() == 0:
        shutil.chown(d, "postgres", "postgres")
    port, data = free_port(), f"{d}/data"

    def run(*cmd: str) -> None:
        subprocess.run(as_pg(*cmd), cwd=d, check=True, capture_output=True)

    try:
        run(f"{PG}/initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        run(f"{PG}/pg_ctl", "-D", data, "-l", f"{d}/log", "-w", "start", "-o",
            f"-c listen_addresses=127.0.0.1 -p {port} -k {d} -c fsync=off -c full_page_writes=off")
        with psycopg.connect(f"postgresql://postgres@127.0.0.1:{port}/postgres", autocommit=True) as c:
            c.execute("CREATE DATABASE parlor_test")
        yield f"postgresql://postgres@127.0.0.1:{port}/parlor_test"
    finally:
        subprocess.run(as_pg(f"{PG}/pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"), cwd=d,
                       capture_output=True)
        shutil.rmtree(d, ignore_errors=True)


def redis_server() -> Iterator[str]:
    """A throwaway Redis on a free loopback port, no persistence; yields its URL."""
    import redis

    d, port = tempfile.mkdtemp(prefix="parlor-redis-"), free_port()
    proc = subprocess.Popen(["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "",
                             "--appendonly", "no", "--dir", d], stdout=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                redis.Redis(port=port).ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)
        shutil.rmtree(d, ignore_errors=True)


def new_table(http: httpx.Client, game: str, players: int, seats: list[str], **extra: Any
              ) -> tuple[str, dict[int, str]]:
    """Create a table (`seats`: "open" or a bot level) and join every open seat; (id, tokens)."""
    spec = [{"kind": "open"} if s == "open" else {"kind": "bot", "level": s} for s in seats]
    r = http.post("/api/tables", json={"game": game, "players": players, "seats": spec, **extra})
    assert r.status_code == 201, r.text
    table_id = r.json()["id"]
    tokens = {}
    for seat, kind in enumerate(seats):
        if kind == "open":
            j = http.post(f"/api/tables/{table_id}/seats/{seat}/join", json={"name": f"P{seat}"})
            assert j.status_code == 200, j.text
            tokens[seat] = j.json()["token"]
    return table_id, tokens


async def play_seat(ws_url: str, table_id: str, token: str | None, rng: random.Random,
                    stop_at: int | None = None, timeout: float = 60.0) -> dict[str, Any]:
    """Play random legal moves for a seat over WebSocket until the game ends (or `stop_at`
    moves are made); returns the last state message. Any error but stale_index fails."""
    async with websockets.connect(f"{ws_url}/ws/tables/{table_id}", open_timeout=10) as ws:
        await ws.send(json.dumps({"token": token}))
        sent_for: tuple[int, int] | None = None
        async with asyncio.timeout(timeout):
            async for text in ws:
                m = json.loads(text)
                if m["type"] == "error":
                    assert m["code"] == "stale_index", m
                    continue
                if m["type"] != "state":
                    continue
                if m["status"] == "finished" or (stop_at is not None and m["index"] >= stop_at):
                    return dict(m)
                if m["legal"] and (m["index"], m["epoch"]) != sent_for:
                    choice = rng.choice(m["legal"])["move"]
                    await ws.send(json.dumps({"move": choice, "index": m["index"]}))
                    sent_for = (m["index"], m["epoch"])
    raise AssertionError("the connection closed before the game ended")


async def views_of(server: ServerProcess, table_id: str, tokens: dict[int, str]) -> dict[int, Any]:
    """Each seat's first state on a new socket: (index, view, legal moves, log)."""
    out = {}
    for seat, token in tokens.items():
        async with websockets.connect(f"{server.ws_url}/ws/tables/{table_id}") as ws:
            await ws.send(json.dumps({"token": token}))
            m = json.loads(await ws.recv())
            out[seat] = (m["index"], m["view"], m["legal"], m["log"])
    return out


async def next_state(ws: Any, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The next state on `ws` for which `done` holds (10 s at most)."""
    async with asyncio.timeout(10):
        while True:
            m = json.loads(await ws.recv())
            if m["type"] == "state" and done(m):
                return dict(m)
