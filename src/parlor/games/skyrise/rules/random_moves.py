"""A decision's move drawn at random without listing every move first: a search's rollouts draw
one at each step (`SkyriseState.random_move`), most often an opening bid out of dozens.

The move is the one that ``rng.choice(legal_moves(state, seat))`` draws, from the same draws:
the list's length is counted and the drawn place is turned into the move the list holds there.
Where The Hammer keeps tall buildings out of some neighborhoods (SK-5.2.3), the rows of the list
differ in length, and the list is built instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Move, Rng

from ..const import BID, OPEN
from ..moves import PASS
from .turns import legal_moves

if TYPE_CHECKING:
    from ..state import SkyriseState


def random_move(state: SkyriseState, seat: int, rng: Rng) -> Move:
    """`State.random_move`: an opening bid (SK-5.2) or a bidder's move (SK-5.4-SK-5.6) from its
    place in the list, any other move from the list itself."""
    if seat == state.to_act:
        phase = state.phase
        if phase == OPEN:
            move = _opening(state, seat, rng)
        elif phase == BID:
            move = _bid(state, seat, rng)
        else:
            move = None
        if move is not None:
            return move
    moves = legal_moves(state, seat)
    return moves[0] if len(moves) == 1 else rng.choice(moves)


def _opening(state: SkyriseState, seat: int, rng: Rng) -> Move | None:
    """The opener's bid: `auction.openings` lists each opening piece at each location in turn."""
    hammer = state.hammer_neighborhood
    if state.open_mode != 2 and hammer >= 0 and state.hammer_owner != seat:
        return None
    pieces = state.open_pieces
    locations = state.open_neighborhoods
    width = len(locations)
    count = len(pieces) * width
    place = rng.below(count) if count > 1 else 0  # as `rng.choice` draws it (none for one move)
    return state.move_tables.open[pieces[place // width]][locations[place % width]]


def _bid(state: SkyriseState, seat: int, rng: Rng) -> Move | None:
    """A bidder's move: `auction.bidder_moves` lists each raisable building by increasing number
    at each spot from the last to the first, then the wonder at each spot, then the pass."""
    hammer = state.hammer_neighborhood
    if hammer >= 0 and state.hammer_owner != seat:
        return None
    spots = state.spots
    width = len(spots)
    pieces = state.raisable
    raises = len(pieces) * width
    wonders = width if state.may_bid_wonder else 0
    count = raises + wonders + 1
    place = rng.below(count) if count > 1 else 0
    if place < raises:
        return state.move_tables.raise_[pieces[place // width]][spots[width - 1 - place % width]]
    if place < raises + wonders:
        return state.move_tables.wonder_bid[spots[place - raises]]
    return PASS
