"""Table leases in the database (issue 31): which server process runs a table's clocks and
stand-in bots, and until when.

A lease is a row of ``leases`` (table, owner, expires_at). Its owner renews all of its leases in
one statement every ``renew`` seconds; a lease not renewed for ``ttl`` seconds (its process died,
hung or lost the database) is taken by the first live process that looks, in one conditional
``UPDATE ... WHERE expires_at < now``, which the database runs for one process only.

A lease decides who *works* for a table, never what is stored: every change is still checked by
the table's version and the (table, seq) key, so a process that still believes in a lease it lost
(paused longer than ``ttl``) can only lose a commit, never log a step twice.

Times are the processes' wall clocks (the table's deadlines are too): keep the machines' clocks
synchronised (NTP) to well under ``ttl``.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from sqlalchemy import and_, select, update

from heat.server.schema import leases, tables
from heat.server.store import Store

UNFINISHED = ("waiting", "playing")


class Leases:
    """The leases of one process (``owner``) in ``store``."""

    def __init__(self, store: Store, owner: str, *, ttl: float = 10.0, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.owner = owner
        self.ttl = ttl
        self.clock = clock

    def new_lease(self) -> tuple[str, float]:
        """The lease of a table this process creates now: (owner, expiry)."""
        return self.owner, self.clock() + self.ttl

    async def renew(self) -> set[str]:
        """Renew every lease this process holds; the tables whose leases it still holds."""
        now = self.clock()

        def job() -> set[str]:
            with self.store.writer.begin() as connection:
                connection.execute(
                    update(leases)
                    .where(leases.c.owner == self.owner, leases.c.expires_at >= now)
                    .values(expires_at=now + self.ttl)
                )
                rows = connection.execute(
                    select(leases.c.table_id).where(leases.c.owner == self.owner, leases.c.expires_at > now)
                )
                return {row.table_id for row in rows}

        held: set[str] = await self.store.run(job)
        return held

    async def acquire(self) -> list[str]:
        """Take every expired lease of a table still waiting or playing; the tables taken."""
        now = self.clock()
        unfinished = select(tables.c.id).where(tables.c.status.in_(UNFINISHED))

        def job() -> list[str]:
            with self.store.writer.begin() as connection:
                rows = connection.execute(
                    update(leases)
                    .where(and_(leases.c.expires_at < now, leases.c.table_id.in_(unfinished)))
                    .values(owner=self.owner, expires_at=now + self.ttl)
                    .returning(leases.c.table_id)
                )
                return [row.table_id for row in rows]

        taken: list[str] = await self.store.run(job)
        return taken

    async def release(self, table_ids: list[str] | None = None) -> None:
        """Let go of some leases (None: all of them) at once: another process takes them at its
        next look instead of after ``ttl`` (a clean shutdown)."""

        def job() -> None:
            where = leases.c.owner == self.owner
            if table_ids is not None:
                where = and_(where, leases.c.table_id.in_(table_ids))
            with self.store.writer.begin() as connection:
                connection.execute(update(leases).where(where).values(expires_at=0.0))

        await self.store.run(job)
