"""The app driven through the keyboard (Textual's pilot): a whole practice race, a Garage draft,
bad input, hotseat privacy, save and resume, the replay viewer. Few and short: pilot tests are
slow."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from driver import before_the_last_question_of_race_1, pick_cards, play_until, settle
from privacy import COUNTED_DRAW
from svgtext import svg_lines
from textual.widgets import Static

from heat.bots.levels import make_bot
from heat.engine import Plan, view_of
from heat.tui.app import HeatApp
from heat.tui.replay_model import ReplayCursor
from heat.tui.screens.dialogs import CarsScreen, HelpScreen, OverwriteScreen, QuitScreen, ReplaceScreen, SaveScreen
from heat.tui.screens.handoff import HandoffScreen
from heat.tui.screens.race import PLAN, RaceScreen
from heat.tui.screens.replay import ReplayScreen
from heat.tui.screens.results import ResultsScreen
from heat.tui.screens.season import SeasonScreen
from heat.tui.setup_model import GameSetup, SeatChoice, build_table
from heat.tui.table import Table
from heat.tui.widgets.hand import HandBar
from heat.tui.widgets.race_log import RaceLog

ANN = SeatChoice("human", "Ann", color="red")


def practice(*others: SeatChoice, seed: int = 7, **options: object) -> GameSetup:
    """The 1-lap practice race on USA with Ann and ``others``."""
    return GameSetup(practice=True, seed=seed, seats=(ANN, *others), **options)  # type: ignore[arg-type]


def message(app: HeatApp) -> str:
    """The text of the main screen's message line."""
    return str(app.screen.query_one("#message", Static).render())


def test_a_whole_practice_race_through_the_keyboard(tmp_path: Path) -> None:
    save = tmp_path / "race.json"

    async def scenario() -> None:
        app = HeatApp(setup=practice(SeatChoice("bot", level="club"), SeatChoice("legend")), save_path=str(save))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")  # Start, focused on the setup screen
            typed = await play_until(app, pilot, lambda a: isinstance(a.screen, ResultsScreen))
            table = app.table
            assert table is not None and table.race is not None and table.race.is_over
            assert typed > 10
            text = "\n".join(svg_lines(app.export_screenshot()))
            assert "Hall of Fame" in text and "Ann" in text and "Legend" in text
            # autosaved after every decision: the file replays to the finished race
            saved = Table.load(save)
            assert saved.race is not None and saved.race.is_over
            assert saved.race.standings() == table.race.standings()
            await pilot.press("r")  # replay the race just run
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
            await pilot.press("end", "escape")
            await pilot.pause()
            assert isinstance(app.screen, ResultsScreen)

    asyncio.run(scenario())


def test_bad_input_gets_a_message_and_changes_nothing() -> None:
    async def scenario() -> None:
        app = HeatApp(table=build_table(practice(SeatChoice("bot", level="random"), SeatChoice("legend"))))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            screen = app.screen
            assert isinstance(screen, RaceScreen) and screen.mode == PLAN
            table = app.table
            assert table is not None and table.race is not None
            before = json.dumps(table.record())
            hand = screen.selection.hand if screen.selection else ()
            await pilot.press("9")  # a 7-card hand has no 9th card
            assert "There is no card 9" in message(app)
            await pilot.press("down")  # below 1st gear
            assert "There is no gear 0" in message(app)
            await pilot.press("1", "2", "enter")  # two cards in 1st gear
            assert "Not allowed: gear 1 plays exactly 1 card, not 2 (B-2.1)" in message(app)
            assert json.dumps(table.record()) == before
            assert isinstance(app.screen, RaceScreen) and app.screen.mode == PLAN
            await pilot.press("u")  # undo picks up the last card again
            assert screen.selection is not None and screen.selection.cards == (hand[0],)
            await pilot.press("escape")
            assert screen.selection is not None and screen.selection.cards == ()
            await pilot.click(HandBar, offset=(len("Hand: ") + 1, 0))  # the mouse picks a card too
            assert screen.selection.cards == (hand[0],)
            await pilot.press("question_mark")  # the keys and the rules of the step
            assert isinstance(app.screen, HelpScreen)
            assert "B-2.1" in str(app.screen.query_one("#help-text", Static).render())
            await pilot.press("escape", "i")  # every car's public facts, the Legends deck too (L-6)
            assert isinstance(app.screen, CarsScreen)
            deck = str(app.screen.query_one("#legends-deck", Static).render())
            assert deck == "Legends cards still in the deck: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10"
            await pilot.press("escape", "q")  # quitting asks first
            assert isinstance(app.screen, QuitScreen)
            await pilot.press("n")
            assert app.screen is screen and json.dumps(table.record()) == before
            await pilot.press("escape", "1", "enter")  # a legal plan commits
            await settle(app, pilot)
            assert any(seat == 0 for seat, _ in table.race.decisions)

    asyncio.run(scenario())


def test_the_garage_draft_through_the_keyboard() -> None:
    async def scenario() -> None:
        setup = practice(SeatChoice("bot", level="random"), garage="regular")
        app = HeatApp(table=build_table(setup))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            market = app.screen.query_one("#market")
            picks = []
            for _ in range(3):
                await settle(app, pilot)
                assert app.screen.query_one("#market") is not None
                await pilot.press("down")  # the second card of the market
                screen = app.screen
                options = screen.options  # type: ignore[attr-defined]
                picks.append(options[1].card)
                await pilot.press("enter")
            await settle(app, pilot)
            assert market is not None
            table = app.table
            assert table is not None and table.race is not None
            assert sorted(view_of(table.race, 0).cars[0].upgrades) == sorted(picks)
            assert isinstance(app.screen, RaceScreen)

    asyncio.run(scenario())


def test_in_hotseat_no_player_sees_another_players_hand() -> None:
    bob = SeatChoice("human", "Bob", color="blue")

    def check(app: HeatApp) -> None:
        table = app.table
        assert table is not None and table.race is not None
        screen = app.screen
        if isinstance(screen, HandoffScreen):
            assert not screen.query(HandBar)  # the handoff screen shows no hand at all
            return
        if not isinstance(screen, RaceScreen) or screen.seat is None:
            return
        viewer = screen.viewer
        assert viewer == screen.seat == app.viewer
        other = 1 - viewer
        assert screen.query_one(HandBar).hand == view_of(table.race, viewer).me.hand  # type: ignore[union-attr]
        assert screen.current_view().cars[other].hand is None
        prefix = f"{table.names[other]} draws "
        for line in screen.query_one(RaceLog).lines_text:
            if line.startswith(prefix):
                assert COUNTED_DRAW.fullmatch(line.removeprefix(prefix).strip()), line  # a count, never the cards

    async def scenario() -> None:
        app = HeatApp(table=build_table(practice(bob, SeatChoice("bot", level="random"), seed=11)))
        handoffs: list[str] = []

        def watch(app: HeatApp) -> None:
            if isinstance(app.screen, HandoffScreen):
                handoffs.append(app.screen.player)
            check(app)

        async with app.run_test(size=(80, 24)) as pilot:
            table = app.table
            assert table is not None and table.race is not None
            await play_until(app, pilot, lambda a: table.race is not None and table.race.round >= 3, check=watch)
        assert handoffs[:2] == ["Ann", "Bob"]
        assert "Ann" in handoffs[2:] and "Bob" in handoffs[2:]

    asyncio.run(scenario())


def test_save_then_resume_from_the_setup_screen(tmp_path: Path) -> None:
    save = tmp_path / "mine.json"

    async def scenario() -> None:
        app = HeatApp(table=build_table(practice(SeatChoice("bot", level="club"))))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            screen = app.screen
            assert isinstance(screen, RaceScreen)
            plan = next(d for d in screen.legal if isinstance(d, Plan))
            await pick_cards(pilot, screen, plan.cards)
            await pilot.press("enter")
            await settle(app, pilot)
            await pilot.press("ctrl+s")
            await pilot.pause()
            field = app.screen.query_one("#save-path")
            field.value = str(save)  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert save.exists()
            assert f"heat play --resume {save}" in message(app)
            decisions = app.table.race.decisions if app.table and app.table.race else []
        resumed = Table.load(save)
        assert resumed.race is not None and resumed.race.decisions == decisions
        app = HeatApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.screen.query_one("#file").value = str(save)  # type: ignore[attr-defined]
            await pilot.click("#resume")
            await settle(app, pilot)
            assert isinstance(app.screen, RaceScreen)
            assert app.table is not None and app.table.race is not None
            assert app.table.race.decisions == decisions

    asyncio.run(scenario())


def test_the_replay_viewer_steps_forward_and_backward() -> None:
    table = build_table(practice(SeatChoice("bot", level="random"), seed=3))
    race = table.race
    assert race is not None
    for _ in range(40):
        seat = race.to_decide()[0]
        race.apply(seat, race.legal_decisions(seat)[0])
    cursor = ReplayCursor(table.record())

    async def scenario() -> None:
        app = HeatApp(replay=cursor)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()

            def status() -> str:
                return str(app.screen.query_one("#replay-status", Static).render())

            assert "decision 0 of 40" in status()
            await pilot.press("right", "right", "right")
            assert "decision 3 of 40" in status()
            await pilot.press("left")
            assert "decision 2 of 40" in status()
            await pilot.press("pagedown")
            assert cursor.position in cursor.round_starts() or cursor.position == cursor.length
            await pilot.press("end")
            assert "decision 40 of 40" in status()
            assert app.screen.query_one(RaceLog).lines_text
            await pilot.press("home")
            assert "decision 0 of 40" in status()

    asyncio.run(scenario())


def test_a_season_goes_from_the_hall_of_fame_to_the_hub_and_the_next_race(tmp_path: Path) -> None:
    save = tmp_path / "season.json"
    table = build_table(
        GameSetup(mode="season", seed=2, seats=(ANN, SeatChoice("bot", level="club"))), save_path=str(save)
    )
    bots = {seat: make_bot("club", seat) for seat in range(2)}
    while table.season is not None and not table.season.state.results:  # race 1, bots driving both cars
        seat, _ = table.next_actor() or (0, True)
        view = table.view(seat) if table.race is not None else table.season_view()
        table.apply(seat, bots[seat].choose(view, table.legal(seat)))

    async def scenario() -> None:
        app = HeatApp(table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, ResultsScreen)
            text = "\n".join(svg_lines(app.export_screenshot()))
            assert "Points" in text and "Season" in text
            await pilot.press("enter")
            await settle(app, pilot)
            assert isinstance(app.screen, SeasonScreen)
            text = "\n".join(svg_lines(app.export_screenshot()))
            assert "Championship 1961 · race 2 of 3" in text and "Total" in text
            await play_until(app, pilot, lambda a: isinstance(a.screen, RaceScreen))
        resumed = Table.load(save)
        assert resumed.race is not None and resumed.season is not None
        assert len(resumed.season.state.results) == 1

    asyncio.run(scenario())


def test_an_automatic_save_that_fails_is_told_and_quitting_does_not_claim_it_saved(tmp_path: Path) -> None:
    """The quit dialog said "The game is saved in adir", then the app showed a traceback."""
    folder = tmp_path / "adir"
    folder.mkdir()
    good = tmp_path / "good.json"

    async def scenario() -> None:
        app = HeatApp(table=build_table(practice(SeatChoice("bot", level="random")), save_path=str(folder)))
        notes: list[str] = []
        app.notify = lambda text, **_: notes.append(str(text))  # type: ignore[method-assign]
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)  # the bot's plan could not be saved; Ann is asked all the same
            assert isinstance(app.screen, RaceScreen) and app.screen.mode == PLAN
            assert notes == [
                f"Could not save the game to {folder}: it is a folder. The game goes on unsaved; "
                "ctrl+s saves it to another file."
            ]
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen)
            text = str(app.screen.query_one(Static).render())
            assert f"The game could not be saved in {folder}: it is a folder." in text
            assert "is saved" not in text
            await pilot.press("n", "ctrl+s")  # saving again fails: asked for another file, with the reason
            await pilot.pause()
            assert str(app.screen.query_one("#save-note", Static).render()) == (
                f"Could not save to {folder}: it is a folder."
            )
            app.screen.query_one("#save-path").value = str(good)  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            table = app.table
            assert table is not None and table.save_path == str(good) and table.save_error is None
            assert Table.load(good).record() == table.record()
            await pilot.press("q", "y")
            await pilot.pause()
        assert app.return_code in (None, 0)
        assert list(folder.iterdir()) == []

    asyncio.run(scenario())


def test_start_asks_before_saving_over_an_existing_file(tmp_path: Path) -> None:
    """The setup's Start replaced the --save file without a word (e.g. after a finished race)."""
    save = tmp_path / "race.json"
    build_table(practice(SeatChoice("bot", level="random"), seed=3), save_path=str(save)).autosave()
    before = save.read_bytes()

    async def scenario() -> None:
        app = HeatApp(setup=practice(SeatChoice("bot", level="random"), seed=9), save_path=str(save))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")  # Start
            await pilot.pause()
            assert isinstance(app.screen, ReplaceScreen)
            await pilot.press("n")  # back: nothing started, nothing written
            await pilot.pause()
            assert app.table is None and save.read_bytes() == before
            await pilot.press("enter", "r")  # resume the game in it instead
            await settle(app, pilot)
            assert app.table is not None and app.table.game.config.seed == 3
        app = HeatApp(setup=practice(SeatChoice("bot", level="random"), seed=9), save_path=str(save))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter", "o")  # overwrite it with the new game
            await settle(app, pilot)
            assert app.table is not None and app.table.game.config.seed == 9
            assert Table.load(save).game.config.seed == 9

    asyncio.run(scenario())


def test_start_with_a_folder_for_the_save_file_is_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = HeatApp(setup=practice(SeatChoice("bot", level="random")), save_path=str(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")
            await pilot.pause()
            assert app.table is None
            assert message(app) == f"Cannot start: cannot save to {tmp_path}: it is a folder"

    asyncio.run(scenario())


@pytest.mark.parametrize("seed", ["²", "\u0661\u0662", "9" * 5000, "1" * 21])
def test_a_seed_that_is_no_ascii_number_is_refused_at_the_setup(seed: str) -> None:
    """Issue 28: '²' passed str.isdigit() and int() raised ValueError out of the setup screen;
    a number of 5000 digits too."""

    async def scenario() -> None:
        app = HeatApp(setup=practice(SeatChoice("bot", level="random")))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.screen.query_one("#seed").value = seed  # type: ignore[attr-defined]
            await pilot.click("#start")
            await pilot.pause()
            assert app.table is None and app.is_running
            assert message(app).startswith("Cannot start: the seed must be a whole number of at most 20 digits, not ")

    asyncio.run(scenario())


def test_a_name_field_takes_at_most_the_longest_name() -> None:
    async def scenario() -> None:
        app = HeatApp(setup=practice(SeatChoice("bot", level="random")))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            field = app.screen.query_one("#name-0")
            field.focus()
            field.value = ""  # type: ignore[attr-defined]
            await pilot.press(*("x" * 30))
            assert field.value == "x" * 24  # type: ignore[attr-defined]

    asyncio.run(scenario())


def test_replaying_a_season_file_says_how_to_resume_it(tmp_path: Path) -> None:
    season = tmp_path / "season.json"
    build_table(GameSetup(mode="season", seed=2, seats=(ANN, SeatChoice("bot"))), save_path=str(season)).autosave()

    async def scenario() -> None:
        app = HeatApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.screen.query_one("#file").value = str(season)  # type: ignore[attr-defined]
            await pilot.click("#replay")
            await pilot.pause()
            assert message(app) == (
                f"Cannot open it: {season} is a championship season, not a race: resume it with "
                f"'heat season resume {season}' (its scorepad: 'heat season status {season}')"
            )

    asyncio.run(scenario())


def test_ctrl_s_asks_before_replacing_a_file_the_game_is_not_saved_in(tmp_path: Path) -> None:
    """ctrl+s replaced any existing file without a word."""
    other = tmp_path / "other.json"
    build_table(practice(SeatChoice("bot", level="random"), seed=2), save_path=str(other)).autosave()
    mine = other.read_text()

    async def scenario() -> None:
        app = HeatApp(table=build_table(practice(SeatChoice("bot", level="random"))))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("ctrl+s")
            await pilot.pause()
            app.screen.query_one("#save-path").value = str(other)  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, OverwriteScreen)
            assert f"{other} already exists." in str(app.screen.query_one(Static).render())
            await pilot.press("n")  # back to the file question, the name kept; nothing written
            await pilot.pause()
            assert isinstance(app.screen, SaveScreen)
            assert app.screen.query_one("#save-path").value == str(other)  # type: ignore[attr-defined]
            assert other.read_text() == mine
            await pilot.press("enter", "o")  # overwrite it: the game is saved there from now on
            await pilot.pause()
            table = app.table
            assert table is not None and table.save_path == str(other)
            assert Table.load(other).record() == table.record()
            await pilot.press("ctrl+s")  # its own file now: saved without a question
            await pilot.pause()
            assert isinstance(app.screen, RaceScreen)
            assert f"Saved to {other}" in message(app)

    asyncio.run(scenario())


def test_ctrl_s_never_replaces_a_file_that_is_not_a_save_and_a_bad_name_keeps_the_game(tmp_path: Path) -> None:
    """Issue 28: ctrl+s replaced any file the player agreed to replace (not only a saved game),
    and a file name too long for the system crashed the app out of the dialog."""
    other = tmp_path / "notes.txt"
    other.write_text("mine")
    too_long = str(tmp_path / ("a" * 300))

    async def scenario() -> None:
        app = HeatApp(table=build_table(practice(SeatChoice("bot", level="random"))))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("ctrl+s")
            await pilot.pause()
            app.screen.query_one("#save-path").value = str(other)  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SaveScreen)  # asked again, no question to overwrite it
            note = str(app.screen.query_one("#save-note", Static).render())
            assert (
                note == "Not saved: it is not a Heat save (a saved race or season), and a save replaces no other file."
            )
            app.screen.query_one("#save-path").value = too_long  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SaveScreen)
            assert "File name too long" in str(app.screen.query_one("#save-note", Static).render())
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, RaceScreen) and app.is_running
            table = app.table
            assert table is not None and table.save_path is None
            assert other.read_text() == "mine"
            assert sorted(path.name for path in tmp_path.iterdir()) == ["notes.txt"]

    asyncio.run(scenario())


def test_a_slow_bot_first_to_build_after_a_race_of_a_season(monkeypatch: pytest.MonkeyPatch) -> None:
    """After the Hall of Fame of a season's race, a pro or champion bot picking its Upgrade first
    was shown "thinking" on the screen of the race just over: ValueError('no race is in
    progress'), the app crashed."""
    monkeypatch.setattr(Table, "slow_bot", lambda self, seat: seat in self.bots)  # the club bot, thought slow
    table = before_the_last_question_of_race_1(
        GameSetup(mode="season", seed=1, seats=(ANN, SeatChoice("bot", level="club")))
    )
    finish = len(table.game.decisions)

    async def scenario() -> None:
        app = HeatApp(table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            await play_until(app, pilot, lambda a: isinstance(a.screen, SeasonScreen))
            assert isinstance(app.screen, SeasonScreen) and app.screen.seat == 0

    asyncio.run(scenario())
    season = table.season
    assert season is not None and len(season.state.results) == 1
    assert season.decisions[-1][0] == 1  # the bot picked before Ann was asked
    assert len(season.decisions) > finish


def test_the_keyboard_changes_hands_after_a_race_of_a_season() -> None:
    """Hotseat: before the first pick after a season's race, the race screen is blanked for the
    handoff; with the race over that raised ValueError('no race is in progress')."""
    table = build_table(GameSetup(mode="season", seed=2, seats=(ANN, SeatChoice("human", "Bob", color="blue"))))

    async def scenario() -> None:
        app = HeatApp(table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            await play_until(app, pilot, lambda a: isinstance(a.screen, RaceScreen))
            screen = app.screen
            assert isinstance(screen, RaceScreen) and screen.viewer is not None
            bots = {seat: make_bot("club", seat) for seat in range(2)}
            while table.race is not None:  # the race ends (both players driven by bots here)
                seat, _ = table.next_actor() or (0, True)
                table.apply(seat, bots[seat].choose(table.view(seat), table.legal(seat)))
            screen.forget()  # what the app does before the next player's pick
            assert screen.query_one(HandBar).hand == ()
            await pilot.press("i", "escape", "question_mark", "escape")
            assert app.screen is screen

    asyncio.run(scenario())
