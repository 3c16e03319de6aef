"""Tables, their seats and their logs.

Revision ID: 0001
Revises:
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("spec", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("listed", sa.Boolean, nullable=False),
        sa.Column("title", sa.String(80), nullable=False),
        sa.Column("admin_hash", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("clocks", sa.JSON, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch_id", sa.String(32), nullable=True),
    )
    op.create_index("ix_tables_status_listed", "tables", ["status", "listed"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("color", sa.String(16), nullable=False),
        sa.Column("level", sa.String(16), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("joined", sa.Boolean, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_index("ix_seats_token", "seats", ["table_id", "token_hash"])
    op.create_table(
        "entries",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.String(400), nullable=False),
        sa.Column("actor", sa.String(16), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("ref", sa.Integer, nullable=False),
        sa.Column("after_event", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("entries")
    op.drop_index("ix_seats_token", "seats")
    op.drop_table("seats")
    op.drop_index("ix_tables_status_listed", "tables")
    op.drop_table("tables")
