"""Checks of a design chart beyond its format (data.py, SR-20): the sheets its objects are
printed on, values far outside the packaged chart's (warnings), and the line of the file each
problem is about."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .data import ObjectDef


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


# Fields whose values are compared with the packaged chart's, and how far is "far outside".
RANGED = ("cost", "a", "p", "m", "r", "targets", "w_req", "recycle", "use_limit", "delay")
FAR = 2.0


def chart_warnings(path: str | Path) -> list[str]:
    """Values of a valid chart far outside the packaged chart's ranges (more than twice its
    largest): allowed by the rules, but often a typing slip (cost 1000000, attack 500, range
    99). Each names the object, its line and the packaged range."""
    from .chart_data import _read_chart
    from .table_files import read_file

    errors: list[str] = []
    text = read_file(Path(path), errors)
    if text is None:
        return []
    chart, errors = _read_chart(Path(path).name, text)
    if errors:
        return []
    ranges, effects = _packaged_ranges()
    name = Path(path).name
    warnings = []
    for key, obj in chart.items():
        where = f"{name} [object.{key}]"
        for field in RANGED:
            value = getattr(obj, field)
            low, high = ranges[field]
            if value > FAR * max(high, 1):
                warnings.append(f"{where}: field '{field}' is {value}, far above the packaged "
                                f"chart's {low} to {high} (a warning: the chart is valid)")
        for i, effect in enumerate(obj.effects):
            for param, value in effect.params:
                top = effects.get((effect.op, param))
                if top is not None and value > FAR * max(top, 1):
                    warnings.append(f"{where} effect #{i + 1}: field 'effects' {effect.op} "
                                    f"{param} is {value}, far above the packaged content's "
                                    f"{top} (a warning: the chart is valid)")
    return located(warnings, text, "object")


@lru_cache(maxsize=1)
def _packaged_ranges() -> tuple[dict[str, tuple[int, int]], dict[tuple[str, str], int]]:
    """(lowest, highest) of each ranged field over the packaged chart (zeros left out where a
    design has no such value), and the highest of each effect parameter over the packaged chart
    and character table."""
    from .character_data import load_characters
    from .chart_data import load_chart

    chart = load_chart()
    ranges = {}
    for field in RANGED:
        values = [getattr(d, field) for d in chart.values()]
        shown = [v for v in values if v] or [0]
        ranges[field] = (min(shown), max(values))
    effects: dict[tuple[str, str], int] = {}
    sources = [d.effects for d in chart.values()] + [c.effects for c in load_characters().values()]
    for listed in sources:
        for effect in listed:
            for param, value in effect.params:
                key = (effect.op, param)
                effects[key] = max(effects.get(key, 0), value)
    return ranges, effects


_HEADER = re.compile(r'^\s*\[\s*(\w+)\s*\.\s*"?([^"\]\s]+)"?\s*\]')
_KEY = re.compile(r'^\s*"?([A-Za-z0-9_]+)"?\s*=')
_PROBLEM = re.compile(r"^(?P<file>[^\s:]+)(?P<at> \[(?P<table>\w+)\.(?P<key>[^\]]+)\][^:]*)?: "
                      r"(?P<text>.*)$")


def located(problems: list[str], text: str, table: str) -> list[str]:
    """Each problem with the line of the file it is about: the field's line, else its entry's
    header, else the top-level key it names (`file.toml:12 [object.1041]: ...`)."""
    lines: dict[str, dict[str, int]] = {"": {}}
    current = ""
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header and header.group(1) == table:
            current = header.group(2)
            lines.setdefault(current, {})["["] = number
            continue
        if line.lstrip().startswith("["):
            current = "\0"     # another table: its keys are not this entry's
            continue
        key = _KEY.match(line)
        if key:
            lines.setdefault(current, {}).setdefault(key.group(1), number)
    out = []
    for problem in problems:
        match = _PROBLEM.match(problem)
        if match is None:
            out.append(problem)
            continue
        entry = lines.get(match.group("key") or "", {})
        named = re.search(r"fields? '(\w+)'|top-level key '(\w+)'|header '(\w+)'",
                          match.group("text")) or re.search(r"(effect) #", match.group("at") or "")
        field = next((g for g in named.groups() if g), "") if named else ""
        field = "effects" if field == "effect" else field
        found = entry.get(field) or entry.get("[") or (lines[""].get(field) if field else None)
        out.append(problem if found is None else
                   f"{match.group('file')}:{found}{match.group('at') or ''}: "
                   f"{match.group('text')}")
    return out
