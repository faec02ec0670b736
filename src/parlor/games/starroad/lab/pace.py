"""The pace of a Star Road game: each seat's HP at the end of every round (SR-23.1: a round is a turn of
each player), what decides a game the round limit ends (SR-23.2, most total HP) and what falls to 0
when a character is eliminated (SR-16.1).

A lab records it for every game (`RoundHP`, kept by the lab's observer), and its report shows, round
by round, how many games were still under way and the mean HP of the seats that went on to win and
of the others (`pace_report`): how fast a chart's weapons wear the table down, and from which round
the winners pull ahead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class RoundHP:
    """Each seat's HP at the end of each round of one game, and where the game ended."""

    def __init__(self) -> None:
        self.rounds: list[list[int]] = []   # rounds[r - 1]: each seat's HP at the end of round r

    def see(self, state: Any) -> None:
        """After a move: a round that the move completed is kept with the HP standing after it."""
        done = state.completed // state.player_count
        while len(self.rounds) < done:
            self.rounds.append([player.hp for player in state.players])

    def figures(self, state: Any) -> list[list[int]]:
        """The rounds kept and, for a game that ended within a round (an elimination, SR-3.5), the
        HP where it ended."""
        ended = [[player.hp for player in state.players]] if state.completed % state.player_count else []
        return self.rounds + ended


def pace_report(paces: Sequence[Sequence[Sequence[int]]], shares: Sequence[Sequence[float]]
                ) -> list[dict[str, Any]]:
    """Round by round over a lab's games (each game's `RoundHP.figures` and its seats' scores): the
    games still under way at the round's end, the mean total HP of their tables, and the mean HP a
    seat of those that won the game (score 1) and of those that lost it (score 0); a draw's seats
    count in the total only. A game that ended within a round counts in that round."""
    rows = []
    for index in range(max((len(pace) for pace in paces), default=0)):
        going = [(pace[index], share) for pace, share in zip(paces, shares, strict=True)
                 if len(pace) > index]
        totals = [sum(hp) for hp, _ in going]
        winners = [seat_hp for hp, share in going for seat_hp, score in zip(hp, share, strict=True)
                   if score == 1]
        losers = [seat_hp for hp, share in going for seat_hp, score in zip(hp, share, strict=True)
                  if score == 0]
        rows.append({"round": index + 1, "games": len(going), "total": _mean(totals),
                     "winners": _mean(winners), "losers": _mean(losers)})
    return rows


def pace_rows(pace: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rounds a table of the pace shows: the first five, then every fifth, and the last."""
    return [row for row in pace if row["round"] <= 5 or row["round"] % 5 == 0 or row is pace[-1]]


def _mean(values: Sequence[int]) -> float | None:
    return sum(values) / len(values) if values else None
