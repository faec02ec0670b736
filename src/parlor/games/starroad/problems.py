"""Problems of a design chart or character table as values: a reason, the values it names and
where in the file it is. The words come from the game's catalogs (`[ui] error_<reason>`), so the
same problem reads in English in a log, and in the reader's language in the terminal and the lobby.

The English sentence (`str(problem)`) keeps the form authors and tests know:
`chart.toml:12 [object.1011] effect #1: op 'heal_base' parameter 'amount' must be >= 1, got 0`;
the worded form (`problem.worded(lang)`) names the place in the reader's language:
`Line 12, object Laser, effect 1: ...`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from parlor.core.problem_words import problem_place, problem_text, problem_worded
from parlor.core.text import Catalog, load_catalogs

# Longest value of the author's own file a problem repeats (a field can hold a whole paragraph).
SHOWN_LIMIT = 60


def written(value: Any) -> str:
    """A value of the author's file as a problem repeats it: text quoted as Python writes it
    (`'three'`), a bool as TOML writes it, anything long cut short with an ellipsis."""
    shown = ("true" if value else "false") if isinstance(value, bool) else repr(value)
    return shown if len(shown) <= SHOWN_LIMIT else shown[:SHOWN_LIMIT - 1] + "…"


@dataclass(frozen=True)
class At:
    """Where in a file problems are found: the file (or the option an upload came with), and
    inside it the entry `[table.key]` with its author's names, and the effect of its list."""

    file: str
    table: str = ""
    key: str = ""
    name: str = ""
    name_zh: str = ""
    effect: int = 0

    def entry(self, table: str, key: str, raw: Any) -> At:
        """The place of entry `[table.key]`, named as its author named it (when it is a table)."""
        names = raw if isinstance(raw, dict) else {}
        return At(self.file, table, key, _text(names.get("name")), _text(names.get("name_zh")))

    def in_effect(self, number: int) -> At:
        return replace(self, effect=number)

    def problem(self, reason: str, **params: Any) -> Problem:
        return Problem(reason, tuple(params.items()), self)


def _text(value: Any) -> str:
    return value[:SHOWN_LIMIT] if isinstance(value, str) else ""


@dataclass(frozen=True)
class Problem:
    """One problem: `reason` (the catalogs' `error_<reason>`), the values it names (`params`:
    field names, numbers, the author's values as `written`), where it is and on which line."""

    reason: str
    params: tuple[tuple[str, Any], ...] = ()
    at: At = field(default_factory=lambda: At(""))
    line: int | None = None

    @property
    def values(self) -> dict[str, Any]:
        return dict(self.params)

    def subject(self) -> str:
        """The field or top-level key the problem is about (its line is that key's line)."""
        values = self.values
        named = values.get("field") or values.get("key")
        return str(named) if named else "effects" if self.at.effect else ""

    def on_line(self, line: int | None) -> Problem:
        return self if line is None else replace(self, line=line)

    def __str__(self) -> str:
        at = self.at
        place = at.file + (f":{self.line}" if self.line is not None else "")
        place += f" [{at.table}.{at.key}]" if at.table else ""
        place += f" effect #{at.effect}" if at.effect else ""
        return f"{place}: {self.text('en')}"

    def text(self, lang: str) -> str:
        """What is wrong, in `lang`, without the place."""
        return problem_text(catalogs()[lang], self.to_json())

    def place(self, lang: str) -> str:
        """Where it is, in `lang`: "Line 12, object Laser, effect 1" (names as the author wrote)."""
        return problem_place(catalogs()[lang], self.to_json())

    def worded(self, lang: str) -> str:
        """The whole problem in `lang`: its place, then what is wrong."""
        return problem_worded(catalogs()[lang], self.to_json())

    def to_json(self) -> dict[str, Any]:
        """The problem as the server sends it (the server keeps only the keys it whitelists)."""
        at = self.at
        return {"reason": self.reason, "params": dict(self.params), "file": at.file,
                "table": at.table, "key": at.key, "name": at.name, "name_zh": at.name_zh,
                "effect": at.effect, "line": self.line}


@lru_cache(maxsize=1)
def catalogs() -> dict[str, Catalog]:
    """Star Road's catalogs (the game object reads the same files; this module cannot import it)."""
    return load_catalogs(Path(__file__).parent / "text")
