"""Several ``heat serve`` processes on one PostgreSQL database and one Redis (issue 31).

This process's part: its id, its leases (``heat.server.leases``: which tables' clocks and
stand-in bots it runs) and its publish/subscribe (``heat.server.bus``). A keeper task renews the
leases every ``renew`` seconds, takes over the expired ones (a process died) and lets the hub
know; while Redis is away it also checks the versions of the tables in memory against the
database, so that clients still get every update.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable
from typing import Any

from heat.server.bus import Bus
from heat.server.leases import Leases
from heat.server.store import Store

log = logging.getLogger("heat.server")


def new_process_id() -> str:
    """A name for this process, unique and readable in the leases table: host, pid, random."""
    return f"{socket.gethostname()[:32]}:{os.getpid()}:{secrets.token_hex(4)}"


class Cluster:
    """This process among the others: ``owned`` tables, the bus and the lease keeper."""

    def __init__(
        self, store: Store, redis_url: str, *, lease_seconds: float = 10.0, process: str | None = None
    ) -> None:
        self.process = process or new_process_id()
        self.leases = Leases(store, self.process, ttl=lease_seconds)
        self.renew_seconds = max(0.2, lease_seconds / 4)
        self.redis_url = redis_url
        self.owned: set[str] = set()
        """The tables whose lease this process holds (it runs their clocks and bots)."""
        self.bus: Bus | None = None
        self._keeper: asyncio.Task[None] | None = None

    async def start(
        self,
        *,
        on_change: Callable[[dict[str, Any]], Awaitable[None]],
        on_presence: Callable[[str], None],
        on_resync: Callable[[], Awaitable[None]],
        local_presence: Callable[[], dict[str, list[int]]],
        on_gained: Callable[[list[str]], Awaitable[None]],
        on_lost: Callable[[set[str]], None],
    ) -> None:
        """Take the leases nobody holds, then keep them, and listen to the others."""
        self.bus = Bus(
            self.redis_url,
            self.process,
            on_change=on_change,
            on_presence=on_presence,
            on_resync=on_resync,
            local_presence=local_presence,
        )
        await self.bus.start()
        self._keeper = asyncio.create_task(self._keep(on_gained, on_lost, on_resync), name="heat-leases")

    async def _keep(
        self,
        on_gained: Callable[[list[str]], Awaitable[None]],
        on_lost: Callable[[set[str]], None],
        on_resync: Callable[[], Awaitable[None]],
    ) -> None:
        while True:
            try:
                before = set(self.owned)  # a table created meanwhile is not lost: its lease is new
                held = await self.leases.renew()
                lost = before - held
                if lost:
                    log.warning("lost the leases of %d tables to another process", len(lost))
                    self.owned -= lost
                    on_lost(lost)
                self.owned |= held
                gained = await self.leases.acquire()
                if gained:
                    log.info("took over %d tables", len(gained))
                    self.owned |= set(gained)
                    await on_gained(gained)
                if self.bus is not None and not self.bus.up:
                    await on_resync()  # Redis is away: read the news from the database
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database is away: try again at the next round
                log.warning("renewing the table leases: %s", str(error).splitlines()[0])
            await asyncio.sleep(self.renew_seconds)

    def publish_change(self, message: dict[str, Any]) -> None:
        """Tell the other processes about a stored change."""
        if self.bus is not None:
            self.bus.publish_change(message)

    def publish_presence(self, table_id: str, seats: list[int]) -> None:
        """Tell the other processes which seats of a table are connected here."""
        if self.bus is not None:
            self.bus.publish_presence(table_id, seats)

    def connected_elsewhere(self, table_id: str) -> set[int]:
        """The seats of ``table_id`` connected to another process."""
        return self.bus.connected_elsewhere(table_id) if self.bus is not None else set()

    async def stop(self) -> None:
        """Stop keeping leases and let them go, so that another process takes them at once."""
        if self._keeper is not None:
            self._keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._keeper
        with contextlib.suppress(Exception):
            await self.leases.release()
        self.owned.clear()
        if self.bus is not None:
            await self.bus.stop()
