"""Helpers for the pilot tests: wait for the app to settle, and type decisions with the keys a
player would press (a bot decides what to type, so that races end in a sensible number of
rounds)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from textual.pilot import Pilot

from heat.bots.levels import make_bot
from heat.engine import Decision, Discard, Plan
from heat.tui.app import HeatApp
from heat.tui.screens.dialogs import ConfirmScreen
from heat.tui.screens.draft import DraftScreen
from heat.tui.screens.handoff import HandoffScreen
from heat.tui.screens.race import DISCARD, OPTIONS, PLAN, RaceScreen
from heat.tui.screens.results import ResultsScreen
from heat.tui.screens.season import SeasonScreen
from heat.tui.screens.setup import SetupScreen
from heat.tui.setup_model import GameSetup, build_table
from heat.tui.table import Table
from heat.tui.widgets.hand import KEYS

MAX_PAUSES = 5000


async def settle(app: HeatApp, pilot: Pilot[None]) -> None:
    """Wait until the game loop waits for a human (bots have decided)."""
    for _ in range(MAX_PAUSES):
        await pilot.pause()
        if not app.busy:
            return
    raise AssertionError("the app stayed busy")


async def quiet(app: HeatApp, pilot: Pilot[None]) -> None:
    """Wait until every message is handled and the game loop waits for a human; draw the screen."""
    for _ in range(20000):
        await pilot._wait_for_screen()
        nodes = [app, *app.screen.walk_children(with_self=True)]
        if not app.busy and all(node._message_queue.empty() for node in nodes):
            return
        await asyncio.sleep(0)
    raise AssertionError("the app stayed busy")


def on_setup_screen(app: HeatApp, check: Callable[[Pilot[None], SetupScreen], Awaitable[None]]) -> None:
    """Run ``app`` in an 80x24 terminal and, once its first screen (the setup screen, which
    this asserts) shows, ``check`` it."""

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SetupScreen), f"the app opened on {type(screen).__name__}"
            await check(pilot, screen)

    asyncio.run(scenario())


async def pick_cards(pilot: Pilot[None], screen: RaceScreen, cards: tuple[str, ...]) -> None:
    """Pick ``cards`` from the hand with the number keys (the arrows and space past 10)."""
    selection = screen.selection
    assert selection is not None
    taken: list[int] = []
    for card in cards:
        index = next(i for i, c in enumerate(selection.hand) if c == card and i not in taken)
        taken.append(index)
        if index < len(KEYS):
            await pilot.press(KEYS[index])
        else:
            while selection.cursor != index:
                await pilot.press("right")
                await handled(pilot)  # read the cursor once the key has moved it
            await pilot.press("space")


async def handled(pilot: Pilot[None]) -> None:
    """Wait until the keys typed so far are handled (the screen's and the app's messages)."""
    app = pilot.app
    for _ in range(20000):
        await pilot._wait_for_screen()
        nodes = [app, *app.screen.walk_children(with_self=True)]
        if all(node._message_queue.empty() for node in nodes):
            return
        await asyncio.sleep(0)
    raise AssertionError("the app stayed busy")


async def confirm_if_asked(pilot: Pilot[None]) -> None:
    """Answer yes if the app asks to confirm a risky decision."""
    await handled(pilot)
    if isinstance(pilot.app.screen, ConfirmScreen):
        await pilot.press("y")


async def type_decision(pilot: Pilot[None], screen: RaceScreen, decision: Decision) -> None:
    """Enter ``decision`` on the race screen as a player would, and commit it (saying yes if
    the app asks to confirm it)."""
    await _type_decision(pilot, screen, decision)
    await confirm_if_asked(pilot)


async def _type_decision(pilot: Pilot[None], screen: RaceScreen, decision: Decision) -> None:
    if screen.mode == PLAN:
        assert isinstance(decision, Plan) and screen.selection is not None
        if not screen.current_view().tournament:
            # Read the gear once each key has changed it: with the pilot's quick waits, a key
            # still on its way read as no change overshot the gear back and forth.
            while screen.selection.gear < decision.gear:
                await pilot.press("up")
                await handled(pilot)
            while screen.selection.gear > decision.gear:
                await pilot.press("down")
                await handled(pilot)
        await pick_cards(pilot, screen, decision.cards)
        await pilot.press("enter")
    elif screen.mode == DISCARD:
        assert isinstance(decision, Discard)
        await pick_cards(pilot, screen, decision.cards)
        await pilot.press("enter")
    elif screen.mode == OPTIONS:
        index = screen.options.index(decision)
        if index < 9:
            await pilot.press(str(index + 1))
        else:
            for _ in range(index):
                await pilot.press("down")
            await pilot.press("enter")
    else:
        raise AssertionError(f"nothing to decide in mode {screen.mode}")


def bot_typist(seed: int = 0) -> Callable[[RaceScreen], Decision]:
    """What a club bot would decide on the race screen (from the screen's own view and options)."""
    bot = make_bot("club", seed)

    def choose(screen: RaceScreen) -> Decision:
        options = screen.options if screen.mode == OPTIONS else screen.legal
        return bot.choose(screen.current_view(), options)

    return choose


async def play_until(
    app: HeatApp,
    pilot: Pilot[None],
    done: Callable[[HeatApp], bool],
    *,
    check: Callable[[HeatApp], None] | None = None,
    limit: int = 400,
) -> int:
    """Play with the keyboard (handoffs, drafts, race decisions) until ``done``; ``check`` runs
    at every stop. Returns the number of decisions typed."""
    choose = bot_typist()
    typed = 0
    for _ in range(limit):
        await settle(app, pilot)
        if check is not None:
            check(app)
        if done(app):
            return typed
        screen = app.screen
        if isinstance(screen, HandoffScreen):
            await pilot.press("enter")
        elif isinstance(screen, DraftScreen | SeasonScreen):
            await pilot.press("enter")
            typed += 1
        elif isinstance(screen, RaceScreen):
            await type_decision(pilot, screen, choose(screen))
            typed += 1
        elif isinstance(screen, ResultsScreen):
            await pilot.press("enter")
        else:
            raise AssertionError(f"unexpected screen {screen!r}")
    raise AssertionError(f"not done after {limit} stops")


def played(table: Table, until: Callable[[Table], bool]) -> Table:
    """Club bots drive every seat (the humans' too) until ``until``."""
    bots = {seat: make_bot("club", seat) for seat in range(len(table.names))}
    while not until(table):
        actor = table.next_actor()
        assert actor is not None
        seat, _ = actor
        view = table.view(seat) if table.race is not None else table.season_view()
        table.apply(seat, bots[seat].choose(view, table.legal(seat)))
    return table


def before_the_last_question_of_race_1(setup: GameSetup) -> Table:
    """The season of ``setup`` with club bots driving every seat (the humans' too) up to the last
    decision of race 1 that a human is asked (one with a choice): the app then shows that race,
    its Hall of Fame and the season hub."""

    def drive(table: Table, stop: int | None) -> int:
        bots = {seat: make_bot("club", seat) for seat in range(len(table.names))}
        last = 0
        while table.season is not None and not table.season.state.results:
            if len(table.game.decisions) == stop:
                break
            seat, is_bot = table.next_actor() or (0, True)
            legal = table.legal(seat)
            view = table.view(seat) if table.race is not None else table.season_view()
            if table.race is not None and not is_bot and len(legal) > 1:
                last = len(table.game.decisions)
            table.apply(seat, bots[seat].choose(view, legal))
        return last

    table = build_table(setup)
    drive(table, drive(build_table(setup), None))
    return table
