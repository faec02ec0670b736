"""The printed faces of Star Road's components, as the browser draws them (`Game.public_data()`).

A design-chart entry or a character card is drawn from its data: a chart that differs draws itself. The
packaged chart and character table are public data, served once; a table that plays with its own chart
or character table (the `chart` / `characters` options hold their text, which every player may read)
gets their faces in its view (`view.chart`, `view.characters`). Names come in three languages: the
spec's `name` / `name_zh` and the Spanish of names.toml (an uploaded chart has no Spanish: its English
name stands in)."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from .character_data import load_characters
from .chart_data import load_chart
from .data import CharacterDef, Effect, ObjectDef, StructureDef, base_data, load_ground

NAMES_FILE = Path(__file__).parent / "names.toml"


@lru_cache(maxsize=1)
def spanish() -> dict[str, dict[str, str]]:
    """names.toml's Spanish names by table (object, character, structure, faction_card, ...)."""
    return dict(tomllib.loads(NAMES_FILE.read_text(encoding="utf-8"))["es"])


def _names(table: str, key: str, english: str, chinese: str) -> dict[str, str]:
    packaged = spanish().get(table, {})
    return {"en": english, "zh_TW": chinese, "es": packaged.get(key, english)}


def _effects(effects: tuple[Effect, ...]) -> list[dict[str, Any]]:
    return [{"op": e.op, **dict(e.params)} for e in effects]


def object_face(o: ObjectDef, packaged: bool) -> dict[str, Any]:
    """A design as printed on the chart (SR-20.2): what it costs, does and how it blocks."""
    names = (_names("object", o.no, o.name, o.name_zh) if packaged
             else {"en": o.name, "zh_TW": o.name_zh, "es": o.name})
    return {"no": o.no, "names": names, "sheet": o.sheet, "edition": o.edition, "type": o.type,
            "cost": o.cost, "a": o.a, "p": o.p, "m": o.m, "r": o.r, "targets": o.targets,
            "w_req": o.w_req, "recycle": o.recycle, "use_limit": o.use_limit, "delay": o.delay,
            "block_mode": o.block_mode, "timing": o.timing, "after_use": o.after_use,
            "effects": _effects(o.effects)}


def character_face(c: CharacterDef, packaged: bool) -> dict[str, Any]:
    """A character card (SR-18): its ability as kind, limit, timing, trigger and effects."""
    names = (_names("character", c.key, c.name, c.name_zh) if packaged
             else {"en": c.name, "zh_TW": c.name_zh, "es": c.name})
    return {"key": c.key, "no": c.no, "names": names, "kind": c.kind, "limit": c.limit,
            "timing": c.timing, "trigger": c.trigger, "effects": _effects(c.effects)}


def structure_face(g: StructureDef) -> dict[str, Any]:
    return {"no": g.no, "names": _names("structure", g.no, g.name, g.name_zh), "slot": g.slot,
            "cost": g.cost, "effects": _effects(g.passive)}


def chart_faces(chart: dict[str, ObjectDef], packaged: bool) -> dict[str, dict[str, Any]]:
    return {no: object_face(o, packaged) for no, o in sorted(chart.items())}


def character_faces(cards: dict[str, CharacterDef], packaged: bool) -> dict[str, dict[str, Any]]:
    return {key: character_face(c, packaged) for key, c in sorted(cards.items())}


@lru_cache(maxsize=1)
def public_faces() -> dict[str, Any]:
    """Every packaged component's printed face, and the numbers of the table (lines, levels)."""
    base = base_data()
    k = base.constants
    return {
        "objects": chart_faces(load_chart(), True),
        "characters": character_faces(load_characters(), True),
        "ground": {no: structure_face(g) for no, g in sorted(load_ground().items())},
        "factions": {code: {"code": code, "colour": c.colour, "group": c.group, "captain": c.captain,
                            "names": _names("faction_card", code, c.name, c.name_zh)}
                     for code, c in base.cards.items()},
        "groups": {gid: list(colours) for gid, colours in base.groups.items()},
        "constants": {"lines": k.lines, "levels": k.levels, "starting_hp": k.starting_hp,
                      "starting_storage": k.starting_storage, "invest_cap": k.invest_cap,
                      "cards_dealt": k.cards_dealt},
    }
