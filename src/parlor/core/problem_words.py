"""A problem of a file a player gave (a game's own chart or table) in the reader's language, from the
game's catalog: `[ui] error_<reason>` filled with its params, placed by `problem_line`,
`problem_<table>` (the entry by the name its author gave it), `problem_effect`, joined by
`problem_separator` and `problem_placed` (several in one line: `problems_in_file`, `problem_list`,
`problem_join`). A problem is the JSON form errors carry
(`ParlorError.problems`): `{reason, params, file, table, key, name, name_zh, effect, line}`.
The browser words the same JSON the same way (web/src/problems.ts).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .text import Catalog


def problem_text(catalog: Catalog, problem: Mapping[str, Any]) -> str:
    """What is wrong, without the place; the reason itself when the catalog has no words for it."""
    template = catalog.ui.get(f"error_{problem['reason']}")
    if template is None:
        return str(problem["reason"])
    params = problem.get("params") or {}
    return catalog.fill(template, {key: _shown(key, value, catalog) for key, value in params.items()})


def problem_place(catalog: Catalog, problem: Mapping[str, Any]) -> str:
    """Where it is: "Line 12, object Laser, effect 1" (the entry as its author named it)."""
    ui = catalog.ui
    parts = []
    if problem.get("line") is not None:
        parts.append(ui["problem_line"].format(line=problem["line"]))
    if problem.get("table"):
        name = (problem.get("name_zh") if catalog.lang == "zh_TW" else "") or problem.get("name") \
            or problem.get("key")
        parts.append(ui[f"problem_{problem['table']}"].format(name=name))
    if problem.get("effect"):
        parts.append(ui["problem_effect"].format(n=problem["effect"]))
    return _capital(ui["problem_separator"].join(parts))


def problem_worded(catalog: Catalog, problem: Mapping[str, Any]) -> str:
    """The whole problem: its place, then what is wrong."""
    place, text = problem_place(catalog, problem), problem_text(catalog, problem)
    return catalog.ui["problem_placed"].format(place=place, text=text) if place else _capital(text)


def problems_worded(catalog: Catalog, problems: list[Mapping[str, Any]],
                    labels: Mapping[str, str] | None = None) -> str:
    """Every problem in one line, by file: "Design chart, problems found: 2: Line 12, ...; Line 40, ..."
    (a file named by its option's label in `labels`)."""
    files: dict[str, list[str]] = {}
    for problem in problems:
        files.setdefault(str(problem.get("file", "")), []).append(problem_worded(catalog, problem))
    return " ".join(
        catalog.ui["problems_in_file"].format(file=(labels or {}).get(file, file), count=len(lines))
        + catalog.ui["problem_list"] + catalog.ui["problem_join"].join(lines)
        for file, lines in files.items())


def _shown(key: str, value: Any, catalog: Catalog) -> str:
    """A parameter in words: a list joined (`either`: "a, b or c"), a type by its word."""
    ui = catalog.ui
    if key == "either" and isinstance(value, (list, tuple)) and len(value) > 1:
        return ui["problem_or"].format(rest=", ".join(map(str, value[:-1])), last=value[-1])
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value))
    if key == "type":
        return ui.get(f"problem_type_{value}", str(value))
    return str(value)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
