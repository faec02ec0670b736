"""Storage: the tables, seats, moves and chat in SQLite or PostgreSQL, through SQLAlchemy 2 Core.

Every method is synchronous and short; the hub calls them on worker threads. Writes that can race
(appending a move, claiming a seat, undoing) are single transactions whose WHERE clause names the
state they expect, so exactly one of two racing writers succeeds, in one process or several.

Reading never fails on a damaged row (`rows.py` reads them: a column that is not valid JSON is read
as empty and the damage reported), so one broken table cannot stop the server from starting or the
lobby from listing the others. The statements a game runs most (opening a table, a join, reading a
table, a move's write) are built once and run on the driver's own cursor (statements.py).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, and_, create_engine, delete, event, exists, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from . import schema
from .rows import (
    FINISHED,
    OPEN,
    RUNNING,
    ChatRow,
    Loaded,
    MoveRow,
    MoveWrite,
    SeatRow,
    TableRow,
    move_row,
    seat_row,
    table_row,
)
from .statements import (
    ADD_MOVE,
    ADD_SEATS,
    ADD_TABLE,
    CLAIM_SEAT,
    COUNT_LAST_MOVE,
    COUNT_MOVE,
    COUNT_OPEN_SEATS,
    MOVES_SINCE,
    SEATS,
    START,
    TABLE,
    TOUCH_SEATS,
    TOUCH_TABLE,
    DriverStatement,
    driver_cursor,
    sqlite_pragmas,
)

CHECKPOINT_COMMITS = 200  # the loop's commits between two checkpoints of SQLite's log (a few pages each)


class NotNow(Exception):
    """The event loop's connection cannot write now (another process holds SQLite's write lock, or
    the batch must go move by move): nothing was written; a database thread writes it instead."""


class Storage:
    """One engine per server process; `migrate()` brings the schema up to date."""

    def __init__(self, url: str) -> None:
        self.url = url
        if url.startswith("sqlite"):
            path = url.split("///", 1)[-1]
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            self.engine: Engine = create_engine(url, connect_args={"check_same_thread": False,
                                                                   "timeout": 30})
            event.listen(self.engine, "connect", sqlite_pragmas)
            # SQLite takes one writer at a time and makes the others sleep and retry; queueing our
            # own threads here instead keeps a busy server from sleeping in that retry loop.
            # (reentrant: the event loop holds it around a write of its own, `writing_here`)
            self._write_lock: threading.RLock | None = threading.RLock()
        else:
            self.engine = create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)
            self._write_lock = None
        dialect = self.engine.dialect
        self._count_move = DriverStatement(COUNT_MOVE, dialect)
        self._count_last_move = DriverStatement(COUNT_LAST_MOVE, dialect)
        self._add_move = DriverStatement(ADD_MOVE, dialect)
        self._add_table = DriverStatement(ADD_TABLE, dialect)
        self._add_seats = DriverStatement(ADD_SEATS, dialect)
        self._claim_seat = DriverStatement(CLAIM_SEAT, dialect)
        self._count_open_seats = DriverStatement(COUNT_OPEN_SEATS, dialect)
        self._start = DriverStatement(START, dialect)
        self._touch_table = DriverStatement(TOUCH_TABLE, dialect)
        self._table = DriverStatement(TABLE, dialect)
        self._seats = DriverStatement(SEATS, dialect)
        self._moves_since = DriverStatement(MOVES_SINCE, dialect)
        self._driver_integrity_error: type[Exception] = dialect.loaded_dbapi.IntegrityError
        self._on_loop: Any = None  # SQLite: the event loop's own connection (`_loop_connection`)
        self._loop_commits = 0     # its commits since the last checkpoint

    @property
    def is_sqlite(self) -> bool:
        return self._write_lock is not None

    def _loop_connection(self) -> Any:
        """SQLite's connection for the event loop's own writes (`append_moves(on_loop=True)`), made
        once and kept out of the pool. It never checkpoints the log itself: a checkpoint syncs the
        files, which would stop the loop; `checkpoint` does it on a database thread instead."""
        if self._on_loop is None:
            connection = self.engine.raw_connection()
            connection.detach()  # ours alone: its setting below never reaches the pool's connections
            cursor = connection.cursor()
            cursor.execute("PRAGMA wal_autocheckpoint=0")
            # another process (`--workers`) holding SQLite's write lock makes the loop's write fail
            # at once (`NotNow`) instead of stopping the loop while it waits: a thread waits instead
            cursor.execute("PRAGMA busy_timeout=0")
            cursor.close()
            self._on_loop = connection
        return self._on_loop

    def checkpoint_due(self) -> bool:
        """True once every `CHECKPOINT_COMMITS` of the loop's commits: the caller then has
        `checkpoint` run on a database thread."""
        if self._loop_commits < CHECKPOINT_COMMITS:
            return False
        self._loop_commits = 0
        return True

    def checkpoint(self) -> None:
        """Copy SQLite's log into the database (without waiting for readers or writers: PASSIVE)."""
        with self._driver_transaction() as cursor:
            cursor.execute("PRAGMA wal_checkpoint(PASSIVE)")

    @contextlib.contextmanager
    def _driver_transaction(self, kept: Any = None) -> Iterator[Any]:
        """A cursor of the driver's own in a transaction on a pooled connection, committed by the
        driver when the block ends (rolled back when it raises), without SQLAlchemy's connection
        and transaction objects and their events: a one-move write took 80 to 120 µs of a database
        thread's CPU through `engine.begin()`, 43 this way (SQLite, in process), time that thread
        holds the GIL the event loop needs. The pool still checks the connection out and in (and
        pings it first on PostgreSQL). `kept`: a connection of our own to use instead."""
        connection = kept if kept is not None else self.engine.raw_connection()
        try:
            cursor = connection.cursor()
            try:
                yield cursor
            except BaseException:
                connection.rollback()
                raise
            finally:
                cursor.close()
            connection.commit()
            if kept is not None:
                self._loop_commits += 1
        finally:
            if kept is None:
                connection.close()  # back to the pool

    @contextlib.contextmanager
    def writing_here(self) -> Iterator[bool]:
        """SQLite: hold the write lock if it is free now (True), never waiting for it (False: a
        database thread is writing, perhaps checkpointing the log and syncing the files, and the
        event loop must not wait for that; its write then goes to a thread too)."""
        if self._write_lock is None or not self._write_lock.acquire(blocking=False):
            yield False
            return
        try:
            yield True
        finally:
            self._write_lock.release()

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        if self._write_lock is None:
            yield
        else:
            with self._write_lock:
                yield

    def migrate(self) -> None:
        cfg = Config()
        cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def close(self) -> None:
        if self._on_loop is not None:
            self._on_loop.close()
            self._on_loop = None
        self.engine.dispose()

    # -- tables ------------------------------------------------------------------------------
    def create_table(self, row: TableRow, seat_rows: list[SeatRow]) -> None:
        with self._writing(), self._driver_transaction() as cursor:
            self._add_table.run(cursor, {
                "id": row.id, "game": row.game, "rules_version": row.rules_version,
                "options": json.dumps(row.options), "players": row.players, "seed": row.seed,
                "status": row.status, "clock": row.clock, "move_count": 0, "epoch": 0, "result": None,
                "problem": None, "created_at": row.created_at, "updated_at": row.updated_at,
                "host_hash": row.host_hash, "next_table": None})
            self._add_seats.run_many(cursor, [
                {"table_id": row.id, "seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name,
                 "token_hash": s.token_hash, "away": False, "last_seen": s.last_seen, "handed": False,
                 "live_at": None}
                for s in seat_rows])

    def get_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(TABLE, {"table": table_id}).first()
        return table_row(row._mapping) if row is not None else None

    def get_seats(self, table_id: str) -> list[SeatRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(SEATS, {"table": table_id}).all()
        return [seat_row(r._mapping) for r in rows]

    def get_moves(self, table_id: str, since: int = 0) -> list[MoveRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(MOVES_SINCE, {"table": table_id, "since": since}).all()
        return [move_row(r._mapping) for r in rows]

    def load(self, table_id: str, since: int = 0) -> Loaded | None:
        """A table, its seats and its moves from `since`, read in one transaction."""
        with self._driver_transaction() as cursor:
            return self._read(cursor, table_id, since)

    def load_with_chat(self, table_id: str, lines: int) -> tuple[Loaded, list[ChatRow]] | None:
        """A whole table (as `load`) and its last `lines` chat lines, in one transaction."""
        with self.engine.begin() as conn:
            with driver_cursor(conn) as cursor:
                loaded = self._read(cursor, table_id, 0)
            return None if loaded is None else (loaded, _chat(conn, table_id, 0, lines))

    def list_tables(self, statuses: tuple[str, ...], offset: int = 0, limit: int = 20,
                    ids: tuple[str, ...] | None = None) -> tuple[list[tuple[TableRow, list[SeatRow]]], int]:
        """One page of tables with these statuses (of `ids` only, if given), most recently active first,
        and their number."""
        t = schema.tables.c
        wanted = t.status.in_(statuses) if ids is None else and_(t.status.in_(statuses), t.id.in_(ids))
        with self.engine.connect() as conn:
            total = int(conn.execute(select(func.count()).select_from(schema.tables)
                                     .where(wanted)).scalar_one())
            rows = conn.execute(select(schema.tables).where(wanted)
                                .order_by(t.updated_at.desc(), t.id).offset(offset).limit(limit)).all()
            found = [r.id for r in rows]
            seat_rows = conn.execute(select(schema.seats).where(schema.seats.c.table_id.in_(found))
                                     .order_by(schema.seats.c.seat)).all() if found else []
        by_table: dict[str, list[SeatRow]] = {}
        for r in seat_rows:
            by_table.setdefault(r.table_id, []).append(seat_row(r._mapping))
        return [(table_row(r._mapping), by_table.get(r.id, [])) for r in rows], total

    def expire_open_tables(self, before: float, ours: Callable[[str], bool] = lambda _id: True) -> list[str]:
        """Delete open tables created before `before` that no player ever joined (their seats, with
        the chat, go with them), of those whose id `ours` accepts; their ids."""
        t, s = schema.tables.c, schema.seats.c
        joined = exists().where(and_(s.table_id == t.id, s.kind == "human"))
        with self._writing(), self.engine.begin() as conn:
            ids = [r.id for r in conn.execute(select(t.id).where(
                t.status == OPEN, t.created_at < before, ~joined)).all() if ours(r.id)]
            if ids:
                for part in (schema.chat, schema.moves, schema.seats):
                    conn.execute(delete(part).where(part.c.table_id.in_(ids)))
                conn.execute(delete(schema.tables).where(t.id.in_(ids)))
        return ids

    def running_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(schema.tables.c.id).where(schema.tables.c.status == RUNNING)).all()
        return [r.id for r in rows]

    def set_next_table(self, table_id: str, next_id: str) -> str | None:
        """Record the table that plays `table_id` again, unless one already is: the one recorded."""
        t = schema.tables.c
        with self._writing(), self.engine.begin() as conn:
            conn.execute(update(schema.tables).where(t.id == table_id, t.next_table.is_(None))
                         .values(next_table=next_id))
            found = conn.execute(select(t.next_table).where(t.id == table_id)).scalar_one_or_none()
        return str(found) if found is not None else None

    # -- moves -------------------------------------------------------------------------------
    def append_move(self, table_id: str, idx: int, seat: int, move: dict[str, Any], by: str,
                    result: dict[str, Any] | None = None) -> bool:
        """Append move `idx` in one transaction; False when another move took that index first.

        With `result` the same transaction also marks the table finished.
        """
        return self.append_moves([MoveWrite(table_id, idx, seat, move, by, result)])[0]

    def append_moves(self, writes: list[MoveWrite], on_loop: bool = False) -> list[bool]:
        """Append moves of several tables in one transaction (a group commit: one commit for all).

        Each is guarded as `append_move` is (False: another move took its index first) and goes in
        or not on its own. A row that collides with a stored one rolls the whole batch back; each
        move is then written in its own transaction, so one damaged table cannot refuse the others.
        `on_loop` (SQLite only): called on the event loop, on the loop's own connection.
        """
        now = time.time()
        # tables in one order in every process, so that two batches never wait on each other's rows
        order = sorted(range(len(writes)), key=lambda i: writes[i].table_id)
        stored = [False] * len(writes)
        try:
            with self._writing():
                kept = self._loop_connection() if on_loop else None
                with self._driver_transaction(kept) as cursor:
                    for i in order:
                        stored[i] = self._append(cursor, writes[i], now)
            return stored
        except (IntegrityError, self._driver_integrity_error):
            if len(writes) == 1:
                return [False]
            if on_loop:  # one transaction per move is the thread's work (each may wait for the lock)
                raise NotNow("a collision in the batch: write it move by move") from None
        except sqlite3.OperationalError as err:
            if on_loop and err.sqlite_errorcode & 0xFF == sqlite3.SQLITE_BUSY:
                self._loop_connection().rollback()  # whatever failed, the loop's connection is left clean
                raise NotNow("another process holds SQLite's write lock") from None
            raise
        return [self.append_moves([write])[0] for write in writes]

    def _append(self, cursor: Any, write: MoveWrite, now: float) -> bool:
        """Append one move inside an open transaction if its table still expects that index."""
        expected = {"table_id": write.table_id, "index": write.idx, "count": write.idx + 1, "now": now}
        if write.result is None:
            changed = self._count_move.run(cursor, expected)
        else:
            changed = self._count_last_move.run(cursor, {**expected, "outcome": json.dumps(write.result)})
        if changed != 1:
            return False
        self._add_move.run(cursor, {"table_id": write.table_id, "index": write.idx, "mover": write.seat,
                                    "data": json.dumps(write.move), "maker": write.by, "now": now})
        return True

    def mark_finished(self, table_id: str, result: dict[str, Any]) -> None:
        with self._writing(), self.engine.begin() as conn:
            conn.execute(update(schema.tables).where(schema.tables.c.id == table_id).values(
                status=FINISHED, result=json.dumps(result), updated_at=time.time()))

    def undo(self, table_id: str, expected: int, keep: int) -> bool:
        """Drop moves from `keep` on, if the table still has `expected` moves; bumps the epoch."""
        t = schema.tables.c
        with self._writing(), self.engine.begin() as conn:
            changed = conn.execute(update(schema.tables).where(
                t.id == table_id, t.move_count == expected, t.status == RUNNING).values(
                move_count=keep, epoch=t.epoch + 1, updated_at=time.time())).rowcount
            if changed != 1:
                conn.rollback()
                return False
            conn.execute(delete(schema.moves).where(schema.moves.c.table_id == table_id,
                                                    schema.moves.c.idx >= keep))
        return True

    def set_problem(self, table_id: str, problem: str | None) -> None:
        with self._writing(), self.engine.begin() as conn:
            conn.execute(update(schema.tables).where(schema.tables.c.id == table_id).values(problem=problem))

    # -- seats -------------------------------------------------------------------------------
    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Give an open seat to a player; starts the table once no seat is open. False: taken."""
        with self._writing(), self._driver_transaction() as cursor:
            return self._claim(cursor, table_id, seat, name, token_hash)

    def claim_seat_and_read(self, table_id: str, seat: int, name: str, token_hash: str,
                            since: int) -> Loaded | None:
        """`claim_seat`, then the table as `load(table_id, since)` reads it, in one transaction (the
        claim is committed when this returns). None: the seat is not open."""
        with self._writing(), self._driver_transaction() as cursor:
            if not self._claim(cursor, table_id, seat, name, token_hash):
                return None
            return self._read(cursor, table_id, since)

    def release_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        """The player leaves: the seat is open again (a bot plays it while the game runs)."""
        s = schema.seats.c
        with self._writing(), self.engine.begin() as conn:
            changed = conn.execute(update(schema.seats).where(
                s.table_id == table_id, s.seat == seat, s.token_hash == token_hash).values(
                kind="open", name=None, token_hash=None, away=False, handed=False, level=None)).rowcount
            conn.execute(update(schema.tables).where(schema.tables.c.id == table_id)
                         .values(updated_at=time.time()))
        return changed == 1

    def free_bot_seat(self, table_id: str, seat: int) -> bool:
        """The host opens a bot's seat again for a player to join. False: not a bot seat."""
        s = schema.seats.c
        with self._writing(), self.engine.begin() as conn:
            changed = conn.execute(update(schema.seats).where(
                s.table_id == table_id, s.seat == seat, s.kind == "bot").values(
                kind="open", level=None)).rowcount
            conn.execute(update(schema.tables).where(schema.tables.c.id == table_id)
                         .values(updated_at=time.time()))
        return changed == 1

    def seat_to_bot(self, table_id: str, seat: int, level: str) -> bool:
        """The host gives an open seat to a bot; starts the table once no seat is open."""
        now = time.time()
        s = schema.seats.c
        with self._writing(), self.engine.begin() as conn:
            changed = conn.execute(update(schema.seats).where(
                s.table_id == table_id, s.seat == seat, s.kind == "open").values(
                kind="bot", level=level, name=None, token_hash=None, away=False, handed=False)).rowcount
            if changed != 1:
                conn.rollback()
                return False
            with driver_cursor(conn) as cursor:
                self._start_if_full(cursor, table_id, now)
        return True

    def hand_over(self, table_id: str, seat: int, token_hash: str, level: str | None) -> bool:
        """A player lets a bot of `level` play their seat (None: takes it back); the seat stays
        theirs. False: the token does not open the seat."""
        s = schema.seats.c
        with self._writing(), self.engine.begin() as conn:
            changed = conn.execute(update(schema.seats).where(
                s.table_id == table_id, s.seat == seat, s.kind == "human", s.token_hash == token_hash
            ).values(handed=level is not None, level=level)).rowcount
            conn.execute(update(schema.tables).where(schema.tables.c.id == table_id)
                         .values(updated_at=time.time()))
        return changed == 1

    def set_away(self, table_id: str, seat: int, away: bool) -> None:
        s = schema.seats.c
        with self._writing(), self.engine.begin() as conn:
            conn.execute(update(schema.seats).where(s.table_id == table_id, s.seat == seat)
                         .values(away=away, last_seen=time.time()))

    def touch(self, table_id: str, seat_numbers: list[int], now: float, live: bool = True) -> None:
        """Record that these seats' players were here now: connected (a heartbeat for the other
        processes), or, with `live` False, just gone."""
        with self._writing(), self.engine.begin() as conn:
            conn.execute(TOUCH_SEATS, {"table": table_id, "seat_numbers": seat_numbers, "now": now,
                                        "live": now if live else 0.0})

    # -- chat --------------------------------------------------------------------------------
    def add_chat(self, table_id: str, at: float, seat: int | None, name: str, text: str) -> ChatRow:
        with self._writing(), self.engine.begin() as conn:
            key = conn.execute(insert(schema.chat).values(
                table_id=table_id, at=at, seat=seat, name=name, text=text)).inserted_primary_key
        assert key is not None
        return ChatRow(int(key[0]), at, seat, name, text)

    def chat(self, table_id: str, after: int = 0, limit: int = 100) -> list[ChatRow]:
        """The last `limit` messages of a table with an id above `after`, oldest first."""
        with self.engine.connect() as conn:
            return _chat(conn, table_id, after, limit)

    # -- the opening's statements on the driver's cursor, inside an open transaction ------------
    def _start_if_full(self, cursor: Any, table_id: str, now: float) -> None:
        """Start the table once no seat is open, and mark it changed."""
        (still_open,) = self._count_open_seats.first_row(cursor, {"table": table_id}) or (1,)
        if still_open == 0 and self._start.run(cursor, {"table": table_id, "now": now}) == 1:
            return  # starting it marked it changed
        self._touch_table.run(cursor, {"table": table_id, "now": now})

    def _claim(self, cursor: Any, table_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Give an open seat to a player (False, and nothing written, when the seat is not open);
        starts the table once no seat is open."""
        now = time.time()
        changed = self._claim_seat.run(cursor, {"table": table_id, "seat_no": seat, "player": name,
                                                "hashed": token_hash, "now": now})
        if changed != 1:
            return False
        self._start_if_full(cursor, table_id, now)
        return True

    def _read(self, cursor: Any, table_id: str, since: int) -> Loaded | None:
        """A table, its seats and its moves from `since`."""
        found = self._table.mappings(cursor, {"table": table_id})
        if not found:
            return None
        seat_rows = self._seats.mappings(cursor, {"table": table_id})
        move_rows = self._moves_since.mappings(cursor, {"table": table_id, "since": since})
        table = table_row(found[0])
        # a move committed between the two reads (PostgreSQL reads committed data per statement)
        # belongs to the next load: keep those the table row counts
        return (table, [seat_row(r) for r in seat_rows],
                [move_row(r) for r in move_rows if r["idx"] < table.move_count])


def _chat(conn: Any, table_id: str, after: int, limit: int) -> list[ChatRow]:
    c = schema.chat.c
    rows = conn.execute(select(schema.chat).where(c.table_id == table_id, c.id > after)
                        .order_by(c.id.desc()).limit(limit)).all()
    return [ChatRow(r.id, r.at, r.seat, r.name, r.text) for r in reversed(rows)]
