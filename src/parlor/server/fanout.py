"""Redis pub/sub between server processes sharing one database.

A process that changes a table publishes the table id (and what changed: the table, or its chat);
the others re-read that from the database and push it to their own clients. Messages carry no game
content and no chat text, only ids.
Bot decisions are claimed with SET NX so that one process thinks for each decision.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Coroutine
from typing import Any

import redis.asyncio as aioredis

CHANNEL = "parlor:tables"
log = logging.getLogger("parlor.server")


class Fanout:
    def __init__(self, url: str, instance: str,
                 on_change: Callable[[str, str], Coroutine[Any, Any, None]]) -> None:
        self.url = url
        self.instance = instance
        self.on_change = on_change
        self.redis: Any = None
        self._pubsub: Any = None
        self._task: asyncio.Task[None] | None = None
        self._pending: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self.redis = aioredis.from_url(self.url)
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(CHANNEL)
        self._task = asyncio.create_task(self._listen(), name="parlor-fanout")

    async def _listen(self) -> None:
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:  # a dropped connection: say so and retry
                log.exception("redis fan-out: receive failed; retrying")
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                data = json.loads(message["data"])
                origin, table_id, what = data["origin"], data["table"], data.get("what", "table")
            except (ValueError, KeyError, TypeError, AttributeError):
                continue
            if origin != self.instance and isinstance(table_id, str) and what in ("table", "chat"):
                task = asyncio.create_task(self.on_change(table_id, what))
                self._pending.add(task)
                task.add_done_callback(self._pending.discard)

    async def publish(self, table_id: str, what: str = "table") -> None:
        try:
            await self.redis.publish(CHANNEL, json.dumps({"origin": self.instance, "table": table_id,
                                                          "what": what}))
        except Exception:
            log.exception("redis fan-out: publish failed for table %s", table_id)

    async def claim(self, key: str, seconds: int = 30) -> bool:
        """True for the first process to claim `key` (until it expires)."""
        try:
            return bool(await self.redis.set(f"parlor:claim:{key}", self.instance, nx=True, ex=seconds))
        except Exception:
            log.exception("redis fan-out: claim failed; playing anyway")
            return True

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass
        if self._pubsub is not None:
            await self._pubsub.aclose()
        if self.redis is not None:
            await self.redis.aclose()
