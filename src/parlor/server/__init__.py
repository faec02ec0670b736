"""The online table: a FastAPI server with a lobby, seats, live play over WebSocket and persistence.

`create_app(settings)` builds the application; `serve(settings, host, port)` runs it with uvicorn.
"""

from .app import create_app, serve
from .settings import Settings

__all__ = ["Settings", "create_app", "serve"]
