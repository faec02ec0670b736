"""Moves: frozen values with a `kind` and named fields, a JSON form and a short text notation.

A game declares one class per kind, naming the kind where it subclasses `Move`::

    class Bid(Move, kind="bid"):
        card: int

with a docstring citing the rule the move comes from. The class becomes a frozen dataclass with
slots (a value: equal, hashable, immutable), so a game's moves.py holds only kinds, fields and
rules. Fields that several kinds share because they name one thing of the game (one of the dice,
a slot on a board) may stand in an abstract move, `class DieMove(Move, abstract=True)`, that those
kinds subclass: its fields come first, then each kind's own, and it has no kind of its own.
`str(Bid(3))` is ``bid card=3`` and `MoveCatalog([Bid]).parse("bid card=3") == Bid(3)`.
A class may also be written out as `@dataclass(frozen=True, slots=True)` with
`kind: ClassVar[str] = "bid"`.
Field types are limited to what JSON and the notation carry: int, str, bool, tuples of those, and
`X | None`.
Three kinds decide nothing by convention (`PASSING`): `pass` (give up a turn or a priority), `done`
(end a step) and `decline` (an offer). Where one of them is a player's only legal move, the table and
the terminal may play it for the player when asked (`only_passing`).
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Iterable
from typing import Any, ClassVar, Union, cast, dataclass_transform

from .errors import BadMove

JsonDict = dict[str, Any]


@dataclass_transform(frozen_default=True)
class _MoveType(type):
    """Makes `class X(Move, kind="x")` a frozen dataclass with slots whose `kind` is "x"."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any],
                kind: str | None = None, abstract: bool = False) -> _MoveType:
        cls = super().__new__(mcs, name, bases, namespace)
        if abstract:  # shared fields only: a dataclass its kinds inherit them from
            return cast(_MoveType, dataclasses.dataclass(frozen=True, slots=True)(cast(Any, cls)))
        if kind is None:  # the base itself, a written-out dataclass, or dataclass's slots copy
            return cls
        setattr(cls, "kind", kind)  # noqa: B010 (the metaclass does not declare `kind`)
        made = dataclasses.dataclass(frozen=True, slots=True)(cast(Any, cls))
        return cast(_MoveType, made)


class Move(metaclass=_MoveType):
    """Base of every move: `class Bid(Move, kind="bid")` with its fields (see the module)."""

    __slots__ = ()
    kind: ClassVar[str]

    def to_json(self) -> JsonDict:
        out: JsonDict = {"kind": self.kind}
        for name in field_names(type(self)):
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    def __str__(self) -> str:
        parts = [self.kind]
        for name in field_names(type(self)):  # the server writes every legal move's text
            parts.append(f"{name}={_format(getattr(self, name))}")
        return " ".join(parts)


@functools.cache
def field_names(cls: type) -> tuple[str, ...]:
    """A move class's field names, found once per class: `dataclasses.fields` filters the class's
    fields again on every call, and a server writes every legal move of every state it sends."""
    return tuple(f.name for f in dataclasses.fields(cls))


def _format(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(_format(v) for v in value) if value else "-"
    return str(value)


class _FieldSpec:
    """How one field is read back: its base type, whether it is a tuple, whether it may be None."""

    __slots__ = ("name", "base", "many", "optional")

    def __init__(self, name: str, hint: Any, owner: str) -> None:
        self.name = name
        self.optional = False
        origin = typing.get_origin(hint)
        if origin in (Union, types.UnionType):
            args = [a for a in typing.get_args(hint) if a is not type(None)]
            if len(args) != 1:
                raise TypeError(f"{owner}.{name}: unsupported union type {hint!r}")
            self.optional = True
            hint = args[0]
            origin = typing.get_origin(hint)
        self.many = origin is tuple
        base = typing.get_args(hint)[0] if self.many else hint
        if base not in (int, str, bool):
            raise TypeError(f"{owner}.{name}: unsupported field type {hint!r}")
        self.base = base

    def from_json(self, value: Any, kind: str) -> Any:
        if value is None and self.optional:
            return None
        if self.many:
            if not isinstance(value, (list, tuple)):
                raise BadMove(f"move '{kind}': field '{self.name}' must be a list")
            return tuple(self._scalar(v, kind) for v in value)
        return self._scalar(value, kind)

    def _scalar(self, value: Any, kind: str) -> Any:
        ok = isinstance(value, self.base) and not (self.base is int and isinstance(value, bool))
        if not ok:
            raise BadMove(
                f"move '{kind}': field '{self.name}' must be {self.base.__name__}, got {value!r}"
            )
        return value

    def from_text(self, text: str, kind: str) -> Any:
        if self.optional and text == "none":
            return None
        if self.many:
            return tuple(self._scalar_text(t, kind) for t in text.split(",")) if text != "-" else ()
        return self._scalar_text(text, kind)

    def _scalar_text(self, text: str, kind: str) -> Any:
        if self.base is int:
            try:
                return int(text)
            except ValueError:
                raise BadMove(
                    f"move '{kind}': field '{self.name}' must be a number, got {text!r}") from None
        if self.base is bool:
            if text not in ("true", "false"):
                raise BadMove(f"move '{kind}': field '{self.name}' must be true or false")
            return text == "true"
        return text


# the kinds of move that decide nothing: a pass, the end of a step, an offer declined
PASSING = frozenset(("pass", "done", "decline"))


def only_passing(moves: list[Move]) -> bool:
    """Whether `moves` is one move that decides nothing (`PASSING`): no choice for the player.

    >>> class Pass(Move, kind="pass"): ...
    >>> class Take(Move, kind="take"): ...
    >>> only_passing([Pass()]), only_passing([Pass(), Take()]), only_passing([Take()])
    (True, False, False)
    """
    return len(moves) == 1 and moves[0].kind in PASSING


class MoveCatalog:
    """Every move class of one game, by kind: reads moves from JSON and from notation."""

    def __init__(self, classes: Iterable[type[Move]]) -> None:
        self.classes: dict[str, type[Move]] = {}
        self._fields: dict[str, tuple[_FieldSpec, ...]] = {}
        for cls in classes:
            if cls.kind in self.classes:
                raise TypeError(f"two move classes share the kind {cls.kind!r}")
            hints = typing.get_type_hints(cls)
            self.classes[cls.kind] = cls
            self._fields[cls.kind] = tuple(
                _FieldSpec(f.name, hints[f.name], cls.__name__)
                for f in dataclasses.fields(cls)
            )

    def _lookup(self, kind: object) -> tuple[type[Move], tuple[_FieldSpec, ...]]:
        if not isinstance(kind, str) or kind not in self.classes:
            known = ", ".join(sorted(self.classes))
            raise BadMove(f"unknown move kind {kind!r} (known: {known})")
        return self.classes[kind], self._fields[kind]

    def from_json(self, data: Any) -> Move:
        """Read a move from its JSON form; :raises BadMove: naming the kind and field at fault.

        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True, slots=True)
        ... class Take(Move):
        ...     kind: ClassVar[str] = "take"
        ...     cards: tuple[int, ...]
        >>> catalog = MoveCatalog([Take])
        >>> move = catalog.from_json({"kind": "take", "cards": [1, 4]})
        >>> move, move.to_json()
        (Take(cards=(1, 4)), {'kind': 'take', 'cards': [1, 4]})
        >>> catalog.from_json({"kind": "take"})
        Traceback (most recent call last):
        parlor.core.errors.BadMove: move 'take': missing field(s) cards
        """
        if not isinstance(data, dict):
            raise BadMove(f"a move must be a JSON object, got {type(data).__name__}")
        cls, specs = self._lookup(data.get("kind"))
        names = {s.name for s in specs}
        extra = sorted(set(data) - names - {"kind"})
        if extra:
            raise BadMove(f"move '{cls.kind}': unknown field(s) {', '.join(extra)}")
        missing = [s.name for s in specs if s.name not in data]
        if missing:
            raise BadMove(f"move '{cls.kind}': missing field(s) {', '.join(missing)}")
        return cls(**{s.name: s.from_json(data[s.name], cls.kind) for s in specs})

    def parse(self, text: str) -> Move:
        """Read a move from its notation (`str(move)`); :raises BadMove: naming what is wrong.

        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True, slots=True)
        ... class Bid(Move):
        ...     kind: ClassVar[str] = "bid"
        ...     card: int
        >>> catalog = MoveCatalog([Bid])
        >>> catalog.parse("bid card=3") == Bid(3), str(Bid(3))
        (True, 'bid card=3')
        >>> catalog.parse("pass")
        Traceback (most recent call last):
        parlor.core.errors.BadMove: unknown move kind 'pass' (known: bid)
        """
        words = text.split()
        if not words:
            raise BadMove("empty move")
        cls, specs = self._lookup(words[0])
        given: dict[str, str] = {}
        for word in words[1:]:
            name, eq, value = word.partition("=")
            if not eq:
                raise BadMove(f"move '{cls.kind}': expected name=value, got {word!r}")
            given[name] = value
        return self.from_json(
            {"kind": cls.kind, **{s.name: s.from_text(given[s.name], cls.kind)
                                  for s in specs if s.name in given},
             **{k: v for k, v in given.items() if k not in {s.name for s in specs}}}
        )
