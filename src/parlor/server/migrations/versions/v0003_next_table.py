"""The table that plays a finished one again ("Play again"): its id, once a player asked for it.

Revision ID: v0003
Revises: v0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0003"
down_revision = "v0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("next_table", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("next_table")
