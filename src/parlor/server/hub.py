"""The hub: what the pieces of the server share, and its life cycle.

Every live table of this process is in `tables`; its pieces, each in its own module:
`setup` (table_setup.py) opens new ones, `sync` (table_sync.py) loads tables and keeps them in step
with the database, `connections` (connections.py) serves their WebSocket clients, `bots`
(bot_turns.py) plays the decisions bots make; moves and undo (moves.py), seats (seats.py), chat
(chat.py) and the ticker's clocks, abandonment and expiry (upkeep.py) are functions of the hub.

A change is written to the database first (one transaction, guarded by the index it expects),
then applied in memory, then pushed to this process's connections and announced to the other
processes over Redis (`changed`). Each table has an asyncio lock so its changes happen one at a time
here; the database settles races with other processes. Setups and replays run in worker processes
with a time and memory bound (`work.py`); bots think on threads.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from .bot_turns import BotTurns
from .bots import BotRunner
from .connections import Connections
from .fanout import Fanout, RemoteMove
from .group_commit import GroupCommit
from .live import LiveTable
from .review import PositionCache
from .rows import MoveWrite
from .settings import Settings
from .storage import NotNow, Storage
from .table_setup import TableSetup
from .table_sync import TableSync
from .upkeep import tick_forever
from .work import WorkPool

T = TypeVar("T")


class Hub:
    def __init__(self, settings: Settings, storage: Storage) -> None:
        self.settings = settings
        self.storage = storage
        self.tables: dict[str, LiveTable] = {}
        self.sync = TableSync(self)
        self.setup = TableSetup(self)
        self.connections = Connections(self)
        self.bots = BotTurns(self, BotRunner(settings.bot_threads, settings.bot_seconds))
        self.work = WorkPool.shared(settings.work_processes, settings.work_seconds, settings.work_memory_mb)
        self.fanout: Fanout | None = None
        self.heartbeat = max(0.05, min(settings.abandon_after / 3, 15.0))
        self.positions = PositionCache()
        self._db_pool = ThreadPoolExecutor(max_workers=max(1, settings.db_threads),
                                           thread_name_prefix="parlor-db")
        # SQLite: moves are written on the event loop, once per turn of the loop (group_commit.py);
        # a hand-over to a thread cost more. A thread writes when the loop cannot at once (one of
        # our threads or another process holds the write lock: `NotNow`)
        self.writes_here = storage.is_sqlite
        self.moves_out = GroupCommit(lambda batch: self.db(self.storage.append_moves, batch),
                                     self._write_moves_here if self.writes_here else None)
        self._ticker: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a storage call on a database thread. (The pool's own future, wrapped: uvloop's
        `run_in_executor` asks `inspect` whether the call is a coroutine function, every time.)"""
        return await asyncio.wrap_future(self._db_pool.submit(fn, *args))

    def _write_moves_here(self, batch: list[MoveWrite]) -> list[bool] | None:
        """Write moves on the event loop (SQLite); None (nothing written) while a database thread
        or another process writes."""
        with self.storage.writing_here() as free:
            if not free:
                return None
            try:
                return self.storage.append_moves(batch, on_loop=True)
            except NotNow:
                return None
            finally:
                self._checkpoint_when_due()

    def _checkpoint_when_due(self) -> None:
        """The loop's connection never checkpoints SQLite's log (it syncs the files); a database
        thread does, every so many of the loop's commits."""
        if self.storage.checkpoint_due():
            self.spawn(self.db(self.storage.checkpoint))

    def spawn(self, coro: Any) -> None:
        """Run `coro` in the background; the hub cancels it when it stops."""
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def changed(self, table: LiveTable, publish: bool = True, move: RemoteMove | None = None) -> None:
        """The table changed: push it to our connections, wake its bots, tell the other processes
        (`move`: the change was that move alone, which they may play instead of reading the table)."""
        self.connections.push(table)
        self.bots.kick(table)
        if publish and self.fanout is not None:
            self.fanout.publish(table.id, move=move)

    async def start(self) -> None:
        await self.db(self.storage.migrate)
        if self.settings.redis_url:
            self.fanout = Fanout(self.settings.redis_url, self.settings.instance, self.sync.remote_changed)
            await self.fanout.start()
        self.spawn(self.sync.recover())  # the server answers while the running tables are replayed
        self._ticker = asyncio.create_task(tick_forever(self), name="parlor-ticker")

    async def stop(self) -> None:
        tasks = [t for t in [self._ticker, *(lt.bot_task for lt in self.tables.values()), *self._tasks]
                 if t is not None]
        for conn in [c for t in self.tables.values() for c in t.conns]:
            if conn.writer is not None:
                tasks.append(conn.writer)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.moves_out.close()
        if self.fanout is not None:
            await self.fanout.close()
        self.bots.close()
        self._db_pool.shutdown(wait=True)


__all__ = ["Hub"]
