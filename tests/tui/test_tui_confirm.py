"""Confirmations: a plan or a React choice whose preview shows a chance of spinning out, or that
raises the Heat bill, is committed only once the player says so (y); enter never answers, so a
sure spin-out is never one key away. The setting turns them off (setup screen, the dialog's o),
and a save keeps it (``players.confirm``)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from driver import _type_decision, handled, played
from textual.widgets import OptionList, Select, Static

from heat.engine import EndReact, Plan, PositionError, React, view_of
from heat.players import HUMAN, SeatRole
from heat.tui.app import HeatApp
from heat.tui.risk import risk_of
from heat.tui.screens.dialogs import ConfirmScreen
from heat.tui.screens.handoff import HandoffScreen
from heat.tui.screens.race import RaceScreen
from heat.tui.setup_model import GameSetup, SeatChoice, build_table
from heat.tui.table import Table
from scenario import car, position, race_from

ANN = SeatChoice("human", "Ann", color="red")
CLUB = SeatChoice("bot", level="club")


def plans_at_risk(table: Table) -> tuple[Plan, Plan] | None:
    """(a plan the preview gives a sure spin-out, a plan it gives no risk) for Ann, if she is
    planning and has both."""
    race = table.race
    if race is None or race.phase != "plan" or 0 not in table.to_decide():
        return None
    view = view_of(race, 0)
    plans = [d for d in table.legal(0) if isinstance(d, Plan)]
    sure = [p for p in plans if (risk := risk_of(view, p)) is not None and risk.certain_spin]
    safe = [p for p in plans if risk_of(view, p) is None]
    return (sure[0], safe[0]) if sure and safe else None


def a_sure_spin_out(seed: int = 3) -> tuple[Table, Plan, Plan]:
    table = build_table(GameSetup(practice=True, seed=seed, seats=(ANN, CLUB)))
    played(table, lambda t: plans_at_risk(t) is not None)
    found = plans_at_risk(table)
    assert found is not None
    return table, *found


def message(app: HeatApp) -> str:
    return str(app.screen.query_one("#message", Static).render())


def test_a_sure_spin_out_is_never_one_key_away(tmp_path: Path) -> None:
    table, sure, _ = a_sure_spin_out()
    table.save_path = str(tmp_path / "race.json")

    async def scenario() -> None:
        app = HeatApp(table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            await handled(pilot)
            decided = len(table.game.decisions)  # the bot's plan made
            screen = app.screen
            assert isinstance(screen, RaceScreen)
            await _type_decision(pilot, screen, sure)  # ... and enter
            await handled(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            question = str(app.screen.query_one(Static).render())
            assert f"Commit {sure.text()}?" in question and "You WILL spin out" in question
            await pilot.press("enter")  # enter does not answer
            await handled(pilot)
            assert isinstance(app.screen, ConfirmScreen) and len(table.game.decisions) == decided
            await pilot.press("n")  # back: nothing committed, the selection kept
            await handled(pilot)
            assert app.screen is screen and len(table.game.decisions) == decided
            assert screen.selection is not None and screen.selection.cards == sure.cards
            assert "Not committed" in message(app)
            await pilot.press("enter", "y")  # asked again; yes commits it
            await handled(pilot)
            assert (0, sure) in table.race.decisions  # type: ignore[union-attr]

    asyncio.run(scenario())


def test_a_safe_plan_is_committed_without_a_question() -> None:
    table, _, safe = a_sure_spin_out()

    async def scenario() -> None:
        app = HeatApp(table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            await handled(pilot)
            screen = app.screen
            assert isinstance(screen, RaceScreen)
            await _type_decision(pilot, screen, safe)
            await handled(pilot)
            assert not isinstance(app.screen, ConfirmScreen)
            assert (0, safe) in table.race.decisions  # type: ignore[union-attr]

    asyncio.run(scenario())


def test_o_commits_and_turns_the_confirmations_off_for_the_game_and_its_save(tmp_path: Path) -> None:
    table, sure, _ = a_sure_spin_out()
    save = tmp_path / "race.json"
    table.save_path = str(save)

    async def scenario() -> None:
        app = HeatApp(table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            await handled(pilot)
            screen = app.screen
            assert isinstance(screen, RaceScreen)
            await _type_decision(pilot, screen, sure)
            await handled(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("o")
            await handled(pilot)
            assert (0, sure) in table.race.decisions  # type: ignore[union-attr]

    asyncio.run(scenario())
    assert table.confirm is False
    saved = json.loads(save.read_text())
    assert saved["players"]["confirm"] is False
    assert Table.load(save).confirm is False


def test_the_confirmations_are_on_by_default_and_off_from_the_setup_screen() -> None:
    assert build_table(GameSetup(seats=(ANN, CLUB))).confirm is True
    assert "confirm" not in build_table(GameSetup(seats=(ANN, CLUB))).record()["players"]

    async def scenario() -> None:
        app = HeatApp(setup=GameSetup(seed=3, practice=True, seats=(ANN, CLUB)))
        async with app.run_test(size=(80, 24)) as pilot:
            await handled(pilot)
            app.screen.query_one("#confirm", Select).value = False
            await pilot.press("enter")  # Start
            await handled(pilot)
            assert app.table is not None and app.table.confirm is False

    asyncio.run(scenario())


def test_a_wrong_confirm_entry_in_a_save_is_named(tmp_path: Path) -> None:
    table, _, _ = a_sure_spin_out()
    record = table.record()
    record["players"]["confirm"] = "no"
    save = tmp_path / "race.json"
    save.write_text(json.dumps(record))
    with pytest.raises(PositionError, match=r"players.confirm: expected true or false, got 'no'"):
        Table.load(save)


def boost_and_cooldown(t: Table) -> bool:
    """Ann in React, with a Boost and a Cooldown to choose from."""
    race = t.race
    if race is None or race.phase != "turn" or race.to_decide() != (0,) or race.step != "react":
        return False
    legal = t.legal(0)
    return React("boost") in legal and any(isinstance(d, React) and d.symbol == "cooldown" for d in legal)


def test_a_react_choice_that_raises_the_heat_bill_asks_and_one_that_does_not_is_held() -> None:
    """Boost costs Heat (B-5.6): asked. A Cooldown lowers the bill: held at once, no question."""
    table = build_table(GameSetup(practice=True, seed=5, seats=(ANN, CLUB)))
    played(table, boost_and_cooldown)
    view = view_of(table.race, 0)  # type: ignore[arg-type]
    boost = risk_of(view, React("boost"))
    assert boost is not None and boost.extra_heat >= 1
    cooldown = next(d for d in table.legal(0) if isinstance(d, React) and d.symbol == "cooldown")
    assert risk_of(view, cooldown) is None
    done = risk_of(view, EndReact())
    assert done is None or done.preview.spin_chance > 0

    async def scenario() -> None:
        app = HeatApp(table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            await handled(pilot)
            screen = app.screen
            assert isinstance(screen, RaceScreen)
            await pilot.press(str(screen.options.index(React("boost")) + 1))
            await handled(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            assert "more than without it" in str(app.screen.query_one(Static).render())
            await pilot.press("escape")
            await handled(pilot)
            assert app.screen is screen and screen.stage is not None and screen.stage.held == []
            await pilot.press(str(screen.options.index(cooldown) + 1))
            await handled(pilot)
            assert app.screen is screen and screen.stage.held == [cooldown]

    asyncio.run(scenario())


def test_done_after_a_held_choice_that_raises_the_heat_bill_asks() -> None:
    """A held Adrenaline move across a Corner Line raises the bill; 'done' commits it with the
    held move, so it asks (its bill was compared with itself, after the move, and nothing was
    asked). USA: corner 1's line after space 12, limit 7."""
    cars = [car(space=12, gear=3, engine=6, hand=["3"], deck=["1", "1"]), car(space=1)]
    data = position(
        cars,
        phase="turn",
        step="react",
        order=[1, 0],
        turn_index=1,
        adrenaline_seats=[0],
        turn={"start_space": 4, "speed": 8, "adrenaline": True, "gear_cooldown_used": True},
    )
    race = race_from(data)
    table = Table(race, (SeatRole(HUMAN), SeatRole(HUMAN)))
    move = React("move", 1, "adrenaline")
    assert move in table.legal(0)

    async def scenario() -> None:
        app = HeatApp(table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            await handled(pilot)
            if isinstance(app.screen, HandoffScreen):
                await pilot.press("enter")
                await handled(pilot)
            screen = app.screen
            assert isinstance(screen, RaceScreen) and screen.stage is not None
            await pilot.press(str(screen.options.index(move) + 1))
            await handled(pilot)
            assert screen.stage.held == [move]  # held: nothing asked yet, it can be taken back
            await pilot.press(str(screen.options.index(EndReact()) + 1))
            await handled(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            assert "Heat to pay: 2 expected (2 more than without it)" in str(app.screen.query_one(Static).render())
            await pilot.press("y")
            await handled(pilot)
            assert race.decisions[-2:] == [(0, move), (0, EndReact())]

    asyncio.run(scenario())


def test_keys_typed_faster_than_the_app_open_one_question() -> None:
    """A number key and enter already in the option list's queue opened two questions; answering
    one committed the choice, and the other, answered at Ann's next question, sent the old choice
    again (an IllegalDecision that ended the app)."""
    table = build_table(GameSetup(practice=True, seed=5, seats=(ANN, CLUB)))
    played(table, boost_and_cooldown)
    boost = React("boost")

    async def scenario() -> None:
        app = HeatApp(table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            await handled(pilot)
            screen = app.screen
            assert isinstance(screen, RaceScreen)
            index = screen.options.index(boost)
            screen.action_number(index)  # a number key, then enter already queued for the list
            menu = screen.query_one("#options", OptionList)
            screen._option_selected(OptionList.OptionSelected(menu, menu.get_option_at_index(index), index))
            await handled(pilot)
            assert sum(isinstance(s, ConfirmScreen) for s in app.screen_stack) == 1
            await pilot.press("y")
            await handled(pilot)
            assert not any(isinstance(s, ConfirmScreen) for s in app.screen_stack)
            assert table.race.decisions.count((0, boost)) == 1  # type: ignore[union-attr]
            assert app._exception is None

    asyncio.run(scenario())
