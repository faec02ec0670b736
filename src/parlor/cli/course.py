"""The scores through a finished game in the terminal: a line of blocks a player, as the table's chart
draws them (`parlor.core.score_course`), printed under the final result of `parlor play` and `replay`.

    Scores through the game (343 moves)
    Ada            ▁▁▁▁▂▂▂▂▂▃▃▃▃▃▃▄▄▄▄▄▄▄▅▅▅▅▅▅▅▆▆▆▆▆▆▇  73
    Bot 2 (easy)   ▁▁▁▁▁▂▂▂▂▂▃▃▃▃▄▄▄▄▄▅▅▅▅▅▅▆▆▆▆▆▆▇▇▇▇█  74

A game whose chart follows something other than a score names it by its catalog's word (Star Road:
"HP through the game (578 moves)", each line ending on the seat's final HP).
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text

from parlor.core import Game, GameRecord
from parlor.core.score_course import ScorePoint, score_course, scores_at

from .screens.base import Context
from .words import say

BLOCKS = "▁▂▃▄▅▆▇█"
WIDEST = 60  # columns of blocks at the most: a line a glance takes in


def sampled(course: list[ScorePoint], total: int, columns: int) -> list[tuple[float, ...]]:
    """The scores at the end of each of `columns` equal stretches of the game's moves (the last column
    the end).

    >>> sampled([ScorePoint(0, (0,)), ScorePoint(5, (3,)), ScorePoint(10, (6,))], 10, 4)
    [(0,), (3,), (3,), (6,)]
    """
    return [scores_at(course, -(-(column + 1) * total // columns)) for column in range(columns)]


def course_lines(game: Game[Any], record: GameRecord, ctx: Context, width: int) -> RenderableType | None:
    """A title, then a player a line: the name, the blocks in their colour (the height of each block
    the score between 0, or the game's lowest score if below, and its highest, as the table's chart
    draws it), the final score; at most `width` columns. None when the game's chart follows nothing
    or its numbers never moved."""
    course = score_course(game, record.players, record.seed, record.options, record.moves)
    total = len(record.moves)
    if len(course) < 2 or total < 1:
        return None
    seats = range(len(course[0].scores))
    names = [ctx.player(seat, mark=False) for seat in seats]
    finals = [_number(score) for score in course[-1].scores]
    name_width = max(cell_len(name.plain) for name in names)
    score_width = max(len(final) for final in finals)
    columns = min(WIDEST, total, width - name_width - score_width - 4)
    if columns < 8:
        return None
    values = [score for point in course for score in point.scores]
    # from 0, as the web's chart: a character at 4 HP of 9 is no empty line (eliminated is 0, SR-16.1)
    low, high = min(0, *values), max(values)
    samples = sampled(course, total, columns)
    lines: list[RenderableType] = [Text(_title(game, ctx, total), style="bold")]
    for seat in seats:
        colour = ctx.colours[seat] if seat < len(ctx.colours) else "white"
        blocks = "".join(_block(scores[seat], low, high) for scores in samples)
        line = Text(" ").append_text(names[seat]).append(" " * (name_width - cell_len(names[seat].plain) + 2))
        line.append(blocks, style=colour).append(f" {finals[seat]:>{score_width}}")
        lines.append(line)
    return Group(*lines)


def _title(game: Game[Any], ctx: Context, total: int) -> str:
    """"Scores through the game (N moves)", or what the chart follows instead in the game's word."""
    followed = game.charted_score()
    if followed is None or followed.label is None:
        return say(ctx.lang, "course_title", count=total)
    return say(ctx.lang, "course_title_of", what=ctx.label(followed.label), count=total)


def _block(score: float, low: float, high: float) -> str:
    if high <= low:
        return BLOCKS[0]
    return BLOCKS[round((score - low) / (high - low) * (len(BLOCKS) - 1))]


def _number(score: float) -> str:
    return str(int(score)) if float(score).is_integer() else f"{score:g}"
