"""Who decided each deal of a two-player arena: the bots, or the seat.

Every line-up of one cycle shares its deal (arena.py), so at two players each pair of bots plays
every deal twice, once from each seat. When one bot wins both games, the bots decided that deal;
when the same seat wins both, the deal decided it whoever sat there. A pair's score is then
``1/2 + (a's deals - b's deals) / (2 * deals)`` when no first place is shared: the deals that the
seat decided are points neither bot moved, and their share says how much of the outcome the deal
settles whatever the play (in Star Road at two players, four deals in five between `expert` and
`hard`: docs/status/bots.md).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .runner import GameSummary

__all__ = ["DealStats", "deal_stats"]


@dataclass(frozen=True, slots=True)
class DealStats:
    """How the deals that bots `a` and `b` both played from each seat were decided."""

    a: str
    b: str
    deals: int  # deals played twice, a and b in each seat once
    a_both: int  # a won from both seats
    b_both: int  # b won from both seats
    by_seat: int  # the same seat won both games: the deal decided, not the bots
    shared: int  # a first place was shared in at least one of the two games

    @property
    def by_bots(self) -> int:
        """The deals one bot won from both seats."""
        return self.a_both + self.b_both


def deal_stats(games: Iterable[GameSummary], bots: Sequence[str]) -> list[DealStats]:
    """For every two bots (in `bots`' order) that played one deal from both seats of a
    two-player game, how their deals were decided. Games of more seats are not counted."""
    order = {name: i for i, name in enumerate(bots)}
    both_ways: dict[tuple[int, str, str], list[GameSummary]] = defaultdict(list)
    for summary in games:
        if len(summary.bots) != 2 or summary.bots[0] == summary.bots[1]:
            continue
        a, b = sorted(summary.bots, key=order.__getitem__)
        both_ways[(summary.seed, a, b)].append(summary)
    counts: dict[tuple[str, str], list[int]] = {}
    for (_, a, b), pair in both_ways.items():
        if len(pair) != 2 or pair[0].bots == pair[1].bots:
            continue  # the run stopped between the two seatings of this deal
        tally = counts.setdefault((a, b), [0, 0, 0, 0])
        first, second = (_winning_seat(summary) for summary in pair)
        if first is None or second is None:
            tally[3] += 1
        elif first == second:
            tally[2] += 1
        elif pair[0].bots[first] == a:
            tally[0] += 1
        else:
            tally[1] += 1
    return [DealStats(a, b, sum(tally), *tally)
            for (a, b), tally in sorted(counts.items(), key=lambda item: (order[item[0][0]],
                                                                          order[item[0][1]]))]


def _winning_seat(summary: GameSummary) -> int | None:
    """The seat ranked first alone, or None when both share the first place."""
    first = [seat for seat, rank in enumerate(summary.ranks) if rank == 1]
    return first[0] if len(first) == 1 else None
