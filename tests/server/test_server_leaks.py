"""No message or endpoint shows a seat what it may not know, through the real WebSocket and HTTP
paths: planted marker values (core `State.plant_markers`) replace everything hidden from the watched
seat in the live table, then every WebSocket message to that seat (states, the reset after an undo,
a reconnect, chat, errors) and every HTTP answer it can get is searched for them, and for the seed.
(test_leaks_games.py checks every position of whole games, for every game, variant and count.)"""

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
from .test_leaks_games import Markers, altered, leaves

pytestmark = pytest.mark.timeout(60)


def live(client: TestClient, table_id: str) -> LiveTable:
    table: LiveTable = client.app.state.hub.tables[table_id]  # type: ignore[attr-defined]
    return table


def planted(client: TestClient, table_id: str) -> tuple[LiveTable, list[Any]]:
    """The live table with markers planted in what seat 0 may not see, and the markers; the
    table's views are rebuilt from the planted state."""
    table = live(client, table_id)
    assert table.state is not None
    markers = table.state.plant_markers(0)
    table.forget_views()
    return table, markers


def assert_clean(texts: list[str], secrets: list[Any]) -> None:
    finder = Markers(secrets)
    for text in texts:
        found = finder.find(text)
        assert not found, f"{found} leaked in {text[:400]}"


def http_texts(client: TestClient, table_id: str, token: str | None, seat: int | None) -> list[str]:
    """The answer of every GET endpoint of the app for this table (found in the OpenAPI schema, so
    new endpoints are checked too), as this seat or a spectator, plus an undo request."""
    auth = {"Authorization": f"Bearer {token}"} if token else {}
    game = client.get(f"/api/tables/{table_id}").json()["game"]
    params = {"table_id": table_id, "seat": seat if seat is not None else 0, "step": 1,
              "game_id": game, "game": game, "lang": "en"}
    texts = []
    for path, operations in client.get("/openapi.json").json()["paths"].items():
        if "get" not in operations:
            continue
        query = {"seat": seat} if seat is not None and "{seat}" not in path else {}
        r = client.get(path.format(**params), headers=auth, params=query)
        texts.append(f"{path}: {r.text}")
    # the list of tables named by id (a player's own games), beside the lobby's list by status
    texts.append(f"/api/tables?id=: {client.get('/api/tables', params={'id': table_id}).text}")
    assert any("/record" in t for t in texts) and any("/review" in t for t in texts) and len(texts) >= 7
    return texts


def seed_of(tmp_path: Path, table_id: str) -> int:
    with sqlite3.connect(tmp_path / "parlor.db") as db:
        return int(db.execute("select seed from tables where id = ?", (table_id,)).fetchone()[0])


@pytest.mark.parametrize("watched", [0, None], ids=["seat0", "spectator"])
def test_planted_markers_never_reach_the_watching_seat(client: TestClient, tmp_path: Path,
                                                       watched: int | None) -> None:
    """Markers planted before the first move, then played on: seats 1 and 2 bid marker cards, seat 2
    takes its bid back (the reset goes to everyone), the watcher reconnects, people chat."""
    tid, tokens = new_table(client, "sealed_bids", 4, ["open"] * 4)
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
        undone = client.post(f"/api/tables/{tid}/undo", headers={"Authorization": f"Bearer {tokens[2]}"})
        assert undone.status_code == 200, undone.text
        reset = state_until(watcher, lambda m: m["type"] == "state" and m["epoch"] == 1)
        assert reset["reset"] and reset["log_from"] == 0 and reset["index"] == 1
        received.append(json.dumps(reset))
        ws1.send_text(json.dumps({"type": "chat", "text": "my card is a secret"}))
        received.append(json.dumps(state_until(watcher, lambda m: m["type"] == "chat" and not m["reset"])))
        with client.websocket_connect(f"/ws/tables/{tid}") as again:
            again.send_text(json.dumps({"token": token}))
            received.append(json.dumps(state_until(again, lambda m: m["type"] == "state")))
            received.append(json.dumps(state_until(again, lambda m: m["type"] == "chat")))
        received += http_texts(client, tid, token, watched)
        if token is not None:  # "why not?" about the cards it cannot see: rule IDs only
            for card in markers[:5]:
                answer = client.post(f"/api/tables/{tid}/why", json={"move": {"kind": "bid", "card": card}},
                                     headers={"Authorization": f"Bearer {token}"})
                assert answer.json() == {"legal": False, "rule": "SB-2"}
        assert_clean(received, secrets)
        # the check itself works: the markers did reach the seats that may see them
        own = state_until(ws1, lambda m: m["type"] == "state" and m["epoch"] == 1)
        assert any(str(m) in json.dumps(own) for m in markers)


def test_errors_never_echo_hidden_information(client: TestClient, tmp_path: Path) -> None:
    tid, tokens = new_table(client, "sealed_bids", 2, ["open", "open"])
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0:
        hello(ws0, tokens[0])
        table, markers = planted(client, tid)
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


def planted_texts(client: TestClient, table: LiveTable, tokens: dict[int, str], watched: int | None,
                  rng: random.Random) -> tuple[list[str], list[Any]]:
    """Markers planted for `watched` in a copy of the live position: what it gets on (re)connecting,
    over HTTP, from "why not?" and as errors for altered moves. The real position is put back."""
    real = table.state
    assert real is not None
    planted = real.clone()
    markers = planted.plant_markers(watched)
    table.state = planted
    table.forget_views()
    token = tokens[watched] if watched is not None else None
    texts: list[str] = []
    try:
        with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
            first = hello(ws, token)
            texts.append(json.dumps(first))
            for move in [m["move"] for m in first["legal"][:2]]:
                for bad in altered(table.game.move_from_json(move), markers, rng):  # type: ignore[union-attr]
                    if planted.is_legal(watched, bad):  # type: ignore[arg-type]
                        continue  # only refused moves: nothing may be played on a planted position
                    ws.send_text(json.dumps({"move": bad.to_json(), "index": first["index"]}))
                    error = state_until(ws, lambda m: m["type"] == "error")
                    assert error["code"] in ("illegal_move", "server_error"), error
                    typed = {str(v) for v in leaves(bad.to_json())}
                    assert not Markers(markers).find(error["message"]) - typed, error
                    answer = client.post(f"/api/tables/{table.id}/why", json={"move": bad.to_json()},
                                         headers={"Authorization": f"Bearer {token}"})
                    assert answer.json()["legal"] is False
                    texts.append(answer.text)
        texts += http_texts(client, table.id, token, watched)
    finally:
        table.state = real
        table.forget_views()
    return texts, markers


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_every_game_every_seat_over_websocket_http_and_the_reset_after_an_undo(
        client: TestClient, tmp_path: Path, game_id: str) -> None:
    """For every registered game, before the first move and after each of the first moves, for every
    seat and a spectator: markers planted in the live position reach nothing that watcher gets. Then
    the position an undo returns to is planted, and the reset every connection gets is checked."""
    game = get_game(game_id)
    players = max(2, game.min_players)
    tid, tokens = new_table(client, game_id, players, ["open"] * players)
    table = live(client, tid)
    seed = seed_of(tmp_path, tid)
    rng = random.Random(5)
    for _ in range(3):
        for watched in [*range(players), None]:
            texts, markers = planted_texts(client, table, tokens, watched, rng)
            assert_clean(texts, [*markers, seed])
        play_one(client, table, tokens, rng)
    checked_resets = 0
    for _ in range(12):  # undo is refused after reveals and chance: find a move it takes back
        mover = play_one(client, table, tokens, rng)
        if table.undo_refusal(mover) is not None:
            continue
        watched = next(s for s in range(players) if s != mover) if checked_resets % 2 else None
        before = table.previous[-1]
        planted = before.clone()
        markers = planted.plant_markers(watched)
        table.previous[-1] = planted
        token = tokens[watched] if watched is not None else None
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, token)
            undone = client.post(f"/api/tables/{tid}/undo",
                                 headers={"Authorization": f"Bearer {tokens[mover]}"})
            assert undone.status_code == 200, undone.text
            reset = state_until(ws, lambda m: m["type"] == "state" and m["epoch"] == table.epoch)
        table.state = before
        table.forget_views()
        assert reset["reset"] and reset["log_from"] == 0
        assert_clean([json.dumps(reset)], [*markers, seed])
        checked_resets += 1
        if checked_resets == 2:
            break
    assert checked_resets >= 1, f"{game_id}: no undoable move in the first moves"


def play_one(client: TestClient, table: LiveTable, tokens: dict[int, str], rng: random.Random) -> int:
    """The first actor plays a random legal move over WebSocket; returns its seat."""
    seat = table.actors()[0]
    with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        s = hello(ws, tokens[seat])
        ws.send_text(json.dumps({"move": rng.choice(s["legal"])["move"], "index": s["index"]}))
        state_until(ws, lambda m, n=s["index"] + 1: m["type"] == "state" and m["index"] == n)
    return seat
