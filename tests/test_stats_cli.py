"""``heat stats`` (a table, JSON, a chart), the statistics after ``heat race``, and the arena's
figures per entrant."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from heat.arena import ArenaConfig, play_race, summarize
from heat.bots import RandomBot
from heat.cli.main import main
from heat.engine import RULES_VERSION, replay
from heat.engine.championship import Season, SeasonConfig, season_record
from heat.engine.config import default_seats
from heat.stats import race_stats, season_races

SVG = "{http://www.w3.org/2000/svg}"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A race record of 3 club bots and a Legend, from ``heat race --json``."""
    status, out, _ = run(capsys, "race", "--seed", "3", "--cars", "3", "--legends", "1", "--practice", "--json")
    assert status == 0
    path = tmp_path / "race.json"
    path.write_text(out, encoding="utf-8")
    return path


def test_stats_prints_a_table_of_every_car(record: Path, capsys) -> None:
    status, out, err = run(capsys, "stats", str(record))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("USA, 1 lap, ")
    stats = race_stats(replay(json.loads(record.read_text())))
    first = min(stats.cars, key=lambda car: car.place)
    header = next(line for line in lines if line.startswith(" " * 10))  # the colours, above the labels
    assert header.split()[0] == first.color.capitalize()  # columns from first to last
    heat_row = next(line for line in lines if line.startswith("Heat paid"))
    assert heat_row.split()[2] == str(first.heat_paid)
    assert any(line.startswith("Rounds in gear 4") for line in lines)
    assert max(len(line) for line in lines) <= 80


def test_stats_json_holds_every_figure(record: Path, capsys) -> None:
    status, out, _ = run(capsys, "stats", str(record), "--json")
    assert status == 0
    data = json.loads(out)
    assert data == race_stats(replay(json.loads(record.read_text()))).to_json()
    assert (data["format"], data["track"], data["over"]) == ("heat-stats", "usa", True)
    car = data["cars"][0]
    for name in ("place", "finish_round", "rounds", "gears", "rounds_leading", "heat", "boosts", "spin_outs"):
        assert name in car
    assert set(car["heat"]) == {"shift", "boost", "corners", "weather", "upgrades", "spin-outs"}
    assert set(car["gears"]) == {"1", "2", "3", "4"}
    assert data["cars"][3]["legend"] and data["cars"][3]["heat"] is None


def test_stats_plot_writes_an_svg_of_every_car(record: Path, tmp_path: Path, capsys) -> None:
    chart = tmp_path / "progress.svg"
    status, _, err = run(capsys, "stats", str(record), "--plot", str(chart))
    assert (status, err) == (0, "")
    root = ET.fromstring(chart.read_text(encoding="utf-8"))
    assert root.tag == f"{SVG}svg"
    stats = race_stats(replay(json.loads(record.read_text())))
    for kind in ("progress", "behind"):  # a line per car in each panel, a point per round raced
        lines = [line for line in root.findall(f"{SVG}polyline") if line.get("class") == kind]
        points = sorted(len(line.get("points", "").split()) for line in lines)
        assert points == sorted(len(car.progress) for car in stats.cars)
    text = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "finish" in text and all(car.name in text for car in stats.cars)


def test_stats_plot_never_replaces_a_file_unless_told(record: Path, tmp_path: Path, capsys) -> None:
    chart = tmp_path / "mine.svg"
    chart.write_text("keep me", encoding="utf-8")
    status, out, err = run(capsys, "stats", str(record), "--plot", str(chart))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "already exists" in err and "--overwrite" in err
    assert chart.read_text(encoding="utf-8") == "keep me"
    assert run(capsys, "stats", str(record), "--plot", str(chart), "--overwrite")[0] == 0
    assert chart.read_text(encoding="utf-8").startswith("<svg")
    status, _, err = run(capsys, "stats", str(record), "--overwrite")
    assert status == 2 and "--plot" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read"),
        ("{not json", "not valid JSON"),
        ("[]", "a record must be a JSON object"),
        ('{"format": "heat-position", "cars": []}', "is a race position"),
        (json.dumps({"format": "heat-record", "rules_version": RULES_VERSION}), "needs a 'config' or a 'position'"),
        (lambda r: {**r, "rules_version": "1"}, "rules version '1'"),
        (lambda r: {**r, "decisions": [{"seat": 0, "decision": "fly"}]}, "decisions[0] ('fly')"),
    ],
)
def test_bad_input_is_one_line(record: Path, tmp_path: Path, capsys, content: Any, message: str) -> None:
    bad = tmp_path / "bad.json"
    if callable(content):
        bad.write_text(json.dumps(content(json.loads(record.read_text()))))
    elif content is not None:
        bad.write_text(content)
    status, out, err = run(capsys, "stats", str(bad))
    assert (status, out) == (2, "")
    assert err.startswith("heat: ") and err.count("\n") == 1
    assert message in err


def test_a_saved_race_not_over_is_counted_so_far(record: Path, tmp_path: Path, capsys) -> None:
    data = json.loads(record.read_text())
    saved = tmp_path / "saved.json"
    saved.write_text(json.dumps({**data, "decisions": data["decisions"][:40], "players": {"human": 0}}))
    status, out, _ = run(capsys, "stats", str(saved))
    assert status == 0
    assert "The race is not over: counted to the end of round" in out


# ---------------------------------------------------------------------- seasons


@pytest.fixture(scope="module")
def season_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 1961 season of a random bot and a Legend: race 1 over, race 2 begun."""
    season = Season(SeasonConfig(default_seats(2, legends=1), season="1961", seed=4))
    bot = RandomBot(2)
    while len(season.state.results) < 1 or season.race is None or season.race.round < 3:
        seat = season.to_decide()[0]
        season.apply(seat, bot.choose(None, season.legal_decisions(seat)))  # type: ignore[arg-type]
    path = tmp_path_factory.mktemp("season") / "season.json"
    path.write_text(json.dumps({**season_record(season), "players": {"human": 0}}))
    return path


def test_a_season_gives_the_statistics_of_each_race(season_file: Path, capsys) -> None:
    races = season_races(json.loads(season_file.read_text()))
    assert [entry.number for entry in races] == [1, 2]
    assert races[0].race.is_over and not races[1].race.is_over
    status, out, _ = run(capsys, "stats", str(season_file))
    assert status == 0
    assert out.count("Heat paid") == 2
    assert out.startswith(f"Race 1 (1961): {races[0].event}. ")
    assert "Race 2 (1961)" in out and "not over" in out
    status, out, _ = run(capsys, "stats", str(season_file), "--race", "1", "--json")
    data = json.loads(out)
    assert [race["over"] for race in data["races"]] == [True]
    assert data["races"][0]["cars"] == race_stats(races[0].race).to_json()["cars"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--race", "3"], "--race 3: "),
        (["--race", "0"], "--race 0: "),
        (["--plot", "chart.svg"], "choose the one to plot with --race N"),
    ],
)
def test_a_season_refuses_a_race_it_does_not_hold(season_file: Path, tmp_path: Path, capsys, options, message):
    options = [str(tmp_path / o) if o.endswith(".svg") else o for o in options]
    status, out, err = run(capsys, "stats", str(season_file), *options)
    assert (status, out) == (2, "")
    assert message in err and err.count("\n") == 1
    assert not list(tmp_path.glob("*.svg"))


def test_race_is_refused_for_a_single_race(record: Path, capsys) -> None:
    status, _, err = run(capsys, "stats", str(record), "--race", "1")
    assert status == 2 and "is a single race" in err


# ---------------------------------------------------------------------- heat race, the arena


def test_race_prints_the_statistics_after_the_standings(capsys) -> None:
    status, out, _ = run(capsys, "race", "--seed", "4", "--cars", "2", "--practice")
    assert status == 0
    assert out.index("Final standings:") < out.index("Statistics:") < out.index("Heat paid")
    for quiet in (["--quiet"], ["--json"]):
        assert "Heat paid" not in run(capsys, "race", "--seed", "4", "--cars", "2", "--practice", *quiet)[1]


def test_the_arena_sums_the_figures_of_each_entrant() -> None:
    config = ArenaConfig(lineup=("rookie", "random", "legend"), races=3, laps=1, seed=2)
    outcomes = [play_race(config, index) for index in range(3)]
    summary = {entry.entrant: entry for entry in summarize(outcomes)}
    for name in ("rookie", "random", "legend"):
        figures = summary[name].figures
        seats = [(o, o.entrants.index(name)) for o in outcomes]
        assert figures["car_races"] == 3
        assert figures["spaces_moved"] == sum(o.figures[seat]["spaces_moved"] for o, seat in seats)
        assert figures["wins"] == sum(o.places[seat] == 1 for o, seat in seats)
        assert figures["rounds"] == sum(o.rounds[seat] for o, seat in seats)
    assert "heat_paid" in summary["rookie"].figures and "heat_paid" not in summary["legend"].figures


def test_a_position_file_is_not_a_race(tmp_path: Path, capsys) -> None:
    status, out, _ = run(capsys, "position", "new", "--cars", "2", "--seed", "1")
    path = tmp_path / "start.json"
    path.write_text(out)
    status, _, err = run(capsys, "stats", str(path))
    assert status == 2 and "heat position apply" in err


def test_a_season_before_its_first_race_has_no_statistics(tmp_path: Path, capsys) -> None:
    season = Season(SeasonConfig(default_seats(2, legends=1), season="1961", seed=1))
    season.apply(0, season.legal_decisions(0)[0])  # the first card of the build
    path = tmp_path / "season.json"
    path.write_text(json.dumps(season_record(season)))
    status, out, err = run(capsys, "stats", str(path))
    assert (status, out) == (2, "")
    assert "no race of this season has started yet" in err
