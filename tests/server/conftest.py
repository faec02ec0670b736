"""Fixtures for the server tests: an in-process app on its own SQLite file, real server processes,
throwaway PostgreSQL and Redis (loopback only, temporary directories)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlor.server import Settings, create_app

from . import procs

# Tests create many tables from one address, quickly: the limits are tested on their own.
TEST_SETTINGS: dict[str, Any] = {
    "bot_delay": 0.0, "tick_seconds": 0.05, "bot_seconds": 0.5, "min_clock": 0.1,
    "create_burst": 10_000, "join_burst": 10_000, "read_burst": 10_000, "heavy_burst": 10_000,
}


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path, **TEST_SETTINGS)


@pytest.fixture
def make_client(tmp_path: Path) -> Iterator[Callable[..., TestClient]]:
    """Build `create_app(settings)` on this test's SQLite file; settings may be overridden."""
    clients: list[TestClient] = []

    def make(**changes: Any) -> TestClient:
        s = Settings(data_dir=tmp_path, **TEST_SETTINGS).replace(**changes)
        client = TestClient(create_app(s))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in reversed(clients):
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    if not Path(procs.PG, "initdb").exists():
        pytest.skip("PostgreSQL 15 is not installed: `make system-deps` installs it")
    yield from procs.postgres()


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed: `make system-deps` installs it")
    yield from procs.redis_server()


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[Callable[..., procs.ServerProcess]]:
    """Start real server processes; every one still running is stopped after the test."""
    started: list[procs.ServerProcess] = []

    def start(args: list[str] | None = None, env: dict[str, str] | None = None,
              port: int | None = None, wait: bool = True) -> procs.ServerProcess:
        server = procs.ServerProcess(tmp_path, args if args is not None else ["--data-dir", str(tmp_path)],
                                     env, port)
        started.append(server)
        server.launch()
        return server.ready() if wait else server

    yield start
    for server in started:
        server.stop()


def state_until(ws: Any, done: Callable[[dict[str, Any]], bool], limit: int = 200) -> dict[str, Any]:
    """Read messages from a TestClient socket until one satisfies `done`."""
    for _ in range(limit):
        message = ws.receive_json()
        if done(message):
            return dict(message)
    raise AssertionError("no such message")


def hello(ws: Any, token: str | None, **extra: Any) -> dict[str, Any]:
    ws.send_text(json.dumps({"token": token, **extra}))
    return state_until(ws, lambda m: m["type"] == "state")
