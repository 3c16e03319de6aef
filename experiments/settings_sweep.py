"""The champion with other settings, on the arena's own races: a tool for tuning experiments.

Plays the races of ``heat arena --lineup champion,legend*5 --tracks TRACK --races N --seed SEED``
once for each value of one of the champion's settings (``PlannerSettings``), the seats and seeds
the same every time, and prints for each value the races won with their 95% Wilson interval and,
against the first value, the races only one of the two won, with McNemar's exact p (paired races:
luck decides most of them, so only the races where the two differ tell them apart).

    python benchmarks/settings_sweep.py --setting adrenaline_bonus --values 0.1,0,0.05 --races 300
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from math import comb
from typing import Any

from heat.arena import ArenaConfig, RaceOutcome, check_config, play_race, wilson
from heat.bots import levels
from heat.engine import HeatError
from heat.record import replace
from legends_arena import add_arena_options, arena_of, play_all  # this folder is on sys.path

SETTINGS: dict[str, tuple[type, float]] = {
    "samples": (int, 1),
    "draw_extra": (int, 0),
    "overshoot": (float, 0.0),
    "adrenaline_bonus": (float, float("-inf")),
    "discard_samples": (int, 0),
    "kept_hand": (float, 0.0),
    "kept_samples": (int, 1),
}
"""The champion's numeric settings a sweep may change, with their type and least value."""

CHAMPION = "champion"
DEFAULT = levels.CHAMPION
"""The champion's settings as committed; each value of a sweep changes one of them."""


class SweepError(ValueError):
    """An option the sweep cannot run with, said in one line."""


def parse_values(setting: str, text: str) -> list[float]:
    """The values of ``setting`` listed in ``text`` (comma-separated), checked against its type
    and least value."""
    if setting not in SETTINGS:
        raise SweepError(f"unknown setting {setting!r}; one of: {', '.join(SETTINGS)}")
    kind, least = SETTINGS[setting]
    values: list[float] = []
    for item in text.split(","):
        try:
            value = float(item)
        except ValueError:
            raise SweepError(f"--values: {item.strip()!r} is not a number") from None
        if not math.isfinite(value):
            raise SweepError(f"--values: {item.strip()!r} is not a finite number")
        if kind is int and not value.is_integer():
            raise SweepError(f"--values: {setting} takes whole numbers, not {item.strip()}")
        if value < least:
            raise SweepError(f"--values: {setting} is at least {least:g}, not {item.strip()}")
        values.append(int(value) if kind is int else value)
    if len(set(values)) != len(values):
        raise SweepError("--values: a value is listed twice")
    return values


def mcnemar(only_first: int, only_second: int) -> float:
    """McNemar's exact two-sided p for paired wins: the races won by one only, and by the other."""
    total = only_first + only_second
    if total == 0:
        return 1.0
    tail = sum(comb(total, k) for k in range(min(only_first, only_second) + 1))
    return min(1.0, 2 * tail / (1 << total))


def _race(task: tuple[ArenaConfig, int, str, float]) -> bool:
    """Race ``index`` of the arena with the champion's ``setting`` at ``value``: did it win?"""
    config, index, setting, value = task
    # Each task sets the champion's settings itself, so a worker started by any method has them.
    changes: dict[str, Any] = {setting: value}
    levels.CHAMPION = replace(DEFAULT, **changes)
    return champion_won(play_race(config, index))


def champion_won(outcome: RaceOutcome) -> bool:
    """Whether the champion won the arena race ``outcome``."""
    return any(name == CHAMPION and place == 1 for name, place in zip(outcome.entrants, outcome.places, strict=True))


def sweep(config: ArenaConfig, setting: str, values: list[float], workers: int) -> list[list[bool]]:
    """For each value, whether the champion won each race of ``config``."""
    tasks = [(config, index, setting, value) for value in values for index in range(config.races)]
    wins = play_all(_race, tasks, workers)
    return [wins[i : i + config.races] for i in range(0, len(wins), config.races)]


def report(setting: str, values: Sequence[float | str], wins: list[list[bool]]) -> str:
    """A line per value: its wins with their interval, and how it differs from the first value."""
    races = len(wins[0])
    lines = [f"{setting:>18}  wins  win rate      95% CI  only it won  only first won  McNemar p"]
    for value, won in zip(values, wins, strict=True):
        low, high = wilson(sum(won), races)
        label = value if isinstance(value, str) else f"{value:g}"
        line = f"{label:>18}  {sum(won):>4}  {sum(won) / races:>8.1%}  {low:>5.1%}-{high:.1%}"
        if won is not wins[0]:
            only_it = sum(1 for a, b in zip(won, wins[0], strict=True) if a and not b)
            only_first = sum(1 for a, b in zip(won, wins[0], strict=True) if b and not a)
            line += f"  {only_it:>11}  {only_first:>14}  {mcnemar(only_it, only_first):>9.2f}"
        lines.append(line)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setting", required=True, help=f"one of: {', '.join(SETTINGS)}")
    parser.add_argument("--values", required=True, help="comma-separated; the first is the reference")
    add_arena_options(parser)
    args = parser.parse_args(argv)
    config = arena_of(args, CHAMPION)
    try:
        values = parse_values(args.setting, args.values)
        check_config(config)
    except (SweepError, HeatError) as error:
        print(f"settings_sweep: {error}", file=sys.stderr)
        return 2
    wins = sweep(config, args.setting, values, args.workers)
    chevrons = "on" if args.aggressive else "off"
    print(f"champion against five Legends on {args.track}, {args.races} races, seed {args.seed}, chevrons {chevrons}")
    print(f"the champion's {args.setting} is {getattr(DEFAULT, args.setting):g} as committed")
    print(report(args.setting, values, wins))
    return 0


if __name__ == "__main__":
    sys.exit(main())
