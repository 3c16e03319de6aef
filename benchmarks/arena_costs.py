"""Arena cost benchmark: what one car of each entrant costs per lap, for ``arena.estimate_seconds``.

For each entrant, plays the arena's races of ``ENTRANT,legend*5`` (1 lap of ``--track``, one
process) and prints the CPU time of the first race (when a planner builds its value tables), the
mean of the others, and from those the seconds per lap of the entrant's car and of a Legend
(``random,legend*5`` less a random car, from ``random,random``). CPU time, not wall time, so that
a busy machine changes the figures less.

    python benchmarks/arena_costs.py --races 4
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine_bench import positive  # the same check of a count (this folder is on sys.path)
from heat.arena import LEGEND, SECONDS_PER_LAP, ArenaConfig, parse_lineup, play_race


def race_costs(lineup: str, track: str, races: int) -> tuple[float, float]:
    """(CPU seconds of the first race, mean CPU seconds of the others) of 1-lap arena races."""
    config = ArenaConfig(parse_lineup(lineup), tracks=(track,), races=races + 1, laps=1)
    costs = []
    for index in range(races + 1):
        started = time.process_time()
        play_race(config, index)
        costs.append(time.process_time() - started)
    return costs[0], statistics.fmean(costs[1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--track", default="usa")
    parser.add_argument("--races", type=positive, default=4, help="races timed after the first (default 4)")
    parser.add_argument("--entrants", default="random,rookie,club,pro,champion,search")
    args = parser.parse_args()
    entrants = [name.strip() for name in args.entrants.split(",")]
    _, two_random = race_costs("random,random", args.track, args.races)
    _, random_legends = race_costs("random,legend*5", args.track, args.races)
    legend = max(0.0, random_legends - two_random / 2) / 5
    print(f"1-lap races on {args.track}, {args.races} timed after the first; CPU seconds")
    print(f"{'entrant':10} {'first race':>10} {'per race':>10} {'per lap':>10} {'in arena.py':>12}")
    print(f"{LEGEND:10} {'':10} {'':10} {legend:10.4f} {SECONDS_PER_LAP[LEGEND]:12.4f}")
    for name in entrants:
        first, mean = race_costs(f"{name},legend*5", args.track, args.races)
        per_lap = max(0.0, mean - 5 * legend)
        print(f"{name:10} {first:10.3f} {mean:10.3f} {per_lap:10.4f} {SECONDS_PER_LAP[name]:12.4f}")


if __name__ == "__main__":
    main()
