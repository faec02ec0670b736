"""Alembic migrations of the server's schema; `storage.migrate` runs them on start."""
