"""Redis publish/subscribe between the server processes of one database (issue 31).

After a change of a table is stored, the process that made it publishes the change (its new log
entries, status and clocks, as JSON) on ``heat:changes``; every other process that has the table
in memory applies it to its copy and sends its own clients their update. Which seats have a
connection on which process goes on ``heat:presence``: each process says so when it changes and
every ``PRESENCE_SECONDS`` (its heartbeat), so that a process that died is forgotten.

Redis carries news, never the truth: the database holds every change. A message lost (Redis
restarted, a process too slow) is made up for from the database: a copy that finds a gap in the
versions reloads the table, and after Redis comes back every process checks the versions of its
tables (``on_resync``). Publishing never waits: messages queue for one sender task, and while
Redis is away they are dropped (the database has them).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
import redis.asyncio as redis
from redis.exceptions import RedisError

log = logging.getLogger("heat.server")

CHANGES = "heat:changes"
PRESENCE = "heat:presence"
PRESENCE_SECONDS = 2.0
"""A process says which seats it has connected this often (and when they change)."""
FORGET_AFTER = 3 * PRESENCE_SECONDS
"""A process not heard from for this long has no connections any more (it died)."""
RETRY_SECONDS = 0.5
QUEUE_LIMIT = 10_000
"""Messages waiting to be published at most (past that, while Redis is slow or away, dropped)."""


class Bus:
    """This process's side of the publish/subscribe: ``start``, ``publish``, ``stop``."""

    def __init__(
        self,
        url: str,
        process: str,
        *,
        on_change: Callable[[dict[str, Any]], Awaitable[None]],
        on_presence: Callable[[str], None],
        on_resync: Callable[[], Awaitable[None]],
        local_presence: Callable[[], dict[str, list[int]]],
    ) -> None:
        self.url = url
        self.process = process
        self.on_change = on_change
        self.on_presence = on_presence
        self.on_resync = on_resync
        self.local_presence = local_presence
        self.up = False
        """Subscribed now (False: Redis is away; the hub polls the database meanwhile)."""
        self._remote: dict[str, tuple[float, dict[str, set[int]]]] = {}
        """Each other process: when last heard, and its connected seats by table."""
        self._outbox: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[Any]] = []
        self._client: redis.Redis | None = None

    async def start(self) -> None:
        """Connect and subscribe in the background (a Redis away at start is retried)."""
        self._client = redis.Redis.from_url(self.url, socket_timeout=5.0, socket_connect_timeout=2.0)
        self._tasks = [
            asyncio.create_task(self._listen(), name="heat-bus-listen"),
            asyncio.create_task(self._send(), name="heat-bus-send"),
            asyncio.create_task(self._heartbeat(), name="heat-bus-heartbeat"),
        ]

    async def stop(self) -> None:
        """Say this process has no connections any more, and stop."""
        with contextlib.suppress(RedisError, OSError, TimeoutError):
            if self._client is not None and self.up:
                await asyncio.wait_for(self._client.publish(PRESENCE, self._presence_message({}, full=True)), 1.0)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.aclose()

    # ------------------------------------------------------------------ sending

    def publish_change(self, message: dict[str, Any]) -> None:
        """Queue a stored change for the other processes (never waits)."""
        self._queue(CHANGES, orjson.dumps({**message, "p": self.process}))

    def publish_presence(self, table_id: str, seats: list[int]) -> None:
        """Queue the seats of ``table_id`` connected to this process now."""
        self._queue(PRESENCE, self._presence_message({table_id: seats}, full=False))

    def _presence_message(self, tables: dict[str, list[int]], *, full: bool) -> bytes:
        return orjson.dumps({"p": self.process, "full": full, "tables": tables})

    def _queue(self, channel: str, data: bytes) -> None:
        if not self.up or self._outbox.qsize() >= QUEUE_LIMIT:
            return  # the database has it; the others catch up when Redis is back
        self._outbox.put_nowait((channel, data))

    async def _send(self) -> None:
        assert self._client is not None
        while True:
            first = await self._outbox.get()
            batch = [first]
            while not self._outbox.empty() and len(batch) < 256:
                batch.append(self._outbox.get_nowait())
            try:
                async with self._client.pipeline(transaction=False) as pipe:
                    for channel, data in batch:
                        pipe.publish(channel, data)
                    await pipe.execute()
            except (RedisError, OSError, TimeoutError) as error:
                log.warning("redis: %d messages not published (%s); the others read the database", len(batch), error)

    async def _heartbeat(self) -> None:
        assert self._client is not None
        while True:
            await asyncio.sleep(PRESENCE_SECONDS)
            if self.up:  # while Redis is away nobody is heard: forget nobody
                self._forget_silent()
                self._queue(PRESENCE, self._presence_message(self.local_presence(), full=True))

    # ------------------------------------------------------------------ receiving

    async def _listen(self) -> None:
        """Subscribe, and again after Redis went away; then ask the hub to check its tables."""
        assert self._client is not None
        while True:
            pubsub = self._client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANGES, PRESENCE)
                self.up = True
                log.info("redis: subscribed")
                self._queue(PRESENCE, self._presence_message(self.local_presence(), full=True))
                await self.on_resync()  # what was published while we were not listening
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    if message is None or message.get("type") != "message":
                        continue
                    await self._dispatch(message["channel"], message["data"])
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError, TimeoutError) as error:
                if self.up:
                    log.warning("redis: connection lost (%s): reading the database until it is back", error)
                self.up = False
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            await asyncio.sleep(RETRY_SECONDS)

    async def _dispatch(self, channel: bytes, data: bytes) -> None:
        try:
            message = orjson.loads(data)
        except orjson.JSONDecodeError:
            return
        if not isinstance(message, dict) or message.get("p") == self.process:
            return
        if channel == CHANGES.encode():
            try:
                await self.on_change(message)
            except Exception:
                log.exception("applying a change from process %s", message.get("p"))
        elif channel == PRESENCE.encode():
            self._presence(message)

    def _presence(self, message: dict[str, Any]) -> None:
        process = str(message["p"])
        tables: dict[str, list[int]] = message.get("tables", {})
        _, known = self._remote.get(process, (0.0, {}))
        before = set(known)
        if message.get("full"):
            changed = {t for t in set(tables) | before if set(tables.get(t, [])) != known.get(t, set())}
            known = {t: set(seats) for t, seats in tables.items() if seats}
        else:
            changed = {t for t in tables if set(tables[t]) != known.get(t, set())}
            known = dict(known)
            for table_id, seats in tables.items():
                if seats:
                    known[table_id] = set(seats)
                else:
                    known.pop(table_id, None)
        self._remote[process] = (time.monotonic(), known)
        for table_id in changed:
            self.on_presence(table_id)

    def _forget_silent(self) -> None:
        now = time.monotonic()
        for process, (heard, known) in list(self._remote.items()):
            if now - heard > FORGET_AFTER:
                del self._remote[process]
                for table_id in known:
                    self.on_presence(table_id)

    def connected_elsewhere(self, table_id: str) -> set[int]:
        """The seats of ``table_id`` connected to another process."""
        seats: set[int] = set()
        for _, known in self._remote.values():
            seats |= known.get(table_id, set())
        return seats
