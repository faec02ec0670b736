"""`heuristics.every_team_weights` (every seat's team weights looked up at once, for
`heuristic_all`) gives each seat the weights worked out afresh from the faction cards it knows
(SR-3.2, SR-4, SR-21.4): its own, the face-up ones and the ones it has peeked."""

from __future__ import annotations

import pytest

from parlor.core import Rng
from parlor.games.starroad import GAME, StarRoadState
from parlor.games.starroad.heuristics import _weigh, every_team_weights


def fresh_weights(s: StarRoadState) -> list[list[float]]:
    """Each seat's weights from the cards it knows, no table read."""
    every = []
    for seat in range(s.player_count):
        peeked = s.players[seat].peeked
        known = tuple(p.faction if x == seat or p.faction_up or x in peeked else ""
                      for x, p in enumerate(s.players))
        every.append(_weigh(s, seat, known))
    return every


@pytest.mark.parametrize("players", [2, 4, 5])
def test_every_seat_weights_equal_the_weights_afresh_over_whole_games(players: int) -> None:
    for seed in range(3):
        state = GAME.setup(players, seed)
        rng = Rng(seed)
        while state.actors():
            assert every_team_weights(state) == fresh_weights(state)
            seat = state.actors()[0]
            state.play(seat, rng.choice(state.legal_moves(seat)))


def test_weights_read_again_follow_a_card_turned_up_peeked_or_dealt_anew() -> None:
    """Each fact the weights depend on changed after they were read (SR-4, SR-21.4, SR-3.2)."""
    state = GAME.setup(4, 1)
    assert every_team_weights(state) == fresh_weights(state)
    state.players[2].faction_up = True                  # SR-4: turned face up
    assert every_team_weights(state) == fresh_weights(state)
    state.players[0].peeked.append(3)                   # SR-21.4: seat 0 has seen seat 3's card
    assert every_team_weights(state) == fresh_weights(state)
    state.players[1].faction, state.players[3].faction = (   # a determinization deals anew
        state.players[3].faction, state.players[1].faction)
    assert every_team_weights(state) == fresh_weights(state)
