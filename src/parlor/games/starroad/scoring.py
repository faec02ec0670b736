"""The outcome (SR-3.5, SR-23.2): a team game, so every player of the winning team wins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Result, rank_seats

if TYPE_CHECKING:
    from .state import StarRoadState


def result(s: StarRoadState) -> Result:
    """Winners score 1 (0.5 each in a draw, SR-23.2), everybody else 0."""
    if not s.over:
        scores = [0.0] * s.player_count
        breakdown = tuple({"undecided": 0.0} for _ in range(s.player_count))
    else:
        win = 0.5 if s.draw else 1.0
        scores = [win if x in s.winners else 0.0 for x in range(s.player_count)]
        label = "draw" if s.draw else "win"
        breakdown = tuple({label: scores[x]} if x in s.winners else {"loss": 0.0}
                          for x in range(s.player_count))
    ranks, notes = rank_seats([(v,) for v in scores], ("team result",))
    if s.over:
        why = ("all living characters were of one team (SR-3.5)"
               if s.end_reason == "one_team_left" else
               "the round limit: the team with the most total HP wins (SR-23.2)")
        notes = (f"seats {', '.join(map(str, s.winners))} "
                 f"{'share a draw' if s.draw else 'win together'}: {why}", *notes)
    return Result(tuple(scores), breakdown, ranks, notes)
