"""The board in play: which outer island sits in which slot, and the graph that follows (SK-2, SK-3.2).

A `Layout` is computed once per placement from the board data and shared by every state and
clone. All adjacency, feature and bridge questions the rules ask are answered from it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .board import Board, Feature


@dataclass(frozen=True, slots=True)
class Layout:
    board: Board
    placement: tuple[tuple[str, str], ...]     # (slot id, island id) in slot order
    islands: tuple[str, ...]                   # central first, then the outer islands by slot
    island_of: tuple[int, ...]                 # per neighborhood: index into `islands`, -1 = not used
    island_nbs: tuple[tuple[int, ...], ...]    # per layout island
    nbs: tuple[int, ...]                       # neighborhoods in play, in disc-assignment order
    adj: tuple[tuple[int, ...], ...]           # SK-2.3 adjacency, active central bridges included
    island_adj: tuple[tuple[int, ...], ...]    # adjacency inside one island (Chains, SK-11)
    bridges: tuple[tuple[str, int, int], ...]  # SK-2.8 bridges in play: (id, end, end)
    lakes: tuple[Feature, ...]
    blimps: tuple[Feature, ...]
    windmill: tuple[bool, ...]
    colour: tuple[int, ...]
    central: int                               # index of the central island in `islands` (0)
    central_mask: tuple[bool, ...]             # per neighborhood: on the central island
    # the features again as sets of neighborhoods in bits (bit `1 << neighborhood`), so that a
    # panorama counts a player's structures on each with an `&` (`scoring.panorama_total`)
    lake_bits: tuple[int, ...]
    blimp_bits: tuple[int, ...]
    bridge_bits: tuple[int, ...]               # both ends of each bridge in play
    windmill_bits: int
    island_adj_bits: tuple[int, ...]           # `island_adj` of each neighborhood as bits
    position: tuple[int, ...]                  # per neighborhood: its place in `nbs`, -1 = not used

    def in_play(self, neighborhood: int) -> bool:
        return self.island_of[neighborhood] >= 0


_cache: dict[tuple[int, tuple[tuple[str, str], ...]], Layout] = {}


def make_layout(board: Board, placement: dict[str, str]) -> Layout:
    """The layout with `placement` (slot id -> outer island id); checked and cached."""
    slot_order = [s.id for s in board.slots]
    for sid, iid in placement.items():
        if sid not in slot_order:
            raise ValueError(f"unknown slot {sid!r}")
        if iid not in {i.id for i in board.islands if i.kind == "outer"}:
            raise ValueError(f"unknown outer island {iid!r}")
    if len(set(placement.values())) != len(placement):
        raise ValueError("an outer island may occupy only one slot")
    ordered = tuple((sid, placement[sid]) for sid in slot_order if sid in placement)
    key = (id(board), ordered)
    cached = _cache.get(key)
    if cached is not None:
        return cached
    layout = _build(board, ordered)
    _cache[key] = layout
    return layout


def _build(board: Board, ordered: tuple[tuple[str, str], ...]) -> Layout:
    central = next(i.id for i in board.islands if i.kind == "central")
    islands = (central, *(iid for _, iid in ordered))
    n = len(board.neighborhoods)
    island_of = [-1] * n
    island_nbs: list[tuple[int, ...]] = []
    neighborhoods: list[int] = []
    for k, iid in enumerate(islands):
        members = [nb.index for nb in board.neighborhoods if nb.island == iid]
        if k > 0:
            members.sort(key=lambda i: board.neighborhoods[i].id)
        for i in members:
            island_of[i] = k
        island_nbs.append(tuple(members))
        neighborhoods.extend(members)
    adj: list[list[int]] = [[] for _ in range(n)]
    island_adj: list[list[int]] = [[] for _ in range(n)]
    bridges: list[tuple[str, int, int]] = []
    for a in board.adjacencies:
        if island_of[a.a] < 0:
            continue
        for x, y in ((a.a, a.b), (a.b, a.a)):
            adj[x].append(y)
            island_adj[x].append(y)
        if a.kind == "bridge":
            bridges.append((a.id, a.a, a.b))
    for sid, iid in ordered:
        slot = next(s for s in board.slots if s.id == sid)
        port = board.island(iid).port
        adj[slot.bridge_from].append(port)
        adj[port].append(slot.bridge_from)
        bridges.append((slot.bridge_id, slot.bridge_from, port))
    used = set(islands)
    lakes = tuple(f for f in board.lakes if f.island in used)
    blimps = tuple(f for f in board.blimps if f.island in used)
    return Layout(
        board=board, placement=ordered, islands=islands, island_of=tuple(island_of),
        island_nbs=tuple(island_nbs), nbs=tuple(neighborhoods),
        adj=tuple(tuple(sorted(set(a))) for a in adj),
        island_adj=tuple(tuple(sorted(set(a))) for a in island_adj),
        bridges=tuple(bridges),
        lakes=lakes, blimps=blimps,
        windmill=tuple(nb.windmill for nb in board.neighborhoods),
        colour=tuple(nb.colour for nb in board.neighborhoods),
        central=0,
        central_mask=tuple(island_of[i] == 0 for i in range(n)),
        lake_bits=tuple(bits(f.neighborhoods) for f in lakes),
        blimp_bits=tuple(bits(f.neighborhoods) for f in blimps),
        bridge_bits=tuple(bits((a, b)) for _, a, b in bridges),
        windmill_bits=bits(nb.index for nb in board.neighborhoods if nb.windmill),
        island_adj_bits=tuple(bits(a) for a in island_adj),
        position=tuple(neighborhoods.index(i) if i in neighborhoods else -1 for i in range(n)))


def bits(neighborhoods: Iterable[int]) -> int:
    """A set of neighborhoods as an int, bit `1 << neighborhood` for each."""
    out = 0
    for neighborhood in neighborhoods:
        out |= 1 << neighborhood
    return out


def display_coords(layout: Layout) -> dict[int, tuple[int, int]]:
    """SK-2.10 (display only, not a rule): global cell of each neighborhood in play. A north-slot
    island maps local (col, row) to (col - 1, row - 5); other slots turn that by q(x, y) = (1 - y, x)
    once per quarter turn."""
    board = layout.board
    turns = {s.id: s.quarter_turns for s in board.slots}
    slot_of = {island: slot for slot, island in layout.placement}
    out: dict[int, tuple[int, int]] = {}
    for neighborhood in layout.nbs:
        n = board.neighborhoods[neighborhood]
        if layout.island_of[neighborhood] == layout.central:
            out[neighborhood] = (n.col, n.row)
            continue
        x, y = n.col - 1, n.row - 5
        for _ in range(turns[slot_of[n.island]]):
            x, y = 1 - y, x
        out[neighborhood] = (x, y)
    return out
