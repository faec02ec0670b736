"""Game options: a frozen dataclass per game, read from JSON or `name=value` text with checks."""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from .errors import BadOptions

Opts = TypeVar("Opts")


@dataclasses.dataclass(frozen=True, slots=True)
class NoOptions:
    """For a game without variants."""


@functools.lru_cache(maxsize=64)
def option_fields(options_type: type) -> tuple[tuple[str, type, Any, str], ...]:
    """(name, type, default, help) of each option; cached, since setup reads it every game."""
    hints = typing.get_type_hints(options_type)
    return tuple((f.name, hints[f.name], f.default, str(f.metadata.get("help", "")))
                 for f in dataclasses.fields(options_type))


def options_from_json(options_type: type[Opts], data: Mapping[str, Any] | None) -> Opts:
    """Build options from a JSON object; unknown names and wrong types raise BadOptions."""
    data = dict(data or {})
    kind: type = options_type  # a plain class: the caches key on it
    fields = {name: (tp, default) for name, tp, default, _ in option_fields(kind)}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        known = ", ".join(fields) or "none"
        raise BadOptions(f"unknown option(s) {', '.join(unknown)} (known: {known})")
    for name, value in data.items():
        tp = fields[name][0]
        choices = _choices(kind)[name]
        if not _is_type(value, tp):
            raise BadOptions(f"option {name} must be {_type_name(tp)}, got {value!r}")
        if choices and value not in choices:
            raise BadOptions(f"option {name} must be one of {', '.join(map(str, choices))}")
    return options_type(**data)


def options_from_text(options_type: type[Opts], pairs: Iterable[str]) -> Opts:
    """Build options from `name=value` strings as typed on a command line."""
    kind: type = options_type
    fields = {name: tp for name, tp, _, _ in option_fields(kind)}
    data: dict[str, Any] = {}
    for pair in pairs:
        name, eq, text = pair.partition("=")
        if not eq:
            raise BadOptions(f"option {pair!r} must be written name=value")
        if name not in fields:
            known = ", ".join(fields) or "none"
            raise BadOptions(f"unknown option {name!r} (known: {known})")
        data[name] = _from_text(name, fields[name], text)
    return options_from_json(options_type, data)


def options_to_json(options: object) -> dict[str, Any]:
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}  # type: ignore[arg-type]


@functools.lru_cache(maxsize=64)
def _choices(options_type: type) -> dict[str, tuple[Any, ...]]:
    return {f.name: tuple(f.metadata.get("choices", ())) for f in dataclasses.fields(options_type)}


def _is_type(value: Any, tp: Any) -> bool:
    if tp is bool:
        return isinstance(value, bool)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if tp is str:
        return isinstance(value, str)
    return True


def _type_name(tp: Any) -> str:
    return {bool: "true or false", int: "a whole number", float: "a number", str: "text"}.get(
        tp, str(tp)
    )


def _from_text(name: str, tp: Any, text: str) -> Any:
    try:
        if tp is bool:
            lowered = text.lower()
            if lowered in ("true", "yes", "on", "1"):
                return True
            if lowered in ("false", "no", "off", "0"):
                return False
            raise ValueError(text)
        if tp is int:
            return int(text)
        if tp is float:
            return float(text)
    except ValueError:
        raise BadOptions(f"option {name} must be {_type_name(tp)}, got {text!r}") from None
    return text
