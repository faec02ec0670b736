"""Turning views, moves and events into terminal text (Rich); clients render, never decide."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich import box
from rich.markup import escape
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from parlor.core import Move, Result
from parlor.core.text import PUNCTUATION, Catalog

from .words import say


def view_tree(view: dict[str, Any], title: str, catalog: Catalog | None = None) -> Tree:
    """A compact, readable tree of a view.

    Scalars and lists of scalars stand on their key's line; a small record of scalars is one line
    (`magician: owned, hired_this_turn=no`); ids are shown by their localised names when the
    game's catalog has them; empty values are left out.
    """
    tree = Tree(f"[bold]{escape(title)}[/]")
    _Tree(catalog).add(tree, view)
    return tree


_SCALARS = (str, int, float, bool, type(None))


class _Tree:
    def __init__(self, catalog: Catalog | None) -> None:
        self.names = catalog.names if catalog is not None else {}
        self.labels = catalog.ui if catalog is not None else {}
        self.lang = catalog.lang if catalog is not None else "en"
        self.marks = PUNCTUATION.get(self.lang, PUNCTUATION["en"])

    def label(self, key: str) -> str:
        """A view key as the browser's generic view shows it: its `[ui]` label, else its name,
        else the key made readable (`last_turn` -> `Last turn`)."""
        if key in self.labels:
            return self.labels[key]
        if key in self.names:
            return self.names[key]
        text = key.replace("_", " ")
        return text[:1].upper() + text[1:]

    def scalar(self, value: Any) -> str:
        if value is None:
            return "-"
        if isinstance(value, bool):
            return say(self.lang, "yes" if value else "no")
        if isinstance(value, str):
            return self.names.get(value, value)
        return str(value)

    def inline(self, value: Any) -> str | None:
        """One line for a scalar, a list of scalars or a small flat record; None if too big."""
        if isinstance(value, _SCALARS):
            return escape(self.scalar(value))
        if isinstance(value, list) and all(isinstance(v, _SCALARS) for v in value):
            return escape(self.marks.names.join(self.scalar(v) for v in value)) if value else "-"
        if isinstance(value, dict) and len(value) <= 16 and all(
                isinstance(v, _SCALARS) for v in value.values()):
            parts = [escape(self.label(k)) if v is True
                     else f"{escape(self.label(k))}={escape(self.scalar(v))}"
                     for k, v in value.items() if v not in (False, None, "", 0)]
            return self.marks.phrases.join(parts) if parts else "-"
        return None

    def add(self, tree: Tree, value: Any) -> None:
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            if item in (None, [], {}, ""):
                continue
            if isinstance(value, dict):
                label = f"[cyan]{escape(self.label(str(key)))}[/]"
            else:
                label = f"[dim]{key}[/]"
            line = self.inline(item)
            if line is not None:
                tree.add(f"{label}{self.marks.colon}{line}")
            else:
                self.add(tree.add(label), item)


def moves_table(moves: list[Move], catalog: Catalog, seat: int, names: list[str],
                title: str = "Your choices") -> Table:
    table = Table(title=title, show_header=True, header_style="bold")
    table.add_column("#", justify="right")
    table.add_column("move")
    table.add_column("notation", style="dim")
    for i, move in enumerate(moves, 1):
        table.add_row(str(i), escape(catalog.move(move, names, seat)), escape(str(move)))
    return table


def result_table(result: Result, players: list[Text], title: str, rank: str, total: str, outcome: str,
                 category: Callable[[str], str]) -> Table:
    """A game's result as a player reads it, at the end of a terminal game and on the score pad alike
    (and as the web table shows it): one column per player, best first, so that any number of
    categories fits the screen's width; a row for the place, one for the total, then one per scoring
    category (`category` words it). Where each player has one category of their own, the categories
    name each one's outcome (Star Road's win or loss, SR-23.2): one row of words, not a "Loss" row of
    zeros beside a "Win" row."""
    categories = sorted({c for b in result.breakdown for c in b})
    order = sorted(range(len(players)), key=lambda s: (result.ranks[s], s))
    table = Table(title=title, header_style="bold", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("")
    for seat in order:
        table.add_column(players[seat], justify="right")
    table.add_row(rank, *(str(result.ranks[seat]) for seat in order))
    totals = [Text(f"{result.scores[seat]:g}", style="bold") for seat in order]
    table.add_row(Text(total, style="bold"), *totals, end_section=True)
    if len(categories) > 1 and all(len(part) == 1 for part in result.breakdown):
        table.add_row(outcome, *(category(next(iter(result.breakdown[seat]))) for seat in order))
        return table
    for key in categories:
        points = [f"{result.breakdown[seat].get(key, 0):g}" for seat in order]
        table.add_row(category(key), *points, style="dim")
    return table
