"""Turning views, moves and events into terminal text (Rich); clients render, never decide."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.markup import escape
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from parlor.core import Move, Result
from parlor.core.text import PUNCTUATION, Catalog

from .words import say


class WordTable(Table):
    """A table that keeps its words whole: each column at least as wide as the longest word of its
    heading and cells, the room left shared where the text is longer. Rich narrows the widest
    columns first, through their words, and cuts a heading with "…": at 80 columns "valoración" read
    "valoraci…", "Prestigio" broke over three lines and "Bomba de relojería" read "Bomba de relo…".
    A table too wide even at its words' widths is Rich's to draw."""

    whole_headings = False  # True: a heading stands on one line ("名聲", not "名" over "聲")

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        widths = self.word_widths(self.columns_text(console), options.max_width)
        if widths is None:
            yield from super().__rich_console__(console, options)
        else:
            yield from Table.__rich_console__(self.with_widths(widths), console, options)

    def columns_text(self, console: Console) -> list[tuple[Text, list[Text], bool]]:
        """Each column's heading, cells (as text) and whether it may wrap."""
        return [(_text(console, column.header), [_text(console, cell) for cell in column.cells],
                 column.no_wrap) for column in self.columns]

    def narrowest(self, columns: list[tuple[Text, list[Text], bool]]) -> list[int]:
        """How narrow each column can be without breaking a word of its heading or cells."""
        return [max([_narrowest(heading, no_wrap or self.whole_headings),   # a list: a table may have no rows
                     *(_narrowest(cell, no_wrap) for cell in cells)]) for heading, cells, no_wrap in columns]

    def room(self, width: int) -> int:
        """The width left for the columns' text in `width`: less the rules and the cells' padding, as
        Rich itself measures them (its private `_extra_width` and `_get_padding_width`: the width tests
        in tests/cli fail if they change)."""
        return width - self._extra_width - sum(self._get_padding_width(i) for i in range(len(self.columns)))

    def word_widths(self, columns: list[tuple[Text, list[Text], bool]], width: int) -> list[int] | None:
        """The widths that keep every word of `columns` (`columns_text`) whole in `width`; None where
        the natural widths fit already or the words alone do not."""
        widest = [max(_widest(text) for text in (heading, *cells)) for heading, cells, _ in columns]
        narrowest, room = self.narrowest(columns), self.room(width)
        if sum(widest) <= room or sum(narrowest) > room:
            return None
        return _shared(narrowest, widest, room)

    def with_widths(self, widths: list[int]) -> Table:
        """A plain copy of this table with its columns at `widths` (drawn by Rich as they are)."""
        table = Table.__new__(Table)
        table.__dict__.update(self.__dict__)
        table.columns = [replace(column, width=width)
                         for column, width in zip(self.columns, widths, strict=True)]
        return table

    def fits_words(self, columns: list[tuple[Text, list[Text], bool]], width: int) -> bool:
        """Whether every word of `columns` (`columns_text`) fits `width` on its line."""
        return sum(self.narrowest(columns)) <= self.room(width)


def _text(console: Console, cell: RenderableType) -> Text:
    """A table's heading or cell as text (cells given as strings are read as the table reads them)."""
    return cell if isinstance(cell, Text) else console.render_str(str(cell))


def _narrowest(text: Text, no_wrap: bool) -> int:
    """How narrow a column can hold `text` without breaking a word (or a line, if it must not wrap);
    a run of Chinese between spaces counts as a word: a cell cut between its characters reads worse
    than a table drawn another way."""
    lines = text.plain.split("\n")
    pieces = lines if no_wrap else [word for line in lines for word in line.split()]
    return max((cell_len(piece) for piece in pieces), default=0)


def _widest(text: Text) -> int:
    """The width of `text`'s longest line."""
    return max(cell_len(line) for line in text.plain.split("\n"))


def _shared(narrowest: list[int], widest: list[int], room: int) -> list[int]:
    """Column widths from each one's narrowest, the `room` left over given first to the columns that
    want the least to stand on one line, so that most stand whole and the longest text wraps."""
    widths = list(narrowest)
    left = room - sum(widths)
    for index in sorted(range(len(widths)), key=lambda i: widest[i] - narrowest[i]):
        extra = min(left, widest[index] - widths[index])
        widths[index] += extra
        left -= extra
    return widths


class Entries:
    """Entries ("Heading: value") side by side, `gap` spaces apart, each line broken between two
    entries, never inside one that fits a line ("Límite de inversión:" / "4" broke there)."""

    def __init__(self, entries: list[Text], gap: int = 3) -> None:
        self.entries, self.gap = [entry for entry in entries if entry.plain], gap

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line = Text()
        for entry in self.entries:
            if line.plain and line.cell_len + self.gap + entry.cell_len > options.max_width:
                yield line
                line = Text()
            if line.plain:
                line.append(" " * self.gap)
            line.append_text(entry)
        if line.plain:
            yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [entry.cell_len for entry in self.entries]
        total = sum(widths) + self.gap * max(0, len(widths) - 1)
        return Measurement(min(max(widths, default=0), options.max_width), min(total, options.max_width))


def bulleted(lines: list[Text]) -> Table:
    """Lines after green bullets, each wrapping under its own first word (a hanging indent), not
    back under the bullet."""
    grid = Table.grid(padding=(0, 1, 0, 0))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for line in lines:
        grid.add_row(Text("•", style="green"), line)
    return grid


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
    table = WordTable(title=title, show_header=True, header_style="bold")
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
    category (`category` words it). Where the result is an outcome (`Result.is_outcome`: Star Road's
    win, loss or draw, SR-3.5, SR-23.2), one row of words, not a "Loss" row of zeros beside a "Win"
    row."""
    categories = sorted({c for b in result.breakdown for c in b})
    order = sorted(range(len(players)), key=lambda s: (result.ranks[s], s))
    table = WordTable(title=title, header_style="bold", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("")
    for seat in order:
        table.add_column(players[seat], justify="right")
    table.add_row(rank, *(str(result.ranks[seat]) for seat in order))
    totals = [Text(f"{result.scores[seat]:g}", style="bold") for seat in order]
    table.add_row(Text(total, style="bold"), *totals, end_section=True)
    if result.is_outcome():
        table.add_row(outcome, *(category(next(iter(result.breakdown[seat]))) for seat in order))
        return table
    for key in categories:
        points = [f"{result.breakdown[seat].get(key, 0):g}" for seat in order]
        table.add_row(category(key), *points, style="dim")
    return table
