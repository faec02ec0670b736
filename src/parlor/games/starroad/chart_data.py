"""The design chart (`objects.toml`, SR-20.1-20.6): read, checked field by field and by the
rules of each type and keyword. `check_chart(path)` lists every problem (empty = valid)."""

from __future__ import annotations

import re
from typing import Any

from .data import (
    AFTER_USE,
    BLOCK_MODES,
    ORIGINS,
    TIMINGS,
    TYPES,
    Effect,
    ObjectDef,
    parse_effects,
)
from .table_files import TableFile, check_choice, check_field, typed_entry

_SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
_NUMBER = re.compile(r"^[0-9]{4}$")
OBJECT_FIELDS: dict[str, type] = {
    "no": str, "id": str, "name": str, "name_zh": str, "origin": str, "edition": int,
    "sheet": int, "type": str, "cost": int, "a": int, "p": int, "m": int, "r": int,
    "targets": int, "w_req": int, "recycle": int, "use_limit": int, "delay": int,
    "block_mode": str, "timing": str, "after_use": str, "effects": list, "text": str,
}
CHART_HEADER = ("schema_version", "chart_origin", "sheets", "designs_per_sheet")


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


# The design chart, number -> design: `check_chart(path)` lists every problem of a file, each
# naming the object and field (empty = valid), `check_chart_text` of an upload; `load_chart(source)`
# reads the packaged chart (None, "" or "default"), a file (a Path) or TOML text (a str).
CHART = TableFile("objects.toml", "chart", "object", _chart_entries)
check_chart = CHART.check
check_chart_text = CHART.check_text
load_chart = CHART.load


def _check_object(key: str, raw: Any, where: str, errors: list[str]) -> ObjectDef | None:
    if not _NUMBER.match(key):
        errors.append(f"{where}: the key must be a 4-digit number [No] (SR-20.1)")
    v = typed_entry(raw, OBJECT_FIELDS, where, "SR-20.2", errors)
    if v is None:
        return None
    before = len(errors)
    check_choice(v, "origin", ORIGINS, where, errors)
    check_choice(v, "type", TYPES, where, errors)
    check_choice(v, "block_mode", BLOCK_MODES, where, errors)
    check_choice(v, "timing", TIMINGS, where, errors)
    check_choice(v, "after_use", AFTER_USE, where, errors)
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
    effects = parse_effects(v["effects"], where, "use", errors)
    if v["type"] in TYPES:
        _type_rules(v, effects, where, errors)
        _keyword_rules(v, where, errors)
    if len(errors) > before:
        return None
    return ObjectDef(v["no"], v["id"], v["name"], v["name_zh"], v["origin"], v["edition"],
                     v["sheet"], v["type"], v["cost"], v["a"], v["p"], v["m"], v["r"],
                     v["targets"], v["w_req"], v["recycle"], v["use_limit"], v["delay"],
                     v["block_mode"], v["timing"], v["after_use"], effects, v["text"])


def _type_rules(v: dict[str, Any], effects: tuple[Effect, ...], where: str,
                errors: list[str]) -> None:
    """SR-20.4: what each type requires of its fields."""
    t = v["type"]
    rule = f"(type {t}, SR-20.4)"
    if t == "A":
        check_field(v["a"] >= 1, where, "a", f"must be >= 1 {rule}", errors)
        check_field(v["r"] >= 1, where, "r", f"must be >= 1 {rule}", errors)
        check_field(v["targets"] >= 1, where, "targets", f"must be >= 1 {rule}", errors)
        for f in ("p", "m"):
            check_field(v[f] == 0, where, f, f"must be 0 {rule}", errors)
        check_field(v["block_mode"] == "none", where, "block_mode", f"must be 'none' {rule}", errors)
        check_field(v["timing"] == "own_action_phase", where, "timing",
              f"must be 'own_action_phase' {rule}", errors)
        check_field(v["after_use"] in ("destroy", "recycle", "use_limit"), where, "after_use",
              f"must be destroy, recycle or use_limit {rule}", errors)
        check_field(not effects, where, "effects", f"must be empty {rule}", errors)
    elif t in ("P", "M"):
        value = "p" if t == "P" else "m"
        other = "m" if t == "P" else "p"
        check_field(v[value] >= 1, where, value, f"must be >= 1 {rule}", errors)
        for f in ("a", other, "r", "targets", "recycle", "delay"):
            check_field(v[f] == 0, where, f, f"must be 0 {rule}", errors)
        check_field(v["block_mode"] == t, where, "block_mode", f"must be '{t}' {rule}", errors)
        check_field(v["timing"] == "block_only", where, "timing", f"must be 'block_only' {rule}",
              errors)
        check_field(v["after_use"] in ("keep", "use_limit"), where, "after_use",
              f"must be keep or use_limit {rule}", errors)
        check_field(not effects, where, "effects", f"must be empty {rule}", errors)
    else:
        for f in ("a", "p", "m", "r", "targets"):
            check_field(v[f] == 0, where, f, f"must be 0 {rule}", errors)
        mode = "W" if v["delay"] == 0 else "none"
        check_field(v["block_mode"] == mode, where, "block_mode",
              f"must be '{mode}' when delay is {v['delay']} {rule}", errors)
        check_field(v["timing"] in ("any", "response_to_attack_on_self"), where, "timing",
              f"must be any or response_to_attack_on_self {rule}", errors)
        if any(e.op == "cancel_weapon" for e in effects):
            check_field(v["timing"] == "response_to_attack_on_self", where, "timing",
                  "must be 'response_to_attack_on_self' with a cancel_weapon effect (SR-20.4)",
                  errors)
        check_field(v["after_use"] in ("destroy", "recycle", "use_limit"), where, "after_use",
              f"must be destroy, recycle or use_limit {rule}", errors)


def _keyword_rules(v: dict[str, Any], where: str, errors: list[str]) -> None:
    """SR-20.5: X(R), X(UL), X(t) and their editions."""
    rec, ul, delay = v["recycle"], v["use_limit"], v["delay"]
    check_field(rec < v["cost"], where, "recycle", f"must be less than cost {v['cost']} (SR-20.5)",
          errors)
    if rec > 0 and ul > 0:
        errors.append(f"{where}: fields 'recycle' and 'use_limit' cannot both be > 0 (SR-20.5)")
    if delay > 0:
        check_field(v["type"] in ("A", "?"), where, "delay", "must be 0 for types P and M (SR-20.5)",
              errors)
    if rec > 0:
        check_field(v["after_use"] == "recycle", where, "after_use",
              "must be 'recycle' when recycle > 0 (SR-20.5)", errors)
    elif v["after_use"] == "recycle":
        errors.append(f"{where}: field 'after_use' is 'recycle' but recycle is 0 (SR-20.5)")
    if ul > 0:
        check_field(v["after_use"] == "use_limit", where, "after_use",
              "must be 'use_limit' when use_limit > 0 (SR-20.5)", errors)
    elif v["after_use"] == "use_limit":
        errors.append(f"{where}: field 'after_use' is 'use_limit' but use_limit is 0 (SR-20.5)")
    if rec > 0 or ul > 0:
        check_field(v["edition"] >= 2, where, "edition",
              "must be >= 2 when recycle or use_limit > 0 (SR-20.5)", errors)
    if delay > 0:
        check_field(v["edition"] == 3, where, "edition", "must be 3 when delay > 0 (SR-20.5)", errors)


def sheet_rules(doc: dict[str, Any], chart: dict[str, ObjectDef], name: str,
                errors: list[str]) -> None:
    """SR-1.1, SR-20.2: every object is printed on one of the chart's sheets (`sheets`), and a
    sheet holds at most `designs_per_sheet` designs (when the header gives them)."""
    sheets, per_sheet = doc.get("sheets"), doc.get("designs_per_sheet")
    for key, limit in (("sheets", sheets), ("designs_per_sheet", per_sheet)):
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                                  or limit < 1):
            errors.append(f"{name}: header '{key}' must be a whole number >= 1, got {limit!r}")
    if isinstance(sheets, int) and not isinstance(sheets, bool) and sheets >= 1:
        for key, obj in chart.items():
            if obj.sheet > sheets:
                errors.append(f"{name} [object.{key}]: field 'sheet' is {obj.sheet}, but the "
                              f"chart has {sheets} sheet(s) (header 'sheets')")
    if isinstance(per_sheet, int) and not isinstance(per_sheet, bool) and per_sheet >= 1:
        counts: dict[int, list[str]] = {}
        for key, obj in chart.items():
            counts.setdefault(obj.sheet, []).append(key)
        for sheet, keys in sorted(counts.items()):
            if len(keys) > per_sheet:
                errors.append(f"{name}: sheet {sheet} holds {len(keys)} designs "
                              f"({', '.join(keys)}), more than the {per_sheet} of header "
                              "'designs_per_sheet'")
