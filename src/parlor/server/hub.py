"""The hub: every live table of this process, the only code that changes them.

A change is written to the database first (one transaction, guarded by the index it expects),
then applied in memory, then pushed to this process's connections and announced to the other
processes over Redis. Each table has an asyncio lock so its changes happen one at a time here;
the database settles races with other processes. Bots, clocks and abandonment run as tasks.
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
    UndoRefused,
    get_game,
    options_to_json,
    undo,
)

from .bots import BotRunner, check_level
from .errors import ApiError
from .fanout import Fanout
from .live import Conn, LiveTable, dumps
from .security import hash_token, new_token
from .settings import Settings
from .storage import FINISHED, OPEN, RUNNING, SeatRow, Storage, TableRow

T = TypeVar("T")
log = logging.getLogger("parlor.server")
NAME_LIMIT = 40


class Hub:
    def __init__(self, settings: Settings, storage: Storage) -> None:
        self.settings = settings
        self.storage = storage
        self.tables: dict[str, LiveTable] = {}
        self.bots = BotRunner(settings.bot_threads, settings.bot_seconds)
        self.fanout: Fanout | None = None
        self._db_pool = ThreadPoolExecutor(max_workers=max(1, settings.db_threads),
                                           thread_name_prefix="parlor-db")
        self._load_lock = asyncio.Lock()
        self._ticker: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a storage call on a worker thread."""
        return await asyncio.get_running_loop().run_in_executor(self._db_pool, partial(fn, *args))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- life cycle --------------------------------------------------------------------------
    async def start(self) -> None:
        await self.db(self.storage.migrate)
        if self.settings.redis_url:
            self.fanout = Fanout(self.settings.redis_url, self.settings.instance, self.remote_changed)
            await self.fanout.start()
        await self.recover()
        self._ticker = asyncio.create_task(self._tick_forever(), name="parlor-ticker")

    async def stop(self) -> None:
        tasks = [t for t in [self._ticker, *(lt.bot_task for lt in self.tables.values()), *self._tasks]
                 if t is not None]
        for conn in [c for t in self.tables.values() for c in t.conns]:
            if conn.writer is not None:
                tasks.append(conn.writer)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.fanout is not None:
            await self.fanout.close()
        self.bots.close()
        self._db_pool.shutdown(wait=True)

    async def recover(self) -> None:
        """Rebuild every running table by replaying its record; report those that do not replay."""
        for table_id in await self.db(self.storage.running_ids):
            table = await self.get(table_id)
            if table.problem:
                log.error("table %s cannot be resumed: %s", table_id, table.problem)

    # -- loading and syncing ----------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
        """The live table, loaded from the database on first use. :raises ApiError: not_found."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        async with self._load_lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            loaded = await self.db(self.storage.load, table_id) if len(table_id) <= 32 else None
            if loaded is None:
                raise ApiError("not_found", f"no table {table_id!r}")
            row, seats, moves = loaded
            table = await self.db(LiveTable, row, seats, moves)  # replaying is work: off the loop
            await self._settle(table)
            self.tables[table_id] = table
        self.kick(table)
        return table

    async def _settle(self, table: LiveTable) -> None:
        """Store what replay found: a problem (reported, record untouched) or an unmarked end."""
        if table.problem != table.row.problem:
            table.row.problem = table.problem
            await self.db(self.storage.set_problem, table.id, table.problem)
        if table.state is not None and table.status == RUNNING and table.state.is_over():
            table.row.status = FINISHED
            table.row.result = table.state.result().to_json()
            await self.db(self.storage.mark_finished, table.id, table.row.result)

    async def _sync_locked(self, table: LiveTable) -> None:
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
            table.rebuild(moves)
        else:
            table.row = row
            table.extend(moves)
        table.set_seats(seats)
        await self._settle(table)

    async def remote_changed(self, table_id: str) -> None:
        """Another process changed this table: re-read it and tell our clients."""
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            await self._sync_locked(table)
        self.changed(table, publish=False)

    def changed(self, table: LiveTable, publish: bool = True) -> None:
        for conn in list(table.conns):
            if not table.holds_seat(conn):
                self._revoke(table, conn)
            else:
                conn.push_state()
        self.kick(table)
        if publish and self.fanout is not None:
            self._spawn(self.fanout.publish(table.id))

    # -- tables and seats --------------------------------------------------------------------
    async def create(self, game_id: str, players: int, options: dict[str, Any],
                     seats: list[tuple[str, str]], clock: float | None) -> LiveTable:
        """A new table; `seats` lists (kind, level) with kind `open` or `bot`."""
        game = get_game(game_id)
        made = game.make_options(options)
        seed = secrets.randbits(62)
        game.setup(players, seed, made)  # checks the player count and options
        if len(seats) != players:
            raise BadOptions(f"the table has {players} seats but {len(seats)} were described")
        for kind, level in seats:
            if kind == "bot":
                check_level(level)
        now = time.time()
        status = RUNNING if all(kind == "bot" for kind, _ in seats) else OPEN
        row = TableRow(secrets.token_urlsafe(9), game.id, game.rules_version, options_to_json(made), players,
                       seed, status, clock, 0, 0, None, None, now, now)
        rows = [SeatRow(i, kind, level if kind == "bot" else None, last_seen=now)
                for i, (kind, level) in enumerate(seats)]
        await self.db(self.storage.create_table, row, rows)
        return await self.get(row.id)

    async def join(self, table: LiveTable, seat: int, name: str) -> str:
        """Claim an open seat; returns the seat's token (shown once). :raises ApiError: seat_taken."""
        self._check_seat(table, seat)
        name = " ".join(name.split())
        if not name or len(name) > NAME_LIMIT or not name.isprintable():
            raise ApiError("bad_name", f"a display name is 1 to {NAME_LIMIT} printable characters")
        if table.status == FINISHED:
            raise ApiError("seat_taken", "the game is over")
        token = new_token()
        if not await self.db(self.storage.claim_seat, table.id, seat, name, hash_token(token)):
            raise ApiError("seat_taken", f"seat {seat} is not open")
        await self._reseat(table)
        return token

    async def leave(self, table: LiveTable, seat: int, token: str) -> None:
        if not await self.db(self.storage.release_seat, table.id, seat, hash_token(token)):
            raise ApiError("bad_token", "that token does not open this seat")
        await self._reseat(table)

    async def seat_to_bot(self, table: LiveTable, seat: int, level: str, token: str | None) -> None:
        self._check_seat(table, seat)
        check_level(level)
        ok = await self.db(self.storage.seat_to_bot, table.id, seat, level,
                           hash_token(token) if token is not None else None)
        if not ok:
            if token is not None:
                raise ApiError("bad_token", "that token does not open this seat")
            raise ApiError("seat_taken", f"seat {seat} belongs to a player; only they can give it to a bot")
        await self._reseat(table)

    async def _reseat(self, table: LiveTable) -> None:
        async with table.lock:
            await self._sync_locked(table)
        self.changed(table)

    def _check_seat(self, table: LiveTable, seat: int) -> None:
        if not 0 <= seat < table.row.players:
            raise ApiError("not_found", f"table {table.id} has seats 0 to {table.row.players - 1}")

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
            parsed = move if isinstance(move, Move) else table.game.move_from_json(move)
            after = table.state.clone()
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
            stored = await self.db(self.storage.append_move, table.id, index, seat, parsed.to_json(), by,
                                   result)
            if not stored:
                await self._sync_locked(table)
                self.changed(table, publish=False)
                raise StaleIndex(f"move index {index} was taken by another move; the table is at move "
                                 f"{table.index}")
            table.apply(seat, parsed, events, after, by, result)
        self.changed(table)
        if by == "player" and table.seats[seat].away:
            await self.set_away(table, seat, False)

    async def undo(self, table: LiveTable, seat: int) -> None:
        """Take back `seat`'s last move and the bots' moves after it (core.undo decides if allowed).

        :raises UndoRefused: no own move, another player moved since, or hidden information was revealed.
        """
        async with table.lock:
            if table.game is None or table.status != RUNNING or table.problem:
                raise UndoRefused("only a running game can take moves back")
            own = [i for i, (s, _) in enumerate(table.record.moves) if s == seat and table.by[i] == "player"]
            if not own:
                raise UndoRefused(f"seat {seat} has no move of its own to take back")
            last = own[-1]
            for i in range(last + 1, table.index):
                if table.by[i] == "player" and table.record.moves[i][0] != seat:
                    raise UndoRefused(f"seat {table.record.moves[i][0]} has moved since (move {i}); "
                                      "undo only takes back your own move and the bots' replies")
            undo(table.game, table.record, table.index - last)
            if not await self.db(self.storage.undo, table.id, table.index, last):
                await self._sync_locked(table)
                raise StaleIndex(f"the table moved on to move {table.index}; ask again")
            await self._sync_locked(table)
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
            except StaleIndex:
                continue
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("bot %s for table %s seat %d failed at move %d", level, table.id, seat, index)
                return

    # -- connections -------------------------------------------------------------------------
    async def attach(self, table: LiveTable, conn: Conn) -> None:
        table.conns.add(conn)
        conn.writer = asyncio.create_task(self._write(table, conn))
        conn.push_state()
        if conn.seat is not None:
            table.presence[conn.seat] = table.presence.get(conn.seat, 0) + 1
            table.last_seen[conn.seat] = time.time()
            if table.seats[conn.seat].away:
                await self.set_away(table, conn.seat, False)

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
        if conn.revoked or conn not in table.conns:
            return
        table.conns.discard(conn)
        if conn.seat is not None:
            table.presence[conn.seat] = max(0, table.presence.get(conn.seat, 0) - 1)
            now = time.time()
            table.last_seen[conn.seat] = now
            try:
                await self.db(self.storage.touch, table.id, [conn.seat], now)
            except Exception:
                log.exception("could not record that seat %d of %s left", conn.seat, table.id)

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
                        messages.append(table.state_message(conn))
                    except Exception:
                        log.exception("table %s: cannot build the state for seat %s", table.id, conn.seat)
                        messages.append({"type": "error", "code": "server_error",
                                         "message": "the server could not build this position"})
                for message in messages:
                    await conn.ws.send_text(dumps(message))
        except asyncio.CancelledError:
            raise
        except Exception:  # the client went away while we were sending
            conn.closed = True

    # -- clocks and abandonment --------------------------------------------------------------
    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.tick_seconds)
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("server tick failed")

    async def tick(self) -> None:
        """Heartbeats, per-decision clocks, abandoned seats; forget finished tables nobody watches."""
        now, mono = time.time(), time.monotonic()
        limit = self.settings.abandon_after
        for table in list(self.tables.values()):
            if table.status == FINISHED and not table.conns:
                if table.bot_task is None or table.bot_task.done():
                    del self.tables[table.id]
                continue
            if table.status != RUNNING or table.problem:
                continue
            present = [s for s, n in table.presence.items() if n > 0]
            for s in present:
                table.last_seen[s] = now
            if present and now - table.last_touch > limit / 3:
                table.last_touch = now
                await self.db(self.storage.touch, table.id, present, now)
            if table.row.clock:
                for s in table.actors():
                    seat = table.seats[s]
                    waited = mono - table.waiting_since.get(s, mono)
                    if seat.kind == "human" and not seat.away and s not in table.timed_out \
                            and waited > table.row.clock:
                        table.timed_out.add(s)
                        table.forget_views()
                        self.changed(table, publish=False)
            for seat in table.seats:
                if seat.kind != "human" or seat.away or table.presence.get(seat.seat, 0) > 0:
                    continue
                if now - table.last_seen.get(seat.seat, now) > limit:
                    await self._maybe_abandoned(table, seat.seat, now)
            self.kick(table)

    async def _maybe_abandoned(self, table: LiveTable, seat: int, now: float) -> None:
        fresh = {s.seat: s for s in await self.db(self.storage.get_seats, table.id)}
        row = fresh.get(seat)
        if row is None or row.kind != "human":
            return
        if row.last_seen is not None and now - row.last_seen <= self.settings.abandon_after:
            table.last_seen[seat] = row.last_seen  # connected to another process
            return
        log.info("table %s: seat %d is silent; a bot plays it until the player returns", table.id, seat)
        await self.set_away(table, seat, True)


__all__ = ["Hub"]
