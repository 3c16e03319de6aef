"""The benchmark scripts print their figures, and refuse bad options in a line (docs/benchmarks.md)."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from heat.engine import Race, view_of
from heat.engine.content import catalogue
from heat.engine.rng import Rng

SCRIPTS = Path(__file__).resolve().parent.parent / "benchmarks"
EXPERIMENTS = SCRIPTS.parent / "experiments"
BENCH = SCRIPTS / "engine_bench.py"
SEGMENTS = EXPERIMENTS / "race_segments.py"
SWEEP = EXPERIMENTS / "settings_sweep.py"
ORACLE = EXPERIMENTS / "round_oracle.py"
STARTUP = SCRIPTS / "startup_bench.py"
MEMORY = SCRIPTS / "arena_memory.py"
COSTS = SCRIPTS / "arena_costs.py"


def run(script: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """One of the benchmark scripts, run as a user runs it."""
    return subprocess.run([sys.executable, str(script), *options], capture_output=True, text=True, check=False)


def test_the_engine_benchmark_prints_its_figures():
    done = run(BENCH, "--races", "2", "--repeat", "1", "--cars", "3")
    assert done.returncode == 0, done.stderr
    assert "races per second:" in done.stdout and "us per decision:" in done.stdout


def test_the_engine_benchmark_times_a_reference_commit_beside_the_builds():
    """``--reference COMMIT`` times an older commit's pure engine in the same run (issue 33: a
    claim of speed that holds whatever the machine's speed that day)."""
    done = run(BENCH, "--races", "1", "--repeat", "1", "--cars", "2", "--reference", "HEAD")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    reference = next(line for line in lines if line.startswith("reference HEAD, pure:"))
    assert float(reference.split()[3]) > 0
    assert any(line.strip().startswith("pure speed-up:") for line in lines)


def test_the_engine_benchmark_names_a_reference_it_cannot_find():
    done = run(BENCH, "--races", "1", "--repeat", "1", "--cars", "2", "--reference", "no-such-commit")
    assert done.returncode != 0
    assert "cannot extract the reference 'no-such-commit'" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_engine_benchmark_passes_its_options_on_without_the_side_by_side_ones():
    bench = _engine_bench()
    argv = ["--races", "5", "--repeat=3", "--reference", "abc", "--build", "both", "--garage", "all"]
    assert bench.without_options(argv, {"--repeat", "--reference", "--build"}) == ["--races", "5", "--garage", "all"]


def _engine_bench():
    sys.path.insert(0, str(SCRIPTS))
    try:
        import engine_bench
    finally:
        sys.path.remove(str(SCRIPTS))
    return engine_bench


def _upgrades_played(garage: str, quick: bool, races: int = 12) -> set[str]:
    """The Upgrade cards the benchmark's races give the cars (after the draft, if there is one)."""
    bench = _engine_bench()
    options = argparse.Namespace(
        cars=6, legends=0, track="usa", laps=1, garage=garage, quick_upgrades=quick, weather=False
    )
    cards: set[str] = set()
    for seed in range(races):
        race = Race(bench.race_config(options, seed), record_events=False)
        rng = Rng(seed)
        while race.phase == "draft":  # the draft's picks are the benchmark's random decisions
            race.apply(race.to_decide()[0], race.random_decision(race.to_decide()[0], rng))
        cards.update(card for seat in range(6) for card in view_of(race, seat).cars[seat].upgrades)
    return cards


def test_the_engine_benchmark_with_every_garage_card_plays_advanced_ones():
    """`--garage all` dealt quick-start upgrades, which are Regular cards only (G-18): the row
    "Garage (all cards)" of docs/benchmarks.md never played an Advanced card."""
    deck = catalogue()
    advanced, regular = set(deck.deck("advanced")), set(deck.deck("regular"))
    played = _upgrades_played("all", quick=False)
    assert played & advanced and played & regular
    assert _upgrades_played("advanced", quick=False) <= advanced
    assert _upgrades_played("all", quick=True) <= regular  # --quick-upgrades: the booklet's quick start


def test_the_engine_benchmark_gives_legends_races_per_car_round_of_the_other_cars():
    done = run(BENCH, "--races", "2", "--repeat", "1", "--cars", "3", "--legends", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    per_round = next(line for line in lines if line.startswith("us per car-round:")).split()[3]
    driven = next(line for line in lines if line.startswith("us per non-Legend car-round:")).split()[4]
    assert float(driven) > float(per_round)  # fewer car-rounds for the same time
    assert "us per non-Legend" not in run(BENCH, "--races", "1", "--repeat", "1", "--cars", "2").stdout


def test_the_startup_benchmark_times_the_help_and_the_prompt():
    done = run(STARTUP, "--runs", "1", "--top", "3")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    for label in ("python -c pass", "heat --help", "heat play --help", "heat play --plain --practice --seed 1 to '> '"):
        row = next(line for line in lines if line.startswith(label))
        assert len(row[len(label) :].split()) == 3  # fastest, median, CPU
    assert any(line.startswith("heat --help loads") and "heat.cli.parser" in line for line in lines)
    assert any("no numpy, rich or Textual" in line for line in lines)


def test_the_arena_memory_benchmark_reads_the_main_process_over_the_run():
    done = run(MEMORY, "--races", "4", "--", "--lineup", "random,random", "--laps", "1", "--workers", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert any(line.startswith("heat arena --races 4 --lineup random,random") for line in lines)
    assert sum(line.strip().startswith(("10%", "50%", "100%")) for line in lines) == 3
    assert any(line.strip().startswith("peak ") and "per 1000 races" in line for line in lines)


def test_the_arena_cost_benchmark_prints_a_row_per_entrant():
    done = run(COSTS, "--races", "1", "--entrants", "random,club")
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()[2:]]
    assert [row[0] for row in rows] == ["legend", "random", "club"]
    assert all(float(row[-1]) > 0 for row in rows)


def test_the_scripts_against_legends_start_no_more_processes_than_races(monkeypatch):
    sys.path.insert(0, str(EXPERIMENTS))
    try:
        import legends_arena
    finally:
        sys.path.remove(str(EXPERIMENTS))
    asked: list[int] = []

    class Pool:
        def __init__(self, processes: int) -> None:
            asked.append(processes)

        def __enter__(self) -> Pool:
            return self

        def __exit__(self, *_: object) -> None:
            return None

        def map(self, function, tasks):
            return [function(task) for task in tasks]

    monkeypatch.setattr(legends_arena.multiprocessing, "Pool", Pool)
    assert legends_arena.play_all(abs, [-1], 8) == [1]  # one race: no pool at all
    assert legends_arena.play_all(abs, [-1, -2, -3], 8) == [1, 2, 3]
    assert asked == [3]


def test_the_segments_script_prints_its_tables():
    done = run(SEGMENTS, "--level", "club", "--track", "usa", "--races", "2", "--workers", "1", "--seed", "3")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "club against five Legends on usa, 2 races, seed 3"
    assert lines[1].startswith("the bot won ") and lines[1].endswith(" of 2 races")
    # every Corner Line of USA's two laps (69 spaces, corners after 12, 33, 49, 57), then the finish
    table = lines[4 : lines.index("", 4)]
    assert [row.split()[0] for row in table] == ["12", "33", "49", "57", "81", "102", "118", "126", "finish"]
    assert any(line.split()[:2] == ["1", "2"] for line in lines)  # round 1, both races racing


def test_the_segments_script_plays_the_laps_it_is_given():
    done = run(SEGMENTS, "--level", "rookie", "--track", "usa", "--races", "1", "--laps", "1", "--workers", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    table = lines[4 : lines.index("", 4)]
    assert [row.split()[0] for row in table] == ["12", "33", "49", "57", "finish"]  # one lap of USA


def test_the_settings_sweep_prints_a_line_per_value_on_the_same_races():
    done = run(
        SWEEP, "--setting", "kept_hand", "--values", "0.5,0", "--track", "usa", "--races", "3", "--laps", "1",
        "--workers", "1", "--seed", "3",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "champion against five Legends on usa, 3 races, seed 3, chevrons on"
    assert lines[1] == "the champion's kept_hand is 0.5 as committed"
    first, second = (line.split() for line in lines[3:5])
    assert first[0] == "0.5" and len(first) == 4  # the reference: no comparison with itself
    assert second[0] == "0" and len(second) == 7
    wins_first, wins_second = int(first[1]), int(second[1])
    only_second, only_first = int(second[4]), int(second[5])
    # paired races: the difference in wins is the difference of the races only one of them won
    assert wins_second - wins_first == only_second - only_first
    assert 0 <= wins_first <= 3 and 0 <= wins_second <= 3


def test_the_settings_sweep_counts_paired_wins_with_mcnemars_exact_test():
    sys.path.insert(0, str(SWEEP.parent))
    try:
        from settings_sweep import mcnemar
    finally:
        sys.path.remove(str(SWEEP.parent))
    assert mcnemar(0, 0) == 1.0
    assert mcnemar(5, 5) == 1.0
    assert mcnemar(0, 5) == pytest.approx(2 / 32)  # both tails of 5 fair coin flips all alike
    assert mcnemar(37, 43) == pytest.approx(0.576, abs=0.001)  # docs/bots.md, the search bot's row


def test_the_round_oracle_prints_the_champion_and_each_foresight_on_the_same_races():
    done = run(
        ORACLE, "--know", "round,nothing", "--samples", "2", "--candidates", "2", "--track", "usa", "--races", "2",
        "--laps", "1", "--workers", "1", "--seed", "3",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "champion against five Legends on usa, 2 races, seed 3, chevrons on"
    assert lines[1] == (
        "each plan chosen among the champion's 2 best by how its turn ends, what it is not told drawn 2 times"
    )
    rows = [line.split() for line in lines[3:]]
    assert [row[0] for row in rows] == ["champion", "round", "nothing"]
    champion = int(rows[0][1])
    for row in rows[1:]:
        assert len(row) == 7
        # paired races: the difference in wins is the difference of the races only one of them won
        assert int(row[1]) - champion == int(row[4]) - int(row[5])


@pytest.mark.parametrize(
    ("script", "options", "message"),
    [
        (BENCH, ("--track", "mars"), "unknown track 'mars'"),
        (BENCH, ("--cars", "9"), "a race has 1 to 6 cars, not 9"),
        (BENCH, ("--laps", "-1"), "laps must be 1 to 20, not -1"),
        (BENCH, ("--races", "0"), "argument --races: must be at least 1, not 0"),  # was a ZeroDivisionError
        (BENCH, ("--quick-upgrades",), "--quick-upgrades deals Upgrade cards: choose their deck with --garage"),
        (SEGMENTS, ("--track", "mars"), "race_segments: unknown track 'mars'"),
        (SEGMENTS, ("--races", "0"), "argument --races: must be at least 1, not 0"),
        (SEGMENTS, ("--level", "wizard"), "argument --level: invalid choice: 'wizard'"),
        (SEGMENTS, ("--laps", "30"), "race_segments: laps must be 1 to 20, not 30"),
        (SWEEP, ("--setting", "speed", "--values", "1"), "settings_sweep: unknown setting 'speed'; one of: samples"),
        (SWEEP, ("--setting", "samples", "--values", "1.5"), "samples takes whole numbers, not 1.5"),
        (SWEEP, ("--setting", "kept_samples", "--values", "0"), "kept_samples is at least 1, not 0"),
        (SWEEP, ("--setting", "kept_hand", "--values", "-1"), "kept_hand is at least 0, not -1"),
        (SWEEP, ("--setting", "kept_hand", "--values", "half"), "--values: 'half' is not a number"),
        (SWEEP, ("--setting", "kept_hand", "--values", "nan"), "--values: 'nan' is not a finite number"),
        (SWEEP, ("--setting", "kept_hand", "--values", "0.5,0.5"), "--values: a value is listed twice"),
        (SWEEP, ("--setting", "kept_hand", "--values", "1", "--track", "mars"), "settings_sweep: unknown track 'mars'"),
        (SWEEP, ("--setting", "kept_hand", "--values", "1", "--laps", "30"), "laps must be 1 to 20, not 30"),
        (
            SWEEP,
            ("--setting", "kept_hand", "--values", "1", "--races", "0"),
            "argument --races: must be at least 1, not 0",
        ),
        (SWEEP, ("--values", "1"), "the following arguments are required: --setting"),
        (ORACLE, ("--know", "future"), "round_oracle: --know: unknown 'future'; one or more of: round, own"),
        (ORACLE, ("--know", "own,own"), "round_oracle: --know: a kind is listed twice"),
        (ORACLE, ("--candidates", "0"), "argument --candidates: must be at least 1, not 0"),
        (ORACLE, ("--samples", "-2"), "argument --samples: must be at least 1, not -2"),
        (ORACLE, ("--track", "mars"), "round_oracle: unknown track 'mars'"),
    ],
)
def test_every_script_refuses_bad_options_in_a_line(script, options, message):
    done = run(script, *options)
    assert done.returncode == 2 and done.stdout == ""
    assert message in done.stderr and "Traceback" not in done.stderr
