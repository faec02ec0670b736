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
from .problems import At, Problem, written
from .table_files import TableFile, check_choices, check_field, typed_entry

_SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
_NUMBER = re.compile(r"^[0-9]{4}$")
OBJECT_FIELDS: dict[str, type] = {
    "no": str, "id": str, "name": str, "name_zh": str, "origin": str, "edition": int,
    "sheet": int, "type": str, "cost": int, "a": int, "p": int, "m": int, "r": int,
    "targets": int, "w_req": int, "recycle": int, "use_limit": int, "delay": int,
    "block_mode": str, "timing": str, "after_use": str, "effects": list, "text": str,
}
# the fields whose value is one of a closed list (SR-20.2)
OBJECT_CHOICES: dict[str, tuple[str, ...]] = {
    "origin": ORIGINS, "type": TYPES, "block_mode": BLOCK_MODES, "timing": TIMINGS, "after_use": AFTER_USE,
}
CHART_HEADER = ("schema_version", "chart_origin", "sheets", "designs_per_sheet")


def _chart_entries(top: At, doc: dict[str, Any], table: dict[str, Any],
                   errors: list[Problem]) -> dict[str, ObjectDef]:
    if not table:  # a chart needs at least one design
        errors.append(top.problem("no_objects"))
        return {}
    chart: dict[str, ObjectDef] = {}
    ids: dict[str, str] = {}
    for key, raw in table.items():
        at = top.entry("object", key, raw)
        obj = _check_object(key, raw, at, errors)
        if obj is None:
            continue
        if obj.id in ids:
            errors.append(at.problem("duplicate_id", field="id", value=written(obj.id),
                                     other=ids[obj.id]))
        ids[obj.id] = key
        chart[key] = obj
    sheet_rules(doc, chart, top, errors)
    return chart


# The design chart, number -> design: `check_chart(path)` lists every problem of a file, each
# naming the object and field (empty = valid), `check_chart_text` of an upload; `load_chart(source)`
# reads the packaged chart (None, "" or "default"), a file (a Path) or TOML text (a str).
CHART = TableFile("objects.toml", "chart", "object", CHART_HEADER, _chart_entries, missing="no_objects")
check_chart = CHART.check
check_chart_text = CHART.check_text
load_chart = CHART.load


def _check_object(key: str, raw: Any, at: At, errors: list[Problem]) -> ObjectDef | None:
    if not _NUMBER.match(key):
        errors.append(at.problem("key_not_number"))
    v = typed_entry(raw, OBJECT_FIELDS, at, "SR-20.2", errors)
    if v is None:
        return None
    before = len(errors)
    check_choices(v, OBJECT_CHOICES, at, errors)
    if v["no"] != key:
        errors.append(at.problem("no_not_key", field="no", value=written(v["no"]),
                                 key=written(key)))
    if not _SNAKE.match(v["id"]):
        errors.append(at.problem("not_snake_case", field="id", value=written(v["id"])))
    if v["edition"] not in (1, 2, 3):
        errors.append(at.problem("edition_unknown", field="edition", value=v["edition"]))
    for field, least in (("sheet", 1), ("cost", 1), ("a", 0), ("p", 0), ("m", 0), ("r", 0),
                         ("targets", 0), ("w_req", 0), ("recycle", 0), ("use_limit", 0),
                         ("delay", 0)):
        if v[field] < least:
            errors.append(at.problem("below", field=field, min=least, value=v[field]))
    effects = parse_effects(v["effects"], at, "use", errors)
    if v["type"] in TYPES:
        _type_rules(v, effects, at, errors)
        _keyword_rules(v, at, errors)
    if len(errors) > before:
        return None
    return ObjectDef(v["no"], v["id"], v["name"], v["name_zh"], v["origin"], v["edition"],
                     v["sheet"], v["type"], v["cost"], v["a"], v["p"], v["m"], v["r"],
                     v["targets"], v["w_req"], v["recycle"], v["use_limit"], v["delay"],
                     v["block_mode"], v["timing"], v["after_use"], effects, v["text"])


def _type_rules(v: dict[str, Any], effects: tuple[Effect, ...], at: At,
                errors: list[Problem]) -> None:
    """SR-20.4: what each type requires of its fields."""
    t = v["type"]

    def at_least_one(field: str) -> None:
        check_field(v[field] >= 1, at, "type_at_least_one", errors, field=field, kind=t)

    def zero(*fields: str) -> None:
        for field in fields:
            check_field(v[field] == 0, at, "type_zero", errors, field=field, kind=t)

    def equal(field: str, value: str) -> None:
        check_field(v[field] == value, at, "type_equal", errors, field=field, value=value, kind=t)

    def either(field: str, *values: str) -> None:
        check_field(v[field] in values, at, "type_either", errors, field=field,
                    either=list(values), kind=t)

    def no_effects() -> None:
        check_field(not effects, at, "type_no_effects", errors, field="effects", kind=t)

    if t == "A":
        for field in ("a", "r", "targets"):
            at_least_one(field)
        zero("p", "m")
        equal("block_mode", "none")
        equal("timing", "own_action_phase")
        either("after_use", "destroy", "recycle", "use_limit")
        no_effects()
    elif t in ("P", "M"):
        at_least_one("p" if t == "P" else "m")
        zero("a", "m" if t == "P" else "p", "r", "targets", "recycle", "delay")
        equal("block_mode", t)
        equal("timing", "block_only")
        either("after_use", "keep", "use_limit")
        no_effects()
    else:
        zero("a", "p", "m", "r", "targets")
        mode = "W" if v["delay"] == 0 else "none"
        check_field(v["block_mode"] == mode, at, "type_block_mode_delay", errors,
                    field="block_mode", value=mode, delay=v["delay"], kind=t)
        either("timing", "any", "response_to_attack_on_self")
        if any(e.op == "cancel_weapon" for e in effects):
            check_field(v["timing"] == "response_to_attack_on_self", at, "cancel_weapon_timing",
                        errors, field="timing")
        either("after_use", "destroy", "recycle", "use_limit")


def _keyword_rules(v: dict[str, Any], at: At, errors: list[Problem]) -> None:
    """SR-20.5: X(R), X(UL), X(t) and their editions."""
    rec, ul, delay = v["recycle"], v["use_limit"], v["delay"]
    check_field(rec < v["cost"], at, "recycle_below_cost", errors, field="recycle", cost=v["cost"])
    if rec > 0 and ul > 0:
        errors.append(at.problem("recycle_and_use_limit", field="recycle"))
    if delay > 0:
        check_field(v["type"] in ("A", "?"), at, "delay_for_blocks", errors, field="delay")
    for count, after_use in (("recycle", "recycle"), ("use_limit", "use_limit")):
        if v[count] > 0:
            check_field(v["after_use"] == after_use, at, "after_use_needed", errors,
                        field="after_use", value=after_use, count=count)
        elif v["after_use"] == after_use:
            errors.append(at.problem("after_use_without", field="after_use", value=after_use,
                                     count=count))
    if rec > 0 or ul > 0:
        check_field(v["edition"] >= 2, at, "edition_for_keywords", errors, field="edition")
    if delay > 0:
        check_field(v["edition"] == 3, at, "edition_for_delay", errors, field="edition")


def sheet_rules(doc: dict[str, Any], chart: dict[str, ObjectDef], top: At,
                errors: list[Problem]) -> None:
    """SR-1.1, SR-20.2: every object is printed on one of the chart's sheets (`sheets`), and a
    sheet holds at most `designs_per_sheet` designs (when the header gives them)."""
    sheets, per_sheet = doc.get("sheets"), doc.get("designs_per_sheet")
    for key, limit in (("sheets", sheets), ("designs_per_sheet", per_sheet)):
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                                  or limit < 1):
            errors.append(top.problem("header_not_count", key=key, value=written(limit)))
    if isinstance(sheets, int) and not isinstance(sheets, bool) and sheets >= 1:
        for key, obj in chart.items():
            if obj.sheet > sheets:
                at = At(top.file, "object", key, obj.name, obj.name_zh)
                errors.append(at.problem("sheet_beyond", field="sheet", value=obj.sheet,
                                         sheets=sheets))
    if isinstance(per_sheet, int) and not isinstance(per_sheet, bool) and per_sheet >= 1:
        counts: dict[int, list[str]] = {}
        for key, obj in chart.items():
            counts.setdefault(obj.sheet, []).append(key)
        for sheet, keys in sorted(counts.items()):
            if len(keys) > per_sheet:
                errors.append(top.problem("sheet_crowded", sheet=sheet, count=len(keys),
                                          keys=keys, limit=per_sheet))
