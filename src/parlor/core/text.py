"""Text catalogs: what players read, in English, Traditional Chinese and Spanish.

Each game has `text/en.toml`, `text/zh_TW.toml` and `text/es.toml` with tables:
`[events]` (event kind -> template), `[moves]` (move kind -> template), `[names]` (id -> name).
Templates use `{field}` from the event data, `{player}` for the acting seat's name, and
`{field:name}` to show an id by its localised name.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .errors import DataError
from .events import Event
from .moves import Move

LANGS = ("en", "zh_TW", "es")
SECTIONS = ("events", "moves", "names", "ui")


class Catalog:
    __slots__ = ("lang", "events", "moves", "names", "ui")

    def __init__(self, lang: str, data: Mapping[str, Any], where: str) -> None:
        unknown = sorted(set(data) - set(SECTIONS))
        if unknown:
            raise DataError(f"{where}: unknown table(s) {', '.join(unknown)}")
        self.lang = lang
        self.events: dict[str, str] = _strings(data.get("events", {}), f"{where} [events]")
        self.moves: dict[str, str] = _strings(data.get("moves", {}), f"{where} [moves]")
        self.names: dict[str, str] = _strings(data.get("names", {}), f"{where} [names]")
        self.ui: dict[str, str] = _strings(data.get("ui", {}), f"{where} [ui]")

    def name(self, key: object) -> str:
        return self.names.get(str(key), str(key))

    def event(self, event: Event, players: list[str] | None = None) -> str:
        """The sentence for `event`; falls back to its kind and data if no template exists."""
        template = self.events.get(event.kind)
        if template is None:
            return f"{event.kind} {event.data}"
        return self._format(template, event.data, event.seat, players)

    def move(self, move: Move, players: list[str] | None = None, seat: int | None = None) -> str:
        template = self.moves.get(move.kind)
        if template is None:
            return str(move)
        return self._format(template, move.to_json(), seat, players)

    def _format(self, template: str, data: Mapping[str, Any], seat: int | None,
                players: list[str] | None) -> str:
        values = dict(data)
        if seat is not None:
            values.setdefault("player", players[seat] if players else f"P{seat + 1}")
        return _Formatter(self).vformat(template, (), values)


class _Formatter(string.Formatter):
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "name":
            if isinstance(value, (list, tuple)):
                return ", ".join(self.catalog.name(v) for v in value)
            return self.catalog.name(value)
        if format_spec == "seat":
            return f"P{int(value) + 1}"
        if not format_spec and isinstance(value, (list, tuple)):
            return ", ".join(self.format_field(v, "") for v in value)
        if not format_spec and isinstance(value, dict):  # a breakdown: "Shards 2, Coins 0"
            return ", ".join(f"{self.catalog.name(k)} {self.format_field(v, '')}"
                             for k, v in value.items())
        return str(super().format_field(value, format_spec))


def _strings(table: Any, where: str) -> dict[str, str]:
    if not isinstance(table, dict):
        raise DataError(f"{where}: must be a table")
    for key, value in table.items():
        if not isinstance(value, str):
            raise DataError(f"{where} {key}: must be text")
    return dict(table)


def load_catalogs(text_dir: Path) -> dict[str, Catalog]:
    """Read the three catalogs of one game. :raises DataError: naming the file at fault."""
    out = {}
    for lang in LANGS:
        path = text_dir / f"{lang}.toml"
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except OSError as err:
            raise DataError(f"{path}: {err.strerror}") from None
        except tomllib.TOMLDecodeError as err:
            raise DataError(f"{path}: {err}") from None
        out[lang] = Catalog(lang, data, str(path))
    return out


def placeholders(template: str) -> set[str]:
    """Field names a template uses (for checking catalogs against event data)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
