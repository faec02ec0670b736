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


def on_built(st: SkyriseState, ev: list[Event]) -> bool:
    """Resolve the effect of the wonder just constructed; True if its owner must now decide."""
    seat = st.winner
    nb = st.piece_neighborhood[st.won_piece]
    w = st.data.wonders[st.kept[seat]]
    if w.id == "the_vault":
        if vault_targets(st):
            st.phase = VAULT
            st.to_act = seat
            return True
        ev.append(Event("wonder_effect", seat, PUBLIC, {"wonder": w.id, "points": 0}))
        return False
    if w.id == "kahns_ambition":
        st.phase = KAHN
        st.to_act = seat
        return True
    points = EFFECTS[w.id](st, seat, nb, w)
    st.gain(seat, C_WONDER, points)
    ev.append(Event("wonder_effect", seat, PUBLIC, {"wonder": w.id, "points": points}))
    if w.id == "munchs_haven":
        values = dict(zip(st.data.patron_letters, st.patron_values, strict=True))
        ev.append(Event("patron_values_seen", seat, (seat,),
                        {"values": values, "listing": scoring.patron_listing(values)}, reveal=True))
    return False


def vault_targets(st: SkyriseState) -> list[int]:
    """SK-7.22: empty neighbors of the wonder that still hold a disc."""
    nb = st.piece_neighborhood[st.won_piece]
    return [x for x in st.layout.adj[nb] if st.occupant[x] < 0 and st.discs[x] >= 0]


def kahn_points(st: SkyriseState, seat: int) -> int:
    """SK-7.12 / SK-A15: 2 x (unconstructed buildings [+ 1 for the wonder itself])."""
    w = st.data.wonders[st.data.wonder_index["kahns_ambition"]]
    extra = 1 if st.options.kahn_counts_itself else 0
    return w.num("points_per_unbuilt") * (auction.unconstructed_buildings(st, seat) + extra)


def _none(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    return 0


def _capital(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    return w.num("points_if_opening_bid") if st.bids and st.bids[0] == st.won_piece else 0


def _palace(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    return w.num("points_per_bid_in_auction") * st.bid_count


def _features(st: SkyriseState, seat: int, lakes: bool) -> int:
    mine = set(scoring.structures(st, seat))
    features = st.layout.lakes if lakes else st.layout.blimps
    return sum(1 for f in features if any(x in mine for x in f.neighborhoods))


def _atlantis(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    return w.num("points") if _features(st, seat, True) >= w.num("min_lakes") else 0


def _zepplinstone(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    return w.num("points") if _features(st, seat, False) >= w.num("min_blimps") else 0


def _lynch(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    n = sum(1 for x in st.layout.adj[nb] if scoring.owner(st, x) >= 0)
    return w.num("points_per_adjacent_structure") * n


def _opportunity(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    n = sum(1 for x in st.layout.adj[nb] if st.occupant[x] < 0)
    return w.num("points_per_adjacent_empty") * n


def _jacobs(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    least = 1 if st.options.jacobs_requires_at_least_one else 0
    total = 0
    for c in range(len(st.data.board.colours)):
        counts = [st.tracks[s][c] + st.excess[s][c] for s in range(st.players)]
        if counts[seat] >= least and counts[seat] == max(counts):
            total += w.num("points_per_colour_lead")
    return total


def _intelligentsium(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    return sum(p for _, p in scoring.panoramas_for(st, seat))


def _olmsted(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    lay = st.layout
    if lay.island_of[nb] != lay.central:
        return 0
    mine = sum(1 for x in lay.island_nbs[lay.central] if scoring.owner(st, x) == seat)
    return w.num("points_if_central") + w.num("points_per_own_structure_on_central") * mine


def _munch(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    letters = sum(1 for n in st.patrons[seat] if n > 0)
    return w.num("points_per_distinct_patron_letter") * letters


def _is_tall(st: SkyriseState, pid: int) -> bool:
    """A tall building, or a constructed Atelier (SK-7.18)."""
    if pid % PIECES == WONDER_K:
        return st.kept_id(pid // PIECES) == "atelier"
    return st.data.pieces.height[pid] == TALL


def _sullivan(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    lay = st.layout
    n = 0
    for x in lay.island_nbs[lay.island_of[nb]]:
        pid = st.occupant[x]
        if pid >= 0 and st.built[pid] and _is_tall(st, pid):
            n += 1
    return w.num("points_per_tall_on_same_island") * n


def _atelier(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    base = seat * PIECES
    n = sum(1 for p in range(base, base + PIECES) if st.built[p] and _is_tall(st, p))
    return w.num("points_per_own_tall") * n


def _shard(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    return w.num("points_per_patron_disc") * sum(st.patrons[seat])


def _la_boca(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    lay = st.layout
    colours = {lay.colour[x] for x in lay.island_nbs[lay.island_of[nb]]
               if scoring.owner(st, x) == seat}
    return w.num("points_per_colour_on_island") * len(colours)


def _le_baron(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    table = w.params["points_by_unbuilt"]
    u = auction.unconstructed_buildings(st, seat)
    return int(table[u]) if u < len(table) else 0


def _summit(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    points = st.data.island_control_points
    return sum(points for _, winners in scoring.island_control(st) if seat in winners)


def _niemeyer(st: SkyriseState, seat: int, nb: int, w: Wonder) -> int:
    mine = set(scoring.structures(st, seat))
    seen: set[int] = set()
    best = 0
    for start in sorted(mine):
        if start in seen:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            x = stack.pop()
            size += 1
            for y in st.layout.adj[x]:
                if y in mine and y not in seen:
                    seen.add(y)
                    stack.append(y)
        best = max(best, size)
    return w.num("points_per_structure_in_largest_group") * best


EFFECTS: dict[str, Effect] = {
    "the_hammer": _none, "the_capital_building": _capital, "the_palace": _palace,
    "atlantis": _atlantis, "zepplinstone": _zepplinstone, "lynchs_image": _lynch,
    "opportunity": _opportunity, "jacobs_gardens": _jacobs, "intelligentsium": _intelligentsium,
    "the_olmsted": _olmsted, "munchs_haven": _munch, "sullivans_reach": _sullivan,
    "atelier": _atelier, "the_shard": _shard, "la_boca": _la_boca, "le_baron": _le_baron,
    "the_summit": _summit, "niemeyers_legacy": _niemeyer,
}
