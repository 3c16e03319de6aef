"""What the scripts that replay the arena's races against five Legends share: their options, the
arena they describe, and playing its races in one process or a pool.

``race_segments.py``, ``settings_sweep.py`` and ``round_oracle.py`` all play the races of
``heat arena --lineup BOT,legend*5 --tracks TRACK --races N --seed SEED``, so the same options
name the same races.
"""

from __future__ import annotations

import argparse
import multiprocessing
from collections.abc import Callable, Sequence
from typing import TypeVar

from heat.arena import LEGEND, ArenaConfig

Task = TypeVar("Task")
Result = TypeVar("Result")


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def add_arena_options(parser: argparse.ArgumentParser, races: int = 100) -> None:
    """``--track``, ``--races``, ``--laps``, ``--seed``, ``--no-aggressive-legends`` and
    ``--workers``, with the defaults of the Great Britain experiments."""
    parser.add_argument("--track", default="great-britain")
    parser.add_argument("--races", type=positive, default=races)
    parser.add_argument("--laps", type=positive, default=None, help="the track's own number if left out")
    parser.add_argument("--seed", type=int, default=43)
    parser.add_argument("--no-aggressive-legends", dest="aggressive", action="store_false")
    parser.add_argument("--workers", type=positive, default=multiprocessing.cpu_count())


def arena_of(args: argparse.Namespace, bot: str) -> ArenaConfig:
    """The arena of ``bot`` alone against five Legends that the options describe (unchecked)."""
    return ArenaConfig(
        (bot,) + (LEGEND,) * 5,
        tracks=(args.track,),
        races=args.races,
        laps=args.laps,
        seed=args.seed,
        aggressive_legends=args.aggressive,
    )


def play_all(play: Callable[[Task], Result], tasks: Sequence[Task], workers: int) -> list[Result]:
    """``play`` of every task, in order: in this process with one worker (or one task), else in a
    pool of no more processes than tasks (``play`` must then be a module-level function)."""
    workers = min(workers, len(tasks))
    if workers <= 1:
        return [play(task) for task in tasks]
    with multiprocessing.Pool(workers) as pool:
        return pool.map(play, tasks)
