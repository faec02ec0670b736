"""`parlor replay FILE --seat N --analyse`: each of a seat's decisions set beside the hard bot's choice
there, thinking on what the seat knew then (as `hint` in play would have): how often they agreed, and
the decisions where the seat's move drew the least of the bot's search against its own choice."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from parlor.ai import make_bot
from parlor.ai.hints import HINT_LEVEL, suggest
from parlor.core import Game, GameRecord, Move, Rng, derive_seed

from .hinting import told_apart
from .screens import screen_for
from .screens.base import Context
from .words import say

MOST_SHOWN = 10   # differences listed, the largest first


@dataclass(frozen=True)
class Decision:
    """One decision of the seat: before move `number` (from 1), the move it played and the bot's
    choice, each with its share of the bot's search; `view`, the seat's view there (to say a move as
    its choices list did)."""

    number: int
    played: tuple[Move, float]
    chosen: tuple[Move, float]
    view: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def agreed(self) -> bool:
        return self.played[0] == self.chosen[0]

    @property
    def gap(self) -> float:
        """How much more of the search the bot's choice drew than the seat's move."""
        return self.chosen[1] - self.played[1]


def decisions(game: Game[Any], record: GameRecord, seat: int,
              progress: Callable[[int, int], None] | None = None) -> list[Decision]:
    """The hard bot's view of every decision `seat` made with a choice (at the position just before
    its move; the same generator as a hint asked then). `progress(done, total)` follows the work."""
    state = game.setup(record.players, record.seed, record.options)
    total = sum(1 for mover, _ in record.moves if mover == seat)
    done = 0
    found: list[Decision] = []
    for index, (mover, data) in enumerate(record.moves):
        move = game.move_from_json(data)
        if mover == seat:
            if len(state.legal_moves(seat)) > 1:
                rng = Rng(derive_seed(record.seed, "hint", index, seat))
                hint = suggest(make_bot(HINT_LEVEL), game, state, seat, rng)
                chosen = (hint.move, hint.share(hint.move))
                found.append(Decision(index + 1, (move, hint.share(move)), chosen, state.view(seat)))
            done += 1
            if progress is not None:
                progress(done, total)
        state.play(mover, move)
    return found


def analyse(game: Game[Any], record: GameRecord, seat: int, names: list[str], lang: str,
            console: Console) -> None:
    """Print how `seat`'s decisions compare with the hard bot's, in `lang`."""
    catalog = game.catalogs()[lang]
    name = names[seat]
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, transient=True) as bar:
        task = bar.add_task(say(lang, "analyse_progress", name=name), total=None)
        found = decisions(game, record, seat,
                          lambda done, total: bar.update(task, completed=done, total=total))
    if not found:
        console.print(Text(say(lang, "analyse_none", name=name)))
        return
    agreed = sum(1 for d in found if d.agreed)
    console.print(Text(say(lang, "analyse_summary", name=name, same=agreed, n=len(found)), style="bold"))
    apart = sorted((d for d in found if not d.agreed), key=lambda d: (-d.gap, d.number))[:MOST_SHOWN]
    if not apart:
        return
    # Rich's own table: the two moves share the width evenly (a WordTable gives it to the shorter)
    table = Table(title=say(lang, "analyse_title", name=name), header_style="bold")
    table.add_column(say(lang, "analyse_move"), justify="right")
    table.add_column(say(lang, "analyse_played", name=name), ratio=1)   # the two moves side by side, alike
    table.add_column(say(lang, "analyse_bot"), ratio=1)

    screen = screen_for(game.id)

    def plain(move: Move) -> str:
        return catalog.move(move, names, seat)

    def as_listed(view: dict[str, Any]) -> Callable[[Move], str]:
        """A move as the choices list said it at the position of `view`."""
        ctx = Context(game, catalog, lang, names, seat, screen.colours(view, record.players))
        return lambda move: screen.move_label(move, ctx, seat, view)

    for d in apart:
        # two moves of the same words (Trickerion's dice) said as the choices list said them there
        worded = told_apart([d.played[0], d.chosen[0]], plain, as_listed(d.view))
        table.add_row(str(d.number), f"{worded(d.played[0])} {round(100 * d.played[1])}%",
                      f"{worded(d.chosen[0])} {round(100 * d.chosen[1])}%")
    console.print(table)
