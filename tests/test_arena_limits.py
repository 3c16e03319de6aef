"""The arena's resource limits and outputs (issue 28, sections 3, 4 and 7): no more processes than
races, a confirmation before an absurdly long run, a main process that does not grow with the
races, outputs that never replace a file that is not an arena's, and decision times that count
the whole decision and read more than 0.0 ms."""

from __future__ import annotations

import json
import math
import random
import statistics
import sys
import tracemalloc
from pathlib import Path
from typing import ClassVar

import pytest

from engine_builds import pure_engine_only
from heat import arena
from heat.arena import (
    ArenaConfig,
    ArenaTally,
    RaceOutcome,
    RaceSpool,
    TimeHistogram,
    estimate_seconds,
    parse_lineup,
    play_arena,
    run_arena,
    summarize,
    write_json,
)
from heat.cli import arena_cmd
from heat.cli.main import main
from heat.engine import Race
from heat.storage import write_json as save_json

QUICK = ["arena", "--lineup", "club,random", "--laps", "1"]


class CountingPool:
    """multiprocessing.Pool in this process, remembering how many processes it was asked for."""

    asked: ClassVar[list[int]] = []

    def __init__(self, processes: int, initializer: object = None) -> None:
        CountingPool.asked.append(processes)

    def __enter__(self) -> CountingPool:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def imap_unordered(self, function, tasks):
        return (function(task) for task in tasks)


@pytest.fixture
def pool(monkeypatch) -> type[CountingPool]:
    CountingPool.asked = []
    monkeypatch.setattr(arena.multiprocessing, "Pool", CountingPool)
    return CountingPool


def never_played(monkeypatch) -> None:
    """Any race played fails the test: the arena must stop before its first race."""

    def played(*_: object) -> RaceOutcome:
        raise AssertionError("a race was played")

    monkeypatch.setattr(arena, "play_race", played)


# ------------------------------------------------------------------------------ processes


def test_an_arena_never_starts_more_processes_than_races(pool) -> None:
    config = ArenaConfig(parse_lineup("club,random"), races=3, laps=1)
    assert len(run_arena(config, workers=256)) == 3
    assert pool.asked == [3]
    run_arena(ArenaConfig(parse_lineup("club,random"), races=1, laps=1), workers=256)
    assert pool.asked == [3]  # one race: played here, no pool at all


def test_the_command_asks_for_no_more_processes_than_races(pool, capsys) -> None:
    assert main([*QUICK, "--races", "2", "--workers", "200"]) == 0
    assert pool.asked == [2]
    assert main([*QUICK, "--races", "1"]) == 0  # every core by default, but one race
    assert pool.asked == [2]


# ------------------------------------------------------------------------------ absurd runs


def test_the_estimate_grows_with_races_laps_tracks_and_thinking() -> None:
    def estimate(lineup: str, **options: object) -> float:
        return estimate_seconds(ArenaConfig(parse_lineup(lineup), **options), 1)  # type: ignore[arg-type]

    base = estimate("club,legend*5", races=100, laps=1)
    assert estimate("club,legend*5", races=200, laps=1) == pytest.approx(2 * base)
    assert estimate("club,legend*5", races=100, laps=3) == pytest.approx(3 * base)
    assert estimate("club,legend*5", races=100, laps=1, tracks=("usa", "italia")) == pytest.approx(2 * base)
    assert estimate("random,legend*5", races=100, laps=1) < base < estimate("champion,legend*5", races=100, laps=1)
    assert estimate("champion,legend*5", races=100, laps=1) < estimate("search,legend*5", races=100, laps=1)
    # the track's own laps when none are given: Italia has 3, USA 2
    assert estimate("club,random", races=10, tracks=("italia",)) == pytest.approx(
        1.5 * estimate("club,random", races=10, tracks=("usa",))
    )
    per_core = estimate_seconds(ArenaConfig(parse_lineup("club,random"), races=100, laps=1), 2)
    assert per_core == pytest.approx(estimate("club,random", races=100, laps=1) / 2)
    # the run: far beyond an hour
    assert estimate("search,champion", races=100_000, laps=20) > 100 * 86400


def test_an_absurd_arena_is_refused_in_a_script_without_yes(monkeypatch, capsys) -> None:
    never_played(monkeypatch)
    command = ["arena", "--lineup", "search,champion", "--races", "100000", "--laps", "20", "--workers", "1"]
    assert main(command) == 2
    err = capsys.readouterr().err
    assert "100000 races of search,champion would take about" in err and "days" in err
    assert "add --yes to run it all the same" in err
    assert "racing" not in err and "Traceback" not in err


def test_an_absurd_arena_runs_with_yes(monkeypatch, capsys) -> None:
    started: list[int] = []
    monkeypatch.setattr(arena_cmd, "play_arena", lambda config, *_, **__: started.append(config.races))
    command = ["arena", "--lineup", "search,champion", "--races", "100000", "--laps", "20", "--workers", "1", "--yes"]
    main(command)
    assert started == [100000]


@pytest.mark.parametrize(("answer", "runs"), [("yes", True), ("no", False), ("", False)])
def test_an_absurd_arena_asks_a_person_at_a_terminal(answer: str, runs: bool, monkeypatch, capsys) -> None:
    started: list[int] = []
    monkeypatch.setattr(arena_cmd, "play_arena", lambda config, *_, **__: started.append(config.races))
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    questions: list[str] = []
    monkeypatch.setattr("builtins.input", lambda question: questions.append(question) or answer)
    status = main(["arena", "--lineup", "champion,legend*5", "--races", "50000", "--workers", "1"])
    assert questions == ["Run it? (yes/no) "]
    assert "50000 races of champion,legend,legend,legend,legend,legend would take about" in capsys.readouterr().err
    assert (started == [50000]) is runs
    if not runs:
        assert status == 1


def test_a_short_arena_asks_nothing(monkeypatch, capsys) -> None:
    monkeypatch.setattr("builtins.input", lambda _: pytest.fail("asked"))
    assert main([*QUICK, "--races", "2", "--workers", "1"]) == 0


# ------------------------------------------------------------------------------ memory


def fake_race(config: ArenaConfig, index: int) -> RaceOutcome:
    """A race as a worker returns it, without playing it: 200 timed decisions of the club."""
    draw = random.Random(index)
    places = [1, 2] if index % 3 else [2, 1]
    return RaceOutcome(
        "usa",
        ["club", "random"],
        places,
        [9, 10],
        {"club": [draw.random() / 1000 for _ in range(200)], "random": [draw.random() / 1e4 for _ in range(200)]},
        {"club": [draw.random() / 100 for _ in range(20)]},
        [1, 2],
    )


def test_the_command_keeps_no_race_in_memory(monkeypatch, capsys) -> None:
    """3000 races of 400 timed decisions: the command held every one until the end (a peak of
    61 MB here; 4 MB now, most of it the tables and progress bar)."""
    monkeypatch.setattr(arena, "play_race", fake_race)
    assert main([*QUICK, "--races", "10", "--workers", "1"]) == 0  # every module loaded first
    tracemalloc.start()
    try:
        assert main([*QUICK, "--races", "3000", "--workers", "1"]) == 0
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 10_000_000
    assert "3000 races" in capsys.readouterr().out


def test_the_races_of_json_wait_in_a_file_not_in_memory(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.setattr(arena, "play_race", fake_race)
    assert main([*QUICK, "--races", "10", "--workers", "1"]) == 0  # every module loaded first
    tracemalloc.start()
    try:
        assert main([*QUICK, "--races", "3000", "--workers", "1", "--json", str(tmp_path / "r.json")]) == 0
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 10_000_000
    data = json.loads((tmp_path / "r.json").read_text())
    assert len(data["races"]) == 3000
    assert data["races"][1] == {"track": "usa", "entrants": ["club", "random"], "places": [1, 2], "rounds": [9, 10],
                                "grid": [1, 2]}  # fmt: skip
    assert data["races"][0]["places"] == [2, 1]
    assert data["summary"][0]["entrant"] == "club" and data["summary"][0]["races"] == 3000
    assert sorted(path.name for path in tmp_path.iterdir()) == ["r.json"]  # the spool left nothing


def test_the_races_come_in_order_from_several_processes_and_the_json_has_them_all(tmp_path) -> None:
    config = ArenaConfig(parse_lineup("rookie,random"), tracks=("usa", "france"), races=5, laps=1, seed=4)
    seen: list[list[int]] = []
    with RaceSpool(tmp_path) as spool:
        play_arena(config, lambda outcome: (seen.append(outcome.places), spool.add(outcome)), workers=2)
        write_json(tmp_path / "r.json", config, summarize([]), spool)
    alone = run_arena(config, workers=1)
    assert seen == [outcome.places for outcome in alone]
    races = json.loads((tmp_path / "r.json").read_text())["races"]
    assert [race["places"] for race in races] == seen
    assert [race["track"] for race in races] == ["usa", "france"] * 5
    empty = tmp_path / "empty.json"
    write_json(empty, config, [], [])
    assert json.loads(empty.read_text())["races"] == []


def test_the_tally_gives_the_summary_of_every_race() -> None:
    outcomes = [fake_race(ArenaConfig(("club", "random")), index) for index in range(60)]
    outcomes.append(RaceOutcome("italia", ["club", "club", "random"], [3, 1, 2], [9, 9, 9]))
    tally = ArenaTally()
    for outcome in outcomes:
        tally.add(outcome)
    stats = {s.entrant: s for s in tally.stats()}
    club = stats["club"]
    places = [o.places[i] for o in outcomes for i, name in enumerate(o.entrants) if name == "club"]
    assert (club.races, club.wins) == (61, 41)
    assert club.mean_place == pytest.approx(statistics.fmean(places))
    spread = 1.96 * statistics.stdev(places) / math.sqrt(len(places))
    assert club.place_high == pytest.approx(min(3.0, club.mean_place + spread))
    assert club.track_wins == {"italia": (1, 1), "usa": (40, 60)}
    times = [t for o in outcomes for t in o.seconds.get("club", ())]
    assert club.decisions == len(times) and club.max_ms == pytest.approx(1000 * max(times))
    assert club.median_ms == pytest.approx(1000 * statistics.median(times), rel=0.005)


def test_the_time_histogram_finds_the_median_within_half_a_percent() -> None:
    draw = random.Random(5)
    for count in (1, 2, 3, 10, 999, 1000):
        values = [draw.lognormvariate(-7, 2) for _ in range(count)]
        histogram = TimeHistogram()
        for value in values:
            histogram.add(value)
        assert histogram.count == count and histogram.longest == max(values)
        assert histogram.median() == pytest.approx(statistics.median(values), rel=0.005)
        assert histogram.median() <= max(values)
    assert TimeHistogram().median() == 0.0
    tiny = TimeHistogram()
    tiny.add(0.0)
    assert tiny.median() == 0.0 and tiny.count == 1


# ------------------------------------------------------------------------------ outputs


def test_an_existing_output_is_refused_before_racing_unless_overwrite(monkeypatch, tmp_path, capsys) -> None:
    (tmp_path / "r.csv").write_text(",".join(arena.CSV_COLUMNS) + "\nclub,old\n")  # an earlier arena's
    never_played(monkeypatch)
    assert main([*QUICK, "--races", "1", "--workers", "1", "--csv", str(tmp_path / "r.csv")]) == 2
    err = capsys.readouterr().err
    assert f"--csv {tmp_path / 'r.csv'}: the file already exists: add --overwrite to replace it" in err
    assert "racing" not in err
    monkeypatch.undo()
    options = ["--races", "1", "--workers", "1", "--csv", str(tmp_path / "r.csv"), "--overwrite"]
    assert main([*QUICK, *options]) == 0
    assert (tmp_path / "r.csv").read_text().startswith("entrant,races,wins,win_rate")
    assert "old" not in (tmp_path / "r.csv").read_text()


def test_overwrite_replaces_only_the_results_of_an_arena(monkeypatch, tmp_path, capsys) -> None:
    """A race save, or any file the arena did not write, is never replaced, and the refusal does
    not suggest --overwrite."""
    save = tmp_path / "race.json"
    save_json(save, {"format": "heat-record", "decisions": []})
    notes = tmp_path / "notes.svg"
    notes.write_text("<svg>my drawing</svg>\n")
    before = {path: path.read_bytes() for path in (save, notes)}
    never_played(monkeypatch)
    for option, path, kind in (("--json", save, "an arena's JSON results"), ("--plot", notes, "an arena's chart")):
        assert main([*QUICK, "--races", "1", "--workers", "1", option, str(path), "--overwrite"]) == 2
        err = capsys.readouterr().err
        assert f"{option} {path}: the file already exists and is not {kind}: give another file name" in err
        assert "--overwrite" not in err.split(str(path), 1)[1]
    assert {path: path.read_bytes() for path in (save, notes)} == before


def test_overwrite_replaces_each_kind_of_arena_result(tmp_path, capsys) -> None:
    paths = {option: tmp_path / f"r.{option}" for option in ("json", "csv", "plot")}
    options = [word for option, path in paths.items() for word in (f"--{option}", str(path))]
    assert main([*QUICK, "--races", "1", "--workers", "1", *options]) == 0
    first = {path: path.read_text() for path in paths.values()}
    assert main([*QUICK, "--races", "2", "--workers", "1", *options]) == 2  # each one refused
    assert main([*QUICK, "--races", "2", "--workers", "1", *options, "--overwrite"]) == 0
    assert all(path.read_text() != first[path] for path in paths.values())
    assert json.loads(paths["json"].read_text())["config"]["races"] == 2


def test_a_link_is_never_replaced(tmp_path, capsys) -> None:
    target = tmp_path / "target.csv"
    assert main([*QUICK, "--races", "1", "--workers", "1", "--csv", str(target)]) == 0
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    assert main([*QUICK, "--races", "1", "--workers", "1", "--csv", str(link), "--overwrite"]) == 2
    assert link.is_symlink()


# ------------------------------------------------------------------------------ decision times


@pure_engine_only
def test_a_decision_is_timed_whole_from_its_legal_decisions_to_the_bots_choice(monkeypatch) -> None:
    """The timer started after legal_decisions (and, before, view_of): a quick bot's decision
    read 0.0 ms though the player waited for the whole of it."""
    clock = [0.0]
    listed = Race.legal_decisions

    def slow_legal_decisions(self: Race, seat: int) -> object:
        clock[0] += 1.0  # one second of the fake clock to list them
        return listed(self, seat)

    monkeypatch.setattr(arena.time, "perf_counter", lambda: clock[0])
    monkeypatch.setattr(Race, "legal_decisions", slow_legal_decisions)
    outcome = arena.play_race(ArenaConfig(parse_lineup("random,random"), races=1, laps=1), 0)
    times = [t for name in outcome.seconds for t in outcome.seconds[name]]
    assert times and min(times) >= 1.0


def test_the_table_prints_decision_times_to_a_hundredth_of_a_millisecond(capsys) -> None:
    assert main(["arena", "--lineup", "random,random", "--races", "2", "--laps", "1", "--workers", "1"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "random" in line and "%" in line)
    median, plan, longest = (cell.strip() for cell in row.strip("│ ").split("│")[-3:])
    for cell in (median, plan, longest):
        assert cell.split(".")[1].isdigit() and len(cell.split(".")[1]) == 2, row
    assert arena_cmd.ms_text(0.04) == "0.04" and arena_cmd.ms_text(12.345) == "12.35"


def test_the_csv_keeps_three_decimals_of_a_millisecond(tmp_path, capsys) -> None:
    assert main([*QUICK, "--races", "1", "--workers", "1", "--csv", str(tmp_path / "r.csv")]) == 0
    row = (tmp_path / "r.csv").read_text().splitlines()[1].split(",")
    assert all(len(value.split(".")[1]) == 3 for value in row[-3:])


def test_the_spool_cleans_up(tmp_path) -> None:
    with RaceSpool(tmp_path) as spool:
        spool.add(fake_race(ArenaConfig(("club", "random")), 1))
        assert [json.loads(line)["places"] for line in spool] == [[1, 2]]
    assert list(Path(tmp_path).iterdir()) == []
