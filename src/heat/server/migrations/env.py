"""Alembic's environment: migrations run on the connection the server hands over
(``heat.server.store.migrate``), or on ``sqlalchemy.url`` for the ``alembic`` command."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from heat.server.schema import metadata

config = context.config


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite://")
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


run()
