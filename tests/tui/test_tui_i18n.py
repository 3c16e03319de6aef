"""The app in a pseudo-language (issue 32): every text it shows goes through the catalogues.

The pseudo-language ``xx`` of tests/test_i18n.py wraps every message of the source in ⟦ ⟧. The
app is played with the keyboard through the setup screen, a race's plan, React and discard
steps, a confirmation, the help and car dialogs, a Hall of Fame and a season hub; at each stop
every visible widget's text is read off the screen (its rectangle of the screenshot) and, once
the marked messages are taken out, nothing may be left but what is the same in every language:
numbers, card ids, decision texts (``gear 3 play 1 4``, the records' form), names of drivers
and tracks, key names, the map's symbols.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator

import pytest
from driver import _type_decision, bot_typist, handled, played, settle
from svgtext import svg_lines
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input

from heat import i18n
from heat.engine import COLORS, Decision, track, track_ids
from heat.engine.content import catalogue
from heat.tui.app import HeatApp
from heat.tui.colors import letter
from heat.tui.screens.dialogs import CarsScreen, ConfirmScreen, HelpScreen
from heat.tui.screens.race import DISCARD, OPTIONS, PLAN, RaceScreen
from heat.tui.screens.results import ResultsScreen
from heat.tui.screens.season import TRACK_WIDTH, SeasonScreen
from heat.tui.screens.setup import SetupScreen
from heat.tui.setup_model import GameSetup, SeatChoice, build_table
from heat.tui.table import Table
from test_i18n import MARK_CLOSE, MARK_OPEN, pseudo_catalogue

ANN = SeatChoice("human", "Ann", color="red")
CLUB = SeatChoice("bot", level="club")
LEGEND = SeatChoice("legend")
SIZE = (160, 48)
"""Wide and tall: the wide car table, the hand as a list with each card's words, the map's key."""

KEY_NAMES = {"enter", "esc", "escape", "tab", "space", "backspace", "ctrl", "shift", "pgup", "pgdn", "home", "end"}
KEY_NAMES |= {"up", "down", "left", "right"}
"""Keys, as the footer and the help's key column name them (the same in every language)."""
MARKED = re.compile(f"{MARK_OPEN}[^{MARK_OPEN}{MARK_CLOSE}]*{MARK_CLOSE}")
WORD = re.compile(r"[^\W\d_]{2,}")
MAP_MARKS = re.compile(f"[{''.join(letter(color) for color in COLORS)}FLWSHP]+")
"""Cars side by side on the map (``KG``), and its marks (``F`` finish, ``L`` a Legends Line...)."""


@pytest.fixture
def pseudo() -> Iterator[None]:
    i18n.use_catalogue("xx", pseudo_catalogue())
    yield
    i18n.set_language("en")


def neutral_words(table: Table | None) -> set[str]:
    """Words that are the same in every language: card ids, track names, the cars' names and
    the words of the decisions of the game (its record and what may be decided now)."""
    words = {part for card in catalogue().cards for part in re.split(r"[-_]", card.id)}
    names = [track(track_id).name for track_id in track_ids()]
    words |= {word for name in names + [name[:TRACK_WIDTH] for name in names] for word in WORD.findall(name)}
    if table is not None:
        words |= {word for name in table.names for word in WORD.findall(name)}
        texts = [entry["decision"] for entry in table.record().get("decisions", [])]
        if table.race is not None or table.season is not None:
            for seat in range(len(table.names)):
                texts += [decision.text() for decision in table.legal(seat)]
        words |= {word for text in texts for word in WORD.findall(text)}
    return words | KEY_NAMES


def leftover(text: str) -> str:
    """``text`` without its marked messages (nested ones too), nor the ends of a message cut by
    the widget's edge or its scrolling."""
    while True:
        shorter = MARKED.sub(" ", text)
        if shorter == text:
            break
        text = shorter
    if MARK_CLOSE in text:
        text = text[text.rindex(MARK_CLOSE) + 1 :]
    if MARK_OPEN in text:
        text = text[: text.index(MARK_OPEN)]
    return text


def leaves(app: HeatApp) -> list[Widget]:
    """The widgets drawn on the top screen with nothing drawn inside them."""
    found = []
    for widget in app.screen.walk_children(with_self=False):
        if not isinstance(widget, Widget) or not widget.display or not widget.visible:
            continue
        if any(child.display for child in widget.children):
            continue
        if isinstance(widget, Input) and widget.value:  # a name, a seed, a file: data
            continue
        if widget.region.area:
            found.append(widget)
    return found


def untranslated(app: HeatApp, table: Table | None) -> dict[str, list[str]]:
    """Each visible widget whose text has a word left that is not marked nor neutral (its
    type and id, with those words)."""
    lines = svg_lines(app.export_screenshot(), app.size.height)
    neutral = neutral_words(table)
    problems: dict[str, list[str]] = {}
    for widget in leaves(app):
        region = widget.region.intersection(app.screen.region)
        text = "\n".join(line[region.x : region.right] for line in lines[region.y : region.bottom])
        words = [word for word in WORD.findall(leftover(text)) if word not in neutral and not MAP_MARKS.fullmatch(word)]
        if words:
            problems[f"{type(widget).__name__}#{widget.id} {text[:60]!r}"] = words
    return problems


async def check(app: HeatApp, pilot: Pilot[None], seen: list[str]) -> None:
    """Every text on the screen is marked; say which screen was checked."""
    await handled(pilot)
    await pilot.pause()
    table = app.table
    assert untranslated(app, table) == {}, f"on {type(app.screen).__name__}"
    seen.append(type(app.screen).__name__)


async def type_checked(
    app: HeatApp, pilot: Pilot[None], screen: RaceScreen, decision: Decision, seen: list[str]
) -> None:
    """Type ``decision``; check the first confirmation asked, and say yes."""
    await _type_decision(pilot, screen, decision)
    await handled(pilot)
    if isinstance(app.screen, ConfirmScreen):
        if "ConfirmScreen" not in seen:
            await check(app, pilot, seen)
        await pilot.press("y")


@pytest.mark.usefixtures("pseudo")
def test_the_setup_screen_and_its_help_speak_the_pseudo_language() -> None:
    seen: list[str] = []

    async def scenario() -> None:
        app = HeatApp(setup=GameSetup(seed=7, seats=(ANN, CLUB, LEGEND), weather=True, garage="all"))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            await check(app, pilot, seen)
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            await check(app, pilot, seen)
            await pilot.press("escape")
            await handled(pilot)
            app.screen.query_one("#seed", Input).value = "x"  # refused: the engine's reason, translated
            await pilot.press("enter")  # Start has the focus
            await check(app, pilot, seen)
            assert MARK_OPEN in str(app.screen.query_one("#message").render())

    asyncio.run(scenario())
    assert seen == ["SetupScreen", "HelpScreen", "SetupScreen"]


@pytest.mark.usefixtures("pseudo")
def test_a_race_speaks_the_pseudo_language_in_every_step() -> None:
    """Plan (with a card picked, at 160x48 and 80x24), the help, every car, a confirmation,
    React, discard, up to the Hall of Fame."""
    table = build_table(GameSetup(seed=3, seats=(ANN, CLUB, CLUB, LEGEND), weather=True, practice=True))
    played(table, lambda t: t.race is not None and t.race.round >= 2 and 0 in t.to_decide())
    seen: list[str] = []

    async def scenario() -> None:
        app = HeatApp(table=table)
        choose = bot_typist(3)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            assert isinstance(screen, RaceScreen) and screen.mode == PLAN
            await pilot.press("1")
            await check(app, pilot, seen)
            await pilot.resize_terminal(80, 24)  # the narrow car table, the short status line
            await check(app, pilot, seen)
            await pilot.resize_terminal(*SIZE)
            for key, dialog in (("question_mark", HelpScreen), ("i", CarsScreen)):
                await pilot.press(key)
                assert isinstance(app.screen, dialog)
                await check(app, pilot, seen)
                await pilot.press("escape")
            await pilot.press("escape")
            modes = set()
            for _ in range(300):
                await settle(app, pilot)
                screen = app.screen
                if isinstance(screen, ResultsScreen):
                    break
                assert isinstance(screen, RaceScreen)
                if screen.mode not in modes:  # the first of each kind of step
                    modes.add(screen.mode)
                    await check(app, pilot, seen)
                decision = choose(screen)
                await type_checked(app, pilot, screen, decision, seen)
            await check(app, pilot, seen)
        assert {PLAN, OPTIONS, DISCARD} <= modes

    asyncio.run(scenario())
    for name in ("RaceScreen", "HelpScreen", "CarsScreen", "ResultsScreen"):
        assert name in seen


@pytest.mark.usefixtures("pseudo")
def test_a_season_hub_and_its_hall_of_fame_speak_the_pseudo_language() -> None:
    """The Hall of Fame of a championship race (points, statistics), then the season hub with
    its market (C-15), played with the keys."""
    table = build_table(GameSetup(mode="season", seed=7, seats=(ANN, CLUB, LEGEND)))
    played(table, lambda t: t.season is not None and len(t.season.state.results) == 1 and t.race is None)
    finished = table.take_finished()
    assert finished is not None
    seen: list[str] = []

    async def scenario() -> None:
        app = HeatApp(table=table)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, SeasonScreen)
            await check(app, pilot, seen)
            await pilot.press("question_mark")
            await check(app, pilot, seen)
            await pilot.press("escape")
            await pilot.press("1")
            await settle(app, pilot)
            await check(app, pilot, seen)

    asyncio.run(scenario())
    assert seen[:2] == ["SeasonScreen", "HelpScreen"]


@pytest.mark.usefixtures("pseudo")
def test_the_hall_of_fame_of_a_season_race_speaks_the_pseudo_language() -> None:
    table = build_table(GameSetup(mode="season", seed=7, seats=(ANN, CLUB, LEGEND)))
    played(table, lambda t: t.season is not None and len(t.season.state.results) == 1)
    seen: list[str] = []

    async def scenario() -> None:
        app = HeatApp(table=table)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, ResultsScreen)
            await check(app, pilot, seen)

    asyncio.run(scenario())
    assert seen == ["ResultsScreen"]


def test_the_check_finds_a_text_that_bypasses_the_catalogue() -> None:
    """The check itself: an English word left outside the marks is found; marks, nested marks,
    numbers, card ids, names and key names are not."""
    neutral = neutral_words(None) | {"Ann"}
    text = f"{MARK_OPEN}Hand{MARK_CLOSE}: 1:3 2:heat-1 Ann enter {MARK_OPEN}a {MARK_OPEN}b{MARK_CLOSE} c{MARK_CLOSE}"
    assert [word for word in WORD.findall(leftover(text)) if word not in neutral] == []
    assert [word for word in WORD.findall(leftover(text + " Gear: 3")) if word not in neutral] == ["Gear"]
