"""Alembic environment: runs on the connection `storage.migrate` passes in (or on `sqlalchemy.url`).

On PostgreSQL a transaction-scoped advisory lock makes several server processes starting at once
migrate one after the other.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, text

from parlor.server.schema import metadata

MIGRATION_LOCK = 7_370_001


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        engine = create_engine(context.config.get_main_option("sqlalchemy.url") or "")
        with engine.begin() as own:
            _migrate(own)
        engine.dispose()
    else:
        _migrate(connection)


def _migrate(connection: object) -> None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)  # type: ignore[arg-type]
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":  # type: ignore[attr-defined]
            connection.execute(text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))  # type: ignore[attr-defined]
        context.run_migrations()


run()
