"""`heuristic_all` on a position with no use on the stack and no attack judges every seat but
the one with a draft on one outlook, each character's strength as it sees itself and as the
others see it worked out in one pass (`Outlook.strength_both_ways`): every seat's value must
be its own `heuristic`, over whole games, where objects are hidden, revealed (SR-24.3) and
drafts of every kind are open."""

from __future__ import annotations

import pytest

from parlor.core import Rng
from parlor.games.starroad import GAME
from parlor.games.starroad.heuristics import heuristic, heuristic_all


@pytest.mark.parametrize("players", [2, 4])
def test_settled_positions_are_judged_as_each_seat_judges_them(players: int) -> None:
    settled = drafted = revealed = 0
    for seed in range(3):
        state = GAME.setup(players, seed)
        rng = Rng(seed)
        while state.actors():
            assert heuristic_all(state, players) == [heuristic(state, seat)
                                                     for seat in range(players)]
            if not state.stack and state.attack is None:
                settled += 1
                drafted += state.draft is not None
                revealed += any(o is not None and o.revealed
                                for p in state.players for o in p.slots)
            seat = state.actors()[0]
            state.play(seat, rng.choice(state.legal_moves(seat)))
    assert settled > 100 and drafted > 20 and revealed > 20
