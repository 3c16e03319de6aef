"""Bots: only legal decisions, with every module; deterministic when seeded; blind to hidden cards.
And the arena harness (not strength: strength is measured by ``heat arena``)."""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from heat import storage
from heat.arena import (
    ArenaConfig,
    RaceOutcome,
    bot_seed,
    check_config,
    ignore_interrupts,
    make_driver,
    parse_lineup,
    race_setup,
    run_arena,
    summarize,
    wilson,
    write_csv,
    write_json,
)
from heat.arena_plot import arena_svg, write_plot
from heat.bots import RandomBot
from heat.bots.heuristic import HeuristicBot, upgrade_worth
from heat.bots.levels import LEVELS, levels_text, make_bot, parse_levels
from heat.bots.planner import PlannerBot
from heat.bots.search import SearchBot, SearchSettings
from heat.cli import arena_cmd
from heat.cli.main import main
from heat.engine import (
    COLORS,
    ConfigError,
    Plan,
    Race,
    RaceConfig,
    SeatConfig,
    from_position,
    to_position,
    to_record,
    view_of,
)
from heat.engine.championship import Season, SeasonConfig, season_view
from heat.engine.config import default_seats
from heat.engine.frozen import replace
from heat.engine.rng import Rng
from heat.players import make_bots, seat_roles
from scenario import car, position, race_from
from test_random_races import MODULES, _alter_hidden_cards, make_config, random_config


def quick_bot(level: str, seed: int):
    """A bot of ``level``, or the search bot with a tiny budget (so the tests stay fast)."""
    if level == "search":
        return SearchBot(seed, name=level, settings=SearchSettings(iterations=4, candidates=2, branching=2))
    return make_bot(level, seed)


BOTS = (*LEVELS, "search")


def drive(race: Race, bots: dict[int, object]) -> None:
    while not race.is_over:
        seat = race.to_decide()[0]
        legal = race.legal_decisions(seat)
        decision = bots[seat].choose(view_of(race, seat), legal)  # type: ignore[attr-defined]
        assert decision in legal, f"{bots[seat]} chose an illegal {decision.text()!r}"
        race.apply(seat, decision)


@pytest.mark.parametrize("level", BOTS)
@pytest.mark.parametrize("modules", ["base", "all"])
def test_every_level_only_returns_legal_decisions(level: str, modules: str) -> None:
    race = Race(make_config("italia", 4, 5, 1, modules))
    drive(race, {car.seat: quick_bot(level, car.seat) for car in race.cars if not car.legend})
    assert sorted(race.standings()) == list(range(4))


def test_bots_play_every_module_and_tournament_mode() -> None:
    for modules in MODULES:
        race = Race(make_config("great-britain", 5, 2, 1, modules))
        drive(race, {car.seat: HeuristicBot(car.seat) for car in race.cars if not car.legend})
    config = make_config("usa", 3, 4, 1, "garage")
    tournament = Race(replace(config, tournament=True))
    drive(tournament, {seat: HeuristicBot(seat) for seat in range(3)})


def test_bots_make_every_championship_decision() -> None:
    season = Season(SeasonConfig(default_seats(3), season="goat", garage="all", seed=1))
    bots = {seat: HeuristicBot(seat) for seat in range(3)}
    kinds: set[str] = set()
    while not season.is_over:
        seat = season.to_decide()[0]
        legal = season.legal_decisions(seat)
        view = view_of(season.race, seat) if season.race is not None else season_view(season)
        decision = bots[seat].choose(view, legal)
        assert decision in legal
        kinds.add(type(decision).__name__)
        season.apply(seat, decision)
    assert {"Draft", "Swap", "Keep", "Plan", "Discard"} <= kinds


@pytest.mark.parametrize("level", BOTS)
def test_a_seeded_bot_is_deterministic(level: str) -> None:
    records = []
    for _ in range(2):
        race = Race(make_config("usa", 3, 9, 1, "all"))
        drive(race, {car.seat: quick_bot(level, 40 + car.seat) for car in race.cars if not car.legend})
        records.append(to_record(race))
    assert records[0] == records[1]


@pytest.mark.parametrize("level", ["random", "club", "pro", "champion", "search"])
def test_a_bot_cannot_tell_positions_apart_that_differ_only_in_hidden_cards(level: str) -> None:
    """Views of positions that differ only in others' hidden cards (and the random state) are
    equal, and a bot seeded alike chooses alike: it reads nothing but its view."""
    race = Race(make_config("france", 4, 13, 1, "all"))
    rng = Rng(5)
    checked = 0
    while not race.is_over and checked < 40:
        seat = race.to_decide()[0]
        data = to_position(race)
        if race.phase != "draft":
            altered = from_position(_alter_hidden_cards(data, keep=seat, rng=rng))
            original = from_position(data)
            assert view_of(altered, seat) == view_of(original, seat)
            first = quick_bot(level, 3).choose(view_of(original, seat), original.legal_decisions(seat))
            second = quick_bot(level, 3).choose(view_of(altered, seat), altered.legal_decisions(seat))
            assert first == second
            checked += 1
        race.apply(seat, race.random_decision(seat, rng))
    assert checked >= 20


def test_search_bot_falls_back_to_the_planner_where_search_cannot_help() -> None:
    race = Race(make_config("usa", 3, 1, 1, "garage"))
    assert race.phase == "draft"
    seat = race.to_decide()[0]
    legal = race.legal_decisions(seat)
    assert SearchBot(1).choose(view_of(race, seat), legal) == HeuristicBot(1).choose(view_of(race, seat), legal)


def _first_plan(track_id: str) -> tuple[object, list]:
    """The first plan of a race of one car against five Legends: its view and legal plans."""
    legends = [SeatConfig(f"legend-{i}", color, legend=True) for i, color in enumerate(COLORS[1:6])]
    seats = (SeatConfig("car", "red"), *legends)
    race = Race(RaceConfig(seats, track=track_id, seed=3))
    return view_of(race, 0), race.legal_decisions(0)


def test_search_bot_grows_a_tree_over_two_rounds() -> None:
    view, legal = _first_plan("great-britain")
    bot = SearchBot(2, settings=SearchSettings(iterations=30, candidates=3, branching=3, horizon=2))
    choice = bot.choose(view, legal)
    root = bot.last_root
    assert root is not None
    candidates = [plan.text() for plan in bot.planner.ranked(view, legal)[:3]]
    assert set(root.children) == set(candidates)
    assert sum(child.visits for child in root.children.values()) == 30 == root.visits
    assert all(child.available == 30 for child in root.children.values())
    # the next round's plans: each sample deals its own hand, so a plan is tried only where dealt
    grandchildren = [g for child in root.children.values() for g in child.children.values()]
    assert max(len(child.children) for child in root.children.values()) > 3
    assert sum(g.visits for g in grandchildren) == 30 - len(candidates)  # each root child's first walk stops there
    assert choice.text() == max(root.children, key=lambda text: root.children[text].visits)


def test_search_bot_samples_are_valued_with_the_real_views_car_model() -> None:
    """The search's planners inside its samples keep the car model of the real view, even where
    a sample's spin-out gave the car more Stress (B-10.1) before they first look at it."""
    hand = ["1", "2", "3", "4", "4", "1", "2"]
    legend = car(space=30, color="blue", legend=True)
    real = race_from(position([car(space=20, gear=3, hand=hand, deck=["3"] * 10), legend]))
    spun = race_from(position([car(space=20, gear=3, hand=hand, deck=["3"] * 10 + ["stress"] * 4), legend]))
    bot = SearchBot(2)
    table = bot.planner.table(view_of(real, 0))  # the root's first look, before any sample
    assert bot.inner.table(view_of(spun, 0)) is table and bot.ranker.table(view_of(spun, 0)) is table
    assert PlannerBot(2).table(view_of(spun, 0)).model.stress > table.model.stress


def test_search_bot_horizon_and_time_cap() -> None:
    view, legal = _first_plan("usa")
    one_round = SearchBot(2, settings=SearchSettings(iterations=12, candidates=3, horizon=1))
    one_round.choose(view, legal)
    assert one_round.last_root is not None
    assert all(not child.children for child in one_round.last_root.children.values())
    capped = SearchBot(2, settings=SearchSettings(iterations=50, seconds=0.0))
    assert capped.choose(view, legal) in legal
    assert capped.last_root is not None and capped.last_root.visits == 1  # the cap still plays one


def test_random_bot_refuses_an_empty_choice() -> None:
    race = Race(make_config("usa", 2, 1, 1, "base"))
    with pytest.raises(ValueError, match="no legal decision"):
        RandomBot(1).choose(view_of(race, 0), [])


def test_unknown_level_is_a_clear_error() -> None:
    with pytest.raises(ConfigError, match="unknown bot level 'grandmaster'"):
        make_bot("grandmaster")


def test_one_level_for_every_bot_or_one_per_bot() -> None:
    assert parse_levels("club", 3) == ["club", "club", "club"]
    assert parse_levels(" Champion , rookie,rookie", 3) == ["champion", "rookie", "rookie"]
    assert parse_levels("pro", 0) == []
    assert levels_text(["rookie", "rookie"]) == "rookie"
    assert levels_text(["champion", "rookie"]) == "champion,rookie"
    assert parse_levels(levels_text(["champion", "club", "club"]), 3) == ["champion", "club", "club"]


@pytest.mark.parametrize(
    ("text", "bots", "message"),
    [
        ("champ", 2, "unknown bot level 'champ'"),
        ("club,,rookie", 3, "unknown bot level ''"),
        ("champion,rookie", 3, "2 levels for 3 bots"),
    ],
)
def test_bad_levels_are_refused_naming_the_mistake(text: str, bots: int, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_levels(text, bots)


# ------------------------------------------------------------------------------------- arena


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404
    assert round(high, 3) == 0.596
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == 1.0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("club,legend*9", "2 to 6 cars"),
        ("club,wizard", "unknown entrant 'wizard'; use one of random, rookie, club, pro, champion, search, legend"),
        ("legend*3", "at least one bot"),
        ("club*x,random", "must be a number"),
        ("club*,random", "'club\\*': the count after '\\*' must be a number"),
        ("club*99999999999", "2 to 6 cars, not 99999999999"),  # counted, not built (it ran out of memory)
        ("club*-5,club,rookie", "'club\\*-5': the count after '\\*' must be 1 or more"),
        ("champion*-1", "'champion\\*-1': the count after '\\*' must be 1 or more"),
        ("club,legend*0", "'legend\\*0': the count after '\\*' must be 1 or more"),
    ],
)
def test_bad_lineups_are_refused(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_lineup(text)


def test_the_search_bot_is_an_arena_entrant() -> None:
    assert parse_lineup("search,champion,legend*2") == ("search", "champion", "legend", "legend")
    assert isinstance(make_driver("search", 1), SearchBot)
    assert make_driver("club", 1).name == "club"


def test_no_arena_bot_draws_the_numbers_of_its_race() -> None:
    """Seat 0 of the race seeded 0 (the first race of `heat arena`, whose --seed is 0 by default)
    was seeded with the race's own seed."""
    for arena_seed in (0, 1, -1, 41):
        for index in range(400):
            race_seed = race_setup(ArenaConfig(("club", "club"), seed=arena_seed, races=400), index)[0].seed
            seeds = [bot_seed(race_seed, seat) for seat in range(6)]
            assert race_seed not in seeds and len(set(seeds)) == 6
    assert [bot_seed(0, seat) for seat in range(3)] == [-1, 1, 2]
    assert bot_seed(41 * 1_000_003 + 5, 3) == (41 * 1_000_003 + 5) * 7 + 3  # the seeds of the documented figures


def test_the_arena_seats_entrants_at_random_and_summarizes() -> None:
    config = ArenaConfig(parse_lineup("club,random,legend*2"), tracks=("usa", "italia"), races=3, laps=1, seed=2)
    outcomes = run_arena(config, workers=1)
    assert len(outcomes) == 6
    assert {o.track for o in outcomes} == {"usa", "italia"}
    assert len({tuple(o.entrants) for o in outcomes}) > 1  # seats are shuffled
    for index, outcome in enumerate(outcomes):
        assert sorted(outcome.places) == [1, 2, 3, 4]
        race_config, entrants = race_setup(config, index)
        assert entrants == outcome.entrants
        start = Race(race_config, record_events=False).standings()
        assert outcome.grid == [start.index(seat) + 1 for seat in range(4)]  # 1: pole position
    stats = {s.entrant: s for s in summarize(outcomes)}
    assert stats["legend"].cars == 2
    assert stats["club"].races == 6
    total_wins = sum(s.wins for s in stats.values())
    assert total_wins == 6
    assert stats["club"].decisions > 0
    for outcome in outcomes:  # the plans are timed among the decisions, the Legends never
        assert 0 < len(outcome.plan_seconds["club"]) < len(outcome.seconds["club"])
        assert set(outcome.plan_seconds["club"]) <= set(outcome.seconds["club"])
        assert "legend" not in outcome.seconds
    assert 0 < stats["club"].plan_median_ms <= 1000 * max(max(o.plan_seconds["club"]) for o in outcomes)
    again = run_arena(config, workers=1)  # the same seed, the same races
    assert [(o.entrants, o.places, o.rounds) for o in again] == [(o.entrants, o.places, o.rounds) for o in outcomes]


def test_the_mean_place_interval_stays_within_the_places_there_are() -> None:
    """Five two-car races, one lost: mean place 1.20, whose normal interval began at 0.81."""
    outcomes = [RaceOutcome("usa", ["club", "rookie"], [2, 1] if i == 0 else [1, 2], [9, 9]) for i in range(5)]
    stats = {s.entrant: s for s in summarize(outcomes)}
    assert stats["club"].mean_place == pytest.approx(1.2)
    assert stats["club"].place_low == 1.0 and 1.2 < stats["club"].place_high < 2.0
    assert stats["rookie"].place_high == 2.0 and 1.0 < stats["rookie"].place_low < 1.8


def test_L_17_an_arena_with_pro_legends_needs_legends() -> None:
    with pytest.raises(ConfigError, match=r"--pro-legends 2 raises the Legends' Top Speed \(L-17\)"):
        check_config(ArenaConfig(("club", "rookie"), pro_legends=2))
    check_config(ArenaConfig(("club", "legend"), pro_legends=2))


def _grid_places(lineup: str, races: int, entrant: str) -> list[int]:
    """Where ``entrant`` starts (0: the front of the grid) in each of the arena's first races."""
    config = ArenaConfig(parse_lineup(lineup), tracks=("usa",), races=races, seed=3)
    places = []
    for index in range(races):
        race_config, entrants = race_setup(config, index)
        start = Race(race_config, record_events=False).standings()
        places.append(start.index(entrants.index(entrant)))
    return places


def test_the_arena_draws_seats_and_grid_independently() -> None:
    # B-10.9: the grid is the race's own draw; the seating must not repeat it. The first
    # entrant of a two-car lineup started in front in every race when both used one generator.
    front = _grid_places("club,rookie", 40, "club").count(0)
    assert 10 <= front <= 30
    # against five Legends the bot starts on each of the six grid places, none twice as often
    # as its share (it had the front place in a third of the races)
    places = _grid_places("club,legend*5", 240, "club")
    assert all(20 <= places.count(place) <= 60 for place in range(6))


def test_the_arena_runs_on_several_processes_alike(tmp_path) -> None:
    config = ArenaConfig(parse_lineup("rookie,club"), tracks=("france",), races=4, laps=1, seed=7)
    assert [o.places for o in run_arena(config, workers=2)] == [o.places for o in run_arena(config, workers=1)]
    stats = summarize(run_arena(config, workers=1))
    write_json(tmp_path / "a.json", config, stats, run_arena(config, workers=1))
    write_csv(tmp_path / "a.csv", stats)
    data = json.loads((tmp_path / "a.json").read_text())
    assert len(data["races"]) == 4
    assert sorted(data["races"][0]["grid"]) == [1, 2]
    header = (tmp_path / "a.csv").read_text().splitlines()[0]
    assert header.startswith("entrant,races,wins") and header.endswith("median_ms,max_ms,plan_median_ms")


def test_arena_command(tmp_path, capsys) -> None:
    status = main(
        [
            "arena",
            "--lineup",
            "club,random",
            "--races",
            "2",
            "--laps",
            "1",
            "--workers",
            "1",
            "--json",
            str(tmp_path / "r.json"),
            "--csv",
            str(tmp_path / "r.csv"),
            "--plot",
            str(tmp_path / "r.svg"),
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert "club" in out
    assert "win rate" in out and "plan ms" in out
    assert (tmp_path / "r.json").exists()
    svg = (tmp_path / "r.svg").read_text()
    assert svg.startswith("<svg") and "club" in svg and "random" in svg
    assert main(["arena", "--lineup", "club", "--races", "1"]) == 2


def test_arena_refuses_an_output_path_it_cannot_write_before_racing(tmp_path, capsys) -> None:
    missing = tmp_path / "no-such-folder" / "r.svg"
    assert main(["arena", "--lineup", "club,random", "--races", "1", "--workers", "1", "--plot", str(missing)]) == 2
    err = capsys.readouterr().err
    assert "--plot" in err and "does not exist" in err
    assert "racing" not in err  # refused before any race was played


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--pro-legends", "-1"], "Pro Legends add 0 to 10"),
        (["--laps", "0"], "laps must be 1 to 20"),
        (["--races", "0"], "play 1 to 100000 races per track, not 0"),
        (["--races", "99999999999"], "play 1 to 100000 races per track, not 99999999999"),
        (["--workers", "100000"], "--workers must be 1 to 256, not 100000"),
        (["--workers", "0"], "--workers must be 1 to 256, not 0"),  # not a silent "every core"
        (["--workers", "-2"], "--workers must be 1 to 256, not -2"),
        (["--tracks", "mars"], "unknown track 'mars'"),
        (["--tracks", "usa,italia,usa"], "track 'usa' is listed twice"),
    ],
)
def test_arena_refuses_bad_race_options_before_racing(options: list[str], message: str, capsys) -> None:
    assert main(["arena", "--lineup", "club,legend", "--workers", "1", *options]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "racing" not in err  # no progress bar: nothing was played


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--json", "{tmp}"], "--json {tmp}: it is a folder"),
        (["--csv", "{tmp}/missing/r.csv"], "--csv {tmp}/missing/r.csv: the folder {tmp}/missing does not exist"),
        (["--csv", ""], "--csv needs a file name"),
        (["--plot", "{tmp}/notes.txt/r.svg"], "--plot {tmp}/notes.txt/r.svg: {tmp}/notes.txt is a file, not a folder"),
        (["--plot", "{tmp}/notes.txt/a/r.svg"], "{tmp}/notes.txt is a file, not a folder"),
        (["--json", "{tmp}/r", "--csv", "{tmp}/r"], "--json and --csv both name {tmp}/r: give each its own file"),
        (["--json", "{tmp}/r", "--plot", "{tmp}/../{name}/r"], "--json and --plot both name"),
    ],
)
def test_arena_refuses_an_output_it_cannot_write_before_racing(
    options: list[str], message: str, tmp_path, capsys
) -> None:
    (tmp_path / "notes.txt").write_text("a file, not a folder\n")
    options = [option.format(tmp=tmp_path, name=tmp_path.name) for option in options]
    assert main(["arena", "--lineup", "club,random", "--races", "1", "--laps", "1", "--workers", "1", *options]) == 2
    err = capsys.readouterr().err
    assert message.format(tmp=tmp_path) in err
    assert "racing" not in err and "Traceback" not in err  # refused before any race was played
    assert sorted(path.name for path in tmp_path.iterdir()) == ["notes.txt"]


def test_an_output_that_fails_at_the_end_loses_neither_the_table_nor_the_other_outputs(
    tmp_path, capsys, monkeypatch
) -> None:
    def full_disk(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(arena_cmd, "write_json", full_disk)
    options = ["--json", str(tmp_path / "r.json"), "--csv", str(tmp_path / "r.csv"), "--plot", str(tmp_path / "r.svg")]
    assert main(["arena", "--lineup", "club,random", "--races", "2", "--laps", "1", "--workers", "1", *options]) == 2
    captured = capsys.readouterr()
    assert "win rate" in captured.out and "club" in captured.out  # the summary was printed first
    assert f"--json {tmp_path / 'r.json'}: No space left on device" in captured.err
    assert "the tables above have the summary" in captured.err
    assert (tmp_path / "r.csv").read_text().startswith("entrant,")  # written all the same
    assert (tmp_path / "r.svg").read_text().startswith("<svg")


def test_an_arena_output_that_fails_mid_write_leaves_the_old_file_whole(tmp_path, monkeypatch) -> None:
    """The results are written atomically: a full disk leaves the file that was there, and no
    half-written one nor a temporary file."""
    stats = summarize([RaceOutcome("usa", ["club", "random"], [1, 2], [9, 10])])
    for name, write in (
        ("r.csv", lambda path: write_csv(path, stats)),
        ("r.json", lambda path: write_json(path, ArenaConfig(("club", "random"), ("usa",)), stats, [])),
        ("r.svg", lambda path: write_plot(path, stats, "club & random")),
    ):
        (tmp_path / name).write_text("the last run\n")
        with monkeypatch.context() as patch:

            def full_disk(*_: object) -> None:
                raise OSError(errno.ENOSPC, "No space left on device")

            patch.setattr(storage.os, "replace", full_disk)
            with pytest.raises(OSError, match="No space left"):
                write(tmp_path / name)
        assert (tmp_path / name).read_text() == "the last run\n"
        write(tmp_path / name)
        assert (tmp_path / name).read_text() != "the last run\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["r.csv", "r.json", "r.svg"]


def _interrupt_self() -> str:
    try:
        os.kill(os.getpid(), signal.SIGINT)
    except KeyboardInterrupt:
        return "interrupted"
    return "ignored"


def test_arena_workers_leave_ctrl_c_to_the_main_process() -> None:
    with multiprocessing.Pool(1, initializer=ignore_interrupts) as pool:
        assert pool.apply_async(_interrupt_self).get(timeout=30) == "ignored"
        assert pool.apply_async(os.getpid).get(timeout=30)  # the worker lives on


def test_an_interrupted_arena_stops_its_workers_at_once() -> None:
    config = ArenaConfig(parse_lineup("club,rookie"), tracks=("usa",), races=400, laps=1, seed=5)

    def interrupt(_: int) -> None:
        raise KeyboardInterrupt

    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        run_arena(config, workers=2, progress=interrupt)
    assert time.monotonic() - started < 10  # the races still queued were dropped, not played
    assert multiprocessing.active_children() == []  # no worker left behind


@pytest.mark.skipif(not Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").exists(), reason="needs Linux /proc")
def test_ctrl_c_stops_a_parallel_arena_with_one_clean_message() -> None:
    """Ctrl-C reaches the whole process group; only the main process reports it."""
    command = [sys.executable, "-m", "heat.cli.main", "arena", "--lineup", "club,rookie", "--laps", "1"]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")}
    process = subprocess.Popen(
        [*command, "--races", "1000", "--workers", "2"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
    try:
        deadline = time.monotonic() + 30
        while len(children.read_text().split()) < 2:  # the two workers have started racing
            assert time.monotonic() < deadline, "the workers never started"
            time.sleep(0.05)
        time.sleep(0.3)
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == 130
    assert err.strip().endswith("heat: interrupted")
    assert "Traceback" not in err


def test_the_plot_shows_each_entrant_and_track_with_its_interval() -> None:
    outcomes = [
        RaceOutcome("usa", ["club", "random"], [1, 2], [9, 10]),
        RaceOutcome("usa", ["random", "club"], [2, 1], [9, 10]),
        RaceOutcome("italia", ["club", "random"], [2, 1], [9, 10]),
    ]
    stats = {s.entrant: s for s in summarize(outcomes)}
    assert (stats["club"].wins, stats["club"].races) == (2, 3)
    assert stats["club"].track_wins == {"usa": (2, 2), "italia": (0, 1)}
    assert (stats["random"].wins, stats["random"].races) == (1, 3)
    svg = arena_svg(list(stats.values()), "club & random")
    assert "club &amp; random" in svg  # escaped
    assert svg.count("<rect") == 1 + 2 * 3  # the background, then 2 entrants x (all, italia, usa)
    assert "66.7% of 3" in svg and "33.3% of 3" in svg


def test_no_bot_draws_the_numbers_of_its_race() -> None:
    """The plain clients seed a race's bots from the race's own seed: no bot's generator may
    repeat the race's (seat 0 of a race seeded 0 did), or its guesses at hidden cards would
    follow the real shuffles."""

    def first_draws(rng: Rng) -> list[int]:
        copy = Rng(rng.state)
        return [copy.next64() for _ in range(3)]

    for seed in range(4):
        bots = make_bots(seat_roles(default_seats(6), None, "random"), seed)
        assert sorted(bots) == list(range(6))
        for bot in bots.values():
            assert isinstance(bot, RandomBot)
            assert first_draws(bot.rng) != first_draws(Rng(seed))


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plans_a_cluttered_hand_of_unpayable_upgrades(level: str) -> None:
    """OQ-G-3: such Upgrades fill a cluttered hand; the heuristic levels priced the plan with the
    Engine below zero (ZeroDivisionError). Found by racing bots with random options."""
    data = position([car(space=20, engine=0, hand=["cooling-6"], deck=["1"] * 10)], hand_size=1)
    race = race_from(data)
    legal = race.legal_decisions(0)
    assert {d.text() for d in legal} == {"gear 1 play cooling-6", "gear 2 play cooling-6"}
    decision = make_bot(level, 1).choose(view_of(race, 0), legal)
    assert decision in legal
    race.apply(0, decision)
    assert race.legal_decisions(0)  # the cluttered hand cleared: the race goes on


def _drive_random_options(level: str, seed: int) -> None:
    """Every seat driven by ``level`` in a race of random accepted options (test_random_races):
    each decision legal, and the race ends."""
    config = random_config(seed)
    race = Race(config)
    bots = {seat: make_bot(level, seed * 10 + seat) for seat in range(len(config.seats))}
    for _ in range(20_000):
        if race.is_over:
            return
        seat = race.to_decide()[0]
        legal = race.legal_decisions(seat)
        decision = bots[seat].choose(view_of(race, seat), legal)
        assert decision in legal, f"{level} chose {decision!r}, not a legal decision"
        race.apply(seat, decision)
    pytest.fail(f"{level}: the race of random options {seed} did not end")


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("level", ["random", "rookie", "club"])
def test_quick_levels_drive_races_of_random_options(level: str, seed: int) -> None:
    _drive_random_options(level, seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8, 24))
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_drives_races_of_random_options(level: str, seed: int) -> None:
    _drive_random_options(level, seed)


@pytest.mark.parametrize("level", ["pro", "champion"])
def test_the_planners_weigh_a_cluttered_hands_heat_cards_against_a_shifts_heat(level: str) -> None:
    """B-14, B-1.2: a hand of four Heat cards, an Engine of 1, 1st gear. Every play is a cluttered
    hand's. Third gear would clear one more Heat card than second, but the two-gear shift pays
    the Engine's last Heat, which leaves nothing for a Boost or a fast corner; the Heat card
    kept would be cooled back into the Engine in 1st gear anyway. The planners value each play
    by the state it leaves (their table), not by its number of cards, so they shift one gear."""
    basic = ["1", "1", "1", "2", "2", "2", "3", "3", "3", "4", "4", "4", "stress", "stress", "stress"]
    data = position(
        [car(space=20, engine=1, gear=1, hand=["heat"] * 4, deck=basic, discard=["heat"])], hand_size=4, laps=2
    )
    race = race_from(data)
    legal = race.legal_decisions(0)
    assert {d.text() for d in legal} == {"gear 1 play heat", "gear 2 play heat heat", "gear 3 play heat heat heat"}
    view = view_of(race, 0)
    bot = make_bot(level, 1)
    assert isinstance(bot, PlannerBot)
    decision = bot.choose(view, legal)
    assert decision.text() == "gear 2 play heat heat"
    table = bot.table(view)
    for plan in legal:
        assert isinstance(plan, Plan)
        shift = 1 if plan.gear == 3 else 0
        left = -table.after(20, 1, 1 - shift, 4 - len(plan.cards), 0)
        assert bot.plan_value(view, plan) == pytest.approx(left)


def test_the_heuristic_keeps_the_engines_heat_rather_than_shift_to_clear_a_cluttered_hand() -> None:
    """B-14, B-1.2: four Heat cards in hand, an Engine of 1, 1st gear: every play is a cluttered
    hand's. Third gear clears one more Heat card than second, but its two-gear shift pays the
    Engine's last Heat, and the Heat card kept is cooled back into the Engine in 1st gear; the
    heuristic weighs the two, where it used to play the most cards."""
    basic = ["1", "1", "1", "2", "2", "2", "3", "3", "3", "4", "4", "4", "stress", "stress", "stress"]
    data = position(
        [car(space=20, engine=1, gear=1, hand=["heat"] * 4, deck=basic, discard=["heat"])], hand_size=4, laps=2
    )
    race = race_from(data)
    legal = race.legal_decisions(0)
    view = view_of(race, 0)
    bot = make_bot("club", 1)
    assert isinstance(bot, HeuristicBot)
    values = {d.text(): bot.plan_value(view, d) for d in legal}
    assert bot.choose(view, legal).text() == "gear 2 play heat heat"
    # clearing a Heat card is worth something: second gear beats first, which pays nothing either
    assert values["gear 2 play heat heat"] > values["gear 1 play heat"]


@pytest.mark.parametrize("level", ["club", "pro", "champion"])
def test_the_bots_keep_the_best_unpayable_upgrade_when_a_cluttered_hand_leaves_room_for_some(level: str) -> None:
    """OQ-G-3, B-14.1: the Heat card and two of three Upgrades an empty Engine cannot pay fill
    third gear, the player's pick of them. Every pick clears as many, so the bots keep in hand
    the Upgrade they value most (``upgrade_worth``), where they used to take the first pick."""
    hand = ["heat", "turbo-7", "turbo-8", "turbo-8"]
    race = race_from(position([car(space=20, gear=2, engine=0, hand=hand, deck=["1"] * 10)]))
    legal = race.legal_decisions(0)
    third = [d.text() for d in legal if isinstance(d, Plan) and d.gear == 3]
    assert third == ["gear 3 play heat turbo-7 turbo-8", "gear 3 play heat turbo-8 turbo-8"]
    assert upgrade_worth("turbo-7") > upgrade_worth("turbo-8")
    decision = make_bot(level, 1).choose(view_of(race, 0), legal)
    assert decision.text() == "gear 3 play heat turbo-8 turbo-8"


@pytest.mark.parametrize("level", ["rookie", "club", "pro", "champion"])
def test_the_bots_keep_an_upgrade_the_engine_can_pay_when_a_cluttered_hand_could_clear_it(level: str) -> None:
    """OQ-G-3, B-14: third gear with three Heat cards and a Turbocharger 8 in hand is cluttered in
    every gear (a shift to 1st and the Upgrade would cost 2 Heat of an Engine of 1). Fourth gear
    clears the Upgrade with the Heat cards, though the Engine can pay it: the bots used to count it
    as an unpayable Upgrade cleared and threw it away."""
    hand = ["heat", "heat", "heat", "turbo-8"]
    race = race_from(position([car(space=20, gear=3, engine=1, hand=hand, deck=["1"] * 10)], hand_size=4))
    legal = race.legal_decisions(0)
    assert "gear 4 play heat heat heat turbo-8" in {d.text() for d in legal}
    decision = make_bot(level, 1).choose(view_of(race, 0), legal)
    assert isinstance(decision, Plan) and "turbo-8" not in decision.cards


@pytest.mark.parametrize("level", ["club", "pro", "champion"])
def test_the_bots_clear_a_cluttered_hand_of_unpayable_upgrades_whole(level: str) -> None:
    """OQ-G-3, B-14: a hand of Upgrades an empty Engine cannot pay is cluttered in every gear;
    the heuristic and the planners value it as any cluttered hand's play, so they play the most
    cards and clear the hand, instead of finding every such play equally impossible."""
    data = position([car(space=20, engine=0, gear=2, hand=["cooling-6", "body-6"], deck=["1"] * 10)], hand_size=2)
    race = race_from(data)
    legal = race.legal_decisions(0)
    assert {d.text() for d in legal} == {
        "gear 1 play body-6",
        "gear 1 play cooling-6",
        "gear 2 play body-6 cooling-6",
        "gear 3 play body-6 cooling-6",
    }
    decision = make_bot(level, 1).choose(view_of(race, 0), legal)
    assert isinstance(decision, Plan) and len(decision.cards) == 2
