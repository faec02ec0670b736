"""After a bid (SK-5.8): The Hammer's answer, the end of the auction, or the next bidder."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Event

from ..const import BID, HAMMER, PIECES, WONDER_K
from . import resolve
from .auction import can_bid, empty_neighbors, hammer_answer_targets

if TYPE_CHECKING:
    from ..state import SkyriseState


def after_bid(st: SkyriseState, seat: int, ev: list[Event]) -> None:
    """SK-5.8 checks right after a bid, in order: wonder (with The Hammer), no empty neighbor,
    everybody else out; otherwise the turn passes clockwise."""
    last = st.bids[-1]
    if last % PIECES == WONDER_K:
        h = hammer_answerer(st, seat)
        if h >= 0:
            st.phase = HAMMER
            st.to_act = h
            ev.append(Event("hammer_asked", h, PUBLIC, {"wonder_of": seat}))
            return
        resolve.end_auction(st, seat, last, ev)
        return
    if not empty_neighbors(st, st.piece_neighborhood[last]):
        resolve.end_auction(st, seat, last, ev)
        return
    next_turn(st, seat, ev)


def hammer_answerer(st: SkyriseState, bidder: int) -> int:
    """The seat that may answer `bidder`'s wonder bid with The Hammer (SK-5.9), or -1."""
    for h in range(st.players):
        if h == bidder or st.kept_id(h) != "the_hammer" or st.passed[h] or st.finished(h):
            continue
        wonder = h * PIECES + WONDER_K
        if st.built[wonder] or st.piece_neighborhood[wonder] >= 0:
            continue
        if hammer_answer_targets(st):
            return h
    return -1


def next_turn(st: SkyriseState, seat: int, ev: list[Event]) -> None:
    """SK-5.3, SK-5.6.2, SK-5.8 (a): next player clockwise, auto-passing those who cannot bid."""
    n = st.players
    high = st.bids[-1] // PIECES
    passed = st.passed
    finished = st.finish_order
    while True:
        t = -1
        for k in range(1, n + 1):
            c = (seat + k) % n
            if c != high and not passed[c] and c not in finished:
                t = c
                break
        if t < 0:
            resolve.end_auction(st, high, st.bids[-1], ev)
            return
        if can_bid(st, t):
            st.phase = BID
            st.to_act = t
            return
        passed[t] = True
        ev.append(Event("passed", t, PUBLIC, {"auto": True}))
        seat = t
