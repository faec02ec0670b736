"""The game commands of `parlor`: games, play, simulate, replay, scenario."""

from __future__ import annotations

import functools
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from parlor.ai import make_bot
from parlor.core import (
    BadMove,
    BadOptions,
    BadScenario,
    Game,
    GameRecord,
    IllegalMove,
    ParlorError,
    Rng,
    all_games,
    derive_seed,
    get_game,
    option_fields,
    options_from_text,
    replay,
)
from parlor.core.scenario import load_spec
from parlor.core.text import LANGS

from .render import event_lines, moves_table, result_table, view_tree

console = Console(highlight=False)

OptionArg = Annotated[Optional[list[str]], typer.Option("--option", "-o",  # noqa: UP045
                                                       help="game option as name=value")]
LangArg = Annotated[str, typer.Option("--lang", help="en, zh_TW or es")]


def register(app: typer.Typer) -> None:
    for name, command in (("games", games), ("play", play), ("replay", replay_cmd),
                          ("scenario", scenario)):
        app.command(name)(friendly(command))


def friendly(command: Callable[..., None]) -> Callable[..., None]:
    """Errors a person can fix become one line on stderr and exit code 2, never a traceback."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        try:
            command(*args, **kwargs)
        except ParlorError as err:
            typer.echo(f"parlor: error: {err}", err=True)
            raise typer.Exit(2) from None

    return wrapper


def games() -> None:
    """List the registered games, their player counts and options."""
    table = Table(header_style="bold")
    for column in ("game", "title", "players", "options"):
        table.add_column(column)
    for game in all_games():
        options = "\n".join(f"{name}={default} [dim]{help_}[/]"
                            for name, _, default, help_ in option_fields(game.options_type))
        table.add_row(game.id, game.title, f"{game.min_players}-{game.max_players}", options or "-")
    console.print(table)


def options_arg(game: Game[Any], pairs: list[str] | None) -> Any:
    return options_from_text(game.options_type, pairs or [])


def _check_lang(lang: str) -> None:
    if lang not in LANGS:
        raise BadOptions(f"--lang must be one of {', '.join(LANGS)}, not {lang!r}")


def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="game id, see `parlor games`")],
    players: Annotated[int, typer.Option("--players", "-p")] = 0,
    seat: Annotated[int, typer.Option("--seat", help="your seat, from 0")] = 0,
    bot: Annotated[str, typer.Option("--bot", help="bot for the other seats")] = "greedy",
    seed: Annotated[int, typer.Option("--seed")] = -1,
    option: OptionArg = None,
    record: Annotated[Optional[Path], typer.Option("--record", help="save the record here")] = None,  # noqa: UP045
    lang: LangArg = "en",
) -> None:
    """Play a game in the terminal against bots. Answer with a number or a move's notation;
    `q` quits (the record is saved if --record was given)."""
    _check_lang(lang)
    game = get_game(game_id)
    players = players or game.min_players
    if not 0 <= seat < max(players, 1):
        raise BadOptions(f"--seat must be between 0 and {players - 1}, not {seat}")
    opponent = make_bot(bot)
    seed = seed if seed >= 0 else int(time.time()) % 1_000_000
    options = options_arg(game, option)
    state = game.setup(players, seed, options)
    rec = GameRecord.start(game, players, seed, options)
    catalog = game.catalogs()[lang]
    names = [f"P{s + 1} (you)" if s == seat else f"P{s + 1} ({opponent.name})" for s in range(players)]
    rng = Rng(derive_seed(seed, "cli-bots"))
    console.print(f"[bold]{game.title}[/], {players} players, seed {seed}. You are seat {seat}.")
    try:
        while not state.is_over():
            waiting = [a for a in state.actors() if a != seat]  # bots first, then you
            mover = waiting[0] if waiting else seat
            if mover == seat:
                move = _ask(game, state, seat, catalog, names)
            else:
                move = opponent.choose(game, state, mover, rng)
            _show(state.play(mover, move), seat, catalog, names)
            rec.add(mover, move)
    except (KeyboardInterrupt, EOFError, _Quit):
        console.print("\nGame left.")
    if record is not None:
        rec.save(record)
        console.print(f"Record saved to {record}")
    if state.is_over():
        result = state.result()
        console.print(result_table(result, names))
        for note in result.tiebreak:
            console.print(f"[dim]{note}[/]")


class _Quit(Exception):
    pass


def _show(events: list[Any], seat: int | None, catalog: Any, names: list[str]) -> None:
    for line in event_lines(events, seat, catalog, names):
        console.print(f"  [green]•[/] {escape(line)}")


def _ask(game: Game[Any], state: Any, seat: int, catalog: Any, names: list[str]) -> Any:
    moves = state.legal_moves(seat)
    console.print(view_tree(state.view(seat), "Position (what you can see)", catalog))
    console.print(moves_table(moves, catalog, seat, names))
    while True:
        answer = console.input("[bold]Your move[/] (number, notation, q): ").strip()
        if answer in ("q", "quit"):
            raise _Quit
        if answer.isdigit() and 1 <= int(answer) <= len(moves):
            return moves[int(answer) - 1]
        try:
            move = game.parse(answer)
            state.check(seat, move)
            return move
        except (BadMove, IllegalMove) as err:
            console.print(f"[red]{escape(str(err))}[/]")


def replay_cmd(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="a game record (JSON)")],
    step: Annotated[bool, typer.Option("--step", help="walk the game move by move")] = False,
    lang: LangArg = "en",
) -> None:
    """Check that a record replays, and print its final result (or walk it with --step)."""
    _check_lang(lang)
    rec = GameRecord.load(file)
    game = get_game(rec.game)
    names = [f"P{s + 1}" for s in range(rec.players)]
    state, history = replay(game, rec)
    if step:
        catalog = game.catalogs()[lang]
        interactive = sys.stdin.isatty()
        for i, ((seat, data), events) in enumerate(zip(rec.moves, history, strict=True)):
            move = game.move_from_json(data)
            console.print(f"[bold]{i + 1}.[/] {names[seat]}: {escape(catalog.move(move, names, seat))}")
            _show(events, None, catalog, names)
            if interactive:
                console.input("[dim](Enter)[/]")
    console.print(f"{rec.game}: {len(rec.moves)} moves replayed.")
    if state.is_over():
        console.print(result_table(state.result(), names))
    else:
        console.print(f"The game is not over; deciding: {list(state.actors())}")


def scenario(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    file: Annotated[Path, typer.Argument(metavar="FILE", help="scenario (.json or .toml)")],
    seat: Annotated[Optional[int], typer.Option("--seat", help="show this seat's view")] = None,  # noqa: UP045
    lang: LangArg = "en",
) -> None:
    """Load a scenario and print the position and the legal moves of whoever must decide."""
    _check_lang(lang)
    game = get_game(game_id)
    spec = load_spec(file)
    named = spec.pop("game", game.id)
    if named != game.id:
        raise BadScenario(f"{file}: scenario is for '{named}', not '{game.id}'")
    state = game.scenario(spec)
    catalog = game.catalogs()[lang]
    title = "Position (spectator)" if seat is None else f"Position (seat {seat})"
    console.print(view_tree(state.view(seat), title, catalog))
    names = [f"P{s + 1}" for s in range(game.max_players)]
    for actor in state.actors():
        console.print(f"[bold]Seat {actor}[/] decides:")
        console.print(moves_table(state.legal_moves(actor), catalog, actor, names))
    if not state.actors():
        console.print("The game is over.")
