"""`parlor setup GAME`: setting a game up on a real table, in the terminal. What the number of players
and the options that change the set-up make different, each fact with its rule, from the game's own
engine and data (`parlor.core.setup_guide`), worded by the game's catalog: the tools page's guide."""

from __future__ import annotations

import inspect
from typing import Annotated, Any, Optional

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from parlor.core import BadOptions, Game, all_games, get_game
from parlor.core.setup_guide import SetupGuide
from parlor.core.text import PUNCTUATION

from .commands import check_lang
from .words import say

console = Console(highlight=False)


def setup(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="the id of a game with a set-up guide")],
    players: Annotated[int, typer.Option("--players", "-p", show_default=False,
                                         help="how many play (default: the game's fewest)")] = 0,
    turned_on: Annotated[Optional[list[str]], typer.Option(  # noqa: UP045
        "--with", metavar="OPTION", help="an option that changes the set-up, turned on (repeat for more)"
    )] = None,
    lang: Annotated[str, typer.Option("--lang", help="en, zh_TW or es")] = "en",
) -> None:
    """Set a game up on a real table: what the number of players and the options change, each fact
    with the rule that sets it."""
    check_lang(lang)
    game = get_game(game_id)
    guide = game.setup_guide()
    if guide is None:
        known = ", ".join(g.id for g in all_games() if g.has_setup_guide())
        raise BadOptions(f"parlor setup knows {known}, not {game_id!r}", reason="setup_game", known=known,
                         game=game_id)
    count = players or game.min_players
    options = _options(game, guide, turned_on or [], count)
    catalog = game.catalogs()[lang]
    console.print(Text(say(lang, "setup_title", title=game.title_in(lang), n=count), style="bold"))
    if options:
        labels = [catalog.options[name].label if name in catalog.options else name for name in options]
        console.print(Text(say(lang, "setup_with", options=PUNCTUATION[lang].names.join(labels))))
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="dim", no_wrap=True)
    table.add_column()
    for fact in guide.facts(count, game.make_options(dict.fromkeys(options, True))):
        table.add_row(fact.rule, Text(fact.words(catalog)))
    console.print(table)


def _options(game: Game[Any], guide: SetupGuide, names: list[str], players: int) -> list[str]:
    """The guide's options named on the command line, checked (a player count the game has too)."""
    game.setup(players, 0)  # refuses a player count the game does not have, in the player's words
    for name in names:
        if name not in guide.options:
            known = ", ".join(guide.options) or "-"
            raise BadOptions(f"there is no option {name!r}; the options are: {known}",
                             reason="unknown_option", name=name, known=known)
    return list(dict.fromkeys(names))


def register(app: typer.Typer) -> None:
    from .commands import friendly

    with_guide = [game.id for game in all_games() if game.has_setup_guide()]
    described = inspect.cleandoc(setup.__doc__ or "")   # its lines' indent would show in the list
    app.command("setup", help=f"{described}\n\nGames with a set-up guide: {', '.join(with_guide)}.")(
        friendly(setup))
