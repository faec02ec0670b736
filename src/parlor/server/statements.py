"""The statements storage runs most (opening a table, a join, reading a table, a move's write), built
once at import, and `DriverStatement`, which runs one on the database driver's own cursor: a move's
write took 20 µs of CPU this way instead of 52 through SQLAlchemy's execution (SQLite, batches of 10),
time the database threads hold the GIL the event loop needs."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from sqlalchemy import and_, bindparam, func, insert, select, update

from . import schema
from .rows import FINISHED, OPEN, RUNNING

# The statements of opening a table, joining it, reading it and writing a move, built once:
# building a statement and its cache key for every call cost the database threads (and so the event
# loop, through the GIL) up to three times the write itself. Their parameters are named unlike any
# column, since an insert or update would otherwise take a parameter named as a column for a value.
# All of them run on the driver's cursor (`DriverStatement`).
ADD_TABLE = insert(schema.tables)  # every column, each given by name
ADD_SEATS = insert(schema.seats)
TABLE = select(schema.tables).where(schema.tables.c.id == bindparam("table"))
SEATS = select(schema.seats).where(schema.seats.c.table_id == bindparam("table")).order_by(
    schema.seats.c.seat)
MOVES_SINCE = select(schema.moves).where(
    schema.moves.c.table_id == bindparam("table"), schema.moves.c.idx >= bindparam("since")
).order_by(schema.moves.c.idx)
CLAIM_SEAT = update(schema.seats).where(
    schema.seats.c.table_id == bindparam("table"), schema.seats.c.seat == bindparam("seat_no"),
    schema.seats.c.kind == "open",
).values(kind="human", name=bindparam("player"), token_hash=bindparam("hashed"), away=False, handed=False,
         level=None, last_seen=bindparam("now"))
COUNT_OPEN_SEATS = select(func.count()).select_from(schema.seats).where(
    schema.seats.c.table_id == bindparam("table"), schema.seats.c.kind == "open")
START = update(schema.tables).where(schema.tables.c.id == bindparam("table"), schema.tables.c.status == OPEN
                                     ).values(status=RUNNING, updated_at=bindparam("now"))
TOUCH_TABLE = update(schema.tables).where(schema.tables.c.id == bindparam("table")).values(
    updated_at=bindparam("now"))
# built once: a statement built per call (the ticker's heartbeat) left its expanding IN parameter
# in a reference cycle for the garbage collector
TOUCH_SEATS = update(schema.seats).where(
    schema.seats.c.table_id == bindparam("table"),
    schema.seats.c.seat.in_(bindparam("seat_numbers", expanding=True)),
).values(last_seen=bindparam("now"), live_at=bindparam("live"))
EXPECTING = and_(schema.tables.c.id == bindparam("table_id"),
                  schema.tables.c.move_count == bindparam("index"), schema.tables.c.status == RUNNING)
COUNT_MOVE = update(schema.tables).where(EXPECTING).values(
    move_count=bindparam("count"), updated_at=bindparam("now"))
COUNT_LAST_MOVE = update(schema.tables).where(EXPECTING).values(
    move_count=bindparam("count"), updated_at=bindparam("now"), status=FINISHED, result=bindparam("outcome"))
ADD_MOVE = insert(schema.moves).values(
    table_id=bindparam("table_id"), idx=bindparam("index"), seat=bindparam("mover"), move=bindparam("data"),
    by=bindparam("maker"), created_at=bindparam("now"))


class DriverStatement:
    """A statement compiled once for one database driver and run on that driver's cursor: no
    SQLAlchemy execution context per call. Values go in as given (the move write's columns are text,
    integers and floats, which need no conversion); the statement's own literals are filled in."""

    def __init__(self, statement: Any, dialect: Any) -> None:
        compiled = statement.compile(dialect=dialect)
        self.sql: str = compiled.string
        self.order: tuple[str, ...] | None = tuple(compiled.positiontup) if compiled.positiontup else None
        # the statement's own values (`kind == "open"`, `level=None`); a named parameter has none
        self.literals = {name: bind.value for name, bind in compiled.binds.items() if not bind.required}

    def _parameters(self, values: dict[str, Any]) -> Any:
        merged = {**self.literals, **values}
        return [merged[name] for name in self.order] if self.order is not None else merged

    def run(self, cursor: Any, values: dict[str, Any]) -> int:
        """Execute with `values`; the number of rows it changed."""
        cursor.execute(self.sql, self._parameters(values))
        return int(cursor.rowcount)

    def run_many(self, cursor: Any, rows: list[dict[str, Any]]) -> None:
        """Execute once for each of `rows` (an insert of several rows)."""
        cursor.executemany(self.sql, [self._parameters(values) for values in rows])

    def first_row(self, cursor: Any, values: dict[str, Any]) -> tuple[Any, ...] | None:
        """A query's first row as the driver gives it, or None."""
        cursor.execute(self.sql, self._parameters(values))
        row = cursor.fetchone()
        return tuple(row) if row is not None else None

    def mappings(self, cursor: Any, values: dict[str, Any]) -> list[dict[str, Any]]:
        """A query's rows, each as {column name: value} (values as the driver reads them: the
        readers in rows.py take a boolean stored as SQLite's 0 or 1)."""
        cursor.execute(self.sql, self._parameters(values))
        names = [column[0] for column in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


@contextlib.contextmanager
def driver_cursor(conn: Any) -> Iterator[Any]:
    """A cursor of the database driver's own, on `conn`'s connection (inside its transaction)."""
    cursor = conn.connection.driver_connection.cursor()
    try:
        yield cursor
    finally:
        cursor.close()


def sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """SQLite's settings on every new connection: the log beside the file (WAL), so readers never wait
    for the writer, and a writer that waits for the lock rather than failing."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()
