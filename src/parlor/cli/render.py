"""Turning views, moves and events into terminal text (Rich); clients render, never decide."""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from rich.table import Table
from rich.tree import Tree

from parlor.core import Event, Move, Result
from parlor.core.text import Catalog


def view_tree(view: dict[str, Any], title: str) -> Tree:
    """A readable tree of a view: scalars inline, short scalar lists inline, the rest nested."""
    tree = Tree(f"[bold]{title}[/]")
    _add(tree, view)
    return tree


def _short(value: Any) -> bool:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return True
    return isinstance(value, list) and len(value) <= 12 and all(
        isinstance(v, (str, int, float, bool)) or v is None for v in value)


def _text(value: Any) -> str:
    """Plain text of a scalar or short list, escaped so Rich shows brackets literally."""
    if isinstance(value, list):
        return escape("[" + ", ".join(_plain(v) for v in value) + "]")
    return escape(_plain(value))


def _plain(value: Any) -> str:
    return "-" if value is None else str(value)


def _add(tree: Tree, value: Any) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            if _short(item):
                tree.add(f"[cyan]{escape(str(key))}[/]: {_text(item)}")
            else:
                _add(tree.add(f"[cyan]{escape(str(key))}[/]"), item)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            if _short(item):
                tree.add(f"{i}: {_text(item)}")
            else:
                _add(tree.add(f"[dim]{i}[/]"), item)
    else:
        tree.add(_text(value))


def moves_table(moves: list[Move], catalog: Catalog, seat: int, names: list[str]) -> Table:
    table = Table(title="Your choices", show_header=True, header_style="bold")
    table.add_column("#", justify="right")
    table.add_column("move")
    table.add_column("notation", style="dim")
    for i, move in enumerate(moves, 1):
        table.add_row(str(i), escape(catalog.move(move, names, seat)), escape(str(move)))
    return table


def event_lines(events: list[Event], seat: int | None, catalog: Catalog,
                names: list[str]) -> list[str]:
    return [catalog.event(e, names) for e in events if e.visible(seat)]


def result_table(result: Result, names: list[str]) -> Table:
    categories = sorted({c for b in result.breakdown for c in b})
    table = Table(title="Final result", header_style="bold")
    table.add_column("rank", justify="right")
    table.add_column("player")
    table.add_column("score", justify="right")
    for category in categories:
        table.add_column(category, justify="right", style="dim")
    for seat in sorted(range(len(names)), key=lambda s: result.ranks[s]):
        table.add_row(str(result.ranks[seat]), escape(names[seat]), f"{result.scores[seat]:g}",
                      *(f"{result.breakdown[seat].get(c, 0):g}" for c in categories))
    return table
