"""Auctions: first bidder, opening bids, raises, wonder bids, passes, The Hammer's answer (SK-5):
who may bid what, and starting an auction. What follows a bid is in `bidding`."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Event, Move

from ..buildings import TALL
from ..const import OPEN, PIECES, WONDER_K
from ..moves import PASS
from .move_tables import MoveTables

if TYPE_CHECKING:
    from ..state import SkyriseState


def available(state: SkyriseState, seat: int) -> list[int]:
    """SK-4.2: unconstructed pieces of `seat` not standing as a bid, unlocked in this era."""
    base = seat * PIECES
    era_of = state.data.pieces.era
    built = state.built
    piece_nb = state.piece_neighborhood
    era = state.era
    return [pid for pid in range(base, base + PIECES)
            if not built[pid] and piece_nb[pid] < 0 and era_of[pid] <= era]


def unbuilt_buildings(state: SkyriseState, seat: int) -> tuple[int, ...]:
    """SK-4.2: `seat`'s buildings not constructed yet and unlocked in this era, by number."""
    base = seat * PIECES
    era_of = state.data.pieces.era
    built = state.built
    era = state.era
    return tuple([pid for pid in range(base, base + WONDER_K) if not built[pid] and era_of[pid] <= era])


def refresh_unbuilt(state: SkyriseState) -> None:
    """Find every seat's `unbuilt_buildings` again (a new era, a position set up anew)."""
    state.unbuilt = [unbuilt_buildings(state, seat) for seat in range(state.players)]


def is_available(state: SkyriseState, piece: int) -> bool:
    return (not state.built[piece] and state.piece_neighborhood[piece] < 0
            and state.data.pieces.era[piece] <= state.era)


def unconstructed_buildings(state: SkyriseState, seat: int) -> int:
    base = seat * PIECES
    return sum(1 for pid in range(base, base + WONDER_K) if not state.built[pid])


def hammer_blocks(state: SkyriseState, seat: int, piece: int, neighborhood: int) -> bool:
    """SK-5.2.3 / SK-7.5: another player's tall building may not go next to a built Hammer."""
    hnb = state.hammer_neighborhood
    return (hnb >= 0 and state.hammer_owner != seat and state.data.pieces.height[piece] == TALL
            and neighborhood in state.layout.adj[hnb])


def wonder_may_open(state: SkyriseState, seat: int, pieces: list[int]) -> bool:
    """SK-5.2.2: a wonder opens only as the last available piece or as The Capital Building."""
    return len(pieces) == 1 or state.kept_id(seat) == "the_capital_building"


def opening_locations(state: SkyriseState, mode: int) -> tuple[int, ...]:
    """Empty neighborhoods where an opening bid may go, while no bid stands: SK-5.2.1 (mode 0,
    as `opening_spots` keeps them), anywhere (mode >= 1), in the layout's order."""
    if mode:
        occ = state.occupant
        return tuple([nb for nb in state.layout.nbs if occ[nb] < 0])
    return tuple(state.opening_spots)


def opening_pieces(state: SkyriseState, seat: int) -> list[int]:
    """Available pieces that may open (SK-4.2, SK-5.2.2), `available` when no bid stands (as
    while an auction is opened): the unbuilt buildings of this era, then the wonder in era 2
    when it may open."""
    pieces = list(state.unbuilt[seat])
    wonder = seat * PIECES + WONDER_K
    if state.era >= 2 and not state.built[wonder] and (
            not pieces or state.kept_id(seat) == "the_capital_building"):
        pieces.append(wonder)
    return pieces


def opening_moves(state: SkyriseState, seat: int, table: Sequence[Sequence[Move]]) -> list[Move]:
    """The opener's opening bids with the auction's pieces, fallback mode and locations (SK-5.2)."""
    return openings(state, seat, state.open_pieces, state.open_neighborhoods, state.open_mode, table)


def openings(state: SkyriseState, seat: int, pieces: Sequence[int], neighborhoods: tuple[int, ...],
             mode: int, table: Sequence[Sequence[Move]]) -> list[Move]:
    """`seat`'s opening bids with `pieces` (its `opening_pieces`) on `neighborhoods`,
    `table[piece][neighborhood]` piece by piece, under fallback `mode` (SK-5.2, SK-5.2.4): 0 =
    ordinary, 1 = anywhere empty, 2 = also ignoring The Hammer. Built straight from the table:
    a rollout asks for them at every opening."""
    hnb = state.hammer_neighborhood
    out: list[Move] = []
    every = row_picker(neighborhoods)
    if mode == 2 or hnb < 0 or state.hammer_owner == seat:
        for pid in pieces:
            out.extend(every(table[pid]))
        return out
    open_to_tall = row_picker([nb for nb in neighborhoods if nb not in state.layout.adj[hnb]])
    height = state.data.pieces.height
    for pid in pieces:
        out.extend((open_to_tall if height[pid] == TALL else every)(table[pid]))
    return out


def row_picker(neighborhoods: Sequence[int]) -> Callable[[Sequence[Move]], Sequence[Move]]:
    """A function taking a row of moves by neighborhood to its moves at `neighborhoods`, in
    their order (an `itemgetter`: the lists are built at every opening and raise of a rollout)."""
    if len(neighborhoods) > 1:
        return itemgetter(*neighborhoods)
    if neighborhoods:
        only = neighborhoods[0]
        return lambda row: (row[only],)
    return lambda row: ()


def can_open(state: SkyriseState, seat: int, pieces: list[int], neighborhoods: tuple[int, ...],
             mode: int) -> bool:
    """Whether `openings` lists any bid for `seat` with `pieces` (its `opening_pieces`) on
    `neighborhoods` under fallback `mode`."""
    if not neighborhoods or not pieces:
        return False
    hnb = state.hammer_neighborhood
    if mode == 2 or hnb < 0 or state.hammer_owner == seat:
        return True
    height = state.data.pieces.height
    if any(height[pid] != TALL for pid in pieces):
        return True
    blocked = state.layout.adj[hnb]
    return any(nb not in blocked for nb in neighborhoods)  # where a tall building may go


def start_auction(state: SkyriseState, events: list[Event] | None) -> None:
    """SK-5.1, SK-5.2.4: find who opens and under which fallback, then ask them."""
    n = state.players
    first = state.first_bidder
    opener, mode = first, 2
    ordinary = tuple(state.opening_spots)  # `opening_locations(state, 0)`, written out
    anywhere: tuple[int, ...] | None = None
    finished = state.finish_order
    opener_pieces: list[int] | None = None
    for k in range(n):
        seat = (first + k) % n
        if seat in finished:
            continue
        pieces = opening_pieces(state, seat)
        if can_open(state, seat, pieces, ordinary, 0):
            opener, mode, opener_pieces = seat, 0, pieces
            break
        if anywhere is None:
            anywhere = opening_locations(state, 1)
        if can_open(state, seat, pieces, anywhere, 1):
            opener, mode, opener_pieces = seat, 1, pieces
            break
    state.opener = opener
    state.open_mode = mode
    state.open_pieces = opener_pieces if opener_pieces is not None else opening_pieces(state, opener)
    state.open_neighborhoods = ordinary if mode == 0 else (anywhere or opening_locations(state, 1))
    state.passed = [False] * n
    state.bids = []
    state.bid_count = 0
    state.phase = OPEN
    state.to_act = opener
    if events is not None:
        events.append(auction_started(state))


def auction_started(state: SkyriseState) -> Event:
    """SK-5.1: the auction in play begins, opened by `state.opener` (under fallback `open_mode`)."""
    return Event("auction_started", state.opener, PUBLIC,
                 {"auction": state.auctions + 1, "era": state.era, "first_bidder": state.first_bidder,
                  "fallback": state.open_mode})


def empty_neighbors(state: SkyriseState, neighborhood: int) -> list[int]:
    occ = state.occupant
    return [x for x in state.layout.adj[neighborhood] if occ[x] < 0]


def bid_spots(state: SkyriseState) -> list[int]:
    """SK-5.4, SK-5.5: the empty neighbors of the most recent bid, where a raise or a wonder bid
    may go (the same for every bidder until the next bid)."""
    occupant = state.occupant  # `empty_neighbors`, written out: every decision of a bidder asks
    return [x for x in state.layout.adj[state.piece_neighborhood[state.bids[-1]]] if occupant[x] < 0]


def can_raise_or_wonder(state: SkyriseState, seat: int, spots: list[int]) -> bool:
    """Whether `bidder_moves` lists more than a pass for `seat` (SK-5.6.2)."""
    return bool(spots) and (wonder_may_bid(state, seat) or has_raise(state, seat, spots))


def bidder_offer(state: SkyriseState, seat: int, spots: list[int]) -> tuple[Sequence[int], bool] | None:
    """What `seat` may bid on `spots` (`bid_spots`) besides a pass: its `raisable` buildings and
    whether it may bid its wonder (SK-5.4, SK-5.5); None when it may only pass (SK-5.6.2), as
    `can_raise_or_wonder` says. The turn's hand-over asks, and keeps the answer for the draw."""
    if not spots:
        return None
    piece = seat * PIECES + WONDER_K  # `wonder_may_bid`, written out: every hand-over asks
    wonder = state.era >= 2 and not state.built[piece] and state.piece_neighborhood[piece] < 0
    pieces, blocked = raisable(state, seat)
    if wonder or (pieces and _raise_fits(state, pieces, blocked, spots)):
        return pieces, wonder
    return None


def bidder_moves(state: SkyriseState, seat: int, tables: MoveTables, spots: list[int]) -> list[Move]:
    """Everything `seat` may do on its turn in an auction, `spots` being `bid_spots`: raise
    (SK-5.4), bid its wonder (SK-5.5) or pass (SK-5.6), in that order."""
    out = _raises(state, seat, tables.raise_, spots)
    if wonder_may_bid(state, seat):
        out.extend(map(tables.wonder_bid.__getitem__, spots))
    out.append(PASS)
    return out


def raise_moves(state: SkyriseState, seat: int, table: Sequence[Sequence[Move]]) -> list[Move]:
    """SK-5.4: available buildings above the most recent number, next to the most recent bid, as
    `table[piece][neighborhood]`: by increasing number, each piece's neighborhoods in the reverse
    order of the board's adjacency."""
    return _raises(state, seat, table, bid_spots(state))


def _raises(state: SkyriseState, seat: int, table: Sequence[Sequence[Move]],
            spots: list[int]) -> list[Move]:
    """`raise_moves` on the empty neighbors `spots` of the most recent bid."""
    out: list[Move] = []
    if not spots:
        return out
    pieces, blocked = raisable(state, seat)
    if not pieces:
        return out
    backwards = spots[::-1]
    every = row_picker(backwards)
    open_to_tall = row_picker([nb for nb in backwards if nb not in blocked]) if blocked else every
    height = state.data.pieces.height
    for piece in pieces:
        out.extend((open_to_tall if height[piece] == TALL else every)(table[piece]))
    return out


def has_raise(state: SkyriseState, seat: int, empties: list[int] | None = None) -> bool:
    """Whether `seat` has any raise (SK-5.4): `raisable`'s pieces and a spot for one of them
    (`can_bid` asks: the heuristic, for every seat still bidding). `empties`: `bid_spots`,
    when known."""
    if empties is None:
        empties = bid_spots(state)
    if not empties:
        return False
    pieces, blocked = raisable(state, seat)
    return _raise_fits(state, pieces, blocked, empties)


def _raise_fits(state: SkyriseState, pieces: Sequence[int], blocked: Sequence[int],
                empties: list[int]) -> bool:
    """Whether one of `pieces` may go on one of `empties`, The Hammer keeping tall buildings
    out of `blocked` (SK-5.2.3)."""
    if not pieces:
        return False
    if not blocked or any(nb not in blocked for nb in empties):
        return True  # a tall building fits as well as any other
    height = state.data.pieces.height
    return any(height[piece] != TALL for piece in pieces)


def raisable(state: SkyriseState, seat: int) -> tuple[Sequence[int], Sequence[int]]:
    """For a raise by `seat`: its available buildings numbered above the most recent bid, by
    increasing number; where The Hammer keeps a tall building out.

    Every bid standing is numbered below the most recent one (each raise exceeds the bid before
    it, SK-5.4, and a wonder bid ends the bidding, SK-5.8), so these are the unbuilt buildings
    of the era above that number: none of them stands as a bid."""
    unbuilt = state.unbuilt[seat]
    first = bisect_left(unbuilt, state.data.pieces.above[state.bids[-1]][seat])
    hnb = state.hammer_neighborhood
    blocked = state.layout.adj[hnb] if hnb >= 0 and state.hammer_owner != seat else ()
    return unbuilt[first:], blocked


def wonder_may_bid(state: SkyriseState, seat: int) -> bool:
    """SK-5.5: in era 2, while `seat`'s wonder is neither constructed nor standing as a bid."""
    wonder = seat * PIECES + WONDER_K
    return state.era >= 2 and not state.built[wonder] and state.piece_neighborhood[wonder] < 0


def wonder_targets(state: SkyriseState, seat: int) -> list[int]:
    """SK-5.5: in era 2 an available wonder may go on any empty neighbor of the most recent bid."""
    return bid_spots(state) if wonder_may_bid(state, seat) else []


def can_bid(state: SkyriseState, seat: int) -> bool:
    """Whether `seat` has any raise or wonder bid (else SK-5.6.2 passes for them)."""
    return bool(wonder_targets(state, seat)) or has_raise(state, seat)


def hammer_answer_targets(state: SkyriseState) -> list[int]:
    """SK-5.9: empty neighbors of the wonder bid just placed."""
    return bid_spots(state)


def place(state: SkyriseState, seat: int, piece: int, neighborhood: int, kind: str,
          events: list[Event] | None) -> None:
    """Stand `piece` on `neighborhood` as a bid (SK-5.7)."""
    state.piece_neighborhood[piece] = neighborhood
    state.occupant[neighborhood] = piece
    state.bids.append(piece)
    state.bid_count += 1
    if events is not None:
        events.append(Event(kind, seat, PUBLIC, {"piece": state.data.pieces.ids[piece],
                                             "number": state.data.pieces.number[piece],
                                             "at": state.data.board.neighborhoods[neighborhood].id}))


def lowest_kept(state: SkyriseState) -> int:
    """The unfinished seat whose kept wonder card has the lowest value (SK-5.1)."""
    wonders_data = state.data.wonders
    seats = [s for s in range(state.players) if not state.finished(s)]
    return min(seats, key=lambda s: wonders_data[state.kept[s]].value)
