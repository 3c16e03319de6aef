"""Table leases: which server process runs a table's clocks and bots, until when.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_leases_owner", "leases", ["owner"])
    # Every table made before has a lease nobody holds, expired: the first live process takes it.
    op.execute("INSERT INTO leases (table_id, owner, expires_at) SELECT id, '', 0 FROM tables")


def downgrade() -> None:
    op.drop_index("ix_leases_owner", "leases")
    op.drop_table("leases")
