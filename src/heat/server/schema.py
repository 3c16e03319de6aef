"""The database schema (SQLAlchemy Core), the same for SQLite and PostgreSQL. Alembic's
migrations (``heat/server/migrations``) create it; a test checks they agree with this file.

A table is stored as its spec (config and seed), its seats and its log: ``entries`` holds every
decision, take-back and notice under a unique (table, seq), so two writers can never log the
same step of one table twice (several server processes, issue 31)."""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Column, Float, ForeignKey, Index, Integer, MetaData, String, Table

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("mode", String(16), nullable=False),
    Column("spec", JSON, nullable=False),
    Column("status", String(16), nullable=False),
    Column("listed", Boolean, nullable=False),
    Column("title", String(80), nullable=False),
    Column("admin_hash", String(64), nullable=False),
    Column("version", Integer, nullable=False),
    Column("clocks", JSON, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("rematch_of", String(32), nullable=True),
    Column("rematch_id", String(32), nullable=True),
    Index("ix_tables_status_listed", "status", "listed"),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("color", String(16), nullable=False),
    Column("level", String(16), nullable=False),
    Column("name", String(40), nullable=False),
    Column("joined", Boolean, nullable=False),
    Column("token_hash", String(64), nullable=True),
    Index("ix_seats_token", "table_id", "token_hash"),
)

entries = Table(
    "entries",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("text", String(400), nullable=False),
    Column("actor", String(16), nullable=False),
    Column("at", Float, nullable=False),
    Column("ref", Integer, nullable=False),
    Column("after_event", Integer, nullable=False),
)

leases = Table(
    "leases",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("owner", String(64), nullable=False),
    Column("expires_at", Float, nullable=False),
    Index("ix_leases_owner", "owner"),
)
"""Which server process runs a table's clocks and bots (issue 31), until when: a process renews
its leases every few seconds; a live process takes over a lease that has expired."""
