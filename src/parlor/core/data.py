"""Reading a game's data files with errors that name the file and the entry.

    entries = load_toml(DATA / "tricks.toml")
    for key, raw in entries["trick"].items():
        t = Entry(raw, f"tricks.toml [trick.{key}]")
        trick = Trick(name=t.req("name", str), fame=t.req("fame", int), ...)
        t.done()   # unknown keys are an error
"""

from __future__ import annotations

import tomllib
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
