"""Two hubs in one test process, one SQLite file, one Redis: a move made in one reaches the other's
sockets by the move published on Redis, played there with the engine (no read of the database); any
doubt (a gap, a message that cannot be read, a move that does not play) falls back to the read, and
a table nobody uses in a process is forgotten there on another process's change and loads again."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
import redis
from fastapi.testclient import TestClient

from parlor.server import table_sync
from parlor.server.fanout import CHANNEL, Fanout, RemoteMove
from parlor.server.hub import Hub
from parlor.server.request_line import owner

from .conftest import hello, state_until
from .procs import new_table

pytestmark = pytest.mark.timeout(60)
Clients = Callable[..., TestClient]


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def count_loads(monkeypatch: pytest.MonkeyPatch, hub: Hub) -> list[tuple[str, int]]:
    """Every `Storage.load` the hub makes from now on: (table, from move)."""
    loads: list[tuple[str, int]] = []
    load = hub.storage.load

    def counted(table_id: str, since: int = 0) -> Any:
        loads.append((table_id, since))
        return load(table_id, since)

    monkeypatch.setattr(hub.storage, "load", counted)
    return loads


def settle(seconds: float = 0.5) -> None:
    """Let the changes already published (sockets opened) reach the other hub."""
    time.sleep(seconds)


def wait_until(done: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 20
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def two_hubs(make_client: Clients, redis_url: str) -> tuple[TestClient, TestClient]:
    return make_client(redis_url=redis_url), make_client(redis_url=redis_url)


def test_a_move_reaches_the_other_hubs_sockets_without_a_read_each_seat_seeing_its_own_view(
        make_client: Clients, redis_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = two_hubs(make_client, redis_url)
    tid, tokens = new_table(a, "sealed_bids", 2, ["open", "open"])
    with a.websocket_connect(f"/ws/tables/{tid}") as ws0, b.websocket_connect(f"/ws/tables/{tid}") as ws1, \
            b.websocket_connect(f"/ws/tables/{tid}") as spectator:
        s0, s1 = hello(ws0, tokens[0]), hello(ws1, tokens[1])
        hello(spectator, None)
        settle()
        loads = count_loads(monkeypatch, hub_of(b))
        bid = s0["legal"][0]["move"]
        ws0.send_text(json.dumps({"move": bid, "index": 0}))
        seen1 = state_until(ws1, lambda m: m["type"] == "state" and m["index"] == 1)
        seen = state_until(spectator, lambda m: m["type"] == "state" and m["index"] == 1)
        assert loads == []
        # SB-2: a bid stays hidden from the others until revealed; seat 1 still sees its own hand
        assert "yours" not in seen1["view"]["bidding"] and "yours" not in seen["view"]["bidding"]
        assert seen1["view"]["hand"] == s1["view"]["hand"] and seen1["actors"] == [1]
        assert seen1["log"] == [{"index": 0, "kind": "bid", "seat": 0, "data": {}}]
        ws1.send_text(json.dumps({"move": seen1["legal"][0]["move"], "index": 1}))
        state_until(ws0, lambda m: m["type"] == "state" and m["index"] == 2)
        state_until(ws1, lambda m: m["type"] == "state" and m["index"] == 2)
        assert loads == []
    held_a, held_b = hub_of(a).tables[tid], hub_of(b).tables[tid]
    assert held_b.record.moves == held_a.record.moves and held_b.by == held_a.by
    assert held_b.row.move_count == held_a.row.move_count == 2


def play_on(client: TestClient, table_id: str, move: RemoteMove) -> None:
    """Hand `move` to the hub as its Redis listener would."""
    client.portal.call(hub_of(client).sync.remote_changed, table_id, "table", move)  # type: ignore[union-attr]


def test_a_gap_an_other_epoch_or_a_move_that_does_not_play_falls_back_to_the_read(
        make_client: Clients, redis_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = two_hubs(make_client, redis_url)
    tid, _tokens = new_table(a, "sealed_bids", 2, ["open", "open"])
    with b.websocket_connect(f"/ws/tables/{tid}") as spectator:
        hello(spectator, None)
        settle()
        loads = count_loads(monkeypatch, hub_of(b))
        doubts = [RemoteMove(3, 0, 0, {"kind": "bid", "card": 1}, "player"),     # a gap
                  RemoteMove(0, 1, 0, {"kind": "bid", "card": 1}, "player"),     # after an undo
                  RemoteMove(0, 0, 0, {"kind": "fold"}, "player"),               # does not parse
                  RemoteMove(0, 0, 0, {"kind": "bid", "card": 99}, "player"),    # not legal here
                  RemoteMove(0, 0, 7, {"kind": "bid", "card": 1}, "player")]     # no such seat
        for doubt in doubts:
            play_on(b, tid, doubt)
        assert loads == [(tid, 0)] * len(doubts)
        assert hub_of(b).tables[tid].index == 0 and not hub_of(b).tables[tid].problem


def test_garbled_messages_never_stop_the_listener_and_a_garbled_move_is_read_from_the_database(
        make_client: Clients, redis_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = two_hubs(make_client, redis_url)
    tid, tokens = new_table(a, "sealed_bids", 2, ["open", "open"])
    with a.websocket_connect(f"/ws/tables/{tid}") as ws0, \
            b.websocket_connect(f"/ws/tables/{tid}") as spectator:
        s0 = hello(ws0, tokens[0])
        hello(spectator, None)
        settle()
        loads = count_loads(monkeypatch, hub_of(b))
        publisher = redis.Redis.from_url(redis_url)
        for raw in [b"\xff\xfe", b"{nope", b"[]", json.dumps({"origin": "x"}),
                    json.dumps({"origin": "x", "table": 5, "what": "move"}),
                    json.dumps({"origin": "x", "table": tid, "what": "move", "move": {"index": "0"}}),
                    json.dumps({"origin": "x", "table": tid, "what": "move",
                                "move": {"index": True, "epoch": 0, "seat": 0, "move": {}, "by": "player"}})]:
            publisher.publish(CHANNEL, raw)
        publisher.close()
        wait_until(lambda: len(loads) == 2, "the two garbled moves of a known table are read")
        assert loads == [(tid, 0), (tid, 0)]
        ws0.send_text(json.dumps({"move": s0["legal"][0]["move"], "index": 0}))
        state_until(spectator, lambda m: m["type"] == "state" and m["index"] == 1)
        assert len(loads) == 2  # the listener lives on, and the real move was played, not read


def test_the_reading_of_a_message_keeps_the_changes_in_order_and_refuses_what_is_not_whole() -> None:
    fanout = Fanout("redis://127.0.0.1:1/0", "here", lambda *_: None)  # type: ignore[arg-type,return-value]
    move = {"index": 4, "epoch": 1, "seat": 0, "move": {"kind": "bid", "card": 3}, "by": "bot"}
    played = RemoteMove(4, 1, 0, {"kind": "bid", "card": 3}, "bot")

    def read(*changes: Any, origin: str = "there") -> list[tuple[str, str, RemoteMove | None]]:
        return fanout.read(json.dumps({"origin": origin, "changes": list(changes)}))

    assert read({"table": "t", "what": "move", "move": move}, {"table": "u", "what": "chat"},
                {"table": "t"}) == [("t", "table", played), ("u", "chat", None), ("t", "table", None)]
    assert read({"table": "t", "what": "move", "move": move}, origin="here") == []
    assert read({"table": "t", "what": "other"}, {"table": 5}, None, "t", {"table": "u"}) == \
        [("u", "table", None)]
    for bad in [{**move, "index": -1}, {**move, "seat": 1.0}, {**move, "by": "someone"},
                {k: v for k, v in move.items() if k != "move"}, [move], None]:
        assert read({"table": "t", "what": "move", "move": bad}) == [("t", "table", None)], bad
    # one change with its table at the top, as processes sent before batches
    assert fanout.read(json.dumps({"origin": "there", "table": "t", "what": "chat"})) == [("t", "chat", None)]
    for raw in [None, 3, b"\x00", "null", '"text"', "{}", json.dumps({"origin": "x", "changes": {}})]:
        assert fanout.read(raw) == []


def test_a_table_nobody_uses_here_is_forgotten_on_another_process_change_and_loads_again(
        make_client: Clients, redis_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_sync, "ASKED_LATELY", 0.0)
    a, b = two_hubs(make_client, redis_url)
    tid, tokens = new_table(a, "sealed_bids", 2, ["open", "open"])
    with b.websocket_connect(f"/ws/tables/{tid}") as spectator:  # b holds the table from now on
        hello(spectator, None)
    assert tid in hub_of(b).tables
    with a.websocket_connect(f"/ws/tables/{tid}") as ws0:
        s0 = hello(ws0, tokens[0])
        ws0.send_text(json.dumps({"move": s0["legal"][0]["move"], "index": 0}))
        state_until(ws0, lambda m: m["type"] == "state" and m["index"] == 1)
        wait_until(lambda: tid not in hub_of(b).tables, "b forgets the table it holds no socket of")
    assert b.get(f"/api/tables/{tid}").json()["index"] == 1
    with b.websocket_connect(f"/ws/tables/{tid}") as ws1:
        assert hello(ws1, tokens[1])["index"] == 1
        assert tid in hub_of(b).tables


def test_a_table_asked_for_lately_is_forgotten_only_when_another_worker_owns_it(
        make_client: Clients, redis_url: str) -> None:
    """`parlor serve --workers 2` routes a table's sockets to its owner: a request for another
    worker's table (a kept-alive connection) does not keep it here, one for our own does."""
    a, b = make_client(redis_url=redis_url), make_client(redis_url=redis_url, worker_index=0, worker_count=2)
    tables: dict[int, tuple[str, dict[int, str]]] = {}
    while len(tables) < 2:
        tid, tokens = new_table(a, "sealed_bids", 2, ["open", "open"])
        tables.setdefault(owner(tid, 2), (tid, tokens))
    for tid, _ in tables.values():
        assert b.get(f"/api/tables/{tid}").status_code == 200  # b holds both, asked for just now
    for tid, tokens in tables.values():
        with a.websocket_connect(f"/ws/tables/{tid}") as ws0:
            s0 = hello(ws0, tokens[0])
            ws0.send_text(json.dumps({"move": s0["legal"][0]["move"], "index": 0}))
            state_until(ws0, lambda m: m["type"] == "state" and m["index"] == 1)
    others, ours = tables[1][0], tables[0][0]
    wait_until(lambda: others not in hub_of(b).tables, "b forgets the table another worker owns")
    wait_until(lambda: hub_of(b).tables.get(ours) is not None and hub_of(b).tables[ours].index == 1,
               "b keeps its own table, asked for lately, and plays the move")


def test_a_table_with_a_socket_here_is_kept(make_client: Clients, redis_url: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_sync, "ASKED_LATELY", 0.0)
    a, b = two_hubs(make_client, redis_url)
    tid, tokens = new_table(a, "sealed_bids", 2, ["open", "open"])
    with a.websocket_connect(f"/ws/tables/{tid}") as ws0, b.websocket_connect(f"/ws/tables/{tid}") as ws1:
        s0 = hello(ws0, tokens[0])
        hello(ws1, tokens[1])
        held = hub_of(b).tables[tid]
        ws0.send_text(json.dumps({"move": s0["legal"][0]["move"], "index": 0}))
        state_until(ws1, lambda m: m["type"] == "state" and m["index"] == 1)
        assert hub_of(b).tables.get(tid) is held


def test_the_changes_of_one_turn_leave_in_one_message_in_their_order(
        make_client: Clients, redis_url: str) -> None:
    a = make_client(redis_url=redis_url)
    listener = redis.Redis.from_url(redis_url).pubsub(ignore_subscribe_messages=True)
    listener.subscribe(CHANNEL)
    fanout = hub_of(a).fanout
    assert fanout is not None

    def one_turn() -> None:
        fanout.publish("t1")
        fanout.publish("t2", "chat")
        fanout.publish("t1", move=RemoteMove(0, 0, 1, {"kind": "bid", "card": 2}, "player"))

    a.portal.call(one_turn)  # type: ignore[union-attr]
    message = None
    deadline = time.monotonic() + 20
    while message is None and time.monotonic() < deadline:
        message = listener.get_message(timeout=1.0)
    listener.close()
    assert message is not None
    assert Fanout("", "elsewhere", fanout.on_change).read(message["data"]) == [
        ("t1", "table", None), ("t2", "chat", None),
        ("t1", "table", RemoteMove(0, 0, 1, {"kind": "bid", "card": 2}, "player"))]
