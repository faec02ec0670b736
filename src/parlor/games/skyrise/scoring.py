"""Scoring: island control (SK-10), panoramas (SK-11), final scoring parts (SK-12), result."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Result, rank_seats

from .const import CATEGORIES, PIECES, WONDER_K
from .data import TALL, Panorama

if TYPE_CHECKING:
    from .state import SkyriseState


def owner(st: SkyriseState, nb: int) -> int:
    """The seat with a structure on `nb`, or -1."""
    pid = st.occ[nb]
    return pid // PIECES if pid >= 0 and st.built[pid] else -1


def structures(st: SkyriseState, seat: int) -> list[int]:
    """Neighborhoods of `seat`'s structures (constructed buildings and wonder)."""
    base = seat * PIECES
    return [st.piece_nb[p] for p in range(base, base + PIECES) if st.built[p]]


def island_heights(st: SkyriseState, island: int, seat: int) -> tuple[int, int, int] | None:
    """(tall, medium, short) buildings of `seat` on a layout island, or None if it has none.
    Wonders do not count, except a constructed Atelier as a tall building (SK-10.1, SK-7.18)."""
    counts = [0, 0, 0]
    found = False
    height = st.data.pieces.height
    for nb in st.layout.island_nbs[island]:
        pid = st.occ[nb]
        if pid < 0 or not st.built[pid] or pid // PIECES != seat:
            continue
        if pid % PIECES == WONDER_K:
            if st.kept_id(seat) != "atelier":
                continue
            h = TALL
        else:
            h = height[pid]
        counts[h] += 1
        found = True
    return (counts[2], counts[1], counts[0]) if found else None


def island_winners(st: SkyriseState, island: int) -> list[int]:
    """SK-10.2: most tall, then medium, then short; players still tied all win."""
    keys = {s: k for s in range(st.players)
            if (k := island_heights(st, island, s)) is not None}
    if not keys:
        return []
    best = max(keys.values())
    return [s for s, k in keys.items() if k == best]


def island_control(st: SkyriseState) -> list[tuple[str, list[int]]]:
    """Every island in play with the seats that score it."""
    return [(st.layout.islands[i], island_winners(st, i)) for i in range(len(st.layout.islands))]


def chains(st: SkyriseState, seat: int, p: Panorama) -> int:
    """Connected groups of >= min structures inside one island (SK-11 Chains, SK-A19)."""
    mine = set(structures(st, seat))
    seen: set[int] = set()
    total = 0
    for start in sorted(mine):
        if start in seen:
            continue
        size = 0
        stack = [start]
        seen.add(start)
        while stack:
            nb = stack.pop()
            size += 1
            for x in st.layout.island_adj[nb]:
                if x in mine and x not in seen:
                    seen.add(x)
                    stack.append(x)
        if size >= p.min_structures:
            total += p.points
    return total


def panorama_score(st: SkyriseState, seat: int, p: Panorama) -> int:
    """One panorama card for one player (SK-11)."""
    if p.feature == "adjacency":
        return chains(st, seat, p)
    mine = set(structures(st, seat))
    lay = st.layout
    if p.feature in ("lake", "blimp"):
        features = lay.lakes if p.feature == "lake" else lay.blimps
        return p.points * sum(1 for f in features
                              if sum(1 for nb in f.neighborhoods if nb in mine) >= p.min_structures)
    if p.feature == "windmill":
        count = sum(1 for nb in mine if lay.windmill[nb])
        return p.points * count if count >= p.min_structures else 0
    return p.points * sum(1 for _, a, b in lay.bridges if a in mine and b in mine)


def panoramas_for(st: SkyriseState, seat: int) -> list[tuple[str, int]]:
    return [(st.data.panoramas[i].id, panorama_score(st, seat, st.data.panoramas[i]))
            for i in st.panoramas]


def track_value(st: SkyriseState, seat: int, colour: int) -> int:
    """SK-6.5."""
    return st.data.track_values[st.tracks[seat][colour]]


def structure_points(st: SkyriseState, seat: int) -> int:
    """SK-12.1 step 5: each structure scores its owner's track value for its colour."""
    colour = st.layout.colour
    return sum(track_value(st, seat, colour[nb]) for nb in structures(st, seat))


def objective_count(st: SkyriseState, seat: int) -> int:
    colour = st.data.objectives[st.objectives[seat]].colour
    return sum(1 for nb in structures(st, seat) if st.layout.colour[nb] == colour)


def keys_held(st: SkyriseState, seat: int) -> list[int]:
    """Indices into data.keys of the keys `seat` holds (SK-9.2)."""
    if seat not in st.finish_order:
        return []
    rank = st.finish_order.index(seat) + 1
    return [i for i, k in enumerate(st.data.keys)
            if k.finish_rank == rank and st.players >= k.min_players]


def left_area_items(st: SkyriseState, seat: int) -> int:
    """SK-6.4: patron discs, excess discs, keys and commission discs."""
    return (sum(st.patrons[seat]) + sum(st.excess[seat]) + len(keys_held(st, seat))
            + st.commissions[seat])


def patron_listing(values: dict[str, int]) -> str:
    """"A 4, B 8, C 5, D 3": patron values as the log shows them (language-neutral)."""
    return ", ".join(f"{letter} {value}" for letter, value in values.items())


def result(st: SkyriseState) -> Result:
    """Scores, breakdown, ranks; ties go to the player who finished earliest (SK-12.2)."""
    n = st.players
    keys = []
    for s in range(n):
        order = st.finish_order.index(s) if s in st.finish_order else n
        keys.append((float(st.prestige[s]), float(-order)))
    ranks, notes = rank_seats(keys, ("prestige", "finishing order"))
    breakdown = tuple({c: float(st.points[s][i]) for i, c in enumerate(CATEGORIES)}
                      for s in range(n))
    return Result(tuple(float(p) for p in st.prestige), breakdown, ranks, notes)
