"""The one-ply values Trickerion judges on the position itself (`Game.heuristic_after`: the
starting components and Trick of TR-2.4 items 2 and 3, the Assign moves of TR-7.1, the Set Die,
Reroll Die and Learn Trick moves of TR-9.6, TR-9.5 and TR-9.2, the opening of a discard step of
TR-23) against the heuristic of the position each move leads to, over seeded games at 2-4
players, with and without Dark Alley."""

from __future__ import annotations

import pytest

from core.conformance import fingerprint
from parlor.core import Rng
from parlor.games.trickerion import GAME
from parlor.games.trickerion.consts import Phase
from parlor.games.trickerion.moves import (
    Assign,
    Discard,
    LearnTrick,
    RerollDie,
    SetDie,
    StartComponents,
    StartTrick,
)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("dark_alley", [False, True])
def test_in_place_values_are_those_of_the_positions_played(players: int, dark_alley: bool) -> None:
    judged = {StartComponents: 0, StartTrick: 0, Assign: 0, SetDie: 0, RerollDie: 0, LearnTrick: 0,
              Discard: 0}
    for seed in range(3):
        state = GAME.setup(players, seed, {"dark_alley": dark_alley})
        rng = Rng(seed)
        while state.actors() and state.turn <= 3:
            seat = state.actors()[0]
            moves = state.legal_moves(seat)
            before = fingerprint(state)
            values = GAME.heuristic_after(state, seat, moves)
            assert fingerprint(state) == before  # the position is left as it was
            for move, value in values.items():
                after = state.clone()
                after.play(seat, move)
                assert value == GAME.heuristic(after, seat), (seed, str(move))
                judged[type(move)] += 1
            if state.phase == Phase.STARTING_CHOICES and state.start_step < 2 \
                    and state.discard_step[seat] == 0:
                assert values  # TR-2.4 items 2 and 3: the starting choices are judged in place
            state.play(seat, rng.choice(moves))
    if dark_alley:
        del judged[LearnTrick]  # its Special cards may do more: played on a copy
    assert all(judged.values()), judged
