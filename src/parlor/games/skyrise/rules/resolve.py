"""Resolving an auction: construct, return bids, collect the disc, wonder effect, finishing and
keys, end of era (SK-5.10, SK-6, SK-9)."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Event

from ..const import PIECES, STEP_EFFECT, STEP_FINISH, STEP_NONE, WILD, WONDER_K
from ..scoring import CONTROL_WEIGHT
from . import auction, eras, wonders

if TYPE_CHECKING:
    from ..state import SkyriseState


def end_auction(state: SkyriseState, winner: int, piece: int, events: list[Event] | None) -> None:
    """SK-5.10 steps 1-3, then the rest through `resume`."""
    neighborhood = state.piece_neighborhood[piece]
    ids = state.data.pieces.ids
    returned = []
    occupant, where = state.occupant, state.piece_neighborhood
    for b in state.bids:
        if b != piece:
            occupant[where[b]] = -1
            where[b] = -1
            if events is not None:
                returned.append([b // PIECES, ids[b]])
    state.built[piece] = True
    if piece % PIECES != WONDER_K:
        unbuilt = state.unbuilt[piece // PIECES]
        at = unbuilt.index(piece)
        state.unbuilt[piece // PIECES] = unbuilt[:at] + unbuilt[at + 1:]
    stand_structure(state, neighborhood)
    if piece % PIECES == WONDER_K and state.kept_id(winner) == "the_hammer":
        state.hammer_neighborhood = neighborhood
        state.hammer_owner = winner
    if events is not None:
        events.append(Event("auction_won", winner, PUBLIC,
                        {"piece": ids[piece], "at": state.data.board.neighborhoods[neighborhood].id,
                         "returned": returned, "bids": state.bid_count}))
    state.winner = winner
    state.won_piece = piece
    state.step = STEP_EFFECT
    if take_disc(state, winner, neighborhood, events):
        return
    resume(state, events)


def stand_structure(state: SkyriseState, neighborhood: int) -> None:
    """A structure now stands on `neighborhood` (its piece is placed and built, every other bid
    is back): no opening bid may go there, and one may go on its empty neighbors (SK-5.2.1).
    Keeps `opening_spots` in the layout's order and `in_reach` with it, and a building's weight
    in its owner's `strength` on its island (SK-10.1)."""
    piece = state.occupant[neighborhood]
    island = state.layout.island_of[neighborhood]
    if piece % PIECES != WONDER_K and island >= 0:
        state.strength[island][piece // PIECES] += CONTROL_WEIGHT[state.data.pieces.height[piece]]
    spots = state.opening_spots
    in_reach = state.in_reach
    if in_reach[neighborhood]:
        in_reach[neighborhood] = False
        spots.remove(neighborhood)
    occupant = state.occupant
    for x in state.layout.adj[neighborhood]:
        if occupant[x] < 0 and not in_reach[x]:  # newly in reach
            in_reach[x] = True
            insort(spots, x, key=state.layout.position.__getitem__)


def take_disc(state: SkyriseState, seat: int, neighborhood: int, events: list[Event] | None) -> bool:
    """Collect the disc of `neighborhood`, if any (SK-6). True when a wild disc now awaits its colour."""
    d = state.discs[neighborhood]
    if d < 0:
        return False
    state.discs[neighborhood] = -1
    dt = state.data.disc_types[d]
    placed = ""
    if dt.kind == "neighborhood":
        placed = place_colour(state, seat, dt.colour)
    elif dt.kind == "patron":
        state.patrons[seat][dt.letter] += 1
    elif dt.kind == "commission":
        state.commissions[seat] += 1
    if events is not None:
        data = {"disc": dt.id, "at": state.data.board.neighborhoods[neighborhood].id}
        if placed:
            data["placed"] = placed
        events.append(Event("disc_collected", seat, PUBLIC, data))
    if dt.kind == "patron" and events is not None:
        letter = state.data.patron_letters[dt.letter]
        events.append(Event("patron_value_seen", seat, (seat,),
                            {"letter": letter, "value": state.patron_values[dt.letter]}, reveal=True))
    if dt.kind == "wild":
        state.phase = WILD
        state.to_act = seat
        return True
    return False


def place_colour(state: SkyriseState, seat: int, colour: int) -> str:
    """SK-6.1 / SK-6.3: leftmost empty track space, or an excess disc if the track is full."""
    if state.tracks[seat][colour] < state.data.track_spaces:
        state.tracks[seat][colour] += 1
        return "track"
    state.excess[seat][colour] += 1
    return "excess"


def assign_wild(state: SkyriseState, seat: int, colour: int, events: list[Event] | None) -> None:
    """SK-6.3: the wild disc becomes, permanently, a disc of `colour`."""
    placed = place_colour(state, seat, colour)
    state.wilds[seat].append(colour)
    if events is not None:
        events.append(Event("wild_assigned", seat, PUBLIC,
                        {"colour": state.data.board.colours[colour], "placed": placed}))
    resume(state, events)


def resume(state: SkyriseState, events: list[Event] | None) -> None:
    """Run the remaining steps of SK-5.10 until a decision is needed."""
    if state.step == STEP_EFFECT:
        state.step = STEP_FINISH
        if state.won_piece % PIECES == WONDER_K and wonders.on_built(state, events):
            return
    if state.step == STEP_FINISH:
        state.step = STEP_NONE
        after_auction(state, events)


def all_built(state: SkyriseState, seat: int, era: int) -> bool:
    base = seat * PIECES
    era_of = state.data.pieces.era
    built = state.built
    for p in range(base, base + PIECES):
        if not built[p] and era_of[p] <= era:
            return False
    return True


def built_everything(state: SkyriseState, seat: int) -> bool:
    """`all_built` for the era in play, read from `seat`'s kept unbuilt buildings."""
    if state.unbuilt[seat]:
        return False
    wonder = seat * PIECES + WONDER_K
    return state.built[wonder] or state.data.pieces.era[wonder] > state.era


def after_auction(state: SkyriseState, events: list[Event] | None) -> None:
    """SK-5.10 steps 5-6: finishing and keys, end of era, or the next auction."""
    w = state.winner
    state.auctions += 1
    done = built_everything(state, w)
    if state.era == 2 and done and w not in state.finish_order:  # not finished yet
        state.finish_order.append(w)
        rank = len(state.finish_order)
        key = key_for_rank(state, rank)
        if events is not None:
            events.append(Event("finished", w, PUBLIC, {"rank": rank, "key": key}))
        if key and events is not None:
            events.append(Event("key_taken", w, PUBLIC, {"key": key}))
    # only the winner's pieces changed, and no position starts with a complete era-1 set
    if state.era == 1 and done:
        eras.end_era1(state, events)
        return
    if state.era == 2 and len(state.finish_order) == state.players:
        eras.end_game(state, events)
        return
    state.first_bidder = next_first_bidder(state)
    auction.start_auction(state, events)


def key_for_rank(state: SkyriseState, rank: int) -> str:
    """SK-9.2: the key for the `rank`-th player to finish ("" if none)."""
    for key in state.data.keys:
        if key.finish_rank == rank and state.players >= key.min_players:
            return key.id
    return ""


def next_first_bidder(state: SkyriseState) -> int:
    """SK-5.1 rule 3 with option `new_first_bidder_only_when_winner_finished` (SK-A13)."""
    w = state.winner
    if not state.finish_order:
        return w
    if state.options.new_first_bidder_only_when_winner_finished and not state.finished(w):
        return w
    return auction.lowest_kept(state)
