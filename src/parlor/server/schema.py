"""The database schema (SQLAlchemy Core). Persistence is the record: tables, seats, moves; and chat.

A table's position is never stored: it is rebuilt by replaying its moves. The primary key
(table_id, idx) of `moves` is the unique (table, index) key that settles races between clients
and between server processes. Change the schema only together with a migration in `migrations/`.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
)

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("rules_version", String(32), nullable=False),
    Column("options", Text, nullable=False),           # JSON object
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),        # secret until the game is over
    Column("status", String(16), nullable=False, index=True),  # open | running | finished
    Column("clock", Float, nullable=True),             # seconds per decision, or none
    Column("move_count", Integer, nullable=False),
    Column("epoch", Integer, nullable=False),          # bumped by every undo
    Column("result", Text, nullable=True),             # JSON, once finished
    Column("problem", Text, nullable=True),            # why the record does not replay
    Column("host_hash", String(64), nullable=True),    # sha256 of the creator's host token
    Column("next_table", String(32), nullable=True),   # the table that plays this one again
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
)

seats = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),         # open | human | bot
    Column("level", String(16), nullable=True),        # bot level
    Column("name", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True),   # sha256 of the seat token; never the token
    Column("away", Boolean, nullable=False),           # a bot plays for the absent player
    Column("handed", Boolean, nullable=False, server_default=false()),  # ... or for one who asked
    Column("last_seen", Float, nullable=True),
    Column("live_at", Float, nullable=True),           # heartbeat of a connection; 0 when none
)

moves = Table(
    "moves", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("move", Text, nullable=False),              # JSON of the move
    Column("by", String(8), nullable=False),           # player | bot | away | clock | handed
    Column("created_at", Float, nullable=False),
)

chat = Table(
    "chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("at", Float, nullable=False),
    Column("seat", Integer, nullable=True),            # None: a spectator
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
)
