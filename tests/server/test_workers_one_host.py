"""`parlor serve --workers 2` without Redis: each table lives in the one worker that owns it, so what
a table's players and watchers do (joins, sockets, reconnects, undo, bots) happens there with
nothing to cross between the workers; a worker never holds another's table, even when a request
for it reaches it (the in-process tests, two apps on one SQLite file as two workers)."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import websockets
from fastapi.testclient import TestClient

from parlor.core import GameRecord, get_game, replay
from parlor.server.request_line import owner
from parlor.server.upkeep import expire_open_tables

from .conftest import hello, state_until
from .procs import ServerProcess, next_state, play_seat
from .test_server_workers import Servers, tables_of_each_worker, two_workers, worker_of

pytestmark = pytest.mark.timeout(180)
MakeClient = Callable[..., TestClient]


def worker(make_client: MakeClient, index: int) -> TestClient:
    """An app as worker `index` of two on one host without Redis (the test's SQLite file)."""
    return make_client(worker_count=2, worker_index=index)


def running_table(http: TestClient) -> tuple[str, dict[int, str]]:
    table_id = http.post("/api/tables", json={"game": "sealed_bids", "players": 2,
                                              "seats": [{"kind": "open"}, {"kind": "open"}]}).json()["id"]
    tokens = {seat: http.post(f"/api/tables/{table_id}/seats/{seat}/join", json={"name": f"P{seat}"}
                              ).json()["token"] for seat in (0, 1)}
    return table_id, tokens


def test_a_worker_makes_only_its_tables_and_refuses_to_hold_the_others(make_client: MakeClient) -> None:
    second = worker(make_client, 1)
    table_id, tokens = running_table(second)
    assert owner(table_id, 2) == 1
    answer = second.get(f"/api/tables/{table_id}")
    assert answer.status_code == 200 and answer.headers["connection"] == "close"
    first = worker(make_client, 0)
    seat = {"Authorization": f"Bearer {tokens[0]}"}
    for refused in (first.get(f"/api/tables/{table_id}"),
                    first.post(f"/api/tables/{table_id}/undo", headers=seat)):
        assert refused.status_code == 421 and refused.json()["code"] == "misdirected"
    with first.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert ws.receive_json()["code"] == "misdirected"
    assert table_id not in first.app.state.hub.tables  # type: ignore[attr-defined]


def test_a_worker_replays_on_start_only_the_running_tables_it_owns(make_client: MakeClient) -> None:
    tables = {index: running_table(worker(make_client, index))[0] for index in (0, 1)}
    for index in (0, 1):
        restarted = worker(make_client, index)
        hub = restarted.app.state.hub  # type: ignore[attr-defined]
        assert restarted.portal is not None
        restarted.portal.call(hub.sync.recover)
        assert set(hub.tables) == {tables[index]}, index


def test_alone_a_worker_holds_any_table(make_client: MakeClient) -> None:
    """One process (or any with Redis) serves every table, as before."""
    table_id, tokens = running_table(worker(make_client, 1))
    alone = make_client()
    assert alone.get(f"/api/tables/{table_id}").status_code == 200
    with alone.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert hello(ws, tokens[0])["seat"] == 0


async def watch(server: ServerProcess, table_id: str, token: str | None, **hello: Any) -> Any:
    ws = await websockets.connect(f"{server.ws_url}/ws/tables/{table_id}")
    await ws.send(json.dumps({"token": token, **hello}))
    return ws


async def test_joins_spectators_reconnects_and_undo_meet_in_the_owner(servers: Servers,
                                                                       tmp_path: Any) -> None:
    server = two_workers(servers, tmp_path)
    for worker_index in (0, 1):
        with server.client() as http:
            table_id = ""
            while not table_id or owner(table_id, 2) != worker_index:
                made = http.post("/api/tables", json={"game": "sealed_bids", "players": 2,
                                                      "seats": [{"kind": "open"}, {"kind": "open"}]})
                table_id = made.json()["id"]
            spectator = await watch(server, table_id, None)
            await next_state(spectator, lambda m: True)
            tokens = {}
            for seat in (0, 1):  # each join on its own connection, routed to the owner, heard by the watcher
                joined = http.post(f"/api/tables/{table_id}/seats/{seat}/join", json={"name": f"P{seat}"})
                tokens[seat] = joined.json()["token"]
                await next_state(spectator, lambda m, s=seat: m["seats"][s]["name"] == f"P{s}")
            player = await watch(server, table_id, tokens[0])
            first = await next_state(player, lambda m: m["status"] == "running")
            await player.send(json.dumps({"move": first["legal"][0]["move"], "index": 0}))
            await next_state(spectator, lambda m: m["index"] == 1)
            await player.close()
            again = await watch(server, table_id, tokens[0], since=1, epoch=0)  # resumes where it left off
            resumed = await next_state(again, lambda m: True)
            assert [resumed[k] for k in ("index", "epoch", "log_from", "reset")] == [1, 0, 1, False]
            undone = http.post(f"/api/tables/{table_id}/undo",
                               headers={"Authorization": f"Bearer {tokens[0]}"})
            assert undone.status_code == 200 and undone.json()["epoch"] == 1
            for ws in (spectator, again):
                reset = await next_state(ws, lambda m: m["epoch"] == 1)
                assert reset["index"] == 0 and reset["reset"]
            assert len({worker_of(ws) for ws in (spectator, player, again)}) == 1
            assert worker_of(spectator) == undone.headers["x-parlor-instance"]
            for ws in (spectator, again):
                await ws.close()


async def test_bots_play_in_the_owner_without_redis(servers: Servers, tmp_path: Any) -> None:
    """A bot seat and an all-bot table of each worker: its owner alone thinks for them (no claim to
    share), and each game ends with one move per index."""
    server = two_workers(servers, tmp_path)
    with_player = tables_of_each_worker(server, 1, seats=("open", "random"))
    all_bots = tables_of_each_worker(server, 1, seats=("random", "random"))
    finals = await asyncio.gather(*(play_seat(server.ws_url, table_id, tokens[0], random.Random(i))
                                    for i, (table_id, tokens) in enumerate(t for ts in with_player.values()
                                                                            for t in ts)))
    assert all(f["status"] == "finished" for f in finals)
    for table_id, _ in (t for ts in all_bots.values() for t in ts):
        spectator = await watch(server, table_id, None)
        end = await next_state_within(spectator, lambda m: m["status"] == "finished", 60)
        await spectator.close()
        with server.client() as http:
            record = http.get(f"/api/tables/{table_id}/record").json()
        state, _ = replay(get_game("sealed_bids"), GameRecord.from_json(record["record"]))
        assert state.is_over() and state.result().to_json() == record["result"] == end["result"]


async def next_state_within(ws: Any, done: Callable[[dict[str, Any]], bool],
                            seconds: float) -> dict[str, Any]:
    async with asyncio.timeout(seconds):
        while True:
            m = json.loads(await ws.recv())
            if m["type"] == "state" and done(m):
                return dict(m)


def test_each_worker_expires_only_its_own_open_tables(make_client: MakeClient, tmp_path: Path) -> None:
    """An open table nobody joined is deleted by its owner, which holds its watchers and tells them,
    never by the other worker's ticker."""
    second = worker(make_client, 1)
    table_id = second.post("/api/tables", json={"game": "sealed_bids", "players": 2,
                                                "seats": [{"kind": "open"}, {"kind": "open"}]}).json()["id"]
    first = worker(make_client, 0)
    with second.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello(watcher, None)
        for client, gone in ((first, False), (second, True)):
            hub = client.app.state.hub  # type: ignore[attr-defined]
            assert client.portal is not None
            client.portal.call(expire_open_tables, hub, time.time() + 2 * hub.settings.open_table_ttl)
            with sqlite3.connect(tmp_path / "parlor.db") as db:
                stored = db.execute("select count(*) from tables where id = ?", (table_id,)).fetchone()[0]
            assert stored == (0 if gone else 1)
        assert state_until(watcher, lambda m: m["type"] == "error")["code"] == "not_found"
