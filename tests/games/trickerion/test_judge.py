"""Trickerion's judge of a search's cut-off at three players (issue 22, judge.py): the worth's terms
weighted as fitted to `hard`'s own games, and the worth itself wherever it was not fitted."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.core import Rng, get_game
from parlor.games.trickerion import judge
from parlor.games.trickerion.heuristics import STANDING_TERMS, _standing, added, evaluate_all, standing_terms

GAME = get_game("trickerion")


def positions(players: int, seed: int, options: dict[str, Any] | None = None, most: int = 400) -> Any:
    """The positions of a random game, one after each move."""
    state = GAME.setup(players, seed, options or {})
    rng = Rng(seed)
    for _ in range(most):
        if state.is_over():
            return
        yield state
        seat = state.actors()[0]
        state.play(seat, rng.choice(state.legal_moves(seat)))


@pytest.mark.parametrize(("players", "options"),
                         [(2, {}), (3, {"dark_alley": True}), (4, {"dark_alley": True})])
def test_where_the_judge_was_not_fitted_the_worth_judges(players: int, options: dict[str, Any]) -> None:
    """Two players and the Dark Alley were not fitted: the search judges by the worth."""
    for state in positions(players, 3, options):
        assert not judge.judges(state)
        assert GAME.judge_all(state, players) == evaluate_all(state)


@pytest.mark.parametrize("players", [3, 4])
def test_the_first_turn_keeps_the_worth_and_the_others_are_judged(players: int) -> None:
    """With five turns left the fitted weights named the winner no better: the first turn keeps
    the worth; the judge speaks from the second turn on (TR-1: the last turn is the fifth)."""
    judged = 0
    for state in positions(players, 4, most=2000):
        left = state.last_turn - state.turn + 1
        assert judge.judges(state) == (left in judge.WEIGHTS)
        if left not in judge.WEIGHTS:
            assert GAME.judge_all(state, players) == evaluate_all(state)
        else:
            judged += 1
    assert judged > 50


def test_weights_of_one_give_the_worth_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """The judge weighs the worth's own parts: with every weight 1 it is the worth (to rounding)."""
    monkeypatch.setattr(judge, "WEIGHTS", dict.fromkeys(range(1, 6), (1.0,) * (len(STANDING_TERMS) + 1)))
    for seed in (1, 2):
        for state in positions(3, seed, most=2000):
            assert judge.judged_all(state) == pytest.approx(evaluate_all(state), abs=1e-9)


def test_the_parts_add_up_to_the_standing_to_the_bit() -> None:
    for state in positions(3, 5, {"dark_alley": True}):
        for seat in range(3):
            terms = standing_terms(state, seat)
            assert len(terms) == len(STANDING_TERMS) and added(terms) == _standing(state, seat)
