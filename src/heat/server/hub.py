"""The hub: the live tables of one server process, between the transport and the store.

Every change of a table happens under that table's lock, in this order: the match logic
(``Table``) applies it in memory; the store commits it (a group commit); only then is anyone told
(the decider's ``accepted``, every connection's ``state``). If the commit fails, the table is
rebuilt from the database and the sender is told nothing was applied. Messages go to each
connection through its own queue, so a slow client never holds a table.

Bots are asked in worker processes (``BotPool``); their answers come back through the same
path as a player's decision. One timer per table wakes the stand-ins when a clock runs out.

With several processes (``cluster``, issue 31) each process holds its own copy of the tables its
clients use: a change stored by another process arrives over Redis and is applied to the copy
(or the copy is reloaded); a change made on a copy that was behind loses at the database
(``StaleCommit``), and is made again on the reloaded copy (a decision another process already
applied is then answered ``stale``). Only the process holding a table's lease runs its clocks
and bots.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import gettext
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import orjson
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

from heat import i18n
from heat.engine import HeatError, SeatView
from heat.i18n import error_text
from heat.server.bots import BotPool
from heat.server.messages import CreateTable
from heat.server.records import season_race_records
from heat.server.spec import HUMAN, TableSpec, new_spec
from heat.server.store import Commit, StaleCommit, Store, StoredTable, StoreError
from heat.server.table import (
    CLOSED,
    OVER,
    PLAYER,
    PLAYING,
    WAITING,
    BotRequest,
    Change,
    Entry,
    Refused,
    Table,
)
from heat.server.tokens import match, new_table_id, new_token, token_hash
from heat.server.translate import _

if TYPE_CHECKING:
    from heat.server.cluster import Cluster

log = logging.getLogger("heat.server")

GC_FREEZE_SECONDS = 2.0
GC_THAW_EVERY = 1800
"""Freezes between two full collections (an hour)."""
GC_YOUNG_THRESHOLD = 20_000
QUEUE_LIMIT = 512
"""Messages waiting for one connection at most: a client that reads nothing is dropped."""
COMMIT_TRIES = 5
"""A change made on a copy another process had moved on from is made again on the reloaded
copy this many times at most."""


def table_row(
    table_id: str, table: Table, admin_hash: str, now: float, rematch_of: str | None = None
) -> dict[str, Any]:
    """The ``tables`` row of a new table (``Store.create``)."""
    spec = table.spec
    return {
        "id": table_id,
        "mode": spec.mode,
        "spec": spec.to_json(),
        "status": table.status,
        "listed": spec.listed,
        "title": spec.title,
        "admin_hash": admin_hash,
        "version": table.version,
        "clocks": table.clock_state(),
        "created_at": now,
        "updated_at": now,
        "rematch_of": rematch_of,
        "rematch_id": None,
    }


class HubError(Exception):
    """A request the hub refuses: ``code`` (``not_found``, ``unauthorized``, ``bad_request``,
    ``conflict``) for programs, the text for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(eq=False)
class Conn:
    """One WebSocket: its seat (None: a spectator), its outgoing queue and what it was last sent."""

    seat: int | None
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    events_sent: int = 0
    entries_sent: int = 0
    epoch: int = -1
    closed: bool = False
    close_code: int = 1000
    live: LiveTable | None = None
    language: str = "en"
    """The language its reader asked for (``heat.i18n``): its states and refusals are in it."""
    catalogue: gettext.NullTranslations | None = None
    """The catalogue of ``language`` if it is not one of ``heat.i18n.LANGUAGES`` (a test's ``xx``)."""

    def send(self, text: str) -> None:
        """Queue ``text`` (a client that lets its queue fill up is dropped)."""
        if self.closed:
            return
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.close(1008)
            return
        self.queue.put_nowait(text)

    def close(self, code: int) -> None:
        """Close the socket with ``code`` once what is queued is sent."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.queue.put_nowait(None)

    def send_json(self, data: dict[str, Any]) -> None:
        """Queue a message."""
        self.send(orjson.dumps(data).decode())


@dataclass(eq=False)
class LiveTable:
    """A table in memory with its lock, connections, tokens, timer and bots at work."""

    id: str
    table: Table
    token_hashes: list[str | None]
    admin_hash: str
    stored_version: int
    rematch_id: str | None = None
    rematch_of: str | None = None
    created_at: float = 0.0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Conn] = field(default_factory=set)
    timer: asyncio.TimerHandle | None = None
    timer_at: float | None = None
    """The deadline ``timer`` wakes the table at."""
    bot_jobs: dict[int, int] = field(default_factory=dict)
    remote: list[dict[str, Any]] = field(default_factory=list)
    """Changes other processes stored, waiting to be applied here in order (issue 31)."""
    draining: bool = False

    def connected(self, seat: int) -> bool:
        """Has ``seat`` an open connection?"""
        return any(conn.seat == seat for conn in self.conns)


class Metrics:
    """The Prometheus metrics of one hub (its own registry: several hubs may live in one process)."""

    def __init__(self, hub: Hub) -> None:
        self.registry = CollectorRegistry()
        self.decisions = Counter(
            "heat_decisions", "Decisions accepted (players, bots, stand-ins)", registry=self.registry
        )
        self.latency = Histogram(
            "heat_decision_latency_seconds",
            "From a player's decision received to every seat's update queued (commit included)",
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
            registry=self.registry,
        )
        self.conflicts = Counter(
            "heat_commit_conflicts",
            "Changes made on a copy another process had moved on from (made again on the new state)",
            registry=self.registry,
        )
        self.batch = Histogram(
            "heat_commit_batch_size",
            "Changes written per database transaction",
            buckets=(1, 2, 5, 10, 20, 50, 100, 200, 500),
            registry=self.registry,
        )
        tables = Gauge("heat_tables_open", "Tables waiting or playing", registry=self.registry)
        tables.set_function(
            lambda: sum(t.table.status in (WAITING, PLAYING) for t in hub.tables.values()) + len(hub.unrestored())
        )
        clients = Gauge("heat_connected_clients", "Open WebSocket connections", registry=self.registry)
        clients.set_function(lambda: sum(len(t.conns) for t in hub.tables.values()))
        rate = Gauge("heat_decisions_per_second", "Decisions accepted per second (last 10 s)", registry=self.registry)
        rate.set_function(hub.decisions_per_second)


class Hub:
    """The live tables and every operation on them."""

    def __init__(
        self,
        store: Store,
        bots: BotPool,
        *,
        away_grace: float = 15.0,
        allow_positions: bool = False,
        clock: Callable[[], float] = time.time,
        max_message_bytes: int = 16_384,
        rate_per_second: float = 20.0,
        cluster: Cluster | None = None,
    ) -> None:
        self.store = store
        self.cluster = cluster
        """The other processes on this database (None: this process is alone, on SQLite)."""
        self.max_message_bytes = max_message_bytes
        self.rate_per_second = rate_per_second
        self.bots = bots
        self.away_grace = away_grace
        self.allow_positions = allow_positions
        self.clock = clock
        self.tables: dict[str, LiveTable] = {}
        self.metrics = Metrics(self)
        store.on_batch = self.metrics.batch.observe
        self._recent: deque[float] = deque()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loading: dict[str, asyncio.Lock] = {}
        self._unrestored: list[str] = []
        """Tables waiting or playing when the server started, not yet in memory (newest last)."""

    # ------------------------------------------------------------------ start and stop

    async def start(self) -> None:
        """Serve at once, and restore every table still waiting or playing, with its clocks and
        bots, in the background: a table is replayed when it is first asked for, or by the
        restoring task, one table at a time between other work (a replay takes ~20 ms)."""
        self._spawn(self._keep_collector_short())
        if self.cluster is not None:  # this process restores the tables whose leases it takes
            await self.cluster.start(
                on_change=self.remote_change,
                on_presence=self.presence_changed,
                on_resync=self.resync,
                local_presence=self.local_presence,
                on_gained=self.gained,
                on_lost=self.lost,
            )
            return
        self._unrestored = await self.store.unfinished_ids()
        self._spawn(self._restore_all())

    async def _restore_all(self) -> None:
        restored = 0
        while self._unrestored:
            table_id = self._unrestored[-1]
            if table_id not in self.tables:
                with contextlib.suppress(HubError):
                    await self.get(table_id)
                    restored += 1
            self._unrestored.pop()
            await asyncio.sleep(0)  # let waiting requests and decisions go first
        log.info("restored %d tables", restored)

    async def _keep_collector_short(self) -> None:
        """Keep Python's cycle collector from pausing every table for long.

        The races' states and event logs are many objects that live long; a full collection
        scanning them all stopped the server for 0.5 to 0.8 s at 300 tables. Playing makes no
        reference cycles (the engine's and the hub's hot paths are kept free of them), so the
        objects alive are frozen (``gc.freeze``: the collector no longer scans them) every
        ``GC_FREEZE_SECONDS``, and the young generation's threshold is raised (a collection per
        20,000 new objects, most of which die young first). Every ``GC_THAW_EVERY`` freezes they
        are let back and fully collected once (one longer pause, an hour apart), so that the
        few cycles frozen with them (a closed connection's) are reclaimed: memory stays
        bounded."""
        gc.collect()
        gc.freeze()
        gc.set_threshold(GC_YOUNG_THRESHOLD, 20, 100)
        rounds = 0
        while True:
            await asyncio.sleep(GC_FREEZE_SECONDS)
            rounds += 1
            if rounds % GC_THAW_EVERY == 0:
                gc.unfreeze()
                gc.collect()
            gc.freeze()

    async def stop(self) -> None:
        """Close every connection (going away) and stop the timers and bot tasks; let the
        leases go (another process takes the tables over at once)."""
        if self.cluster is not None:
            await self.cluster.stop()
        for live in self.tables.values():
            if live.timer is not None:
                live.timer.cancel()
            for conn in list(live.conns):
                conn.close(1001)  # going away
        for task in list(self._tasks):
            task.cancel()

    def _live(self, stored: StoredTable) -> LiveTable:
        row = stored.row
        spec = TableSpec.from_json(row["spec"])
        table = Table.restore(
            spec, stored.seats, row["status"], stored.entries, row["clocks"], self.clock(), away_grace=self.away_grace
        )
        return LiveTable(
            row["id"],
            table,
            stored.token_hashes,
            row["admin_hash"],
            row["version"],
            row["rematch_id"],
            row["rematch_of"],
            row["created_at"],
        )

    async def get(self, table_id: str) -> LiveTable:
        """The table ``table_id``, loaded from the database if it is not in memory."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self.tables.get(table_id)
            if live is None:
                try:
                    stored = await self.store.load(table_id) if len(table_id) <= 32 else None
                except Exception as error:  # the database is away
                    log.error("table %s: cannot load it: %s", table_id, error)
                    raise HubError("unavailable", _("the database is unavailable: try again in a moment")) from None
                if stored is None:
                    raise HubError("not_found", _("there is no table {table}", table=repr(table_id)))
                live = self._live(stored)
                self._fix_presence(live)
                self.tables[table_id] = live
                if live.table.status in (WAITING, PLAYING):
                    self._follow_up(live)  # its bots and clocks go on
        return live

    # ------------------------------------------------------------------ tables

    async def create(self, request: CreateTable) -> dict[str, Any]:
        """A new table; its invitations (one token per open seat) and admin token, returned once."""
        if request.position is not None and not self.allow_positions:
            raise HubError("bad_request", _("position: this server does not start tables from positions"))
        try:
            spec = new_spec(
                [(seat.kind, seat.level, seat.color) for seat in request.seats],
                **request.model_dump(exclude={"seats"}),
            )
        except HeatError as error:
            raise HubError("bad_request", error_text(error)) from None
        table = Table.new(spec, away_grace=self.away_grace)
        tokens = [new_token() if seat.kind == HUMAN else None for seat in table.seats]
        admin = new_token()
        now = self.clock()
        while True:
            table_id = new_table_id()
            if table_id not in self.tables and await self.store.load(table_id) is None:
                break
        hashes = [token_hash(t) if t else None for t in tokens]
        await self.store.create(
            table_row(table_id, table, token_hash(admin), now),
            list(zip(table.seats, hashes, strict=True)),
            [],
            self._new_lease(),
        )
        self._owned(table_id)
        self.tables[table_id] = LiveTable(table_id, table, hashes, token_hash(admin), 0, created_at=now)
        return {
            "table": table_id,
            "admin_token": admin,
            "seats": [
                {"seat": i, "kind": s.kind, "color": s.color, "name": s.name, "token": tokens[i]}
                for i, s in enumerate(table.seats)
            ],
        }

    def info(self, live: LiveTable) -> dict[str, Any]:
        """The public facts of a table (no seed, no token)."""
        table = live.table
        seats = [{**s.to_json(), "connected": live.connected(i)} for i, s in enumerate(table.seats)]
        return {
            "table": live.id,
            "title": table.spec.title,
            "status": table.status,
            "spec": table.spec.public_json(),
            "seats": seats,
            "version": table.version,
            "result": table.result(),
            "rematch": live.rematch_id,
            "rematch_of": live.rematch_of,
            "created_at": live.created_at,
        }

    async def lobby(self, statuses: tuple[str, ...], *, listed_only: bool) -> list[dict[str, Any]]:
        """Tables by status (the lobby: listed tables waiting for players)."""
        rows = await self.store.list_tables(statuses, listed_only=listed_only)
        return [
            {
                "table": row["id"],
                "title": row["title"],
                "status": row["status"],
                "mode": row["mode"],
                "seats": row["seats"],
                "created_at": row["created_at"],
                "updated_at": row["updated_at"],
            }
            for row in rows
        ]

    def seat_of(self, live: LiveTable, token: str | None) -> int | None:
        """The seat ``token`` opens (None: none given, a spectator); HubError if it opens none."""
        if token is None:
            return None
        seat = match(token, live.token_hashes)
        if seat is None:
            raise HubError("unauthorized", _("this token opens no seat of table {table}", table=live.id))
        return seat

    def check_admin(self, live: LiveTable, token: str | None) -> None:
        """HubError unless ``token`` is the table's admin token."""
        if token is None or match(token, [live.admin_hash]) is None:
            raise HubError("unauthorized", _("this is not the admin token of table {table}", table=live.id))

    # ------------------------------------------------------------------ changes

    async def _commit(
        self,
        live: LiveTable,
        change: Change | Refused,
        conn: Conn | None,
        ref: Any = None,
        redo: Callable[[], Change | Refused] | None = None,
    ) -> bool:
        """Store ``change`` (held under ``live.lock``), then tell everyone; a refusal goes to
        ``conn`` only. False if nothing was applied. If another process moved the table on
        first, the copy is reloaded and ``redo`` makes the change again on it."""
        table = live.table
        for attempt in range(COMMIT_TRIES):
            if isinstance(change, Refused):
                if conn is not None:
                    conn.send_json(
                        {
                            "type": "refused",
                            "code": change.code,
                            "message": change.message,
                            "id": ref,
                            "version": live.table.version,
                        }
                    )
                return False
            table = live.table
            if not change.entries and not table.seats_changed:
                return True
            commit = Commit(
                live.id,
                live.stored_version,
                table.version,
                table.status,
                table.clock_state(),
                change.entries,
                list(zip(table.seats, live.token_hashes, strict=True)) if table.seats_changed else None,
                table.spec.to_json() if table.seats_changed else None,
            )
            try:
                await self.store.commit(commit)
                break
            except StaleCommit:
                # Another process logged this step first: our copy was behind.
                self.metrics.conflicts.inc()
                await self._reload(live)
                if redo is None or attempt == COMMIT_TRIES - 1:
                    if conn is not None:
                        conn.send_json(
                            {
                                "type": "refused",
                                "code": "stale",
                                "message": _("the table changed meanwhile: decide again on the new position"),
                                "id": ref,
                                "version": live.table.version,
                            }
                        )
                    self._follow_up(live)
                    return False
                change = redo()
            except StoreError as error:
                log.error("table %s: %s", live.id, error)
                if conn is not None:
                    conn.send_json(
                        {
                            "type": "error",
                            "code": "store_failed",
                            "message": _("the server could not save that: nothing changed"),
                        }
                    )
                await self._reload(live)
                return False
        else:
            return False
        if self.cluster is not None:
            self.cluster.publish_change(
                {
                    "t": live.id,
                    "o": commit.old_version,
                    "n": commit.new_version,
                    "s": commit.status,
                    "c": commit.clocks,
                    "seats": commit.seats is not None,
                    "e": [[e.seq, e.kind, e.seat, e.text, e.actor, e.at, e.ref, e.after_event] for e in change.entries],
                }
            )
        live.stored_version = table.version
        table.seats_changed = False
        decisions = sum(e.kind == "decision" for e in change.entries)
        if decisions:
            self.metrics.decisions.inc(decisions)
            now = time.monotonic()
            self._recent.extend([now] * decisions)
        if conn is not None:
            conn.send_json({"type": "accepted", "id": ref, "version": table.version})
        self._broadcast(live, full=change.rebuilt)
        self._follow_up(live)
        return True

    async def _reload(self, live: LiveTable) -> None:
        """Rebuild ``live``'s table from the database (after a failed commit). If the database
        cannot be read either, the table leaves memory (its copy may hold a change that was not
        stored) and its sockets close with 1012: the clients come back and find it as stored."""
        try:
            stored = await self.store.load(live.id)
        except Exception as error:
            log.error(
                "table %s: cannot read it back (%s): its sockets close until the database is back", live.id, error
            )
            if self.tables.get(live.id) is live:
                del self.tables[live.id]
            if live.timer is not None:
                live.timer.cancel()
                live.timer = None
            for conn in list(live.conns):
                conn.close(1012)
            return
        if stored is not None:
            fresh = self._live(stored)
            live.table = fresh.table
            live.token_hashes = fresh.token_hashes
            live.stored_version = fresh.stored_version
            live.rematch_id = fresh.rematch_id
            self._fix_presence(live)
        self._broadcast(live, full=True)

    def _fix_presence(self, live: LiveTable) -> None:
        """Who is away, after a reload: the human seats connected to no process."""
        table = live.table
        elsewhere = self.cluster.connected_elsewhere(live.id) if self.cluster is not None else set()
        now = self.clock()
        for seat, state in enumerate(table.seats):
            if live.connected(seat) or seat in elsewhere:
                table.away.pop(seat, None)
            elif table.status == PLAYING and state.kind == HUMAN:
                table.away.setdefault(seat, now)

    # ------------------------------------------------------------------ several processes (issue 31)

    def owns(self, table_id: str) -> bool:
        """Does this process run ``table_id``'s clocks and bots (it holds its lease)?"""
        return self.cluster is None or table_id in self.cluster.owned

    def _new_lease(self) -> tuple[str, float]:
        return self.cluster.leases.new_lease() if self.cluster is not None else ("", 0.0)

    def _owned(self, table_id: str) -> None:
        """A table this process created, with its lease, is stored: it runs its clocks and bots."""
        if self.cluster is not None:
            self.cluster.owned.add(table_id)

    async def remote_change(self, message: dict[str, Any]) -> None:
        """Another process stored a change: queue it for this copy. Never waits for the table's
        lock (the bus reads every table's news in one task: one busy table must not hold up the
        others); each table's news is applied in order by a task of its own."""
        live = self.tables.get(str(message["t"]))
        if live is None:
            return  # not in memory here: loaded from the database when asked for
        live.remote.append(message)
        if not live.draining:
            live.draining = True
            self._spawn(self._apply_remote(live))

    async def _apply_remote(self, live: LiveTable) -> None:
        """Apply ``live``'s queued news to the copy (or reload the copy if a message was
        missed), then update this process's clients."""
        try:
            async with live.lock:
                messages, live.remote = live.remote, []
                reload = applied = False
                for message in messages:
                    if int(message["n"]) <= live.stored_version or reload:
                        continue  # known already (a message that came late), or reloading anyway
                    entries = [
                        Entry(
                            int(seq),
                            str(kind),
                            int(seat),
                            str(text),
                            str(actor),
                            float(at),
                            int(ref),
                            after_event=int(n),
                        )
                        for seq, kind, seat, text, actor, at, ref, n in message["e"]
                    ]
                    follows = int(message["o"]) == live.stored_version and not message["seats"]
                    if follows and self._catch_up(live, entries, message):
                        live.stored_version = live.table.version
                        applied = True
                    else:
                        reload = True
                if reload:
                    await self._reload(live)
                elif applied:
                    self._broadcast(live)
                if reload or applied:
                    self._follow_up(live)
        finally:
            live.draining = False
            if live.remote:  # news that came while this ran
                live.draining = True
                self._spawn(self._apply_remote(live))

    def _catch_up(self, live: LiveTable, entries: list[Entry], message: dict[str, Any]) -> bool:
        try:
            return live.table.catch_up(entries, str(message["s"]), message["c"])
        except Exception:  # a copy that cannot follow is reloaded from the database
            log.exception("table %s: could not apply a change from another process", live.id)
            return False

    async def resync(self) -> None:
        """Reload the tables in memory that the database has newer (Redis was away)."""
        versions = await self.store.versions(list(self.tables))
        for table_id, version in versions.items():
            live = self.tables.get(table_id)
            if live is None or version <= live.stored_version:
                continue
            async with live.lock:
                if version > live.stored_version:
                    await self._reload(live)
                    self._follow_up(live)

    async def gained(self, table_ids: list[str]) -> None:
        """This process took over these tables' leases: run their clocks and bots."""
        for table_id in table_ids:
            live = self.tables.get(table_id)
            if live is None:
                with contextlib.suppress(HubError):
                    await self.get(table_id)  # loads it and starts its bots and clocks
                continue
            async with live.lock:
                await self._reload(live)  # the copy may be behind the process that died
                self._follow_up(live)

    def lost(self, table_ids: set[str]) -> None:
        """Another process holds these tables' leases now: stop their clocks and bots here."""
        for table_id in table_ids:
            live = self.tables.get(table_id)
            if live is None:
                continue
            if live.timer is not None:
                live.timer.cancel()
                live.timer = None
            live.bot_jobs.clear()
            if not live.conns:
                self.tables.pop(table_id, None)

    def presence_changed(self, table_id: str) -> None:
        """Seats of ``table_id`` connected or left on another process."""
        live = self.tables.get(table_id)
        if live is None:
            return
        self._fix_presence(live)
        if live.table.status == PLAYING:
            self._set_timer(live)
        self._broadcast(live)

    def local_presence(self) -> dict[str, list[int]]:
        """The seats connected to this process, by table."""
        seats: dict[str, list[int]] = {}
        for table_id, live in self.tables.items():
            connected = sorted({conn.seat for conn in live.conns if conn.seat is not None})
            if connected:
                seats[table_id] = connected
        return seats

    def _publish_presence(self, live: LiveTable) -> None:
        if self.cluster is not None:
            self.cluster.publish_presence(live.id, sorted({c.seat for c in live.conns if c.seat is not None}))

    def _broadcast(self, live: LiveTable, *, full: bool = False) -> None:
        """Queue each connection's state: built once per kind of recipient."""
        cache: dict[tuple[Any, ...], str] = {}
        table = live.table
        race = table.race
        events = len(race.log) if race is not None and race.log is not None else 0
        seats = self._seats_json(live)
        views = table.views(list({conn.seat: None for conn in live.conns}))
        for conn in list(live.conns):
            whole = full or conn.epoch != table.epoch
            key = (conn.seat, whole, conn.events_sent, conn.entries_sent, conn.language)
            text = cache.get(key)
            if text is None:
                text = cache[key] = self._state_text(live, conn, whole, seats, views)
            conn.send(text)
            conn.events_sent, conn.entries_sent, conn.epoch = events, len(table.entries), table.epoch

    def _seats_json(self, live: LiveTable) -> orjson.Fragment:
        """Every seat's public facts and whether it is connected (to any process), as JSON."""
        connected: set[int | None] = {conn.seat for conn in live.conns}
        if self.cluster is not None:
            connected |= self.cluster.connected_elsewhere(live.id)
        return orjson.Fragment(
            orjson.dumps([{**s.to_json(), "connected": i in connected} for i, s in enumerate(live.table.seats)])
        )

    def _state_text(
        self,
        live: LiveTable,
        conn: Conn,
        full: bool,
        seats: orjson.Fragment | None = None,
        views: dict[int | None, SeatView | None] | None = None,
    ) -> str:
        extra = {
            "type": "state",
            "table": live.id,
            "full": full,
            "rematch": live.rematch_id,
            "seats": seats if seats is not None else self._seats_json(live),
        }
        start_events, start_entries = (0, 0) if full else (conn.events_sent, conn.entries_sent)
        with i18n.using(conn.language, conn.catalogue):  # the log and the notices in the reader's language
            return live.table.state_json(conn.seat, start_events, start_entries, extra, views).decode()

    def _follow_up(self, live: LiveTable) -> None:
        """After a change: ask the bots, set the timer, let a finished table's bots go."""
        table = live.table
        if table.status != PLAYING or not self.owns(live.id):
            if live.timer is not None:
                live.timer.cancel()
                live.timer = None
            if table.status in (OVER, CLOSED):
                self.bots.forget(live.id)
            return
        for request in table.bot_requests():
            if live.bot_jobs.get(request.seat) == request.asked_at:
                continue
            live.bot_jobs[request.seat] = request.asked_at
            self._spawn(self._run_bot(live, request))
        self._set_timer(live)

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _set_timer(self, live: LiveTable) -> None:
        if not self.owns(live.id):
            return  # the lease owner runs the clocks
        deadline = live.table.next_deadline()
        if live.timer is not None:
            if deadline == live.timer_at:
                return  # most decisions move no clock of a waiting player: the timer stays
            live.timer.cancel()
            live.timer = None
        if deadline is None:
            return
        delay = max(0.0, deadline - self.clock())
        live.timer_at = deadline
        live.timer = asyncio.get_running_loop().call_later(delay, lambda: self._spawn(self._on_timer(live)))

    async def _on_timer(self, live: LiveTable) -> None:
        async with live.lock:
            live.timer = None
            if not self.owns(live.id):
                return
            change = live.table.check_clocks(self.clock())
            if change.entries:
                await self._commit(live, change, None)
            else:
                self._set_timer(live)

    async def _run_bot(self, live: LiveTable, request: BotRequest) -> None:
        try:
            text = await self.bots.decide(live.id, request)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception(
                "table %s: the bot at seat %d failed; it takes its first legal decision", live.id, request.seat
            )
            text = request.legal[0].text()
        async with live.lock:
            if live.bot_jobs.get(request.seat) == request.asked_at:
                del live.bot_jobs[request.seat]
            if not self.owns(live.id):
                return  # the lease moved on while the bot thought: its new owner asks its own
            change = live.table.bot_decides(request, text, self.clock())
            if isinstance(change, Refused):
                self._follow_up(live)  # the question changed: ask again if needed
                return
            await self._commit(live, change, None)

    # ------------------------------------------------------------------ connections

    async def connect(self, table_id: str, token: str | None, name: str | None) -> tuple[LiveTable, Conn]:
        """Open a connection to ``table_id`` as the seat ``token`` opens (None: a spectator),
        taking the seat under ``name`` if the player has not yet; its first messages queued."""
        live = await self.get(table_id)
        seat = self.seat_of(live, token)
        # The language of this request (the transport's ``heat.i18n.using``) is the reader's.
        language = i18n.language()
        conn = Conn(
            seat, live=live, language=language, catalogue=None if language in i18n.LANGUAGES else i18n.translations()
        )
        async with live.lock:
            table = live.table
            now = self.clock()
            change: Change | Refused = Change()
            if seat is not None:
                state = table.seats[seat]
                if state.kind != HUMAN:
                    raise HubError("unauthorized", _("seat {seat} is not a player's seat now", seat=seat))
                if name is None and not state.joined and table.status in (WAITING, PLAYING):
                    raise HubError("bad_request", _("name: type a display name to take your seat"))
                change = table.join(seat, name or state.name, now) if name is not None else table.seat_back(seat, now)
                if isinstance(change, Refused) and change.code == "bad_name":
                    raise HubError("bad_request", change.message)
            live.conns.add(conn)
            self._publish_presence(live)
            conn.send_json(
                {
                    "type": "welcome",
                    "table": live.id,
                    "seat": seat,
                    "name": table.seats[seat].name if seat is not None else None,
                    "max_message_bytes": self.max_message_bytes,
                    "rate_per_second": self.rate_per_second,
                }
            )
            if isinstance(change, Change) and (change.entries or table.seats_changed):
                assert seat is not None
                taken: int = seat

                def again() -> Change | Refused:
                    if name is not None:
                        return live.table.join(taken, name, self.clock())
                    return live.table.seat_back(taken, self.clock())

                await self._commit(live, change, None, redo=again)
            else:
                self._broadcast(live)  # the newcomer gets everything, the others who is connected
        return live, conn

    async def disconnect(self, conn: Conn) -> None:
        """A connection closed."""
        live = conn.live
        if live is None or conn not in live.conns:
            return
        async with live.lock:
            live.conns.discard(conn)
            self._publish_presence(live)
            elsewhere = self.cluster.connected_elsewhere(live.id) if self.cluster is not None else set()
            if conn.seat is not None and not live.connected(conn.seat) and conn.seat not in elsewhere:
                live.table.seat_away(conn.seat, self.clock())
                if live.table.status == PLAYING:
                    self._set_timer(live)
            self._broadcast(live)
        if not live.conns and (live.table.status in (OVER, CLOSED) or not self.owns(live.id)):
            self.tables.pop(live.id, None)  # kept in the database; loaded again when asked

    async def decide(self, conn: Conn, seq: int, text: str, ref: Any) -> None:
        """A player's decision."""
        live, seat = self._seat(conn)
        started = time.perf_counter()
        async with live.lock:
            table = live.table
            back = table.seat_back(seat, self.clock()) if seat in table.standins else None
            if back is not None and back.entries:
                await self._commit(live, back, None, redo=lambda: live.table.seat_back(seat, self.clock()))
            change = live.table.decide(seat, seq, text, PLAYER, self.clock())
            redo = lambda: live.table.decide(seat, seq, text, PLAYER, self.clock())  # noqa: E731
            if await self._commit(live, change, conn, ref, redo):
                self.metrics.latency.observe(time.perf_counter() - started)

    async def undo(self, conn: Conn, seq: int) -> None:
        """A player takes back their last decision."""
        live, seat = self._seat(conn)
        async with live.lock:

            def undo() -> Change | Refused:
                return live.table.undo(seat, seq, self.clock())

            await self._commit(live, undo(), conn, redo=undo)

    async def back(self, conn: Conn) -> None:
        """A player says they are here: their stand-in stops."""
        live, seat = self._seat(conn)
        async with live.lock:

            def back() -> Change | Refused:
                return live.table.seat_back(seat, self.clock())

            await self._commit(live, back(), None, redo=back)

    def sync(self, conn: Conn) -> None:
        """Send the whole state again."""
        live = conn.live
        assert live is not None
        conn.send(self._state_text(live, conn, True))
        table = live.table
        race = table.race
        conn.events_sent = len(race.log) if race is not None and race.log is not None else 0
        conn.entries_sent, conn.epoch = len(table.entries), table.epoch

    @staticmethod
    def _seat(conn: Conn) -> tuple[LiveTable, int]:
        if conn.seat is None or conn.live is None:
            raise HubError("unauthorized", _("a spectator cannot play: connect with a seat's token"))
        return conn.live, conn.seat

    # ------------------------------------------------------------------ HTTP actions

    async def join(self, table_id: str, token: str | None, name: str) -> dict[str, Any]:
        """Take the seat of ``token`` under ``name`` (the WebSocket ``hello`` does the same)."""
        live = await self.get(table_id)
        seat = self.seat_of(live, token)
        if seat is None:
            raise HubError("unauthorized", _("give your invitation's token (Authorization: Bearer TOKEN)"))
        async with live.lock:
            change = live.table.join(seat, name, self.clock())
            if isinstance(change, Refused):
                raise HubError("bad_request" if change.code == "bad_name" else "conflict", change.message)
            await self._commit(live, change, None, redo=lambda: live.table.join(seat, name, self.clock()))
        return {"table": live.id, "seat": seat, "name": live.table.seats[seat].name, "status": live.table.status}

    async def admin_start(self, table_id: str, token: str | None) -> dict[str, Any]:
        """The creator starts now; open seats become bots."""
        live = await self.get(table_id)
        self.check_admin(live, token)
        async with live.lock:
            change = live.table.start(self.clock(), fill=True)
            if isinstance(change, Refused):
                raise HubError("conflict", change.message)
            await self._commit(live, change, None, redo=lambda: live.table.start(self.clock(), fill=True))
        return self.info(live)

    async def admin_free(self, table_id: str, token: str | None, seat: int) -> dict[str, Any]:
        """The creator removes a seat's player: a new invitation for the seat, returned once."""
        live = await self.get(table_id)
        self.check_admin(live, token)
        if not 0 <= seat < len(live.table.seats):
            raise HubError("bad_request", _("seat: there is no seat {seat}", seat=seat))
        fresh = new_token()
        async with live.lock:
            change = live.table.free_seat(seat, self.clock())
            if isinstance(change, Refused):
                raise HubError("conflict", change.message)
            old = live.token_hashes[seat]
            live.token_hashes[seat] = token_hash(fresh)
            if not await self._commit(live, change, None):
                live.token_hashes[seat] = old
                raise HubError("conflict", _("the server could not save that: nothing changed"))
            for conn in list(live.conns):
                if conn.seat == seat:
                    with i18n.using(conn.language, conn.catalogue):  # the removed player's language
                        removed = _("the table's creator removed you from this seat")
                    conn.send_json({"type": "error", "code": "removed", "message": removed})
                    conn.close(4403)
        return {"table": live.id, "seat": seat, "token": fresh}

    async def admin_close(self, table_id: str, token: str | None) -> dict[str, Any]:
        """The creator closes the table."""
        live = await self.get(table_id)
        self.check_admin(live, token)
        async with live.lock:
            change = live.table.close(self.clock())
            if isinstance(change, Refused):
                raise HubError("conflict", change.message)
            await self._commit(live, change, None, redo=lambda: live.table.close(self.clock()))
        return self.info(live)

    async def rematch(self, table_id: str, token: str | None) -> dict[str, Any]:
        """A new table with the same seats, once the game is over; a seat's token (or the admin
        token) of this table opens the same seat (or admin) of the rematch."""
        live = await self.get(table_id)
        if token is None or (match(token, live.token_hashes) is None and match(token, [live.admin_hash]) is None):
            raise HubError(
                "unauthorized", _("only a player or the creator of table {table} can ask for a rematch", table=table_id)
            )
        async with live.lock:
            table = live.table
            if table.status != OVER:
                raise HubError("conflict", _("a rematch opens once the game is over"))
            if live.rematch_id is None:
                spec = replace(table.spec, position=None, chosen_seed=False, seed=new_spec_seed())
                fresh = Table.new(spec, away_grace=self.away_grace)
                for old, seat in zip(table.seats, fresh.seats, strict=True):
                    if old.kind == HUMAN:
                        seat.name = old.name
                now = self.clock()
                while True:
                    new_id = new_table_id()
                    if new_id not in self.tables and await self.store.load(new_id) is None:
                        break
                await self.store.create(
                    table_row(new_id, fresh, live.admin_hash, now, rematch_of=live.id),
                    list(zip(fresh.seats, live.token_hashes, strict=True)),
                    [],
                    self._new_lease(),
                )
                self._owned(new_id)
                self.tables[new_id] = LiveTable(
                    new_id, fresh, list(live.token_hashes), live.admin_hash, 0, rematch_of=live.id, created_at=now
                )
                await self.store.set_rematch(live.id, new_id)
                live.rematch_id = new_id
                for conn in list(live.conns):
                    conn.send_json({"type": "rematch", "table": new_id})
        return {"table": live.rematch_id}

    async def record(self, table_id: str, race: int | None = None) -> dict[str, Any]:
        """The finished game's record (``race``: one race of a finished championship)."""
        live = await self.get(table_id)
        record = live.table.record()
        if record is None:
            raise HubError(
                "conflict",
                _("the record can be downloaded once the game is over (it holds the seed, which tells every card)"),
            )
        if race is None:
            return record
        if live.table.season is None:
            raise HubError("bad_request", _("race: this table plays a single race"))
        races = season_race_records(record)
        if not 1 <= race <= len(races):
            raise HubError("not_found", _("race: the championship had races 1 to {last}", last=len(races)))
        return races[race - 1]

    def unrestored(self) -> list[str]:
        """Tables waiting or playing still to be loaded after a start."""
        return [table_id for table_id in self._unrestored if table_id not in self.tables]

    def decisions_per_second(self) -> float:
        """Decisions accepted per second over the last 10 seconds."""
        now = time.monotonic()
        recent = self._recent
        while recent and recent[0] < now - 10:
            recent.popleft()
        return len(recent) / 10.0


def new_spec_seed() -> int:
    """A fresh secret seed."""
    import secrets

    return secrets.randbelow(2**31)
