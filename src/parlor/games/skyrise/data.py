"""Skyrise component data, read once from `data/*.toml` into frozen values (SK-0.4).

Every number the rules use comes from here: the board (`board.py`), the players' building sets
(`buildings.py`), and in this module the cards, discs, keys and setup tables that complete them.
Errors name the file and the entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlor.core.data import Entry, entries, load_toml, per_player_count, section
from parlor.core.errors import DataError

from .board import Board, load_board
from .buildings import PieceTable, PlayerSet, load_sets, piece_table

DATA_DIR = Path(__file__).parent / "data"
DISC_KINDS = ("neighborhood", "patron", "wild", "commission")


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
    sets = load_sets(directory / "buildings.toml")
    panoramas, panoramas_in_play = _load_panoramas(directory / "panoramas.toml")
    return Data(
        board=board, sets=sets, pieces=piece_table(sets), wonders=wonders,
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
