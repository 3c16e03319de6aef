"""A seeded monkey at the keyboard: random keys (each screen's own bindings, digits, arrows,
enter, escape, tab, space, letters, ?, q then n, ctrl+s then escape) in every kind of game, with
now and then a sensible decision typed so that the games move on. After every key: the app has
not crashed nor quit, a human who must decide is asked, the game replays from its record to the
same decisions (and its save file holds it), and no screen shows a hand but its own player's."""

from __future__ import annotations

import asyncio
import json
import os
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from driver import before_the_last_question_of_race_1, bot_typist, played, quiet, type_decision
from privacy import COUNTED_DRAW, NOBODY, check_fresh_after_handoff, keyboard_holder, leaks
from textual import events
from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from heat.engine import Race, replay
from heat.engine.championship import Season, replay_season
from heat.players import HUMAN
from heat.tui.app import HeatApp
from heat.tui.replay_model import ReplayCursor
from heat.tui.screens.dialogs import ConfirmScreen, QuitScreen, SaveScreen
from heat.tui.screens.handoff import HandoffScreen
from heat.tui.screens.pick import PickScreen
from heat.tui.screens.race import WAIT, RaceScreen
from heat.tui.screens.replay import ReplayScreen
from heat.tui.screens.results import ResultsScreen
from heat.tui.screens.setup import SetupScreen
from heat.tui.setup_model import GameSetup, SeatChoice, build_table
from heat.tui.table import Table
from heat.tui.widgets.hand import HandBar
from heat.tui.widgets.race_log import RaceLog

ANN = SeatChoice("human", "Ann", color="red")
BOB = SeatChoice("human", "Bob", color="blue")
RANDOM = SeatChoice("bot", level="random")
CLUB = SeatChoice("bot", level="club")
LEGEND = SeatChoice("legend")

KEYS = (
    *"0123456789",
    *"abeilnoprsuy",
    "up",
    "down",
    "left",
    "right",
    "enter",
    "escape",
    "tab",
    "shift+tab",
    "space",
    "backspace",
    "plus",
    "minus",
    "pageup",
    "pagedown",
    "home",
    "end",
    "question_mark",
    "q",
    "ctrl+s",
)
DRIVE = 0.25
"""The chance that a step types a sensible decision (or closes a dialog) instead of a random key."""
BURST = 0.1
"""The chance that a step types a few keys faster than the app handles them (bots may be deciding)."""
CHARS = {"enter": "\r", "escape": "\x1b", "tab": "\t", "space": " ", "question_mark": "?", "plus": "+", "minus": "-"}
STUCK = 25
"""Sensible steps in a row that move nothing: the app is stuck."""


@contextmanager
def inside(folder: Path) -> Iterator[None]:
    """Run in ``folder`` (the setup's file field and the save dialog write relative paths)."""
    before = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


def finished_record(seed: int) -> dict[str, object]:
    """The record of a finished practice race."""
    table = played(build_table(GameSetup(practice=True, seed=seed, seats=(ANN, CLUB, LEGEND))), lambda t: t.is_over)
    return table.record()


# ---------------------------------------------------------------------- what must always hold


def quits(app: HeatApp, key: str) -> bool:
    """Would ``key`` end the app (which the monkey must not do)?"""
    screen = app.screen
    if key not in ("q", "escape"):
        return False
    if isinstance(screen, ReplayScreen):
        return len(app.screen_stack) <= 2
    if key == "escape":
        return False
    if isinstance(screen, SetupScreen):  # nothing to lose there: q quits at once
        return True
    if isinstance(screen, ResultsScreen):
        return True
    if isinstance(screen, RaceScreen | PickScreen):
        return app.table is None or app.table.is_over
    return False


def check_game(table: Table) -> None:
    """The game replays from its record to the same decisions, and its file holds it."""
    record = json.loads(json.dumps(table.record()))
    game = table.game
    if isinstance(game, Season):
        assert replay_season(record).decisions == game.decisions
    else:
        assert isinstance(game, Race)
        assert replay(record).decisions == game.decisions
    if table.save_path is not None and table.save_error is None:
        assert Table.load(table.save_path).record() == table.record()


def check_privacy(app: HeatApp) -> None:
    """No race screen shows a hand but its viewer's, a human's, and then their own; nobody else's
    draws are told in the log."""
    hotseat_handoff = isinstance(app.screen, HandoffScreen)
    for screen in app.screen_stack:
        if not isinstance(screen, RaceScreen) or not screen.is_mounted:
            continue
        table, viewer = screen.table, screen.viewer
        shown = screen.query_one(HandBar).hand
        if viewer is None or hotseat_handoff:
            assert viewer is None and shown == ()
            continue
        assert table.roles[viewer].kind == HUMAN
        view = screen.current_view()
        if screen.mode != WAIT:
            assert shown == view.me.hand  # type: ignore[union-attr]
        for seat, car in enumerate(view.cars):
            if seat != viewer:
                assert car.hand is None
        for seat, name in enumerate(table.names):
            if seat == viewer:
                continue
            for line in screen.query_one(RaceLog).lines_text:
                if line.startswith(f"{name} draws "):
                    assert COUNTED_DRAW.fullmatch(line.removeprefix(f"{name} draws ").strip()), line


def check_asked(app: HeatApp) -> None:
    """A settled app whose game goes on shows the human who must decide their question."""
    table = app.table
    screen = app.screen
    if table is None or table.is_over or isinstance(screen, ModalScreen):
        return
    if isinstance(screen, RaceScreen) and screen.race is table.race:
        assert screen.seat is not None and screen.mode != WAIT, "the race screen waits for nobody"
        assert screen.seat in table.to_decide()
    elif isinstance(screen, PickScreen) and screen.table is table:
        assert screen.seat is not None and screen.options, "the pick screen asks nobody"
        assert screen.seat in table.to_decide()


def check(app: HeatApp) -> None:
    assert app._exception is None
    assert app.return_code is None, "the app quit"
    check_privacy(app)
    check_asked(app)
    if app.table is not None:
        check_game(app.table)


def check_hotseat(app: HeatApp, before: int | None, *, one_key: bool) -> int | None:
    """In hotseat, nothing on the whole screen (the terminal's lines and every widget's text:
    message line, log, preview, hand, options, dialogs, notices) holds a text of another seat's
    secrets (``privacy.hidden_texts``: hands, draws, plans not yet revealed, decisions naming
    hidden cards, a discard pile during a Salvage); while the handoff screen shows, nobody's.
    When the keyboard has just changed hands by ``one_key`` (not a burst that typed more), the
    new player's question is drawn from scratch: no dialog, an empty message line, nothing
    picked. Returns who holds the keyboard now."""
    holder = keyboard_holder(app)
    if app.table is None or not app.table.hotseat:
        return holder
    found = leaks(app, holder)
    assert not found, f"seat {holder}'s screen shows another seat's secret: {found[:3]}"
    if holder != before and holder is not None and holder != NOBODY and one_key:
        check_fresh_after_handoff(app, holder)
    return holder


# ---------------------------------------------------------------------- the monkey


async def press(app: HeatApp, pilot: Pilot[None], key: str) -> None:
    """Press ``key``; after q (quit?) answer n, after ctrl+s (save to?) escape."""
    if quits(app, key):
        return
    await pilot.press(key)
    if key in ("q", "ctrl+s"):
        await pilot.pause()
        if isinstance(app.screen, QuitScreen | SaveScreen):
            await pilot.press("escape")


async def burst(app: HeatApp, pilot: Pilot[None], keys: list[str], rng: random.Random) -> None:
    """Type ``keys`` without waiting for the app in between (a few turns of the event loop at most)."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else CHARS.get(key)))
        for _ in range(rng.randrange(4)):
            await asyncio.sleep(0)


async def advance(app: HeatApp, pilot: Pilot[None], choose: Callable[[RaceScreen], object]) -> None:
    """What a player who knows what they want would press next."""
    screen = app.screen
    if isinstance(screen, ConfirmScreen):
        await pilot.press("y")
    elif isinstance(screen, ModalScreen):
        await pilot.press("escape")
    elif isinstance(screen, SetupScreen):
        screen.query_one("#start", Button).focus()
        await pilot.press("enter")
    elif isinstance(screen, ReplayScreen):
        if screen.cursor.position == screen.cursor.length:
            await press(app, pilot, "escape")
        else:
            await pilot.press("pagedown")
    elif isinstance(screen, RaceScreen):
        if screen.mode != WAIT:
            await pilot.press("escape")  # put back the cards the monkey picked
            await type_decision(pilot, screen, choose(screen))  # type: ignore[arg-type]
    else:
        await pilot.press("enter")


def stuck_state(app: HeatApp) -> str:
    """Where the app is, to tell why nothing moves."""
    screen = app.screen
    table = app.table
    parts = [f"screens {[type(s).__name__ for s in app.screen_stack]}", f"busy {app.busy}", f"viewer {app.viewer}"]
    parts.append(f"focused {app.focused!r}")
    if isinstance(screen, RaceScreen):
        parts.append(f"mode {screen.mode} seat {screen.seat} options {[d.text() for d in screen.options][:5]}")
        selection = screen.selection
        if selection is not None:
            parts.append(f"picked {selection.cards} gear {selection.gear} hand {selection.hand}")
        parts.append(f"message {str(screen.query_one('#message', Static).render())!r}")
        parts.append(f"confirming {screen._confirming} confirm {screen.table.confirm}")
    if table is not None:
        parts.append(f"to decide {table.to_decide()} over {table.is_over}")
        if table.race is not None:
            parts.append(f"step {table.race.phase}/{table.race.step} last {table.race.decisions[-3:]}")
    return "; ".join(parts)


def progress(app: HeatApp) -> tuple[object, ...]:
    """What moves when the game does."""
    table = app.table
    replayed = app.screen.cursor.position if isinstance(app.screen, ReplayScreen) else None
    decisions = len(table.game.decisions) if table is not None else -1
    return (id(table), decisions, type(app.screen).__name__, replayed)


async def monkey(app: HeatApp, pilot: Pilot[None], seed: int, presses: int) -> list[str]:
    """``presses`` steps of random keys and sensible decisions; the keys pressed."""
    rng = random.Random(seed)
    choose = bot_typist(seed)
    pressed: list[str] = []
    idle = 0
    holder = keyboard_holder(app)
    one_key = typed_one = True
    try:
        for _ in range(presses):
            await quiet(app, pilot)
            check(app)
            holder = check_hotseat(app, holder, one_key=one_key)
            # A burst's last keys may still be on their way after it: the step after one is not
            # a single key either.
            one_key, typed_one = typed_one, True
            if rng.random() < DRIVE:
                before = progress(app)
                pressed.append("<drive>")
                await advance(app, pilot, choose)
                await quiet(app, pilot)
                idle = 0 if progress(app) != before else idle + 1
                assert idle < STUCK, f"stuck: {stuck_state(app)}"
                continue
            keys = sorted({*KEYS, *(k for k, b in app.active_bindings.items() if "quit" not in b.binding.action)})
            if rng.random() < BURST:
                # no q nor ctrl+s (their dialog is answered at once), no escape that closes the app
                safe = [k for k in keys if k not in ("q", "ctrl+s") and (k != "escape" or app.replay is None)]
                typed = [rng.choice(safe) for _ in range(rng.randint(2, 4))]
                pressed.append("+".join(typed))
                one_key = typed_one = False
                await burst(app, pilot, typed, rng)
            else:
                key = rng.choice(keys)
                pressed.append(key)
                await press(app, pilot, key)
        await quiet(app, pilot)
        check(app)
        check_hotseat(app, holder, one_key=one_key)
    except BaseException as error:
        error.add_note(f"monkey seed {seed}, last keys: {' '.join(pressed[-40:])}")
        raise
    return pressed


@dataclass(frozen=True)
class Config:
    name: str
    make: Callable[[Path], HeatApp]
    presses: int = 60
    slow_bots: bool = False
    """Run the bots off the interface's thread, as the pro and champion levels are."""
    gets_to: Callable[[HeatApp], bool] = lambda _: True
    """Where the game must have got to after the monkey's presses."""


def practice(*seats: SeatChoice, seed: int = 7, **options: object) -> GameSetup:
    return GameSetup(practice=True, seed=seed, seats=seats, **options)  # type: ignore[arg-type]


def season(folder: Path) -> HeatApp:
    """A hotseat season near the end of race 1 (bots drove it): the last questions, the Hall of
    Fame, the hub, race 2."""
    table = before_the_last_question_of_race_1(GameSetup(mode="season", seed=2, seats=(ANN, CLUB, BOB, LEGEND)))
    table.save_path = str(folder / "season.json")
    table.autosave()
    return HeatApp(table=table)


def race_2(app: HeatApp) -> bool:
    """The monkey's season got through race 1's end (Hall of Fame, hub) to race 2."""
    season = app.table.season if app.table is not None else None
    return season is not None and len(season.state.results) == 1 and app.table.race is not None  # type: ignore[union-attr]


def setup_with_a_saved_race(folder: Path) -> HeatApp:
    """The setup screen, its file a race in progress (Resume and Replay open it; Start asks)."""
    table = build_table(practice(ANN, RANDOM, seed=5), save_path=str(folder / "race.json"))
    played(table, lambda t: t.race is not None and t.race.round >= 2)
    return HeatApp(setup=practice(ANN, RANDOM, LEGEND, seed=4), save_path="race.json")


CONFIGS = [
    Config("practice", lambda f: HeatApp(table=build_table(practice(ANN, RANDOM, CLUB), save_path=str(f / "r.json")))),
    Config("garage", lambda _: HeatApp(table=build_table(practice(ANN, CLUB, garage="regular")))),
    Config("weather", lambda _: HeatApp(table=build_table(practice(CLUB, ANN, garage="all", weather=True)))),
    Config("legends", lambda _: HeatApp(table=build_table(practice(ANN, LEGEND, LEGEND, pro_legends=1)))),
    Config("tournament", lambda _: HeatApp(table=build_table(practice(ANN, CLUB, tournament=True)))),
    Config("hotseat", lambda _: HeatApp(table=build_table(practice(ANN, BOB, RANDOM, seed=11)))),
    Config("season", season, slow_bots=True, gets_to=race_2),
    Config("setup", setup_with_a_saved_race),
    Config("replay", lambda _: HeatApp(replay=ReplayCursor(finished_record(3)))),
]


def run_monkey(config: Config, folder: Path, seed: int, presses: int | None = None) -> None:
    async def scenario() -> None:
        app = config.make(folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await monkey(app, pilot, seed, presses or config.presses)
            assert config.gets_to(app), f"{config.name}: the game did not get as far as it should"

    with inside(folder):
        asyncio.run(scenario())


@pytest.mark.parametrize("config", CONFIGS, ids=[c.name for c in CONFIGS])
@pytest.mark.usefixtures("quick_pilot")
def test_a_monkey_at_the_keyboard(config: Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if config.slow_bots:
        monkeypatch.setattr(Table, "slow_bot", lambda self, seat: seat in self.bots)
    run_monkey(config, tmp_path, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 3, 4])
@pytest.mark.parametrize("config", CONFIGS, ids=[c.name for c in CONFIGS])
@pytest.mark.usefixtures("quick_pilot")
def test_a_long_monkey_at_the_keyboard(
    config: Config, seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same, longer and with other seeds (``scripts/test -m slow``)."""
    if config.slow_bots:
        monkeypatch.setattr(Table, "slow_bot", lambda self, seat: seat in self.bots)
    run_monkey(config, tmp_path, seed=seed, presses=400)
