"""Seat tokens, per-connection rate limits and the request size limit.

Tokens are 128-bit random values shown once to the player who claims a seat; the server keeps
only their SHA-256 and compares digests in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from typing import Any

TOKEN_BYTES = 16  # 128 bits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored hash."""
    if stored_hash is None:
        return False
    return hmac.compare_digest(hash_token(token).encode(), stored_hash.encode())


class RateLimiter:
    """A token bucket: `rate` messages per second on average, bursts of up to `burst`."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class _BodyTooLarge(Exception):
    pass


class BodyLimit:
    """ASGI middleware: HTTP request bodies larger than `limit` bytes get 413 `too_large`."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.limit
                except ValueError:
                    too_big = True
                if too_big:
                    await self._refuse(send)
                    return
        seen = 0
        started = False

        async def counting_receive() -> Any:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _BodyTooLarge
            return message

        async def tracking_send(message: Any) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, tracking_send)
        except _BodyTooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Any) -> None:
        body = json.dumps({"code": "too_large",
                           "message": f"request body is larger than {self.limit} bytes"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


class HttpRateLimit:
    """ASGI middleware: each client address may send `rate` changing requests (not GET) a second on
    average, in bursts of up to `burst`; beyond that, 429 `rate_limited`."""

    MAX_CLIENTS = 10_000

    def __init__(self, app: Any, rate: float, burst: int) -> None:
        self.app = app
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, RateLimiter] = {}

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope.get("method") not in ("GET", "HEAD", "OPTIONS"):
            client = scope.get("client")
            key = client[0] if client else "?"
            bucket = self.buckets.get(key)
            if bucket is None:
                if len(self.buckets) >= self.MAX_CLIENTS:
                    self.buckets.clear()
                bucket = self.buckets[key] = RateLimiter(self.rate, self.burst)
            if not bucket.allow():
                body = json.dumps({"code": "rate_limited",
                                   "message": f"more than {self.rate:g} requests a second"}).encode()
                await send({"type": "http.response.start", "status": 429,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)
