"""Auctions: first bidder, opening bids, raises, wonder bids, passes, The Hammer's answer (SK-5):
who may bid what, and starting an auction. What follows a bid is in `bidding`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Event

from ..buildings import TALL
from ..const import OPEN, PIECES, WONDER_K

if TYPE_CHECKING:
    from ..state import SkyriseState


def available(st: SkyriseState, seat: int) -> list[int]:
    """SK-4.2: unconstructed pieces of `seat` not standing as a bid, unlocked in this era."""
    base = seat * PIECES
    era_of = st.data.pieces.era
    built = st.built
    piece_nb = st.piece_neighborhood
    era = st.era
    return [pid for pid in range(base, base + PIECES)
            if not built[pid] and piece_nb[pid] < 0 and era_of[pid] <= era]


def is_available(st: SkyriseState, pid: int) -> bool:
    return (not st.built[pid] and st.piece_neighborhood[pid] < 0
            and st.data.pieces.era[pid] <= st.era)


def unconstructed_buildings(st: SkyriseState, seat: int) -> int:
    base = seat * PIECES
    return sum(1 for pid in range(base, base + WONDER_K) if not st.built[pid])


def hammer_blocks(st: SkyriseState, seat: int, pid: int, nb: int) -> bool:
    """SK-5.2.3 / SK-7.5: another player's tall building may not go next to a built Hammer."""
    hnb = st.hammer_neighborhood
    return (hnb >= 0 and st.hammer_owner != seat and st.data.pieces.height[pid] == TALL
            and nb in st.layout.adj[hnb])


def wonder_may_open(st: SkyriseState, seat: int, pieces: list[int]) -> bool:
    """SK-5.2.2: a wonder opens only as the last available piece or as The Capital Building."""
    return len(pieces) == 1 or st.kept_id(seat) == "the_capital_building"


def opening_locations(st: SkyriseState, mode: int) -> tuple[int, ...]:
    """Empty neighborhoods where an opening bid may go: SK-5.2.1 (mode 0), anywhere (mode >= 1)."""
    occ = st.occupant
    if mode:
        return tuple([nb for nb in st.layout.nbs if occ[nb] < 0])
    near = st.adjacent_structures
    central = st.layout.central_mask
    return tuple([nb for nb in st.layout.nbs if occ[nb] < 0 and (near[nb] or central[nb])])


def opening_pieces(st: SkyriseState, seat: int) -> list[int]:
    """Available pieces that may open (SK-4.2, SK-5.2.2)."""
    pieces = available(st, seat)
    wonder = seat * PIECES + WONDER_K
    if wonder in pieces and not wonder_may_open(st, seat, pieces):
        pieces.remove(wonder)
    return pieces


def opening_targets(st: SkyriseState, seat: int) -> list[tuple[int, int]]:
    """(piece, neighborhood) opening bids for the opener under the auction's fallback mode
    (SK-5.2, SK-5.2.4): 0 = ordinary, 1 = anywhere empty, 2 = also ignoring The Hammer."""
    pieces = opening_pieces(st, seat)
    nbs = st.open_neighborhoods
    hnb = st.hammer_neighborhood
    if st.open_mode == 2 or hnb < 0 or st.hammer_owner == seat:
        return [(pid, nb) for pid in pieces for nb in nbs]
    blocked = st.layout.adj[hnb]
    height = st.data.pieces.height
    return [(pid, nb) for pid in pieces for nb in nbs
            if height[pid] != TALL or nb not in blocked]


def _can_open(st: SkyriseState, seat: int, nbs: tuple[int, ...]) -> bool:
    pieces = opening_pieces(st, seat)
    if not pieces or not nbs:
        return False
    hnb = st.hammer_neighborhood
    if hnb < 0 or st.hammer_owner == seat:
        return True
    height = st.data.pieces.height
    if any(height[p] != TALL for p in pieces):
        return True
    blocked = st.layout.adj[hnb]
    return any(nb not in blocked for nb in nbs)


def start_auction(st: SkyriseState, ev: list[Event]) -> None:
    """SK-5.1, SK-5.2.4: find who opens and under which fallback, then ask them."""
    n = st.players
    first = st.first_bidder
    opener, mode = first, 2
    ordinary = opening_locations(st, 0)
    anywhere: tuple[int, ...] | None = None
    for k in range(n):
        seat = (first + k) % n
        if st.finished(seat):
            continue
        if _can_open(st, seat, ordinary):
            opener, mode = seat, 0
            break
        if anywhere is None:
            anywhere = opening_locations(st, 1)
        if _can_open(st, seat, anywhere):
            opener, mode = seat, 1
            break
    st.opener = opener
    st.open_mode = mode
    st.open_neighborhoods = ordinary if mode == 0 else (anywhere or opening_locations(st, 1))
    st.passed = [False] * n
    st.bids = []
    st.bid_count = 0
    st.phase = OPEN
    st.to_act = opener
    ev.append(Event("auction_started", opener, PUBLIC,
                    {"auction": st.auctions + 1, "era": st.era, "first_bidder": first,
                     "fallback": mode}))


def empty_neighbors(st: SkyriseState, nb: int) -> list[int]:
    occ = st.occupant
    return [x for x in st.layout.adj[nb] if occ[x] < 0]


def raise_targets(st: SkyriseState, seat: int) -> list[tuple[int, int]]:
    """SK-5.4: available buildings above the most recent number, next to the most recent bid."""
    return _raises(st, seat, False)


def _raises(st: SkyriseState, seat: int, first_only: bool) -> list[tuple[int, int]]:
    last = st.bids[-1]
    occ = st.occupant
    empties = [x for x in st.layout.adj[st.piece_neighborhood[last]] if occ[x] < 0]
    out: list[tuple[int, int]] = []
    if not empties:
        return out
    pieces = st.data.pieces
    number = pieces.number
    low = number[last]
    built = st.built
    piece_nb = st.piece_neighborhood
    era_of = pieces.era
    era = st.era
    hnb = st.hammer_neighborhood
    blocked = st.layout.adj[hnb] if hnb >= 0 and st.hammer_owner != seat else ()
    height = pieces.height
    base = seat * PIECES
    # buildings k = 0..11 are sorted by number: scan down from the highest
    for pid in range(base + WONDER_K - 1, base - 1, -1):
        if number[pid] <= low:
            break
        if built[pid] or piece_nb[pid] >= 0 or era_of[pid] > era:
            continue
        tall_blocked = blocked and height[pid] == TALL
        for nb in empties:
            if tall_blocked and nb in blocked:
                continue
            out.append((pid, nb))
            if first_only:
                return out
    out.reverse()
    return out


def wonder_targets(st: SkyriseState, seat: int) -> list[int]:
    """SK-5.5: in era 2 an available wonder may go on any empty neighbor of the most recent bid."""
    wonder = seat * PIECES + WONDER_K
    if st.era < 2 or st.built[wonder] or st.piece_neighborhood[wonder] >= 0:
        return []
    return empty_neighbors(st, st.piece_neighborhood[st.bids[-1]])


def can_bid(st: SkyriseState, seat: int) -> bool:
    """Whether `seat` has any raise or wonder bid (else SK-5.6.2 passes for them)."""
    return bool(wonder_targets(st, seat)) or bool(_raises(st, seat, True))


def hammer_answer_targets(st: SkyriseState) -> list[int]:
    """SK-5.9: empty neighbors of the wonder bid just placed."""
    return empty_neighbors(st, st.piece_neighborhood[st.bids[-1]])


def place(st: SkyriseState, seat: int, pid: int, nb: int, kind: str, ev: list[Event]) -> None:
    """Stand `pid` on `nb` as a bid (SK-5.7)."""
    st.piece_neighborhood[pid] = nb
    st.occupant[nb] = pid
    st.bids.append(pid)
    st.bid_count += 1
    board = st.data.board
    ev.append(Event(kind, seat, PUBLIC, {"piece": st.data.pieces.ids[pid],
                                         "number": st.data.pieces.number[pid],
                                         "at": board.neighborhoods[nb].id}))


def lowest_kept(st: SkyriseState) -> int:
    """The unfinished seat whose kept wonder card has the lowest value (SK-5.1)."""
    wonders_data = st.data.wonders
    seats = [s for s in range(st.players) if not st.finished(s)]
    return min(seats, key=lambda s: wonders_data[st.kept[s]].value)
