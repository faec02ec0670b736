"""OP-6.4 the budget table: a marker moves to a row, into a slot; bids move it up, role and
follow costs move it down (OP-7.3, OP-8.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state import OperaState


def place_marker(state: OperaState, seat: int, row: int) -> None:
    """Lift `seat`'s marker and put it in `row`: the leftmost empty slot, or behind every marker
    already there (option `budget_slot_mode`, OP-6.4, A-09)."""
    others = [o for o in range(state.players) if o != seat and state.row[o] == row]
    taken = {state.slot[o] for o in others}
    state.row[seat] = row
    if state.options.budget_slot_mode == "leftmost_free":
        slot = 1
        while slot in taken:
            slot += 1
        state.slot[seat] = slot
        return
    last = max(taken, default=0)
    if last >= state.data.slots_per_row:
        # the row's right end is reached: close the gaps, keeping the order (A-09, append)
        for i, o in enumerate(sorted(others, key=lambda o: state.slot[o])):
            state.slot[o] = i + 1
        last = len(others)
    state.slot[seat] = last + 1


def pay_budget(state: OperaState, seat: int, cost: int) -> None:
    """OP-7.3 / OP-8.4: the marker moves down by `cost` rows."""
    place_marker(state, seat, state.row[seat] - cost)
