"""ASGI middleware in front of every route: security headers, per-address rate limits, and request
bodies read in full (size limit, JSON nesting limit) before any route sees them.

Each refusal is a JSON `{code, message}` answer, like every other error of the server.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .security import AddressLimits, json_depth
from .settings import Settings

Scope = dict[str, Any]
HEAVY = re.compile(r"^/api/tables/[^/]+/(?:review/[^/]*|replay/[^/]*|record|why)$")
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


async def send_error(send: Any, status: int, code: str, message: str) -> None:
    body = json.dumps({"code": code, "message": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "?"


class SecurityHeaders:
    """Adds a Content-Security-Policy that the built client works under (a Vite build: module
    scripts and stylesheets from this origin, no inline script), and the framing, referrer and
    content-type headers, to every HTTP response."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = [(b"content-security-policy", self.policy(scope).encode()),
                   (b"x-frame-options", b"DENY"), (b"referrer-policy", b"no-referrer"),
                   (b"x-content-type-options", b"nosniff"),
                   (b"cross-origin-opener-policy", b"same-origin")]

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *headers]}
            await send(message)

        await self.app(scope, receive, with_headers)

    @staticmethod
    def policy(scope: Scope) -> str:
        if str(scope.get("path", "")).startswith(DOCS):
            return DOCS_POLICY
        host = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"host"), "")
        sockets = f" ws://{host} wss://{host}" if HOST.match(host) else ""
        return CLIENT_POLICY.format(sockets=sockets)


class RateLimits:
    """Per client address: GETs, heavy requests (replays, reviews, records, "why"), table creation,
    seat joins and other changing requests each have their own bucket; beyond: 429 `rate_limited`."""

    def __init__(self, app: Any, settings: Settings) -> None:
        self.app = app
        self.limits = AddressLimits({
            "read": (settings.read_rate, settings.read_burst),
            "heavy": (settings.heavy_rate, settings.heavy_burst),
            "create": (settings.create_rate, settings.create_burst),
            "join": (settings.join_rate, settings.join_burst),
            "write": (settings.http_rate, settings.http_burst),
        })

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            kind = self.kind(str(scope.get("method", "GET")), str(scope.get("path", "")))
            if not self.limits.allow(kind, client_address(scope)):
                await send_error(send, 429, "rate_limited", f"too many requests ({kind}) from your "
                                                            "address; wait a little and try again")
                return
        await self.app(scope, receive, send)

    @staticmethod
    def kind(method: str, path: str) -> str:
        if HEAVY.match(path):
            return "heavy"
        if method in ("GET", "HEAD", "OPTIONS"):
            return "read"
        if path == "/api/tables":
            return "create"
        if JOIN.match(path):
            return "join"
        return "write"


class BodyLimit:
    """Reads each request body in full before the route does: larger than `limit` bytes (declared
    or, with chunked encoding, counted) is 413 `too_large`; JSON nested deeper than `depth` levels
    is 400 `bad_request`. The route then reads the same bytes."""

    def __init__(self, app: Any, limit: int, depth: int) -> None:
        self.app = app
        self.limit = limit
        self.depth = depth

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await self._too_large(send)
                return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away before sending its body
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._too_large(send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        if body and json_depth(body) > self.depth:
            await send_error(send, 400, "bad_request", f"JSON nested deeper than {self.depth} levels")
            return
        sent = False

        async def replay() -> Any:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, send: Any) -> None:
        await send_error(send, 413, "too_large", f"request body is larger than {self.limit} bytes")


__all__ = ["BodyLimit", "RateLimits", "SecurityHeaders", "client_address", "send_error"]
