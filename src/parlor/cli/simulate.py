"""`parlor simulate`: many games between bots, summarised."""

from __future__ import annotations

import time
from typing import Annotated

import typer
from rich.progress import Progress
from rich.table import Table

from parlor.ai import make_bot
from parlor.core import BadOptions, derive_seed, get_game
from parlor.sim.runner import Tally, play_game, seat_bots

from .commands import OptionArg, console, friendly, options_arg


def register(app: typer.Typer) -> None:
    app.command("simulate")(friendly(simulate))


def simulate(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    n: Annotated[int, typer.Option("-n", help="number of games")] = 100,
    players: Annotated[int, typer.Option("--players", "-p")] = 0,
    bots: Annotated[str, typer.Option("--bots", help="comma-separated bots, rotated over seats")]
    = "random",
    seed: Annotated[int, typer.Option("--seed")] = 1,
    option: OptionArg = None,
) -> None:
    """Play many games between bots; print win rates by bot and by seat, scores, length, speed."""
    game = get_game(game_id)
    players = players or game.min_players
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if not names:
        raise BadOptions("--bots needs at least one bot")
    pool = {name: make_bot(name) for name in names}
    options = options_arg(game, option)
    if n < 1:
        raise BadOptions("-n must be at least 1")
    game.setup(players, seed, options)  # checks player count and options before the long run
    tally = Tally()
    started = time.perf_counter()
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(f"{game.id}", total=n)
        for i in range(n):
            line_up = seat_bots(names, players, i)
            tally.add(play_game(game, players, derive_seed(seed, i), [pool[b] for b in line_up],
                                options))
            progress.advance(task)
    elapsed = time.perf_counter() - started
    _print_tally(tally, players, elapsed)


def _print_tally(tally: Tally, players: int, elapsed: float) -> None:
    by_bot = Table(title="By bot", header_style="bold")
    for column in ("bot", "seats played", "win rate", "mean score"):
        by_bot.add_column(column, justify="right")
    for bot, seats in tally.seats_by_bot.items():
        by_bot.add_row(bot, str(seats), f"{tally.wins_by_bot[bot] / seats:.1%}",
                       f"{tally.score_by_bot[bot] / seats:.2f}")
    by_seat = Table(title="By seat", header_style="bold")
    for column in ("seat", "win rate", "mean score"):
        by_seat.add_column(column, justify="right")
    for seat in range(players):
        by_seat.add_row(str(seat), f"{tally.wins_by_seat[seat] / tally.games:.1%}",
                        f"{tally.score_by_seat[seat] / tally.games:.2f}")
    console.print(by_bot, by_seat)
    console.print(f"{tally.games} games, mean length {tally.moves / tally.games:.1f} moves, "
                  f"{tally.games / elapsed:.1f} games/s, {tally.moves / elapsed:.0f} moves/s")
