"""The table page's server side (issue 15) in-process: chat, hand-over and take-back, host rights,
clocks and seat flags in the state, review of past positions, "why not?", the paged lobby, expiry."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .conftest import hello, state_until
from .procs import new_table

pytestmark = pytest.mark.timeout(60)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def until_chat(ws: Any, reset: bool | None = None) -> dict[str, Any]:
    return state_until(ws, lambda m: m["type"] == "chat" and (reset is None or m["reset"] == reset))


def wait_for(check: Callable[[], Any], seconds: float = 10.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError("condition not reached")


def test_chat_between_players_and_spectators_is_stored_and_sent_to_everyone(
        make_client: Callable[..., TestClient]) -> None:
    client = make_client(chat_rate=0.01, chat_burst=3)
    tid, tokens = new_table(client, "sealed_bids", 2, ["open", "open"])
    with client.websocket_connect(f"/ws/tables/{tid}") as ann, \
            client.websocket_connect(f"/ws/tables/{tid}") as watcher:
        hello(ann, tokens[0])
        assert until_chat(ann, reset=True)["messages"] == []
        hello(watcher, None)
        until_chat(watcher, reset=True)
        ann.send_text(json.dumps({"type": "chat", "text": "  good luck  ", "name": "Mallory"}))
        line = until_chat(watcher, reset=False)["messages"]
        assert until_chat(ann, reset=False)["messages"] == line  # the writer gets it back too
        assert [(m["seat"], m["name"], m["text"]) for m in line] == [(0, "P0", "good luck")]
        assert isinstance(line[0]["id"], int) and abs(line[0]["at"] - time.time()) < 60
        for bad in ({"type": "chat", "text": "hi"},                    # a spectator names themself
                    {"type": "chat", "text": "hi", "name": " "},
                    {"type": "chat", "text": "hi", "name": "x" * 41},
                    {"type": "chat", "text": "hi", "name": "\u3164\u3164"},  # Hangul fillers: blank
                    {"type": "chat", "text": "", "name": "Eve"}):
            watcher.send_text(json.dumps(bad))
            assert state_until(watcher, lambda m: m["type"] == "error")["code"] == "bad_json", bad
        watcher.send_text(json.dumps({"type": "chat", "text": "hello 👋", "name": "Eve"}))
        assert until_chat(ann, reset=False)["messages"][0]["name"] == "Eve"
        for bad in ({"type": "chat", "text": "x" * 501}, {"type": "chat", "text": "a\x07b"},
                    {"type": "chat", "text": ["list"]}, {"type": "chat", "text": "\u202e"}):
            ann.send_text(json.dumps(bad))
            assert state_until(ann, lambda m: m["type"] == "error")["code"] == "bad_json", bad
        for text in ("two", "three"):  # three lines at once, then the limit
            ann.send_text(json.dumps({"type": "chat", "text": text}))
            assert until_chat(ann, reset=False)["messages"][0]["text"] == text
        ann.send_text(json.dumps({"type": "chat", "text": "one too many"}))
        assert state_until(ann, lambda m: m["type"] == "error")["code"] == "rate_limited"
    lines = [m["text"] for m in client.get(f"/api/tables/{tid}/chat").json()["messages"]]
    assert lines == ["good luck", "hello 👋", "two", "three"]
    with client.websocket_connect(f"/ws/tables/{tid}") as again:  # a reconnect gets the last lines
        hello(again, tokens[1])
        assert [m["text"] for m in until_chat(again, reset=True)["messages"]] == lines


def test_a_player_hands_the_seat_to_a_bot_and_takes_it_back(client: TestClient) -> None:
    tid, tokens = new_table(client, "sealed_bids", 2, ["open", "open"], options={"rounds": 8})
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0, \
            client.websocket_connect(f"/ws/tables/{tid}") as ws1:
        hello(ws0, tokens[0])
        s1 = hello(ws1, tokens[1])
        r = client.post(f"/api/tables/{tid}/seats/0/bot", json={"level": "random"}, headers=bearer(tokens[0]))
        assert r.status_code == 200
        seat = r.json()["seats"][0]
        assert (seat["kind"], seat["handed"], seat["level"], seat["playing"], seat["name"]) == \
            ("human", True, "random", "bot", "P0")
        handed = state_until(ws0, lambda m: m["type"] == "state" and m["seats"][0]["handed"])
        assert handed["legal"] == []  # the bot decides; the token still opens the seat
        ws0.send_text(json.dumps({"move": s1["legal"][0]["move"], "index": handed["index"]}))
        assert state_until(ws0, lambda m: m["type"] == "error")["code"] in ("not_your_turn", "stale_index")
        state_until(ws1, lambda m: m["type"] == "state" and 0 not in m["actors"] and m["index"] >= 1)
        with client.websocket_connect(f"/ws/tables/{tid}") as again:  # reconnecting keeps the bot on
            assert hello(again, tokens[0])["seats"][0]["handed"]
        back = client.post(f"/api/tables/{tid}/seats/0/back", headers=bearer(tokens[0]))
        assert back.status_code == 200 and not back.json()["seats"][0]["handed"]
        assert back.json()["seats"][0]["level"] is None
        for token in (tokens[1], None):
            headers = bearer(token) if token else {}
            r = client.post(f"/api/tables/{tid}/seats/0/back", headers=headers)
            assert (r.status_code, r.json()["code"]) == (403, "forbidden")
            r = client.post(f"/api/tables/{tid}/seats/0/bot", json={"level": "easy"}, headers=headers)
            assert (r.status_code, r.json()["code"]) == (403, "forbidden")
    record = client.get(f"/api/tables/{tid}/record", headers=bearer(tokens[0])).json()
    assert record["moves"][0]["seat"] == 0  # the bot's bid for seat 0, visible to seat 0


def test_leaving_opens_the_seat_and_the_host_can_open_a_bots_seat(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "sealed_bids", "players": 2,
                                         "seats": [{"kind": "open"}, {"kind": "bot", "level": "random"}]})
    tid, host = r.json()["id"], bearer(r.json()["host_token"])
    ann = client.post(f"/api/tables/{tid}/seats/0/join", json={"name": "Ann"}).json()["token"]
    assert client.post(f"/api/tables/{tid}/seats/1/leave", headers=bearer(ann)).json()["code"] == "forbidden"
    assert client.post(f"/api/tables/{tid}/seats/0/leave", headers=host).json()["code"] == "forbidden"
    freed = client.post(f"/api/tables/{tid}/seats/1/leave", headers=host)
    assert freed.status_code == 200 and freed.json()["seats"][1]["kind"] == "open"
    bob = client.post(f"/api/tables/{tid}/seats/1/join", json={"name": "Bob"})
    assert bob.status_code == 200 and bob.json()["table"]["seats"][1]["name"] == "Bob"
    left = client.post(f"/api/tables/{tid}/seats/0/leave", headers=bearer(ann))
    assert left.json()["seats"][0]["kind"] == "open" and left.json()["seats"][0]["playing"] == "bot"
    again = client.post(f"/api/tables/{tid}/seats/0/join", json={"name": "Ann"})
    assert again.status_code == 200 and again.json()["token"] != ann
    wrong = client.post(f"/api/tables/{tid}/seats/0/bot", json={"level": "easy"}, headers=bearer("guess"))
    assert (wrong.status_code, wrong.json()["code"]) == (401, "bad_token")


def test_the_state_carries_the_clock_now_undo_and_seat_flags(make_client: Callable[..., TestClient]) -> None:
    client = make_client(bot_delay=0.3)
    tid, tokens = new_table(client, "sealed_bids", 2, ["open", "open"], clock=0.5)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0:
        s0 = hello(ws0, tokens[0])
        assert abs(s0["now"] - time.time()) < 5 and s0["can_undo"] is False
        assert s0["clock"]["limit"] == 0.5 and set(s0["clock"]["deadlines"]) == {"0", "1"}
        assert s0["clock"]["deadlines"]["0"] > s0["now"] - 1
        assert s0["seats"][0]["connected"] and not s0["seats"][1]["connected"]
        ws0.send_text(json.dumps({"move": s0["legal"][0]["move"], "index": 0}))
        mine = state_until(ws0, lambda m: m["type"] == "state" and m["index"] == 1)
        assert set(mine["clock"]["deadlines"]) == {"1"} and mine["can_undo"]
        # seat 1 says nothing for 0.5 s: a bot decides for it, and everyone can see why
        late = state_until(ws0, lambda m: m["type"] == "state" and m["seats"][1]["timed_out"])
        assert late["seats"][1]["playing"] == "bot" and late["clock"]["deadlines"] == {}
        played = state_until(ws0, lambda m: m["type"] == "state" and m["index"] >= 2)
        assert {"index": 1, "kind": "timed_out", "seat": 1, "data": {}} in played["log"]
        assert not played["seats"][1]["timed_out"] and not played["can_undo"]
    with client.websocket_connect(f"/ws/tables/{tid}") as watcher:
        seen = hello(watcher, None)
        assert seen["can_undo"] is False and not seen["seats"][0]["connected"]


def test_review_shows_each_step_as_the_seat_saw_it(client: TestClient) -> None:
    tid, tokens = new_table(client, "sealed_bids", 3, ["open", "open", "open"])
    states = {}
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0, \
            client.websocket_connect(f"/ws/tables/{tid}") as ws1:
        states[0] = hello(ws0, tokens[0])
        hello(ws1, tokens[1])
        ws0.send_text(json.dumps({"move": states[0]["legal"][0]["move"], "index": 0}))
        states[1] = state_until(ws1, lambda m: m["type"] == "state" and m["index"] == 1)
        ws1.send_text(json.dumps({"move": states[1]["legal"][0]["move"], "index": 1}))
        state_until(ws1, lambda m: m["type"] == "state" and m["index"] == 2)
    own = client.get(f"/api/tables/{tid}/review/1", headers=bearer(tokens[0])).json()
    assert (own["step"], own["total"], own["seat"], own["actors"]) == (1, 2, 0, [1, 2])
    assert own["last"]["move"] == states[0]["legal"][0]["move"] and own["last"]["text"]
    assert own["view"]["bidding"]["yours"] == states[0]["legal"][0]["move"]
    assert set(own) == {"table", "game", "players", "step", "total", "seat", "view", "actors", "last", "log"}
    other = client.get(f"/api/tables/{tid}/review/2", headers=bearer(tokens[0])).json()
    assert other["last"] == {"seat": 1, "move": None, "events": [
        {"kind": "bid", "seat": 1, "data": {}}]}
    assert [e["index"] for e in other["log"]] == [0, 1]
    start = client.get(f"/api/tables/{tid}/review/0").json()
    assert start["seat"] is None and start["last"] is None and "hand" not in start["view"]
    assert client.get(f"/api/tables/{tid}/review/99").json()["step"] == 2
    assert client.get(f"/api/tables/{tid}/review/-1").json()["code"] == "bad_request"
    # an undo changes the epoch: the review of the step that was undone is not served again
    assert client.post(f"/api/tables/{tid}/undo", headers=bearer(tokens[1])).status_code == 200
    assert client.get(f"/api/tables/{tid}/review/2", headers=bearer(tokens[1])).json()["total"] == 1


def test_why_says_legal_or_names_only_the_rule(client: TestClient) -> None:
    tid, tokens = new_table(client, "sealed_bids", 2, ["open", "open"])
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0:
        hand = hello(ws0, tokens[0])["view"]["hand"]
    missing = next(c for c in range(1, 20) if c not in hand)

    def why(token: str | None, move: Any) -> Any:
        headers = bearer(token) if token else {}
        return client.post(f"/api/tables/{tid}/why", json={"move": move}, headers=headers)

    assert why(tokens[0], {"kind": "bid", "card": hand[0]}).json() == {"legal": True, "rule": None}
    assert why(tokens[0], {"kind": "bid", "card": missing}).json() == {"legal": False, "rule": "SB-2"}
    assert why(tokens[0], {"kind": "take"}).json() == {"legal": False, "rule": "SB-4"}
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0:
        hello(ws0, tokens[0])
        ws0.send_text(json.dumps({"move": {"kind": "bid", "card": hand[0]}, "index": 0}))
        state_until(ws0, lambda m: m["type"] == "state" and m["index"] == 1)
    assert why(tokens[0], {"kind": "bid", "card": hand[1]}).json() == \
        {"legal": False, "rule": None, "code": "not_your_turn"}
    for move, status, code in (({"kind": "fold"}, 400, "bad_move"), ({"kind": "bid"}, 400, "bad_move"),
                               ({"kind": "bid", "card": True}, 400, "bad_move")):
        r = why(tokens[1], move)
        assert (r.status_code, r.json()["code"]) == (status, code)
    assert why(None, {"kind": "take"}).json()["code"] == "bad_token"
    r = client.post(f"/api/tables/{tid}/why", json={"move": "bid card=1"}, headers=bearer(tokens[1]))
    assert (r.status_code, r.json()["code"]) == (422, "bad_request")


def test_the_lobby_is_paged_and_spam_cannot_hide_a_table(make_client: Callable[..., TestClient]) -> None:
    client = make_client(lobby_page_size=20)
    ids = [client.post("/api/tables", json={"game": "sealed_bids", "players": 2}).json()["id"]
           for _ in range(45)]
    first = client.get("/api/tables").json()
    assert (len(first["tables"]), first["page"], first["pages"], first["total"]) == (20, 1, 3, 45)
    seen = [t["id"] for page in (1, 2, 3)
            for t in client.get("/api/tables", params={"page": page}).json()["tables"]]
    assert sorted(seen) == sorted(ids)
    assert client.get("/api/tables", params={"page": 4}).json()["tables"] == []
    assert client.get("/api/tables", params={"page": 0}).json()["code"] == "bad_request"
    assert all(t["host"] is False and t["problem"] is None for t in first["tables"])


def test_open_tables_nobody_joined_expire_and_idle_ones_leave_memory(
        make_client: Callable[..., TestClient]) -> None:
    client = make_client(open_table_ttl=0.4, idle_seconds=0.2)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    lonely = client.post("/api/tables", json={"game": "sealed_bids", "players": 2}).json()["id"]
    joined = client.post("/api/tables", json={"game": "sealed_bids", "players": 2}).json()["id"]
    client.post(f"/api/tables/{joined}/seats/0/join", json={"name": "Ann"})
    with client.websocket_connect(f"/ws/tables/{lonely}") as watcher:
        hello(watcher, None)
        gone = state_until(watcher, lambda m: m["type"] == "error")
        assert gone["code"] == "not_found" and "expired" in gone["message"]
    assert client.get(f"/api/tables/{lonely}").json()["code"] == "not_found"
    wait_for(lambda: joined not in hub.tables)  # idle: out of memory, still in the database
    done = client.post("/api/tables", json={"game": "sealed_bids", "players": 2, "options": {"rounds": 1},
                                            "seats": [{"kind": "bot"}, {"kind": "bot"}]}).json()["id"]
    wait_for(lambda: done not in hub.tables)  # finished and nobody watching: out of memory
    assert client.get(f"/api/tables/{done}").json()["status"] == "finished"
    assert client.get(f"/api/tables/{joined}").json()["seats"][0]["name"] == "Ann"
    assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [joined]
    finished = client.get("/api/tables", params={"status": "finished"}).json()["tables"]
    assert [t["id"] for t in finished] == [done]
