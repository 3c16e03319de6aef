"""Hotseat privacy in every kind of step: every seat a human at one keyboard, decisions typed
with the keys, and at every stop the whole screen is searched for another seat's secrets
(``privacy``); whenever the keyboard changes hands, the new player's screen holds nothing of
the last one's (no dialog, no message, a fresh question). The games are steered so that the
keyboard changes hands after every kind of step: plans, React, Salvage, discard, Refresh, the
Garage draft, the championship market and the last player's swap."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from driver import before_the_last_question_of_race_1, bot_typist, quiet, type_decision
from privacy import NOBODY, check_fresh_after_handoff, keyboard_holder, leaks
from textual import events
from textual.pilot import Pilot

from heat.engine import Decision, Discard, EndReact, Plan, React, Slipstream
from heat.engine.content import catalogue
from heat.engine.decisions import ChooseSpeed, Draft, Keep, Refresh, Salvage, Swap
from heat.tui.app import HeatApp
from heat.tui.screens.handoff import HandoffScreen
from heat.tui.screens.pick import PickScreen
from heat.tui.screens.race import RaceScreen
from heat.tui.screens.results import ResultsScreen
from heat.tui.setup_model import GameSetup, SeatChoice, build_table
from heat.tui.table import Table

ANN = SeatChoice("human", "Ann", color="red")
BOB = SeatChoice("human", "Bob", color="blue")
CID = SeatChoice("human", "Cid", color="green")

KINDS: dict[type, str] = {
    Plan: "plan",
    React: "react",
    EndReact: "react",
    Salvage: "salvage",
    Slipstream: "slipstream",
    ChooseSpeed: "speed",
    Discard: "discard",
    Refresh: "refresh",
    Swap: "swap",
    Keep: "keep",
}


def kind_of(table: Table, decision: Decision) -> str:
    """The kind of step a decision is taken in."""
    if isinstance(decision, Draft):
        return "draft" if table.race is not None else "market"
    return KINDS[type(decision)]


def keen_on(symbol: str) -> set[str]:
    """The Upgrade cards with ``symbol`` (salvage, refresh)."""
    return {card.id for card in catalogue().cards if getattr(card, symbol, 0)}


def typist(table: Table) -> Callable[[list[Decision], Callable[[], Decision]], Decision]:
    """What to type: a Salvage or Refresh card drafted, a Salvage or Refresh used, whenever
    possible (so that those steps come up); otherwise what a club bot would do."""
    wanted = keen_on("salvage") | keen_on("refresh")

    def choose(options: list[Decision], otherwise: Callable[[], Decision]) -> Decision:
        for decision in options:
            if isinstance(decision, Draft) and decision.card in wanted and table.race is not None:
                return decision
            if isinstance(decision, Salvage | Refresh) and decision.cards:
                return decision
            if isinstance(decision, React) and decision.symbol == "salvage":
                return decision
        return otherwise()

    return choose


async def play_hotseat(app: HeatApp, pilot: Pilot[None], wanted: set[str], limit: int) -> set[str]:
    """Type decisions, checking the screen at every stop, until the keyboard has changed hands
    after every ``wanted`` kind of step (or the game is over); the kinds of step that the
    players who gave up the keyboard had decided in since they got it."""
    table = app.table
    assert table is not None
    choose = typist(table)
    club = bot_typist(5)
    holder = keyboard_holder(app)
    decided: set[str] = set()
    covered: set[str] = set()
    for _ in range(limit):
        await quiet(app, pilot)
        now = keyboard_holder(app)
        found = leaks(app, now)
        assert not found, f"seat {now}'s screen shows another seat's secret: {found[:3]}"
        if now != holder:
            if now == NOBODY:
                covered |= decided
                decided = set()
            elif now is not None:
                check_fresh_after_handoff(app, now)
            holder = now
        if wanted <= covered or table.is_over:
            return covered
        screen = app.screen
        if isinstance(screen, HandoffScreen | ResultsScreen):
            await pilot.press("enter")
        elif isinstance(screen, RaceScreen):
            options = screen.options if screen.mode == "options" else screen.legal
            decision = choose(options, lambda: club(screen))  # noqa: B023 (called at once)
            decided.add(kind_of(table, decision))
            await type_decision(pilot, screen, decision)
        elif isinstance(screen, PickScreen):
            decision = choose(screen.options, lambda: screen.options[0])  # noqa: B023
            decided.add(kind_of(table, decision))
            for _ in range(screen.options.index(decision)):
                await pilot.press("down")
            await pilot.press("enter")
        else:
            raise AssertionError(f"unexpected screen {screen!r}")
    raise AssertionError(f"not done after {limit} stops; handoffs after {sorted(covered)}")


@pytest.mark.usefixtures("quick_pilot")
def test_a_hotseat_garage_race_shows_nobody_anothers_secrets() -> None:
    """Three humans: the draft, then the race until every kind of race step has come before a
    handoff (seed 1 has a Refresh and a Salvage used in round 2)."""
    race_steps = {"draft", "plan", "react", "salvage", "discard", "refresh"}
    table = build_table(GameSetup(practice=True, seed=1, garage="all", weather=True, seats=(ANN, BOB, CID)))

    async def scenario() -> set[str]:
        app = HeatApp(table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            return await play_hotseat(app, pilot, race_steps, limit=300)

    covered = asyncio.run(scenario())
    assert race_steps <= covered, f"no handoff after {sorted(race_steps - covered)}"


@pytest.mark.usefixtures("quick_pilot")
def test_a_hotseat_season_hub_shows_nobody_the_last_players_choice() -> None:
    """Two humans after race 1 of a season: the Hall of Fame, the market (C-15), the swap of the
    last on the grid (C-16), the first plans of race 2."""
    table = before_the_last_question_of_race_1(GameSetup(mode="season", seed=2, seats=(ANN, BOB)))

    async def scenario() -> set[str]:
        app = HeatApp(table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            return await play_hotseat(app, pilot, {"market", "swap", "plan"}, limit=300)

    covered = asyncio.run(scenario())
    assert {"market", "swap", "plan"} <= covered, f"handoffs after {sorted(covered)} only"


def test_a_dialog_opened_as_the_keyboard_changes_hands_is_closed() -> None:
    """Keys typed faster than the app answers: Ann commits her plan and opens every car's facts
    (her view) at once; the dialog stayed over Bob's screen after the handoff."""
    table = build_table(GameSetup(practice=True, seed=11, seats=(ANN, BOB)))

    async def scenario() -> None:
        app = HeatApp(table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            await quiet(app, pilot)
            await pilot.press("enter")  # the handoff to Ann
            await quiet(app, pilot)
            screen = app.screen
            assert isinstance(screen, RaceScreen) and screen.seat == 0
            plan = next(d for d in screen.legal if isinstance(d, Plan) and d.gear == 1)
            await pilot.press(str(screen.selection.hand.index(plan.cards[0]) + 1))  # type: ignore[union-attr]
            app.post_message(events.Key("enter", "\r"))
            app.post_message(events.Key("i", "i"))
            await quiet(app, pilot)
            assert isinstance(app.screen, HandoffScreen)
            await pilot.press("enter")
            await quiet(app, pilot)
            check_fresh_after_handoff(app, 1)

    asyncio.run(scenario())
