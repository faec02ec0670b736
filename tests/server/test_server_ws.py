"""WebSocket play in-process: views and legal moves per seat, stable error codes, races, resume,
undo, bots off the event loop, abandonment and clocks."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlor.ai.bots import Bot, RandomBot
from parlor.core import Game, Move, Rng, State
from parlor.server import bots as server_bots

from .conftest import hello, state_until
from .procs import new_table

pytestmark = pytest.mark.timeout(60)


def two_humans(client: TestClient, **extra: Any) -> tuple[str, dict[int, str]]:
    return new_table(client, "sealed_bids", 2, ["open", "open"], **extra)


def send(ws: Any, move: Any, index: Any) -> None:
    ws.send_text(json.dumps({"move": move, "index": index}))


def test_each_seat_gets_its_own_view_and_legal_moves(client: TestClient) -> None:
    tid, tokens = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0, \
            client.websocket_connect(f"/ws/tables/{tid}") as spec:
        s0 = hello(ws0, tokens[0])
        sp = hello(spec, None)
        assert s0["seat"] == 0 and s0["index"] == 0 and s0["status"] == "running"
        assert s0["actors"] == [0, 1]
        assert [m["move"] for m in s0["legal"]] == [{"kind": "bid", "card": c} for c in s0["view"]["hand"]]
        assert all(m["text"] == f"bid card={m['move']['card']}" for m in s0["legal"])
        assert sp["seat"] is None and sp["legal"] == [] and "hand" not in sp["view"]
        send(ws0, s0["legal"][0]["move"], 0)
        after = state_until(ws0, lambda m: m["type"] == "state" and m["index"] == 1)
        assert after["legal"] == [] and after["actors"] == [1]
        assert after["log"] == [{"index": 0, "kind": "bid", "seat": 0, "data": {}}]
        assert after["view"]["bidding"]["yours"] == s0["legal"][0]["move"]
        seen = state_until(spec, lambda m: m["type"] == "state" and m["index"] == 1)
        assert "yours" not in seen["view"]["bidding"] and seen["log"] == after["log"]


def error_after(ws: Any, text: str) -> dict[str, Any]:
    ws.send_text(text)
    return state_until(ws, lambda m: m["type"] == "error")


def test_refused_moves_get_stable_codes_and_change_nothing(client: TestClient) -> None:
    tid, tokens = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0, \
            client.websocket_connect(f"/ws/tables/{tid}") as spec:
        s0 = hello(ws0, tokens[0])
        hello(spec, None)
        hand = s0["view"]["hand"]
        missing = next(c for c in range(1, 13) if c not in hand)
        codes = {
            "bad_json": ["{nope", "[1, 2]", json.dumps({"move": {"kind": "bid", "card": hand[0]}}),
                         json.dumps({"move": {"kind": "bid", "card": hand[0]}, "index": "0"}),
                         json.dumps({"move": {"kind": "bid", "card": hand[0]}, "index": True})],
            "stale_index": [json.dumps({"move": {"kind": "bid", "card": hand[0]}, "index": 7})],
            "bad_move": [json.dumps({"move": {"kind": "fold"}, "index": 0}),
                         json.dumps({"move": {"kind": "bid", "card": "x"}, "index": 0}),
                         json.dumps({"move": "bid card=1", "index": 0})],
            "illegal_move": [json.dumps({"move": {"kind": "bid", "card": missing}, "index": 0}),
                             json.dumps({"move": {"kind": "take"}, "index": 0})],
        }
        for code, texts in codes.items():
            for text in texts:
                err = error_after(ws0, text)
                assert err["code"] == code, (text, err)
                assert err["message"] and err["index"] == 0
        assert "SB-2" in error_after(ws0, codes["illegal_move"][0])["message"]
        err = error_after(spec, json.dumps({"move": {"kind": "bid", "card": hand[0]}, "index": 0}))
        assert err["code"] == "not_your_turn"
        ws0.send_bytes(b"\x00\x01")
        assert state_until(ws0, lambda m: m["type"] == "error")["code"] == "bad_json"
        ws0.send_text(json.dumps({"type": "ping"}))
        assert state_until(ws0, lambda m: m["type"] == "pong") == {"type": "pong"}
        send(ws0, {"kind": "bid", "card": hand[0]}, 0)
        state_until(ws0, lambda m: m["type"] == "state" and m["index"] == 1)
        dup = error_after(ws0, json.dumps({"move": {"kind": "bid", "card": hand[1]}, "index": 0}))
        assert dup["code"] == "stale_index"
        turn = error_after(ws0, json.dumps({"move": {"kind": "bid", "card": hand[1]}, "index": 1}))
        assert turn["code"] == "not_your_turn"
    assert client.get(f"/api/tables/{tid}").json()["index"] == 1


def test_two_seats_racing_for_one_index_exactly_one_is_accepted(client: TestClient) -> None:
    tid, tokens = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0, \
            client.websocket_connect(f"/ws/tables/{tid}") as ws1:
        s0, s1 = hello(ws0, tokens[0]), hello(ws1, tokens[1])
        send(ws0, s0["legal"][0]["move"], 0)
        send(ws1, s1["legal"][0]["move"], 0)
        outcomes = []
        for ws in (ws0, ws1):
            m = state_until(ws, lambda m: m["type"] == "error" or (
                m["type"] == "state" and m["index"] >= 1 and bool(m["view"]["bidding"].get("yours"))))
            outcomes.append(m.get("code", "accepted"))
        assert sorted(outcomes) == ["accepted", "stale_index"]
    record = client.get(f"/api/tables/{tid}/record", headers={"Authorization": f"Bearer {tokens[0]}"})
    assert len(record.json()["moves"]) == 1


def test_messages_over_the_size_limit_and_rate_limit_are_refused(make_client) -> None:  # type: ignore[no-untyped-def]
    client = make_client(max_message_bytes=200, ws_rate=0.01, ws_burst=3, ws_strikes=2)
    tid, tokens = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0:
        hello(ws0, tokens[0])
        assert error_after(ws0, json.dumps({"move": {"kind": "x" * 300}, "index": 0}))["code"] == "too_large"
        ws0.send_text(json.dumps({"type": "ping"}))
        ws0.send_text(json.dumps({"type": "ping"}))
        ws0.send_text(json.dumps({"type": "ping"}))
        codes = [state_until(ws0, lambda m: m["type"] in ("pong", "error")).get("code") for _ in range(3)]
        assert codes == [None, None, "rate_limited"]
    assert client.get(f"/api/tables/{tid}").json()["index"] == 0


def test_bad_token_and_missing_hello_are_refused(make_client) -> None:  # type: ignore[no-untyped-def]
    client = make_client(hello_timeout=0.3)
    tid, _ = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_text(json.dumps({"token": "guessed"}))
        assert ws.receive_json()["code"] == "bad_token"
        assert ws.receive()["type"] == "websocket.close"
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        assert ws.receive_json()["code"] == "bad_json"
    with client.websocket_connect("/ws/tables/nosuchtable") as ws:
        assert ws.receive_json()["code"] == "not_found"


def test_reconnecting_resumes_the_log_exactly(client: TestClient) -> None:
    tid, tokens = new_table(client, "sealed_bids", 3, ["open", "open", "open"])
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0:
        s0 = hello(ws0, tokens[0])
        send(ws0, s0["legal"][0]["move"], 0)
        state_until(ws0, lambda m: m["type"] == "state" and m["index"] == 1)
    for seat in (1, 2):
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            s = hello(ws, tokens[seat])
            send(ws, s["legal"][0]["move"], s["index"])
            expected = s["index"] + 1
            state_until(ws, lambda m, expected=expected: m["type"] == "state" and m["index"] == expected)
    full = client.get(f"/api/tables/{tid}/record", headers={"Authorization": f"Bearer {tokens[0]}"}).json()
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0:
        again = hello(ws0, tokens[0], since=1, epoch=0)
    assert again["log_from"] == 1 and not again["reset"]
    assert again["log"] == [e for e in full["log"] if e["index"] >= 1]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0:
        stale = hello(ws0, tokens[0], since=1, epoch=5)
    assert stale["reset"] and stale["log_from"] == 0 and stale["log"] == full["log"]


def test_undo_takes_back_only_the_seats_own_last_move_before_anyone_else_moves(client: TestClient) -> None:
    """BGA's rule: undo takes back the last move when it is this seat's own, and never across a
    move of another seat or a reveal; `can_undo` in the state says so beforehand."""
    tid, tokens = new_table(client, "sealed_bids", 3, ["open", "open", "open"])
    auth = {s: {"Authorization": f"Bearer {t}"} for s, t in tokens.items()}
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0, \
            client.websocket_connect(f"/ws/tables/{tid}") as ws1:
        s0, s1 = hello(ws0, tokens[0]), hello(ws1, tokens[1])
        assert not s0["can_undo"]
        assert client.post(f"/api/tables/{tid}/undo", headers=auth[0]).json()["code"] == "undo_refused"
        send(ws0, s0["legal"][0]["move"], 0)
        assert state_until(ws0, lambda m: m["type"] == "state" and m["index"] == 1)["can_undo"]
        r = client.post(f"/api/tables/{tid}/undo", headers=auth[0])
        assert r.status_code == 200 and (r.json()["index"], r.json()["epoch"]) == (0, 1)
        back = state_until(ws0, lambda m: m["type"] == "state" and m["epoch"] == 1)
        assert back["reset"] and back["index"] == 0 and back["view"]["hand"] == s0["view"]["hand"]
        assert back["legal"] == s0["legal"] and not back["can_undo"]
        assert state_until(ws1, lambda m: m["type"] == "state" and m["epoch"] == 1)["reset"]
        send(ws0, s0["legal"][1]["move"], 0)
        state_until(ws1, lambda m: m["type"] == "state" and m["index"] == 1)
        send(ws1, s1["legal"][0]["move"], 1)
        after = state_until(ws0, lambda m: m["type"] == "state" and m["index"] == 2)
        assert not after["can_undo"]
        refused = client.post(f"/api/tables/{tid}/undo", headers=auth[0]).json()
        assert refused["code"] == "undo_refused" and "P1 has moved since" in refused["message"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws2:
            s2 = hello(ws2, tokens[2])
            send(ws2, s2["legal"][0]["move"], 2)  # the last bid: every bid is revealed
            state_until(ws2, lambda m: m["type"] == "state" and m["index"] == 3)
        revealed = client.post(f"/api/tables/{tid}/undo", headers=auth[2]).json()
        assert revealed["code"] == "undo_refused" and "revealed" in revealed["message"]


class GatedBot(Bot):
    """Waits for the test to open a gate before choosing: proves thinking happens off the loop."""

    name = "gated"

    def __init__(self, gate: threading.Event, started: threading.Event) -> None:
        self.gate, self.started = gate, started

    def choose(self, game: Game[Any], state: State, seat: int, rng: Rng, budget: Any = None) -> Move:
        self.started.set()
        assert self.gate.wait(20)
        return RandomBot().choose(game, state, seat, rng)


@pytest.fixture
def gated() -> Iterator[tuple[threading.Event, threading.Event]]:
    gate, started = threading.Event(), threading.Event()
    server_bots.LEVELS["gated"] = lambda: GatedBot(gate, started)
    yield gate, started
    gate.set()
    server_bots.LEVELS.pop("gated", None)


def test_bots_think_without_blocking_the_event_loop(client: TestClient, gated: Any) -> None:
    gate, started = gated
    r = client.post("/api/tables", json={"game": "sealed_bids", "players": 2,
                                         "seats": [{"kind": "bot", "level": "gated"}, {"kind": "open"}]})
    tid = r.json()["id"]
    client.post(f"/api/tables/{tid}/seats/1/join", json={"name": "Ann"})
    assert started.wait(10)
    assert client.get("/api/health").json()["ok"]  # served while the bot is still thinking
    assert client.get(f"/api/tables/{tid}").json()["index"] == 0
    gate.set()
    wait_for(lambda: client.get(f"/api/tables/{tid}").json()["index"] == 1)


def wait_for(check: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.02)
    raise AssertionError("condition not reached")


def test_silent_seat_is_played_by_a_bot_until_its_player_returns(make_client) -> None:  # type: ignore[no-untyped-def]
    client = make_client(abandon_after=0.3)
    tid, tokens = new_table(client, "sealed_bids", 2, ["open", "open"], options={"rounds": 8})
    with client.websocket_connect(f"/ws/tables/{tid}") as ws1:
        hello(ws1, tokens[1])
        # after 0.3 s of silence seat 0 is marked away and a bot bids for it
        away = state_until(ws1, lambda m: m["type"] == "state" and m["seats"][0]["away"] and m["index"] == 1)
        assert away["seats"][0]["playing"] == "bot" and not away["seats"][1]["away"]
        assert away["actors"] == [1]
        send(ws1, away["legal"][0]["move"], 1)  # seat 1 keeps playing for itself
        state_until(ws1, lambda m: m["type"] == "state" and m["index"] >= 2)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws0:
            hello(ws0, tokens[0])
            back = state_until(ws1, lambda m: m["type"] == "state" and not m["seats"][0]["away"])
            assert back["seats"][0]["playing"] == "player"
    moves = client.get(f"/api/tables/{tid}/record", headers={"Authorization": f"Bearer {tokens[1]}"}).json()
    assert any(m["seat"] == 0 for m in moves["moves"])


def test_clock_runs_out_and_a_bot_makes_that_one_decision(client: TestClient) -> None:
    # both seats are on the clock from the start: 1 s leaves seat 0 time to say hello and bid
    # on a loaded machine (at 0.3 s a slow hello had seat 0's decision made by a bot too)
    tid, tokens = two_humans(client, clock=1.0)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0:
        s0 = hello(ws0, tokens[0])
        assert s0["actors"] == [0, 1]
        send(ws0, s0["legal"][0]["move"], 0)
        # seat 1 is connected nowhere and says nothing: after 1 s a bot bids for it, once
        timed = state_until(ws0, lambda m: m["type"] == "state" and m["index"] >= 2)
        assert not timed["seats"][1]["away"]


def test_a_socket_loses_its_seat_when_the_seat_changes_hands(client: TestClient) -> None:
    tid, tokens = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as old, \
            client.websocket_connect(f"/ws/tables/{tid}") as ws1:
        hello(old, tokens[0])
        hello(ws1, tokens[1])
        client.post(f"/api/tables/{tid}/seats/0/leave", headers={"Authorization": f"Bearer {tokens[0]}"})
        gone = state_until(old, lambda m: m["type"] == "error")
        assert gone["code"] == "bad_token"
        assert old.receive()["type"] == "websocket.close"
        new = client.post(f"/api/tables/{tid}/seats/0/join", json={"name": "Dee"}).json()["token"]
        assert new != tokens[0]
        with client.websocket_connect(f"/ws/tables/{tid}") as stale:
            stale.send_text(json.dumps({"token": tokens[0]}))
            assert stale.receive_json()["code"] == "bad_token"
        with client.websocket_connect(f"/ws/tables/{tid}") as ws0:
            assert hello(ws0, new)["seat"] == 0
