"""Seat and host tokens, rate limits, and the depth check for JSON from clients.

Tokens are 128-bit random values shown once to the player who claims a seat (or creates a table);
the server keeps only their SHA-256 and compares digests in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from itertools import accumulate

TOKEN_BYTES = 16  # 128 bits
_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKETS = re.compile(rb"[^\[\]{}]")
_DEPTH = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored hash."""
    if stored_hash is None:
        return False
    return hmac.compare_digest(hash_token(token).encode(), stored_hash.encode())


def hash_matches(token_hash: str, stored_hash: str | None) -> bool:
    """`token_matches` for a token already hashed (a connection hashes its token once)."""
    return stored_hash is not None and hmac.compare_digest(token_hash.encode(), stored_hash.encode())


def json_depth(data: bytes) -> int:
    """How deeply arrays and objects nest in this JSON text (strings skipped), without parsing it:
    the parser recurses once per level, so deep texts are refused before they reach it."""
    brackets = _NOT_BRACKETS.sub(b"", _STRINGS.sub(b"", data))
    return max(accumulate(_DEPTH[b] for b in brackets), default=0)


def nests_deeper_than(data: bytes, limit: int) -> bool:
    """Whether arrays and objects nest more than `limit` levels deep in this JSON text. A text with
    no more than `limit` opening brackets (counted inside strings too) cannot: a move or a join is
    answered without `json_depth`'s scan."""
    if data.count(b"[") + data.count(b"{") <= limit:
        return False
    return json_depth(data) > limit


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


class AddressLimits:
    """One bucket per (kind of request, client address), forgotten when too many are kept."""

    MAX_BUCKETS = 50_000

    def __init__(self, limits: dict[str, tuple[float, int]]) -> None:
        self.limits = limits
        self.buckets: dict[tuple[str, str], RateLimiter] = {}

    def allow(self, kind: str, address: str) -> bool:
        key = (kind, address)
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.MAX_BUCKETS:
                self.buckets.clear()
            rate, burst = self.limits[kind]
            bucket = self.buckets[key] = RateLimiter(rate, burst)
        return bucket.allow()


__all__ = ["AddressLimits", "RateLimiter", "hash_token", "json_depth", "new_token", "token_matches"]
