"""Storage: the migrations build the schema the code declares; commits are atomic, checked
against the table's version, and read back as they were written."""

from __future__ import annotations

import asyncio

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect
from sqlalchemy.exc import IntegrityError

from heat.server.hub import table_row
from heat.server.schema import metadata
from heat.server.spec import new_spec
from heat.server.store import Commit, Store, StoreError, migrate, sqlite_urls
from heat.server.table import PLAYER, Table


def test_the_migrations_build_the_schema_the_code_declares(tmp_path):
    engine = create_engine(sqlite_urls(tmp_path / "m.db")[0])
    migrate(engine)
    migrate(engine)  # a second start changes nothing
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), metadata)
        tables = set(inspect(connection).get_table_names())
    engine.dispose()
    assert differences == []
    assert {"tables", "seats", "entries", "alembic_version"} <= tables


def test_a_table_is_stored_committed_and_read_back(tmp_path):
    async def body():
        store = await Store.open(tmp_path / "s.db")
        table = Table.new(new_spec([("human", None, None), ("human", None, None)], seed=3))
        row = table_row("t1", table, "a" * 64, 1.0)
        await store.create(row, [(s, None) for s in table.seats], [])
        changes = [table.join(0, "Ann", 1.0), table.join(1, "Bob", 1.0)]
        changes.append(table.decide(0, table.version, table.legal(0)[0].text(), PLAYER, 2.0))
        entries = [e for change in changes for e in change.entries]
        commit = Commit(
            "t1", 0, table.version, table.status, table.clock_state(), entries, [(s, None) for s in table.seats]
        )
        await store.commit(commit)
        with pytest.raises(StoreError):  # the same change again: the table is no longer at version 0
            await store.commit(commit)
        stored = await store.load("t1")
        assert stored is not None
        assert stored.row["version"] == table.version and stored.row["status"] == "playing"
        assert [e.seq for e in stored.entries] == [e.seq for e in table.entries]
        assert [s.name for s in stored.seats] == ["Ann", "Bob"]
        again = Table.restore(table.spec, stored.seats, stored.row["status"], stored.entries, stored.row["clocks"], 3.0)
        assert again.state_for(0)["view"] == table.state_for(0)["view"]
        assert [s.row["id"] for s in await store.load_unfinished()] == ["t1"]
        await store.close()

    asyncio.run(body())


def test_many_commits_at_once_are_written_in_few_transactions(tmp_path):
    async def body():
        store = await Store.open(tmp_path / "g.db")
        tables = []
        for index in range(30):
            table = Table.new(new_spec([("human", None, None)], seed=index))
            row = table_row(f"t{index}", table, "", 0.0)
            await store.create(row, [(s, None) for s in table.seats], [])
            tables.append(table)
        batches = store.batches
        commits = []
        for index, table in enumerate(tables):
            change = table.join(0, "Solo", 1.0)
            commits.append(Commit(f"t{index}", 0, table.version, table.status, table.clock_state(), change.entries))
        await asyncio.gather(*(store.commit(c) for c in commits))
        assert store.commits - 0 >= 30
        assert store.batches - batches < 30  # grouped
        assert len(await store.load_unfinished()) == 30
        await store.close()

    asyncio.run(body())


def test_a_failed_write_reaches_its_caller_and_the_store_goes_on(tmp_path):
    """A write that fails in the store's thread (a table created twice) raises in its caller;
    the thread keeps writing the commits that come after it."""

    async def body() -> None:
        store = await Store.open(tmp_path / "f.db")
        table = Table.new(new_spec([("human", None, None)], seed=5))
        row = table_row("t1", table, "", 0.0)
        await store.create(row, [(s, None) for s in table.seats], [])
        with pytest.raises(IntegrityError):
            await store.create(row, [(s, None) for s in table.seats], [])
        change = table.join(0, "Solo", 1.0)
        await store.commit(Commit("t1", 0, table.version, table.status, table.clock_state(), change.entries))
        stored = await store.load("t1")
        assert stored is not None and stored.row["version"] == table.version
        await store.close()

    asyncio.run(body())
