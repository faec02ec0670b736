"""The 20 wonder effects, resolved once right after construction (SK-7.4 .. SK-7.24)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Event

from .. import scoring
from ..buildings import TALL
from ..const import C_WONDER, KAHN, PIECES, VAULT, WONDER_K
from ..data import Wonder
from . import auction

if TYPE_CHECKING:
    from ..state import SkyriseState

Effect = Callable[["SkyriseState", int, int, Wonder], int]


def on_built(state: SkyriseState, events: list[Event] | None) -> bool:
    """Resolve the effect of the wonder just constructed; True if its owner must now decide."""
    seat = state.winner
    neighborhood = state.piece_neighborhood[state.won_piece]
    w = state.data.wonders[state.kept[seat]]
    if w.id == "the_vault":
        if vault_targets(state):
            state.phase = VAULT
            state.to_act = seat
            return True
        if events is not None:
            events.append(Event("wonder_effect", seat, PUBLIC, {"wonder": w.id, "points": 0}))
        return False
    if w.id == "kahns_ambition":
        state.phase = KAHN
        state.to_act = seat
        return True
    points = EFFECTS[w.id](state, seat, neighborhood, w)
    state.gain(seat, C_WONDER, points)
    if events is not None:
        events.append(Event("wonder_effect", seat, PUBLIC, {"wonder": w.id, "points": points}))
    if w.id == "munchs_haven" and events is not None:
        values = dict(zip(state.data.patron_letters, state.patron_values, strict=True))
        events.append(Event("patron_values_seen", seat, (seat,),
                            {"values": values, "listing": scoring.patron_listing(values)}, reveal=True))
    return False


def vault_targets(state: SkyriseState) -> list[int]:
    """SK-7.22: empty neighbors of the wonder that still hold a disc."""
    neighborhood = state.piece_neighborhood[state.won_piece]
    return [x for x in state.layout.adj[neighborhood] if state.occupant[x] < 0 and state.discs[x] >= 0]


def kahn_points(state: SkyriseState, seat: int) -> int:
    """SK-7.12 / SK-A15: 2 x (unconstructed buildings [+ 1 for the wonder itself])."""
    w = state.data.wonders[state.data.wonder_index["kahns_ambition"]]
    extra = 1 if state.options.kahn_counts_itself else 0
    return w.num("points_per_unbuilt") * (auction.unconstructed_buildings(state, seat) + extra)


def _none(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    return 0


def _capital(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    return w.num("points_if_opening_bid") if state.bids and state.bids[0] == state.won_piece else 0


def _palace(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    return w.num("points_per_bid_in_auction") * state.bid_count


def _features(state: SkyriseState, seat: int, lakes: bool) -> int:
    mine = set(scoring.structures(state, seat))
    features = state.layout.lakes if lakes else state.layout.blimps
    return sum(1 for f in features if any(x in mine for x in f.neighborhoods))


def _atlantis(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    return w.num("points") if _features(state, seat, True) >= w.num("min_lakes") else 0


def _zepplinstone(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    return w.num("points") if _features(state, seat, False) >= w.num("min_blimps") else 0


def _lynch(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    n = sum(1 for x in state.layout.adj[neighborhood] if scoring.owner(state, x) >= 0)
    return w.num("points_per_adjacent_structure") * n


def _opportunity(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    n = sum(1 for x in state.layout.adj[neighborhood] if state.occupant[x] < 0)
    return w.num("points_per_adjacent_empty") * n


def _jacobs(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    least = 1 if state.options.jacobs_requires_at_least_one else 0
    total = 0
    for c in range(len(state.data.board.colours)):
        counts = [state.tracks[s][c] + state.excess[s][c] for s in range(state.players)]
        if counts[seat] >= least and counts[seat] == max(counts):
            total += w.num("points_per_colour_lead")
    return total


def _intelligentsium(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    return sum(p for _, p in scoring.panoramas_for(state, seat))


def _olmsted(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    lay = state.layout
    if lay.island_of[neighborhood] != lay.central:
        return 0
    mine = sum(1 for x in lay.island_nbs[lay.central] if scoring.owner(state, x) == seat)
    return w.num("points_if_central") + w.num("points_per_own_structure_on_central") * mine


def _munch(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    letters = sum(1 for n in state.patrons[seat] if n > 0)
    return w.num("points_per_distinct_patron_letter") * letters


def _is_tall(state: SkyriseState, piece: int) -> bool:
    """A tall building, or a constructed Atelier (SK-7.18)."""
    if piece % PIECES == WONDER_K:
        return state.kept_id(piece // PIECES) == "atelier"
    return state.data.pieces.height[piece] == TALL


def _sullivan(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    lay = state.layout
    n = 0
    for x in lay.island_nbs[lay.island_of[neighborhood]]:
        piece = state.occupant[x]
        if piece >= 0 and state.built[piece] and _is_tall(state, piece):
            n += 1
    return w.num("points_per_tall_on_same_island") * n


def _atelier(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    base = seat * PIECES
    n = sum(1 for p in range(base, base + PIECES) if state.built[p] and _is_tall(state, p))
    return w.num("points_per_own_tall") * n


def _shard(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    return w.num("points_per_patron_disc") * sum(state.patrons[seat])


def _la_boca(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    lay = state.layout
    colours = {lay.colour[x] for x in lay.island_nbs[lay.island_of[neighborhood]]
               if scoring.owner(state, x) == seat}
    return w.num("points_per_colour_on_island") * len(colours)


def _le_baron(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    table = w.params["points_by_unbuilt"]
    u = auction.unconstructed_buildings(state, seat)
    return int(table[u]) if u < len(table) else 0


def _summit(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    points = state.data.island_control_points
    return sum(points for _, winners in scoring.island_control(state) if seat in winners)


def _niemeyer(state: SkyriseState, seat: int, neighborhood: int, w: Wonder) -> int:
    mine = set(scoring.structures(state, seat))
    best = max(scoring.group_sizes(mine, state.layout.adj), default=0)
    return w.num("points_per_structure_in_largest_group") * best


EFFECTS: dict[str, Effect] = {
    "the_hammer": _none, "the_capital_building": _capital, "the_palace": _palace,
    "atlantis": _atlantis, "zepplinstone": _zepplinstone, "lynchs_image": _lynch,
    "opportunity": _opportunity, "jacobs_gardens": _jacobs, "intelligentsium": _intelligentsium,
    "the_olmsted": _olmsted, "munchs_haven": _munch, "sullivans_reach": _sullivan,
    "atelier": _atelier, "the_shard": _shard, "la_boca": _la_boca, "le_baron": _le_baron,
    "the_summit": _summit, "niemeyers_legacy": _niemeyer,
}
