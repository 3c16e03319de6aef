"""Smaller things the outside testing found: a Stress card could be picked in step 8, and the
replay of a finished race hid every hand, the player's own too."""

from __future__ import annotations

import asyncio

from driver import handled, played
from privacy import COUNTED_DRAW
from textual.widgets import Static

from heat.engine import view_of
from heat.tui.app import HeatApp
from heat.tui.replay_model import ReplayCursor
from heat.tui.screens.race import DISCARD, RaceScreen
from heat.tui.screens.replay import ReplayScreen
from heat.tui.setup_model import GameSetup, SeatChoice, build_table
from heat.tui.table import Table
from heat.tui.widgets.hand import HandBar
from heat.tui.widgets.race_log import RaceLog

ANN = SeatChoice("human", "Ann", color="red")
CLUB = SeatChoice("bot", level="club")


def discarding_with_stress(table: Table) -> bool:
    race = table.race
    return (
        race is not None
        and race.phase == "turn"
        and race.to_decide() == (0,)
        and race.step == "discard"
        and "stress" in (table.view(0).me.hand or ())  # type: ignore[union-attr]
    )


def test_a_card_that_cannot_be_discarded_is_not_picked_in_step_8() -> None:
    """Stress cards could be selected in Discard (B-8.3 forbids discarding them)."""
    table = build_table(GameSetup(practice=True, seed=3, seats=(ANN, CLUB)))
    played(table, discarding_with_stress)

    async def scenario() -> None:
        app = HeatApp(table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            await handled(pilot)
            screen = app.screen
            assert isinstance(screen, RaceScreen) and screen.mode == DISCARD
            assert screen.selection is not None
            stress = screen.selection.hand.index("stress")
            assert stress in screen.query_one(HandBar).kept  # drawn dim and struck through
            await pilot.press(str(stress + 1))
            await handled(pilot)
            assert screen.selection.picked == []
            message = str(screen.query_one("#message", Static).render())
            assert message.startswith("Not allowed:") and "B-8.3" in message
            other = next(i for i, card in enumerate(screen.selection.hand) if card not in ("stress", "heat"))
            await pilot.press(str(other + 1))
            assert screen.selection.picked == [other]

    asyncio.run(scenario())


def test_the_replay_of_a_finished_race_shows_every_hand_and_draw() -> None:
    """After the race nothing is secret: the replay hid the hands, the player's own too."""
    table = build_table(GameSetup(practice=True, seed=3, seats=(ANN, CLUB, SeatChoice("legend"))))
    played(table, lambda t: t.is_over)
    record = table.record()
    cursor = ReplayCursor(record)
    cursor.go(cursor.round_starts()[2])
    unfinished = build_table(GameSetup(practice=True, seed=3, seats=(ANN, CLUB)))
    played(unfinished, lambda t: t.race is not None and t.race.round >= 3)

    async def shown(cursor: ReplayCursor) -> tuple[str, list[str]]:
        app = HeatApp(replay=cursor)
        async with app.run_test(size=(80, 24)) as pilot:
            await handled(pilot)
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            hands = str(screen.query_one("#replay-hands", Static).render())
            return hands, screen.query_one(RaceLog).entries_text

    hands, log = asyncio.run(shown(cursor))
    race = cursor.race()
    for seat in (0, 1):
        name, hand = race.cars[seat].name, view_of(race, seat).cars[seat].hand or ()
        assert f"{name}: {' '.join(hand)}" in hands
    for seat in (0, 1):  # every draw with its cards, the bot's too
        draws = [line for line in log if line.startswith(f"{race.cars[seat].name} draws ")]
        assert any(" " in line.split(" draws ")[1] for line in draws)  # the 7 cards of the start
    hands, log = asyncio.run(shown(ReplayCursor(unfinished.record())))  # a race in progress
    assert hands == ""
    assert all(COUNTED_DRAW.fullmatch(line.split(" draws ")[1]) for line in log if " draws " in line)
