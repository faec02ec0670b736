"""Against real server processes (uvicorn in processes of their own, on loopback): complete games of every
registered game, SIGKILL and restart, racing clients, two processes sharing PostgreSQL and Redis."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from parlor.core import GameRecord, all_games, get_game, replay

from .procs import ServerProcess, new_table, next_state, play_seat, views_of

pytestmark = pytest.mark.timeout(120)
Servers = Callable[..., ServerProcess]


def seats_for(players: int) -> list[str]:
    """Humans and bots mixed: two humans when there are three or more seats."""
    humans = 2 if players >= 3 else 1
    return ["open"] * humans + ["easy"] * (players - humans)


async def play_table(server: ServerProcess, table_id: str, tokens: dict[int, str], seed: int,
                     stop_at: int | None = None) -> list[dict[str, Any]]:
    return list(await asyncio.gather(*(
        play_seat(server.ws_url, table_id, token, random.Random(seed * 100 + seat), stop_at)
        for seat, token in tokens.items())))


async def test_websocket_clients_play_every_registered_game_to_the_end(servers: Servers) -> None:
    server = servers()
    with server.client() as http:
        tables = []
        for game in all_games():
            players = min(game.max_players, max(game.min_players, 3))
            tables.append((game.id, *new_table(http, game.id, players, seats_for(players))))
        # all games at once: each game's clients wait on the network while others play
        results = await asyncio.gather(*(play_table(server, table_id, tokens, seed=i)
                                         for i, (_, table_id, tokens) in enumerate(tables)))
        for (game_id, table_id, _), finals in zip(tables, results, strict=True):
            assert all(f["status"] == "finished" for f in finals), game_id
            body = http.get(f"/api/tables/{table_id}/record").json()
            state, _ = replay(get_game(game_id), GameRecord.from_json(body["record"]))
            assert state.is_over() and state.result().to_json() == body["result"] == finals[0]["result"]
            assert len(body["moves"]) == finals[0]["index"]


async def test_sigkill_mid_game_then_restart_continues_every_table(servers: Servers, tmp_path: Path) -> None:
    args = ["--data-dir", str(tmp_path)]
    slow_bots = {"PARLOR_BOT_DELAY": "0.05"}  # the all-bot table is still running when killed
    server = servers(args, slow_bots)
    tables = []
    with server.client() as http:
        for game in all_games():
            players = max(2, game.min_players)
            tables.append(new_table(http, game.id, players, ["open"] * players))
        await asyncio.gather(*(play_table(server, table_id, tokens, seed=i, stop_at=5)
                               for i, (table_id, tokens) in enumerate(tables)))
        bots_id, _ = new_table(http, "sealed_bids", 3, ["easy", "random", "easy"], options={"rounds": 30})
        while http.get(f"/api/tables/{bots_id}").json()["index"] < 3:
            await asyncio.sleep(0.02)
    before = {t: await views_of(server, t, tokens) for t, tokens in tables}
    with sqlite3.connect(tmp_path / "parlor.db") as db:
        bot_moves = db.execute("select idx, move from moves where table_id = ? order by idx",
                               (bots_id,)).fetchall()
        status = db.execute("select status from tables where id = ?", (bots_id,)).fetchone()[0]
    assert bot_moves and status == "running"
    server.kill()
    restarted = servers(args, slow_bots, port=server.port)
    for table_id, tokens in tables:
        assert await views_of(restarted, table_id, tokens) == before[table_id], table_id
    with restarted.client() as http:
        finished = await asyncio.gather(*(play_table(restarted, table_id, tokens, seed=50 + i)
                                          for i, (table_id, tokens) in enumerate(tables)))
        assert all(f["status"] == "finished" for finals in finished for f in finals)
        for _ in range(600):
            if http.get(f"/api/tables/{bots_id}").json()["status"] == "finished":
                break
            await asyncio.sleep(0.05)
        record = http.get(f"/api/tables/{bots_id}/record").json()
    assert record["complete"]
    assert [json.loads(m) for _, m in bot_moves] == [m["move"] for m in record["moves"][:len(bot_moves)]]


async def race(server_a: ServerProcess, server_b: ServerProcess, table_id: str, tokens: dict[int, str]
               ) -> list[str]:
    """Seats 0 and 1 (one on each server) send a move for the same index at the same moment."""
    async with websockets.connect(f"{server_a.ws_url}/ws/tables/{table_id}") as ws0, \
            websockets.connect(f"{server_b.ws_url}/ws/tables/{table_id}") as ws1:
        states = []
        for ws, seat in ((ws0, 0), (ws1, 1)):
            await ws.send(json.dumps({"token": tokens[seat]}))
            states.append(json.loads(await ws.recv()))
        index = states[0]["index"]
        assert states[1]["index"] == index and set(states[0]["actors"]) >= {0, 1}
        await asyncio.gather(*(ws.send(json.dumps({"move": s["legal"][0]["move"], "index": index}))
                               for ws, s in ((ws0, states[0]), (ws1, states[1]))))

        async def outcome(ws: Any) -> str:
            while True:
                m = json.loads(await ws.recv())
                if m["type"] == "error":
                    return str(m["code"])
                if m["type"] == "state" and m["index"] > index and m["view"]["bidding"].get("yours"):
                    return "accepted"

        return sorted(await asyncio.gather(outcome(ws0), outcome(ws1)))


async def test_two_clients_racing_for_one_index_exactly_one_is_accepted(servers: Servers) -> None:
    server = servers()
    with server.client() as http:
        for _ in range(5):
            table_id, tokens = new_table(http, "sealed_bids", 2, ["open", "open"])
            assert await race(server, server, table_id, tokens) == ["accepted", "stale_index"]
            assert http.get(f"/api/tables/{table_id}").json()["index"] == 1


async def test_two_processes_share_postgresql_and_redis(servers: Servers, pg_url: str, redis_url: str
                                                        ) -> None:
    args = ["--db", pg_url, "--redis", redis_url]
    a = servers(args, wait=False)  # both start at once: they migrate the schema in turn
    b = servers(args, wait=False)
    a.ready()
    b.ready()
    instances = {httpx.get(f"{s.url}/api/health").json()["instance"] for s in (a, b)}
    assert len(instances) == 2
    with a.client() as http:
        table_id, tokens = new_table(http, "sealed_bids", 2, ["open", "open"])
    # a move made through A reaches a client connected to B
    async with websockets.connect(f"{a.ws_url}/ws/tables/{table_id}") as on_a, \
            websockets.connect(f"{b.ws_url}/ws/tables/{table_id}") as on_b:
        await on_a.send(json.dumps({"token": tokens[0]}))
        await on_b.send(json.dumps({"token": tokens[1]}))
        first = json.loads(await on_a.recv())
        json.loads(await on_b.recv())
        await on_a.send(json.dumps({"move": first["legal"][0]["move"], "index": 0}))
        async with asyncio.timeout(10):
            while True:
                m = json.loads(await on_b.recv())
                if m["type"] == "state" and m["index"] == 1:
                    break
        assert m["actors"] == [1] and m["log"] == [{"index": 0, "kind": "bid", "seat": 0, "data": {}}]
        # an undo asked through B reaches the client on A
        undone = httpx.post(f"{b.url}/api/tables/{table_id}/undo",
                            headers={"Authorization": f"Bearer {tokens[0]}"})
        assert undone.status_code == 200 and undone.json()["epoch"] == 1
        async with asyncio.timeout(10):
            while True:
                m = json.loads(await on_a.recv())
                if m["type"] == "state" and m["epoch"] == 1:
                    break
        assert m["index"] == 0 and m["reset"] and m["legal"] == first["legal"]
        # a chat line written on B reaches the client on A; each sees the other seat connected
        await on_b.send(json.dumps({"type": "chat", "text": "hello from B"}))
        async with asyncio.timeout(10):
            while True:
                m = json.loads(await on_a.recv())
                if m["type"] == "chat" and not m["reset"]:
                    break
        assert [(x["seat"], x["name"], x["text"]) for x in m["messages"]] == [(1, "P1", "hello from B")]
        summary = httpx.get(f"{a.url}/api/tables/{table_id}").json()
        assert [s["connected"] for s in summary["seats"]] == [True, True]
    # racing through both processes: the database key lets exactly one move in
    with b.client() as http:
        for _ in range(3):
            table_id, tokens = new_table(http, "sealed_bids", 2, ["open", "open"])
            assert await race(a, b, table_id, tokens) == ["accepted", "stale_index"]
        # a whole game with its seats split over the two processes, and a bot seat
        table_id, tokens = new_table(http, "sealed_bids", 3, ["open", "open", "easy"])
    finals = await asyncio.gather(
        play_seat(a.ws_url, table_id, tokens[0], random.Random(1)),
        play_seat(b.ws_url, table_id, tokens[1], random.Random(2)))
    assert finals[0]["status"] == finals[1]["status"] == "finished"
    assert finals[0]["result"] == finals[1]["result"] and finals[0]["index"] == finals[1]["index"]


async def test_a_seat_given_out_by_another_process_opens_at_once(servers: Servers, tmp_path: Path,
                                                                 redis_url: str) -> None:
    """A join answered by one process, then the player's socket reaching another that has not heard
    of it (here it never will: the first process publishes nothing): the token still opens the seat,
    because a process re-reads the seats before refusing a token."""
    quiet = servers(["--data-dir", str(tmp_path)])
    listening = servers(["--data-dir", str(tmp_path), "--redis", redis_url])
    with quiet.client() as http:
        table_id = http.post("/api/tables", json={"game": "sealed_bids", "players": 2,
                                                  "seats": [{"kind": "open"}, {"kind": "open"}]}).json()["id"]
    url = f"{listening.ws_url}/ws/tables/{table_id}"
    async with websockets.connect(url) as watcher:  # the listening process holds the table now
        await watcher.send(json.dumps({"token": None}))
        await next_state(watcher, lambda m: m["status"] == "open")
        with quiet.client() as http:
            tokens = [http.post(f"/api/tables/{table_id}/seats/0/join", json={"name": "Ana"}).json()["token"]]
            answer = httpx.get(f"{listening.url}/api/tables/{table_id}/record",
                               headers={"Authorization": f"Bearer {tokens[0]}"})
            assert answer.status_code == 200
            joined = http.post(f"/api/tables/{table_id}/seats/1/join", json={"name": "Bo"}).json()
            tokens.append(joined["token"])
        async with websockets.connect(url) as player:
            await player.send(json.dumps({"token": tokens[1]}))
            assert (await next_state(player, lambda m: True))["seat"] == 1
