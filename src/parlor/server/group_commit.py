"""Group commit of moves: the moves of every table that arrive together are stored in one transaction.

A move's answer still waits for its own commit (`append` returns only once the transaction that holds
it has committed), so no move is ever announced and then lost; what changes is that a busy server
pays for one transaction and one commit per batch instead of per move.

Two ways to write a batch:

- on a database thread (`write_batch`): the moves that arrive while one transaction is in flight go
  together in the next one. PostgreSQL, and SQLite shared by several processes, are written so.
- on the event loop itself (`write_inline`), once per turn of the loop: the moves that arrived
  during that turn go together. For SQLite used by one process, whose commit is a write into its
  log and no round trip: handing it to a thread cost more than the write (at one table, 45 µs of
  the loop's CPU for the hand-over and about 100 µs of the thread's for waking, waiting for the GIL
  and handing back, besides the write's own 140; bench/server_move_cpu.py). The loop never waits
  for the database: while a database thread holds it (a create, a join, a heartbeat, perhaps
  checkpointing the log and syncing the files), `write_inline` declines and the turn's moves go to
  a thread, and the moves that arrive while that thread writes wait for it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from .rows import MoveWrite

WriteBatch = Callable[[list[MoveWrite]], Awaitable[list[bool]]]
WriteInline = Callable[[list[MoveWrite]], list[bool] | None]  # None: cannot write here now


class GroupCommit:
    """Queues moves and writes them in batches, with `write_inline` on the loop when given, else
    with `write_batch` (run on a database thread)."""

    def __init__(self, write_batch: WriteBatch, write_inline: WriteInline | None = None) -> None:
        self._write_batch = write_batch
        self._write_inline = write_inline
        self._pending: list[tuple[MoveWrite, asyncio.Future[bool]]] = []
        self._writer: asyncio.Task[None] | None = None
        self._turn: asyncio.Handle | None = None  # the inline write scheduled for this turn

    async def append(self, write: MoveWrite) -> bool:
        """Store one move; True once committed, False when another move took its index first."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[bool] = loop.create_future()
        self._pending.append((write, done))
        if self._writer is not None:
            pass  # the write in flight on a thread takes this one next
        elif self._write_inline is not None:
            if self._turn is None:
                self._turn = loop.call_soon(self._write_turn)
        else:
            self._start_writer()
        return await done

    def _start_writer(self) -> None:
        self._writer = asyncio.create_task(self._drain(), name="parlor-group-commit")

    def _write_turn(self) -> None:
        """Write the moves that arrived during this turn of the loop, in one transaction."""
        self._turn = None
        if self._writer is not None or not self._pending:
            return  # the thread's writer takes them
        batch = self._pending
        assert self._write_inline is not None
        try:
            stored = self._write_inline([write for write, _ in batch])
        except Exception as err:
            self._pending = []
            _settle(batch, error=err)
            return
        if stored is None:  # a database thread holds the database: a thread waits for it instead
            self._start_writer()
            return
        self._pending = []
        _settle(batch, stored)

    async def _drain(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    stored = await self._write_batch([write for write, _ in batch])
                except Exception as err:
                    _settle(batch, error=err)
                    continue
                _settle(batch, stored)
        finally:
            self._writer = None

    async def close(self) -> None:
        if self._turn is not None and self._writer is None:  # this turn's moves: written, answered
            self._turn.cancel()
            if self._write_inline is not None and self._pending:
                batch, self._pending = self._pending, []
                try:
                    stored = self._write_inline([write for write, _ in batch])
                except Exception as err:
                    _settle(batch, error=err)
                else:
                    _settle(batch, stored, RuntimeError("the server stopped before this move was stored"))
        if self._writer is not None:
            self._writer.cancel()
            await asyncio.gather(self._writer, return_exceptions=True)


def _settle(batch: list[tuple[MoveWrite, asyncio.Future[bool]]], stored: list[bool] | None = None,
            error: Exception | None = None) -> None:
    """Answer each move of a written batch: stored or not (`stored`), or `error`, which stopped the
    write."""
    answers: list[bool | None] = list(stored) if stored is not None else [None] * len(batch)
    for (_, done), ok in zip(batch, answers, strict=True):
        if done.done():  # its caller went away
            continue
        if ok is None:
            done.set_exception(error if error is not None else RuntimeError("the write gave no answer"))
        else:
            done.set_result(ok)


__all__ = ["GroupCommit", "WriteBatch", "WriteInline"]
