"""Scoring: island control (SK-10), panoramas (SK-11), final scoring parts (SK-12), result."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING

from parlor.core import Result, rank_seats

from .buildings import TALL
from .const import CATEGORIES, PIECES, WONDER_K
from .data import Data, Objective, Panorama

if TYPE_CHECKING:
    from .state import SkyriseState


def owner(state: SkyriseState, neighborhood: int) -> int:
    """The seat with a structure on `neighborhood`, or -1."""
    piece = state.occupant[neighborhood]
    return piece // PIECES if piece >= 0 and state.built[piece] else -1


def structures(state: SkyriseState, seat: int) -> list[int]:
    """Neighborhoods of `seat`'s structures (constructed buildings and wonder), by piece: the
    places of its pieces picked by their built flags (in C: every leaf's heuristic asks)."""
    base = seat * PIECES
    end = base + PIECES
    return list(compress(state.piece_neighborhood[base:end], state.built[base:end]))


def island_heights(state: SkyriseState, island: int, seat: int) -> tuple[int, int, int] | None:
    """(tall, medium, short) buildings of `seat` on a layout island, or None if it has none.
    Wonders do not count, except a constructed Atelier as a tall building (SK-10.1, SK-7.18)."""
    counts = [0, 0, 0]
    found = False
    height = state.data.pieces.height
    for neighborhood in state.layout.island_nbs[island]:
        piece = state.occupant[neighborhood]
        if piece < 0 or not state.built[piece] or piece // PIECES != seat:
            continue
        if piece % PIECES == WONDER_K:
            if state.kept_id(seat) != "atelier":
                continue
            h = TALL
        else:
            h = height[piece]
        counts[h] += 1
        found = True
    return (counts[2], counts[1], counts[0]) if found else None


def island_winners(state: SkyriseState, island: int) -> list[int]:
    """SK-10.2: most tall, then medium, then short; players still tied all win."""
    return _most(state.players, [island_heights(state, island, s) for s in range(state.players)])


def _most(players: int, heights: Sequence[tuple[int, int, int] | None]) -> list[int]:
    """The seats with the most (tall, medium, short) among those with buildings there."""
    keys = {s: k for s in range(players) if (k := heights[s]) is not None}
    if not keys:
        return []
    best = max(keys.values())
    return [s for s, k in keys.items() if k == best]


# SK-10.2 compares (tall, medium, short) counts: weighing one building of each height by these,
# a player's buildings on an island add up to one number that compares the same way (fewer than
# 16 of one height: a player has 13 pieces)
CONTROL_WEIGHT = (1, 16, 256)  # by height: SHORT, MEDIUM, TALL


def island_control(state: SkyriseState) -> list[tuple[str, list[int]]]:
    """Every island in play with the seats that score it: `island_winners` of each, with each
    player's buildings weighed (`island_strength`) in one pass over their pieces (heuristics ask
    at every leaf)."""
    strength = island_strength(state)
    return [(name, strongest(row)) for name, row in zip(state.layout.islands, strength, strict=True)]


def island_strength(state: SkyriseState) -> list[list[int]]:
    """Per island in play, per seat: its buildings there weighed by `CONTROL_WEIGHT` (0: none):
    the buildings' weights the state keeps (`SkyriseState.strength`), and a built Atelier's.
    Read only: it may be the state's own list."""
    strength = state.strength
    built, where, island_of = state.built, state.piece_neighborhood, state.layout.island_of
    for seat in range(state.players):
        wonder = seat * PIECES + WONDER_K  # as in `island_heights`: only a built Atelier counts, as tall
        if built[wonder] and (island := island_of[where[wonder]]) >= 0 \
                and state.kept_id(seat) == "atelier":
            if strength is state.strength:
                strength = list(map(list.copy, strength))
            strength[island][seat] += CONTROL_WEIGHT[TALL]
    return strength


def control_weight(state: SkyriseState, piece: int) -> int:
    """What `piece`, constructed, adds to its owner's strength on its island (SK-10.1, SK-7.18:
    a wonder only as a built Atelier)."""
    if piece % PIECES == WONDER_K:
        return CONTROL_WEIGHT[TALL] if state.kept_id(piece // PIECES) == "atelier" else 0
    return CONTROL_WEIGHT[state.data.pieces.height[piece]]


def strongest(strength: list[int]) -> list[int]:
    """The seats of the greatest weighed strength, if anyone has buildings there."""
    best = max(strength)
    return [s for s, value in enumerate(strength) if value == best] if best else []


def chains(state: SkyriseState, seat: int, p: Panorama) -> int:
    """How many connected groups of >= min structures lie inside one island (SK-11 Chains,
    SK-A19)."""
    return _chains(state, set(structures(state, seat)), p)


def _chains(state: SkyriseState, mine: set[int], p: Panorama) -> int:
    return sum(1 for size in group_sizes(mine, state.layout.island_adj) if size >= p.min_structures)


def group_sizes(members: set[int], adjacent: Sequence[Sequence[int]]) -> list[int]:
    """The size of each connected group that `members` form, neighbour to neighbour in
    `adjacent` (a neighborhood -> its neighbours), in no particular order (callers count them
    or take the largest)."""
    left = set(members)  # not yet in a group
    sizes = []
    while left:
        stack, size = [left.pop()], 0
        while stack:
            here = stack.pop()
            size += 1
            for there in adjacent[here]:
                if there in left:
                    left.remove(there)
                    stack.append(there)
        sizes.append(size)
    return sizes


def groups_of_at_least(members: int, adjacent: Sequence[int], least: int) -> int:
    """How many connected groups of at least `least` the neighborhoods `members` (as bits) form,
    neighbour to neighbour in `adjacent` (a neighborhood -> its neighbours as bits): `group_sizes`
    counted, each neighborhood's neighbours taken in one `&`."""
    count = 0
    left = members  # not yet in a group
    while left and left.bit_count() >= least:  # else no group left can count
        frontier = left & -left  # a neighborhood starts a group
        left ^= frontier
        size = 0
        while frontier:
            here = frontier.bit_length() - 1
            frontier ^= 1 << here
            size += 1
            joined = adjacent[here] & left
            left ^= joined
            frontier |= joined
        if size >= least:
            count += 1
    return count


def panorama_points(p: Panorama, count: int) -> int:
    """SK-11: a panorama card's points for `count` qualifying features (groups of a chain, lakes,
    blimps, bridges) or, for windmills, structures on windmill neighborhoods."""
    if p.feature == "windmill":
        return p.points * count if count >= p.min_structures else 0
    return p.points * count


def panorama_count(state: SkyriseState, seat: int, p: Panorama) -> int:
    """What `panorama_points` counts for one card and one player (SK-11)."""
    return _count(state, set(structures(state, seat)), p)


def _count(state: SkyriseState, mine: set[int], p: Panorama) -> int:
    """`panorama_count` of the player whose structures stand on the neighborhoods `mine`."""
    if p.feature == "adjacency":
        return _chains(state, mine, p)
    lay = state.layout
    if p.feature in ("lake", "blimp"):
        features = lay.lakes if p.feature == "lake" else lay.blimps
        least = p.min_structures  # a feature names each neighborhood once (board.py)
        return sum(1 for f in features if len(mine.intersection(f.neighborhoods)) >= least)
    if p.feature == "windmill":
        return sum(1 for nb in mine if lay.windmill[nb])
    return sum(1 for _, a, b in lay.bridges if a in mine and b in mine)


def panorama_score(state: SkyriseState, seat: int, p: Panorama) -> int:
    """One panorama card for one player (SK-11)."""
    return panorama_points(p, panorama_count(state, seat, p))


def panoramas_for(state: SkyriseState, seat: int) -> list[tuple[str, int]]:
    return [(state.data.panoramas[i].id, panorama_score(state, seat, state.data.panoramas[i]))
            for i in state.panoramas]


def panorama_total(state: SkyriseState, seat: int, mine: Sequence[int] | None = None) -> int:
    """The points of every panorama card in play for one player (`panoramas_for` summed), its
    structures (`mine`, else found here) counted on the layout's features as bits (heuristics
    ask at every leaf)."""
    if mine is None:
        mine = structures(state, seat)
    found = 0
    for neighborhood in mine:
        found |= 1 << neighborhood
    lay = state.layout
    cards = state.data.panoramas
    total = 0
    for i in state.panoramas:
        p = cards[i]
        feature = p.feature
        if feature == "adjacency":
            count = groups_of_at_least(found, lay.island_adj_bits, p.min_structures)
        elif feature == "lake" or feature == "blimp":
            least = p.min_structures
            features = lay.lake_bits if feature == "lake" else lay.blimp_bits
            count = sum(1 for f in features if (found & f).bit_count() >= least)
        elif feature == "windmill":
            count = (found & lay.windmill_bits).bit_count()
        else:
            count = sum(1 for ends in lay.bridge_bits if found & ends == ends)
        total += panorama_points(p, count)
    return total


def track_value(state: SkyriseState, seat: int, colour: int) -> int:
    """SK-6.5."""
    return state.data.track_values[state.tracks[seat][colour]]


def structure_points(state: SkyriseState, seat: int, mine: Sequence[int] | None = None) -> int:
    """SK-12.1 step 5: each structure (`mine`, else found here) scores its owner's track value
    for its colour."""
    if mine is None:
        mine = structures(state, seat)
    colour = state.layout.colour
    track = state.tracks[seat]
    values = state.data.track_values
    return sum([values[track[colour[neighborhood]]] for neighborhood in mine])


def structure_points_of(data: Data, tracks: Sequence[int], per_colour: Sequence[int]) -> int:
    """SK-12.1 step 5, SK-6.5 from counts: structures per colour times that track's value."""
    return sum(data.track_values[tracks[c]] * n for c, n in enumerate(per_colour))


def objective_points(objective: Objective, count: int) -> int:
    """SK-12.1 step 3: the objective's points with enough structures of its colour."""
    return objective.points if count >= objective.min_structures else 0


def left_area_points(data: Data, patrons: Sequence[int], patron_values: Sequence[int],
                     excess: int, keys: Sequence[int], commissions: int) -> dict[str, int]:
    """SK-12.1 step 4 (SK-6.4): patron discs at their patron's value, excess discs, keys (indices
    into data.keys) and commission discs, each scoring one per item of the left-hand area."""
    items = sum(patrons) + excess + len(keys) + commissions
    return {"patrons": sum(n * v for n, v in zip(patrons, patron_values, strict=True)),
            "excess": data.excess_points * excess,
            "keys": sum(data.keys[k].points for k in keys),
            "commissions": commissions * items * data.commission_per_item}


def objective_count(state: SkyriseState, seat: int) -> int:
    colour = state.data.objectives[state.objectives[seat]].colour
    return sum(1 for nb in structures(state, seat) if state.layout.colour[nb] == colour)


def keys_held(state: SkyriseState, seat: int) -> list[int]:
    """Indices into data.keys of the keys `seat` holds (SK-9.2)."""
    if seat not in state.finish_order:
        return []
    return keys_for(state.data, state.finish_order.index(seat) + 1, state.players)


def keys_for(data: Data, rank: int, players: int) -> list[int]:
    """SK-9.2: the keys of the `rank`-th player to finish in a game of `players`."""
    return [i for i, k in enumerate(data.keys) if k.finish_rank == rank and players >= k.min_players]


def left_area_items(state: SkyriseState, seat: int) -> int:
    """SK-6.4: patron discs, excess discs, keys and commission discs."""
    return (sum(state.patrons[seat]) + sum(state.excess[seat]) + len(keys_held(state, seat))
            + state.commissions[seat])


def patron_listing(values: dict[str, int]) -> str:
    """"A 4, B 8, C 5, D 3": patron values as the log shows them (language-neutral)."""
    return ", ".join(f"{letter} {value}" for letter, value in values.items())


def ranking(prestige: Sequence[int], finish_order: Sequence[int]) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """SK-12.2: highest prestige; ties go to the player who finished earliest."""
    n = len(prestige)
    keys = []
    for s in range(n):
        order = finish_order.index(s) if s in finish_order else n
        keys.append((float(prestige[s]), float(-order)))
    return rank_seats(keys, ("prestige", "finishing order"))


def result(state: SkyriseState) -> Result:
    """Scores, breakdown, ranks; ties go to the player who finished earliest (SK-12.2)."""
    n = state.players
    ranks, notes = ranking(state.prestige, state.finish_order)
    breakdown = tuple({c: float(state.points[s][i]) for i, c in enumerate(CATEGORIES)}
                      for s in range(n))
    return Result(tuple(float(p) for p in state.prestige), breakdown, ranks, notes)
