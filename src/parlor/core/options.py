"""Game options: a frozen dataclass per game, read from JSON or `name=value` text with checks.

A game declares each option with `option(default, help, ...)`: its sentence (`help`, naming the rule),
`choices` (the only values allowed), `least` and `most` (the documented range of a number, both ends
included) and `file` (a text option that holds a file's content: on the command line `name=PATH`
reads that local file; JSON always carries the content itself, so nothing read from the network ever
names a file). They are kept as the field's metadata (`help`, `choices`, `min`, `max`, `file`).
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from .errors import BadOptions
from .files import NotUtf8, read_utf8

Opts = TypeVar("Opts")
FILE_LIMIT = 1 << 20  # a local file read for a `file` option on the command line


def option(default: Any, help: str, *, choices: tuple[Any, ...] = (), least: Any = None,
           most: Any = None, file: bool = False) -> Any:
    """One option of a game's options dataclass (see the module).

    >>> @dataclasses.dataclass(frozen=True)
    ... class Options:
    ...     rounds: int = option(4, "rounds to play (R-1)", least=1, most=9)
    ...     board: str = option("small", "the board (R-2)", choices=("small", "large"))
    >>> option_fields(Options)[0], option_range(Options, "rounds"), _choices(Options)["board"]
    (('rounds', <class 'int'>, 4, 'rounds to play (R-1)'), (1, 9), ('small', 'large'))
    """
    meta: dict[str, Any] = {"help": help}
    if choices:
        meta["choices"] = choices
    if least is not None:
        meta["min"] = least
    if most is not None:
        meta["max"] = most
    if file:
        meta["file"] = True
    return dataclasses.field(default=default, metadata=meta)


@dataclasses.dataclass(frozen=True, slots=True)
class NoOptions:
    """For a game without variants."""


@functools.lru_cache(maxsize=64)
def option_fields(options_type: type) -> tuple[tuple[str, type, Any, str], ...]:
    """(name, type, default, help) of each option; cached, since setup reads it every game.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Options:
    ...     rounds: int = option(4, "rounds to play", least=1, most=9)
    >>> option_fields(Options)
    (('rounds', <class 'int'>, 4, 'rounds to play'),)
    """
    hints = typing.get_type_hints(options_type)
    return tuple((f.name, hints[f.name], f.default, str(f.metadata.get("help", "")))
                 for f in dataclasses.fields(options_type))


def options_from_json(options_type: type[Opts], data: Mapping[str, Any] | None) -> Opts:
    """Build options from a JSON object; unknown names and wrong types raise BadOptions.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Options:
    ...     rounds: int = option(4, "rounds to play", least=1, most=9)
    >>> options_from_json(Options, {"rounds": 6})
    Options(rounds=6)
    >>> options_from_json(Options, None)
    Options(rounds=4)
    >>> options_from_json(Options, {"rounds": 12})
    Traceback (most recent call last):
    parlor.core.errors.BadOptions: option rounds must be between 1 and 9, got 12
    >>> options_from_json(Options, {"turns": 6})
    Traceback (most recent call last):
    parlor.core.errors.BadOptions: unknown option(s) turns (known: rounds)
    """
    data = dict(data or {})
    kind: type = options_type  # a plain class: the caches key on it
    fields = {name: (tp, default) for name, tp, default, _ in option_fields(kind)}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        known = ", ".join(fields) or "none"
        raise BadOptions(f"unknown option(s) {', '.join(unknown)} (known: {known})",
                         reason="unknown_option", name=", ".join(unknown), known=known)
    for name, value in data.items():
        tp = fields[name][0]
        choices = _choices(kind)[name]
        if not _is_type(value, tp):
            raise BadOptions(f"option {name} must be {_type_name(tp)}, got {value!r}", reason="option_type",
                             name=name, type=getattr(tp, "__name__", str(tp)), value=value)
        if choices and value not in choices:
            raise BadOptions(f"option {name} must be one of {', '.join(map(str, choices))}",
                             reason="option_choice", name=name, choices=", ".join(map(str, choices)))
        low, high = option_range(kind, name)
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = f"between {low} and {high}" if low is not None and high is not None \
                else f"at least {low}" if low is not None else f"at most {high}"
            raise BadOptions(f"option {name} must be {bounds}, got {value!r}", reason="option_range",
                             name=name, min=low, max=high, value=value)
    return options_type(**data)


def option_range(options_type: type, name: str) -> tuple[Any, Any]:
    """(min, max) of a numeric option, either None when the game sets no bound.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Options:
    ...     rounds: int = option(4, "rounds to play", least=1)
    >>> option_range(Options, "rounds")
    (1, None)
    """
    meta = _metadata(options_type)[name]
    return meta.get("min"), meta.get("max")


def options_from_text(options_type: type[Opts], pairs: Iterable[str]) -> Opts:
    """Build options from `name=value` strings as typed on a command line.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Options:
    ...     rounds: int = 4
    ...     expansion: bool = False
    >>> options_from_text(Options, ["rounds=6", "expansion=true"])
    Options(rounds=6, expansion=True)
    >>> options_from_text(Options, ["rounds"])
    Traceback (most recent call last):
    parlor.core.errors.BadOptions: option 'rounds' must be written name=value
    """
    kind: type = options_type
    fields = {name: tp for name, tp, _, _ in option_fields(kind)}
    data: dict[str, Any] = {}
    for pair in pairs:
        name, eq, text = pair.partition("=")
        if not eq:
            raise BadOptions(f"option {pair!r} must be written name=value", reason="option_syntax", pair=pair)
        if name not in fields:
            known = ", ".join(fields) or "none"
            raise BadOptions(f"unknown option {name!r} (known: {known})", reason="unknown_option", name=name,
                             known=known)
        if _metadata(kind)[name].get("file") and Path(text).is_file():
            text = _read_local(name, Path(text))
        data[name] = _from_text(name, fields[name], text)
    return options_from_json(options_type, data)


def _read_local(name: str, path: Path) -> str:
    """The content of a local file named on the command line for a `file` option."""
    if path.stat().st_size > FILE_LIMIT:
        raise BadOptions(f"option {name}: {path} is larger than {FILE_LIMIT} bytes")
    try:
        return read_utf8(path)  # UTF-8, a byte-order mark allowed
    except NotUtf8 as err:
        raise BadOptions(f"option {name}: {path}: {err}") from None
    except OSError as err:
        raise BadOptions(f"option {name}: cannot read {path}: {err}") from None


def options_to_json(options: object) -> dict[str, Any]:
    """The JSON form of an options object (what `options_from_json` reads back).

    >>> options_to_json(NoOptions())
    {}
    """
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}  # type: ignore[arg-type]


@functools.lru_cache(maxsize=64)
def _choices(options_type: type) -> dict[str, tuple[Any, ...]]:
    return {f.name: tuple(f.metadata.get("choices", ())) for f in dataclasses.fields(options_type)}


@functools.lru_cache(maxsize=64)
def _metadata(options_type: type) -> dict[str, Mapping[str, Any]]:
    return {f.name: f.metadata for f in dataclasses.fields(options_type)}


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
        raise BadOptions(f"option {name} must be {_type_name(tp)}, got {text!r}", reason="option_type",
                         name=name, type=getattr(tp, "__name__", str(tp)), value=text) from None
    return text
