"""`parlor serve`: start the online table server."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    """Add the `serve` command to the `parlor` CLI."""

    @app.command()
    def serve(
        host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
        db: Annotated[str | None, typer.Option(help="database URL, e.g. postgresql://user@host/db "
                                                    "(default: SQLite in the data dir)")] = None,
        redis: Annotated[str | None, typer.Option(help="Redis URL to share tables with server processes "
                                                       "on other hosts, e.g. redis://10.0.0.5/0")] = None,
        data_dir: Annotated[Path | None, typer.Option(help="where the SQLite file lives "
                                                           "(default: ~/.local/share/parlor)")] = None,
        workers: Annotated[int, typer.Option(min=1, max=64, help="worker processes on this host, sharing the "
                                                                 "database, each table in one of them")] = 1,
        access_log: Annotated[bool, typer.Option("--access-log", help="log every HTTP request and every "
                                                                      "socket accepted")] = False,
    ) -> None:
        """Serve online tables: lobby, seats and live play in the browser, on http://HOST:PORT."""
        from parlor.server import Settings
        from parlor.server import serve as run

        settings = Settings.from_env(db_url=db, redis_url=redis, data_dir=data_dir,
                                     access_log=access_log or None)
        where = settings.db_url or f"SQLite {Path(settings.data_dir) / 'parlor.db'}"
        typer.echo(f"parlor: serving on http://{host}:{port}  (database: {_safe(where)}"
                   f"{', redis: ' + _safe(redis) if redis else ''}"
                   f"{f', {workers} workers' if workers > 1 else ''})", err=True)
        run(settings, host=host, port=port, workers=workers)


def _safe(url: str) -> str:
    """A URL without its password, for printing."""
    scheme, sep, rest = url.partition("://")
    if sep and "@" in rest:
        cred, _, host = rest.rpartition("@")
        return f"{scheme}://{cred.split(':', 1)[0]}@{host}"
    return url
