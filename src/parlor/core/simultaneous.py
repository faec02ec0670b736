"""Simultaneous decisions: hidden commits collected from several seats, resolved by the last one.

A state keeps one `Commits` while a simultaneous step is open. `actors()` returns `pending()`;
each commit is stored in that seat's slot, which only that seat's view reads; when `commit`
returns True every seat has committed and the state resolves the choices in the order its rule sets.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .moves import Move


class Commits:
    """The hidden choices of one simultaneous step.

    >>> from parlor.core.moves import Move
    >>> commits = Commits([0, 2], players=3)
    >>> commits.pending()
    (0, 2)
    >>> commits.commit(2, Move()), commits.pending(), commits.view(None)
    (False, (0,), {'deciding': [0, 2], 'committed': [2]})
    """

    __slots__ = ("seats", "moves")

    def __init__(self, seats: Iterable[int], players: int) -> None:
        self.seats: tuple[int, ...] = tuple(seats)  # who must commit, in seat order
        self.moves: list[Move | None] = [None] * players

    def pending(self) -> tuple[int, ...]:
        """Seats that have not committed yet, in seat order."""
        return tuple(s for s in self.seats if self.moves[s] is None)

    def committed(self, seat: int) -> bool:
        return self.moves[seat] is not None

    def commit(self, seat: int, move: Move) -> bool:
        """Store `seat`'s hidden choice; True when it was the last one awaited."""
        if seat not in self.seats or self.moves[seat] is not None:
            raise ValueError(f"seat {seat} is not awaited in this simultaneous decision")
        self.moves[seat] = move
        return not self.pending()

    def choice(self, seat: int) -> Move:
        move = self.moves[seat]
        if move is None:
            raise ValueError(f"seat {seat} has not committed")
        return move

    def clone(self) -> Commits:
        other = Commits.__new__(Commits)
        other.seats = self.seats
        other.moves = list(self.moves)  # moves are immutable values
        return other

    def view(self, seat: int | None) -> dict[str, Any]:
        """Public: who is still deciding. Private: the viewing seat's own commit."""
        out: dict[str, Any] = {
            "deciding": list(self.seats),
            "committed": [s for s in self.seats if self.moves[s] is not None],
        }
        if seat is not None and seat in self.seats and self.moves[seat] is not None:
            out["yours"] = self.choice(seat).to_json()
        return out
