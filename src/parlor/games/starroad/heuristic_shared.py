"""What the positions Star Road's heuristic judges together have in common, worked out once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .heuristic_outlook import invest_caps
from .heuristic_values import yardsticks

if TYPE_CHECKING:
    from .state import StarRoadState

Tally = tuple[float, float]   # objects' worth: plain, shields


class Shared:
    """What positions judged together have in common, worked out once for all of them: one
    position judged by every seat (`heuristics.heuristic_all`), or the positions a seat's
    productions lead to (`heuristics.production_values`), which differ only in the draft."""

    __slots__ = ("yard", "caps", "hp", "storage", "kept", "strengths", "weights", "tallies")

    def __init__(self, s: StarRoadState, tallies: bool = True) -> None:
        self.yard = yardsticks(s.content)
        self.caps = invest_caps(s)
        # HP and storage before any play-out: each outlook plays out its own copy
        self.hp = [float(p.hp) for p in s.players]
        self.storage = [float(p.storage) for p in s.players]
        # `Outlook._kept` of each character, while a play-out leaves its HP, storage, bonus
        self.kept: list[float | None] = [None] * s.player_count
        self.strengths: dict[int, float] = {}      # of characters judged by another seat
        self.weights: dict[int, list[float]] = {}  # team weights, by judging seat
        # `_tally` by (character, judged by itself, objects left out, its storage), while the
        # play-out has changed the worth of no object; None where no tally would be asked
        # twice (`heuristic_all`: each seat's own, and each character's as the others see it)
        self.tallies: dict[tuple[int, bool, tuple[int, ...], float], Tally] | None = (
            {} if tallies else None)
