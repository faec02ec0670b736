"""`advance`, the search's way of carrying out a move, builds no event, and leaves the state
telling events again (the positions it reaches are `play`'s: tests/core, `check_advance`)."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.core import Event, Rng
from parlor.games.starroad import GAME
from parlor.games.starroad.rules import common


@pytest.mark.parametrize("players", [2, 4])
def test_advance_builds_no_event_and_play_still_tells_them(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []

    def counted(kind: str, *args: Any, **kwargs: Any) -> Event:
        built.append(kind)
        return Event(kind, *args, **kwargs)

    monkeypatch.setattr(common, "Event", counted)   # every rule's event is made in `common`
    for seed in range(4):
        state = GAME.setup(players, seed)
        rng = Rng(seed)
        told_kinds: set[str] = set()
        while state.actors():
            seat = state.actors()[0]
            move = rng.choice(state.legal_moves(seat))
            probe = state.clone()
            probe.advance(seat, move)
            assert built == [], f"advance({seat}, {move}) built events {built}"
            assert probe.quiet is False
            events = state.play(seat, move)
            assert [e.kind for e in events] == built and common.UNTOLD not in events
            told_kinds.update(built)
            built.clear()
        assert {"turn", "passed", "game_over"} <= told_kinds
