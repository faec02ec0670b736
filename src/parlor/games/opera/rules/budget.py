"""OP-6 Budget phase: sealed simultaneous bids, reveal and pay, markers move in the old order;
also the marker placement shared by role costs and follow costs (OP-7.3, OP-8.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Commits, Event

from ..moves import Bid
from ..steps import BID
from . import turns

if TYPE_CHECKING:
    from ..state import OperaState


def bid_cap(s: OperaState, seat: int) -> int:
    """OP-6.2: the highest legal bid (option `bid_cap_mode`)."""
    room = s.d.row_max - s.row[seat] if s.opt.bid_cap_mode == "track_room" else s.d.max_bid
    return min(s.money[seat], room, s.d.max_bid)


def legal_bids(s: OperaState, seat: int) -> list[Bid]:
    """OP-6.2: min_bid <= b <= cap. A player whose cap is below min_bid can only bid 0 (A-08)."""
    cap = bid_cap(s, seat)
    low = s.opt.min_bid
    if cap < low:
        return [Bid(0)]
    return [Bid(b) for b in range(low, cap + 1)]


def open_bids(s: OperaState) -> list[Event]:
    """OP-6.1: every player bids at once."""
    s.step = BID
    s.actor = -1
    s.commits = Commits(range(s.n), s.n)
    return []


def commit(s: OperaState, seat: int, move: Bid) -> list[Event]:
    assert s.commits is not None
    events = [Event("bid_placed", seat, PUBLIC, {})]
    if s.commits.commit(seat, move):
        events += resolve(s)
    return events


def resolve(s: OperaState) -> list[Event]:
    """OP-6.3, OP-6.4: reveal, pay, then move the markers one at a time in the old turn order."""
    assert s.commits is not None
    bids = []
    for seat in range(s.n):
        choice = s.commits.choice(seat)
        assert isinstance(choice, Bid)
        bids.append(choice.amount)
    s.commits = None
    s.bids = bids
    for seat in s.order():
        b = bids[seat]
        s.money[seat] -= b
        if b > 0:
            place_marker(s, seat, min(s.d.row_max, s.row[seat] + b))
    events = [Event("bids_revealed", None, PUBLIC,
                    {"bids": bids, "rows": list(s.row), "slots": list(s.slot)}, reveal=True)]
    events += [Event("bid_paid", seat, PUBLIC, {"amount": bids[seat], "row": s.row[seat],
                                                "slot": s.slot[seat]}) for seat in s.order()]
    return events + turns.start_action_phase(s)


def place_marker(s: OperaState, seat: int, row: int) -> None:
    """Lift `seat`'s marker and put it in `row`: the leftmost empty slot, or behind every marker
    already there (option `budget_slot_mode`, OP-6.4, A-09)."""
    others = [o for o in range(s.n) if o != seat and s.row[o] == row]
    taken = {s.slot[o] for o in others}
    s.row[seat] = row
    if s.opt.budget_slot_mode == "leftmost_free":
        slot = 1
        while slot in taken:
            slot += 1
        s.slot[seat] = slot
        return
    last = max(taken, default=0)
    if last >= s.d.slots_per_row:
        # the row's right end is reached: close the gaps, keeping the order (A-09, append)
        for i, o in enumerate(sorted(others, key=lambda o: s.slot[o])):
            s.slot[o] = i + 1
        last = len(others)
    s.slot[seat] = last + 1


def pay_budget(s: OperaState, seat: int, cost: int) -> None:
    """OP-7.3 / OP-8.4: the marker moves down by `cost` rows."""
    place_marker(s, seat, s.row[seat] - cost)
