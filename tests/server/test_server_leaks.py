"""No message or endpoint shows a seat what it may not know: planted marker values (core
`State.plant_markers`) replace everything hidden from the watched seat, then every WebSocket
message to that seat and every HTTP answer it can get is searched for them, and for the seed."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlor.core import all_games, get_game
from parlor.server.live import LiveTable

from .conftest import hello, state_until
from .procs import new_table

pytestmark = pytest.mark.timeout(60)


def live(client: TestClient, table_id: str) -> LiveTable:
    table: LiveTable = client.app.state.hub.tables[table_id]  # type: ignore[attr-defined]
    return table


def assert_clean(texts: list[str], secrets: list[Any]) -> None:
    for text in texts:
        for secret in secrets:
            assert str(secret) not in text, f"{secret} leaked in {text[:300]}"


def http_texts(client: TestClient, table_id: str, token: str | None, seat: int | None) -> list[str]:
    """The answer of every GET endpoint of the app for this table (found in the OpenAPI schema, so
    new endpoints are checked too), as this seat or a spectator, plus an undo request."""
    auth = {"Authorization": f"Bearer {token}"} if token else {}
    params = {"table_id": table_id, "seat": seat if seat is not None else 0, "step": 1,
              "game_id": "sealed_bids", "lang": "en"}
    texts = []
    for path, operations in client.get("/openapi.json").json()["paths"].items():
        if "get" not in operations:
            continue
        query = {"seat": seat} if seat is not None and "{seat}" not in path else {}
        r = client.get(path.format(**params), headers=auth, params=query)
        texts.append(f"{path}: {r.text}")
    assert any("/record" in t for t in texts) and len(texts) >= 5
    if token:
        texts.append(client.post(f"/api/tables/{table_id}/undo", headers=auth).text)
    return texts


def seed_of(tmp_path: Path, table_id: str) -> int:
    with sqlite3.connect(tmp_path / "parlor.db") as db:
        return int(db.execute("select seed from tables where id = ?", (table_id,)).fetchone()[0])


@pytest.mark.parametrize("watched", [0, None], ids=["seat0", "spectator"])
def test_planted_markers_never_reach_the_watching_seat(client: TestClient, tmp_path: Path,
                                                       watched: int | None) -> None:
    tid, tokens = new_table(client, "sealed_bids", 3, ["open", "open", "open"])
    token = tokens[0] if watched == 0 else None
    received: list[str] = []
    with client.websocket_connect(f"/ws/tables/{tid}") as watcher, \
            client.websocket_connect(f"/ws/tables/{tid}") as ws1, \
            client.websocket_connect(f"/ws/tables/{tid}") as ws2:
        hello(watcher, token)
        hello(ws1, tokens[1])
        hello(ws2, tokens[2])
        table = live(client, tid)
        assert table.state is not None
        markers = table.state.plant_markers(watched)
        table.forget_views()
        assert markers
        secrets = [*markers, seed_of(tmp_path, tid)]
        # seats 1 and 2 now hold marker cards: each bids one, hidden from the watcher
        for index, (seat, ws) in enumerate([(1, ws1), (2, ws2)]):
            card = table.state.hands[seat][0]  # type: ignore[attr-defined]
            assert card in markers
            ws.send_text(json.dumps({"move": {"kind": "bid", "card": card}, "index": index}))
            message = state_until(watcher, lambda m, n=index + 1: m["type"] == "state" and m["index"] == n)
            received.append(json.dumps(message))
        with client.websocket_connect(f"/ws/tables/{tid}") as again:
            again.send_text(json.dumps({"token": token}))
            received.append(json.dumps(state_until(again, lambda m: m["type"] == "state")))
        received += http_texts(client, tid, token, watched)
        assert_clean(received, secrets)
        # the check itself works: the markers did reach the seats that may see them
        own = state_until(ws1, lambda m: m["type"] == "state" and m["index"] == 2)
        assert any(str(m) in json.dumps(own) for m in markers)


def test_errors_never_echo_hidden_information(client: TestClient, tmp_path: Path) -> None:
    tid, tokens = new_table(client, "sealed_bids", 2, ["open", "open"])
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0:
        hello(ws0, tokens[0])
        table = live(client, tid)
        assert table.state is not None
        markers = table.state.plant_markers(0)
        table.forget_views()
        texts = []
        for card in [markers[0], *table.state.hands[1]]:  # type: ignore[attr-defined]
            ws0.send_text(json.dumps({"move": {"kind": "bid", "card": card}, "index": 0}))
            err = state_until(ws0, lambda m: m["type"] == "error")
            assert err["code"] == "illegal_move"
            texts.append(err["message"])
        # the only markers an error may name are those the player typed itself
        typed = {markers[0], *table.state.hands[1]}  # type: ignore[attr-defined]
        assert_clean(texts, [m for m in markers if m not in typed] + [seed_of(tmp_path, tid)])


def test_finished_record_is_complete_and_replays(client: TestClient) -> None:
    from parlor.core import GameRecord, get_game, replay

    r = client.post("/api/tables", json={"game": "sealed_bids", "players": 3,
                                         "seats": [{"kind": "bot"}, {"kind": "bot", "level": "random"},
                                                   {"kind": "bot"}]})
    tid = r.json()["id"]
    for _ in range(500):
        if client.get(f"/api/tables/{tid}").json()["status"] == "finished":
            break
    body = client.get(f"/api/tables/{tid}/record").json()
    assert body["complete"] and body["record"]["seed"] >= 0
    state, _ = replay(get_game("sealed_bids"), GameRecord.from_json(body["record"]))
    assert state.is_over() and state.result().to_json() == body["result"]
    assert all(m["move"] is not None for m in body["moves"])


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_every_game_position_reaches_each_seat_without_markers(client: TestClient, tmp_path: Path,
                                                               game_id: str) -> None:
    """For every registered game: after a few moves, markers planted in everything hidden from
    seat 0 (then from spectators) appear in nothing seat 0 (a spectator) gets from the server."""
    game = get_game(game_id)
    players = max(2, game.min_players)
    tid, tokens = new_table(client, game_id, players, ["open"] * players)
    table = live(client, tid)
    rng = random.Random(5)
    for _ in range(6):  # a few moves in, so hands, bids and decks are in play
        actors = table.actors()
        if not actors:
            break
        assert table.state is not None
        seat = actors[0]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            s = hello(ws, tokens[seat])
            ws.send_text(json.dumps({"move": rng.choice(s["legal"])["move"], "index": s["index"]}))
            state_until(ws, lambda m, n=s["index"] + 1: m["type"] == "state" and m["index"] == n)
    for watched in (0, None):
        assert table.state is not None
        markers = table.state.plant_markers(watched)
        table.forget_views()
        token = tokens[0] if watched == 0 else None
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            texts = [json.dumps(hello(ws, token))]
        texts += http_texts(client, tid, token, watched)
        assert_clean(texts, [*markers, seed_of(tmp_path, tid)])
