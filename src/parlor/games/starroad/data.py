"""Star Road's content, read from data files and validated (SR-0.2, SR-20).

The design chart (`objects.toml`), the character table (`characters.toml`) and the ground rules
(`ground.toml`) are designed defaults the author will replace, so every check here is written
against the data format of SR-20, never against particular entries. `check_chart(path)` lists
every problem of a chart (empty = valid); the loaders raise one `DataError` naming them all.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from parlor.core.data import Entry, load_toml
from parlor.core.errors import DataError
from parlor.core.files import NotUtf8, read_utf8

from .chart_checks import located, sheet_rules

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
_SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
_NUMBER = re.compile(r"^[0-9]{4}$")

OBJECT_FIELDS: dict[str, type] = {
    "no": str, "id": str, "name": str, "name_zh": str, "origin": str, "edition": int,
    "sheet": int, "type": str, "cost": int, "a": int, "p": int, "m": int, "r": int,
    "targets": int, "w_req": int, "recycle": int, "use_limit": int, "delay": int,
    "block_mode": str, "timing": str, "after_use": str, "effects": list, "text": str,
}
CHART_HEADER = ("schema_version", "chart_origin", "sheets", "designs_per_sheet")


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
class OptionSpec:
    id: str
    type: str
    values: tuple[Any, ...]
    default: Any
    rule: str


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
    for i, raw in enumerate(_list(comps, "component", "components.toml")):
        e = Entry(raw, f"components.toml [[component]] #{i + 1}")
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
    options = _options(load_toml(DATA_DIR / "options.toml"))
    return BaseData(constants, cards, table, groups, primitives, triggers, options, tuple(ids))


def _list(doc: dict[str, Any], key: str, where: str) -> list[Any]:
    value = doc.get(key)
    if not isinstance(value, list) or not value:
        raise DataError(f"{where}: missing array of tables [[{key}]]")
    return value


def _section(doc: dict[str, Any], key: str, where: str) -> Entry:
    return Entry(doc.get(key), f"{where} [{key}]")


def _constants(game: dict[str, Any], counts: dict[str, int]) -> Constants:
    g = _section(game, "game", "game.toml")
    for key in ("id", "name", "name_zh", "former_name_zh", "rule_prefix"):
        g.req(key, str)
    mins, maxs, latest = g.req("min_players", int), g.req("max_players", int), \
        g.req("latest_edition", int)
    g.done()
    s = _section(game, "setup", "game.toml")
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
    t = _section(game, "turn", "game.toml")
    gain, cap, least = t.req("supply_gain", int), t.req("invest_cap_per_object_per_turn", int), \
        t.req("min_investment", int)
    t.done()
    ln = _section(game, "lines", "game.toml")
    lines, levels = ln.req("production_lines", int), ln.req("levels_per_line", int)
    ln.done()
    c = _section(game, "combat", "game.toml")
    c.req("default_range", int)
    c.req("damage_per_marker", int)
    c.done()
    r = _section(game, "reward", "game.toml")
    reward = r.req("reward_markers", int)
    r.done()
    lim = _section(game, "limits", "game.toml")
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
    for i, raw in enumerate(_list(doc, "colour", "factions.toml")):
        e = Entry(raw, f"factions.toml [[colour]] #{i + 1}")
        e.req("id", str)
        code = e.req("code", str)
        e.req("name", str)
        e.req("name_zh", str)
        colour_group[code] = e.req("group", str)
        e.done()
    groups: dict[str, tuple[str, ...]] = {}
    for i, raw in enumerate(_list(doc, "group", "factions.toml")):
        e = Entry(raw, f"factions.toml [[group]] #{i + 1}")
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
    for i, raw in enumerate(_list(doc, "faction_card", "factions.toml")):
        e = Entry(raw, f"factions.toml [[faction_card]] #{i + 1}")
        e.req("id", str)
        code = e.req("code", str)
        colour = e.ref("colour", colour_group)
        cards[code] = FactionCard(code, colour, colour_group[colour], e.req("captain", bool),
                                  e.req("name", str), e.req("name_zh", str))
        e.done()
    table: dict[int, tuple[str, ...]] = {}
    for raw in _list(doc, "player_count", "factions.toml"):
        e = Entry(raw, "factions.toml [[player_count]]")
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
    for i, raw in enumerate(_list(doc, "primitive", "effects.toml")):
        e = Entry(raw, f"effects.toml [[primitive]] #{i + 1}")
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
    for i, raw in enumerate(_list(doc, "trigger", "effects.toml")):
        e = Entry(raw, f"effects.toml [[trigger]] #{i + 1}")
        triggers.append(e.req("id", str))
        e.req("meaning", str)
        e.req("rule", str)
        e.done()
    return prims, tuple(triggers)


def _options(doc: dict[str, Any]) -> tuple[OptionSpec, ...]:
    out = []
    for i, raw in enumerate(_list(doc, "option", "options.toml")):
        e = Entry(raw, f"options.toml [[option]] #{i + 1}")
        oid = e.req("id", str)
        kind = e.one_of("type", ("int", "bool", "enum"))
        values = tuple(e.opt("values", list, []))
        default = e.req("default", bool if kind == "bool" else int if kind == "int" else str)
        rule = e.req("rule", str)
        e.req("status", str)
        e.req("description", str)
        e.done()
        out.append(OptionSpec(oid, kind, values, default, rule))
    return tuple(out)


# ------------------------------------------------------------------------------- effects
def _parse_effects(raw: Any, where: str, context: str, errors: list[str]) -> tuple[Effect, ...]:
    """Effect lists `[{op, params...}]`, checked against the closed catalogue (SR-20.10)."""
    prims = base_data().primitives
    if not isinstance(raw, list):
        errors.append(f"{where}: field 'effects' must be an array of inline tables")
        return ()
    out = []
    for i, item in enumerate(raw):
        at = f"{where} effect #{i + 1}"
        if not isinstance(item, dict):
            errors.append(f"{at}: must be an inline table {{ op = ... }}")
            continue
        op = item.get("op")
        prim = prims.get(op) if isinstance(op, str) else None
        if prim is None:
            errors.append(f"{at}: unknown effect op {op!r} (known: {', '.join(sorted(prims))})")
            continue
        if prim.context != context:
            errors.append(f"{at}: op '{op}' is a {prim.context} effect; only {context} effects "
                          f"are allowed here")
        params = []
        allowed = dict(prim.params)
        for key in sorted(set(item) - {"op"} - set(allowed)):
            errors.append(f"{at}: op '{op}' has no parameter '{key}'")
        for name, least in prim.params:
            value = item.get(name)
            if isinstance(value, bool) or not isinstance(value, int):
                errors.append(f"{at}: op '{op}' needs integer parameter '{name}'")
            elif value < least:
                errors.append(f"{at}: op '{op}' parameter '{name}' must be >= {least}, "
                              f"got {value}")
            else:
                params.append((name, value))
        out.append(Effect(str(op), tuple(params)))
    return tuple(out)


# ------------------------------------------------------------------------------- the chart
# A chart or character table arrives as a file (the CLI, the lab) or as uploaded text (the `chart`
# and `characters` options, which never name a file): both are read by `_parse_doc`, with a size
# limit, then checked in the same way.
CONTENT_LIMIT = 64 * 1024          # bytes of TOML in one chart or character table
BUNDLED = ("", "default")          # option values that name the packaged chart or table


def check_chart(path: str | Path) -> list[str]:
    """Every problem of a design chart file (SR-20.1-20.6), each naming the object and field.

    An empty list means the chart is valid.
    """
    errors: list[str] = []
    text = _read_file(Path(path), errors)
    return errors if text is None else _read_chart(Path(path).name, text)[1]


def check_chart_text(text: str, name: str = "chart") -> list[str]:
    """`check_chart` for a chart given as text (an upload)."""
    return _read_chart(name, text)[1]


def load_chart(source: str | Path | None = None) -> dict[str, ObjectDef]:
    """A validated chart, number -> design: the packaged one (None, "" or "default"), a file (a
    Path) or the chart's TOML text (a str). :raises DataError: listing every problem."""
    if isinstance(source, Path):
        errors: list[str] = []
        text = _read_file(source, errors)
        if text is None:
            raise DataError("; ".join(errors))
        return _cached_chart(source.name, text)
    if source is None or source in BUNDLED:
        return _cached_chart("objects.toml", _packaged("objects.toml"))
    return _cached_chart("chart", source)


@lru_cache(maxsize=16)
def _cached_chart(name: str, text: str) -> dict[str, ObjectDef]:
    chart, errors = _read_chart(name, text)
    if errors:
        raise DataError("; ".join(errors))
    return chart


@lru_cache(maxsize=4)
def _packaged(file: str) -> str:
    return (DATA_DIR / file).read_text(encoding="utf-8")


def _read_file(path: Path, errors: list[str]) -> str | None:
    """A chart's or table's text: UTF-8, a byte-order mark allowed (core.files); anything else is
    one problem naming the first byte that is not UTF-8."""
    try:
        if path.stat().st_size > CONTENT_LIMIT:
            errors.append(f"{path.name}: larger than {CONTENT_LIMIT} bytes")
            return None
        return read_utf8(path)
    except OSError as err:
        errors.append(f"{path.name}: cannot read: {err.strerror}")
    except NotUtf8 as err:
        errors.append(f"{path.name}: {err}")
    return None


def _parse_doc(name: str, text: str, errors: list[str]) -> dict[str, Any] | None:
    """The TOML document in `text`, or None with the reason in `errors` (too large, not TOML,
    nested too deeply to read)."""
    if len(text) > CONTENT_LIMIT or len(text.encode("utf-8", "surrogatepass")) > CONTENT_LIMIT:
        errors.append(f"{name}: larger than {CONTENT_LIMIT} bytes")
        return None
    try:
        return tomllib.loads(text.removeprefix("\ufeff"))  # an uploaded text may keep its BOM
    except tomllib.TOMLDecodeError as err:
        errors.append(f"{name}: not valid TOML: {err}")
    except RecursionError:
        errors.append(f"{name}: not valid TOML: nested too deeply")
    return None


def _read_chart(name: str, text: str) -> tuple[dict[str, ObjectDef], list[str]]:
    errors: list[str] = []
    doc = _parse_doc(name, text, errors)
    if doc is None:
        return {}, errors
    chart, errors = _chart_entries(name, doc)
    return chart, located(errors, text, "object")


def _chart_entries(name: str, doc: dict[str, Any]) -> tuple[dict[str, ObjectDef], list[str]]:
    errors: list[str] = []
    for key in sorted(set(doc) - {"object", *CHART_HEADER}):
        errors.append(f"{name}: unknown top-level key '{key}'")
    table = doc.get("object")
    if not isinstance(table, dict) or not table:
        errors.append(f"{name}: no [object.NNNN] entries: a chart needs at least one design")
        return {}, errors
    chart: dict[str, ObjectDef] = {}
    ids: dict[str, str] = {}
    for key, raw in table.items():
        where = f"{name} [object.{key}]"
        obj = _check_object(key, raw, where, errors)
        if obj is None:
            continue
        if obj.id in ids:
            errors.append(f"{where}: field 'id' {obj.id!r} is also used by object {ids[obj.id]}")
        ids[obj.id] = key
        chart[key] = obj
    sheet_rules(doc, chart, name, errors)
    return chart, errors


def _check_object(key: str, raw: Any, where: str, errors: list[str]) -> ObjectDef | None:
    if not _NUMBER.match(key):
        errors.append(f"{where}: the key must be a 4-digit number [No] (SR-20.1)")
    if not isinstance(raw, dict):
        errors.append(f"{where}: must be a table")
        return None
    before = len(errors)
    for field in sorted(set(raw) - set(OBJECT_FIELDS)):
        errors.append(f"{where}: unknown field '{field}'")
    for field, tp in OBJECT_FIELDS.items():
        if field not in raw:
            errors.append(f"{where}: missing field '{field}' (SR-20.2)")
            continue
        value = raw[field]
        if not isinstance(value, tp) or (tp is int and isinstance(value, bool)):
            errors.append(f"{where}: field '{field}' must be {tp.__name__}, got {value!r}")
    if len(errors) > before:
        return None
    v = raw
    _enum(v, "origin", ORIGINS, where, errors)
    _enum(v, "type", TYPES, where, errors)
    _enum(v, "block_mode", BLOCK_MODES, where, errors)
    _enum(v, "timing", TIMINGS, where, errors)
    _enum(v, "after_use", AFTER_USE, where, errors)
    if v["no"] != key:
        errors.append(f"{where}: field 'no' is {v['no']!r} but must equal the key {key!r}")
    if not _SNAKE.match(v["id"]):
        errors.append(f"{where}: field 'id' must be snake_case, got {v['id']!r}")
    if v["edition"] not in (1, 2, 3):
        errors.append(f"{where}: field 'edition' must be 1, 2 or 3, got {v['edition']}")
    if v["sheet"] < 1:
        errors.append(f"{where}: field 'sheet' must be >= 1, got {v['sheet']}")
    if v["cost"] < 1:
        errors.append(f"{where}: field 'cost' must be >= 1, got {v['cost']}")
    for field in ("a", "p", "m", "r", "targets", "w_req", "recycle", "use_limit", "delay"):
        if v[field] < 0:
            errors.append(f"{where}: field '{field}' must be >= 0, got {v[field]}")
    effects = _parse_effects(v["effects"], where, "use", errors)
    if v["type"] in TYPES:
        _type_rules(v, effects, where, errors)
        _keyword_rules(v, where, errors)
    if len(errors) > before:
        return None
    return ObjectDef(v["no"], v["id"], v["name"], v["name_zh"], v["origin"], v["edition"],
                     v["sheet"], v["type"], v["cost"], v["a"], v["p"], v["m"], v["r"],
                     v["targets"], v["w_req"], v["recycle"], v["use_limit"], v["delay"],
                     v["block_mode"], v["timing"], v["after_use"], effects, v["text"])


def _enum(v: dict[str, Any], field: str, choices: tuple[str, ...], where: str,
          errors: list[str]) -> None:
    if v[field] not in choices:
        errors.append(f"{where}: field '{field}' must be one of {', '.join(choices)}, "
                      f"got {v[field]!r}")


def _need(ok: bool, where: str, field: str, text: str, errors: list[str]) -> None:
    if not ok:
        errors.append(f"{where}: field '{field}' {text}")


def _type_rules(v: dict[str, Any], effects: tuple[Effect, ...], where: str,
                errors: list[str]) -> None:
    """SR-20.4: what each type requires of its fields."""
    t = v["type"]
    rule = f"(type {t}, SR-20.4)"
    if t == "A":
        _need(v["a"] >= 1, where, "a", f"must be >= 1 {rule}", errors)
        _need(v["r"] >= 1, where, "r", f"must be >= 1 {rule}", errors)
        _need(v["targets"] >= 1, where, "targets", f"must be >= 1 {rule}", errors)
        for f in ("p", "m"):
            _need(v[f] == 0, where, f, f"must be 0 {rule}", errors)
        _need(v["block_mode"] == "none", where, "block_mode", f"must be 'none' {rule}", errors)
        _need(v["timing"] == "own_action_phase", where, "timing",
              f"must be 'own_action_phase' {rule}", errors)
        _need(v["after_use"] in ("destroy", "recycle", "use_limit"), where, "after_use",
              f"must be destroy, recycle or use_limit {rule}", errors)
        _need(not effects, where, "effects", f"must be empty {rule}", errors)
    elif t in ("P", "M"):
        value = "p" if t == "P" else "m"
        other = "m" if t == "P" else "p"
        _need(v[value] >= 1, where, value, f"must be >= 1 {rule}", errors)
        for f in ("a", other, "r", "targets", "recycle", "delay"):
            _need(v[f] == 0, where, f, f"must be 0 {rule}", errors)
        _need(v["block_mode"] == t, where, "block_mode", f"must be '{t}' {rule}", errors)
        _need(v["timing"] == "block_only", where, "timing", f"must be 'block_only' {rule}",
              errors)
        _need(v["after_use"] in ("keep", "use_limit"), where, "after_use",
              f"must be keep or use_limit {rule}", errors)
        _need(not effects, where, "effects", f"must be empty {rule}", errors)
    else:
        for f in ("a", "p", "m", "r", "targets"):
            _need(v[f] == 0, where, f, f"must be 0 {rule}", errors)
        mode = "W" if v["delay"] == 0 else "none"
        _need(v["block_mode"] == mode, where, "block_mode",
              f"must be '{mode}' when delay is {v['delay']} {rule}", errors)
        _need(v["timing"] in ("any", "response_to_attack_on_self"), where, "timing",
              f"must be any or response_to_attack_on_self {rule}", errors)
        if any(e.op == "cancel_weapon" for e in effects):
            _need(v["timing"] == "response_to_attack_on_self", where, "timing",
                  "must be 'response_to_attack_on_self' with a cancel_weapon effect (SR-20.4)",
                  errors)
        _need(v["after_use"] in ("destroy", "recycle", "use_limit"), where, "after_use",
              f"must be destroy, recycle or use_limit {rule}", errors)


def _keyword_rules(v: dict[str, Any], where: str, errors: list[str]) -> None:
    """SR-20.5: X(R), X(UL), X(t) and their editions."""
    rec, ul, delay = v["recycle"], v["use_limit"], v["delay"]
    _need(rec < v["cost"], where, "recycle", f"must be less than cost {v['cost']} (SR-20.5)",
          errors)
    if rec > 0 and ul > 0:
        errors.append(f"{where}: fields 'recycle' and 'use_limit' cannot both be > 0 (SR-20.5)")
    if delay > 0:
        _need(v["type"] in ("A", "?"), where, "delay", "must be 0 for types P and M (SR-20.5)",
              errors)
    if rec > 0:
        _need(v["after_use"] == "recycle", where, "after_use",
              "must be 'recycle' when recycle > 0 (SR-20.5)", errors)
    elif v["after_use"] == "recycle":
        errors.append(f"{where}: field 'after_use' is 'recycle' but recycle is 0 (SR-20.5)")
    if ul > 0:
        _need(v["after_use"] == "use_limit", where, "after_use",
              "must be 'use_limit' when use_limit > 0 (SR-20.5)", errors)
    elif v["after_use"] == "use_limit":
        errors.append(f"{where}: field 'after_use' is 'use_limit' but use_limit is 0 (SR-20.5)")
    if rec > 0 or ul > 0:
        _need(v["edition"] >= 2, where, "edition",
              "must be >= 2 when recycle or use_limit > 0 (SR-20.5)", errors)
    if delay > 0:
        _need(v["edition"] == 3, where, "edition", "must be 3 when delay > 0 (SR-20.5)", errors)


# ------------------------------------------------------------------------------- characters
def check_characters(path: str | Path) -> list[str]:
    """Every problem of a character table (SR-20.8); empty = valid."""
    errors: list[str] = []
    text = _read_file(Path(path), errors)
    return errors if text is None else _read_characters(Path(path).name, text)[1]


def check_characters_text(text: str, name: str = "characters") -> list[str]:
    """`check_characters` for a table given as text (an upload)."""
    return _read_characters(name, text)[1]


def load_characters(source: str | Path | None = None) -> dict[str, CharacterDef]:
    """A validated character table, key (e.g. "c01") -> card, from the package (None, "" or
    "default"), a file (a Path) or TOML text (a str). :raises DataError:"""
    if isinstance(source, Path):
        errors: list[str] = []
        text = _read_file(source, errors)
        if text is None:
            raise DataError("; ".join(errors))
        return _cached_characters(source.name, text)
    if source is None or source in BUNDLED:
        return _cached_characters("characters.toml", _packaged("characters.toml"))
    return _cached_characters("characters", source)


@lru_cache(maxsize=16)
def _cached_characters(name: str, text: str) -> dict[str, CharacterDef]:
    table, errors = _read_characters(name, text)
    if errors:
        raise DataError("; ".join(errors))
    return table


CHARACTER_FIELDS: dict[str, type] = {
    "no": int, "id": str, "name": str, "name_zh": str, "origin": str, "kind": str,
    "limit": str, "timing": str, "trigger": str, "effects": list, "text": str,
}


def _read_characters(name: str, text: str) -> tuple[dict[str, CharacterDef], list[str]]:
    errors: list[str] = []
    doc = _parse_doc(name, text, errors)
    if doc is None:
        return {}, errors
    table, errors = _character_entries(name, doc)
    return table, located(errors, text, "character")


def _character_entries(name: str, doc: dict[str, Any]
                       ) -> tuple[dict[str, CharacterDef], list[str]]:
    errors: list[str] = []
    for key in sorted(set(doc) - {"character", "schema_version", "table_origin"}):
        errors.append(f"{name}: unknown top-level key '{key}'")
    table = doc.get("character")
    if not isinstance(table, dict):
        errors.append(f"{name}: no [character.cNN] entries")
        return {}, errors
    need = base_data().constants.character_cards
    if len(table) != need:
        errors.append(f"{name}: the table must hold exactly {need} character cards, "
                      f"found {len(table)} (SR-1.1)")
    out: dict[str, CharacterDef] = {}
    for key, raw in table.items():
        where = f"{name} [character.{key}]"
        card = _check_character(key, raw, where, errors)
        if card is not None:
            out[key] = card
    return out, errors


def _check_character(key: str, raw: Any, where: str, errors: list[str]) -> CharacterDef | None:
    if not isinstance(raw, dict):
        errors.append(f"{where}: must be a table")
        return None
    before = len(errors)
    for field in sorted(set(raw) - set(CHARACTER_FIELDS)):
        errors.append(f"{where}: unknown field '{field}'")
    for field, tp in CHARACTER_FIELDS.items():
        if field not in raw:
            errors.append(f"{where}: missing field '{field}' (SR-20.8)")
        elif not isinstance(raw[field], tp) or (tp is int and isinstance(raw[field], bool)):
            errors.append(f"{where}: field '{field}' must be {tp.__name__}, got {raw[field]!r}")
    if len(errors) > before:
        return None
    v = raw
    _enum(v, "origin", ORIGINS, where, errors)
    _enum(v, "kind", KINDS, where, errors)
    _enum(v, "limit", LIMITS, where, errors)
    _enum(v, "timing", ABILITY_TIMINGS, where, errors)
    _enum(v, "trigger", TRIGGERS, where, errors)
    if len(errors) > before:
        return None
    kind = v["kind"]
    effects = _parse_effects(v["effects"], where, "passive" if kind == "passive" else "use", errors)
    if kind == "passive":
        for f in ("limit", "timing", "trigger"):
            _need(v[f] == "none", where, f, "must be 'none' for a passive card (SR-20.8)", errors)
    elif kind == "activated":
        _need(v["limit"] != "none", where, "limit", "must be set for an activated card (SR-20.8)",
              errors)
        _need(v["timing"] != "none", where, "timing",
              "must be set for an activated card (SR-20.8)", errors)
        _need(v["trigger"] == "none", where, "trigger",
              "must be 'none' for an activated card (SR-20.8)", errors)
    else:
        _need(v["trigger"] != "none", where, "trigger",
              "must be set for a triggered card (SR-20.8)", errors)
        for f in ("limit", "timing"):
            _need(v[f] == "none", where, f, "must be 'none' for a triggered card (SR-20.8)",
                  errors)
        if any(e.op == "cancel_weapon" for e in effects):
            errors.append(f"{where}: a triggered card cannot cancel weapons (SR-20.8)")
    if any(e.op == "cancel_weapon" for e in effects) and kind == "activated":
        _need(v["timing"] == "response_to_attack_on_self", where, "timing",
              "must be 'response_to_attack_on_self' with cancel_weapon (SR-20.8)", errors)
    if len(errors) > before:
        return None
    return CharacterDef(key, v["no"], v["id"], v["name"], v["name_zh"], v["origin"], kind,
                        v["limit"], v["timing"], v["trigger"], effects, v["text"])


# ------------------------------------------------------------------------------- ground rules
@lru_cache(maxsize=1)
def load_ground() -> dict[str, StructureDef]:
    """The ground-rules module (SR-19, SR-20.9). :raises DataError:"""
    errors: list[str] = []
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
        passive = _parse_effects(e.req("passive", list), where, "passive", errors)
        if errors:
            raise DataError("; ".join(errors))
        out[key] = StructureDef(no, e.req("id", str), e.req("name", str), e.req("name_zh", str),
                                e.one_of("origin", ORIGINS), slot, cost, passive,
                                e.req("text", str))
        e.done()
    return out
