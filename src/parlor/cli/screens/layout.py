"""One decision's screen, fitted to the terminal (at most 100 columns by 40 rows): a header line, the
players' table, the board, the own private area, the last events and the numbered choices.

Parts are measured before they are printed; when everything does not fit, the log gets shorter first,
then the choices are shown a page at a time (`more` turns the page).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..line_breaks import broken_between_phrases
from ..render import bulleted
from ..words import say
from .base import Context, GameScreen

WIDTH = 100
HEIGHT = 40
LOG_LINES = 4


@dataclass
class Decision:
    """What the viewer must decide now: the step in words and the choices' labels."""

    step: str
    choices: list[str]
    first: int = 0  # index of the first choice shown (paging)


@dataclass
class Drawn:
    renderable: RenderableType
    shown: range  # indexes of the choices on screen


def measure(console: Console, renderable: RenderableType, width: int) -> int:
    options = console.options.update_width(width)
    return len(console.render_lines(renderable, options, pad=False))


def draw(console: Console, screen: GameScreen, view: dict[str, Any], ctx: Context, header: Text,
         log: list[str], decision: Decision | None, footer: Text | None = None,
         width: int = WIDTH, height: int = HEIGHT) -> Drawn:
    """The screen as one renderable that fits `width` x `height` (the prompt's line included)."""
    width = min(width, console.width) if console.width else width
    top: list[RenderableType] = [broken_between_phrases(header, width)]
    players = screen.players(view, ctx)
    if players is not None:
        top.append(players)
    board = screen.board(view, ctx)
    if board is not None:
        top.append(board)
    private = screen.private(view, ctx)
    if private is not None:
        top.append(Panel(private, title=say(ctx.lang, "private"), title_align="left", box=box.ROUNDED,
                         padding=(0, 1), expand=True))
    used = sum(measure(console, part, width) for part in top) + 1  # the prompt
    tail: list[RenderableType] = [footer] if footer is not None else []
    used += sum(measure(console, part, width) for part in tail)
    lines = log[-LOG_LINES:]
    log_part = _log(lines, ctx)
    choices: RenderableType | None = None
    shown = range(0)
    if decision is not None:
        budget = height - used - measure(console, log_part, width)
        while budget < 6 and lines:  # the choices come first: the log yields its lines to them
            lines = lines[1:]
            log_part = _log(lines, ctx)
            budget = height - used - measure(console, log_part, width)
        choices, shown = _fit_choices(console, decision, ctx, width, budget)
    parts = [*top, log_part] if lines else list(top)
    if choices is not None:
        parts.append(choices)
    parts.extend(tail)
    return Drawn(Group(*parts), shown)


def _log(lines: list[str], ctx: Context) -> RenderableType:
    """The last events, the newest in full colour."""
    newest = len(lines) - 1
    return bulleted([Text(line, style="" if index == newest else "dim") for index, line in enumerate(lines)])


def _fit_choices(console: Console, decision: Decision, ctx: Context, width: int,
                 budget: int) -> tuple[RenderableType, range]:
    """The choices from `decision.first` on, as many as fit in `budget` rows (at least one)."""
    count = len(decision.choices)
    first = min(decision.first, max(count - 1, 0))
    last = count
    while True:
        shown = range(first, last)
        block = _choices(decision, ctx, shown, width)
        if measure(console, block, width) <= budget or last - first <= 1:
            return block, shown
        last = first + max(1, (last - first) * 3 // 4)


def _choices(decision: Decision, ctx: Context, shown: range, width: int) -> RenderableType:
    labels = [f"{i + 1:>2}. {decision.choices[i]}" for i in shown]
    longest = max((Text(label).cell_len for label in labels), default=1)
    columns = max(1, min(4, width // (longest + 2)))
    if len(labels) <= 3:
        columns = 1
    rows = -(-len(labels) // columns)
    table = Table.grid(padding=(0, 2))
    for _ in range(columns):
        table.add_column()
    for row in range(rows):
        cells = [labels[row + col * rows] if row + col * rows < len(labels) else "" for col in range(columns)]
        table.add_row(*(Text(cell) for cell in cells))
    heading = Text(decision.step, style="bold")
    parts: list[RenderableType] = [heading, table]
    if len(shown) < len(decision.choices):
        parts.append(Text(say(ctx.lang, "choices_more", first=shown.start + 1, last=shown.stop,
                              count=len(decision.choices)), style="dim"))
    return Group(*parts)
