"""Host tokens, seats handed to a bot by their player, seats' connection heartbeats, and chat.

Revision ID: v0002
Revises: v0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0002"
down_revision = "v0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("host_hash", sa.String(64), nullable=True))
    op.add_column("seats", sa.Column("handed", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("seats", sa.Column("live_at", sa.Float, nullable=True))
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_chat_table_id", "chat")
    op.drop_table("chat")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("live_at")
        batch.drop_column("handed")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("host_hash")
