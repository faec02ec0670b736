"""OP-14 final result: most VP wins; ties go to the player highest on the budget track."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Result, rank_seats

from .steps import CATEGORIES

if TYPE_CHECKING:
    from .state import OperaState


def result(state: OperaState) -> Result:
    """OP-14.2: money has no value; the breakdown categories sum to the score."""
    order = state.order()
    keys = [(float(state.score[p]), float(-order.index(p))) for p in range(state.players)]
    ranks, notes = rank_seats(keys, ("VP", "position on the budget track (OP-14.2)"))
    breakdown = tuple({c: float(v) for c, v in zip(CATEGORIES, state.points[p], strict=True)
                       if c != "scenario" or v}      # only scenario positions carry points in
                      for p in range(state.players))
    return Result(tuple(float(x) for x in state.score), breakdown, ranks, notes)
