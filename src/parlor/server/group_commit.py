"""Group commit of moves: the moves of every table that arrive while one write is in flight are
stored together in the next transaction.

A move's answer still waits for its own commit (`append` returns only once the transaction that holds
it has committed), so no move is ever announced and then lost; what changes is that a busy server
pays for one transaction, one commit and one hand-over to a database thread per batch instead of per
move.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from .rows import MoveWrite


class GroupCommit:
    """Queues moves and writes them in batches with `write_batch` (run on a database thread)."""

    def __init__(self, write_batch: Callable[[list[MoveWrite]], Awaitable[list[bool]]]) -> None:
        self._write_batch = write_batch
        self._pending: list[tuple[MoveWrite, asyncio.Future[bool]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def append(self, write: MoveWrite) -> bool:
        """Store one move; True once committed, False when another move took its index first."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._pending.append((write, done))
        if self._writer is None:
            self._writer = asyncio.create_task(self._drain(), name="parlor-group-commit")
        return await done

    async def _drain(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    stored = await self._write_batch([write for write, _ in batch])
                except Exception as err:
                    for _, done in batch:
                        if not done.done():
                            done.set_exception(err)
                    continue
                for (_, done), ok in zip(batch, stored, strict=True):
                    if not done.done():
                        done.set_result(ok)
        finally:
            self._writer = None

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
            await asyncio.gather(self._writer, return_exceptions=True)


__all__ = ["GroupCommit"]
