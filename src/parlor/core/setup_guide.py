"""Setting a game up on a real table: what depends on the number of players and on the options a
table turns on (an expansion, a variant), each fact with the rule that says it and the values the
game's engine and data give, worded by the game's catalog (`[ui] setup_<key>`).

A game offers a guide with a `setup_guide` module in its package: `setup_guide(game)` returns a
`SetupGuide`. The tools page (`GET /api/tools/{game}/setup`) and `parlor setup` read it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from .text import Catalog


@dataclass(frozen=True, slots=True)
class SetupFact:
    """One thing to set up: the rule that says it, its sentence's key in the catalog, the values
    that fill the sentence (numbers, ids the catalog names, lists of them)."""

    rule: str
    key: str
    values: dict[str, Any] = field(default_factory=dict)

    def template_key(self) -> str:
        return f"setup_{self.key}"

    def words(self, catalog: Catalog) -> str:
        """The fact in the catalog's language."""
        return catalog.fill(catalog.ui[self.template_key()], self.values)

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "key": self.key, "values": self.values}


@dataclass(frozen=True, slots=True)
class SetupGuide:
    """A game's set-up guide: the options (booleans) a table may turn on that change the set-up, and
    the facts for a player count with some of them on (`facts(players, options)`, options as the
    game's options dataclass)."""

    options: tuple[str, ...]
    facts: Callable[[int, Any], list[SetupFact]]

    def option_sets(self) -> Iterator[tuple[str, ...]]:
        """Every choice of the options turned on, none first.

        >>> list(SetupGuide(("a", "b"), lambda players, options: []).option_sets())
        [(), ('a',), ('b',), ('a', 'b')]
        """
        for size in range(len(self.options) + 1):
            yield from combinations(self.options, size)
