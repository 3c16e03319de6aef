"""The arena's races on a Ray cluster (``heat arena --ray ADDRESS``, docs/rl.md).

A race of the arena is a function of the arena's config and its number (``play_race``), so the
cluster plays exactly the races the local pool would, and they are handed on in race order as
there. Only this module imports Ray, and only ``play_arena(..., ray=ADDRESS)`` imports it: an
arena without ``--ray`` never loads it. Every node of the cluster needs Heat installed (the same
version), as its workers import ``heat.arena`` to play.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable
from typing import Any

from heat.arena import ArenaConfig, RaceOutcome, _play_task
from heat.engine import ConfigError

IN_FLIGHT_PER_CPU = 2
"""Chunks of races submitted per CPU of the cluster at a time: every CPU has its next chunk
waiting, and a long arena does not hold all its tasks at once."""


def import_ray() -> Any:
    """The ``ray`` module; ConfigError in one line when the ``ray`` extra is not installed."""
    try:
        import ray
    except ImportError:
        raise ConfigError("--ray needs the ray extra: pip install -e '.[ray]' (docs/rl.md)") from None
    return ray


def connect(address: str) -> bool:
    """Join the Ray cluster at ``address`` ('auto', 'local', 'HOST:PORT', 'ray://HOST:PORT')
    unless this process already has; True if it joined here (and so must leave)."""
    ray = import_ray()
    if ray.is_initialized():
        return False
    if not address.strip():
        raise ConfigError("--ray needs the address of a Ray cluster: HOST:PORT, ray://HOST:PORT, auto or local")
    check_reachable(address)
    try:
        ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False)
    except (ConnectionError, ValueError, RuntimeError, TimeoutError) as error:
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise ConfigError(f"--ray {address}: could not join the Ray cluster: {first_line}") from None
    return True


REACH_SECONDS = 5.0
"""How long to wait for a cluster's head to answer at all: Ray itself keeps trying to reach an
address where nothing listens for minutes before it gives up."""


def check_reachable(address: str) -> None:
    """ConfigError in one line unless something listens at ``HOST:PORT`` (``auto``, ``local``
    and ``ray://`` addresses are left to Ray, which answers those quickly)."""
    host, colon, port = address.strip().rpartition(":")
    if not colon or "://" in address or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]") or "127.0.0.1", int(port)), timeout=REACH_SECONDS).close()
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise ConfigError(f"--ray {address}: no Ray cluster answers there ({reason})") from None


def play_on_ray(
    config: ArenaConfig,
    on_race: Callable[[RaceOutcome], None],
    address: str,
    progress: Callable[[int], None] | None = None,
) -> None:
    """``play_arena`` on the Ray cluster at ``address``: the races in chunks, one Ray task each,
    ``IN_FLIGHT_PER_CPU`` chunks per CPU of the cluster at a time; ``on_race`` gets each outcome
    in race order. Leaves the cluster (if it joined it) and cancels what is left on the way out."""
    ray = import_ray()
    joined = connect(address)
    pending: dict[Any, list[int]] = {}
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        total = config.races * len(config.tracks)
        size = max(1, min(8, total // (cpus * 4) or 1))
        chunks = iter([list(range(start, min(start + size, total))) for start in range(0, total, size)])
        play = ray.remote(num_cpus=1)(_play_task)
        waiting: dict[int, RaceOutcome] = {}
        following = 0
        while True:
            while len(pending) < cpus * IN_FLIGHT_PER_CPU:
                chunk = next(chunks, None)
                if chunk is None:
                    break
                pending[play.remote((config, chunk))] = chunk
            if not pending:
                break
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                chunk = pending.pop(ref)
                _, played = ray.get(ref)
                waiting.update(zip(chunk, played, strict=True))
                if progress:
                    progress(len(chunk))
            while following in waiting:
                on_race(waiting.pop(following))
                following += 1
    finally:
        for ref in pending:
            ray.cancel(ref)
        if joined:
            ray.shutdown()
