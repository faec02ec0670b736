"""`parlor`: list games, play in the terminal, simulate, replay records, load scenarios.

Errors a person can fix (bad arguments, unknown game, malformed file) print one line and exit 2.
"""

from __future__ import annotations

import importlib
import sys

import typer

from parlor.core import ParlorError
from parlor.core.registry import all_games

from . import commands
from .words import error_line, lang_of

# Parts that bring their own commands; each module has `register(app)`.
PARTS = ("parlor.cli.simulate", "parlor.cli.serve", "parlor.cli.arena", "parlor.cli.score",
         "parlor.cli.table_setup", "parlor.cli.online_commands")

# Markdown mode joins a docstring's wrapped lines into one paragraph (rich mode prints each break).
app = typer.Typer(no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
                  rich_markup_mode="markdown",
                  help="parlor: play, simulate and study Trickerion, Opera, Skyrise and Star Road.")
commands.register(app)
for part in PARTS:
    try:
        module = importlib.import_module(part)
    except ModuleNotFoundError as err:
        if err.name != part:  # the part exists but is broken: say so
            raise
        continue
    module.register(app)
for game in all_games():   # a game's own commands (docs/adding-a-game.md)
    for add_commands in game.cli_commands():
        add_commands(app)


def run() -> None:
    """Console-script entry; a ParlorError that escapes a command still ends in one line."""
    try:
        app()
    except ParlorError as err:
        typer.echo(error_line(lang_of(sys.argv[1:]), err), err=True)
        sys.exit(2)


if __name__ == "__main__":
    run()
