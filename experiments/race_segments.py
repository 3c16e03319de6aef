"""Where a bot gains or loses time on the Legends: corner by corner and round by round.

Plays the races of ``heat arena --lineup LEVEL,legend*5 --tracks TRACK --seed SEED`` (the same
seating and seeds, so the same races; ``--laps`` as the arena's) and prints two tables:

- for every Corner Line of every lap and for the finish line, the mean round in which the bot
  crossed it minus the round in which the race's best Legend did (the Legend placed highest),
  and how much of that gap the stretch since the previous line added;
- for every round, the bot's mean distance behind the leading Legend at the round's start, its
  Engine and gear then, and how often in that round it got Adrenaline, slipstreamed, boosted,
  and the Heat its corners cost.

    python benchmarks/race_segments.py --track great-britain --races 100 --seed 43
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from dataclasses import dataclass, field

from heat.arena import LEGEND, ArenaConfig, bot_seed, check_config, make_driver, race_setup
from heat.bots.levels import LEVELS
from heat.engine import HeatError, Race, view_of
from heat.engine.content import track
from heat.engine.events import AdrenalineGained, Boosted, CornerChecked, Moved, RoundStarted, Slipstreamed
from legends_arena import add_arena_options, arena_of, play_all  # this folder is on sys.path

MARKS = ("adrenaline", "slipstream", "boost", "corner heat")


@dataclass
class RaceTrace:
    """One race seen from the bot's seat."""

    won: bool
    crossed: dict[int, int]
    """Round in which the bot crossed each line (progress of the line)."""
    legend_crossed: dict[int, int]
    """The same for the race's best Legend."""
    rounds: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    """At each round's start: (gap to the leading Legend, Engine, gear), while the bot races."""
    marks: dict[int, Counter[str]] = field(default_factory=dict)


def lines_of(track_id: str, laps: int) -> list[int]:
    """The progress of every Corner Line of every lap, then the finish line."""
    board = track(track_id)
    lines = [lap * board.spaces + corner.line_after for lap in range(laps) for corner in board.corners]
    return [*lines, laps * board.spaces]


def trace(config: ArenaConfig, index: int) -> RaceTrace:
    """Race ``index`` of the arena ``config``, driven as the arena drives it, with its trace."""
    race_config, entrants = race_setup(config, index)
    race = Race(race_config, record_events=True)
    me = next(seat for seat, name in enumerate(entrants) if name != LEGEND)
    bot = make_driver(entrants[me], bot_seed(race_config.seed, me))
    spaces = track(race_config.track).spaces
    lines = lines_of(race_config.track, race.laps)
    snapshots: dict[int, tuple[int, int, int]] = {}
    while not race.is_over:
        car = race.cars[me]
        if race.round not in snapshots and not car.finished:
            lead = max(other.pos for other in race.cars if other.legend)
            snapshots[race.round] = (lead - car.pos, car.engine, car.gear)
        seat = race.to_decide()[0]
        race.apply(seat, bot.choose(view_of(race, seat), race.legal_decisions(seat)))
    standings = race.standings()
    best_legend = next(seat for seat in standings if seat != me)
    crossed: dict[int, dict[int, int]] = {me: {}, best_legend: {}}
    marks: dict[int, Counter[str]] = {}
    round_now = 0
    for event in race.log or ():  # recorded: record_events=True
        if isinstance(event, RoundStarted):
            round_now = event.round
        if isinstance(event, Moved) and event.seat in crossed:
            start = (event.from_lap - 1) * spaces + event.from_space
            end = (event.to_lap - 1) * spaces + event.to_space
            for line in lines:
                if start < line <= end:
                    crossed[event.seat].setdefault(line, round_now)
        if event.seat != me:
            continue
        counts = marks.setdefault(round_now, Counter())
        if isinstance(event, AdrenalineGained):
            counts["adrenaline"] += 1
        elif isinstance(event, Slipstreamed):
            counts["slipstream"] += 1
        elif isinstance(event, Boosted):
            counts["boost"] += 1
        elif isinstance(event, CornerChecked):
            counts["corner heat"] += event.heat
    return RaceTrace(standings[0] == me, crossed[me], crossed[best_legend], snapshots, marks)


def _trace_task(task: tuple[ArenaConfig, int]) -> RaceTrace:
    return trace(*task)


def report(traces: list[RaceTrace], lines: list[int], finish: int) -> str:
    """The two tables, as text."""
    out = [f"the bot won {sum(t.won for t in traces)} of {len(traces)} races", ""]
    out.append(f"{'line':>6} {'behind':>8} {'stretch':>8}   (rounds behind the best Legend)")
    before = 0.0
    for line in lines:
        both = [t for t in traces if line in t.crossed and line in t.legend_crossed]
        gaps = [t.crossed[line] - t.legend_crossed[line] for t in both]
        if not gaps:
            continue
        gap = statistics.mean(gaps)
        name = "finish" if line == finish else str(line)
        out.append(f"{name:>6} {gap:+8.2f} {gap - before:+8.2f}")
        before = gap
    out.append("")
    heads = f"{'round':>5} {'cars':>5} {'behind':>7} {'engine':>7} {'gear':>5} "
    out.append(heads + " ".join(f"{m:>11}" for m in MARKS))
    for round_number in range(1, max(max(t.rounds, default=0) for t in traces) + 1):
        racing = [t for t in traces if round_number in t.rounds]
        if not racing:
            continue
        gap, engine, gear = (statistics.mean(t.rounds[round_number][k] for t in racing) for k in range(3))
        counts = [statistics.mean(t.marks.get(round_number, Counter())[m] for t in racing) for m in MARKS]
        row = f"{round_number:5d} {len(racing):5d} {gap:7.2f} {engine:7.2f} {gear:5.2f} "
        out.append(row + " ".join(f"{c:11.2f}" for c in counts))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="champion", choices=LEVELS, help="the bot (default: champion)")
    add_arena_options(parser)
    args = parser.parse_args(argv)
    config = arena_of(args, args.level)
    try:
        check_config(config)
    except HeatError as error:
        print(f"race_segments: {error}", file=sys.stderr)
        return 2
    traces = play_all(_trace_task, [(config, index) for index in range(args.races)], args.workers)
    laps = Race(race_setup(config, 0)[0]).laps
    lines = lines_of(args.track, laps)
    print(f"{args.level} against five Legends on {args.track}, {args.races} races, seed {args.seed}")
    print(report(traces, lines, lines[-1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
