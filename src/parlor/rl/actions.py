"""Fixed discrete action spaces: a stable index for every move a seat could ever have.

A game's action catalogue lists, for every move kind of its `MoveCatalog`, the values each field
can take (from the game's data, its player count and its options). The space is the concatenation,
kind after kind in catalogue order, of the product of those value lists; fields whose values
depend on each other (a pile put on a Manager slot must be one of the components bought) form one
*joint axis* listing only the combinations that can occur. The index of a move is its kind's
offset plus the mixed-radix number of its fields' positions, so it never depends on a position.
"""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Any

import numpy as np

from parlor.core import Game, Move


class NotInActionSpace(ValueError):
    """A move the action catalogue does not list (a catalogue too small for the game)."""


@dataclass(frozen=True)
class Axis:
    """One or more fields of a move kind and the combinations of values they may take together.

    A field named in `unordered` holds a collection of `items` whose order carries no meaning
    (the components of a purchase): the values list it in the order of `items`, and a move's
    collection is put in that order before it is looked up, whatever order the game gave it.
    """

    fields: tuple[str, ...]
    values: tuple[tuple[Any, ...], ...]
    unordered: tuple[str, ...] = ()
    items: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        if len(set(self.values)) != len(self.values):
            raise ValueError(f"axis {self.fields} lists a value twice")

    def key(self, value: tuple[Any, ...]) -> tuple[Any, ...]:
        """`value` with its unordered collections in the order of `items`."""
        if not self.unordered:
            return value
        rank = {item: i for i, item in enumerate(self.items)}
        return tuple(tuple(sorted(v, key=rank.__getitem__)) if name in self.unordered else v
                     for name, v in zip(self.fields, value, strict=True))


def axis(field: str, values: Iterable[Any], items: Sequence[Any] = ()) -> Axis:
    """A single field's values; with `items`, the field is an unordered collection of them."""
    return Axis((field,), tuple((v,) for v in values), (field,) if items else (), tuple(items))


def joint(fields: Sequence[str], rows: Iterable[Sequence[Any]], unordered: Sequence[str] = (),
          items: Sequence[Any] = ()) -> Axis:
    """Several fields that take only these combinations of values (`unordered`, `items`: as
    for `Axis`)."""
    return Axis(tuple(fields), tuple(tuple(row) for row in rows), tuple(unordered), tuple(items))


@dataclass(frozen=True)
class KindActions:
    """The actions of one move kind: the product of its axes (none for a move without fields)."""

    kind: str
    axes: tuple[Axis, ...] = ()

    @property
    def size(self) -> int:
        size = 1
        for a in self.axes:
            size *= len(a.values)
        return size


def kind(name: str, *axes: Axis) -> KindActions:
    return KindActions(name, tuple(axes))


def multisets(items: Sequence[Any], sizes: Iterable[int]) -> list[tuple[Any, ...]]:
    """Every multiset of `items` of the given sizes, as tuples in the order of `items`."""
    return [combo for k in sizes for combo in combinations_with_replacement(items, k)]


def subsets(items: Sequence[Any], most: int) -> list[tuple[Any, ...]]:
    """Every subset of `items` with at most `most` elements, in the order of `items`."""
    return [combo for k in range(most + 1) for combo in combinations(items, k)]


class ActionSpace:
    """The action space of one game, player count and option set: `size` actions, each a move."""

    def __init__(self, game: Game[Any], kinds: Sequence[KindActions]) -> None:
        self.game_id = game.id
        listed = [k.kind for k in kinds]
        catalogue = list(game.moves.classes)
        if sorted(listed) != sorted(catalogue) or len(set(listed)) != len(listed):
            raise ValueError(f"{game.id}: the action catalogue must list each move kind once; "
                             f"missing {sorted(set(catalogue) - set(listed))}, "
                             f"unknown {sorted(set(listed) - set(catalogue))}")
        self.kinds = tuple(kinds)
        self._by_kind = {k.kind: k for k in self.kinds}
        self._classes = game.moves.classes
        self._offsets: dict[str, int] = {}
        self._positions: dict[str, tuple[dict[tuple[Any, ...], int], ...]] = {}
        self._ends: list[int] = []  # each kind's first action past its own, in order
        offset = 0
        for k in self.kinds:
            names = [f.name for f in dataclasses.fields(self._classes[k.kind])]
            covered = [name for a in k.axes for name in a.fields]
            if sorted(covered) != sorted(names) or len(set(covered)) != len(covered):
                raise ValueError(f"{game.id}: the axes of '{k.kind}' must cover its fields {names} "
                                 f"once each, not {covered}")
            self._offsets[k.kind] = offset
            self._positions[k.kind] = tuple({v: i for i, v in enumerate(a.values)} for a in k.axes)
            offset += k.size
            self._ends.append(offset)
        self.size = offset
        self._cache: dict[Move, int] = {}

    def move_to_action(self, move: Move) -> int:
        """The index of `move`. :raises NotInActionSpace: for a move outside the catalogue."""
        cached = self._cache.get(move)
        if cached is not None:
            return cached
        offset = self._offsets.get(move.kind)
        if offset is None or type(move) is not self._classes[move.kind]:
            raise NotInActionSpace(f"{self.game_id}: no action for {move}")
        index = 0
        for a, positions in zip(self._by_kind[move.kind].axes, self._positions[move.kind], strict=True):
            value = a.key(tuple(getattr(move, name) for name in a.fields))
            position = positions.get(value)
            if position is None:
                raise NotInActionSpace(f"{self.game_id}: no action for {move} "
                                       f"({', '.join(a.fields)} = {value} not catalogued)")
            index = index * len(a.values) + position
        self._cache[move] = offset + index
        return offset + index

    def action_to_move(self, action: int) -> Move:
        """The move an index stands for (unordered collections in catalogue order: the game may
        list the same move with another order, see `Table.play`).
        :raises ValueError: outside 0..size-1."""
        action = int(action)
        if not 0 <= action < self.size:
            raise ValueError(f"{self.game_id}: action {action} is outside 0..{self.size - 1}")
        k = self.kinds[bisect.bisect_right(self._ends, action)]  # the first kind ending past it
        rest = action - self._offsets[k.kind]
        fields: dict[str, Any] = {}
        for a in reversed(k.axes):
            rest, position = divmod(rest, len(a.values))
            fields.update(zip(a.fields, a.values[position], strict=True))
        return self._classes[k.kind](**fields)

    def mask(self, moves: Iterable[Move]) -> np.ndarray:
        """1 at the index of each move, 0 elsewhere (int8, as PettingZoo's classic games)."""
        out = np.zeros(self.size, dtype=np.int8)
        for move in moves:
            out[self.move_to_action(move)] = 1
        return out

    def kind_actions(self, kind: str) -> KindActions:
        """The actions of one move kind."""
        return self._by_kind[kind]

    def describe(self) -> list[tuple[str, int, int]]:
        """(kind, first index, number of actions) for each kind, for documentation."""
        return [(k.kind, self._offsets[k.kind], k.size) for k in self.kinds]


# A game's catalogue: its kinds for a player count and a validated options object.
CatalogueBuilder = Callable[[int, Any], list[KindActions]]
_builders: dict[str, CatalogueBuilder] = {}


def register_actions(game_id: str, builder: CatalogueBuilder) -> None:
    """Give a game its action catalogue (or another one than it declares: `Game.action_catalogue`)."""
    _builders[game_id] = builder


def action_space(game: Game[Any], players: int, options: Any = None) -> ActionSpace:
    """The action space of `game` for `players` seats and `options` (a dict, dataclass or None)."""
    builder = _builders.get(game.id) or game.action_catalogue()
    if builder is None:
        raise KeyError(f"no action catalogue for game '{game.id}': give it one with "
                       "parlor.rl.register_actions")
    return ActionSpace(game, builder(players, game.make_options(options)))
