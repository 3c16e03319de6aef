"""Bots and stand-ins decide in worker processes, never on the event loop.

A planner bot's first decision of a race builds its value table: 0.3 to 1.4 s of pure Python on
this machine (docs/bots.md), and a champion's later decisions take up to ~70 ms. On the event
loop that would stall every table; in a thread it would still hold the GIL most of that time
(the loop gets it back only every 5 ms switch interval). So bots run in processes.

Each table is bound to one worker (by a hash of its id), so its bots live on in that worker from
one decision to the next, as they do in ``heat play``: each keeps its seeded generator
(``heat.players.bot_seed_of``) and the car model it fixed at its first decision. A bot only has to
produce decisions: the server stores them, and replay never asks a bot again. After a restart
the bots start afresh from their seeds.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import zlib
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from heat.server.table import BotRequest

_BOTS: dict[tuple[str, int, bool, str], Any] = {}
"""In a worker: the bots of the tables bound to it, by (table, seat, stand-in, level)."""


def _warm_up() -> None:
    import heat.bots.levels  # noqa: F401  (the first bot of a table then starts at once)


def _choose(table_id: str, request: BotRequest) -> str:
    """In a worker: the decision of ``request``'s bot, as text."""
    from heat.bots.levels import make_bot

    key = (table_id, request.seat, request.standin, request.level)
    bot = _BOTS.get(key)
    if bot is None:
        bot = _BOTS[key] = make_bot(request.level, request.seed)
    decision = bot.choose(request.view, list(request.legal))
    return str(decision.text())


def _forget(table_id: str) -> int:
    """In a worker: drop the bots of a table that is over."""
    keys = [key for key in _BOTS if key[0] == table_id]
    for key in keys:
        del _BOTS[key]
    return len(keys)


class BotPool:
    """``workers`` processes, each serving the tables bound to it."""

    def __init__(self, workers: int = 1) -> None:
        self.size = max(1, workers)
        self._context = multiprocessing.get_context("spawn")  # no fork of a process with threads
        self._executors = [self._new_executor() for _ in range(self.size)]
        for executor in self._executors:
            executor.submit(_warm_up)

    def _new_executor(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=1, mp_context=self._context)

    def _index(self, table_id: str) -> int:
        return zlib.crc32(table_id.encode()) % self.size

    async def decide(self, table_id: str, request: BotRequest) -> str:
        """The bot's decision text (a worker that died is replaced and asked again, once)."""
        loop = asyncio.get_running_loop()
        index = self._index(table_id)
        try:
            return await loop.run_in_executor(self._executors[index], _choose, table_id, request)
        except BrokenProcessPool:
            self._executors[index] = self._new_executor()
            return await loop.run_in_executor(self._executors[index], _choose, table_id, request)

    def forget(self, table_id: str) -> None:
        """Let the worker drop a finished table's bots."""
        with contextlib.suppress(BrokenProcessPool, RuntimeError):
            self._executors[self._index(table_id)].submit(_forget, table_id)

    def close(self) -> None:
        """Stop the workers (waiting decisions are cancelled: the bots are asked again on start)."""
        for executor in self._executors:
            executor.shutdown(wait=True, cancel_futures=True)
