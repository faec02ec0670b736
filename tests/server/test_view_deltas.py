"""Deltas of views (`deltas.py`): applied to the previous view they give the new one exactly, they
carry nothing hidden from the seat, and a client that asks for them over WebSocket rebuilds the same
views that a client without them receives whole."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlor.core import all_games
from parlor.server import deltas
from parlor.server.deltas import apply_delta, view_delta

from .conftest import hello, state_until
from .procs import new_table
from .test_leaks_games import Markers

pytestmark = pytest.mark.timeout(120)
MOVES = 60  # per game: enough positions to change every part of the views


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_a_delta_applied_to_the_last_view_gives_the_new_view(game_id: str) -> None:
    game = next(g for g in all_games() if g.id == game_id)
    players = game.min_players
    state = game.setup(players, 7, {})
    rng = random.Random(7)
    watchers = [*range(players), None]
    previous = {w: as_json(state.view(w)) for w in watchers}
    changed = 0
    for _ in range(MOVES):
        if state.is_over():
            break
        seat = state.actors()[0]
        state.play(seat, rng.choice(state.legal_moves(seat)))
        for watcher in watchers:
            new = as_json(state.view(watcher))
            delta = view_delta(previous[watcher], new)
            assert delta is not None
            assert apply_delta(previous[watcher], as_json(delta)) == new, (game_id, watcher)
            changed += bool(delta["set"] or delta["drop"])
            previous[watcher] = new
    assert changed > 0


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_a_delta_holds_no_marker_hidden_from_its_seat(game_id: str) -> None:
    """The delta from a seat's real view to its view of a position with markers planted in all it
    may not see names none of those markers."""
    game = next(g for g in all_games() if g.id == game_id)
    players = game.min_players
    state = game.setup(players, 11, {})
    rng = random.Random(11)
    checked = 0
    for _ in range(20):
        if state.is_over():
            break
        for watcher in [*range(players), None]:
            planted = state.clone()
            markers = planted.plant_markers(watcher)
            if not markers:
                continue
            delta = view_delta(as_json(state.view(watcher)), as_json(planted.view(watcher)))
            text = json.dumps(delta)
            assert not Markers(markers).find(text), (game_id, watcher, text[:400])
            checked += 1
        seat = state.actors()[0]
        state.play(seat, rng.choice(state.legal_moves(seat)))
    assert checked > 0


def test_a_client_with_deltas_rebuilds_the_views_others_get_whole(client: TestClient,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deltas, "LARGE_VIEW", 0)  # Sealed Bids' views are small: send every one as a delta
    tid, tokens = new_table(client, "sealed_bids", 2, ["open", "open"])
    with client.websocket_connect(f"/ws/tables/{tid}") as whole, \
            client.websocket_connect(f"/ws/tables/{tid}") as patched, \
            client.websocket_connect(f"/ws/tables/{tid}") as other:
        hello(whole, tokens[0])
        view = hello(patched, tokens[0], deltas=True)["view"]
        hello(other, tokens[1])
        seen_deltas = 0
        rng = random.Random(3)
        seen = {0: state_until(whole, lambda m: m["type"] == "state")}
        for index in range(6):
            if 0 in seen[index]["actors"]:
                mover, state = whole, seen[index]
            else:
                mover = other
                state = state_until(other, lambda m, i=index: m["type"] == "state" and m["index"] == i)
            mover.send_text(json.dumps({"move": rng.choice(state["legal"])["move"], "index": index}))
            expected = state_until(whole, lambda m, i=index: m["type"] == "state" and m["index"] == i + 1)
            while True:
                m = state_until(patched, lambda m: m["type"] == "state")
                if "view_delta" in m:
                    assert "view" not in m
                    view = apply_delta(view, m["view_delta"])
                    seen_deltas += 1
                else:
                    view = m["view"]
                if m["index"] == index + 1:
                    break
            assert view == expected["view"]
            seen[index + 1] = expected
        assert seen_deltas > 0


def test_deltas_in_the_hello_must_be_a_boolean(client: TestClient) -> None:
    tid, _ = new_table(client, "sealed_bids", 2, ["open", "open"])
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_text(json.dumps({"token": None, "deltas": "yes"}))
        assert ws.receive_json()["code"] == "bad_json"
