"""One pure-ASGI middleware in front of every route (`Guard`): security headers on every answer,
per-address rate limits, and request bodies read in full (size limit, JSON nesting limit) before any
route sees them. One layer rather than three: each layer a request passes is a call and a closure
more on the event loop, for every request.

Each refusal is a JSON `{code, message}` answer with the same headers as every other answer.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from .opening_routes import answer_opening
from .security import AddressLimits, nests_deeper_than
from .settings import Settings
from .ws import serve_socket

Scope = dict[str, Any]
HEAVY = re.compile(r"^/api/tables/[^/]+/(?:review/[^/]*|replay/[^/]*|record(?:/file)?|why|scores)$")
JOIN = re.compile(r"^/api/tables/[^/]+/seats/[^/]+/join$")
HOST = re.compile(r"^[A-Za-z0-9.\-:\[\]]{1,255}$")
DOCS = ("/docs", "/redoc")
# worker-src: the tools' service worker, /sw.js from this origin (scope "/", so no Service-Worker-Allowed).
CLIENT_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
                 "font-src 'self' data:; connect-src 'self'{sockets}; worker-src 'self'; object-src 'none'; "
                 "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
# Swagger UI and ReDoc (FastAPI's /docs and /redoc) load from a CDN and start with an inline script.
DOCS_POLICY = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
               "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
               "font-src 'self' https://fonts.gstatic.com; img-src 'self' data: https:; "
               "worker-src blob:; frame-ancestors 'none'")
DOCS_POLICY_BYTES = DOCS_POLICY.encode()


async def send_error(send: Any, status: int, code: str, message: str) -> None:
    body = json.dumps({"code": code, "message": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "?"


# the headers every answer carries besides its Content-Security-Policy
FIXED_HEADERS = ((b"x-frame-options", b"DENY"), (b"referrer-policy", b"no-referrer"),
                 (b"x-content-type-options", b"nosniff"), (b"cross-origin-opener-policy", b"same-origin"))


class Guard:
    """For each HTTP request, in this order: adds a Content-Security-Policy that the built client
    works under (a Vite build: module scripts and stylesheets from this origin, no inline script)
    and the framing, referrer and content-type headers to the answer, whatever it is; counts the
    request against its client address's bucket (GETs, heavy requests such as replays, reviews,
    records and "why", table creation, seat joins, other changes; beyond: 429 `rate_limited`); reads
    the body in full: larger than `max_body_bytes` (declared or, with chunked encoding, counted) is
    413 `too_large`, JSON nested deeper than `max_json_depth` levels 400 `bad_request`. The route
    then reads the same bytes; a create or a join of the usual shape is answered here instead
    (opening_routes.py). The lifespan passes through untouched, and so do WebSockets, a table's
    socket going straight to its endpoint (`ws.serve_socket`)."""

    def __init__(self, app: Any, settings: Settings) -> None:
        self.app = app
        self.limit = settings.max_body_bytes
        self.depth = settings.max_json_depth
        # Among `parlor serve --workers N`'s, every HTTP answer closes its connection: the parent
        # routes a connection by its first request alone, so a kept-alive client's next request,
        # perhaps for another worker's table, must come on a new connection to be routed to its
        # owner. (A table's socket is one request: routed whole.) The instance says which worker
        # answered, as the socket's handshake and /api/health do.
        self.fixed = FIXED_HEADERS if settings.worker_count <= 1 else (
            *FIXED_HEADERS, (b"connection", b"close"), (b"x-parlor-instance", settings.instance.encode()))
        self.limits = AddressLimits({
            "read": (settings.read_rate, settings.read_burst),
            "heavy": (settings.heavy_rate, settings.heavy_burst),
            "create": (settings.create_rate, settings.create_burst),
            "join": (settings.join_rate, settings.join_burst),
            "write": (settings.http_rate, settings.http_burst),
        })

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            if scope["type"] != "websocket" or not await serve_socket(scope, receive, send):
                await self.app(scope, receive, send)
            return
        headers = (policy_header(scope), *self.fixed)

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *headers]}
            await send(message)

        kind = rate_kind(str(scope.get("method", "GET")), str(scope.get("path", "")))
        if not self.limits.allow(kind, client_address(scope)):
            await send_error(with_headers, 429, "rate_limited", f"too many requests ({kind}) from your "
                                                                "address; wait a little and try again")
            return
        body = await self.read_body(scope, receive, with_headers)
        if body is None or await answer_opening(scope, body, with_headers):
            return
        sent = False

        async def replay() -> Any:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, with_headers)

    async def read_body(self, scope: Scope, receive: Any, send: Any) -> bytes | None:
        """The whole body, or None once refused (the refusal sent) or when the client went away."""
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await self._too_large(send)
                return None
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return None  # the client went away before sending its body
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._too_large(send)
                return None
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        if body and nests_deeper_than(body, self.depth):
            await send_error(send, 400, "bad_request", f"JSON nested deeper than {self.depth} levels")
            return None
        return body

    async def _too_large(self, send: Any) -> None:
        await send_error(send, 413, "too_large", f"request body is larger than {self.limit} bytes")


def policy_header(scope: Scope) -> tuple[bytes, bytes]:
    if str(scope.get("path", "")).startswith(DOCS):
        return (b"content-security-policy", DOCS_POLICY_BYTES)
    host = next((v for k, v in scope.get("headers", []) if k == b"host"), b"")
    return (b"content-security-policy", client_policy(host))


@lru_cache(maxsize=64)  # bounded: the Host header is the client's to choose
def client_policy(host: bytes) -> bytes:
    """The client's policy, its sockets allowed to this host (when the host is a plain name)."""
    name = host.decode("latin-1")
    sockets = f" ws://{name} wss://{name}" if HOST.match(name) else ""
    return CLIENT_POLICY.format(sockets=sockets).encode()


def rate_kind(method: str, path: str) -> str:
    """Which rate-limit bucket a request counts against."""
    if HEAVY.match(path):
        return "heavy"
    if method in ("GET", "HEAD", "OPTIONS"):
        return "read"
    if path == "/api/tables":
        return "create"
    if JOIN.match(path):
        return "join"
    return "write"


__all__ = ["Guard", "client_address", "send_error"]
