"""Reading a game's data files with errors that name the file and the entry.

    doc = load_toml(DATA / "tricks.toml")
    for t in entries(doc, "trick", "tricks.toml"):     # [[trick]] tables, each named by its id
        trick = Trick(name=t.req("name", str), fame=t.req("fame", int), cost=t.list_of("cost", int))
        t.done()   # unknown keys are an error
    rules = section(doc, "rules", "tricks.toml")       # a [rules] table
    bags = per_player_count(doc, "bag", "tricks.toml") # [bag.p2], [bag.p3], ... by player count

Errors name the place as `tricks.toml [trick wolf_cage]: field 'fame' must be int, got 'many'`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from .errors import DataError
from .files import NotUtf8, read_utf8

T = TypeVar("T")
_MISSING: Any = object()


def load_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(read_utf8(path))
    except OSError as err:
        raise DataError(f"{path.name}: {err.strerror}") from None
    except NotUtf8 as err:
        raise DataError(f"{path.name}: {err}") from None
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"{path.name}: {err}") from None


class Entry:
    """One table of a data file, read key by key; remembers which keys were used."""

    __slots__ = ("raw", "where", "used")

    def __init__(self, raw: Any, where: str) -> None:
        if not isinstance(raw, dict):
            raise DataError(f"{where}: must be a table")
        self.raw: dict[str, Any] = raw
        self.where = where
        self.used: set[str] = set()

    def req(self, key: str, tp: type[T]) -> T:
        """The value of a required key, checked against `tp`."""
        if key not in self.raw:
            raise DataError(f"{self.where}: missing field '{key}'")
        value: T = self._typed(key, tp)
        return value

    def opt(self, key: str, tp: type[T], default: T) -> T:
        if key not in self.raw:
            self.used.add(key)
            return default
        value: T = self._typed(key, tp)
        return value

    def _typed(self, key: str, tp: type[Any]) -> Any:
        self.used.add(key)
        value = self.raw[key]
        ok = isinstance(value, tp) and not (tp in (int, float) and isinstance(value, bool))
        if tp is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if not ok:
            raise DataError(f"{self.where}: field '{key}' must be {tp.__name__}, got {value!r}")
        return value

    def list_of(self, key: str, tp: type[T]) -> tuple[T, ...]:
        """A required list whose every item is a `tp` (a bool is not a number)."""
        values = self.req(key, list)
        for value in values:
            if not isinstance(value, tp) or (tp in (int, float) and isinstance(value, bool)):
                raise DataError(f"{self.where}: field '{key}' must list {tp.__name__} values, "
                                f"got {value!r}")
        return tuple(values)

    def per_player_count(self, key: str) -> dict[int, int]:
        """A required table from player counts to whole numbers: `{ 2 = 1, 3 = 2 }`."""
        table = self.req(key, dict)
        out: dict[int, int] = {}
        for count, value in table.items():
            if not count.isdigit() or not isinstance(value, int) or isinstance(value, bool):
                raise DataError(f"{self.where}: field '{key}' must map player counts to whole "
                                "numbers")
            out[int(count)] = value
        return out

    def one_of(self, key: str, choices: tuple[str, ...], default: str | None = None) -> str:
        value = self.req(key, str) if default is None else self.opt(key, str, default)
        if value not in choices:
            raise DataError(f"{self.where}: field '{key}' must be one of {', '.join(choices)}, "
                            f"got {value!r}")
        return value

    def ref(self, key: str, known: object, default: str | None = None) -> str:
        """A key naming another entry; `known` supports `in`."""
        value = self.req(key, str) if default is None else self.opt(key, str, default)
        if value not in known:  # type: ignore[operator]
            raise DataError(f"{self.where}: field '{key}' names unknown entry {value!r}")
        return value

    def done(self) -> None:
        """:raises DataError: if the table has keys nobody read."""
        unknown = sorted(set(self.raw) - self.used)
        if unknown:
            raise DataError(f"{self.where}: unknown field(s) {', '.join(unknown)}")


def entries(doc: dict[str, Any], table: str, file: str, named_by: str = "id") -> list[Entry]:
    """The tables of the array `[[table]]` in `file`, each named `file [table id]` by its key
    `named_by` (its position when it has none). :raises DataError: if the array is missing or
    empty."""
    rows = doc.get(table)
    if not isinstance(rows, list) or not rows:
        raise DataError(f"{file}: missing [[{table}]] entries")
    out = []
    for i, row in enumerate(rows):
        name = row.get(named_by, i) if isinstance(row, dict) else i
        out.append(Entry(row, f"{file} [{table} {name}]"))
    return out


def section(doc: dict[str, Any], key: str, file: str) -> Entry:
    """The table `[key]` of `file`."""
    return Entry(doc.get(key), f"{file} [{key}]")


def per_player_count(doc: dict[str, Any], key: str, file: str) -> dict[int, Entry]:
    """The tables `[key.p2]`, `[key.p3]`, ... (or `[key.2]`, ...) of `file`, by player count."""
    tables = doc.get(key, {})
    if not isinstance(tables, dict):
        raise DataError(f"{file}: [{key}] must hold one table per player count")
    out: dict[int, Entry] = {}
    for name, table in tables.items():
        count = name.removeprefix("p")
        if not count.isdigit():
            raise DataError(f"{file} [{key}.{name}]: must be named by a player count")
        out[int(count)] = Entry(table, f"{file} [{key}.{name}]")
    return out


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One named option of a game's `options.toml`: its type, the values it may take, the
    standard game's default and the rule it varies."""

    id: str
    type: str                  # enum | bool | int
    values: tuple[Any, ...]    # an enum's choices; for an int, the values it may take (if listed)
    default: Any
    rule: str
    status: str
    description: str


def option_specs(doc: dict[str, Any], file: str = "options.toml") -> tuple[OptionSpec, ...]:
    """The `[[option]]` tables of `file`. :raises DataError: on a bad type or an enum whose default
    is not one of its values."""
    out = []
    for e in entries(doc, "option", file):
        kind = e.one_of("type", ("enum", "bool", "int"))
        values = e.list_of("values", str) if kind == "enum" else tuple(e.opt("values", list, []))
        default: Any = e.req("default", {"enum": str, "bool": bool, "int": int}[kind])
        if kind == "enum" and default not in values:
            raise DataError(f"{e.where}: default {default!r} is not one of its values")
        out.append(OptionSpec(e.req("id", str), kind, values, default, e.req("rule", str),
                              e.req("status", str), e.req("description", str)))
        e.done()
    return tuple(out)
