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


def bid_cap(state: OperaState, seat: int) -> int:
    """OP-6.2: the highest legal bid (option `bid_cap_mode`)."""
    if state.options.bid_cap_mode == "track_room":
        room = state.data.row_max - state.row[seat]
    else:
        room = state.data.max_bid
    return min(state.money[seat], room, state.data.max_bid)


_BIDS: list[Bid] = []  # Bid(b) at index b, each made once (see moves.PASS)


def legal_bids(state: OperaState, seat: int) -> list[Bid]:
    """OP-6.2: min_bid <= b <= cap. A player whose cap is below min_bid can only bid 0 (A-08)."""
    cap = bid_cap(state, seat)
    low = state.options.min_bid  # 0 or more (its bounds)
    if cap < low:
        low = cap = 0
    while len(_BIDS) <= cap:
        _BIDS.append(Bid(len(_BIDS)))
    return _BIDS[low:cap + 1]


def open_bids(state: OperaState) -> list[Event]:
    """OP-6.1: every player bids at once."""
    state.step = BID
    state.actor = -1
    state.commits = Commits(range(state.players), state.players)
    return []


def commit(state: OperaState, seat: int, move: Bid) -> list[Event]:
    """OP-6.1: a sealed bid; the last one reveals them all (OP-6.3, `s.commits` is then None)."""
    assert state.commits is not None
    events = [Event("bid_placed", seat, PUBLIC, {})]
    if state.commits.commit(seat, move):
        events += resolve(state)
    return events


def resolve(state: OperaState) -> list[Event]:
    """OP-6.3, OP-6.4: reveal, pay, then move the markers one at a time in the old turn order."""
    assert state.commits is not None
    bids = []
    for seat in range(state.players):
        choice = state.commits.choice(seat)
        assert isinstance(choice, Bid)
        bids.append(choice.amount)
    state.commits = None
    state.bids = bids
    for seat in state.order():
        b = bids[seat]
        state.money[seat] -= b
        if b > 0:
            place_marker(state, seat, min(state.data.row_max, state.row[seat] + b))
    events = [Event("bids_revealed", None, PUBLIC,
                    {"bids": bids, "rows": list(state.row), "slots": list(state.slot)}, reveal=True)]
    events += [Event("bid_paid", seat, PUBLIC, {"amount": bids[seat], "row": state.row[seat],
                                                "slot": state.slot[seat]}) for seat in state.order()]
    return events
