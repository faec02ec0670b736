"""The hub: every live table of this process, the only code that changes them.

A change is written to the database first (one transaction, guarded by the index it expects),
then applied in memory, then pushed to this process's connections and announced to the other
processes over Redis. Each table has an asyncio lock so its changes happen one at a time here;
the database settles races with other processes. Setups and replays run in worker processes with
a time and memory bound (`work.py`); bots think on threads; clocks, abandonment and expiry are the
ticker's (`upkeep.py`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from parlor.core import (
    BadOptions,
    Move,
    NotYourTurn,
    ParlorError,
    StaleIndex,
    State,
    UndoRefused,
    get_game,
    options_to_json,
)

from . import jobs
from .bots import BotRunner, check_level
from .errors import ApiError
from .fanout import Fanout
from .group_commit import GroupCommit
from .live import Conn, LiveTable
from .messages import dumps
from .review import PositionCache
from .security import hash_token, new_token
from .settings import Settings
from .storage import FINISHED, OPEN, RUNNING, MoveWrite, SeatRow, Storage, TableRow, record_problem
from .work import WorkFailed, WorkPool

T = TypeVar("T")
log = logging.getLogger("parlor.server")


class Hub:
    def __init__(self, settings: Settings, storage: Storage) -> None:
        self.settings = settings
        self.storage = storage
        self.tables: dict[str, LiveTable] = {}
        self.bots = BotRunner(settings.bot_threads, settings.bot_seconds)
        self.work = WorkPool.shared(settings.work_processes, settings.work_seconds, settings.work_memory_mb)
        self.fanout: Fanout | None = None
        self.heartbeat = max(0.05, min(settings.abandon_after / 3, 15.0))
        self.sockets: dict[str, int] = {}   # open WebSocket connections per client address
        self.positions = PositionCache()
        self._db_pool = ThreadPoolExecutor(max_workers=max(1, settings.db_threads),
                                           thread_name_prefix="parlor-db")
        self._loading: dict[str, asyncio.Future[LiveTable]] = {}
        self.moves_out = GroupCommit(lambda batch: self.db(self.storage.append_moves, batch))
        self._ticker: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a storage call on a worker thread."""
        return await asyncio.get_running_loop().run_in_executor(self._db_pool, partial(fn, *args))

    def spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- life cycle --------------------------------------------------------------------------
    async def start(self) -> None:
        from .upkeep import tick_forever

        await self.db(self.storage.migrate)
        if self.settings.redis_url:
            self.fanout = Fanout(self.settings.redis_url, self.settings.instance, self.remote_changed)
            await self.fanout.start()
        self.spawn(self.recover())  # the server answers while the running tables are replayed
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

    async def recover(self) -> None:
        """Rebuild every running table by replaying its record; report those that do not replay.
        One table's failure never stops the others."""
        for table_id in await self.db(self.storage.running_ids):
            try:
                table = await self.get(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s cannot be loaded", table_id)
                continue
            if table.problem:
                log.error("table %s cannot be resumed: %s", table_id, table.problem)

    # -- loading and syncing ----------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
        """The live table, loaded from the database on first use. :raises ApiError: not_found."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
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
        self.kick(table)
        return table

    async def _load(self, table_id: str) -> LiveTable:
        loaded = await self.db(self.storage.load, table_id) if len(table_id) <= 32 else None
        if loaded is None:
            raise ApiError("not_found", f"no table {table_id!r}")
        row, seats, moves = loaded
        table = LiveTable(row, seats)
        await self._replay_into(table, moves, row.damage or record_problem(row, moves))
        await self._settle(table)
        self.tables[table_id] = table
        return table

    async def _replay_into(self, table: LiveTable, moves: list[Any], problem: str | None) -> None:
        """Replay `moves` in a worker and install the result; a record that cannot be read or does
        not replay (in time, in memory) is installed as broken with the reason."""
        row = table.row
        replayed: jobs.Replayed | None = None
        if problem is None:
            try:
                replayed = await self.work.run(jobs.replay_moves, row.game, row.rules_version, row.players,
                                               row.seed, row.options, [(m.seat, m.move) for m in moves])
                problem = replayed.problem
            except WorkFailed as err:
                problem = f"the record could not be replayed: {err}"
            except ParlorError as err:
                problem = f"the record could not be replayed: {err}"
        table.install(replayed, moves, problem)

    async def _settle(self, table: LiveTable) -> None:
        """Store what replay found: a problem (reported, record untouched) or an unmarked end."""
        if table.problem != table.row.problem:
            table.row.problem = table.problem
            await self.db(self.storage.set_problem, table.id, table.problem)
        if table.state is not None and table.status == RUNNING and table.state.is_over():
            table.row.status = FINISHED
            table.row.result = table.state.result().to_json()
            await self.db(self.storage.mark_finished, table.id, table.row.result)

    async def sync_locked(self, table: LiveTable) -> None:
        """Catch up with the database (moves, seats, undos made elsewhere). Hold `table.lock`."""
        loaded = await self.db(self.storage.load, table.id, table.index)
        if loaded is None:
            return
        row, seats, moves = loaded
        if row.epoch != table.epoch or row.move_count < table.index:
            full = await self.db(self.storage.load, table.id, 0)
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

    async def remote_changed(self, table_id: str, what: str = "table") -> None:
        """Another process changed this table (or wrote in its chat): re-read it, tell our clients.
        A table being loaded here is re-read once loaded (the load may have read the database before
        that change)."""
        table = self.tables.get(table_id)
        if table is None:
            loading = self._loading.get(table_id)
            if loading is None:
                return
            try:
                table = await asyncio.shield(loading)
            except Exception:
                return
        if what == "chat":
            from .chat import pull_chat

            await pull_chat(self, table)
            return
        async with table.lock:
            await self.sync_locked(table)
        self.changed(table, publish=False)

    async def seat_for_token(self, table: LiveTable, token: str) -> int | None:
        """The seat `token` opens. With other processes, the one that just gave the seat out may not
        have told us yet (the player's next request can reach us first): read the seats again
        before saying no."""
        seat = table.seat_for_token(token)
        if seat is None and self.fanout is not None:
            async with table.lock:
                await self.sync_locked(table)
            seat = table.seat_for_token(token)
        return seat

    def changed(self, table: LiveTable, publish: bool = True) -> None:
        for conn in list(table.conns):
            if not table.holds_seat(conn):
                self._revoke(table, conn)
            else:
                conn.push_state()
        self.kick(table)
        if publish and self.fanout is not None:
            self.spawn(self.fanout.publish(table.id))

    # -- tables ------------------------------------------------------------------------------
    async def create(self, game_id: str, players: int, options: dict[str, Any],
                     seats: list[tuple[str, str]], clock: float | None) -> tuple[LiveTable, str]:
        """A new table and its host token (shown once); `seats` lists (kind, level) with kind `open`
        or `bot`. The setup runs in a worker: options it refuses, or that make it too slow or too
        large, refuse the table with the reason."""
        game = get_game(game_id)
        made = options_to_json(game.make_options(options))
        if len(seats) != players:
            raise BadOptions(f"the table has {players} seats but {len(seats)} were described")
        for kind, level in seats:
            if kind == "bot":
                check_level(level)
        if clock is not None and not self.settings.min_clock <= clock <= self.settings.max_clock:
            raise BadOptions(f"clock must be between {self.settings.min_clock:g} and "
                             f"{self.settings.max_clock:g} seconds per decision")
        seed = secrets.randbits(62)
        try:
            state: State = await self.work.run(jobs.prepare, game.id, players, seed, made)
        except WorkFailed as err:
            raise BadOptions(f"these options cannot be set up: {err}") from None
        now = time.time()
        host = new_token()
        status = RUNNING if all(kind == "bot" for kind, _ in seats) else OPEN
        row = TableRow(secrets.token_urlsafe(9), game.id, game.rules_version, made, players, seed, status,
                       clock, 0, 0, None, None, now, now, hash_token(host))
        rows = [SeatRow(i, kind, level if kind == "bot" else None, last_seen=now)
                for i, (kind, level) in enumerate(seats)]
        await self.db(self.storage.create_table, row, rows)
        table = LiveTable(row, rows)
        table.install(jobs.Replayed(state), [])
        self.tables[row.id] = table
        self.kick(table)
        return table, host

    async def reseat(self, table: LiveTable) -> None:
        """Re-read the seats (after a join, leave or hand-over) and tell everyone."""
        async with table.lock:
            await self.sync_locked(table)
        self.changed(table)

    async def set_away(self, table: LiveTable, seat: int, away: bool) -> None:
        async with table.lock:
            if table.seats[seat].away == away:
                return
            await self.db(self.storage.set_away, table.id, seat, away)
            table.seats[seat].away = away
            table.last_seen[seat] = time.time()
            table.forget_views()
        self.changed(table)

    # -- moves -------------------------------------------------------------------------------
    async def submit(self, table: LiveTable, seat: int | None, index: int, move: Any, by: str = "player",
                     epoch: int | None = None) -> None:
        """Validate and store one move, then push it.

        :raises StaleIndex: `index` is not the table's move count (or another move won the race).
        :raises NotYourTurn, BadMove, IllegalMove: nothing changes.
        """
        if seat is None:
            raise NotYourTurn("spectators cannot move")
        async with table.lock:
            if table.problem or table.state is None or table.game is None:
                raise ApiError("bad_record", f"this table's record does not replay: {table.problem}")
            if table.status == OPEN:
                raise NotYourTurn("the game has not started: some seats are still open")
            if table.status == FINISHED:
                raise NotYourTurn("the game is over")
            if (epoch is not None and epoch != table.epoch) or index != table.index:
                raise StaleIndex(f"move index {index} is stale: the table is at move {table.index}")
            if by == "player" and not table.plays_for_itself(seat):
                raise NotYourTurn("a bot plays this seat for you now: take the seat back first")
            parsed = move if isinstance(move, Move) else table.game.move_from_json(move)
            before = table.state
            after = before.clone()
            try:
                events = after.play(seat, parsed)
                result = after.result().to_json() if after.is_over() else None
            except ParlorError:
                raise
            except Exception:
                log.exception("table %s: the %s engine failed on move %d (%s)", table.id, table.game.id,
                              index, parsed)
                raise ApiError("server_error", "the game engine failed on this move; it was not played") \
                    from None
            write = MoveWrite(table.id, index, seat, parsed.to_json(), by, result)
            stored = await self.moves_out.append(write)
            if not stored:
                await self.sync_locked(table)
                self.changed(table, publish=False)
                raise StaleIndex(f"move index {index} was taken by another move; the table is at move "
                                 f"{table.index}")
            table.apply(seat, parsed, events, before, after, by, result)
        self.changed(table)
        if by == "player" and table.seats[seat].away:
            await self.set_away(table, seat, False)

    async def undo(self, table: LiveTable, seat: int) -> None:
        """Take back the last move, which must be `seat`'s own (BGA's rule: `undo_refusal`).

        :raises UndoRefused: with the sentence that says why not.
        """
        async with table.lock:
            reason = table.undo_refusal(seat)
            if reason is not None:
                raise UndoRefused(reason)
            keep = table.index - 1
            if not await self.db(self.storage.undo, table.id, table.index, keep):
                await self.sync_locked(table)
                raise StaleIndex(f"the table moved on to move {table.index}; ask again")
            table.row.epoch += 1
            if not table.take_back():
                await self.sync_locked(table)
        self.changed(table)

    def kick(self, table: LiveTable) -> None:
        """Make sure a bot task runs if a bot must decide for this table."""
        if table.bot_turn() is None:
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.create_task(self._play_bots(table), name=f"parlor-bots-{table.id}")

    async def _play_bots(self, table: LiveTable) -> None:
        delay = self.settings.bot_delay
        while True:
            turn = table.bot_turn()
            if turn is None or table.state is None or table.game is None:
                return
            seat, level, why = turn
            index, epoch = table.index, table.epoch
            if delay > 0:
                await asyncio.sleep(delay)
                if (table.index, table.epoch) != (index, epoch) or table.bot_turn() != turn:
                    continue
            if self.fanout is not None and not await self.fanout.claim(f"{table.id}:{epoch}:{index}:{seat}"):
                return  # another process thinks for this decision; its move will reach us
            if table.state is None or (table.index, table.epoch) != (index, epoch):
                continue
            try:
                move = await self.bots.choose(table.game, table.state, seat, level, table.row.seed, index)
                await self.submit(table, seat, index, move, why, epoch)
            except (StaleIndex, NotYourTurn):
                continue
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("bot %s for table %s seat %d failed at move %d", level, table.id, seat, index)
                return

    # -- connections -------------------------------------------------------------------------
    async def attach(self, table: LiveTable, conn: Conn) -> None:
        table.conns.add(conn)
        table.active_at = time.monotonic()
        conn.writer = asyncio.create_task(self._write(table, conn))
        conn.push_state()
        from .chat import send_recent_chat

        self.spawn(send_recent_chat(self, table, conn))
        if conn.seat is not None:
            table.presence[conn.seat] = table.presence.get(conn.seat, 0) + 1
            now = table.last_seen[conn.seat] = time.time()
            table.forget_views()
            self.changed(table)  # everyone sees the seat connected
            self.spawn(self._touch(table, conn.seat, now, live=True))
            if table.seats[conn.seat].away:
                await self.set_away(table, conn.seat, False)

    async def _touch(self, table: LiveTable, seat: int, now: float, live: bool) -> None:
        try:
            await self.db(self.storage.touch, table.id, [seat], now, live)
        except Exception:
            log.exception("could not record the connection of seat %d of %s", seat, table.id)

    def _revoke(self, table: LiveTable, conn: Conn) -> None:
        """The seat changed hands: this connection sees nothing more and is closed."""
        conn.revoked = True
        table.conns.discard(conn)
        if conn.seat is not None:
            table.presence[conn.seat] = max(0, table.presence.get(conn.seat, 0) - 1)
        conn.outbox.clear()
        conn.dirty = False
        conn.wake.set()  # the writer says why and closes the socket

    async def detach(self, table: LiveTable, conn: Conn) -> None:
        conn.closed = True
        conn.wake.set()
        table.active_at = time.monotonic()
        if conn.revoked or conn not in table.conns:
            return
        table.conns.discard(conn)
        if conn.seat is not None:
            left = table.presence[conn.seat] = max(0, table.presence.get(conn.seat, 0) - 1)
            now = table.last_seen[conn.seat] = time.time()
            if left == 0:
                table.live_at[conn.seat] = 0.0
            await self._touch(table, conn.seat, now, live=left > 0)
            table.forget_views()
            self.changed(table)

    async def _write(self, table: LiveTable, conn: Conn) -> None:
        """Send queued messages, then the newest state; a slow client only ever gets the latest."""
        try:
            while not conn.closed:
                await conn.wake.wait()
                conn.wake.clear()
                if conn.revoked:
                    conn.closed = True
                    await conn.ws.send_text(dumps({
                        "type": "error", "code": "bad_token", "index": None,
                        "message": "this seat's token no longer opens it (the seat was left or given away)"}))
                    await conn.ws.close(code=1008, reason="bad_token")
                    return
                messages, conn.outbox = conn.outbox, []
                if conn.dirty and not conn.closed:
                    conn.dirty = False
                    try:
                        messages.append(table.state_message(conn, self.heartbeat))
                    except Exception:
                        log.exception("table %s: cannot build the state for seat %s", table.id, conn.seat)
                        messages.append({"type": "error", "code": "server_error", "index": None,
                                         "message": "the server could not build this position"})
                for message in messages:
                    await conn.ws.send_text(dumps(message))
                if conn.ending:
                    conn.closed = True
                    await conn.ws.close(code=1008, reason="gone")
                    return
        except asyncio.CancelledError:
            raise
        except Exception:  # the client went away while we were sending
            conn.closed = True


__all__ = ["Hub"]
