"""Storage: the tables, seats and moves in SQLite or PostgreSQL, through SQLAlchemy 2 Core.

Every method is synchronous and short; the hub calls them on worker threads. Writes that can race
(appending a move, claiming a seat, undoing) are single transactions whose WHERE clause names the
state they expect, so exactly one of two racing writers succeeds, in one process or several.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, delete, event, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from . import schema

OPEN, RUNNING, FINISHED = "open", "running", "finished"


@dataclass
class TableRow:
    id: str
    game: str
    rules_version: str
    options: dict[str, Any]
    players: int
    seed: int
    status: str
    clock: float | None
    move_count: int
    epoch: int
    result: dict[str, Any] | None
    problem: str | None
    created_at: float
    updated_at: float


@dataclass
class SeatRow:
    seat: int
    kind: str                 # open | human | bot
    level: str | None = None
    name: str | None = None
    token_hash: str | None = None
    away: bool = False
    last_seen: float | None = None


@dataclass
class MoveRow:
    idx: int
    seat: int
    move: dict[str, Any]
    by: str


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
            event.listen(self.engine, "connect", _sqlite_pragmas)
            # SQLite takes one writer at a time and makes the others sleep and retry; queueing our
            # own threads here instead keeps a busy server from sleeping in that retry loop.
            self._write_lock: threading.Lock | None = threading.Lock()
        else:
            self.engine = create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)
            self._write_lock = None

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
        self.engine.dispose()

    # -- tables ------------------------------------------------------------------------------
    def create_table(self, row: TableRow, seat_rows: list[SeatRow]) -> None:
        with self._writing(), self.engine.begin() as conn:
            conn.execute(insert(schema.tables).values(
                id=row.id, game=row.game, rules_version=row.rules_version,
                options=json.dumps(row.options), players=row.players, seed=row.seed,
                status=row.status, clock=row.clock, move_count=0, epoch=0, result=None, problem=None,
                created_at=row.created_at, updated_at=row.updated_at))
            conn.execute(insert(schema.seats), [
                {"table_id": row.id, "seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name,
                 "token_hash": s.token_hash, "away": False, "last_seen": s.last_seen}
                for s in seat_rows])

    def get_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(schema.tables).where(schema.tables.c.id == table_id)).first()
        return _table_row(row._mapping) if row is not None else None

    def get_seats(self, table_id: str) -> list[SeatRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(schema.seats).where(schema.seats.c.table_id == table_id)
                                .order_by(schema.seats.c.seat)).all()
        return [_seat_row(r._mapping) for r in rows]

    def get_moves(self, table_id: str, since: int = 0) -> list[MoveRow]:
        m = schema.moves.c
        with self.engine.connect() as conn:
            rows = conn.execute(select(schema.moves).where(m.table_id == table_id, m.idx >= since)
                                .order_by(m.idx)).all()
        return [MoveRow(r.idx, r.seat, json.loads(r.move), r.by) for r in rows]

    def load(self, table_id: str, since: int = 0
             ) -> tuple[TableRow, list[SeatRow], list[MoveRow]] | None:
        """A table, its seats and its moves from `since`, read in one transaction."""
        with self.engine.begin() as conn:
            row = conn.execute(select(schema.tables).where(schema.tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = conn.execute(select(schema.seats).where(schema.seats.c.table_id == table_id)
                                     .order_by(schema.seats.c.seat)).all()
            m = schema.moves.c
            move_rows = conn.execute(select(schema.moves).where(m.table_id == table_id, m.idx >= since)
                                     .order_by(m.idx)).all()
        return (_table_row(row._mapping), [_seat_row(r._mapping) for r in seat_rows],
                [MoveRow(r.idx, r.seat, json.loads(r.move), r.by) for r in move_rows])

    def list_tables(self, statuses: tuple[str, ...], limit: int = 200
                    ) -> list[tuple[TableRow, list[SeatRow]]]:
        t = schema.tables.c
        with self.engine.connect() as conn:
            rows = conn.execute(select(schema.tables).where(t.status.in_(statuses))
                                .order_by(t.updated_at.desc()).limit(limit)).all()
            ids = [r.id for r in rows]
            seat_rows = conn.execute(select(schema.seats).where(schema.seats.c.table_id.in_(ids))
                                     .order_by(schema.seats.c.seat)).all() if ids else []
        by_table: dict[str, list[SeatRow]] = {}
        for r in seat_rows:
            by_table.setdefault(r.table_id, []).append(_seat_row(r._mapping))
        return [(_table_row(r._mapping), by_table.get(r.id, [])) for r in rows]

    def running_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(schema.tables.c.id).where(schema.tables.c.status == RUNNING)).all()
        return [r.id for r in rows]

    def count_tables(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(schema.tables)).scalar_one())

    # -- moves -------------------------------------------------------------------------------
    def append_move(self, table_id: str, idx: int, seat: int, move: dict[str, Any], by: str,
                    result: dict[str, Any] | None = None) -> bool:
        """Append move `idx` in one transaction; False when another move took that index first.

        With `result` the same transaction also marks the table finished.
        """
        now = time.time()
        t = schema.tables.c
        values: dict[str, Any] = {"move_count": idx + 1, "updated_at": now}
        if result is not None:
            values.update(status=FINISHED, result=json.dumps(result))
        try:
            with self._writing(), self.engine.begin() as conn:
                changed = conn.execute(update(schema.tables).where(
                    t.id == table_id, t.move_count == idx, t.status == RUNNING).values(**values)).rowcount
                if changed != 1:
                    conn.rollback()
                    return False
                conn.execute(insert(schema.moves).values(table_id=table_id, idx=idx, seat=seat,
                                                         move=json.dumps(move), by=by, created_at=now))
        except IntegrityError:
            return False
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
        now = time.time()
        s = schema.seats.c
        with self._writing(), self.engine.begin() as conn:
            changed = conn.execute(update(schema.seats).where(
                s.table_id == table_id, s.seat == seat, s.kind == "open").values(
                kind="human", name=name, token_hash=token_hash, away=False, last_seen=now)).rowcount
            if changed != 1:
                conn.rollback()
                return False
            self._start_if_full(conn, table_id, now)
        return True

    def release_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        """The player leaves: the seat is open again (a bot plays it while the game runs)."""
        s = schema.seats.c
        with self._writing(), self.engine.begin() as conn:
            changed = conn.execute(update(schema.seats).where(
                s.table_id == table_id, s.seat == seat, s.token_hash == token_hash).values(
                kind="open", name=None, token_hash=None, away=False)).rowcount
            conn.execute(update(schema.tables).where(schema.tables.c.id == table_id)
                         .values(updated_at=time.time()))
        return changed == 1

    def seat_to_bot(self, table_id: str, seat: int, level: str, token_hash: str | None) -> bool:
        """An open seat (or, with its token, a player's own seat) is given to a bot."""
        now = time.time()
        s = schema.seats.c
        cond = (s.token_hash == token_hash) if token_hash is not None else (s.kind == "open")
        with self._writing(), self.engine.begin() as conn:
            changed = conn.execute(update(schema.seats).where(
                s.table_id == table_id, s.seat == seat, cond).values(
                kind="bot", level=level, name=None, token_hash=None, away=False)).rowcount
            if changed != 1:
                conn.rollback()
                return False
            self._start_if_full(conn, table_id, now)
        return True

    def _start_if_full(self, conn: Any, table_id: str, now: float) -> None:
        s = schema.seats.c
        still_open = conn.execute(select(func.count()).select_from(schema.seats).where(
            s.table_id == table_id, s.kind == "open")).scalar_one()
        values: dict[str, Any] = {"updated_at": now}
        t = schema.tables.c
        if still_open == 0:
            conn.execute(update(schema.tables).where(t.id == table_id, t.status == OPEN)
                         .values(status=RUNNING, updated_at=now))
        conn.execute(update(schema.tables).where(t.id == table_id).values(**values))

    def set_away(self, table_id: str, seat: int, away: bool) -> None:
        s = schema.seats.c
        with self._writing(), self.engine.begin() as conn:
            conn.execute(update(schema.seats).where(s.table_id == table_id, s.seat == seat)
                         .values(away=away, last_seen=time.time()))

    def touch(self, table_id: str, seat_numbers: list[int], now: float) -> None:
        """Record that these seats' players are connected (a heartbeat for other processes)."""
        s = schema.seats.c
        with self._writing(), self.engine.begin() as conn:
            conn.execute(update(schema.seats).where(s.table_id == table_id, s.seat.in_(seat_numbers))
                         .values(last_seen=now))


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


def _table_row(m: Any) -> TableRow:
    return TableRow(m["id"], m["game"], m["rules_version"], json.loads(m["options"]), m["players"],
                    int(m["seed"]), m["status"], m["clock"], m["move_count"], m["epoch"],
                    json.loads(m["result"]) if m["result"] else None, m["problem"],
                    m["created_at"], m["updated_at"])


def _seat_row(m: Any) -> SeatRow:
    return SeatRow(m["seat"], m["kind"], m["level"], m["name"], m["token_hash"], bool(m["away"]),
                   m["last_seen"])
