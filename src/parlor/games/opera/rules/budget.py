"""OP-6 Budget phase: sealed simultaneous bids, reveal and pay, markers move in the old order.
The action phase that follows (OP-6.5) is started by the caller: see flow."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Commits, Event

from ..moves import Bid
from ..steps import BID
from .track import place_marker

if TYPE_CHECKING:
    from ..state import OperaState


def bid_cap(s: OperaState, seat: int) -> int:
    """OP-6.2: the highest legal bid (option `bid_cap_mode`)."""
    room = s.data.row_max - s.row[seat] if s.options.bid_cap_mode == "track_room" else s.data.max_bid
    return min(s.money[seat], room, s.data.max_bid)


def legal_bids(s: OperaState, seat: int) -> list[Bid]:
    """OP-6.2: min_bid <= b <= cap. A player whose cap is below min_bid can only bid 0 (A-08)."""
    cap = bid_cap(s, seat)
    low = s.options.min_bid
    if cap < low:
        return [Bid(0)]
    return [Bid(b) for b in range(low, cap + 1)]


def open_bids(s: OperaState) -> list[Event]:
    """OP-6.1: every player bids at once."""
    s.step = BID
    s.actor = -1
    s.commits = Commits(range(s.players), s.players)
    return []


def commit(s: OperaState, seat: int, move: Bid) -> list[Event]:
    """OP-6.1: a sealed bid; the last one reveals them all (OP-6.3, `s.commits` is then None)."""
    assert s.commits is not None
    events = [Event("bid_placed", seat, PUBLIC, {})]
    if s.commits.commit(seat, move):
        events += resolve(s)
    return events


def resolve(s: OperaState) -> list[Event]:
    """OP-6.3, OP-6.4: reveal, pay, then move the markers one at a time in the old turn order."""
    assert s.commits is not None
    bids = []
    for seat in range(s.players):
        choice = s.commits.choice(seat)
        assert isinstance(choice, Bid)
        bids.append(choice.amount)
    s.commits = None
    s.bids = bids
    for seat in s.order():
        b = bids[seat]
        s.money[seat] -= b
        if b > 0:
            place_marker(s, seat, min(s.data.row_max, s.row[seat] + b))
    events = [Event("bids_revealed", None, PUBLIC,
                    {"bids": bids, "rows": list(s.row), "slots": list(s.slot)}, reveal=True)]
    events += [Event("bid_paid", seat, PUBLIC, {"amount": bids[seat], "row": s.row[seat],
                                                "slot": s.slot[seat]}) for seat in s.order()]
    return events
