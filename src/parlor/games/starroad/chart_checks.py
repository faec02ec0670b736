"""Checks of a valid design chart beyond its format (SR-20): values far outside the packaged
chart's, given as warnings with the line of the file each is about."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .character_data import load_characters
from .chart_data import CHART, load_chart
from .table_files import located, read_file

# Fields whose values are compared with the packaged chart's, and how far is "far outside".
RANGED = ("cost", "a", "p", "m", "r", "targets", "w_req", "recycle", "use_limit", "delay")
FAR = 2.0


def chart_warnings(path: str | Path) -> list[str]:
    """Values of a valid chart far outside the packaged chart's ranges (more than twice its
    largest): allowed by the rules, but often a typing slip (cost 1000000, attack 500, range
    99). Each names the object, its line and the packaged range."""

    errors: list[str] = []
    text = read_file(Path(path), errors)
    if text is None:
        return []
    chart, errors = CHART.read(Path(path).name, text)
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
