"""`python -m parlor.server --port 8000 ...`: the same command as `parlor serve`."""

from __future__ import annotations

import sys

import typer

from parlor.cli.serve import register


def main(argv: list[str] | None = None) -> None:
    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)

    @app.callback()
    def root() -> None:
        """parlor's online table server."""

    register(app)
    app(args=["serve", *(argv if argv is not None else sys.argv[1:])])


if __name__ == "__main__":
    main()
