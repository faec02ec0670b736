"""Redis pub/sub between server processes sharing one database.

A process that changes a table publishes the table id (and what changed: the table, or its chat);
the others re-read that from the database and push it to their own clients. A move also carries
itself (`RemoteMove`: its index, the record's epoch, the seat, the move as stored, who made it), so
that a process holding the table at that index plays it with the engine instead of reading the
database; anything else (and any doubt) is read from the database, which stays the truth. Messages
carry no chat text and nothing the database does not hold; Redis, like the database, is the
servers' own. Bot decisions are claimed with SET NX so that one process thinks for each decision.

Messages come from another process: every field is checked, and one that cannot be read is taken
for the plainest thing it can still say (a move that cannot be read: "the table changed").
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any, TypeGuard

CHANNEL = "parlor:tables"
log = logging.getLogger("parlor.server")
BYS = ("player", "bot", "handed", "away", "clock")  # who may make a move (rows' `by`)


@dataclass(frozen=True)
class RemoteMove:
    """A move another process stored: the table was at `index` (and `epoch`) before it."""

    index: int
    epoch: int
    seat: int
    move: Any   # the move's JSON, as stored
    by: str

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "epoch": self.epoch, "seat": self.seat, "move": self.move,
                "by": self.by}

    @staticmethod
    def from_json(data: Any) -> RemoteMove | None:
        """The move in a message, or None when any field is missing or of the wrong kind."""
        if not isinstance(data, dict):
            return None
        index, epoch, seat, by = data.get("index"), data.get("epoch"), data.get("seat"), data.get("by")
        if not (whole(index) and whole(epoch) and whole(seat)) or by not in BYS or "move" not in data:
            return None
        return RemoteMove(index, epoch, seat, data["move"], by)


def whole(value: Any) -> TypeGuard[int]:
    """A whole number >= 0 (not a bool, which JSON's true would give)."""
    return type(value) is int and value >= 0


def read_change(change: Any) -> tuple[str, str, RemoteMove | None] | None:
    """One change of a message: (table id, what changed, the move if it came whole), or None."""
    if not isinstance(change, dict) or not isinstance(change.get("table"), str):
        return None
    table_id, what = change["table"], change.get("what", "table")
    if what == "move":
        return table_id, "table", RemoteMove.from_json(change.get("move"))
    return (table_id, what, None) if what in ("table", "chat") else None


OnChange = Callable[[str, str, RemoteMove | None], Coroutine[Any, Any, None]]


class Fanout:
    """Publishes this process's changes and hands the other processes' to `on_change`.

    The changes of one turn of the event loop leave in one message, in the order they were made (a
    publish is a task, as each change's was before): at many tables, Redis's client cost per message
    (on both sides) was the largest part of what a second worker added."""

    def __init__(self, url: str, instance: str,
                 on_change: OnChange) -> None:
        self.url = url
        self.instance = instance
        self.on_change = on_change
        self.redis: Any = None
        self._pubsub: Any = None
        self._task: asyncio.Task[None] | None = None
        self._outbox: list[dict[str, Any]] = []
        self._sending: set[asyncio.Task[None]] = set()  # publishes on their way
        self._pending: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        # Imported here: only a server given --redis needs it (a fifth of a second of every start).
        import redis.asyncio as aioredis

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
            for change in self.read(message.get("data")):
                task = asyncio.create_task(self._take(*change))
                self._pending.add(task)
                task.add_done_callback(self._pending.discard)

    def read(self, raw: Any) -> list[tuple[str, str, RemoteMove | None]]:
        """(table id, what changed, the move if one came whole) of each change in another process's
        message, in order; none for our own and for one that cannot be read, and a change without a
        table id is skipped. (A message of one change, `table` at its top, as before batches.)"""
        try:
            data = json.loads(raw)
            origin = data["origin"]
            changes = data["changes"] if "changes" in data else [data]
        except (ValueError, KeyError, TypeError, AttributeError):
            return []
        if origin == self.instance or not isinstance(changes, list):
            return []
        found = [read_change(change) for change in changes]
        return [change for change in found if change is not None]

    async def _take(self, table_id: str, what: str, move: RemoteMove | None) -> None:
        """Hand one change on; whatever goes wrong there is logged, never kills the listener."""
        try:
            await self.on_change(table_id, what, move)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("redis fan-out: the change of table %s could not be taken", table_id)

    def publish(self, table_id: str, what: str = "table", move: RemoteMove | None = None) -> None:
        """Tell the others that `table_id` changed (`move`: by that move alone); sent with the other
        changes of this turn of the loop."""
        change: dict[str, Any] = {"table": table_id, "what": what}
        if move is not None:
            change["what"], change["move"] = "move", move.to_json()
        if not self._outbox:
            asyncio.get_running_loop().call_soon(self._flush)
        self._outbox.append(change)

    def _flush(self) -> None:
        """Publish the changes of this turn of the loop in one message."""
        changes, self._outbox = self._outbox, []
        if changes:
            task = asyncio.create_task(self._send(changes))
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)

    async def _send(self, changes: list[dict[str, Any]]) -> None:
        try:
            await self.redis.publish(CHANNEL, json.dumps({"origin": self.instance, "changes": changes}))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("redis fan-out: publish failed for %d changes", len(changes))

    async def claim(self, key: str, seconds: int = 30) -> bool:
        """True for the first process to claim `key` (until it expires)."""
        try:
            return bool(await self.redis.set(f"parlor:claim:{key}", self.instance, nx=True, ex=seconds))
        except Exception:
            log.exception("redis fan-out: claim failed; playing anyway")
            return True

    async def close(self) -> None:
        for task in self._sending:
            task.cancel()
        await asyncio.gather(*self._sending, return_exceptions=True)
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
