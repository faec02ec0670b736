"""Skyrise component data, read once from `data/*.toml` into frozen values (SK-0.4).

Every number the rules use comes from here. The board is a graph: neighborhoods, adjacencies,
lakes, blimps and slots are read from `board.toml`, so a verified map can replace the
reconstructed one (SK-A1) without touching rules code. Errors name the file and the entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlor.core.data import Entry, entries, load_toml, per_player_count, section
from parlor.core.errors import DataError

DATA_DIR = Path(__file__).parent / "data"
HEIGHTS = ("short", "medium", "tall")
SHORT, MEDIUM, TALL = 0, 1, 2
DISC_KINDS = ("neighborhood", "patron", "wild", "commission")


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


@dataclass(frozen=True, slots=True)
class Building:
    id: str
    set: str
    number: int
    height: int        # SHORT, MEDIUM, TALL
    era: int
    dotted: bool


@dataclass(frozen=True, slots=True)
class PlayerSet:
    id: str
    name: str
    display_colour: str
    wonder_piece: str
    buildings: tuple[Building, ...]   # by increasing number


@dataclass(frozen=True, slots=True)
class Wonder:
    id: str
    value: int
    name: str
    timing: str
    effect: str
    params: dict[str, Any]

    def num(self, key: str) -> int:
        value = self.params[key]
        assert isinstance(value, int)
        return value


@dataclass(frozen=True, slots=True)
class Panorama:
    id: str
    name: str
    feature: str
    min_structures: int
    points: int
    effect: str


@dataclass(frozen=True, slots=True)
class Objective:
    id: str
    colour: int
    name: str
    name_zh: str
    min_structures: int
    points: int


@dataclass(frozen=True, slots=True)
class DiscType:
    id: str
    kind: str            # neighborhood, patron, wild, commission
    colour: int          # neighborhood discs; -1 otherwise
    letter: int          # patron discs: index into patron letters; -1 otherwise
    name: str
    name_zh: str


@dataclass(frozen=True, slots=True)
class Bag:
    per_colour: int
    per_letter: int
    wild: int
    commission: int
    total: int


@dataclass(frozen=True, slots=True)
class SetupRow:
    outer_islands: int
    neighborhoods: int
    wonder_cards_each: int
    small_key_used: bool


@dataclass(frozen=True, slots=True)
class Key:
    id: str
    name: str
    name_zh: str
    points: int
    finish_rank: int
    min_players: int


@dataclass(frozen=True, slots=True)
class PieceTable:
    """Per piece `pid = set_index * 13 + k` (k = 12 is the wonder piece): its facts."""

    ids: tuple[str, ...]        # building id, or "wonder"
    number: tuple[int, ...]     # bid number; 0 for a wonder (it has none)
    height: tuple[int, ...]     # SHORT/MEDIUM/TALL; -1 for a wonder
    era: tuple[int, ...]        # 1 = undotted, 2 = dotted or wonder
    pid: dict[tuple[int, str], int]   # (set index, building id or "wonder") -> pid


def _piece_table(sets: tuple[PlayerSet, ...]) -> PieceTable:
    ids: list[str] = []
    number: list[int] = []
    height: list[int] = []
    era: list[int] = []
    pid: dict[tuple[int, str], int] = {}
    for s, ps in enumerate(sets):
        if len(ps.buildings) != 12:
            raise DataError(f"buildings.toml [sets {ps.id}]: a set needs 12 buildings, "
                            f"found {len(ps.buildings)}")
        for b in ps.buildings:
            pid[(s, b.id)] = len(ids)
            ids.append(b.id)
            number.append(b.number)
            height.append(b.height)
            era.append(b.era)
        pid[(s, "wonder")] = len(ids)
        ids.append("wonder")
        number.append(0)
        height.append(-1)
        era.append(2)
    return PieceTable(tuple(ids), tuple(number), tuple(height), tuple(era), pid)


@dataclass(frozen=True, slots=True)
class Data:
    board: Board
    sets: tuple[PlayerSet, ...]
    pieces: PieceTable
    wonders: tuple[Wonder, ...]                 # by value
    wonder_index: dict[str, int]
    panoramas: tuple[Panorama, ...]
    panoramas_in_play: int
    objectives: tuple[Objective, ...]
    disc_types: tuple[DiscType, ...]
    bags: dict[int, Bag]
    patron_letters: tuple[str, ...]
    patron_values: tuple[int, ...]
    track_values: tuple[int, ...]
    track_spaces: int
    excess_points: int
    commission_per_item: int
    keys: tuple[Key, ...]
    setup: dict[int, SetupRow]
    island_control_points: int
    options: dict[str, bool]
    min_players: int
    max_players: int


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
    nbs = e.list_of("neighborhoods", str)
    for n in nbs:
        if n not in index:
            raise DataError(f"{e.where}: field 'neighborhoods' names unknown entry {n!r}")
    at = e.list_of(place, int)
    if len(at) != 2:
        raise DataError(f"{e.where}: field '{place}' must be [x, y]")
    f = Feature(e.req("id", str), e.ref("island", islands), tuple(index[n] for n in nbs),
                (at[0], at[1]))
    e.done()
    return f


def _load_sets(path: Path) -> tuple[PlayerSet, ...]:
    doc = load_toml(path)
    fname = path.name
    by_set: dict[str, list[Building]] = {}
    heads = []
    for e in entries(doc, "sets", fname):
        heads.append((e.req("id", str), e.req("name", str), e.opt("display_colour", str, ""),
                      e.req("wonder_piece", str)))
        e.done()
    set_ids = {h[0] for h in heads}
    numbers: set[int] = set()
    for e in entries(doc, "buildings", fname):
        number = e.req("number", int)
        if number in numbers:
            raise DataError(f"{e.where}: number {number} is used twice")
        numbers.add(number)
        era = e.req("era", int)
        if era not in (1, 2):
            raise DataError(f"{e.where}: field 'era' must be 1 or 2")
        b = Building(e.req("id", str), e.ref("set", set_ids), number,
                     HEIGHTS.index(e.one_of("height", HEIGHTS)), era, e.req("dotted", bool))
        if b.dotted != (era == 2):
            raise DataError(f"{e.where}: dotted buildings are exactly the era-2 buildings")
        e.done()
        by_set.setdefault(b.set, []).append(b)
    return tuple(PlayerSet(sid, name, colour, wonder,
                           tuple(sorted(by_set.get(sid, []), key=lambda b: b.number)))
                 for sid, name, colour, wonder in heads)


_WONDER_PARAMS: dict[str, tuple[str, ...]] = {
    "the_hammer": (), "the_capital_building": ("points_if_opening_bid",),
    "the_palace": ("points_per_bid_in_auction",), "atlantis": ("min_lakes", "points"),
    "zepplinstone": ("min_blimps", "points"), "lynchs_image": ("points_per_adjacent_structure",),
    "opportunity": ("points_per_adjacent_empty",), "kahns_ambition": ("points_per_unbuilt",),
    "jacobs_gardens": ("points_per_colour_lead",), "intelligentsium": (),
    "the_olmsted": ("points_if_central", "points_per_own_structure_on_central"),
    "munchs_haven": ("points_per_distinct_patron_letter",),
    "sullivans_reach": ("points_per_tall_on_same_island",), "atelier": ("points_per_own_tall",),
    "the_shard": ("points_per_patron_disc",), "la_boca": ("points_per_colour_on_island",),
    "le_baron": ("points_by_unbuilt",), "the_vault": (), "the_summit": (),
    "niemeyers_legacy": ("points_per_structure_in_largest_group",),
}


def _load_wonders(path: Path) -> tuple[Wonder, ...]:
    doc = load_toml(path)
    out = []
    for e in entries(doc, "wonders", path.name):
        wid = e.req("id", str)
        if wid not in _WONDER_PARAMS:
            raise DataError(f"{e.where}: unknown wonder id (the rules implement "
                            f"{', '.join(_WONDER_PARAMS)})")
        fixed = ("id", "value", "name", "timing", "effect", "seed_text_zh")
        params = {k: v for k, v in e.raw.items() if k not in fixed}
        for k in _WONDER_PARAMS[wid]:
            if k not in params:
                raise DataError(f"{e.where}: missing field '{k}'")
            if k == "points_by_unbuilt":
                e.list_of(k, int)
            else:
                e.req(k, int)
        for k in params:
            e.used.add(k)
        w = Wonder(wid, e.req("value", int), e.req("name", str), e.req("timing", str),
                   e.req("effect", str), params)
        e.opt("seed_text_zh", str, "")
        e.done()
        out.append(w)
    out.sort(key=lambda w: w.value)
    if len({w.value for w in out}) != len(out):
        raise DataError(f"{path.name} [wonders]: card values must be unique")
    missing = set(_WONDER_PARAMS) - {w.id for w in out}
    if missing:
        raise DataError(f"{path.name} [wonders]: missing wonder(s) {', '.join(sorted(missing))}")
    return tuple(out)


def _load_panoramas(path: Path) -> tuple[tuple[Panorama, ...], int]:
    """The panorama cards and how many are revealed for the game (SK-3.5)."""
    doc = load_toml(path)
    in_play = Entry(doc, path.name).req("in_play", int)
    out = []
    for e in entries(doc, "panoramas", path.name):
        p = Panorama(e.req("id", str), e.req("name", str),
                     e.one_of("feature", ("adjacency", "lake", "windmill", "blimp", "bridge")),
                     e.req("min_structures", int), e.req("points", int), e.req("effect", str))
        e.opt("category_zh", str, "")
        e.opt("seed_text_zh", str, "")
        e.done()
        out.append(p)
    return tuple(out), in_play


def _load_objectives(path: Path, colours: tuple[str, ...]) -> tuple[Objective, ...]:
    doc = load_toml(path)
    out = []
    for e in entries(doc, "objectives", path.name):
        out.append(Objective(e.req("id", str), colours.index(e.ref("colour", colours)),
                             e.req("name", str), e.opt("name_zh", str, ""),
                             e.req("min_structures", int), e.req("points", int)))
        e.opt("effect", str, "")
        e.done()
    return tuple(out)


def _load_discs(path: Path, colours: tuple[str, ...]) -> tuple[
        tuple[DiscType, ...], dict[int, Bag], tuple[str, ...], tuple[int, ...]]:
    doc = load_toml(path)
    pat = section(doc, "patrons", path.name)
    letters = pat.list_of("letters", str)
    values = pat.list_of("values", int)
    pat.opt("name_zh", str, "")
    pat.done()
    if len(letters) != len(values):
        raise DataError(f"{path.name} [patrons]: as many values as letters are required")
    types = []
    for e in entries(doc, "disc_types", path.name):
        kind = e.one_of("kind", DISC_KINDS)
        colour = colours.index(e.ref("colour", colours)) if kind == "neighborhood" else -1
        letter = letters.index(e.ref("letter", letters)) if kind == "patron" else -1
        e.opt("count_in_box", int, 0)
        types.append(DiscType(e.req("id", str), kind, colour, letter, e.req("name", str),
                              e.opt("name_zh", str, "")))
        e.done()
    for e in entries(doc, "patron_value_tiles", path.name):
        e.req("id", str)
        e.req("value", int)
        e.done()
    bags = {}
    for players, e in per_player_count(doc, "bag", path.name).items():
        bags[players] = Bag(e.req("neighborhood_per_colour", int),
                                         e.req("patron_per_letter", int), e.req("wild", int),
                                         e.req("commission", int), e.req("total", int))
        e.done()
    return tuple(types), bags, letters, values


def load_data(directory: Path = DATA_DIR, board_file: str = "board.toml") -> Data:
    """Read every data file of the game from `directory` (board from `board_file`)."""
    board = load_board(directory / board_file)
    game = load_toml(directory / "game.toml")
    pb = load_toml(directory / "player_board.toml")
    tracks = section(pb, "tracks", "player_board.toml")
    track_values = tracks.list_of("values", int)
    spaces = tracks.req("spaces", int)
    track_colours = tracks.list_of("colours", str)
    tracks.done()
    if track_colours != board.colours or len(track_values) != spaces + 1:
        raise DataError("player_board.toml [tracks]: colours must match the board and values "
                        "need one entry per disc count 0..spaces")
    excess = section(pb, "excess_neighborhood_disc", "player_board.toml")
    commission = section(pb, "commission_disc", "player_board.toml")
    keys = []
    for e in entries(pb, "keys", "player_board.toml"):
        keys.append(Key(e.req("id", str), e.req("name", str), e.opt("name_zh", str, ""),
                        e.req("points", int), e.req("finish_rank", int), e.req("min_players", int)))
        e.done()
    setup = {}
    for players, e in per_player_count(game, "setup", "game.toml").items():
        setup[players] = SetupRow(
            e.req("outer_islands", int), e.req("neighborhoods", int),
            e.req("wonder_cards_each", int), e.req("small_key_used", bool))
        e.opt("secret_objectives_each", int, 1)
        e.done()
    info = section(game, "game", "game.toml")
    ic = section(game, "island_control", "game.toml")
    options = {k: v for k, v in dict(game.get("options", {})).items() if isinstance(v, bool)}
    disc_types, bags, letters, values = _load_discs(directory / "discs.toml", board.colours)
    wonders = _load_wonders(directory / "wonders.toml")
    sets = _load_sets(directory / "buildings.toml")
    panoramas, panoramas_in_play = _load_panoramas(directory / "panoramas.toml")
    return Data(
        board=board, sets=sets, pieces=_piece_table(sets), wonders=wonders,
        wonder_index={w.id: i for i, w in enumerate(wonders)},
        panoramas=panoramas,
        panoramas_in_play=panoramas_in_play,
        objectives=_load_objectives(directory / "objectives.toml", board.colours),
        disc_types=disc_types, bags=bags, patron_letters=letters, patron_values=values,
        track_values=track_values, track_spaces=spaces,
        excess_points=excess.req("points", int),
        commission_per_item=commission.req("points_per_left_area_item", int),
        keys=tuple(sorted(keys, key=lambda k: k.finish_rank)), setup=setup,
        island_control_points=ic.req("points", int), options=options,
        min_players=info.req("min_players", int), max_players=info.req("max_players", int))


DATA = load_data()
