"""Star Road's content: its definitions, the base data (game, components, factions, effects,
options), effects as the data writes them, and the ground rules (SR-0.2, SR-20). The design
chart is read by `chart_data`, the character table by `character_data`, both through
`table_files`.

The design chart (`objects.toml`), the character table (`characters.toml`) and the ground rules
(`ground.toml`) are designed defaults the author will replace, so every check here is written
against the data format of SR-20, never against particular entries; the loaders raise one
`DataError` naming every problem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from parlor.core.data import Entry, OptionSpec, entries, load_toml, option_specs, section
from parlor.core.errors import DataError

from .problems import At, Problem, written

DATA_DIR = Path(__file__).parent / "data"
FILES = ("game.toml", "components.toml", "factions.toml", "objects.toml", "characters.toml",
         "effects.toml", "ground.toml", "options.toml")

TYPES = ("A", "P", "M", "?")
BLOCK_MODES = ("none", "W", "P", "M")
TIMINGS = ("own_action_phase", "any", "response_to_attack_on_self", "block_only")
AFTER_USE = ("destroy", "keep", "recycle", "use_limit")
ORIGINS = ("seed", "designed")
KINDS = ("passive", "activated", "triggered")
LIMITS = ("none", "once_per_turn", "once_per_game")
ABILITY_TIMINGS = ("none", "any", "own_action_phase", "response_to_attack_on_self")
TRIGGERS = ("none", "on_eliminate_character", "on_own_object_destroyed")
SLOTS = ("ground_base", "garage")



@dataclass(frozen=True, slots=True)
class Effect:
    """One effect primitive `{op, params}` (SR-21); params are (name, value) pairs."""

    op: str
    params: tuple[tuple[str, int], ...] = ()

    def get(self, name: str) -> int:
        for key, value in self.params:
            if key == name:
                return value
        return 0


@dataclass(frozen=True, slots=True)
class ObjectDef:
    """One design-chart entry (SR-20.2)."""

    no: str
    id: str
    name: str
    name_zh: str
    origin: str
    edition: int
    sheet: int
    type: str
    cost: int
    a: int
    p: int
    m: int
    r: int
    targets: int
    w_req: int
    recycle: int
    use_limit: int
    delay: int
    block_mode: str
    timing: str
    after_use: str
    effects: tuple[Effect, ...]
    text: str


@dataclass(frozen=True, slots=True)
class CharacterDef:
    """One character card (SR-18, SR-20.8)."""

    key: str
    no: int
    id: str
    name: str
    name_zh: str
    origin: str
    kind: str
    limit: str
    timing: str
    trigger: str
    effects: tuple[Effect, ...]
    text: str
    passives: dict[str, int] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        """A passive card's effects summed by op, once (`StarRoadState.passive` asks for them
        at every step of a search)."""
        totals: dict[str, int] = {}
        if self.kind == "passive":
            for e in self.effects:
                totals[e.op] = totals.get(e.op, 0) + (e.get("amount") if e.params else 1)
        object.__setattr__(self, "passives", totals)


@dataclass(frozen=True, slots=True)
class StructureDef:
    """One ground structure (SR-19, SR-20.9)."""

    no: str
    id: str
    name: str
    name_zh: str
    origin: str
    slot: str
    cost: int
    passive: tuple[Effect, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Primitive:
    """An entry of the closed effect catalogue (SR-20.10)."""

    op: str
    context: str
    params: tuple[tuple[str, int], ...]   # (name, minimum value)


@dataclass(frozen=True, slots=True)
class FactionCard:
    code: str
    colour: str
    group: str
    captain: bool
    name: str
    name_zh: str


@dataclass(frozen=True, slots=True)
class Constants:
    """game.toml and components.toml numbers the rules use."""

    min_players: int
    max_players: int
    latest_edition: int
    starting_storage: int
    starting_hp: int
    cards_dealt: int
    supply_gain: int
    invest_cap: int
    min_investment: int
    lines: int
    levels: int
    reward: int
    round_limit: int
    resource_markers: int
    character_cards: int


@dataclass(frozen=True, slots=True)
class BaseData:
    """Everything but the replaceable content: constants, factions, primitives, options."""

    constants: Constants
    cards: dict[str, FactionCard]
    table: dict[int, tuple[str, ...]]       # players -> faction cards dealt (SR-3.2)
    groups: dict[str, tuple[str, ...]]      # group id -> colours
    primitives: dict[str, Primitive]
    triggers: tuple[str, ...]
    options: tuple[OptionSpec, ...]
    component_ids: tuple[str, ...]


# ------------------------------------------------------------------------------- base data
@lru_cache(maxsize=1)
def base_data() -> BaseData:
    """The package's own fixed data, validated once."""
    game = load_toml(DATA_DIR / "game.toml")
    comps = load_toml(DATA_DIR / "components.toml")
    counts = {}
    ids = []
    for e in entries(comps, "component", "components.toml"):
        cid = e.req("id", str)
        counts[cid] = e.req("count", int)
        ids.append(cid)
        for key in ("name", "name_zh", "formula", "origin", "use"):
            e.req(key, str)
        e.req("limit_in_digital_game", bool)
        e.done()
    for needed in ("resource_marker", "character_card", "faction_card"):
        if needed not in counts:
            raise DataError(f"components.toml: missing component '{needed}'")
    constants = _constants(game, counts)
    cards, table, groups = _factions(load_toml(DATA_DIR / "factions.toml"), constants)
    primitives, triggers = _effects(load_toml(DATA_DIR / "effects.toml"))
    options = option_specs(load_toml(DATA_DIR / "options.toml"))
    return BaseData(constants, cards, table, groups, primitives, triggers, options, tuple(ids))


def _constants(game: dict[str, Any], counts: dict[str, int]) -> Constants:
    g = section(game, "game", "game.toml")
    for key in ("id", "name", "name_zh", "former_name_zh", "rule_prefix"):
        g.req(key, str)
    mins, maxs, latest = g.req("min_players", int), g.req("max_players", int), \
        g.req("latest_edition", int)
    g.done()
    s = section(game, "setup", "game.toml")
    markers, storage, hp = s.req("starting_markers", int), s.req("starting_storage", int), \
        s.req("starting_base_hp", int)
    if storage + hp != markers:
        raise DataError("game.toml [setup]: starting_storage + starting_base_hp must equal "
                        "starting_markers")
    dealt = s.req("character_cards_dealt", int)
    s.req("character_cards_kept", int)
    s.one_of("turn_direction", ("counter_clockwise",))
    s.one_of("first_character", ("random",))
    s.done()
    t = section(game, "turn", "game.toml")
    gain, cap, least = t.req("supply_gain", int), t.req("invest_cap_per_object_per_turn", int), \
        t.req("min_investment", int)
    t.done()
    ln = section(game, "lines", "game.toml")
    lines, levels = ln.req("production_lines", int), ln.req("levels_per_line", int)
    ln.done()
    c = section(game, "combat", "game.toml")
    c.req("default_range", int)
    c.req("damage_per_marker", int)
    c.done()
    r = section(game, "reward", "game.toml")
    reward = r.req("reward_markers", int)
    r.done()
    lim = section(game, "limits", "game.toml")
    round_limit = lim.req("round_limit_default", int)
    lim.done()
    extra = sorted(set(game) - {"game", "setup", "turn", "lines", "combat", "reward", "limits"})
    if extra:
        raise DataError(f"game.toml: unknown table(s) {', '.join(extra)}")
    return Constants(mins, maxs, latest, storage, hp, dealt, gain, cap, least, lines, levels,
                     reward, round_limit, counts["resource_marker"], counts["character_card"])


def _factions(doc: dict[str, Any], k: Constants) -> tuple[
        dict[str, FactionCard], dict[int, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    colour_group: dict[str, str] = {}
    for e in entries(doc, "colour", "factions.toml"):
        e.req("id", str)
        code = e.req("code", str)
        e.req("name", str)
        e.req("name_zh", str)
        colour_group[code] = e.req("group", str)
        e.done()
    groups: dict[str, tuple[str, ...]] = {}
    for e in entries(doc, "group", "factions.toml"):
        gid = e.req("id", str)
        e.req("name", str)
        e.req("name_zh", str)
        colours = e.req("colours", list)
        for c in colours:
            if colour_group.get(c) != gid:
                raise DataError(f"factions.toml [[group]] {gid}: colour {c!r} is not of this group")
        groups[gid] = tuple(colours)
        e.done()
    cards: dict[str, FactionCard] = {}
    for e in entries(doc, "faction_card", "factions.toml"):
        e.req("id", str)
        code = e.req("code", str)
        colour = e.ref("colour", colour_group)
        cards[code] = FactionCard(code, colour, colour_group[colour], e.req("captain", bool),
                                  e.req("name", str), e.req("name_zh", str))
        e.done()
    table: dict[int, tuple[str, ...]] = {}
    for e in entries(doc, "player_count", "factions.toml"):
        n = e.req("players", int)
        e.where = f"factions.toml [[player_count]] players={n}"
        dealt = e.req("cards", list)
        for code in dealt:
            if code not in cards:
                raise DataError(f"{e.where}: unknown faction card {code!r}")
        if len(dealt) != n or len(set(dealt)) != n:
            raise DataError(f"{e.where}: needs {n} distinct cards")
        e.req("seed_note", str)
        e.req("team_sizes", dict)
        e.req("colour_sizes", dict)
        e.req("captains", int)
        e.done()
        table[n] = tuple(dealt)
    for n in range(k.min_players, k.max_players + 1):
        if n not in table:
            raise DataError(f"factions.toml: no [[player_count]] for {n} players")
    return cards, table, groups


def _effects(doc: dict[str, Any]) -> tuple[dict[str, Primitive], tuple[str, ...]]:
    prims: dict[str, Primitive] = {}
    for e in entries(doc, "primitive", "effects.toml"):
        op = e.req("op", str)
        context = e.one_of("context", ("use", "passive"))
        params = []
        for name, kind in e.req("params", dict).items():
            m = re.fullmatch(r"int>=(\d+)", str(kind))
            if m is None:
                raise DataError(f"effects.toml [[primitive]] {op}: param {name} has unknown "
                                f"type {kind!r}")
            params.append((name, int(m.group(1))))
        e.req("meaning", str)
        e.req("rule", str)
        e.done()
        prims[op] = Primitive(op, context, tuple(params))
    triggers = []
    for e in entries(doc, "trigger", "effects.toml"):
        triggers.append(e.req("id", str))
        e.req("meaning", str)
        e.req("rule", str)
        e.done()
    return prims, tuple(triggers)


# ------------------------------------------------------------------------------- effects
def parse_effects(raw: Any, at: At, context: str, errors: list[Problem]) -> tuple[Effect, ...]:
    """Effect lists `[{op, params...}]`, checked against the closed catalogue (SR-20.10)."""
    prims = base_data().primitives
    if not isinstance(raw, list):
        errors.append(at.problem("effects_not_list", field="effects"))
        return ()
    out = []
    for i, item in enumerate(raw):
        here = at.in_effect(i + 1)
        if not isinstance(item, dict):
            errors.append(here.problem("effect_not_table"))
            continue
        op = item.get("op")
        prim = prims.get(op) if isinstance(op, str) else None
        if prim is None:
            errors.append(here.problem("unknown_op", op=written(op), known=sorted(prims)))
            continue
        if prim.context != context:
            errors.append(here.problem("op_context", op=op, context=prim.context,
                                       allowed=context))
        params = []
        allowed = dict(prim.params)
        for key in sorted(set(item) - {"op"} - set(allowed)):
            errors.append(here.problem("op_unknown_param", op=op, param=key))
        for name, least in prim.params:
            value = item.get(name)
            if isinstance(value, bool) or not isinstance(value, int):
                errors.append(here.problem("op_param_not_int", op=op, param=name))
            elif value < least:
                errors.append(here.problem("op_param_below", op=op, param=name, min=least,
                                           value=value))
            else:
                params.append((name, value))
        out.append(Effect(str(op), tuple(params)))
    return tuple(out)


# ------------------------------------------------------------------------------- ground rules
@lru_cache(maxsize=1)
def load_ground() -> dict[str, StructureDef]:
    """The ground-rules module (SR-19, SR-20.9). :raises DataError:"""
    errors: list[Problem] = []
    path = DATA_DIR / "ground.toml"
    doc = load_toml(path)
    table = doc.get("structure")
    if not isinstance(table, dict):
        raise DataError("ground.toml: no [structure.NNNN] entries")
    out: dict[str, StructureDef] = {}
    slots: set[str] = set()
    for key, raw in table.items():
        where = f"ground.toml [structure.{key}]"
        e = Entry(raw, where)
        no = e.req("no", str)
        if no != key:
            raise DataError(f"{where}: field 'no' must equal the key")
        slot = e.one_of("slot", SLOTS)
        if slot in slots:
            raise DataError(f"{where}: a second structure for slot {slot!r}")
        slots.add(slot)
        cost = e.req("cost", int)
        if cost < 1:
            raise DataError(f"{where}: field 'cost' must be >= 1")
        passive = parse_effects(e.req("passive", list), At("ground.toml", "structure", key),
                                "passive", errors)
        if errors:
            raise DataError("; ".join(map(str, errors)))
        out[key] = StructureDef(no, e.req("id", str), e.req("name", str), e.req("name_zh", str),
                                e.one_of("origin", ORIGINS), slot, cost, passive,
                                e.req("text", str))
        e.done()
    return out
