"""OP-6.4 the budget table: a marker moves to a row, into a slot; bids move it up, role and
follow costs move it down (OP-7.3, OP-8.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state import OperaState


def place_marker(s: OperaState, seat: int, row: int) -> None:
    """Lift `seat`'s marker and put it in `row`: the leftmost empty slot, or behind every marker
    already there (option `budget_slot_mode`, OP-6.4, A-09)."""
    others = [o for o in range(s.players) if o != seat and s.row[o] == row]
    taken = {s.slot[o] for o in others}
    s.row[seat] = row
    if s.options.budget_slot_mode == "leftmost_free":
        slot = 1
        while slot in taken:
            slot += 1
        s.slot[seat] = slot
        return
    last = max(taken, default=0)
    if last >= s.data.slots_per_row:
        # the row's right end is reached: close the gaps, keeping the order (A-09, append)
        for i, o in enumerate(sorted(others, key=lambda o: s.slot[o])):
            s.slot[o] = i + 1
        last = len(others)
    s.slot[seat] = last + 1


def pay_budget(s: OperaState, seat: int, cost: int) -> None:
    """OP-7.3 / OP-8.4: the marker moves down by `cost` rows."""
    place_marker(s, seat, s.row[seat] - cost)
