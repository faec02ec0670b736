"""Table sync: the live tables of this process kept in step with the database.

A table is loaded on first use (its record replayed in a worker process), caught up when another
process changed it (moves, seats, undos made elsewhere) and checked on start: every running table
is replayed in the background and one that does not replay is reported, never fatal.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from parlor.core import ParlorError

from . import jobs
from .chat import RECENT, pull_chat
from .errors import ApiError
from .fanout import RemoteMove
from .live import LiveTable
from .remote_moves import HELD, UNSURE, play_remote_move
from .rows import FINISHED, RUNNING, Loaded, record_problem
from .work import WorkFailed

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("parlor.server")
# seconds after a request of this process asked for a table during which it is not forgotten
ASKED_LATELY = 10.0


class TableSync:
    """Loads tables into `hub.tables` and re-reads them from the database."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._loading: dict[str, asyncio.Future[LiveTable]] = {}

    async def get(self, table_id: str) -> LiveTable:
        """The live table, loaded from the database on first use.

        :raises ApiError: not_found; misdirected, a table another worker of `parlor serve
            --workers N` without Redis holds (the parent routes its requests there: one reaches us
            only when routing failed, e.g. while that worker is started again, and the client asks
            again on a new connection)."""
        table = self.hub.tables.get(table_id)
        if table is not None:
            table.asked_at = time.monotonic()
            return table
        if not self.hub.settings.serves(table_id):
            raise ApiError("misdirected", "another worker of this server holds this table: ask again")
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.get_running_loop().create_future()
            self._loading[table_id] = loading
            try:
                loading.set_result(await self._load(table_id))
            except asyncio.CancelledError:
                loading.cancel()
                raise
            except Exception as err:
                loading.set_exception(err)
                loading.exception()  # retrieved: waiters re-raise it
            finally:
                del self._loading[table_id]
        table = await asyncio.shield(loading)
        table.asked_at = time.monotonic()
        self.hub.bots.kick(table)
        return table

    async def _load(self, table_id: str) -> LiveTable:
        hub = self.hub
        found = await hub.db(hub.storage.load_with_chat, table_id, RECENT) if len(table_id) <= 32 else None
        if found is None:
            raise ApiError("not_found", f"no table {table_id!r}")
        (row, seats, moves), chat = found
        table = LiveTable(row, seats)
        table.chat_lines = chat
        await self._replay_into(table, moves, row.damage or record_problem(row, moves))
        await self._settle(table)
        hub.tables[table_id] = table
        return table

    async def _replay_into(self, table: LiveTable, moves: list[Any], problem: str | None) -> None:
        """Replay `moves` in a worker and install the result; a record that cannot be read or does
        not replay (in time, in memory) is installed as broken with the reason."""
        row = table.row
        replayed: jobs.Replayed | None = None
        if problem is None:
            try:
                replayed = await self.hub.work.run(jobs.replay_moves, row.game, row.rules_version,
                                                   row.players, row.seed, row.options,
                                                   [(m.seat, m.move) for m in moves])
                problem = replayed.problem
            except (WorkFailed, ParlorError) as err:
                problem = f"the record could not be replayed: {err}"
        table.install(replayed, moves, problem)

    async def _settle(self, table: LiveTable) -> None:
        """Store what replay found: a problem (reported, record untouched) or an unmarked end."""
        hub = self.hub
        if table.problem != table.row.problem:
            table.row.problem = table.problem
            await hub.db(hub.storage.set_problem, table.id, table.problem)
        if table.state is not None and table.status == RUNNING and table.state.is_over():
            table.row.status = FINISHED
            table.row.result = table.state.result().to_json()
            table.forget_views()  # no one decides any more, no one may undo
            await hub.db(hub.storage.mark_finished, table.id, table.row.result)

    async def sync_locked(self, table: LiveTable) -> None:
        """Catch up with the database (moves, seats, undos made elsewhere). Hold `table.lock`."""
        await self.catch_up_locked(table, await self.hub.db(self.hub.storage.load, table.id, table.index))

    async def catch_up_locked(self, table: LiveTable, loaded: Loaded | None) -> None:
        """Take what a read of the table from its move count on found (`Storage.load`). Hold
        `table.lock`. A record that changed under us (an undo elsewhere) is read whole and replayed."""
        if loaded is None:
            return
        row, seats, moves = loaded
        if row.epoch != table.epoch or row.move_count < table.index:
            full = await self.hub.db(self.hub.storage.load, table.id, 0)
            if full is None:
                return
            row, seats, moves = full
            table.row = row
            await self._replay_into(table, moves, row.damage or record_problem(row, moves))
        else:
            table.row = row
            problem = record_problem(row, moves, table.index)
            if problem:
                table.problem, table.state = problem, None
            table.extend(moves)
        table.set_seats(seats)
        await self._settle(table)

    async def reseat(self, table: LiveTable) -> None:
        """Re-read the seats (after a leave or a hand-over) and tell everyone."""
        async with table.lock:
            await self.sync_locked(table)
        self.hub.changed(table)

    async def remote_changed(self, table_id: str, what: str = "table",
                             move: RemoteMove | None = None) -> None:
        """Another process changed this table (or wrote in its chat): catch up, tell our clients.
        A table being loaded here is re-read once loaded (the load may have read the database before
        that change). A table nobody here uses is forgotten instead (`_unused`): the next request
        loads it again. `move`: the change was that move alone, played here when we hold the
        position before it; otherwise (a gap, an undo, a move that does not play) the table is read
        from the database."""
        table = self.hub.tables.get(table_id)
        if table is None:
            loading = self._loading.get(table_id)
            if loading is None:
                return
            try:
                table = await asyncio.shield(loading)
            except Exception:
                return
        if what == "chat":
            await pull_chat(self.hub, table)
            return
        if self._unused(table):
            del self.hub.tables[table_id]
            return
        async with table.lock:
            taken = play_remote_move(table, move) if move is not None else UNSURE
            if taken == HELD:
                return
            if taken == UNSURE:
                await self.sync_locked(table)
        self.hub.changed(table, publish=False)

    def _unused(self, table: LiveTable) -> bool:
        """Whether this process may forget the table: no connection, no bot thinking, no change
        under way, and no request of ours asked for it lately (one may be about to attach a socket
        to it). A request counts only for a table this worker owns: the parent of `parlor serve
        --workers N` routes a table's requests and sockets to its owner, and another's table comes
        here only while its owner is started again (a socket that does reach us all the same loads
        its table again before attaching)."""
        asked_lately = (time.monotonic() - table.asked_at <= ASKED_LATELY
                        and self.hub.settings.owns(table.id))
        return (not table.conns and (table.bot_task is None or table.bot_task.done())
                and not table.lock.locked() and self.hub.tables.get(table.id) is table
                and not asked_lately)

    async def seat_for_token(self, table: LiveTable, token: str) -> int | None:
        """The seat `token` opens. With other processes, the one that just gave the seat out may not
        have told us yet (the player's next request can reach us first): read the seats again
        before saying no."""
        seat = table.seat_for_token(token)
        if seat is None and self.hub.fanout is not None:
            async with table.lock:
                await self.sync_locked(table)
            seat = table.seat_for_token(token)
        return seat

    async def recover(self) -> None:
        """Rebuild every running table by replaying its record; report those that do not replay.
        One table's failure never stops the others."""
        for table_id in await self.hub.db(self.hub.storage.running_ids):
            if not self.hub.settings.serves(table_id):
                continue  # its owner among this host's workers replays it
            try:
                table = await self.get(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s cannot be loaded", table_id)
                continue
            if table.problem:
                log.error("table %s cannot be resumed: %s", table_id, table.problem)


__all__ = ["TableSync"]
