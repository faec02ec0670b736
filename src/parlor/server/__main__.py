"""`python -m parlor.server --port 8000 ...`: the same command as `parlor serve`."""

from __future__ import annotations

import typer

from parlor.cli.serve import register


def main(argv: list[str] | None = None) -> None:
    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    register(app)
    app(args=["serve", *(argv if argv is not None else __import__("sys").argv[1:])])


if __name__ == "__main__":
    main()
