"""The online table: a FastAPI server with a lobby, seats, live play over WebSocket and persistence.

`create_app(settings)` builds the application; `serve(settings, host, port)` runs it with uvicorn.
They are imported on first use, so a worker process (`work.py`) that needs only `parlor.server.jobs`
does not load the web framework.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Settings", "create_app", "serve"]


def __getattr__(name: str) -> Any:
    if name in ("create_app", "serve"):
        from . import app

        return getattr(app, name)
    if name == "Settings":
        from .settings import Settings

        return Settings
    raise AttributeError(name)
