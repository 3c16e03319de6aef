"""The main screens of the app in fixed, seeded situations, for the snapshot tests and the
screenshots in docs/screenshots (``HEAT_UPDATE_SNAPSHOTS=1`` rewrites them)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from driver import played, settle
from textual.pilot import Pilot

from heat.tui.app import HeatApp
from heat.tui.replay_model import ReplayCursor
from heat.tui.setup_model import GameSetup, SeatChoice, build_table
from heat.tui.table import Table

ANN = SeatChoice("human", "Ann", color="red")
BOB = SeatChoice("human", "Bob", color="blue")
CLUB = SeatChoice("bot", level="club")
LEGEND = SeatChoice("legend")
SIZES = ((80, 24), (120, 40), (160, 48))

Scene = tuple[HeatApp, Callable[[HeatApp, Pilot[None]], Awaitable[None]]]


def _setup(seats: tuple[SeatChoice, ...], **options: object) -> GameSetup:
    return GameSetup(seed=7, seats=seats, **options)  # type: ignore[arg-type]


async def _settled(app: HeatApp, pilot: Pilot[None]) -> None:
    await settle(app, pilot)
    await pilot.pause()


def setup_scene() -> Scene:
    """The setup screen with a human, a club bot and two Legends on Great Britain."""
    setup = _setup((ANN, CLUB, LEGEND, LEGEND), track="great-britain", weather=True, pro_legends=1)
    return HeatApp(setup=setup), _settled


def race_scene() -> Scene:
    """Steps 1-2 in round 3 of a race with the Weather: two cards picked, the preview shown."""
    table = build_table(_setup((ANN, CLUB, CLUB, LEGEND), weather=True))

    def before(t: Table) -> bool:
        return t.race is not None and t.race.round >= 3 and t.race.phase == "plan" and 0 in t.to_decide()

    played(table, before)

    async def act(app: HeatApp, pilot: Pilot[None]) -> None:
        await settle(app, pilot)
        await pilot.press("up", "1", "2", "4")
        await pilot.pause()

    return HeatApp(table=table), act


def react_scene() -> Scene:
    """Step 5 React: the symbols to use, in any order, with the preview of the highlighted one."""
    table = build_table(_setup((ANN, CLUB, CLUB)))

    def reacting(t: Table) -> bool:
        race = t.race
        return (
            race is not None
            and race.round >= 2
            and race.to_decide() == (0,)
            and race.phase == "turn"
            and race.step == "react"
            and len(t.legal(0)) >= 3
        )

    played(table, reacting)
    return HeatApp(table=table), _settled


def draft_scene() -> Scene:
    """The Garage draft: the market and every car's picks so far."""
    table = build_table(_setup((CLUB, ANN, CLUB), practice=True, garage="all"))
    return HeatApp(table=table), _settled


def season_scene() -> Scene:
    """The season hub before race 2 of 1961: the scorepad, the next event, the market."""
    table = build_table(_setup((ANN, CLUB, LEGEND), mode="season"))

    def hub(t: Table) -> bool:
        season = t.season
        return season is not None and len(season.state.results) == 1 and 0 in t.to_decide() and t.race is None

    played(table, hub)
    table.take_finished()
    return HeatApp(table=table), _settled


def results_scene() -> Scene:
    """The Hall of Fame after a practice race."""
    table = build_table(_setup((ANN, CLUB, CLUB, LEGEND), practice=True))
    played(table, lambda t: t.is_over)
    return HeatApp(table=table), _settled


def replay_scene() -> Scene:
    """The replay viewer half-way through a practice race."""
    table = build_table(_setup((ANN, CLUB, LEGEND), practice=True))
    played(table, lambda t: t.is_over)
    cursor = ReplayCursor(table.record())
    cursor.go(cursor.round_starts()[4] + 3)

    async def act(app: HeatApp, pilot: Pilot[None]) -> None:
        await pilot.pause()

    return HeatApp(replay=cursor), act


def handoff_scene() -> Scene:
    """Hotseat: the keyboard passes to Bob."""
    table = build_table(_setup((ANN, BOB, CLUB), practice=True))
    return HeatApp(table=table), _settled


SCENES: dict[str, Callable[[], Scene]] = {
    "setup": setup_scene,
    "race": race_scene,
    "react": react_scene,
    "draft": draft_scene,
    "season": season_scene,
    "results": results_scene,
    "replay": replay_scene,
    "handoff": handoff_scene,
}


async def screenshot(name: str, size: tuple[int, int]) -> str:
    """The SVG of scene ``name`` at ``size``."""
    app, act = SCENES[name]()
    async with app.run_test(size=size) as pilot:
        await act(app, pilot)
        return app.export_screenshot(title=f"heat: {name}")
