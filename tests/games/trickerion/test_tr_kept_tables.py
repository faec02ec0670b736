"""Tables Trickerion keeps between calls against what they stand for, computed afresh after
every move of seeded games: Downtown's Learn Trick candidates (TR-9.2) and the deck's pool by
Theater type that a determinization shuffles (TR-2.1)."""

from __future__ import annotations

import pytest

from parlor.core import Rng
from parlor.games.trickerion import GAME
from parlor.games.trickerion.data import CATEGORIES, DATA
from parlor.games.trickerion.moves import LearnTrick
from parlor.games.trickerion.rules import specials
from parlor.games.trickerion.rules.common import in_play
from parlor.games.trickerion.rules.downtown import learn_cost
from parlor.games.trickerion.state import TrickerionState
from parlor.games.trickerion.view import _group_by_theater, _pool_by_theater


def learnable_afresh(state: TrickerionState, seat: int, die: int) -> list[int]:
    """TR-9.2 read from the data at every call: the Tricks of the mode, of the die's category,
    any with "any", or of the favorite category, unowned, whose Fame cost can be paid."""
    face = state.dice[die]
    if state.dark_alley and specials.has(state, seat, "learn_trick", "any_category") is not None:
        face = "any"  # TR-18: a Special card lets any category be learned
    favorite = DATA.magicians[state.magician[seat]].favorite
    return [t.index for t in DATA.tricks
            if state.owner[t.index] < 0 and in_play(state, t)
            and (face == "any" or CATEGORIES[t.category] == face or t.category == favorite)
            and learn_cost(state, seat, t.threshold) >= 0]


def check_learn_moves(state: TrickerionState, seat: int) -> int:
    """Compares the Learn Trick moves to a free board slot with `learnable_afresh`, per die."""
    moves = state.legal_moves(seat)
    learned = [m for m in moves if isinstance(m, LearnTrick) and not m.engineer]
    checked = 0
    for die in (0, 1):
        listed = [DATA.trick_by_id[m.trick] for m in learned if m.die == die]
        if state.dice[die] != "x" and listed:
            assert listed == learnable_afresh(state, seat, die)
            checked += 1
    return checked


@pytest.mark.parametrize("players", [2, 4])
def test_learn_moves_are_the_tricks_learnable_afresh(players: int) -> None:
    """Both modes in one process: the candidates' key must tell them apart (TR-17.2)."""
    checked = 0
    for seed in range(4):
        state = GAME.setup(players, seed, {"dark_alley": seed % 2 == 1})
        rng = Rng(seed)
        while state.actors():
            seat = state.actors()[0]
            moves = state.legal_moves(seat)
            if any(isinstance(m, LearnTrick) for m in moves):
                famous = state.clone()  # Level-3 Thresholds in reach too (Dark Alley's Tricks)
                famous.fame[seat] = 40
                famous._cache = None
                for position in (state, famous):
                    checked += check_learn_moves(position, seat)
            state.play(seat, rng.choice(moves))
    assert checked > 0


def test_the_pool_by_theater_is_grouped_afresh() -> None:
    for seed in range(3):
        state = GAME.setup(2, seed, {"dark_alley": seed == 1})
        assert _pool_by_theater(state) == _group_by_theater(state)
