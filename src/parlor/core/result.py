"""Final results: scores, a per-category breakdown, and a ranking that explains its tie breaks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

# the categories of a result that is an outcome, not points (`Result.is_outcome`)
OUTCOMES = frozenset(("win", "loss", "draw"))


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game.

    `ranks[seat]` is 1 for the winner(s); seats still tied after every tie break share a rank.
    `breakdown[seat]` maps a scoring category to the points it gave; it sums to `scores[seat]`.
    A game that counts no points but an outcome (a team's win, SR-3.5) gives each seat one of the
    categories `OUTCOMES`: the result then reads as words ("Win", "Loss", "Draw"), and seats that
    share an outcome are a team's, not a tie (`is_outcome`).
    `tiebreak` explains, in words, each tie that was broken or left standing.
    """

    scores: tuple[float, ...]
    breakdown: tuple[dict[str, float], ...]
    ranks: tuple[int, ...]
    tiebreak: tuple[str, ...] = ()

    def is_outcome(self) -> bool:
        """Whether each seat's breakdown is its outcome alone (one of `OUTCOMES`), not points.

        >>> Result((1.0, 0.0), ({"win": 1.0}, {"loss": 0.0}), (1, 2)).is_outcome()
        True
        >>> Result((0.5, 0.5), ({"draw": 0.5}, {"draw": 0.5}), (1, 1)).is_outcome()
        True
        >>> Result((3.0, 5.0), ({"fame": 3.0}, {"fame": 5.0}), (2, 1)).is_outcome()
        False
        """
        return all(len(part) == 1 and next(iter(part)) in OUTCOMES for part in self.breakdown)

    def winners(self) -> tuple[int, ...]:
        """The seats ranked first.

        >>> Result((3.0, 5.0), ({}, {}), (2, 1)).winners()
        (1,)
        """
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "breakdown": [dict(b) for b in self.breakdown],
            "ranks": list(self.ranks),
            "winners": list(self.winners()),
            "tiebreak": list(self.tiebreak),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Result:
        """A result as `to_json` wrote it (a server's table summary holds one).

        >>> r = Result((3.0, 5.0), ({"fame": 3.0}, {"fame": 5.0}), (2, 1), ("none",))
        >>> Result.from_json(r.to_json()) == r
        True
        """
        return cls(tuple(float(score) for score in data["scores"]),
                   tuple({str(key): float(value) for key, value in part.items()}
                         for part in data["breakdown"]),
                   tuple(int(rank) for rank in data["ranks"]), tuple(str(line) for line in data["tiebreak"]))


def rank_seats(
    keys: Sequence[Sequence[float]], criteria: Sequence[str]
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Rank seats by `keys` (higher is better, compared in order) and explain the tie breaks.

    `keys[seat][0]` is the score; `criteria[i]` names `keys[*][i]` for the explanation, e.g.
    ``("score", "coins left")``. Returns (ranks, explanations).

    >>> rank_seats([(10, 2), (10, 5), (7, 0)], ("score", "coins left"))
    ((2, 1, 3), ('seat 1, seat 0 tie on score 10; broken by coins left',))
    >>> rank_seats([(4,), (4,)], ("score",))
    ((1, 1), ('seat 0, seat 1 tie on score 4 and every tie break: shared rank',))
    """
    order = sorted(range(len(keys)), key=lambda s: tuple(keys[s]), reverse=True)
    ranks = [0] * len(keys)
    for position, seat in enumerate(order):
        previous = order[position - 1] if position else None
        if previous is not None and tuple(keys[seat]) == tuple(keys[previous]):
            ranks[seat] = ranks[previous]
        else:
            ranks[seat] = position + 1
    notes: list[str] = []
    by_score: dict[float, list[int]] = {}
    for seat in order:
        by_score.setdefault(keys[seat][0], []).append(seat)
    for score, seats in by_score.items():
        if len(seats) < 2:
            continue
        decided = _deciding_criterion(keys, seats, len(criteria))
        names = ", ".join(f"seat {s}" for s in seats)
        if decided is None:
            notes.append(f"{names} tie on {criteria[0]} {score:g} and every tie break: shared rank")
        else:
            notes.append(f"{names} tie on {criteria[0]} {score:g}; broken by {criteria[decided]}")
    return tuple(ranks), tuple(notes)


def _deciding_criterion(keys: Sequence[Sequence[float]], seats: list[int], n: int) -> int | None:
    for i in range(1, n):
        if len({keys[s][i] for s in seats}) > 1:
            return i
    return None
