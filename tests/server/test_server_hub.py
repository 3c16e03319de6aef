"""The hub in-process, on a real database (no sockets): what a restart restores and when, and
that playing leaves no reference cycles for the cycle collector."""

from __future__ import annotations

import asyncio
import gc
import random
from pathlib import Path
from typing import Any

from heat.server.hub import Conn, Hub, LiveTable
from heat.server.messages import CreateTable
from heat.server.store import Store

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "legend"}, {"kind": "legend"}]


class NoBots:
    """The tables here have no bot seats; a stand-in would be a bug of the test."""

    async def decide(self, table_id: str, request: Any) -> str:
        raise AssertionError(f"no bot should be asked ({table_id})")

    def forget(self, table_id: str) -> None:
        pass


async def open_hub(db: Path) -> Hub:
    hub = Hub(await Store.open(db, synchronous="NORMAL"), NoBots(), away_grace=3600)  # type: ignore[arg-type]
    await hub.start()
    return hub


async def new_table(hub: Hub, seed: int) -> tuple[LiveTable, list[Conn]]:
    made = await hub.create(CreateTable.model_validate({"seats": SEATS, "seconds": 3600, "seed": seed}))
    conns = []
    for seat in (0, 1):
        live, conn = await hub.connect(made["table"], made["seats"][seat]["token"], f"P{seat}")
        conns.append(conn)
    return live, conns


async def play(hub: Hub, live: LiveTable, conns: list[Conn], decisions: int, rng: random.Random) -> None:
    for _ in range(decisions):
        table = live.table
        seat = rng.choice([s for s in table.to_decide() if s in (0, 1)])
        await hub.decide(conns[seat], table.version, rng.choice(table.legal(seat)).text(), None)
        for conn in conns:
            while not conn.queue.empty():
                conn.queue.get_nowait()


def test_a_restarted_server_serves_at_once_and_restores_its_tables_in_the_background(tmp_path):
    async def body() -> None:
        db = tmp_path / "hub.db"
        hub = await open_hub(db)
        rng = random.Random(3)
        versions = {}
        for seed in range(6):
            live, conns = await new_table(hub, seed)
            await play(hub, live, conns, 10, rng)
            versions[live.id] = live.table.version
        await hub.stop()
        await hub.store.close()

        again = await open_hub(db)
        assert again.tables == {}  # nothing was replayed before serving
        assert sorted(again.unrestored()) == sorted(versions)
        first = sorted(versions)[0]
        assert (await again.get(first)).table.version == versions[first]  # asked for: loaded now
        for _ in range(3000):  # the restoring task reads the database between replays
            if not again.unrestored():
                break
            await asyncio.sleep(0.01)
        assert {i: t.table.version for i, t in again.tables.items()} == versions
        assert all(t.timer is not None for t in again.tables.values())  # their clocks go on
        await again.stop()
        await again.store.close()

    asyncio.run(body())


def test_playing_leaves_no_reference_cycles(tmp_path):
    """The cycle collector is kept for the rare cycle (the server freezes what is alive): the
    decisions, the engine's legal plans, the states and the commits make none."""

    async def body() -> int:
        hub = await open_hub(tmp_path / "cycles.db")
        live, conns = await new_table(hub, 1)
        rng = random.Random(1)
        await play(hub, live, conns, 5, rng)
        gc.collect()
        gc.disable()
        try:
            await play(hub, live, conns, 60, rng)
            cycles = gc.collect()
        finally:
            gc.enable()
        await hub.stop()
        await hub.store.close()
        return cycles

    assert asyncio.run(body()) == 0


def test_the_commit_batch_metric_counts_every_group_commit(tmp_path):
    """``heat_commit_batch_size`` sees each transaction the store wrote, and all their changes."""

    async def body() -> tuple[float | None, float | None, int, int]:
        hub = await open_hub(tmp_path / "batches.db")
        rng = random.Random(2)
        for seed in range(3):
            live, conns = await new_table(hub, seed)
            await play(hub, live, conns, 8, rng)
        registry = hub.metrics.registry
        seen = (
            registry.get_sample_value("heat_commit_batch_size_count"),
            registry.get_sample_value("heat_commit_batch_size_sum"),
            hub.store.batches,
            hub.store.commits,
        )
        await hub.stop()
        await hub.store.close()
        return seen

    count, total, batches, commits = asyncio.run(body())
    assert batches > 0
    assert (count, total) == (batches, commits)
