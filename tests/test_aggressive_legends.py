"""OQ-L-10, Great Britain's chevrons (aggressive Legends): on by default, turned off with
``--no-aggressive-legends`` in every command that sets up a game with Legends, in the app's
setup, in seasons and in the arena; the bots foresee the Legends' moves under the rule in force."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from heat.arena import ArenaConfig, check_config, race_setup
from heat.bots import forecast
from heat.bots.determinize import sample_position
from heat.cli import render
from heat.cli.main import main
from heat.engine import ConfigError, Race, default_seats, from_position, replay, view_of
from heat.engine.championship import Season, SeasonConfig
from heat.engine.content import legends_cards
from heat.engine.rng import Rng
from heat.narrate import legends_rules
from scenario import car, position, race_from

NO_LEGEND = "keeps Legends from crossing two Corner Lines from Great Britain's chevrons (OQ-L-10)"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def chevron_race(aggressive: bool) -> Race:
    """Great Britain: Red far ahead, a blue Legend on corner 2's chevron space (30), Legends
    card 1 on top (blue: Top Speed 18, Diamond 3)."""
    cars = [
        car(space=55, color="red", hand=["1", "2", "3", "4", "4", "5", "2"], deck=["3"] * 10),
        car(space=30, color="blue", legend=True, engine=0),
    ]
    options = {} if aggressive else {"aggressive_legends": False}
    return race_from(position(cars, track="great-britain", legends={"deck": [1], "card": None}, options=options))


@pytest.mark.parametrize(("aggressive", "lands"), [(True, 39), (False, 37)])
def test_OQ_L_10_the_forecast_follows_the_rule_in_force(aggressive: bool, lands: int) -> None:
    """30 + 6 + 3: across corners 2 and 3 with the chevrons, before corner 3's line without."""
    race = chevron_race(aggressive)
    view = view_of(race, 0)
    assert view.aggressive_legends is aggressive
    card = next(c for c in legends_cards() if c.number == 1)
    _, final = forecast.moves(view, card)
    race.apply(0, race.legal_decisions(0)[0])
    while race.round == 1:
        seat = race.to_decide()[0]
        race.apply(seat, race.legal_decisions(seat)[-1])
    assert final == (race.cars[1].pos,) == (lands,)


@pytest.mark.parametrize("aggressive", [True, False])
def test_OQ_L_10_a_sampled_position_keeps_the_rule(aggressive: bool) -> None:
    """The search bots play their samples under the race's own rule."""
    sample = from_position(sample_position(view_of(chevron_race(aggressive), 0), Rng(3)))
    assert sample.config.aggressive_legends is aggressive


def test_OQ_L_10_heat_race_without_the_chevrons_records_it(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["race", "--track", "great-britain", "--cars", "1", "--legends", "5", "--seed", "3", "--json"]
    status, out, _ = run(capsys, *argv, "--no-aggressive-legends")
    assert status == 0
    record = json.loads(out)
    assert record["config"]["aggressive_legends"] is False
    assert replay(record).config.aggressive_legends is False
    default = json.loads(run(capsys, *argv)[1])
    assert "aggressive_legends" not in default["config"]  # on: the default, left out
    assert default != record  # the rule changed the race


@pytest.mark.parametrize("command", [["race"], ["position", "new"], ["play", "--plain"], ["season", "new", "--plain"]])
def test_OQ_L_10_no_aggressive_legends_without_a_legend_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    save = ["--save", str(tmp_path / "game.json")] if command[0] in ("play", "season") else []
    status, out, err = run(capsys, *command, *save, "--no-aggressive-legends")
    assert (status, out) == (2, "")
    assert err == f"heat: --no-aggressive-legends {NO_LEGEND}: add Legends with --legends\n"
    assert not (tmp_path / "game.json").exists()


def test_OQ_L_10_resume_refuses_the_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A resumed race keeps its own rule: the option sets up a new one."""
    status, _, err = run(capsys, "play", "--plain", "--resume", str(tmp_path / "r.json"), "--no-aggressive-legends")
    assert status == 2 and "leave out --no-aggressive-legends" in err


def test_OQ_L_10_a_season_plays_every_race_under_its_rule() -> None:
    config = SeasonConfig(default_seats(3, legends=2), seed=4, aggressive_legends=False)
    data = config.to_json()
    assert data["aggressive_legends"] is False
    assert SeasonConfig.from_json(json.loads(json.dumps(data))) == config
    assert "aggressive_legends" not in SeasonConfig(default_seats(3, legends=2)).to_json()
    season = Season(config)
    while season.race is None:  # the cars are built first (C-9)
        seat = season.to_decide()[0]
        season.apply(seat, season.legal_decisions(seat)[0])
    assert season.race is not None and season.race.config.aggressive_legends is False
    with pytest.raises(Exception, match=r"config.aggressive_legends: expected true or false, got the string 'no'"):
        SeasonConfig.from_json({**data, "aggressive_legends": "no"})


def test_OQ_L_10_heat_season_new_without_the_chevrons(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "season.json"
    argv = ["season", "new", "--plain", "--legends", "2", "--no-aggressive-legends", "--seed", "2", "--save", str(save)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", __import__("io").StringIO("quit\n"))
        run(capsys, *argv)
    assert json.loads(save.read_text())["config"]["aggressive_legends"] is False


def test_OQ_L_10_the_arena_passes_the_rule_to_its_races() -> None:
    config = ArenaConfig(("champion", "legend", "legend"), tracks=("great-britain",), aggressive_legends=False)
    check_config(config)
    assert race_setup(config, 0)[0].aggressive_legends is False
    assert race_setup(ArenaConfig(("club", "legend")), 0)[0].aggressive_legends is True
    with pytest.raises(ConfigError, match=r"add Legends to the lineup \(e.g. legend\*5\)"):
        check_config(ArenaConfig(("club", "rookie"), aggressive_legends=False))


@pytest.mark.parametrize(
    ("track_id", "options", "told"),
    [
        ("great-britain", {}, "Legends: chevrons on: a Legend that starts on the Diamond-0 space of corner 2, 3 or 4"),
        ("great-britain", {"aggressive_legends": False}, "Legends: chevrons off: no Legend crosses two Corner Lines"),
        ("great-britain", {"pro_legends": 2}, "Legends: Pro Legends, Top Speed +2; chevrons on: "),
        ("usa", {"pro_legends": 3}, "Legends: Pro Legends, Top Speed +3"),
        ("usa", {}, None),
    ],
)
def test_OQ_L_10_the_screens_tell_the_legends_rules_in_force(
    track_id: str, options: dict[str, object], told: str | None
) -> None:
    """The board shows the chevrons, not whether they count, nor the Pro Legends bonus."""
    cars = [car(space=5, color="red", hand=["1"] * 7, deck=["3"] * 10), car(space=8, color="blue", legend=True)]
    view = view_of(race_from(position(cars, track=track_id, legends={"deck": [1], "card": None}, options=options)), 0)
    line = legends_rules(view)
    if told is None:
        assert line is None
    else:
        assert line is not None and line.startswith(told)
        assert told in "\n".join(render.status(view))
    alone = view_of(race_from(position([cars[0]], track=track_id, options=options)), 0)
    assert legends_rules(alone) is None  # no Legend on the track
