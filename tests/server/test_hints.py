"""Hints: at a table against bots, the player who must decide may ask what the hard bot would play
in their place. The bot thinks only on what the seat knows (a position redetermined from the seat's
view, never the table's own); each position gets one hint per seat; a table with another person, a
game over, a watcher or a stranger is refused in the error shape."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fixturegames.sealed_bids.game import SealedBidsState
from parlor.server import bots, hints

from .conftest import hello, state_until
from .test_leaks_games import Markers
from .test_table_features import wait_for

OPTIONS = {"rounds": 2, "hand_size": 3}


def against_a_bot(client: TestClient) -> tuple[str, str]:
    table = client.post("/api/tables", json={"game": "sealed_bids", "players": 2, "options": OPTIONS,
                                             "seats": [{"kind": "open"}, {"kind": "bot", "level": "easy"}]})
    tid = table.json()["id"]
    token = client.post(f"/api/tables/{tid}/seats/0/join", json={"name": "Ann"}).json()["token"]
    return tid, token


def hint(client: TestClient, table: str, token: str | None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    return client.post(f"/api/tables/{table}/hint", headers=headers)


def test_a_hint_is_a_legal_move_the_bot_chose_on_what_the_seat_knows(client: TestClient,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    redetermined: list[tuple[int, int]] = []   # (seat, id of the position made)
    thought_on: list[int] = []                 # ids of the positions the bot thought on
    original = SealedBidsState.redetermine

    def recording(self: SealedBidsState, seat: int, rng: Any) -> SealedBidsState:
        made = original(self, seat, rng)
        redetermined.append((seat, id(made)))
        return made

    monkeypatch.setattr(SealedBidsState, "redetermine", recording)
    real_own_bot = bots.BotRunner.own_bot

    def watched(self: bots.BotRunner, level: str) -> Any:
        """The hint's own bot, noting the position it thinks on (the table's easy bot is not noted)."""
        bot = real_own_bot(self, level)
        choose = bot.choose

        def noting(game: Any, state: Any, seat: int, rng: Any, budget: Any = None) -> Any:
            thought_on.append(id(state))
            return choose(game, state, seat, rng, budget)

        bot.choose = noting  # type: ignore[method-assign]
        return bot

    monkeypatch.setattr(bots.BotRunner, "own_bot", watched)
    table, token = against_a_bot(client)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        state = hello(ws, token)
        if not state["legal"]:
            state = state_until(ws, lambda m: m["type"] == "state" and bool(m["legal"]))
    answer = hint(client, table, token)
    assert answer.status_code == 200, answer.text
    given = answer.json()
    assert set(given) == {"move", "index", "level", "weighed", "spread", "played"}
    assert given["level"] == "hard"
    assert given["played"] is None   # now: nothing is played yet
    legal_moves = [legal["move"] for legal in state["legal"]]
    assert given["move"] in legal_moves
    # how the search divided: the hint's move first, then others the seat may make, shares of one search
    weighed = given["weighed"]
    assert weighed and weighed[0]["move"] == given["move"] and given["spread"] == 0, given
    assert all(w["move"] in legal_moves and 0 < w["share"] <= 1 for w in weighed)
    assert sum(w["share"] for w in weighed) <= 1 + 1e-9
    assert given["index"] == state["index"]
    # the bot thought on a position redetermined for Ann's seat, not on the table's
    assert thought_on and all(any(made == seen for seat, made in redetermined if seat == 0)
                              for seen in thought_on), (redetermined, thought_on)
    # the same position: the same hint, thought once
    thoughts = len(thought_on)
    assert hint(client, table, token).json() == given
    assert len(thought_on) == thoughts


def test_hints_are_refused_between_people_after_the_end_and_to_strangers(client: TestClient) -> None:
    people = client.post("/api/tables", json={"game": "sealed_bids", "players": 2,
                                              "options": OPTIONS}).json()["id"]
    ann = client.post(f"/api/tables/{people}/seats/0/join", json={"name": "Ann"}).json()["token"]
    client.post(f"/api/tables/{people}/seats/1/join", json={"name": "Bo"})
    refused = hint(client, people, ann)
    assert refused.status_code == 403 and refused.json()["code"] == "forbidden", refused.text
    assert "bot" in refused.json()["message"]
    earlier = past_hint(client, people, ann, 0)
    assert earlier.status_code == 403 and "bot" in earlier.json()["message"], earlier.text  # a past one too
    table, token = against_a_bot(client)
    for stranger in (None, "x" * 40, ann):
        answer = hint(client, table, stranger)
        assert answer.status_code == 401 and answer.json()["code"] == "bad_token", answer.text
    # Ann hands her seat to a bot: the game plays to its end, and a hint is no longer given
    client.post(f"/api/tables/{table}/seats/0/bot", json={"level": "easy"},
                headers={"Authorization": f"Bearer {token}"})
    wait_for(lambda: client.get(f"/api/tables/{table}").json()["status"] == "finished")
    over = hint(client, table, token)
    assert over.status_code == 403 and over.json()["code"] == "forbidden", over.text
    # the game over, her past decisions may still be looked at with the bot (the first was hers)
    looked = past_hint(client, table, token, 0)
    assert looked.status_code == 200 and looked.json()["index"] == 0, looked.text


def test_a_hint_carries_nothing_the_seat_may_not_see(client: TestClient) -> None:
    """Markers planted in all Ann may not see (the bot's hand, the deck): the hint's move and its
    account of the search name none of them, though the bot thought on positions dealt from them."""
    table, token = against_a_bot(client)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        state = hello(ws, token)
        if not state["legal"]:
            state_until(ws, lambda m: m["type"] == "state" and bool(m["legal"]))
    live = client.app.state.hub.tables[table]  # type: ignore[attr-defined]
    markers = live.state.plant_markers(0)
    live.forget_views()
    assert markers
    answer = hint(client, table, token)
    assert answer.status_code == 200 and answer.json()["weighed"], answer.text
    found = Markers(markers).find(answer.text)
    assert not found, f"{found} leaked in {answer.text}"


def past_hint(client: TestClient, table: str, token: str, step: int) -> Any:
    return client.post(f"/api/tables/{table}/hint", json={"step": step},
                       headers={"Authorization": f"Bearer {token}"})


def test_a_past_decision_gets_the_hint_it_would_have_had_with_the_move_played(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """At one of Ann's past decisions (a table against a bot): the hard bot's move there, how its
    search divided, and the move Ann played with its share of that search; a position where the
    decision was not hers, a step beyond the game and a second position asked while one is thought
    on are refused in the error shape; planted markers in the live table reach no answer."""
    table, token = against_a_bot(client)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        state = hello(ws, token)
        if not state["legal"]:
            state = state_until(ws, lambda m: m["type"] == "state" and bool(m["legal"]))
        card = state["legal"][0]["move"]
        ws.send_text(json.dumps({"move": card, "index": state["index"]}))
        state_until(ws, lambda m: m["type"] == "state" and m["index"] > state["index"] and bool(m["legal"]))
    live = client.app.state.hub.tables[table]  # type: ignore[attr-defined]
    step = next(i for i, (seat, _) in enumerate(live.record.moves) if seat == 0)
    answer = past_hint(client, table, token, step)
    assert answer.status_code == 200, answer.text
    given = answer.json()
    assert given["index"] == step and given["level"] == "hard" and given["played"]["move"] == card
    assert 0 <= given["played"]["share"] <= 1 and (given["weighed"] or given["spread"])
    assert given["weighed"][0]["move"] == given["move"] if given["weighed"] else True
    assert past_hint(client, table, token, step).json() == given   # kept: thought once
    # the round's first position: both bid at once (SB-2), so Ann's bid answers it even where the
    # bot's came first in the record
    first = past_hint(client, table, token, 0).json()
    assert first["played"]["move"] == card, first
    # a position where the decision was the bot's alone (its bid, or its taking a won prize): as the
    # replayed position says who decided there
    real_position = hints.position

    async def bot_alone(hub: Any, live_table: Any, at: int, seat: int | None) -> dict[str, Any]:
        return {**await real_position(hub, live_table, at, seat), "actors": [1]}

    monkeypatch.setattr(hints, "position", bot_alone)
    refused = past_hint(client, table, token, 0)
    assert refused.status_code == 403 and refused.json()["code"] == "forbidden", refused.text
    monkeypatch.undo()
    beyond = past_hint(client, table, token, live.index + 5)
    assert beyond.status_code == 400 and beyond.json()["code"] == "bad_request", beyond.text
    bad = client.post(f"/api/tables/{table}/hint", json={"step": -1, "more": 1},
                      headers={"Authorization": f"Bearer {token}"})
    assert bad.status_code == 422 and bad.json()["code"] == "bad_request", bad.text
    # one past position is thought on at a time: another is refused while it runs
    loop = asyncio.new_event_loop()
    live.past_hint = ((table, live.epoch, 99, 0, "hint"), loop.create_future())   # still thinking
    client.app.state.hub.positions.entries.pop((table, live.epoch, step, 0, "hint"))  # type: ignore[attr-defined]
    busy = past_hint(client, table, token, step)
    assert busy.status_code == 429 and busy.json()["code"] == "rate_limited", busy.text
    live.past_hint = None
    loop.close()
    markers = live.state.plant_markers(0)
    live.forget_views()
    again = past_hint(client, table, token, step)
    assert again.status_code == 200 and not Markers(markers).find(again.text), again.text
