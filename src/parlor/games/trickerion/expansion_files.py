"""Readers of the Dark Alley expansion's data files (Special Assignment cards, Prophecies) and of the
frame-only modules Magician Powers and Duel of Magicians (TR-17 - TR-22, A-23)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlor.core import DataError
from parlor.core.data import Entry, entries, load_toml

from .base_files import card_geometry, doc_version
from .records import CATEGORIES, DIRECTIONS, LOCATIONS, Module, PerfCard, Prophecy, Special

_SPECIAL_PARAMS = ("ap_delta", "coins", "coins_cost", "enhance_ap", "extra_markers",
                   "max_components", "max_value", "others_fame_per_marker",
                   "own_fame_per_marker")


def load_specials(path: Path) -> tuple[Special, ...]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    for e in entries(doc, "permanent", path.name):
        e.req("id", str)
        e.one_of("location", LOCATIONS)
        e.req("name", str)
        e.req("name_zh", str)
        e.opt("dark_alley_only", bool, False)
        e.done()
    out: list[Special] = []
    for e in entries(doc, "special", path.name):
        loc = e.one_of("location", LOCATIONS[:4])
        params = {k: e.opt(k, int, 0) for k in _SPECIAL_PARAMS if k in e.raw}
        out.append(Special(len(out), e.req("id", str), e.req("name", str), loc,
                           e.one_of("target_action", _TARGETS), LOCATIONS.index(loc), params))
        e.req("text", str)
        e.done()
    if len({s.id for s in out}) != len(out):
        raise DataError(f"{path.name}: duplicate special id")
    return tuple(out)


_TARGETS = ("set_up_trick", "reschedule", "perform", "prepare", "any", "hire_character",
            "learn_trick", "take_coins", "buy", "order", "quick_order")


def load_prophecies(path: Path) -> tuple[Prophecy, ...]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    out: list[Prophecy] = []
    for e in entries(doc, "prophecy", path.name):
        cat = e.one_of("category", CATEGORIES, "") if "category" in e.raw else ""
        out.append(Prophecy(len(out), e.req("id", str), e.req("name", str),
                            e.req("effect_key", str), CATEGORIES.index(cat) if cat else -1,
                            e.opt("coins", int, 0)))
        e.req("text", str)
        e.done()
    return tuple(out)


# The card tables of the two frame-only modules and the fields each entry needs (TR-21, TR-22;
# the schemas are the ones commented in the spec's data files, docs/trickerion-expansions.md).
MODULE_TABLES: dict[str, dict[str, dict[str, type]]] = {
    "magician_powers.toml": {
        "power_slot": {"id": str, "shard_symbols": int},
        "power": {"id": str, "name": str, "color": str, "fame_threshold": int,
                  "valid_slots": list, "text": str},
    },
    "duel_of_magicians.toml": {
        "duel_card": {"id": str, "theater": str, "slots": list, "links": list,
                      "printed_markers": list, "bonus_fame": int, "bonus_coins": int,
                      "bonus_shards": int},
        "turn_setup_card": {"id": str, "blocked_slots": list},
    },
}
# Card counts the rules name (TR-21.1: 3 colours x 30 Powers; A-23: 12 Turn Setup cards).
MODULE_COUNTS = {"power": 90, "turn_setup_card": 12}


def load_module(path: Path) -> Module:
    """Magician Powers and Duel of Magicians: the frame (TR-21, TR-22, A-23). A file saying
    `data_complete = true` must hold every card table, each entry with its fields."""
    doc = load_toml(path)
    doc_version(doc, path.name)
    complete = doc.get("data_complete")
    if not isinstance(complete, bool):
        raise DataError(f"{path.name}: data_complete must be true or false")
    settings = dict(doc.get("module") or doc.get("variant") or {})
    tables: dict[str, tuple[dict[str, Any], ...]] = {}
    missing = []
    for key, fields in MODULE_TABLES[path.name].items():
        rows = doc.get(key, [])
        if not isinstance(rows, list):
            raise DataError(f"{path.name}: [[{key}]] must be an array of tables")
        for raw in rows:
            where = f"{path.name} [{key} {raw.get('id') if isinstance(raw, dict) else raw}]"
            if not isinstance(raw, dict):
                raise DataError(f"{where}: must be a table")
            for name, tp in fields.items():
                if not isinstance(raw.get(name), tp) or isinstance(raw.get(name), bool):
                    raise DataError(f"{where}: field '{name}' must be {tp.__name__}")
        if len({r["id"] for r in rows}) != len(rows):
            raise DataError(f"{path.name} [[{key}]]: duplicate id")
        want = MODULE_COUNTS.get(key, 1)
        if len(rows) < want:
            missing.append(f"{len(rows)} of {want} [[{key}]]")
        tables[key] = tuple(rows)
    if "power" in tables:
        colors = tuple(settings.get("deck_colors", ()))
        slots = {r["id"] for r in tables["power_slot"]}
        for r in tables["power"]:
            if r["color"] not in colors or any(v not in slots for v in r["valid_slots"]):
                raise DataError(f"{path.name} [power {r['id']}]: unknown color or slot")
    if not complete:
        return Module(path.name, False, f"data_complete = false in {path.name}, A-23", tables,
                      settings)
    if missing:
        raise DataError(f"{path.name}: data_complete = true but only {', '.join(missing)}")
    return Module(path.name, True, "", tables, settings)


def load_duel_cards(module: Module, base: tuple[PerfCard, ...], slot_ids: set[str],
                ) -> tuple[PerfCard, ...]:
    """TR-22.1: Duel Performance cards (performance_cards.toml geometry plus printed gray
    markers), numbered after the base cards; Turn Setup cards must name existing slots."""
    theaters = {c.theater: 0 for c in base}
    out: list[PerfCard] = []
    for raw in module.tables["duel_card"]:
        e = Entry(raw, f"{module.file} [duel_card {raw.get('id')}]")
        slots = tuple(e.req("slots", list))
        links, neighbours = card_geometry(e, slots)
        printed: list[tuple[int, int, int]] = []
        for pm in e.req("printed_markers", list):
            me = Entry(pm, f"{e.where} printed marker")
            slot = me.req("slot", str)
            if slot not in slots or any(x[0] == slots.index(slot) for x in printed):
                raise DataError(f"{e.where}: printed marker on a missing or taken slot {slot!r}")
            printed.append((slots.index(slot), CATEGORIES.index(me.one_of("category", CATEGORIES)),
                            DIRECTIONS.index(me.one_of("points", DIRECTIONS))))
            me.done()
        e.opt("name", str, "")
        out.append(PerfCard(len(base) + len(out), e.req("id", str), e.ref("theater", theaters),
                            slots, links, neighbours, e.req("bonus_fame", int),
                            e.req("bonus_coins", int), e.req("bonus_shards", int),
                            tuple(sorted(printed))))
        e.done()
    for raw in module.tables["turn_setup_card"]:
        e = Entry(raw, f"{module.file} [turn_setup_card {raw.get('id')}]")
        for slot in e.req("blocked_slots", list):
            if slot not in slot_ids:
                raise DataError(f"{e.where}: unknown slot {slot!r}")
        e.req("id", str)
        e.done()
    return tuple(out)
