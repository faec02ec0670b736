"""Property-based attacks (Hypothesis): random and mutated WebSocket messages and HTTP bodies change
a table only through legal moves, and every refusal has the server's error shape."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from parlor.server.live import LiveTable
from parlor.server.models import ErrorOut

from .conftest import hello, state_until
from .procs import new_table

pytestmark = pytest.mark.timeout(180)
CODES = {"stale_index", "not_your_turn", "bad_move", "illegal_move", "bad_json", "too_large",
         "rate_limited", "bad_record"}
HTTP_CODES = {"bad_request", "bad_options", "bad_name", "bad_token", "forbidden", "seat_taken",
              "not_found", "undo_refused", "too_large", "rate_limited", "unknown_game", "bad_move",
              "method_not_allowed", "not_finished", "stale_index", "bad_record"}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
field_values = st.one_of(st.integers(-3, 40), st.booleans(), st.none(), st.text(max_size=6),
                         st.lists(st.integers(0, 9), max_size=3), st.floats(allow_nan=False))


@st.composite
def plans(draw: st.DrawFn) -> dict[str, Any]:
    """What to send, drawn before the table is looked at (so Hypothesis can replay it): a legal move
    (the `pick`-th) with a field changed, dropped or added or its kind swapped, at a moved or
    mistyped index; or a chat line, a ping, a hello, random JSON or random text."""
    shape = draw(st.sampled_from(["legal", "legal", "move", "move", "move", "chat", "ping", "hello", "typed",
                                  "json", "text"]))
    plan: dict[str, Any] = {"shape": shape, "pick": draw(st.integers(0, 11)),
                            "change": draw(st.sampled_from(["field", "drop", "add", "kind", "none", "none"])),
                            "value": draw(field_values), "key": draw(st.text(min_size=1, max_size=6)),
                            "kind": draw(st.sampled_from(["bid", "take", "trade", "fold", "", 3])),
                            "index": draw(st.sampled_from([0, 0, 0, -1, 1, "str", True, 0.0, None]))}
    if shape == "chat":
        plan["chat"] = {"type": "chat", "text": draw(st.text(max_size=30)),
                        "name": draw(st.text(max_size=10))}
    elif shape in ("json", "ping"):
        plan["json"] = draw(json_values)
    elif shape in ("text", "typed", "hello"):
        plan["text"] = draw(st.text(max_size=40))
    return plan


def realize(plan: dict[str, Any], legal: list[dict[str, Any]], index: int) -> str:
    shape = plan["shape"]
    if shape == "chat":
        return json.dumps(plan["chat"])
    if shape == "json":
        return json.dumps(plan["json"])
    if shape == "text":
        return str(plan["text"])
    if shape == "ping":
        return json.dumps({"type": "ping", "extra": plan["json"]})
    if shape == "hello":
        return json.dumps({"token": plan["text"], "since": plan["value"]})
    move = dict(legal[plan["pick"] % len(legal)]) if legal else {"kind": "take"}
    if shape == "legal":
        return json.dumps({"move": move, "index": index})
    keys = sorted(k for k in move if k != "kind")
    change = plan["change"]
    if change == "field" and keys:
        move[keys[plan["pick"] % len(keys)]] = plan["value"]
    elif change == "drop" and keys:
        del move[keys[plan["pick"] % len(keys)]]
    elif change == "add":
        move[plan["key"]] = plan["value"]
    elif change == "kind":
        move["kind"] = plan["kind"]
    offset = plan["index"]
    message: dict[str, Any] = {"move": move, "index": index + offset if isinstance(offset, int) and not
                               isinstance(offset, bool) else str(index) if offset == "str" else offset}
    if shape == "typed":
        message["type"] = plan["text"][:6]
    return json.dumps(message)


def is_ping(text: str) -> bool:
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("type") == "ping"


@pytest.fixture
def server(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client(ws_rate=100_000, ws_burst=100_000, chat_rate=100_000, chat_burst=100_000,
                       http_burst=100_000, heavy_burst=100_000)


@pytest.fixture
def table(server: TestClient) -> Iterator[tuple[TestClient, str, dict[int, str]]]:
    tid, tokens = new_table(server, "sealed_bids", 3, ["open"] * 3, options={"rounds": 12})
    yield server, tid, tokens


def live(client: TestClient, tid: str) -> LiveTable:
    table: LiveTable = client.app.state.hub.tables[tid]  # type: ignore[attr-defined]
    return table


def snapshot(table: LiveTable) -> tuple[Any, ...]:
    return (list(table.record.moves), table.epoch, [(s.kind, s.name, s.token_hash, s.handed, s.level)
                                                    for s in table.seats], table.status)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seat=st.sampled_from([0, 1, 2, None]), sent=st.lists(plans(), min_size=1, max_size=8))
def test_websocket_messages_change_the_table_only_through_legal_moves(
        server: TestClient, seat: int | None, sent: list[dict[str, Any]]) -> None:
    client = server
    tid, tokens = new_table(client, "sealed_bids", 3, ["open"] * 3, options={"rounds": 12})
    live_table = live(client, tid)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        state = hello(ws, tokens[seat] if seat is not None else None)
        for plan in sent:
            before = snapshot(live_table)
            legal = [m["move"] for m in state["legal"]]
            text = realize(plan, legal, state["index"])
            ws.send_text(text)
            ws.send_text(json.dumps({"type": "ping"}))  # its pong says the message was handled
            pongs = 2 if is_ping(text) else 1
            replies = []
            while pongs:
                replies.append(ws.receive_json())
                pongs -= replies[-1]["type"] == "pong"
            for reply in replies:
                if reply["type"] == "error":
                    assert reply["code"] in CODES and isinstance(reply["message"], str), reply
                if reply["type"] == "state":
                    state = reply
            after = snapshot(live_table)
            moves_before, moves_after = before[0], after[0]
            if moves_after != moves_before:  # exactly one move was added: the one sent, legal then
                sent = json.loads(text)
                assert moves_after[:-1] == moves_before and seat is not None
                assert moves_after[-1] == (seat, sent["move"]) and sent["move"] in legal
                assert sent["index"] == len(moves_before) and not isinstance(sent["index"], bool)
            assert after[1:] == before[1:]


paths = st.sampled_from(["/api/tables", "/api/tables/{t}/seats/{n}/join", "/api/tables/{t}/seats/{n}/bot",
                         "/api/tables/{t}/seats/{n}/back", "/api/tables/{t}/seats/{n}/leave",
                         "/api/tables/{t}/undo", "/api/tables/{t}/why", "/api/tables/{t}/review/{n}",
                         "/api/tables/{t}", "/api/tables/{t}/record", "/api/tables/{t}/chat"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=paths, seat=st.one_of(st.integers(-2, 5), st.text(alphabet="ab-_09%.", max_size=4)),
       method=st.sampled_from(["POST", "GET"]),
       body=st.one_of(json_values, st.fixed_dictionaries({"name": st.text(max_size=50)}),
                      st.fixed_dictionaries({"level": st.text(max_size=8)}),
                      st.fixed_dictionaries({"move": json_values}), st.binary(max_size=60)),
       token=st.sampled_from([None, "", "garbage", "x" * 300, "Bearer"]))
# an unknown bot level is refused with its reason and params (the error shape's optional part)
@example(path="/api/tables/{t}/seats/{n}/bot", seat=1, method="POST", body={"level": ""}, token=None)
def test_http_bodies_never_change_a_full_table_and_get_the_error_shape(
        table: tuple[TestClient, str, dict[int, str]], path: str, seat: Any, method: str, body: Any,
        token: str | None) -> None:
    client, tid, _ = table
    live_table = live(client, tid)
    before = snapshot(live_table)
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    r = client.request(method, path.format(t=tid, n=seat), content=content,
                       headers={**headers, "content-type": "application/json"})
    assert r.status_code < 500, r.text
    if r.status_code >= 400:
        # the error shape (ErrorOut): a code and a message, with the reason and its whitelisted
        # params when the refusal has words of its own (an unknown bot level)
        assert {"code", "message"} <= set(r.json()) <= set(ErrorOut.model_fields), r.text
        assert r.json()["code"] in HTTP_CODES, r.text
    assert snapshot(live_table) == before  # no seat is open and no token is real: nothing may change
    assert client.get(f"/api/tables/{tid}").json()["index"] == len(before[0])


def test_the_fuzzed_table_still_plays(table: tuple[TestClient, str, dict[int, str]]) -> None:
    """The fixture's table plays normally (so the properties above are about a live table)."""
    client, tid, tokens = table
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        s = hello(ws, tokens[0])
        ws.send_text(json.dumps({"move": s["legal"][0]["move"], "index": 0}))
        assert state_until(ws, lambda m: m["type"] == "state" and m["index"] == 1)["actors"] == [1, 2]
