"""OQ-L-10 in the app: the setup screen's GB chevrons field, and the cars dialog telling the
Legends rules in force (see tests/test_aggressive_legends.py for the rest)."""

from __future__ import annotations

import asyncio

import pytest
from driver import on_setup_screen, settle
from textual.pilot import Pilot
from textual.widgets import Select, Static

from heat.cli.main import main
from heat.engine import Race, RaceConfig, default_seats
from heat.tui.app import HeatApp
from heat.tui.screens.dialogs import CarsScreen
from heat.tui.screens.setup import SetupScreen
from heat.tui.setup_model import GameSetup, SeatChoice, build_table


def test_OQ_L_10_the_setup_screen_turns_the_chevrons_off(started: list[HeatApp]) -> None:
    assert main(["play", "--track", "great-britain", "--legends", "2", "--bots", "0", "--no-aggressive-legends"]) == 0
    app = started[-1]

    async def check(pilot: Pilot[None], screen: SetupScreen) -> None:
        assert screen.query_one("#aggressive", Select).value is False
        assert screen.gather().aggressive_legends is False
        screen.query_one("#aggressive", Select).value = True
        assert screen.gather().aggressive_legends is True

    on_setup_screen(app, check)
    table = build_table(
        GameSetup(
            track="great-britain", aggressive_legends=False, seats=(SeatChoice("human", "Ann"), SeatChoice("legend"))
        )
    )
    assert isinstance(table.game, Race) and table.game.config.aggressive_legends is False
    assert RaceConfig(default_seats(2, legends=1)).aggressive_legends is True


def test_OQ_L_10_the_apps_cars_dialog_tells_the_legends_rules() -> None:
    seats = (SeatChoice("human", "Ann"), SeatChoice("legend"))
    setup = GameSetup(track="great-britain", practice=True, aggressive_legends=False, pro_legends=1, seats=seats)
    app = HeatApp(table=build_table(setup))

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("i")
            assert isinstance(app.screen, CarsScreen)
            rules = str(app.screen.query_one("#legends-rules", Static).render())
            assert rules == "Legends: Pro Legends, Top Speed +1; chevrons off: no Legend crosses two Corner Lines"

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        (
            "#pro",
            2,
            "Pro Legends +2 raises the Legends' Top Speed (L-17): make a seat a Legend, or choose +0",
        ),
        (
            "#aggressive",
            False,
            "GB chevrons off keeps Legends from crossing two Corner Lines from Great Britain's chevrons (OQ-L-10): "
            "make a seat a Legend, or turn them on",
        ),
    ],
)
def test_the_setup_screen_refuses_a_legends_option_without_a_legend(field: str, value: object, said: str) -> None:
    """As the command line refuses --pro-legends and --no-aggressive-legends without Legends."""
    app = HeatApp(setup=GameSetup(seats=(SeatChoice("human", "Ann"), SeatChoice("bot", level="random"))))

    async def check(pilot: Pilot[None], screen: SetupScreen) -> None:
        screen.query_one(field, Select).value = value
        screen._start()
        await pilot.pause()
        assert app.table is None and isinstance(app.screen, SetupScreen)
        assert str(app.screen.query_one("#message", Static).render()) == f"Cannot start: {said}"
        screen.query_one("#kind-1", Select).value = "legend"  # a Legend: now it starts
        screen._start()
        await settle(app, pilot)
        assert app.table is not None

    on_setup_screen(app, check)
