"""The greedy bot's judgement of finished games against the heuristic's values."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.ai import GreedyBot
from parlor.ai.bots import FINISHED, one_ply_value
from parlor.core import Result, Rng


class Fork:
    """A position where seat 0 either ends the game (`end`, with the given ranks) or plays on
    (`on`, where the heuristic says `value`)."""

    def __init__(self, ranks: tuple[int, ...], value: float, over: bool = False) -> None:
        self.ranks, self.value, self.over = ranks, value, over

    def legal_moves(self, seat: int) -> list[str]:
        return ["end", "on"]

    def redetermine(self, seat: int, rng: Rng) -> Fork:
        return self

    def clone(self) -> Fork:
        return Fork(self.ranks, self.value, self.over)

    def _apply(self, seat: int, move: str) -> list[Any]:
        self.over = move == "end"
        return []

    def advance(self, seat: int, move: str) -> None:
        self._apply(seat, move)

    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result:
        scores = tuple(float(len(self.ranks) - r) for r in self.ranks)
        return Result(scores, tuple({} for _ in self.ranks), self.ranks)


class ForkGame:
    def heuristic(self, state: Fork, seat: int) -> float:
        return state.value

    def heuristic_after(self, world: Fork, seat: int, moves: list[str]) -> dict[str, float]:
        return {}  # as `Game.heuristic_after`'s default: every move is played and judged


@pytest.mark.parametrize("value", [-5000.0, -1.0, 0.0, 800.0])
def test_greedy_never_ends_the_game_in_a_loss_to_avoid_a_low_heuristic(value: float) -> None:
    """A heuristic below a loss's old value (0 + margin) made greedy choose to lose (starroad)."""
    move = GreedyBot().choose(ForkGame(), Fork((2, 1), value), 0, Rng(1))  # type: ignore[arg-type]
    assert move == "on"


@pytest.mark.parametrize("value", [-5000.0, 5000.0])
def test_greedy_ends_the_game_when_it_wins(value: float) -> None:
    move = GreedyBot().choose(ForkGame(), Fork((1, 2), value), 0, Rng(1))  # type: ignore[arg-type]
    assert move == "end"


def test_finished_games_are_valued_by_place_then_margin() -> None:
    """Four seats: first is worth FINISHED, last -FINISHED, second a third of the way down, plus
    the margin over the best other score (scores here are 4 - rank)."""
    game = ForkGame()
    values = [one_ply_value(game, Fork((2, 1, 3, 4), 0.0, over=True), seat)  # type: ignore[arg-type]
              for seat in range(4)]
    assert values[1] == FINISHED + 1.0
    assert values[0] == pytest.approx(FINISHED / 3 - 1.0)
    assert values[3] == -FINISHED - 3.0
