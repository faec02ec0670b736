"""`parlor starroad ...`: the Star Road design lab's commands (the game's author edits its data)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from parlor.core import BadOptions
from parlor.games.starroad.data import check_characters, check_chart

from .commands import console, friendly

starroad = typer.Typer(no_args_is_help=True, help="Star Road design lab: check charts and characters.")


def register(app: typer.Typer) -> None:
    starroad.command("check-chart")(friendly(check_chart_cmd))
    starroad.command("check-characters")(friendly(check_characters_cmd))
    app.add_typer(starroad, name="starroad")


FileArg = Annotated[Path, typer.Argument(metavar="FILE", help="a TOML file in the documented format")]


def check_chart_cmd(file: FileArg) -> None:
    """Validate a design chart of objects (SR-20): list every problem, or say it is valid.
    Exit code 0 when valid, 1 when it has problems."""
    _report(file, check_chart, "chart")


def check_characters_cmd(file: FileArg) -> None:
    """Validate a character table (SR-20.8): list every problem, or say it is valid."""
    _report(file, check_characters, "character table")


def _report(file: Path, check: object, what: str) -> None:
    if not file.is_file():
        raise BadOptions(f"{file}: no such file")
    problems: list[str] = check(file)  # type: ignore[operator]
    if not problems:
        console.print(f"{file}: a valid {what}.")
        return
    console.print(f"{file}: {len(problems)} problem(s):")
    for problem in problems:
        console.print(f"  - {escape(problem)}")
    raise typer.Exit(1)
