"""A finished game's running scores through it, as a spectator's view held them after each move: what
the table's score chart draws (`GET /api/tables/{id}/scores`) and the terminal's lines of blocks.

Only where the game says what its chart follows (`Game.charted_score`: the live score, or Star Road's
HP, SR-3.5, SR-23.2); the points are the start, each move that changed a score, and the end.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .game import Game


@dataclass(frozen=True, slots=True)
class ScorePoint:
    """Each seat's running score (seat order) after the first `step` moves."""

    step: int
    scores: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "scores": list(self.scores)}


def score_course(game: Game[Any], players: int, seed: int, options: Any,
                 moves: Iterable[tuple[int, dict[str, Any]]]) -> list[ScorePoint]:
    """The game set up from these facts and replayed move by move (moves as JSON, as a record keeps
    them); none for a game whose chart follows nothing. A step whose view holds no scores says nothing."""
    followed = game.charted_score()
    if followed is None:
        return []
    state = game.setup(players, seed, options)
    course: list[ScorePoint] = []
    last: tuple[float, ...] | None = None
    made = list(moves)
    for step in range(len(made) + 1):
        if step:
            seat, data = made[step - 1]
            state.play(seat, game.move_from_json(data))
        found = followed.read(state.view(None))
        scores = None if found is None else tuple(found)
        if scores is not None and (scores != last or step == len(made)):
            course.append(ScorePoint(step, scores))
            last = scores
    return course


def scores_at(course: list[ScorePoint], step: int) -> tuple[float, ...]:
    """The scores standing after `step` moves: those of the last point at or before it.

    >>> course = [ScorePoint(0, (0, 0)), ScorePoint(3, (2, 0)), ScorePoint(9, (2, 5))]
    >>> scores_at(course, 0), scores_at(course, 8), scores_at(course, 9)
    ((0, 0), (2, 0), (2, 5))
    """
    found = course[0].scores
    for point in course:
        if point.step > step:
            break
        found = point.scores
    return found
