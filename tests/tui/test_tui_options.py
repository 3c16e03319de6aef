"""The options of ``heat play`` and ``heat season new`` reach the app as the plain prompt takes
them: a value the plain prompt refuses is refused before the app starts, in its very words; a
value it accepts is shown on the setup screen as given and starts that game."""

from __future__ import annotations

from pathlib import Path

import pytest
from driver import on_setup_screen, settle
from textual.pilot import Pilot
from textual.widgets import Select

from heat.cli.main import main
from heat.engine import MAX_LAPS, MAX_PRO_LEGENDS, ConfigError
from heat.tui.app import HeatApp
from heat.tui.screens.setup import SetupScreen
from heat.tui.setup_model import GameSetup, SeatChoice, build_table

ANN = SeatChoice("human", "Ann", color="red")


def refusal(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """The exit status and standard error of ``heat ARGV``."""
    status = main(argv)
    return status, capsys.readouterr().err


PLAY_REFUSED = [
    ("--track", "usaa"),
    ("--track", "Monza"),
    ("--laps", "0"),
    ("--laps", "-1"),
    ("--laps", "21"),
    ("--pro-legends", "2"),
    ("--no-aggressive-legends",),
    ("--legends", "1", "--pro-legends", "11"),
    ("--legends", "1", "--pro-legends", "-1"),
    ("--legends", "4"),
    ("--legends", "-1"),
    ("--quick-upgrades",),
    ("--bots", "6"),
    ("--color", "pink"),
    ("--level", "club,pro"),
]


@pytest.mark.parametrize("options", PLAY_REFUSED, ids=" ".join)
def test_heat_play_refuses_in_the_plain_prompts_words_what_the_plain_prompt_refuses(
    options: tuple[str, ...], started: list[HeatApp], capsys: pytest.CaptureFixture[str]
) -> None:
    """These crashed the app (a Select offered no such value) or started another race than asked."""
    plain = refusal(["play", "--plain", *options], capsys)
    app = refusal(["play", *options], capsys)
    assert plain[0] == 2 and plain[1].startswith("heat: ") and plain[1].count("\n") == 1
    assert app == plain
    assert started == []


def test_the_refusals_are_the_ones_the_audit_found(started: list[HeatApp], capsys: pytest.CaptureFixture[str]) -> None:
    assert refusal(["play", "--laps", "0"], capsys) == (2, "heat: laps must be 1 to 20, not 0\n")
    assert "add Legends with --legends" in refusal(["play", "--pro-legends", "2"], capsys)[1]
    assert "4 + 4 Legends is too many" in refusal(["play", "--legends", "4"], capsys)[1]
    assert "unknown track 'usaa'" in refusal(["play", "--track", "usaa"], capsys)[1]
    assert started == []


SEASON_REFUSED = [
    ("--pro-legends", "2"),
    ("--no-aggressive-legends",),
    ("--legends", "1", "--pro-legends", "11"),
    ("--legends", "4"),
    ("--legends", "-1"),
    ("--bots", "6"),
    ("--color", "pink"),
]


@pytest.mark.parametrize("options", SEASON_REFUSED, ids=" ".join)
def test_heat_season_new_refuses_in_the_plain_prompts_words_what_the_plain_prompt_refuses(
    options: tuple[str, ...], started: list[HeatApp], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "season.json"
    plain = refusal(["season", "new", "--plain", "--save", str(save), *options], capsys)
    app = refusal(["season", "new", "--save", str(save), *options], capsys)
    assert plain[0] == 2 and plain[1].startswith("heat: ") and plain[1].count("\n") == 1
    assert app == plain
    assert started == [] and not save.exists()


def test_a_season_with_pro_legends_starts_as_asked(started: list[HeatApp], tmp_path: Path) -> None:
    save = tmp_path / "season.json"
    assert main(["season", "new", "--save", str(save), "--legends", "2", "--pro-legends", "10", "--seed", "5"]) == 0
    table = started[-1].table
    assert table is not None and table.game.config.pro_legends == 10
    assert sum(seat.legend for seat in table.game.config.seats) == 2


def test_the_setup_screen_offers_every_laps_and_pro_legends_value_the_engine_accepts() -> None:
    for laps, pro in ((1, 0), (MAX_LAPS, MAX_PRO_LEGENDS)):
        build_table(GameSetup(laps=laps, pro_legends=pro, seats=(ANN, SeatChoice("legend"))))
    with pytest.raises(ConfigError, match="laps must be 1 to 20"):
        build_table(GameSetup(laps=MAX_LAPS + 1, seats=(ANN,)))
    with pytest.raises(ConfigError, match="Pro Legends add 0 to 10"):
        build_table(GameSetup(pro_legends=MAX_PRO_LEGENDS + 1, seats=(ANN, SeatChoice("legend"))))


def test_laps_and_pro_legends_beyond_the_old_lists_show_on_the_setup_screen_and_start_that_race(
    started: list[HeatApp],
) -> None:
    """``--laps 12`` and ``--pro-legends 7`` crashed the app: its lists stopped at 5."""
    options = ["--track", "france", "--laps", "12", "--legends", "1", "--pro-legends", "7", "--bots", "1"]
    assert main(["play", *options, "--level", "random", "--seed", "3"]) == 0
    app = started[-1]

    async def check(pilot: Pilot[None], screen: SetupScreen) -> None:
        assert screen.query_one("#track", Select).value == "france"
        assert screen.query_one("#laps", Select).value == "12"
        assert screen.query_one("#pro", Select).value == 7
        await pilot.press("enter")  # Start, focused on the setup screen
        await settle(app, pilot)
        assert app.table is not None and app.table.race is not None
        config = app.table.race.config
        assert (config.track, config.laps, config.pro_legends) == ("france", 12, 7)
        assert [seat.legend for seat in config.seats].count(True) == 1

    on_setup_screen(app, check)
