"""`create_app(settings)`: the FastAPI application, with no module-level app, engine or state;
`serve(...)`: uvicorn running it in one process, or in several worker processes behind one socket
whose connections this process routes by table (dispatch.py)."""

from __future__ import annotations

import dataclasses
import logging
import multiprocessing
import secrets
import signal
import socket
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

import parlor
from parlor.core import ParlorError

from . import collector
from .dispatch import Dispatcher
from .hub import Hub
from .middleware import Guard
from .models import ErrorOut
from .opening_routes import error_answer
from .routers import client, lobby, tables, tools
from .settings import Settings
from .storage import Storage
from .ws import router as ws_router

log = logging.getLogger("parlor.server")
# How long the thread holding the GIL keeps it while another waits (Python's default: 5 ms). The
# database threads give the GIL up on every statement and wait for it back while the event loop
# runs: at 50 tables a group commit of 15 moves took 26 ms from one to the next, 4.5 of them writing,
# and every move waits for one or two of them. A shorter slice hands the GIL back sooner.
SWITCH_INTERVAL = 0.001  # seconds
HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 413: "too_large", 429: "rate_limited"}

PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>parlor</title></head>
<body><h1>parlor</h1>
<p>The browser client is not built yet. The server is running: see the API at <a href="/docs">/docs</a>.</p>
</body></html>
"""


def create_app(settings: Settings | None = None, settle_collector: bool = False,
               warm_workers: bool = False) -> FastAPI:
    """The server for `settings` (default: from `PARLOR_*` environment variables). `settle_collector`
    (as `parlor serve` does): once started, freeze what the process holds and collect less often
    (collector.py); not for a process that builds many apps, such as the tests'. `warm_workers` (as
    `parlor serve` does): start the setup workers at once, not at the first table opened."""
    settings = settings if settings is not None else Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(settings.database_url())
        hub = Hub(settings, storage)
        await hub.start()
        app.state.hub = hub
        if warm_workers:
            hub.spawn(hub.work.warm())
        if settle_collector:
            collector.settle()
        try:
            yield
        finally:
            await hub.stop()
            storage.close()

    app = FastAPI(title="parlor", version=getattr(parlor, "__version__", "0"), lifespan=lifespan,
                  description="Online tables for parlor's games: lobby, seats, live play over WebSocket "
                              "(`/ws/tables/{id}`, protocol in docs/server.md).",
                  responses={"4XX": {"model": ErrorOut, "description": "refused: see `code` and `reason`"}})
    app.state.settings = settings
    app.add_middleware(Guard, settings=settings)  # headers on every answer, rate limits, body limits

    @app.exception_handler(ParlorError)
    async def parlor_error(_request: Request, err: Exception) -> JSONResponse:
        assert isinstance(err, ParlorError)
        return error_answer(err)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, err: Exception) -> JSONResponse:
        assert isinstance(err, RequestValidationError)
        problems = [f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg')}" for e in err.errors()]
        return JSONResponse({"code": "bad_request", "message": "; ".join(problems) or "bad request"},
                            status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, err: Exception) -> JSONResponse:
        assert isinstance(err, HTTPException)
        code = HTTP_CODES.get(err.status_code, "bad_request")
        return JSONResponse({"code": code, "message": str(err.detail)}, status_code=err.status_code,
                            headers=err.headers)

    @app.exception_handler(Exception)
    async def server_error(_request: Request, err: Exception) -> JSONResponse:
        log.error("unexpected error", exc_info=err)
        return JSONResponse({"code": "server_error", "message": "the server failed on this request"},
                            status_code=500)

    @app.get("/api/health", tags=["lobby"])
    def health() -> dict[str, Any]:
        return {"ok": True, "instance": settings.instance}

    app.include_router(lobby.router)
    app.include_router(tables.router)
    app.include_router(client.router)
    app.include_router(tools.router())
    app.include_router(ws_router)
    static = settings.static_path()
    if (static / "index.html").is_file():
        app.mount("/", StaticFiles(directory=static, html=True), name="static")
    else:
        @app.get("/", response_class=HTMLResponse, include_in_schema=False)
        def placeholder() -> str:
            return PLACEHOLDER
    return app


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info",
          workers: int = 1) -> None:
    """Run the server with uvicorn until interrupted; `workers` > 1 runs that many processes on one
    listening socket, each table in one of them (they share the database; Redis only when other
    hosts serve the same tables)."""
    if workers <= 1:
        _run_worker(settings, host, port, log_level)
        return
    _serve_workers(settings, host, port, log_level, workers)


def _uvicorn_config(settings: Settings, host: str, port: int, log_level: str,
                    settle_collector: bool = True) -> Any:
    import uvicorn

    from .sockets import TableHttpProtocol, TableSocketProtocol

    return uvicorn.Config(create_app(settings, settle_collector, warm_workers=True), host=host, port=port,
                          log_level=log_level, http=TableHttpProtocol, ws=TableSocketProtocol,
                          ws_max_size=max(4 * settings.max_message_bytes, 64 * 1024),
                          timeout_graceful_shutdown=3, access_log=settings.access_log)


def _run_worker(settings: Settings, host: str, port: int, log_level: str) -> None:
    import uvicorn

    config = _uvicorn_config(settings, host, port, log_level)  # configures uvicorn's loggers
    _quiet_uvicorn(settings)
    server = uvicorn.Server(config)
    server.run()


def _quiet_uvicorn(settings: Settings) -> None:
    sys.setswitchinterval(SWITCH_INTERVAL)
    if not settings.access_log:
        # uvicorn and websockets write two info lines per socket accepted (a game opens one per seat)
        # to this logger; making those records costs a busy server more than the moves it serves
        logging.getLogger("uvicorn.error").setLevel(logging.WARNING)


def _serve_workers(settings: Settings, host: str, port: int, log_level: str, workers: int) -> None:
    """Bind once, migrate once, then fork the workers, each with its own hub, database pool and
    instance id; this process accepts the connections and hands each to the worker that owns its
    table (dispatch.py). A worker that dies is started again; SIGINT or SIGTERM stops them all."""
    storage = Storage(settings.database_url())
    try:
        storage.migrate()  # before the workers start, so that they never migrate at once
    finally:
        storage.close()
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    context = multiprocessing.get_context("fork")  # the children keep the games registered here

    def start(index: int, channel: socket.socket,
              forget_parent: Callable[[], None]) -> multiprocessing.process.BaseProcess:
        worker_settings = dataclasses.replace(settings, instance=secrets.token_hex(6), worker_index=index,
                                              worker_count=workers)
        proc = context.Process(target=_run_handed_worker,
                               args=(worker_settings, host, port, log_level, channel, forget_parent),
                               name="parlor-worker")
        proc.start()
        return proc

    Dispatcher(sock, workers, start).run()


def _run_handed_worker(settings: Settings, host: str, port: int, log_level: str, channel: socket.socket,
                       forget_parent: Callable[[], None]) -> None:
    forget_parent()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # uvicorn installs its own once it runs
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    from . import handed

    config = _uvicorn_config(settings, host, port, log_level)  # configures uvicorn's loggers
    _quiet_uvicorn(settings)
    handed.run(config, channel)
