"""Engine benchmark: complete random races, printed as races per second and µs per car-round.

A car-round is one car taking part in one round (a 6-car race of 20 rounds has 120 of them,
fewer once cars finish). Decisions are random legal decisions drawn with
``Race.random_decision``; ``--legal`` instead lists every legal decision and picks one, as a
naive bot would. ``--events`` keeps the event log on (it is off in rollouts).

With ``--garage`` each race begins with the booklet's draft (random picks) from the chosen
deck, so ``--garage all`` and ``advanced`` play Advanced Upgrade cards; ``--quick-upgrades``
deals 3 random Regular cards instead (G-18: Regular only, whatever the deck). Legends cars are
cheap car-rounds (a card, no hand): with ``--legends`` the time is also given per car-round of
the other cars, comparable with a race without Legends.

The pure-Python engine and the one compiled by mypyc are measured side by side, each in a fresh
interpreter (``--build this`` measures only the build this interpreter loads: HEAT_PURE=1 the pure one).

    python benchmarks/engine_bench.py --track usa --cars 6 --laps 1 --races 300
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time

from heat.engine import HeatError, Race, RaceConfig, default_seats
from heat.engine.rng import Rng
from heat.engine.setup import check_config
from heat.engine_build import engine_is_compiled

BUILDS = ("pure", "compiled")
"""The engine's builds, in the order of the columns: Python, and the same source compiled by mypyc."""


def play_random_race(
    config: RaceConfig, seed: int, *, events: bool, legal: bool, trusted: bool = False
) -> tuple[int, int, int]:
    """Play one race with random legal decisions (the draft's included); return (car-rounds,
    car-rounds of the cars that are not Legends, decisions)."""
    race = Race(config, record_events=events)
    rng = Rng(seed)
    decisions = 0
    while not race.is_over:
        for seat in race.to_decide():
            if legal:
                options = race.legal_decisions(seat)
                race.apply(seat, options[rng.below(len(options))])
            elif trusted:
                race.play_random(seat, rng)
            else:
                race.apply(seat, race.random_decision(seat, rng))
            decisions += 1
    rounds = [car.finish_round for car in race.cars]
    return sum(rounds), sum(r for r, car in zip(rounds, race.cars, strict=True) if not car.legend), decisions


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def race_config(args: argparse.Namespace, seed: int) -> RaceConfig:
    """The race of the benchmark with this seed: with the Garage, drafted from its deck, or
    dealt Regular cards with ``--quick-upgrades``."""
    return RaceConfig(
        default_seats(args.cars, legends=args.legends),
        track=args.track,
        laps=args.laps,
        seed=seed,
        garage=args.garage,
        draft=not args.quick_upgrades,
        weather=args.weather,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--track", default="usa")
    parser.add_argument("--cars", type=int, default=6)
    parser.add_argument("--laps", type=int, default=1)
    parser.add_argument("--races", type=positive, default=300, help="races per repeat (seeds 0..races-1)")
    parser.add_argument("--repeat", type=positive, default=5, help="repeats; the fastest is reported")
    parser.add_argument("--events", action="store_true", help="record the event log")
    parser.add_argument("--legal", action="store_true", help="pick from the full list of legal decisions")
    parser.add_argument(
        "--rollout", action="store_true", help="Race.play_random: draw and apply without checking twice"
    )
    parser.add_argument(
        "--garage", choices=("regular", "advanced", "all"), help="Garage module: each race drafts from this deck"
    )
    parser.add_argument(
        "--quick-upgrades", action="store_true", help="with --garage: 3 random Regular cards each, no draft (G-18)"
    )
    parser.add_argument("--weather", action="store_true", help="Weather & Road Conditions module")
    parser.add_argument("--legends", type=int, default=0, help="how many of the cars are Legends")
    parser.add_argument(
        "--build",
        choices=("both", "this"),
        default="both",
        help="both: the pure and the compiled engine side by side, each in its own interpreter "
        "(the default); this: only the build this interpreter loads (HEAT_PURE=1: the pure one)",
    )
    parser.add_argument("--json", action="store_true", help="with --build this: print the figures as JSON")
    args = parser.parse_args()
    if args.quick_upgrades and not args.garage:
        parser.error("--quick-upgrades deals Upgrade cards: choose their deck with --garage")
    try:  # a bad track, count of cars or laps: the engine's own message, not a traceback
        check_config(race_config(args, 0))
    except HeatError as error:
        parser.error(str(error))
    if args.build == "this":
        figures = measure(args)
        if args.json:
            print(json.dumps(figures))
            return
        columns: dict[str, dict[str, float] | None] = {"compiled" if figures["compiled"] else "pure": figures}
    else:
        columns = {name: measure_in_subprocess(name) for name in BUILDS}
        if columns["compiled"] is None:
            print("(no compiled engine here: scripts/setup builds it where a C compiler is present)")
    print(headline(args))
    print_table({name: figures for name, figures in columns.items() if figures is not None}, legends=bool(args.legends))


def measure(args: argparse.Namespace) -> dict[str, float]:
    """The figures of this interpreter's engine build: the fastest and the median of the repeats."""
    timings = []
    car_rounds = driven = decisions = 0
    for _ in range(args.repeat):
        car_rounds = driven = decisions = 0
        started = time.perf_counter()
        for seed in range(args.races):
            rounds, rounds_driven, made = play_random_race(
                race_config(args, seed), seed, events=args.events, legal=args.legal, trusted=args.rollout
            )
            car_rounds += rounds
            driven += rounds_driven
            decisions += made
        timings.append(time.perf_counter() - started)
    best = min(timings)
    median = sorted(timings)[len(timings) // 2]
    return {
        "compiled": float(engine_is_compiled()),
        "races per second": args.races / best,
        "races per second (median)": args.races / median,
        "car-rounds per race": car_rounds / args.races,
        "decisions per race": decisions / args.races,
        "us per car-round": best / car_rounds * 1e6,
        "us per car-round (median)": median / car_rounds * 1e6,
        "us per non-Legend car-round": best / driven * 1e6,
        "us per non-Legend car-round (median)": median / driven * 1e6,
        "us per decision": best / decisions * 1e6,
    }


def measure_in_subprocess(build: str) -> dict[str, float] | None:
    """The figures of one build (``pure`` or ``compiled``), measured by this script in a fresh
    interpreter; None if that build is not what it loads (no compiled engine here)."""
    env = {key: value for key, value in os.environ.items() if key not in ("HEAT_PURE", "HEAT_COMPILED")}
    env |= {"HEAT_PURE": "1"} if build == "pure" else {}
    argv = [arg for arg in sys.argv[1:] if not arg.startswith("--build")]
    command = [sys.executable, __file__, *argv, "--build", "this", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    figures: dict[str, float] = json.loads(done.stdout)
    return figures if bool(figures["compiled"]) == (build == "compiled") else None


def headline(args: argparse.Namespace) -> str:
    """What was measured, in a line."""
    mode = "legal-list" if args.legal else "play_random" if args.rollout else "random_decision + apply"
    build = "quick upgrades, Regular cards" if args.quick_upgrades else "drafted"
    modules = [f"garage {args.garage} ({build})" if args.garage else "", "weather" if args.weather else ""]
    modules += [f"{args.legends} Legends" if args.legends else ""]
    mode += "; modules: " + (", ".join(m for m in modules if m) or "none")
    return (
        f"python {platform.python_version()} on {platform.machine()}; {args.track}, {args.cars} cars, "
        f"{args.laps} lap(s); {mode}; events {'on' if args.events else 'off'}; "
        f"{args.races} races x {args.repeat} repeats"
    )


def print_table(columns: dict[str, dict[str, float]], *, legends: bool) -> None:
    """One row per figure, one column per build, and the compiled build's speed-up."""
    names = list(columns)
    rows = ["races per second", "car-rounds per race", "decisions per race", "us per car-round"]
    rows += ["us per non-Legend car-round"] if legends else []  # comparable with a race without Legends
    rows += ["us per decision"]
    both = len(names) == 2
    print(f"{'':28}" + "".join(f"{name:>12}" for name in names) + ("     speed-up" if both else ""))
    for row in rows:
        values = [columns[name][row] for name in names]
        line = f"{row + ':':28}" + "".join(f"{value:12.1f}" for value in values)
        if both and row.startswith(("us per", "races per")):
            ratio = values[0] / values[1] if row.startswith("us") else values[1] / values[0]
            line += f"{ratio:12.2f}x"
        print(line)
        if f"{row} (median)" in columns[names[0]]:
            print(f"{'  (median)':28}" + "".join(f"{columns[name][row + ' (median)']:12.1f}" for name in names))


if __name__ == "__main__":
    main()
