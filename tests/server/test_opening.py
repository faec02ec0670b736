"""What opening a game costs the server (issue 25): the database calls of a join, a socket and the
chat, and where a table's setup runs. Counted, never timed: the figures are bench/server_opening.py's."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlor.server import table_setup

from .conftest import hello
from .test_table_features import until_chat, wait_for

pytestmark = pytest.mark.timeout(60)


Calls = list[tuple[str, tuple[Any, ...]]]


def count_database_calls(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> Calls:
    """Every storage call the hub makes from now on, as (name, arguments)."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    calls: Calls = []
    original = hub.db

    async def counted(fn: Callable[..., Any], *args: Any) -> Any:
        calls.append((fn.__name__, args))
        return await original(fn, *args)

    monkeypatch.setattr(hub, "db", counted)
    return calls


def of_table(calls: Calls, table_id: str) -> list[str]:
    """The names of the calls about one table (the ticker's expiry sweep names none)."""
    return [name for name, args in calls if table_id in args]


def test_a_join_is_one_database_call_and_the_seat_is_stored_before_its_token_returns(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    made = client.post("/api/tables", json={"game": "sealed_bids", "players": 2,
                                            "seats": [{"kind": "open"}, {"kind": "open"}]}).json()
    tid = made["id"]
    calls = count_database_calls(client, monkeypatch)
    joined = client.post(f"/api/tables/{tid}/seats/1/join", json={"name": "Ann"})
    assert joined.status_code == 200
    assert of_table(calls, tid) == ["claim_seat_and_read"]
    storage = client.app.state.hub.storage  # type: ignore[attr-defined]
    stored = storage.get_seats(tid)[1]
    assert (stored.kind, stored.name, stored.token_hash is not None) == ("human", "Ann", True)
    assert joined.json()["table"]["seats"][1]["name"] == "Ann"
    assert client.post(f"/api/tables/{tid}/seats/1/join", json={"name": "Bob"}).json()["code"] == "seat_taken"
    client.post(f"/api/tables/{tid}/seats/0/join", json={"name": "Cy"})
    assert storage.get_table(tid).status == "running"  # the last join started the game, stored
    assert client.get(f"/api/tables/{tid}").json()["status"] == "running"


def test_alone_a_socket_opens_and_closes_without_a_database_call(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # an open table: the ticker's heartbeat (a running game's) stays out of the count
    tid = client.post("/api/tables", json={"game": "sealed_bids", "players": 2}).json()["id"]
    token = client.post(f"/api/tables/{tid}/seats/0/join", json={"name": "Ann"}).json()["token"]
    calls = count_database_calls(client, monkeypatch)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws, \
            client.websocket_connect(f"/ws/tables/{tid}") as watcher:
        assert hello(ws, token)["seats"][0]["connected"]
        assert until_chat(ws, reset=True)["messages"] == []
        hello(watcher, None)
        until_chat(watcher, reset=True)
        ws.send_text(json.dumps({"type": "chat", "text": "hello"}))
        assert until_chat(watcher, reset=False)["messages"][0]["text"] == "hello"
    wait_for(lambda: not hub.tables[tid].conns)
    assert of_table(calls, tid) == ["add_chat"]  # the line is stored; nothing else touched the database
    with client.websocket_connect(f"/ws/tables/{tid}") as again:
        seen = hello(again, None)
        assert not seen["seats"][0]["connected"]
        assert [m["text"] for m in until_chat(again, reset=True)["messages"]] == ["hello"]
    assert [m["text"] for m in client.get(f"/api/tables/{tid}/chat").json()["messages"]] == ["hello"]
    assert of_table(calls, tid) == ["add_chat"]


def test_a_new_games_heartbeat_waits_until_the_stored_sighting_is_a_heartbeat_old(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The joins store each seat's `last_seen`: the ticker's first heartbeat of a new game wrote it
    again (a database call per game). It writes once what is stored is older than a heartbeat."""
    made = client.post("/api/tables", json={"game": "sealed_bids", "players": 2,
                                            "seats": [{"kind": "open"}, {"kind": "open"}]}).json()
    tid = made["id"]
    tokens = [client.post(f"/api/tables/{tid}/seats/{seat}/join", json={"name": name}).json()["token"]
              for seat, name in enumerate(["Ann", "Bob"])]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = hub.tables[tid]
    assert table.status == "running"
    calls = count_database_calls(client, monkeypatch)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, tokens[0])
        ticks = 0

        def counted_tick() -> bool:
            nonlocal ticks
            ticks += 1
            return ticks > 10

        wait_for(counted_tick)  # 10 x 0.02 s: several of the test ticker's 0.05 s ticks
        assert "touch" not in of_table(calls, tid)
        stale = time.time() - hub.heartbeat - 1
        for seat in table.seats:
            seat.last_seen = stale  # as if the joins were a heartbeat ago
        table.last_touch = 0.0
        wait_for(lambda: "touch" in of_table(calls, tid))
        # the call is counted when it is made; its write lands on a database thread a little later
        wait_for(lambda: hub.storage.get_seats(tid)[0].live_at > stale)
        stored = {s.seat: s for s in hub.storage.get_seats(tid)}
        assert stored[0].last_seen > stale and stored[0].live_at > stale  # the connected seat
        touched = [args for name, args in calls if name == "touch"]
        assert [list(args[1]) for args in touched] == [[0]]


def test_a_table_loaded_again_brings_its_chat(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    tid = client.post("/api/tables", json={"game": "sealed_bids", "players": 2}).json()["id"]
    token = client.post(f"/api/tables/{tid}/seats/0/join", json={"name": "Ann"}).json()["token"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, token)
        for text in ("one", "two"):
            ws.send_text(json.dumps({"type": "chat", "text": text}))
            until_chat(ws, reset=False)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    wait_for(lambda: not hub.tables[tid].conns)
    del hub.tables[tid]  # as the ticker lets an idle table go
    calls = count_database_calls(client, monkeypatch)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, token)
        assert [m["text"] for m in until_chat(ws, reset=True)["messages"]] == ["one", "two"]
    assert of_table(calls, tid) == ["load_with_chat"]


def test_options_set_up_fast_in_a_worker_are_set_up_on_a_thread_afterwards(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    jobs: list[str] = []
    original = hub.work.run

    async def counted(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        jobs.append(fn.__name__)
        return await original(fn, *args, **kwargs)

    monkeypatch.setattr(hub.work, "run", counted)
    options = {"rounds": 7, "hand_size": 5}

    def create(**extra: Any) -> dict[str, Any]:
        answer = client.post("/api/tables", json={"game": "sealed_bids", "players": 3, **extra})
        assert answer.status_code == 201, answer.text
        return dict(answer.json())

    create(options=options)
    assert jobs == ["prepare_timed"]
    made = create(options=options)
    assert jobs == ["prepare_timed"]  # measured fast: a thread
    with client.websocket_connect(f"/ws/tables/{made['id']}") as ws:
        assert hello(ws, None)["view"]["rounds"] == 7  # set up with the table's own options
    create(options={**options, "rounds": 8})
    assert jobs == ["prepare_timed", "prepare_timed"]  # other options: measured first
    monkeypatch.setattr(table_setup, "FAST_SETUP", 0.0)
    create()
    create()
    assert jobs[2:] == ["prepare_timed", "prepare_timed"]  # never fast enough: always a worker


@pytest.mark.parametrize("seats", [[{"kind": "open"}, {"kind": "open"}], [{"kind": "open"}, {"kind": "bot"}]])
def test_a_create_and_a_join_answer_exactly_what_their_models_say(client: TestClient,
                                                                  seats: list[Any]) -> None:
    """The routes that open games write their answers themselves (`deps.answer`), without FastAPI's
    validation against the route's model: each answer is what that model would have made of it, no
    field more (nothing unlisted reaches a client) and none missing, with the declared status."""
    from parlor.server.models import CreatedOut, JoinOut

    made = client.post("/api/tables", json={"game": "sealed_bids", "players": 2, "seats": seats})
    assert (made.status_code, made.headers["content-type"]) == (201, "application/json")
    assert CreatedOut.model_validate(made.json()).model_dump(mode="json") == made.json()
    joined = client.post(f"/api/tables/{made.json()['id']}/seats/0/join", json={"name": "Ann"})
    assert (joined.status_code, joined.headers["content-type"]) == (200, "application/json")
    assert JoinOut.model_validate(joined.json()).model_dump(mode="json") == joined.json()
    assert joined.json()["table"]["seats"][0]["name"] == "Ann"
    assert "host_token" not in joined.json()["table"] and made.json()["host"] is True


def test_a_join_refuses_as_before(client: TestClient) -> None:
    """A join without dependencies of its own still refuses what it refused: an unknown table, a
    seat out of range or taken, a bad name, a body that is not the model's."""
    tid = client.post("/api/tables", json={"game": "sealed_bids", "players": 2}).json()["id"]
    assert client.post("/api/tables/nothere/seats/0/join", json={"name": "Ann"}).json()["code"] == "not_found"
    assert client.post(f"/api/tables/{tid}/seats/5/join", json={"name": "Ann"}).json()["code"] == "not_found"
    assert client.post(f"/api/tables/{tid}/seats/16/join", json={"name": "Ann"}).status_code == 422
    assert client.post("/api/tables/bad%20id/seats/0/join", json={"name": "Ann"}).status_code == 422
    assert client.post(f"/api/tables/{tid}/seats/0/join", json={"name": "   "}).json()["code"] == "bad_name"
    # names are drawn on the boards, laid out for 24 columns: a Chinese character takes two
    # and a name draws something: not Hangul fillers, a blank Braille pattern or a lone combining mark
    for too_wide in ("x" * 25, "歐陽長孫諸葛慕容司馬上官皇", "Ann " + "陳" * 11, "\u3164\u3164", "\u2800",
                     "\u034f"):
        refused = client.post(f"/api/tables/{tid}/seats/0/join", json={"name": too_wide})
        assert refused.json()["code"] == "bad_name"
    assert client.post(f"/api/tables/{tid}/seats/0/join", json={"name": "Ann", "x": 1}).status_code == 422
    assert client.post(f"/api/tables/{tid}/seats/0/join", json={"name": 5}).status_code == 422
    assert client.post(f"/api/tables/{tid}/seats/0/join", json={"name": "Ann"}).status_code == 200
    assert client.post(f"/api/tables/{tid}/seats/0/join", json={"name": "Bob"}).json()["code"] == "seat_taken"


def test_a_name_as_wide_as_the_boards_hold_is_taken_whole(client: TestClient) -> None:
    """24 columns: 24 Latin letters, or 12 Chinese characters (each takes two)."""
    tid = client.post("/api/tables", json={"game": "sealed_bids", "players": 2}).json()["id"]
    for seat, name in enumerate(("Maximiliano Alejandro Ru", "歐陽長孫諸葛慕容司馬上官")):
        joined = client.post(f"/api/tables/{tid}/seats/{seat}/join", json={"name": name})
        assert joined.status_code == 200 and joined.json()["table"]["seats"][seat]["name"] == name


VARYING = {"id", "token", "host_token", "created_at", "updated_at", "last_seen"}


def settled(value: Any) -> Any:
    """An answer with what differs between two servers (ids, tokens, times) blanked."""
    if isinstance(value, dict):
        return {k: "*" if k in VARYING else settled(v) for k, v in value.items()}
    if isinstance(value, list):
        return [settled(v) for v in value]
    return value


JSON = {"content-type": "application/json"}
CREATES: list[tuple[Any, dict[str, str]]] = [
    (b'{"game": "sealed_bids", "players": 2}', JSON),
    (b'{"game": "sealed_bids", "players": 2, "seats": [{"kind": "open"}, {"kind": "bot", "level": "easy"}]}',
     JSON),
    (b'{"game": "sealed_bids", "players": 2, "clock": 30}', JSON),
    (b'{"game": "sealed_bids", "players": 2}', {"content-type": "application/json; charset=utf-8"}),
    (b'{"game": "sealed_bids", "players": 2}', {"content-type": "text/plain"}),
    (b'{"game": "sealed_bids", "players": 2}', {}),
    (b'{"game": "chess", "players": 2}', JSON),
    (b'{"game": "sealed_bids", "players": 0}', JSON),
    (b'{"game": "sealed_bids", "players": 2, "options": {"rounds": -5}}', JSON),
    (b'{"game": "sealed_bids", "players": 2, "options": {"nothing": 1}}', JSON),
    (b'{"game": "sealed_bids", "players": 2, "seats": [{"kind": "human"}]}', JSON),
    (b'{"game": "sealed_bids", "players": 2, "clock": "30"}', JSON),
    (b'{"game": "sealed_bids", "players": 2, "clock": 1}', JSON),
    (b'{"game": "sealed_bids", "players": "2"}', JSON),
    (b'{"game": "sealed_bids", "players": 2, "extra": 1}', JSON),
    (b'{"game": "sealed_bids"', JSON),
    (b'[]', JSON),
    (b'', JSON),
]
JOINS: list[tuple[str, int | str, Any, dict[str, str]]] = [
    ("{tid}", 0, b'{"name": "Ann"}', JSON),
    ("{tid}", 1, b'{"name": "  Bob   Lee "}', {"content-type": "application/json; charset=utf-8"}),
    ("{tid}", 0, b'{"name": "Cy"}', JSON),  # taken by then
    ("{tid}", 0, b'{"name": "Ann"}', {"content-type": "text/plain"}),
    ("{tid}", "01", b'{"name": "Ann"}', JSON),
    ("{tid}", 2, b'{"name": "Ann"}', JSON),
    ("{tid}", 3, b'{"name": "Ann"}', JSON),
    ("{tid}", 16, b'{"name": "Ann"}', JSON),
    ("{tid}", -1, b'{"name": "Ann"}', JSON),
    ("{tid}", "x", b'{"name": "Ann"}', JSON),
    ("nothere", 0, b'{"name": "Ann"}', JSON),
    ("bad%20id", 0, b'{"name": "Ann"}', JSON),
    ("a" * 33, 0, b'{"name": "Ann"}', JSON),
    ("{tid}", 1, b'{"name": ""}', JSON),
    ("{tid}", 1, b'{"name": "   "}', JSON),
    ("{tid}", 1, b'{"name": "' + b"x" * 41 + b'"}', JSON),
    ("{tid}", 1, b'{"name": 5}', JSON),
    ("{tid}", 1, b'{"name": "Ann", "x": 1}', JSON),
    ("{tid}", 1, b'{"name": "Ann\\u0007"}', JSON),
    ("{tid}", 1, b'{}', JSON),
    ("{tid}", 1, b'{"name": "Ann"', JSON),
    ("{tid}", 1, b'', JSON),
]


def test_the_opening_requests_answered_before_fastapi_answer_as_fastapi_does(
        make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch) -> None:
    """`Guard` answers creates and joins of the usual shape itself (opening_routes.py) and passes the
    rest to FastAPI. Every answer, refusals included, is the one FastAPI's routes give alone."""
    from parlor.server import middleware

    def answers(client: TestClient) -> list[tuple[int, Any]]:
        out = []
        for body, headers in CREATES:
            got = client.post("/api/tables", content=body, headers=headers)
            out.append((got.status_code, settled(got.json())))
        tid = client.post("/api/tables", json={"game": "sealed_bids", "players": 3}).json()["id"]
        for table, seat, body, headers in JOINS:
            got = client.post(f"/api/tables/{table.format(tid=tid)}/seats/{seat}/join", content=body,
                              headers=headers)
            out.append((got.status_code, settled(got.json())))
        return out

    quick = answers(make_client())
    monkeypatch.setattr(middleware, "answer_opening", no_quick_answer)
    assert answers(make_client()) == quick
    assert [status for status, _ in quick] == [
        201, 201, 201, 201, 422, 422, 404, 422, 201, 400, 422, 422, 201, 422, 422, 422, 422, 422,  # creates
        200, 200, 409, 422, 409, 200, 404, 422, 422, 422, 404, 422, 422, 422, 400, 422, 422, 422, 400, 422,
        422, 422]


async def no_quick_answer(_scope: Any, _body: bytes, _send: Any) -> bool:
    return False


def test_a_usual_create_and_join_never_reach_fastapis_routes(client: TestClient,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from parlor.server import deps

    def unreachable(_conn: Any) -> Any:
        raise AssertionError("a route of FastAPI's answered")

    monkeypatch.setattr(deps, "hub_of", unreachable)
    from parlor.server.routers import lobby, tables
    monkeypatch.setattr(lobby, "hub_of", unreachable)
    monkeypatch.setattr(tables, "hub_of", unreachable)
    made = client.post("/api/tables", json={"game": "sealed_bids", "players": 2})
    assert made.status_code == 201
    joined = client.post(f"/api/tables/{made.json()['id']}/seats/1/join", json={"name": "Ann"})
    assert joined.status_code == 200


def test_a_tables_socket_goes_straight_to_its_endpoint_and_other_paths_to_fastapi(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """`Guard` serves `/ws/tables/{id}` itself (`ws.serve_socket`); FastAPI's router never sees it,
    and still refuses a socket on any other path."""
    from starlette.routing import Router
    from starlette.websockets import WebSocketDisconnect

    tid = client.post("/api/tables", json={"game": "sealed_bids", "players": 2}).json()["id"]
    routed: list[str] = []
    original = Router.__call__

    async def counted(self: Router, scope: Any, receive: Any, send: Any) -> None:
        routed.append(str(scope["path"]))
        await original(self, scope, receive, send)

    monkeypatch.setattr(Router, "__call__", counted)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        assert hello(ws, None)["table"] == tid
    assert routed == []
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(f"/ws/tables/{tid}/more") as ws:
        hello(ws, None)
    assert routed == [f"/ws/tables/{tid}/more"]
