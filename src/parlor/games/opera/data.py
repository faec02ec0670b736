"""Opera's components, read once from the package's own `data/*.toml` and validated on load.

Every number the rules use comes from here (OP-0.2); errors name the file and the entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlor.core.data import Entry, OptionSpec, entries, load_toml, option_specs, section
from parlor.core.errors import DataError

DATA_DIR = Path(__file__).parent / "data"
FILES = ("game.toml", "cities.toml", "building_parts.toml", "composers.toml", "fame_ladder.toml",
         "figures.toml", "music_pieces.toml", "options.toml", "players.toml", "roles.toml",
         "rounds.toml")


@dataclass(frozen=True, slots=True)
class Composer:
    id: str
    name: str
    short_name: str
    name_zh: str
    pieces: int


@dataclass(frozen=True, slots=True)
class FamePosition:
    position: int
    value: int
    purchase_price: int
    signora_ducats: int
    signora_vp: int
    esperto_vp: int
    main_hall_vp: int


@dataclass(frozen=True, slots=True)
class City:
    id: str
    name: str
    name_zh: str
    episode: int
    opens_round: int
    max_halls: int
    main_halls: int
    wings: tuple[tuple[str, int], ...]     # (wing kind, halls) in hall-numbering order
    houses: dict[int, int]                 # player count -> number of opera houses
    figure_fields: int


@dataclass(frozen=True, slots=True)
class Part:
    id: str
    city: int          # index into cities
    house: int
    kind: str          # main | left_wing | right_wing | wing
    halls: int
    hall_numbers: tuple[int, ...]
    min_players: int
    cost_ducats: int
    vp: int
    setup_owned: bool


@dataclass(frozen=True, slots=True)
class Role:
    id: str
    name: str
    kind: str          # functionary | character
    board_order: int
    cost: int
    followable: bool
    max_uses: int
    follow_cost_per_use: int
    follow_min_cost: int
    figure: str
    max_steps: int


@dataclass(frozen=True, slots=True)
class ShortGame:
    rounds: int
    episode_of_round: tuple[int, ...]
    scoring_after_rounds: tuple[int, ...]
    opens: dict[str, int]


@dataclass(frozen=True, slots=True)
class OperaData:
    """Everything the rules read. Shared by every state, never copied."""

    rounds: int
    episode_of_round: tuple[int, ...]      # index round-1
    scoring_after_rounds: tuple[int, ...]
    short_game: ShortGame
    money_seat_1: int
    money_increment: int
    row_max: int
    slots_per_row: int
    max_bid: int
    zero_budget_bonus: int
    max_roles: int
    display_by_players: dict[int, int]
    display_cap: int
    palazzo_capacity: int
    income_by_pieces: tuple[int, ...]
    maestro_multiplier: int
    episode_bonus: tuple[int, ...]
    empty_hall_penalty: int
    max_parts_per_use: int
    composers: tuple[Composer, ...]
    fame: tuple[FamePosition, ...]         # index position-1
    cities: tuple[City, ...]
    parts: tuple[Part, ...]
    roles: tuple[Role, ...]                # board order
    figures: tuple[str, ...]               # figure ids, in roles order maestro, critico, esperto
    piece_ids: tuple[str, ...]
    piece_composer: tuple[int, ...]        # composer index of each music piece
    colors: tuple[str, ...]
    house_pieces: tuple[str, ...]          # house-composer piece id per colour
    options: tuple[OptionSpec, ...]

    def city_index(self, city_id: str) -> int:
        for i, c in enumerate(self.cities):
            if c.id == city_id:
                return i
        raise KeyError(city_id)

    def composer_index(self, composer_id: str) -> int:
        for i, c in enumerate(self.composers):
            if c.id == composer_id:
                return i
        raise KeyError(composer_id)


def _composers(raw: dict[str, Any]) -> tuple[Composer, ...]:
    out = []
    for e in entries(raw, "composer", "composers.toml"):
        out.append(Composer(e.req("id", str), e.req("name", str), e.req("short_name", str),
                            e.opt("name_zh_suggested", str, ""), e.req("pieces", int)))
        e.opt("status", str, "")
        e.done()
    return tuple(out)


def _fame(raw: dict[str, Any]) -> tuple[FamePosition, ...]:
    out = []
    for i, e in enumerate(entries(raw, "position", "fame_ladder.toml")):
        e.req("id", str)
        pos = FamePosition(e.req("position", int), e.req("value", int), e.req("purchase_price", int),
                           e.req("signora_ducats", int), e.req("signora_vp", int),
                           e.req("esperto_vp", int), e.req("main_hall_vp", int))
        if pos.position != i + 1:
            raise DataError(f"{e.where}: positions must run 1, 2, 3, ... in order")
        e.done()
        out.append(pos)
    return tuple(out)


def _cities(raw: dict[str, Any]) -> tuple[City, ...]:
    out = []
    for e in entries(raw, "city", "cities.toml"):
        wings = []
        for w in e.req("wings", list):
            we = Entry(w, f"{e.where} wings")
            wings.append((we.req("id", str), we.req("halls", int)))
            we.done()
        zh = e.opt("name_zh", str, "")
        zh = e.opt("name_zh_suggested", str, zh)
        city = City(e.req("id", str), e.req("name", str), zh, e.req("episode", int),
                    e.req("opens_round", int), e.req("max_halls", int), e.req("main_halls", int),
                    tuple(wings), e.per_player_count("houses_by_player_count"),
                    e.req("figure_fields", int))
        e.req("tile_color", str)
        e.opt("status", str, "")
        e.done()
        if city.main_halls + sum(h for _, h in city.wings) != city.max_halls:
            raise DataError(f"{e.where}: main_halls plus wing halls must equal max_halls")
        out.append(city)
    return tuple(out)


def _parts(raw: dict[str, Any], cities: tuple[City, ...]) -> tuple[Part, ...]:
    ids = [c.id for c in cities]
    out = []
    for e in entries(raw, "part", "building_parts.toml"):
        city_id = e.ref("city", ids)
        city = cities[ids.index(city_id)]
        kinds = ("main",) + tuple(k for k, _ in city.wings)
        part = Part(e.req("id", str), ids.index(city_id), e.req("house", int),
                    e.one_of("kind", kinds), e.req("halls", int), e.list_of("hall_numbers", int),
                    e.req("min_players", int), e.req("cost_ducats", int), e.req("vp", int),
                    e.req("setup_owned", bool))
        e.opt("status", str, "")
        e.done()
        expected = city.main_halls if part.kind == "main" else dict(city.wings)[part.kind]
        if part.halls != expected or len(part.hall_numbers) != part.halls:
            raise DataError(f"{e.where}: {part.halls} halls disagree with cities.toml [{city_id}]")
        out.append(part)
    for ci, city in enumerate(cities):
        for n, houses in city.houses.items():
            mains = [p for p in out if p.city == ci and p.kind == "main" and p.min_players <= n]
            if len(mains) != houses:
                raise DataError(f"cities.toml [{city.id}]: houses_by_player_count {n} = {houses} "
                                f"but building_parts.toml has {len(mains)} main buildings")
    return tuple(out)


def _roles(raw: dict[str, Any]) -> tuple[Role, ...]:
    out = []
    for e in entries(raw, "role", "roles.toml"):
        role = Role(e.req("id", str), e.req("name", str), e.one_of("kind", ("functionary", "character")),
                    e.req("board_order", int), e.req("cost", int), e.req("followable", bool),
                    e.opt("max_uses", int, 0), e.opt("follow_cost_per_use", int, 0),
                    e.opt("follow_min_cost", int, 0), e.opt("figure", str, ""),
                    e.opt("max_steps", int, 0))
        for key in ("name_zh", "alias", "rule", "status"):
            e.opt(key, str, "")
        e.done()
        out.append(role)
    out.sort(key=lambda r: r.board_order)
    expected = ["impresario", "architetto", "signora", "maestro", "critico", "esperto"]
    if [r.id for r in out] != expected:
        raise DataError(f"roles.toml: roles must be {', '.join(expected)} in board order")
    return tuple(out)


def _rounds(raw: dict[str, Any], g: Entry, cities: tuple[City, ...]) -> tuple[tuple[int, ...],
                                                                                ShortGame]:
    episodes = []
    for i, e in enumerate(entries(raw, "round", "rounds.toml")):
        e.req("id", str)
        number = e.req("number", int)
        if number != i + 1:
            raise DataError(f"{e.where}: rounds must be numbered 1, 2, 3, ... in order")
        episodes.append(e.req("episode", int))
        scoring = e.req("scoring_round_after", bool)
        if scoring != (number in g.list_of("scoring_after_rounds", int)):
            raise DataError(f"{e.where}: scoring_round_after disagrees with game.toml")
        for cid in e.list_of("opens_cities", str):
            match = [c for c in cities if c.id == cid]
            if not match:
                raise DataError(f"{e.where}: opens_cities names unknown city {cid!r}")
            if match[0].opens_round != number:
                raise DataError(f"{e.where}: {cid} opens in round {match[0].opens_round} "
                                "according to cities.toml")
        e.done()
    s = section(raw, "short_game_7_rounds", "rounds.toml")
    opens = s.req("opens", dict)
    for cid, rnd in opens.items():
        if cid not in [c.id for c in cities] or not isinstance(rnd, int):
            raise DataError(f"{s.where}: opens must map city ids to rounds, got {cid!r}")
    short = ShortGame(s.req("rounds", int), s.list_of("episode_of_round", int),
                      s.list_of("scoring_after_rounds", int), dict(opens))
    s.done()
    if len(short.episode_of_round) != short.rounds:
        raise DataError(f"{s.where}: episode_of_round must list {short.rounds} rounds")
    return tuple(episodes), short


def _players(raw: dict[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    colors, houses = [], []
    for e in entries(raw, "color", "players.toml"):
        colors.append(e.req("id", str))
        e.req("name", str)
        houses.append(e.req("house_composer_piece", str))
        e.done()
    known = set()
    for e in entries(raw, "house_piece", "players.toml"):
        known.add(e.req("id", str))
        e.req("name", str)
        e.opt("name_zh", str, "")
        e.ref("owner_color", colors)
        if e.req("value", int) != 0:
            raise DataError(f"{e.where}: a house-composer piece is worth 0 (OP-3.2)")
        e.done()
    for h in houses:
        if h not in known:
            raise DataError(f"players.toml: house_composer_piece {h!r} is not a [[house_piece]]")
    return tuple(colors), tuple(houses)


def _game_tables(g: Entry) -> dict[str, Entry]:
    tables = {}
    for name in ("money", "budget", "actions", "display", "palazzo", "income", "scoring",
                 "building", "figures"):
        tables[name] = Entry(g.req(name, dict), f"game.toml [{name}]")
    return tables


def load(data_dir: Path = DATA_DIR) -> OperaData:
    """Read and cross-check every data file. :raises DataError: naming file and entry."""
    raw = {name: load_toml(data_dir / name) for name in FILES}
    g = Entry(raw["game.toml"], "game.toml")
    for key in ("id", "name", "name_zh", "designer"):
        g.req(key, str)
    g.req("publishers", list)
    for key in ("schema_version", "year", "min_players", "max_players", "rounds", "episodes",
                "rounds_per_episode"):
        g.req(key, int)
    t = _game_tables(g)
    cities = _cities(raw["cities.toml"])
    parts = _parts(raw["building_parts.toml"], cities)
    composers = _composers(raw["composers.toml"])
    episodes, short = _rounds(raw["rounds.toml"], g, cities)
    g.done()
    pieces, piece_composer = [], []
    cids = [c.id for c in composers]
    for e in entries(raw["music_pieces.toml"], "piece", "music_pieces.toml"):
        pieces.append(e.req("id", str))
        piece_composer.append(cids.index(e.ref("composer", cids)))
        e.req("name", str)
        e.req("copy", int)
        e.done()
    for i, c in enumerate(composers):
        if piece_composer.count(i) != c.pieces:
            raise DataError(f"music_pieces.toml: {c.id} has {piece_composer.count(i)} pieces, "
                            f"composers.toml says {c.pieces}")
    figures = []
    for e in entries(raw["figures.toml"], "figure", "figures.toml"):
        figures.append((e.req("role", str), e.req("id", str)))
        for key in ("name", "name_zh", "color"):
            e.req(key, str)
        e.one_of("start_location", ("start_space",))
        e.done()
    roles = _roles(raw["roles.toml"])
    colors, house_pieces = _players(raw["players.toml"])
    fame = _fame(raw["fame_ladder.toml"])
    if len(fame) != len(composers):
        raise DataError("fame_ladder.toml: one position per composer is needed")
    data = _assemble(t, g, episodes, short, composers, fame, cities, parts, roles, figures,
                     tuple(pieces), tuple(piece_composer), colors, house_pieces,
                     option_specs(raw["options.toml"]))
    for table in t.values():
        table.done()
    return data


def _assemble(t: dict[str, Entry], g: Entry, episodes: tuple[int, ...], short: ShortGame,
              composers: tuple[Composer, ...], fame: tuple[FamePosition, ...],
              cities: tuple[City, ...], parts: tuple[Part, ...], roles: tuple[Role, ...],
              figures: list[tuple[str, str]], pieces: tuple[str, ...],
              piece_composer: tuple[int, ...], colors: tuple[str, ...],
              house_pieces: tuple[str, ...], options: tuple[OptionSpec, ...]) -> OperaData:
    m, b, a, d = t["money"], t["budget"], t["actions"], t["display"]
    p, i, s, bu, f = t["palazzo"], t["income"], t["scoring"], t["building"], t["figures"]
    m.req("bank_unlimited", bool)
    m.list_of("coin_denominations", int)
    m.req("physical_coin_count", int)
    b.req("row_min", int)
    b.req("min_bid", int)
    b.req("bid_limited_by_track_room", bool)
    a.req("each_role_once_per_round", bool)
    a.req("follow_budget_cost_per_use", int)
    d.req("episode_composer_pieces", int)
    p.req("clear_at_end_phase_when_full", bool)
    p.req("clear_after_scoring_round", bool)
    s.req("allow_negative_score", bool)
    bu.req("cost_per_hall_ducats", int)
    bu.req("vp_per_hall", int)
    f.req("must_change_city", bool)
    f.req("enforce_city_capacity", bool)
    by_role = dict(figures)
    for r in roles:
        if r.kind == "character" and by_role.get(r.id) != r.figure:
            raise DataError(f"roles.toml [{r.id}]: figure {r.figure!r} is not in figures.toml")
    income = i.list_of("by_pieces", int)
    if len(income) <= max(c.max_halls for c in cities):
        raise DataError("game.toml [income]: by_pieces needs an entry for every hall count")
    return OperaData(
        rounds=g.raw["rounds"], episode_of_round=episodes,
        scoring_after_rounds=g.list_of("scoring_after_rounds", int), short_game=short,
        money_seat_1=m.req("starting_money_seat_1", int),
        money_increment=m.req("starting_money_increment_per_seat", int),
        row_max=b.req("row_max", int), slots_per_row=b.req("slots_per_row", int),
        max_bid=b.req("max_bid", int), zero_budget_bonus=b.req("zero_budget_bonus_ducats", int),
        max_roles=a.req("max_roles_per_player_per_round", int),
        display_by_players=d.per_player_count("pieces_by_player_count"),
        display_cap=d.req("max_pieces_per_composer", int), palazzo_capacity=p.req("capacity", int),
        income_by_pieces=income, maestro_multiplier=i.req("maestro_multiplier", int),
        episode_bonus=s.list_of("episode_composer_bonus", int),
        empty_hall_penalty=s.req("empty_hall_penalty", int),
        max_parts_per_use=bu.req("max_parts_per_use", int), composers=composers, fame=fame,
        cities=cities, parts=parts, roles=roles,
        figures=tuple(by_role[r.id] for r in roles if r.kind == "character"),
        piece_ids=pieces, piece_composer=piece_composer, colors=colors,
        house_pieces=house_pieces, options=options)


DATA = load()
