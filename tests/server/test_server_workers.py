"""`parlor serve --workers 2` on one host (real processes, SQLite, no Redis): the parent hands each
connection to the worker that owns the table it names (dispatch.py), every HTTP answer closes its
connection so that each request is routed, and so each table lives in one worker; the handshake's
and the answers' x-parlor-instance header says which worker took a socket or a request."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from parlor.core import GameRecord, get_game, replay
from parlor.server.request_line import owner

from .procs import ServerProcess, new_table, next_state, play_seat, views_of

pytestmark = pytest.mark.timeout(180)
Servers = Callable[..., ServerProcess]


def two_workers(servers: Servers, tmp_path: Path, redis_url: str | None = None) -> ServerProcess:
    return servers(["--data-dir", str(tmp_path), "--workers", "2",
                    *(["--redis", redis_url] if redis_url else [])]).workers_ready(2)


def tables_of_each_worker(server: ServerProcess, each: int, seats: tuple[str, ...] = ("open", "open")
                          ) -> dict[int, list[tuple[str, dict[int, str]]]]:
    """`each` two-seat tables owned by each of the two workers. A worker makes only tables it owns;
    `POST /api/tables` names no table, so the parent hands it to the workers in turn."""
    owned: dict[int, list[tuple[str, dict[int, str]]]] = {0: [], 1: []}
    for _ in range(40):
        with server.client() as http:
            table_id, tokens = new_table(http, "sealed_bids", 2, list(seats))
        if len(owned[owner(table_id, 2)]) < each:
            owned[owner(table_id, 2)].append((table_id, tokens))
        if min(len(t) for t in owned.values()) == each:
            return owned
    raise AssertionError(f"new connections did not reach both workers: {owned}")


async def instance_of(server: ServerProcess, table_id: str, token: str | None) -> str:
    async with websockets.connect(f"{server.ws_url}/ws/tables/{table_id}") as ws:
        await ws.send(json.dumps({"token": token}))
        assert json.loads(await ws.recv())["type"] == "state"
        return worker_of(ws)


def worker_of(ws: Any) -> str:
    """The instance id of the worker that took `ws` (its handshake's answer says)."""
    assert ws.response is not None
    return str(ws.response.headers["x-parlor-instance"])


async def play_to_the_end(server: ServerProcess, table_id: str, tokens: dict[int, str], seed: int,
                          stop_at: int | None = None) -> list[dict[str, Any]]:
    return list(await asyncio.gather(*(
        play_seat(server.ws_url, table_id, token, random.Random(seed * 10 + seat), stop_at)
        for seat, token in tokens.items())))


def workers_of(server: ServerProcess) -> list[int]:
    assert server.proc is not None
    pid = server.proc.pid
    return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


@pytest.mark.parametrize("fanout", [False, True], ids=["one host", "with redis"])
async def test_a_tables_sockets_meet_in_its_worker_and_its_game_ends(
        servers: Servers, tmp_path: Path, request: pytest.FixtureRequest, fanout: bool) -> None:
    server = two_workers(servers, tmp_path, request.getfixturevalue("redis_url") if fanout else None)
    owned = tables_of_each_worker(server, 2)
    with server.client() as http:
        instances: dict[int, set[str]] = {0: set(), 1: set()}
        for worker, tables in owned.items():
            for table_id, tokens in tables:
                for token in (tokens[0], tokens[1], None):  # both seats and a spectator
                    instances[worker].add(await instance_of(server, table_id, token))
        assert len(instances[0]) == len(instances[1]) == 1 and instances[0] != instances[1]
        everything = [t for tables in owned.values() for t in tables]
        finals = await asyncio.gather(*(play_to_the_end(server, table_id, tokens, seed=i)
                                        for i, (table_id, tokens) in enumerate(everything)))
        for (table_id, _), (first, second) in zip(everything, finals, strict=True):
            assert first["status"] == second["status"] == "finished" and first["result"] == second["result"]
            body = http.get(f"/api/tables/{table_id}/record").json()
            state, _ = replay(get_game("sealed_bids"), GameRecord.from_json(body["record"]))
            assert state.is_over() and state.result().to_json() == body["result"] == first["result"]


async def test_a_kept_alive_clients_next_request_reaches_the_owner_of_its_table(
        servers: Servers, tmp_path: Path) -> None:
    """A client keeping its connection alive, whose first request went to one worker and whose next
    names a table of the other: every answer closes its connection, so the next request comes on a
    new one, which the parent hands to that table's owner; an undo asked that way resets the owner's
    socket with no Redis between the workers."""
    server = two_workers(servers, tmp_path)
    owned = tables_of_each_worker(server, 1)
    (table_id, tokens), (elsewhere, _) = owned[0][0], owned[1][0]
    async with websockets.connect(f"{server.ws_url}/ws/tables/{table_id}") as mover:
        await mover.send(json.dumps({"token": tokens[0]}))
        first = json.loads(await mover.recv())
        await mover.send(json.dumps({"move": first["legal"][0]["move"], "index": 0}))
        await next_state(mover, lambda m: m["index"] == 1)
        with httpx.Client(base_url=server.url, limits=httpx.Limits(max_connections=1)) as keep_alive:
            answers = [keep_alive.get(f"/api/tables/{table_id}"), keep_alive.get(f"/api/tables/{elsewhere}"),
                       keep_alive.post(f"/api/tables/{table_id}/undo",
                                       headers={"Authorization": f"Bearer {tokens[0]}"})]
        assert all(a.status_code == 200 and a.headers["connection"] == "close" for a in answers)
        instances = [a.headers["x-parlor-instance"] for a in answers]
        assert instances[0] == instances[2] == worker_of(mover) != instances[1]
        m = await next_state(mover, lambda m: m["epoch"] == 1)
        assert m["index"] == 0 and m["reset"] and m["legal"] == first["legal"]


def stored_moves(data_dir: Path, table_id: str) -> list[tuple[int, str]]:
    with sqlite3.connect(data_dir / "parlor.db") as db:
        rows = db.execute("select idx, move from moves where table_id = ? order by idx", (table_id,))
        return rows.fetchall()


async def test_killed_workers_are_started_again_and_their_tables_go_on_with_no_move_lost(
        servers: Servers, tmp_path: Path) -> None:
    server = two_workers(servers, tmp_path)
    tables = [t for ts in tables_of_each_worker(server, 1).values() for t in ts]
    await asyncio.gather(*(play_to_the_end(server, table_id, tokens, seed=i, stop_at=4)
                           for i, (table_id, tokens) in enumerate(tables)))
    before = {table_id: await views_of(server, table_id, tokens) for table_id, tokens in tables}
    stored = {table_id: stored_moves(tmp_path, table_id) for table_id, _ in tables}
    assert all(len(moves) >= 4 for moves in stored.values())
    killed = workers_of(server)
    assert len(killed) == 2
    for pid in killed:
        os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 60
    while not (set(workers_of(server)) - set(killed)) or len(workers_of(server)) < 2:
        assert time.monotonic() < deadline, "the workers were not started again"
        await asyncio.sleep(0.1)
    server.workers_ready(2)
    for table_id, tokens in tables:
        assert await views_of(server, table_id, tokens) == before[table_id], table_id
    finals = await asyncio.gather(*(play_to_the_end(server, table_id, tokens, seed=20 + i)
                                    for i, (table_id, tokens) in enumerate(tables)))
    assert all(f["status"] == "finished" for pair in finals for f in pair)
    for table_id, moves in stored.items():
        after = stored_moves(tmp_path, table_id)
        assert after[:len(moves)] == moves and len(after) > len(moves)


async def test_silent_dripping_and_garbled_clients_do_not_stop_the_others(servers: Servers,
                                                                          tmp_path: Path) -> None:
    server = two_workers(servers, tmp_path)
    hostile = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(300)]  # silent
    for drip in hostile[:20]:
        drip.sendall(b"GET /ws/ta")  # a request line that never ends
    garbled = socket.create_connection(("127.0.0.1", server.port))
    garbled.sendall(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n")
    huge = socket.create_connection(("127.0.0.1", server.port))
    huge.sendall(b"GET /" + b"a" * 100_000)  # the parent gives up reading; the worker's parser waits on
    try:
        with server.client() as http:
            table_id, tokens = new_table(http, "sealed_bids", 2, ["open", "open"])
            finals = await play_to_the_end(server, table_id, tokens, seed=3)
            assert all(f["status"] == "finished" for f in finals)
            garbled.settimeout(10)  # answered by a worker's parser, not held by the parent
            assert garbled.recv(100).startswith(b"HTTP/1.1 400")
        assert server.proc is not None and server.proc.poll() is None
    finally:
        for sock in (*hostile, garbled, huge):
            sock.close()
