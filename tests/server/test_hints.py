"""Hints: at a table against bots, the player who must decide may ask what the hard bot would play
in their place. The bot thinks only on what the seat knows (a position redetermined from the seat's
view, never the table's own); each position gets one hint per seat; a table with another person, a
game over, a watcher or a stranger is refused in the error shape."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from fixturegames.sealed_bids.game import SealedBidsState
from parlor.server import bots, hints

from .conftest import hello, state_until
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
    real_bot = bots.BotRunner.bot

    class Watched:
        """The hint's bot, noting the position it thinks on (the table's own bot is easy: not noted)."""

        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def choose(self, game: Any, state: Any, seat: int, rng: Any, budget: Any) -> Any:
            thought_on.append(id(state))
            return self.bot.choose(game, state, seat, rng, budget)

    monkeypatch.setattr(bots.BotRunner, "bot", lambda self, level: Watched(real_bot(self, level))
                        if level == hints.LEVEL else real_bot(self, level))
    table, token = against_a_bot(client)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        state = hello(ws, token)
        if not state["legal"]:
            state = state_until(ws, lambda m: m["type"] == "state" and bool(m["legal"]))
    answer = hint(client, table, token)
    assert answer.status_code == 200, answer.text
    given = answer.json()
    assert set(given) == {"move", "index", "level"} and given["level"] == "hard"
    assert given["move"] in [legal["move"] for legal in state["legal"]]
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
