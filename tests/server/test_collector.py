"""The garbage collector under `parlor serve` (server/collector.py): opening, playing and closing a
game leaves no reference cycle of the server's for the collector's full passes, which stop the event
loop for every object the process holds; and the server freezes what it holds once started."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.sync.client import connect

from parlor.server.app import _uvicorn_config
from parlor.server.collector import THRESHOLDS
from parlor.server.settings import Settings

from .conftest import TEST_SETTINGS
from .procs import free_port, new_table

# the server's side of a connection: a cycle of any of these is garbage that `parlor serve` made
SERVER_MODULES = ("parlor.", "uvicorn.", "httptools.", "starlette.", "fastapi.", "sqlalchemy.", "uvloop.")


class InProcessServer:
    """`parlor serve`'s uvicorn configuration on a thread of this process, whose garbage the test sees
    (with the collector left as it is: a frozen test process would never free its tests' objects)."""

    def __init__(self, tmp_path: Path) -> None:
        self.port = free_port()
        settings = Settings(data_dir=tmp_path, **TEST_SETTINGS)
        config = _uvicorn_config(settings, "127.0.0.1", self.port, "warning", settle_collector=False)
        self.app = config.app
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> InProcessServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "the server did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(15)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def table(self, table_id: str) -> Any:
        return self.app.state.hub.tables[table_id]


def state_until(ws: Any, done: Any) -> dict[str, Any]:
    """Read a socket's messages until one satisfies `done`."""
    while True:
        message = json.loads(ws.recv(timeout=10))
        if done(message):
            return dict(message)


@pytest.fixture
def in_process(tmp_path: Path) -> Iterator[InProcessServer]:
    with InProcessServer(tmp_path) as server:
        yield server


def server_garbage() -> list[str]:
    """The types of the server's objects that only the collector could free (collected now)."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        found = [f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.garbage]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    return sorted({name for name in found if name.startswith(SERVER_MODULES)})


def test_a_game_opened_played_and_closed_leaves_no_reference_cycle(in_process: InProcessServer) -> None:
    """A create, two joins, two sockets (their HTTP upgrade included), a move and the sockets closing:
    everything the server made for them is freed by reference counting. uvicorn's HTTP protocol and
    its parser held each other after an upgrade (two per game), 90% of the cyclic garbage at 50 tables."""
    with httpx.Client(base_url=in_process.url, timeout=10) as http:
        gc.collect()
        table_id, tokens = new_table(http, "sealed_bids", 2, ["open", "open"])
        table = in_process.table(table_id)
        with ExitStack() as stack:
            sockets = [stack.enter_context(connect(f"ws://127.0.0.1:{in_process.port}/ws/tables/{table_id}"))
                       for _ in tokens]
            for seat, ws in enumerate(sockets):
                ws.send(json.dumps({"token": tokens[seat]}))
            first = [state_until(ws, lambda m: m["type"] == "state") for ws in sockets]
            sockets[0].send(json.dumps({"move": first[0]["legal"][0]["move"], "index": first[0]["index"]}))
            moved = state_until(sockets[0], lambda m: m["type"] == "error"
                                or (m["type"] == "state" and m["index"] == first[0]["index"] + 1))
            assert moved["type"] == "state"
        deadline = time.monotonic() + 10
        while table.conns and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not table.conns
        time.sleep(0.2)  # the sockets' protocols see their connections lost
        assert server_garbage() == []


def test_serve_freezes_what_it_holds_once_started_and_collects_less_often(tmp_path: Path) -> None:
    """In a process of its own (a frozen test process would keep every test's objects)."""
    script = f"""
import gc, json
from fastapi.testclient import TestClient
from parlor.server.app import _uvicorn_config
from parlor.server.settings import Settings
config = _uvicorn_config(Settings(data_dir={str(tmp_path)!r}), "127.0.0.1", 0, "warning")
before = gc.get_freeze_count()
with TestClient(config.app) as client:
    assert client.get("/api/health").status_code == 200
    print(json.dumps([before, gc.get_freeze_count(), gc.get_threshold()]))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                         check=True)
    before, frozen, thresholds = json.loads(out.stdout.strip().splitlines()[-1])
    assert before == 0
    assert frozen > 10_000  # the modules, classes and routers
    assert tuple(thresholds) == THRESHOLDS
