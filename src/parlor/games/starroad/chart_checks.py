"""Checks of a valid design chart beyond its format (SR-20): values far outside the packaged
chart's, given as warnings with the line of the file each is about."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .character_data import load_characters
from .chart_data import CHART, load_chart
from .problems import At, Problem
from .table_files import located, read_file

# Fields whose values are compared with the packaged chart's, and how far is "far outside".
RANGED = ("cost", "a", "p", "m", "r", "targets", "w_req", "recycle", "use_limit", "delay")
FAR = 2.0


def chart_warnings(path: str | Path) -> list[str]:
    """`warning_problems` as English sentences."""
    return [str(w) for w in warning_problems(path)]


def warning_problems(path: str | Path) -> list[Problem]:
    """Values of a valid chart far outside the packaged chart's ranges (more than twice its
    largest): allowed by the rules, but often a typing slip (cost 1000000, attack 500, range
    99). Each names the object, its line and the packaged range."""

    errors: list[Problem] = []
    text = read_file(Path(path), errors)
    if text is None:
        return []
    chart, errors = CHART.read(Path(path).name, text)
    if errors:
        return []
    ranges, effects = _packaged_ranges()
    top = At(Path(path).name)
    warnings = []
    for key, obj in chart.items():
        at = At(top.file, "object", key, obj.name, obj.name_zh)
        for field in RANGED:
            value = getattr(obj, field)
            low, high = ranges[field]
            if value > FAR * max(high, 1):
                warnings.append(at.problem("far_above", field=field, value=value, low=low,
                                           high=high))
        for i, effect in enumerate(obj.effects):
            for param, value in effect.params:
                top_value = effects.get((effect.op, param))
                if top_value is not None and value > FAR * max(top_value, 1):
                    warnings.append(at.in_effect(i + 1).problem(
                        "effect_far_above", field="effects", op=effect.op, param=param,
                        value=value, top=top_value))
    return located(warnings, text, "object")


@lru_cache(maxsize=1)
def _packaged_ranges() -> tuple[dict[str, tuple[int, int]], dict[tuple[str, str], int]]:
    """(lowest, highest) of each ranged field over the packaged chart (zeros left out where a
    design has no such value), and the highest of each effect parameter over the packaged chart
    and character table."""

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
