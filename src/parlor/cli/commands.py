"""The game commands of `parlor`: games, play, simulate, replay, scenario."""

from __future__ import annotations

import functools
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich import box
from rich.console import Console
from rich.padding import Padding
from rich.text import Text

from parlor.ai import make_bot
from parlor.core import (
    BadOptions,
    BadRecord,
    BadScenario,
    Game,
    GameRecord,
    ParlorError,
    all_games,
    get_game,
    option_fields,
    options_from_text,
    replay,
)
from parlor.core.naming import seat_label
from parlor.core.scenario import load_spec
from parlor.core.text import LANGS, PUNCTUATION

from .analysis import analyse as analyse_seat
from .course import course_lines
from .render import WordTable, moves_table, view_tree
from .replaying import ReplaySteps
from .saves import (
    Outcome,
    SavedGame,
    latest_running,
    load_saved,
    new_save_path,
    outcome,
    save_folder,
    saved_games,
)
from .screens import Context, screen_for
from .session import PlayStyle, Session, default_name, final_result, table_names
from .words import error_line, is_yes, lang_of, say

console = Console(highlight=False)

OptionArg = Annotated[Optional[list[str]], typer.Option("--option", "-o",  # noqa: UP045
                                                       help="game option as name=value")]
LangArg = Annotated[str, typer.Option("--lang", help="en, zh_TW or es")]
PlayersArg = Annotated[int, typer.Option("--players", "-p", show_default=False,
                                         help="how many play (default: the game's fewest)")]
SeedsArg = Annotated[int, typer.Option("--seed", help="the first game's seed: the same seed deals the "
                                                      "same games")]


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
            lang = kwargs.get("lang") or lang_of(sys.argv[1:])
            typer.echo(error_line(lang if lang in LANGS else "en", err), err=True)
            raise typer.Exit(2) from None

    return wrapper


def games(
    game_id: Annotated[Optional[str], typer.Argument(metavar="GAME",  # noqa: UP045
                                                     help="one game: its options in words")] = None,
    saved: Annotated[bool, typer.Option("--saved", help="list the games saved by `parlor play`")] = False,
    lang: LangArg = "en",
) -> None:
    """List the registered games and their player counts; with GAME, that game's options in words
    (or, with --saved, the saved games)."""
    check_lang(lang)
    if saved:
        _saved_games(lang)
        return
    if game_id is not None:
        _game_options(get_game(game_id), lang)
        return
    for game in all_games():  # title, what to type, player count, then the lobby's one sentence
        line = Text(game.title_in(lang), style="bold")
        line.append(f"  {game.id}", style="cyan")
        line.append(" · " + say(lang, "players_range", low=game.min_players, high=game.max_players))
        console.print(line)
        if game.description_in(lang):
            console.print(Padding(Text(game.description_in(lang), style="dim"), (0, 0, 0, 2)))
    console.print(Text(say(lang, "games_hint", language=lang), style="dim"), soft_wrap=True)


def _game_options(game: Game[Any], lang: str) -> None:
    """One game's options as a player reads them: the label and help from the game's catalog in
    `lang`, what to type (`-o name=value`) and, for an option with named values, each value in words."""
    players = say(lang, "players_range", low=game.min_players, high=game.max_players)
    console.print(Text(f"{game.title_in(lang)} · {players}", style="bold"))
    fields = option_fields(game.options_type)
    if not fields:
        console.print(say(lang, "options_none"))
        return
    console.print(Text(say(lang, "options_title"), style="bold"))
    catalog = game.catalogs().get(lang)
    described = catalog.options if catalog is not None else {}
    for name, _, default, help_ in fields:
        words = described.get(name)
        label = words.label if words is not None else name
        line = Text("  ")
        line.append(label, style="bold")
        line.append(f"  {name}={_value_text(default)}", style="cyan")
        console.print(line, soft_wrap=True)
        explanation = words.help if words is not None else help_
        if explanation:
            console.print(Padding(Text(explanation, style="dim"), (0, 0, 0, 4)))
        for value, value_words in (words.values.items() if words is not None else ()):
            mark = "•" if value == _value_text(default) else "·"
            value_line = Text(f"{mark} {value}{PUNCTUATION[lang].colon}{value_words}")
            console.print(Padding(value_line, (0, 0, 0, 4)))


def _value_text(value: Any) -> str:
    """An option's value as typed on the command line (`true`, `4`, `leftmost_free`)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _saved_games(lang: str) -> None:
    folder = save_folder()
    found = saved_games()
    if not found:
        console.print(Text(say(lang, "saved_none", folder=folder)), soft_wrap=True)
        return
    console.print(Text(say(lang, "saved_title", folder=folder), style="bold"), soft_wrap=True)
    # no frame: its columns left room for the file's whole name at 80 columns, which --resume needs
    table = WordTable(header_style="bold", box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    # a file's name whole, however narrow the screen: it is what `--resume` takes
    table.add_column(say(lang, "file"), no_wrap=True, min_width=max(len(entry.path.name) for entry in found))
    table.add_column(say(lang, "game"))  # the one column that may wrap: a title breaks between words
    for key in ("moves", "state", "when"):
        table.add_column(say(lang, key), no_wrap=True)
    record: dict[str, list[bool]] = {}  # a game's title: whether the player won each finished save
    for entry in found:
        ended = outcome(entry)
        when = _saved_when(entry.path.stat().st_mtime)
        known = entry.record.game in _game_ids()
        title = get_game(entry.record.game).title_in(lang) if known \
            else entry.record.game
        if ended is not None:
            record.setdefault(title, []).append(ended.won)
        moves = str(len(entry.record.moves))
        table.add_row(Text(entry.path.name), title, moves, _state_words(entry, ended, lang), when)
    console.print(table)
    if record:
        won = [say(lang, "saved_won_of", title=title, won=sum(wins), n=len(wins))
               for title, wins in record.items()]
        games = PUNCTUATION[lang].names.join(won)
        console.print(Text(say(lang, "saved_record", games=games)), soft_wrap=True)


def _state_words(entry: SavedGame, ended: Outcome | None, lang: str) -> str:
    """A save's state for its player: still played, or how it ended ("won", "place 2 of 3")."""
    if ended is None:
        return say(lang, "state_over" if entry.over else "state_running")
    # short words: the file's whole name and the game's title share the 80 columns with them
    if ended.won:
        return say(lang, "state_won")
    return say(lang, "state_place", place=ended.place, n=ended.players)


def _saved_when(seconds: float) -> str:
    """When a game was saved, as a file manager says it: the time for today's saves, the date for
    older ones (the list is newest first, so a date's saves stand together)."""
    saved = time.localtime(seconds)
    today = time.localtime()
    same_day = (saved.tm_year, saved.tm_yday) == (today.tm_year, today.tm_yday)
    return time.strftime("%H:%M" if same_day else "%Y-%m-%d", saved)


def _game_ids() -> set[str]:
    return {game.id for game in all_games()}


def options_arg(game: Game[Any], pairs: list[str] | None) -> Any:
    return options_from_text(game.options_type, pairs or [])


def check_lang(lang: str) -> None:
    """Refuse a language the terminal does not speak, in the words of the language asked (exit 2)."""
    if lang not in LANGS:
        raise BadOptions(f"--lang must be one of {', '.join(LANGS)}, not {lang!r}", reason="lang",
                         langs=", ".join(LANGS), lang=lang)


def play(
    game_id: Annotated[Optional[str], typer.Argument(metavar="GAME",  # noqa: UP045
                                                     help="game id, see `parlor games`")] = None,
    players: PlayersArg = 0,
    seat: Annotated[int, typer.Option("--seat", help="your seat, from 1")] = 1,
    bot: Annotated[str, typer.Option("--bot", help="bot level (easy, medium, hard, expert) or spec")] \
        = "easy",
    seed: Annotated[int, typer.Option("--seed", show_default=False,
                                      help="the deal: the same seed deals the same game (default: a "
                                           "new one)")] = -1,
    option: OptionArg = None,
    record: Annotated[Optional[Path], typer.Option("--record", help="save the game to this file "  # noqa: UP045
                                                   "instead of the data folder")] = None,
    lang: Annotated[Optional[str], typer.Option("--lang", help="en, zh_TW or es (with --resume: the "  # noqa: UP045
                                                "saved game's language unless given)")] = None,
    name: Annotated[str, typer.Option("--name", help="your name at the table")] = "",
    resume: Annotated[bool, typer.Option("--resume", help="continue a saved game: GAME may be its file; "
                                         "without it, the latest running game")] = False,
    full: Annotated[bool, typer.Option("--full", help="also print the whole position as the engine holds "
                                       "it (for developers: ids, seats counted from 0)")] = False,
    auto_pass: Annotated[bool, typer.Option(
        "--auto-pass", help="pass for you where a pass (or ending a step, declining an offer) is all you "
                            "may do: Star Road asks everyone to respond to each declaration")] = False,
    coach: Annotated[bool, typer.Option(
        "--coach", help="after each of your decisions with a choice, what the hard bot would have played "
                        "there, beside your move")] = False,
) -> None:
    """Play a game in the terminal against bots. Answer with a choice's number or a move's notation;
    `help` lists the commands. The game is saved after every move; `--resume` continues it."""
    if lang is not None:
        check_lang(lang)
    style = PlayStyle(full, auto_pass, coach)
    if resume:
        _resume(game_id, style, lang)
        return
    lang = lang or "en"
    if game_id is None:
        raise BadOptions("name a game (see `parlor games`) or use --resume", reason="no_game")
    game = get_game(game_id)
    players = players or game.min_players
    if not 1 <= seat <= max(players, 1):
        raise BadOptions(f"--seat must be between 1 and {players}, not {seat}", reason="seat_range",
                         max=players, seat=seat)
    make_bot(bot)  # an unknown bot is refused before the game starts
    seed = seed if seed >= 0 else int(time.time()) % 1_000_000
    options = options_arg(game, option)
    game.setup(players, seed, options)  # refuses a wrong player count or options in one line
    saved = SavedGame(GameRecord.start(game, players, seed, options), record or new_save_path(game.id),
                      seat - 1, bot, lang, name or default_name(lang))
    _play_on(game, saved, Session(game, saved, console, style).run(resumed=False), style)


def _play_on(game: Game[Any], saved: SavedGame, finished: bool, style: PlayStyle) -> None:
    """After a game played to its end, the same game once more while the player says so: the same
    players, seat, bots and options, the next deal (seed + 1), a save of its own."""
    while finished and _asked_again(saved.lang):
        record = saved.record
        saved = SavedGame(GameRecord.start(game, record.players, record.seed + 1, record.options),
                          new_save_path(game.id), saved.seat, saved.bot, saved.lang, saved.name)
        finished = Session(game, saved, console, style).run(resumed=False)


def _asked_again(lang: str) -> bool:
    """Whether the player answers yes, in any of the terminal's languages (y, yes, s, sí, 是, 好)."""
    try:
        answer = console.input(say(lang, "play_again_ask") + " ")
    except (EOFError, KeyboardInterrupt):
        console.print()
        return False
    return is_yes(answer)


def _resume(target: str | None, style: PlayStyle, lang: str | None) -> None:
    if target is None:
        saved = latest_running()
        if saved is None:
            raise BadRecord(say(lang or "en", "resume_none", folder=save_folder()))
    else:
        saved = load_saved(Path(target))
    saved.lang = lang or (saved.lang if saved.lang in LANGS else "en")
    if saved.over:
        raise BadRecord(say(saved.lang, "resume_finished", path=saved.path))
    game = get_game(saved.record.game)
    _play_on(game, saved, Session(game, saved, console, style).run(resumed=True), style)


def record_names(path: Path, players: int, lang: str) -> list[str]:
    """The players of a record as the terminal named them when it saved the game, or as the record
    names them (one downloaded from the online table); seats counted from 1 for any other record."""
    try:
        saved = load_saved(path)
    except ParlorError:
        saved = None
    if saved is not None and saved.names is not None:  # a record downloaded from the online table
        return saved.names
    if saved is None or not saved.from_terminal:
        return [seat_label(s, lang) for s in range(players)]
    return table_names(players, saved.seat, saved.name or default_name(lang), saved.bot, lang)


def replay_cmd(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="a game record (JSON)")],
    step: Annotated[bool, typer.Option("--step", help="show the position after each move")] = False,
    seat: Annotated[int, typer.Option("--seat", help="see the game as this seat (from 1); "
                                      "0: as a spectator")] = 0,
    analyse: Annotated[bool, typer.Option("--analyse", help="set each of the seat's decisions beside "
                                          "the hard bot's choice there (needs --seat)")] = False,
    lang: LangArg = "en",
) -> None:
    """Check that a record replays, and print its final result and the scores through it (or walk it
    with --step, or compare a seat's decisions with the hard bot's with --analyse)."""
    check_lang(lang)
    rec = GameRecord.load(file)
    game = get_game(rec.game)
    if not 0 <= seat <= rec.players:
        raise BadOptions(f"--seat must be between 1 and {rec.players} (0: a spectator), not {seat}",
                         reason="replay_seat_range", max=rec.players, seat=seat)
    viewer = seat - 1 if seat else None
    names = record_names(file, rec.players, lang)
    state, _ = replay(game, rec)
    if analyse and viewer is None:
        raise BadOptions("--analyse needs --seat (whose decisions to look at)", reason="analyse_seat")
    if step:
        ReplaySteps(game, rec, names, viewer, lang, console).run(interactive=sys.stdin.isatty())
    console.print(Text(say(lang, "replayed", count=len(rec.moves))))
    ctx = Context(game, game.catalogs()[lang], lang, names, viewer,
                  screen_for(game.id).colours(state.view(viewer), rec.players))
    if state.is_over():
        console.print(final_result(state.result(), names, lang, ctx))
        if course := course_lines(game, rec, ctx, console.width):
            console.print(course)
    else:
        deciding = PUNCTUATION[lang].names.join(names[a] for a in state.actors())
        console.print(Text(say(lang, "not_over", names=deciding)))
    if analyse and viewer is not None:
        analyse_seat(game, rec, viewer, names, lang, console)


def scenario(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    file: Annotated[Path, typer.Argument(metavar="FILE", help="scenario (.json or .toml)")],
    seat: Annotated[Optional[int], typer.Option("--seat", help="show this seat's view (from 1)")] = None,  # noqa: UP045
    lang: LangArg = "en",
) -> None:
    """Load a scenario and print the position and the legal moves of whoever must decide."""
    check_lang(lang)
    game = get_game(game_id)
    spec = load_spec(file)
    named = spec.pop("game", game.id)
    if named != game.id:
        raise BadScenario(f"{file}: scenario is for '{named}', not '{game.id}'")
    state = game.scenario(spec)
    catalog = game.catalogs()[lang]
    viewer = None if seat is None else seat - 1
    title = say(lang, "position") + PUNCTUATION[lang].phrases + (say(lang, "spectator_view") if viewer is None
                                            else say(lang, "seat_view", name=seat_label(viewer, lang)))
    console.print(view_tree(state.view(viewer), title, catalog))
    names = [seat_label(s, lang) for s in range(game.max_players)]
    for actor in state.actors():
        console.print(Text(say(lang, "deciding", names=names[actor]), style="bold"))
        console.print(moves_table(state.legal_moves(actor), catalog, actor, names, say(lang, "choices")))
    if not state.actors():
        console.print(Text(say(lang, "over")))
