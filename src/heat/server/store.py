"""Storage: SQLAlchemy Core over asyncio (aiosqlite for SQLite), migrated by Alembic on start.

Reads go through the async engine; every write runs in the store's own thread, one after the
other, through a synchronous engine. Every change of a table is one ``Commit`` (its new log
entries, its version, status and clocks). The thread writes commits in *group commits*: whatever
commits are waiting when it is free go into one transaction (one fsync), and each caller's
``commit`` returns only once its transaction is durable. The hub tells nobody about a change before that. A commit whose
table moved on in the database meanwhile (another writer) fails and is not written.

The database is a SQLite file (one process; migrated on start) or PostgreSQL (``postgresql://``
URL: any number of processes; ``heat serve --migrate`` upgrades it, once, before they start).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, bindparam, create_engine, event, insert, select, update
from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

from heat.server.schema import entries, leases, seats, tables
from heat.server.table import Entry, SeatState

MAX_BATCH = 500
"""Commits written in one transaction at most."""


class StoreError(Exception):
    """A change could not be stored (the table is rebuilt from what was)."""


class StaleCommit(StoreError):
    """A change was made on an old copy of its table: another process logged that step first
    (the (table, seq) key or the row's version said so). Nothing of it was written."""


class SchemaError(Exception):
    """The database is not at the schema this code needs (``heat serve --migrate`` upgrades)."""


@dataclass(slots=True)
class Commit:
    """One change of one table, to store atomically: its new entries and its row, and its seats
    when they changed (``seats`` None: unchanged)."""

    table_id: str
    old_version: int
    new_version: int
    status: str
    clocks: dict[str, Any]
    entries: list[Entry]
    seats: list[tuple[SeatState, str | None]] | None = None
    spec: dict[str, Any] | None = None
    rematch_id: str | None = None


@dataclass(slots=True)
class StoredTable:
    """A table as the database holds it."""

    row: dict[str, Any]
    seats: list[SeatState]
    token_hashes: list[str | None]
    entries: list[Entry]


def is_postgres(db: str | Path) -> bool:
    """Is ``db`` a PostgreSQL URL (not a SQLite file)?"""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://", "postgresql+psycopg://"))


def postgres_url(db: str) -> str:
    """``db`` with SQLAlchemy's driver name (psycopg 3, which speaks both sync and asyncio)."""
    _, _, rest = db.partition("://")
    return f"postgresql+psycopg://{rest}"


def sqlite_urls(path: str | Path) -> tuple[str, str]:
    """The synchronous (migrations) and asynchronous URLs of the SQLite file ``path``."""
    target = Path(path).expanduser().resolve()
    return f"sqlite:///{target}", f"sqlite+aiosqlite:///{target}"


@contextlib.contextmanager
def _migrations_config(connection: Connection) -> Iterator[Config]:
    location = resources.files("heat.server") / "migrations"
    with resources.as_file(location) as folder:
        config = Config()
        config.set_main_option("script_location", str(folder))
        config.attributes["connection"] = connection
        yield config


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the database up to the newest schema (Alembic ``upgrade head``; ``revision``: an
    older one, for tests). On PostgreSQL an advisory lock makes two processes migrating at once
    take turns."""
    with engine.begin() as connection, _migrations_config(connection) as config:
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql("SELECT pg_advisory_xact_lock(31)")
        command.upgrade(config, revision)


def schema_revision(engine: Engine) -> tuple[str | None, str]:
    """The database's schema revision (None: none yet) and the newest the code knows."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    with engine.connect() as connection, _migrations_config(connection) as config:
        current = MigrationContext.configure(connection).get_current_revision()
        head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return current, head


def migrate_url(db: str | Path) -> tuple[str | None, str]:
    """``heat serve --migrate``: upgrade the database ``db`` (a SQLite file or a PostgreSQL URL);
    the revisions before and after."""
    url = postgres_url(str(db)) if is_postgres(db) else sqlite_urls(db)[0]
    engine = create_engine(url)
    try:
        before, _ = schema_revision(engine)
        migrate(engine)
        return before, schema_revision(engine)[0] or ""
    finally:
        engine.dispose()


def _sqlite_pragmas(synchronous: str) -> Any:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        # WAL: readers never wait for the writer, and a commit appends to one file; FULL syncs
        # the log at every commit, so a commit survives a power cut, not only kill -9.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.close()

    return on_connect


@dataclass(frozen=True, slots=True)
class _Statements:
    """The group commit's statements, compiled once for the database's dialect, with the order
    of their parameters (None: the dialect takes them by name)."""

    entry: str
    entry_keys: tuple[str, ...] | None
    row: str
    row_keys: tuple[str, ...] | None
    spec: str
    spec_keys: tuple[str, ...] | None
    seat: str
    seat_keys: tuple[str, ...] | None

    @staticmethod
    def compile(dialect: Dialect) -> _Statements:
        def compiled(statement: ClauseElement) -> tuple[str, tuple[str, ...] | None]:
            done = statement.compile(dialect=dialect)
            assert isinstance(done, SQLCompiler)
            return str(done), tuple(done.positiontup or ()) if done.positional else None

        row = (
            update(tables)
            .where(tables.c.id == bindparam("b_id"), tables.c.version == bindparam("b_old"))
            .values(
                version=bindparam("b_version"),
                status=bindparam("b_status"),
                clocks=bindparam("b_clocks"),
                updated_at=bindparam("b_updated_at"),
            )
        )
        spec = update(tables).where(tables.c.id == bindparam("b_id")).values(spec=bindparam("b_spec"))
        seat = (
            update(seats)
            .where(seats.c.table_id == bindparam("b_table"), seats.c.seat == bindparam("b_seat"))
            .values(
                kind=bindparam("b_kind"),
                level=bindparam("b_level"),
                name=bindparam("b_name"),
                joined=bindparam("b_joined"),
                token_hash=bindparam("b_token_hash"),
            )
        )
        return _Statements(*compiled(insert(entries)), *compiled(row), *compiled(spec), *compiled(seat))


def _settle(futures: list[asyncio.Future[Any]], results: list[Any]) -> None:
    """On the loop: each future gets its result, or its exception."""
    for future, result in zip(futures, results, strict=True):
        if future.done():
            continue
        if isinstance(result, BaseException):
            future.set_exception(result)
        else:
            future.set_result(result)


def _params(keys: tuple[str, ...] | None, values: dict[str, Any]) -> Any:
    """``values`` as the DBAPI takes them: in order, or by name."""
    return values if keys is None else tuple(values[key] for key in keys)


def _entry_row(table_id: str, e: Entry) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "seq": e.seq,
        "kind": e.kind,
        "seat": e.seat,
        "text": e.text,
        "actor": e.actor,
        "at": e.at,
        "ref": e.ref,
        "after_event": e.after_event,
    }


class Store:
    """The server's database. ``await Store.open(path)``, then ``commit`` and the readers."""

    def __init__(self, engine: AsyncEngine, writer: Engine) -> None:
        self.engine = engine
        """Reads (async, aiosqlite)."""
        self.writer = writer
        """Writes, all in the store's thread (see ``_work``)."""
        self._inbox: queue.SimpleQueue[tuple[Any, asyncio.Future[Any]] | None] = queue.SimpleQueue()
        """The commits and other writes waiting for the store's thread (None: stop)."""
        self._thread: threading.Thread | None = None
        """Every write runs in this one thread, one after the other."""
        self._raw: Any = None
        """The group commit's DBAPI connection (opened and used in ``_thread`` only)."""
        self._sql = _Statements.compile(writer.dialect)
        self.batches = 0
        self.commits = 0
        self.on_batch: Callable[[int], None] | None = None
        """Told the size of each group commit (metrics)."""

    @staticmethod
    async def open(db: str | Path, *, synchronous: str = "FULL", migrate_sqlite: bool = True) -> Store:
        """Open the database ``db``: a SQLite file (created and migrated if needed), or a
        PostgreSQL URL, which must be at the newest schema already (SchemaError says how to get
        there: several processes must not each migrate on start)."""
        if is_postgres(db):
            url = postgres_url(str(db))
            writer = create_engine(url, pool_pre_ping=True)
            try:
                current, head = await asyncio.to_thread(schema_revision, writer)
            except Exception:
                writer.dispose()
                raise
            if current != head:
                writer.dispose()
                raise SchemaError(
                    f"the database is at schema {current or 'none'}, this server needs {head}: "
                    "run heat serve --db URL --migrate once first"
                )
            engine = create_async_engine(url, pool_size=4, max_overflow=8, pool_pre_ping=True)
        else:
            target = Path(db).expanduser()
            target.parent.mkdir(parents=True, exist_ok=True)
            sync_url, async_url = sqlite_urls(target)
            writer = create_engine(sync_url)
            event.listen(writer, "connect", _sqlite_pragmas(synchronous))
            if migrate_sqlite:
                await asyncio.to_thread(migrate, writer)
            engine = create_async_engine(async_url)
            event.listen(engine.sync_engine, "connect", _sqlite_pragmas(synchronous))
        store = Store(engine, writer)
        store._thread = threading.Thread(
            target=store._work, args=(asyncio.get_running_loop(),), name="heat-store", daemon=True
        )
        store._thread.start()
        return store

    async def close(self) -> None:
        """Write what is waiting, then close."""
        if self._thread is not None:
            self._inbox.put(None)
            await asyncio.to_thread(self._thread.join)
            self._thread = None
        await self.engine.dispose()
        self.writer.dispose()

    def _close_raw(self) -> None:
        if self._raw is not None:
            with contextlib.suppress(Exception):  # a connection the database dropped
                self._raw.invalidate()
            self._raw = None

    # ------------------------------------------------------------------ writing

    async def commit(self, change: Commit) -> None:
        """Store ``change``; returns once it is durable (StoreError if it could not be)."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._inbox.put((change, future))
        await future

    async def run(self, job: Callable[[], Any]) -> Any:
        """Run ``job`` in the store's thread, between two group commits (leases use it)."""
        return await self._run(job)

    async def _run(self, job: Callable[[], Any]) -> Any:
        """Run ``job`` in the store's thread, between two group commits."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._inbox.put((job, future))
        return await future

    def _work(self, loop: asyncio.AbstractEventLoop) -> None:
        """The store's thread: every write, in order. It takes every commit waiting when it is
        free and writes them in one transaction; then the loop learns which are durable."""
        carried: Any = ()  # an item taken while gathering a batch, not a commit: next
        try:
            while True:
                item = self._inbox.get() if carried == () else carried
                carried = ()
                if item is None:
                    return
                if not isinstance(item[0], Commit):
                    job, future = item
                    try:
                        loop.call_soon_threadsafe(_settle, [future], [job()])
                    except Exception as error:
                        loop.call_soon_threadsafe(_settle, [future], [error])
                    continue
                batch = [item]
                while len(batch) < MAX_BATCH:
                    try:
                        more = self._inbox.get_nowait()
                    except queue.Empty:
                        break
                    if more is None or not isinstance(more[0], Commit):
                        carried = more
                        break
                    batch.append(more)
                results = self._write_batch([change for change, _ in batch])
                loop.call_soon_threadsafe(self._written, batch, results)
        finally:
            self._close_raw()

    def _write_batch(self, batch: list[Commit]) -> list[BaseException | None]:
        """Write ``batch`` in one transaction; if that fails, each commit alone (one bad commit
        must not sink the others). What failed, per commit."""
        try:
            self._write_sync(batch)
            return [None] * len(batch)
        except Exception:
            results: list[BaseException | None] = []
            for change in batch:
                try:
                    self._write_sync([change])
                    results.append(None)
                except StaleCommit as error:
                    results.append(error)
                except IntegrityError as error:
                    if self._moved_on(change):  # another process logged this step first
                        results.append(StaleCommit(f"table {change.table_id} moved on: {error.orig}"))
                    else:
                        results.append(StoreError(f"could not store the change: {error}"))
                except Exception as error:
                    results.append(StoreError(f"could not store the change: {error}"))
            return results

    def _moved_on(self, change: Commit) -> bool:
        """Is ``change``'s table no longer at the version the change was made on?"""
        try:
            with self.writer.connect() as connection:
                version = connection.execute(select(tables.c.version).where(tables.c.id == change.table_id)).scalar()
        except Exception:
            return False
        return version is not None and version != change.old_version

    def _written(self, batch: list[tuple[Commit, asyncio.Future[Any]]], results: list[BaseException | None]) -> None:
        self.batches += 1
        self.commits += len(batch)
        if self.on_batch is not None:
            self.on_batch(len(batch))
        _settle([future for _, future in batch], results)

    def _write_sync(self, batch: list[Commit]) -> None:
        """Write ``batch`` in one transaction, through the DBAPI connection with the statements
        compiled once (SQLAlchemy's per-statement work cost more than SQLite's own for these
        small writes): its entries, each table's row (only if still at the version the change
        was made on) and the seats and specs that changed."""
        if self._raw is None:
            self._raw = self.writer.raw_connection()
        sql = self._sql
        now = time.time()
        rows = [_entry_row(change.table_id, e) for change in batch for e in change.entries]
        updates = [
            _params(
                sql.row_keys,
                {
                    "b_id": change.table_id,
                    "b_old": change.old_version,
                    "b_version": change.new_version,
                    "b_status": change.status,
                    "b_clocks": orjson.dumps(change.clocks).decode(),
                    "b_updated_at": now,
                },
            )
            for change in batch
        ]
        specs = [
            _params(sql.spec_keys, {"b_id": c.table_id, "b_spec": orjson.dumps(c.spec).decode()})
            for c in batch
            if c.spec is not None
        ]
        seat_rows = [
            _params(
                sql.seat_keys,
                {
                    "b_table": change.table_id,
                    "b_seat": index,
                    "b_kind": seat.kind,
                    "b_level": seat.level,
                    "b_name": seat.name,
                    "b_joined": seat.joined,
                    "b_token_hash": token_hash,
                },
            )
            for change in batch
            if change.seats is not None
            for index, (seat, token_hash) in enumerate(change.seats)
        ]
        connection = self._raw
        cursor = connection.cursor()
        try:
            if rows:
                cursor.executemany(sql.entry, [_params(sql.entry_keys, row) for row in rows])
            cursor.executemany(sql.row, updates)
            if cursor.rowcount != len(batch):  # a table moved on meanwhile: nothing of the batch is kept
                raise StaleCommit("a table is no longer at the version its change was made on")
            if specs:
                cursor.executemany(sql.spec, specs)
            if seat_rows:
                cursor.executemany(sql.seat, seat_rows)
            connection.commit()
        except BaseException as error:
            dbapi = self.writer.dialect.loaded_dbapi
            if isinstance(error, (dbapi.OperationalError, dbapi.InterfaceError)):
                self._close_raw()  # the database went away: the next batch connects again
                raise
            connection.rollback()
            if isinstance(error, dbapi.IntegrityError):
                raise IntegrityError(None, None, error) from error
            raise
        finally:
            cursor.close()

    async def create(
        self,
        row: dict[str, Any],
        seat_rows: list[tuple[SeatState, str | None]],
        first: list[Entry],
        lease: tuple[str, float] = ("", 0.0),
    ) -> None:
        """Store a new table (its row, seats, first entries and lease: owner and expiry) in one
        transaction."""

        def write() -> None:
            with self.writer.begin() as connection:
                connection.execute(insert(tables), [row])
                connection.execute(insert(leases), [{"table_id": row["id"], "owner": lease[0], "expires_at": lease[1]}])
                connection.execute(
                    insert(seats),
                    [
                        {
                            "table_id": row["id"],
                            "seat": index,
                            "kind": seat.kind,
                            "color": seat.color,
                            "level": seat.level,
                            "name": seat.name,
                            "joined": seat.joined,
                            "token_hash": token_hash,
                        }
                        for index, (seat, token_hash) in enumerate(seat_rows)
                    ],
                )
                if first:
                    connection.execute(insert(entries), [_entry_row(row["id"], e) for e in first])

        await self._run(write)

    async def set_rematch(self, table_id: str, rematch_id: str) -> None:
        """Note the rematch opened from a finished table."""

        def write() -> None:
            with self.writer.begin() as connection:
                connection.execute(update(tables).where(tables.c.id == table_id).values(rematch_id=rematch_id))

        await self._run(write)

    # ------------------------------------------------------------------ reading

    async def load(self, table_id: str) -> StoredTable | None:
        """The stored table ``table_id``, or None."""
        loaded = await self._load(tables.c.id == table_id)
        return loaded[0] if loaded else None

    async def unfinished_ids(self) -> list[str]:
        """The tables still waiting or playing, the most recently changed last."""
        query = select(tables.c.id).where(tables.c.status.in_(("waiting", "playing"))).order_by(tables.c.updated_at)
        async with self.engine.connect() as connection:
            return [row.id for row in await connection.execute(query)]

    async def load_unfinished(self) -> list[StoredTable]:
        """Every table still waiting or playing (the server restores them on start)."""
        return await self._load(tables.c.status.in_(("waiting", "playing")))

    async def _load(self, where: Any) -> list[StoredTable]:
        async with self.engine.connect() as connection:
            rows = [dict(r._mapping) for r in await connection.execute(select(tables).where(where))]
            ids = [row["id"] for row in rows]
            if not ids:
                return []
            seat_rows = await connection.execute(
                select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.table_id, seats.c.seat)
            )
            entry_rows = await connection.execute(
                select(entries).where(entries.c.table_id.in_(ids)).order_by(entries.c.table_id, entries.c.seq)
            )
            by_id = {row["id"]: StoredTable(row, [], [], []) for row in rows}
            for seat in seat_rows:
                stored = by_id[seat.table_id]
                stored.seats.append(SeatState(seat.kind, seat.color, seat.name, seat.level, seat.joined))
                stored.token_hashes.append(seat.token_hash)
            for e in entry_rows:
                by_id[e.table_id].entries.append(
                    Entry(e.seq, e.kind, e.seat, e.text, e.actor, e.at, e.ref, after_event=e.after_event)
                )
        return list(by_id.values())

    async def list_tables(
        self, statuses: tuple[str, ...], *, listed_only: bool, limit: int = 100
    ) -> list[dict[str, Any]]:
        """Table rows with these statuses, newest first, with their seats' public facts."""
        query = select(tables).where(tables.c.status.in_(statuses))
        if listed_only:
            query = query.where(tables.c.listed.is_(True))
        query = query.order_by(tables.c.updated_at.desc()).limit(limit)
        async with self.engine.connect() as connection:
            rows = [dict(r._mapping) for r in await connection.execute(query)]
            ids = [row["id"] for row in rows]
            seat_rows: Any = (
                await connection.execute(select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.seat))
                if ids
                else []
            )
            by_id: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
            for seat in seat_rows:
                by_id[seat.table_id].append(
                    {
                        "kind": seat.kind,
                        "color": seat.color,
                        "name": seat.name,
                        "level": seat.level,
                        "joined": seat.joined,
                    }
                )
        for row in rows:
            row["seats"] = by_id[row["id"]]
        return rows

    async def versions(self, table_ids: list[str]) -> dict[str, int]:
        """The stored version of each of these tables (the hub checks its copies with it)."""
        found: dict[str, int] = {}
        async with self.engine.connect() as connection:
            for start in range(0, len(table_ids), 500):
                query = select(tables.c.id, tables.c.version).where(tables.c.id.in_(table_ids[start : start + 500]))
                found.update({row.id: row.version for row in await connection.execute(query)})
        return found
