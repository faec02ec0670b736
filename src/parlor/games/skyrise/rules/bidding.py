"""After a bid (SK-5.8): The Hammer's answer, the end of the auction, or the next bidder."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Event

from ..const import BID, HAMMER, PIECES, WONDER_K
from . import resolve
from .auction import bidder_offer, hammer_answer_targets

if TYPE_CHECKING:
    from ..state import SkyriseState


@cache
def clockwise(players: int) -> tuple[tuple[int, ...], ...]:
    """Per seat: the other seats clockwise from it, then itself (SK-5.3's order), worked out
    once per player count, so that finding the next bidder takes no arithmetic."""
    return tuple(tuple((seat + k) % players for k in range(1, players + 1))
                 for seat in range(players))


def after_bid(state: SkyriseState, seat: int, events: list[Event] | None) -> None:
    """SK-5.8 checks right after a bid, in order: wonder (with The Hammer), no empty neighbor,
    everybody else out; otherwise the turn passes clockwise."""
    last = state.bids[-1]
    if last % PIECES == WONDER_K:
        h = hammer_answerer(state, seat)
        if h >= 0:
            state.phase = HAMMER
            state.to_act = h
            if events is not None:
                events.append(Event("hammer_asked", h, PUBLIC, {"wonder_of": seat}))
            return
        resolve.end_auction(state, seat, last, events)
        return
    occupant = state.occupant
    spots = [x for x in state.layout.adj[state.piece_neighborhood[last]] if occupant[x] < 0]
    if not spots:  # `bid_spots`, written out: every bid asks
        resolve.end_auction(state, seat, last, events)
        return
    next_turn(state, seat, events, spots)


def hammer_answerer(state: SkyriseState, bidder: int) -> int:
    """The seat that may answer `bidder`'s wonder bid with The Hammer (SK-5.9), or -1."""
    for h in range(state.players):
        if h == bidder or state.kept_id(h) != "the_hammer" or state.passed[h] or state.finished(h):
            continue
        wonder = h * PIECES + WONDER_K
        if state.built[wonder] or state.piece_neighborhood[wonder] >= 0:
            continue
        if hammer_answer_targets(state):
            return h
    return -1


def next_turn(state: SkyriseState, seat: int, events: list[Event] | None, spots: list[int]) -> None:
    """SK-5.3, SK-5.6.2, SK-5.8 (a): next player clockwise, auto-passing those who cannot bid
    (`spots`: `bid_spots`, the same for each of them; kept on the state for the one asked)."""
    order = state.clockwise  # `clockwise(state.players)`, kept on the state
    high = state.bids[-1] // PIECES
    passed = state.passed
    finished = state.finish_order
    while True:
        t = -1
        for c in order[seat]:
            if c != high and not passed[c] and c not in finished:
                t = c
                break
        if t < 0:
            resolve.end_auction(state, high, state.bids[-1], events)
            return
        offer = bidder_offer(state, t, spots)
        if offer is not None:
            state.phase = BID
            state.to_act = t
            state.spots = spots
            state.raisable, state.may_bid_wonder = offer
            return
        passed[t] = True
        if events is not None:
            events.append(Event("passed", t, PUBLIC, {"auto": True}))
        seat = t
