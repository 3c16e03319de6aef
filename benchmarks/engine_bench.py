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
interpreter, their repeats taken in turn so that both see the machine at the same speed
(``--build this`` measures only the build this interpreter loads: HEAT_PURE=1 the pure one).

The machine's speed wanders from day to day, so a time alone says little: ``--reference COMMIT``
also times, in the same run and in turn with the others, the pure engine of an older commit (its
``src/`` and its own ``engine_bench.py``, extracted by ``git archive`` into a temporary folder) on
the base game's race of the same track, cars and laps, and prints each build's speed-up over it.

    python benchmarks/engine_bench.py --track usa --cars 6 --laps 1 --races 300
    python benchmarks/engine_bench.py --reference 371108a   # the engine of 2026-11-22 beside today's
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

from heat.engine import HeatError, Race, RaceConfig, default_seats
from heat.engine.rng import Rng
from heat.engine.setup import check_config
from heat.engine_build import engine_is_compiled

BUILDS = ("pure", "compiled")
"""The engine's builds, in the order of the columns: Python, and the same source compiled by mypyc."""
ROOT = Path(__file__).resolve().parent.parent
WARM_UP = 3
"""Races played untimed by each measuring interpreter before it times (imports, caches)."""
TURN_REPEATS = 2
"""Repeats of each interpreter per turn, the faster kept: the same for the builds and the
reference, whose own benchmark has no untimed races."""
REFERENCE_FLAGS = ("--rollout", "--events", "--legal")
"""The flags passed on to a reference commit's benchmark: the path measured. Module flags are
not (a 2026-11-22 ``--garage`` dealt quick upgrades): the reference plays the base game."""


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
    parser.add_argument(
        "--repeat",
        type=positive,
        default=5,
        help="repeats (side by side: turns of fresh interpreters, each the best of 2 runs); the fastest is reported",
    )
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
    parser.add_argument(
        "--reference",
        metavar="COMMIT",
        help="also time the pure engine of this git commit (e.g. 371108a, 2026-11-22) on the base game, "
        "in turn with the builds, and print each build's speed-up over it",
    )
    args = parser.parse_args()
    if args.quick_upgrades and not args.garage:
        parser.error("--quick-upgrades deals Upgrade cards: choose their deck with --garage")
    try:  # a bad track, count of cars or laps: the engine's own message, not a traceback
        check_config(race_config(args, 0))
    except HeatError as error:
        parser.error(str(error))
    if args.build == "this" and args.reference:
        parser.error("--reference times the builds side by side: leave out --build this")
    if args.build == "this":
        figures = measure(args)
        if args.json:
            print(json.dumps(figures))
            return
        columns: dict[str, dict[str, float]] = {"compiled" if figures["compiled"] else "pure": figures}
        reference = None
    else:
        try:
            columns, reference = measure_side_by_side(args)
        except (subprocess.CalledProcessError, ValueError) as error:
            sys.exit(f"engine_bench: {error}")
        if "compiled" not in columns:
            print("(no compiled engine here: scripts/setup builds it where a C compiler is present)")
    print(headline(args))
    print_table(columns, legends=bool(args.legends))
    if reference is not None:
        print_reference(args.reference, reference, columns)


def measure(args: argparse.Namespace) -> dict[str, float]:
    """The figures of this interpreter's engine build: the fastest and the median of the repeats
    (after ``WARM_UP`` races untimed)."""
    for seed in range(min(WARM_UP, args.races)):
        play_random_race(race_config(args, seed), seed, events=args.events, legal=args.legal, trusted=args.rollout)
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


def measure_side_by_side(args: argparse.Namespace) -> tuple[dict[str, dict[str, float]], float | None]:
    """The figures of both builds, and the reference's µs per car-round if one is asked, their
    repeats taken in turn (pure, compiled, reference, pure, ...), each in a fresh interpreter: a
    change of the machine's speed during the run touches every column alike. A build that is
    not here (no compiled engine) is left out."""
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in BUILDS}
    reference_times: list[float] = []
    with tempfile.TemporaryDirectory(prefix="heat-reference-") as folder:
        reference_dir = extract_reference(args.reference, Path(folder)) if args.reference else None
        for _ in range(args.repeat):
            for name in BUILDS:
                figures = measure_in_subprocess(name, args)
                if figures is not None:
                    runs[name].append(figures)
            if reference_dir is not None:
                reference_times.append(measure_reference(reference_dir, args))
    columns = {name: combined(figures) for name, figures in runs.items() if figures}
    return columns, (min(reference_times) if reference_times else None)


def combined(runs: list[dict[str, float]]) -> dict[str, float]:
    """The figures of one build over its turns: the fastest of all, and the median of the turns'."""
    figures = dict(runs[0])
    for key in figures:
        if key.endswith("(median)"):
            continue
        values = sorted(run[key] for run in runs)
        faster_is_less = key.startswith("us per")
        figures[key] = values[0] if faster_is_less else values[-1]
        if f"{key} (median)" in figures:
            figures[f"{key} (median)"] = values[len(values) // 2] if faster_is_less else values[(len(values) - 1) // 2]
    return figures


def measure_in_subprocess(build: str, args: argparse.Namespace) -> dict[str, float] | None:
    """The figures of one turn of one build (``pure`` or ``compiled``): the best of
    ``TURN_REPEATS`` repeats measured by this script in a fresh interpreter; None if that build is
    not what it loads (no compiled engine here)."""
    env = {key: value for key, value in os.environ.items() if key not in ("HEAT_PURE", "HEAT_COMPILED")}
    env |= {"HEAT_PURE": "1"} if build == "pure" else {}
    argv = without_options(sys.argv[1:], {"--build", "--repeat", "--reference"})
    command = [sys.executable, __file__, *argv, "--repeat", str(TURN_REPEATS), "--build", "this", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    figures: dict[str, float] = json.loads(done.stdout)
    return figures if bool(figures["compiled"]) == (build == "compiled") else None


def without_options(argv: list[str], names: set[str]) -> list[str]:
    """``argv`` without the options ``names`` and their values (``--x v`` or ``--x=v``)."""
    kept: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg in names:
            skip = True
        elif arg.split("=", 1)[0] not in names:
            kept.append(arg)
    return kept


def extract_reference(commit: str, folder: Path) -> Path:
    """The source and the benchmark of ``commit`` of this repository, extracted into ``folder``."""
    done = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", commit, "src", "benchmarks/engine_bench.py"],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        raise ValueError(f"cannot extract the reference {commit!r}: {done.stderr.decode().strip()}")
    with tarfile.open(fileobj=BytesIO(done.stdout)) as archive:
        archive.extractall(folder, filter="data")
    return folder


def measure_reference(folder: Path, args: argparse.Namespace) -> float:
    """One turn of the reference's pure engine on the base game (its own benchmark, its best of
    ``TURN_REPEATS`` repeats, as the builds'), in µs per car-round. Its ``src`` comes first on
    the path, before this checkout's editable install."""
    command = [sys.executable, str(folder / "benchmarks" / "engine_bench.py")]
    command += ["--track", args.track, "--cars", str(args.cars), "--laps", str(args.laps)]
    command += ["--races", str(args.races), "--repeat", str(TURN_REPEATS)]
    command += [flag for flag in REFERENCE_FLAGS if getattr(args, flag[2:])]
    env = {key: value for key, value in os.environ.items() if key not in ("HEAT_PURE", "PYTHONPATH")}
    env |= {"HEAT_PURE": "1", "PYTHONPATH": str(folder / "src")}
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=env, cwd=folder)
    found = re.search(r"^us per car-round:\s+([0-9.]+)", done.stdout, re.MULTILINE)
    if found is None:
        raise ValueError(f"the reference's benchmark printed no 'us per car-round': {done.stdout!r}")
    return float(found.group(1))


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


def print_reference(commit: str, reference: float, columns: dict[str, dict[str, float]]) -> None:
    """The reference's time and each build's speed-up over it."""
    line = f"{'reference ' + commit + ', pure:':28}{reference:12.1f} us per car-round of the base game"
    print(line)
    for name, figures in columns.items():
        ratio = reference / figures["us per car-round"]
        print(f"{'  ' + name + ' speed-up:':28}{ratio:12.2f}x")


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
