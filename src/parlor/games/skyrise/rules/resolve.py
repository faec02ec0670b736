"""Resolving an auction: construct, return bids, collect the disc, wonder effect, finishing and
keys, end of era (SK-5.10, SK-6, SK-9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Event

from ..const import PIECES, STEP_EFFECT, STEP_FINISH, STEP_NONE, WILD, WONDER_K
from . import auction, eras, wonders

if TYPE_CHECKING:
    from ..state import SkyriseState


def end_auction(st: SkyriseState, winner: int, pid: int, ev: list[Event]) -> None:
    """SK-5.10 steps 1-3, then the rest through `resume`."""
    nb = st.piece_neighborhood[pid]
    ids = st.data.pieces.ids
    returned = []
    for b in st.bids:
        if b != pid:
            st.occupant[st.piece_neighborhood[b]] = -1
            st.piece_neighborhood[b] = -1
            returned.append([b // PIECES, ids[b]])
    st.built[pid] = True
    for x in st.layout.adj[nb]:
        st.adjacent_structures[x] += 1
    if pid % PIECES == WONDER_K and st.kept_id(winner) == "the_hammer":
        st.hammer_neighborhood = nb
        st.hammer_owner = winner
    ev.append(Event("auction_won", winner, PUBLIC,
                    {"piece": ids[pid], "at": st.data.board.neighborhoods[nb].id,
                     "returned": returned, "bids": st.bid_count}))
    st.winner = winner
    st.won_piece = pid
    st.step = STEP_EFFECT
    if take_disc(st, winner, nb, ev):
        return
    resume(st, ev)


def take_disc(st: SkyriseState, seat: int, nb: int, ev: list[Event]) -> bool:
    """Collect the disc of `nb`, if any (SK-6). True when a wild disc now awaits its colour."""
    d = st.discs[nb]
    if d < 0:
        return False
    st.discs[nb] = -1
    dt = st.data.disc_types[d]
    data = {"disc": dt.id, "at": st.data.board.neighborhoods[nb].id}
    if dt.kind == "neighborhood":
        data["placed"] = place_colour(st, seat, dt.colour)
    elif dt.kind == "patron":
        st.patrons[seat][dt.letter] += 1
    elif dt.kind == "commission":
        st.commissions[seat] += 1
    ev.append(Event("disc_collected", seat, PUBLIC, data))
    if dt.kind == "patron":
        letter = st.data.patron_letters[dt.letter]
        ev.append(Event("patron_value_seen", seat, (seat,),
                        {"letter": letter, "value": st.patron_values[dt.letter]}, reveal=True))
    if dt.kind == "wild":
        st.phase = WILD
        st.to_act = seat
        return True
    return False


def place_colour(st: SkyriseState, seat: int, colour: int) -> str:
    """SK-6.1 / SK-6.3: leftmost empty track space, or an excess disc if the track is full."""
    if st.tracks[seat][colour] < st.data.track_spaces:
        st.tracks[seat][colour] += 1
        return "track"
    st.excess[seat][colour] += 1
    return "excess"


def assign_wild(st: SkyriseState, seat: int, colour: int, ev: list[Event]) -> None:
    """SK-6.3: the wild disc becomes, permanently, a disc of `colour`."""
    placed = place_colour(st, seat, colour)
    st.wilds[seat].append(colour)
    ev.append(Event("wild_assigned", seat, PUBLIC,
                    {"colour": st.data.board.colours[colour], "placed": placed}))
    resume(st, ev)


def resume(st: SkyriseState, ev: list[Event]) -> None:
    """Run the remaining steps of SK-5.10 until a decision is needed."""
    if st.step == STEP_EFFECT:
        st.step = STEP_FINISH
        if st.won_piece % PIECES == WONDER_K and wonders.on_built(st, ev):
            return
    if st.step == STEP_FINISH:
        st.step = STEP_NONE
        after_auction(st, ev)


def all_built(st: SkyriseState, seat: int, era: int) -> bool:
    base = seat * PIECES
    era_of = st.data.pieces.era
    built = st.built
    for p in range(base, base + PIECES):
        if not built[p] and era_of[p] <= era:
            return False
    return True


def after_auction(st: SkyriseState, ev: list[Event]) -> None:
    """SK-5.10 steps 5-6: finishing and keys, end of era, or the next auction."""
    w = st.winner
    st.auctions += 1
    if st.era == 2 and not st.finished(w) and all_built(st, w, 2):
        st.finish_order.append(w)
        rank = len(st.finish_order)
        key = key_for_rank(st, rank)
        ev.append(Event("finished", w, PUBLIC, {"rank": rank, "key": key}))
        if key:
            ev.append(Event("key_taken", w, PUBLIC, {"key": key}))
    # only the winner's pieces changed, and no position starts with a complete era-1 set
    if st.era == 1 and all_built(st, w, 1):
        eras.end_era1(st, ev)
        return
    if st.era == 2 and len(st.finish_order) == st.players:
        eras.end_game(st, ev)
        return
    st.first_bidder = next_first_bidder(st)
    auction.start_auction(st, ev)


def key_for_rank(st: SkyriseState, rank: int) -> str:
    """SK-9.2: the key for the `rank`-th player to finish ("" if none)."""
    for key in st.data.keys:
        if key.finish_rank == rank and st.players >= key.min_players:
            return key.id
    return ""


def next_first_bidder(st: SkyriseState) -> int:
    """SK-5.1 rule 3 with option `new_first_bidder_only_when_winner_finished` (SK-A13)."""
    w = st.winner
    if not st.finish_order:
        return w
    if st.options.new_first_bidder_only_when_winner_finished and not st.finished(w):
        return w
    return auction.lowest_kept(st)
