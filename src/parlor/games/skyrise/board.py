"""The Skyrise board as a graph read from `board.toml` (SK-2): islands, neighborhoods,
adjacencies and bridges, lakes, blimps, the slots the outer islands fill and their layouts.
A verified map can replace the reconstructed one (SK-A1) without touching rules code.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from parlor.core.data import Entry, entries, load_toml
from parlor.core.errors import DataError


@dataclass(frozen=True, slots=True)
class Neighborhood:
    id: str
    index: int
    island: str
    colour: int      # index into Board.colours
    col: int
    row: int
    windmill: bool
    port: bool


@dataclass(frozen=True, slots=True)
class Adjacency:
    a: int
    b: int
    kind: str            # "edge" or "bridge"
    island: str
    id: str              # bridges have an id; edges get "a-b"
    spans_lake: str


@dataclass(frozen=True, slots=True)
class Feature:
    """A lake or a blimp: the neighborhoods around it (SK-2.5, SK-2.6)."""

    id: str
    island: str
    neighborhoods: tuple[int, ...]
    at: tuple[int, int]   # display only: a lake's local cell, a blimp's local grid corner


@dataclass(frozen=True, slots=True)
class Island:
    id: str
    name: str
    name_zh: str
    kind: str          # "central" or "outer"
    port: int          # neighborhood index of the port, -1 for the central island


@dataclass(frozen=True, slots=True)
class Slot:
    id: str
    order: int
    bridge_from: int   # central neighborhood index
    bridge_id: str     # id of the central bridge of this slot
    quarter_turns: int


@dataclass(frozen=True, slots=True)
class Board:
    colours: tuple[str, ...]
    colour_names: tuple[tuple[str, str], ...]   # (name, name_zh)
    islands: tuple[Island, ...]
    slots: tuple[Slot, ...]                      # in `order`
    neighborhoods: tuple[Neighborhood, ...]
    index: dict[str, int]
    adjacencies: tuple[Adjacency, ...]
    lakes: tuple[Feature, ...]
    blimps: tuple[Feature, ...]
    layouts: dict[str, dict[str, str]]           # name -> slot -> island

    def island(self, island_id: str) -> Island:
        for isl in self.islands:
            if isl.id == island_id:
                return isl
        raise KeyError(island_id)


def load_board(path: Path) -> Board:
    """Read a board file; every reference is checked (SK-2)."""
    fname = path.name
    doc = load_toml(path)
    colours: list[str] = []
    colour_names: list[tuple[str, str]] = []
    for e in entries(doc, "colours", fname):
        colours.append(e.req("id", str))
        colour_names.append((e.req("name", str), e.opt("name_zh", str, "")))
        e.opt("faction", str, "")
        e.done()
    raw_islands = entries(doc, "islands", fname)
    island_ids = {str(e.raw.get("id")) for e in raw_islands}
    nb_list: list[Neighborhood] = []
    index: dict[str, int] = {}
    for e in entries(doc, "neighborhoods", fname):
        nid = e.req("id", str)
        if nid in index:
            raise DataError(f"{e.where}: duplicate neighborhood id")
        index[nid] = len(nb_list)
        nb_list.append(Neighborhood(
            nid, len(nb_list), e.ref("island", island_ids), colours.index(e.ref("colour", colours)),
            e.req("col", int), e.req("row", int), e.req("windmill", bool), e.req("port", bool)))
        e.done()
    islands: list[Island] = []
    for e in raw_islands:
        kind = e.one_of("kind", ("central", "outer"))
        port = e.ref("port", index) if kind == "outer" else ""
        e.opt("neighborhood_count", int, 0)
        e.opt("always_used", bool, False)
        islands.append(Island(e.req("id", str), e.req("name", str), e.opt("name_zh", str, ""),
                              kind, index[port] if port else -1))
        e.done()
    if sum(1 for i in islands if i.kind == "central") != 1:
        raise DataError(f"{fname} [islands]: exactly one central island is required")
    central_ids = {n.id for n in nb_list if n.island == _central(islands)}
    bridges_by_slot: dict[str, tuple[str, str]] = {}
    for e in entries(doc, "central_bridges", fname):
        bridges_by_slot[e.req("slot", str)] = (e.req("id", str), e.ref("from", central_ids))
        e.one_of("kind", ("bridge",))
        e.done()
    slots: list[Slot] = []
    for e in entries(doc, "slots", fname):
        sid = e.req("id", str)
        frm = e.ref("central_bridge_from", central_ids)
        if sid not in bridges_by_slot or bridges_by_slot[sid][1] != frm:
            raise DataError(f"{e.where}: no matching [[central_bridges]] entry from {frm}")
        slots.append(Slot(sid, e.req("order", int), index[frm], bridges_by_slot[sid][0],
                          e.req("quarter_turns", int)))
        e.done()
    slots.sort(key=lambda s: s.order)
    adjs: list[Adjacency] = []
    for e in entries(doc, "adjacencies", fname):
        a, b = index[e.ref("a", index)], index[e.ref("b", index)]
        kind = e.one_of("kind", ("edge", "bridge"))
        isl = e.ref("island", island_ids)
        if nb_list[a].island != isl or nb_list[b].island != isl:
            raise DataError(f"{e.where}: both ends must be on island {isl}")
        default_id = f"{nb_list[a].id}-{nb_list[b].id}"
        adj_id = e.req("id", str) if kind == "bridge" else e.opt("id", str, default_id)
        adjs.append(Adjacency(a, b, kind, isl, adj_id, e.opt("spans_lake", str, "")))
        e.done()
    lakes = tuple(_feature(e, index, island_ids, "cell") for e in entries(doc, "lakes", fname))
    blimps = tuple(_feature(e, index, island_ids, "vertex") for e in entries(doc, "blimps", fname))
    layouts: dict[str, dict[str, str]] = {}
    slot_ids = {s.id for s in slots}
    outer_ids = {i.id for i in islands if i.kind == "outer"}
    for name, table in dict(doc.get("layouts", {})).items():
        e = Entry(table, f"{fname} [layouts.{name}]")
        placement = {}
        for sid in list(table):
            if sid not in slot_ids:
                raise DataError(f"{e.where}: unknown slot {sid!r}")
            placement[sid] = e.ref(sid, outer_ids)
        e.done()
        layouts[name] = placement
    return Board(tuple(colours), tuple(colour_names), tuple(islands), tuple(slots),
                 tuple(nb_list), index, tuple(adjs), lakes, blimps, layouts)


def _central(islands: list[Island]) -> str:
    return next(i.id for i in islands if i.kind == "central")


def _feature(e: Entry, index: dict[str, int], islands: set[str], place: str) -> Feature:
    neighborhoods = e.list_of("neighborhoods", str)
    for n in neighborhoods:
        if n not in index:
            raise DataError(f"{e.where}: field 'neighborhoods' names unknown entry {n!r}")
    if len(set(neighborhoods)) != len(neighborhoods):
        raise DataError(f"{e.where}: field 'neighborhoods' names a neighborhood twice")
    at = e.list_of(place, int)
    if len(at) != 2:
        raise DataError(f"{e.where}: field '{place}' must be [x, y]")
    f = Feature(e.req("id", str), e.ref("island", islands), tuple(index[n] for n in neighborhoods),
                (at[0], at[1]))
    e.done()
    return f
