"""The schema on SQLite and PostgreSQL (issue 31): a database made by the previous schema (0001)
is upgraded with its tables kept, and playable; the migrations build what the code declares on
both; two writers of one table lose and win as the database decides; leases."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, insert, select

from heat.server.hub import table_row
from heat.server.leases import Leases
from heat.server.schema import entries, leases, metadata, seats, tables
from heat.server.spec import new_spec
from heat.server.store import (
    Commit,
    SchemaError,
    StaleCommit,
    Store,
    migrate,
    migrate_url,
    postgres_url,
    schema_revision,
    sqlite_urls,
)
from heat.server.table import PLAYER, Table


def old_table(engine, table_id: str = "old1") -> Table:
    """A table started and played a little, written as the 0001 schema's server wrote it."""
    table = Table.new(new_spec([("human", None, None), ("bot", "club", None)], seed=5))
    changes = [table.join(0, "Ann", 1.0), table.decide(0, 2, table.legal(0)[0].text(), PLAYER, 2.0)]
    with engine.begin() as connection:
        connection.execute(
            insert(tables),
            [
                {
                    "id": table_id,
                    "mode": "race",
                    "spec": table.spec.to_json(),
                    "status": table.status,
                    "listed": True,
                    "title": "old",
                    "admin_hash": "a" * 64,
                    "version": table.version,
                    "clocks": table.clock_state(),
                    "created_at": 1.0,
                    "updated_at": 2.0,
                    "rematch_of": None,
                    "rematch_id": None,
                }
            ],
        )
        connection.execute(
            insert(seats),
            [
                {"table_id": table_id, "seat": i, "kind": s.kind, "color": s.color, "level": s.level}
                | {"name": s.name, "joined": s.joined, "token_hash": None}
                for i, s in enumerate(table.seats)
            ],
        )
        connection.execute(
            insert(entries),
            [
                {"table_id": table_id, "seq": e.seq, "kind": e.kind, "seat": e.seat, "text": e.text}
                | {"actor": e.actor, "at": e.at, "ref": e.ref, "after_event": e.after_event}
                for change in changes
                for e in change.entries
            ],
        )
    return table


def upgrade_and_check(sync_url: str, db: str) -> None:
    engine = create_engine(sync_url)
    migrate(engine, "0001")
    assert schema_revision(engine) == ("0001", "0002")
    table = old_table(engine)
    engine.dispose()

    assert migrate_url(db) == ("0001", "0002")

    async def body() -> None:
        store = await Store.open(db)
        stored = await store.load("old1")
        assert stored is not None
        restored = Table.restore(
            table.spec.__class__.from_json(stored.row["spec"]),
            stored.seats,
            stored.row["status"],
            stored.entries,
            stored.row["clocks"],
            3.0,
        )
        assert restored.version == table.version
        assert restored.state_for(0)["view"] == table.state_for(0)["view"]
        assert [r.seat for r in restored.bot_requests()] == [r.seat for r in table.bot_requests()]
        # The old table has a lease nobody holds: the first live process takes it.
        assert await Leases(store, "p1").acquire() == ["old1"]
        await store.close()

    asyncio.run(body())
    engine = create_engine(sync_url)
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []
        assert connection.execute(select(leases.c.owner)).scalars().all() == ["p1"]
    engine.dispose()


def test_a_sqlite_database_of_the_previous_schema_is_upgraded_and_plays_on(tmp_path):
    db = tmp_path / "old.db"
    upgrade_and_check(sqlite_urls(db)[0], str(db))


def test_a_postgres_database_of_the_previous_schema_is_upgraded_and_plays_on(postgres):
    url = postgres.create("upgrade")
    upgrade_and_check(postgres_url(url), url)


def test_a_postgres_database_not_migrated_is_refused_with_the_command_that_migrates_it(postgres):
    url = postgres.create("unmigrated")

    async def body() -> None:
        with pytest.raises(SchemaError, match="--migrate"):
            await Store.open(url)

    asyncio.run(body())
    done = subprocess.run(
        [sys.executable, "-m", "heat.cli.main", "serve", "--port", "0", "--db", url],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0 and "--migrate" in done.stderr and "Traceback" not in done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "heat.cli.main", "serve", "--db", url, "--migrate"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and "from schema none to 0002" in done.stdout
    again = subprocess.run(
        [sys.executable, "-m", "heat.cli.main", "serve", "--db", url, "--migrate"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert again.returncode == 0 and "newest schema (0002)" in again.stdout


def started_table() -> Table:
    table = Table.new(new_spec([("human", None, None), ("human", None, None)], seed=3))
    table.join(0, "Ann", 1.0)
    table.join(1, "Bob", 1.0)
    return table


async def two_writers(db: str) -> None:
    """Two stores (two processes) each commit a different step N of one table: one wins, the
    other gets StaleCommit and nothing of it is written."""
    first, second = await Store.open(db), await Store.open(db)
    table = started_table()
    row = table_row("t1", table, "a" * 64, 1.0) | {"version": 0}  # the joins are committed next, as step 0
    await first.create(row, [(s, None) for s in table.seats], [], ("p1", 0.0))
    setup = Commit("t1", 0, table.version, table.status, table.clock_state(), list(table.entries))
    await first.commit(setup)
    copy = Table.restore(table.spec, table.seats, table.status, list(table.entries), table.clock_state(), 2.0)
    mine = table.decide(0, table.version, table.legal(0)[0].text(), PLAYER, 2.0)
    theirs = copy.decide(1, copy.version, copy.legal(1)[-1].text(), PLAYER, 2.0)
    old = setup.new_version
    results = await asyncio.gather(
        first.commit(Commit("t1", old, table.version, table.status, table.clock_state(), mine.entries)),  # type: ignore[union-attr]
        second.commit(Commit("t1", old, copy.version, copy.status, copy.clock_state(), theirs.entries)),  # type: ignore[union-attr]
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results) == ["NoneType", "StaleCommit"], results
    assert all(r is None or isinstance(r, StaleCommit) for r in results)
    stored = await first.load("t1")
    assert stored is not None and stored.row["version"] == old + 1
    winner = table if results[0] is None else copy
    assert [e.text for e in stored.entries][-1] == winner.entries[-1].text
    await first.close()
    await second.close()


def test_two_writers_of_one_step_on_sqlite_one_wins(tmp_path):
    asyncio.run(two_writers(str(tmp_path / "w.db")))


def test_two_writers_of_one_step_on_postgres_one_wins(pg_url):
    asyncio.run(two_writers(pg_url))


def test_a_lease_is_held_by_one_process_and_taken_over_once_it_expires(tmp_path):
    async def body() -> None:
        store = await Store.open(tmp_path / "l.db")
        now = [100.0]
        one = Leases(store, "one", ttl=10.0, clock=lambda: now[0])
        two = Leases(store, "two", ttl=10.0, clock=lambda: now[0])
        table = started_table()
        row = table_row("t1", table, "a" * 64, 1.0)
        await store.create(row, [(s, None) for s in table.seats], [], one.new_lease())
        assert await two.acquire() == []  # held
        now[0] += 8
        assert await one.renew() == {"t1"}
        now[0] += 8
        assert await two.acquire() == []  # renewed: still held
        now[0] += 11  # "one" died: its lease expires
        assert await two.acquire() == ["t1"]
        assert await one.acquire() == []
        assert await one.renew() == set()  # "one" woke up: it knows it lost the table
        assert await two.renew() == {"t1"}
        await two.release()
        assert await one.acquire() == ["t1"]  # a clean stop hands it over at once
        await store.close()

    asyncio.run(body())


def test_a_table_created_while_the_leases_are_renewed_is_not_taken_for_lost():
    from heat.server.cluster import Cluster

    class Renewing:
        """Renews "old"; meanwhile the hub creates "new" (its lease row after the renewal's read)."""

        def __init__(self, cluster: Cluster) -> None:
            self.cluster = cluster

        async def renew(self) -> set[str]:
            self.cluster.owned.add("new")
            return {"old"}

        async def acquire(self) -> list[str]:
            return []

    async def body() -> list[set[str]]:
        cluster = Cluster(None, "redis://unused", lease_seconds=1.0)  # type: ignore[arg-type]
        cluster.leases = Renewing(cluster)  # type: ignore[assignment]
        cluster.owned = {"old", "gone"}
        lost: list[set[str]] = []

        async def gained(_ids: list[str]) -> None:
            return None

        async def resync() -> None:
            return None

        keeper = asyncio.create_task(cluster._keep(gained, lost.append, resync))
        await asyncio.sleep(0.1)
        keeper.cancel()
        assert cluster.owned == {"old", "new"}
        return lost

    assert asyncio.run(body()) == [{"gone"}]
