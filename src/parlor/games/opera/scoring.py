"""OP-14 final result: most VP wins; ties go to the player highest on the budget track."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Result, rank_seats

from .steps import CATEGORIES

if TYPE_CHECKING:
    from .state import OperaState


def result(s: OperaState) -> Result:
    """OP-14.2: money has no value; the breakdown categories sum to the score."""
    order = s.order()
    keys = [(float(s.score[p]), float(-order.index(p))) for p in range(s.players)]
    ranks, notes = rank_seats(keys, ("VP", "position on the budget track (OP-14.2)"))
    breakdown = tuple({c: float(v) for c, v in zip(CATEGORIES, s.points[p], strict=True)
                       if c != "scenario" or v}      # only scenario positions carry points in
                      for p in range(s.players))
    return Result(tuple(float(x) for x in s.score), breakdown, ranks, notes)
