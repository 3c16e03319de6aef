"""The plain prompt's preview (issue 28, section 5): the Speed and its chances, the landing, each
corner's Heat and the spin-out chance of a plan, React symbol or Slipstream, as the app shows them
(``heat.preview``), and a yes/no before a decision that may spin out or costs Heat."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from heat.cli.main import main
from heat.cli.play_cmd import Session
from heat.cli.prompt import confirm_at_prompt
from heat.cli.render import preview_line
from heat.engine import EndReact, Plan, React, Slipstream, view_of
from heat.preview import confirmation_reason, preview_plan, preview_react
from scenario import car, position, race_from, snapshot

RED = 0


class Script:
    """Answers the prompt from a list (then 'quit'), remembering every question asked."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines: Iterator[str] = iter(lines)
        self.questions: list[str] = []

    def __call__(self, question: str) -> str:
        self.questions.append(question)
        return next(self.lines, "quit")


def at_react(red: dict[str, Any], **turn: Any) -> dict[str, Any]:
    """Red alone, in step 5 React of its turn."""
    return position([red], phase="turn", step="react", order=[RED], turn_index=0, turn=turn)


# Red's turn began on 26 at Speed 5 and stands on 31, 2 spaces before corner 2 (limit 3), with
# 6 Heat: a Boost pays 1 and flips 1-4, so Speed 9 costs 6 more at the corner and spins out.
BOOST_SPINS = at_react(
    car(space=31, gear=2, engine=6, hand=["heat"], deck=["heat", "1", "2", "3", "4", "stress"]),
    start_space=26,
    speed=5,
)


def boost_extra_heat() -> str:
    """The Heat a Boost adds in BOOST_SPINS, as the prompt words it: its 1, and corner 2's."""
    view = view_of(race_from(BOOST_SPINS), RED)
    extra = preview_react(view, React("boost")).expected_heat - preview_react(view, EndReact()).expected_heat
    assert extra > 1  # corner 2 is reached in half the cases
    return f"about {extra:.1f}".removesuffix(".0")


def session(data: dict[str, Any], script: Script, *, confirm: bool) -> tuple[Session, list[str]]:
    race = race_from(data)
    out: list[str] = []
    return Session(race, RED, {}, script, out.append, confirm=confirm), out


def test_each_react_option_is_listed_with_its_preview() -> None:
    play, out = session(BOOST_SPINS, Script(["quit"]), confirm=True)
    play.ask()
    view = view_of(play.race, RED)
    boost = out.index("  " + next(line.strip() for line in out if line.strip().endswith(". boost")))
    assert out[boost + 1] == "       " + preview_line(preview_react(view, React("boost")), view.laps)
    done = next(i for i, line in enumerate(out) if line.strip().endswith(". done"))
    assert out[done + 1] == "       " + preview_line(preview_react(view, EndReact()), view.laps)
    assert "spin-out 25%" in out[boost + 1] and "1 Heat now" in out[boost + 1]  # Speed 9 of 6 to 9 spins


def test_a_decision_that_may_spin_out_is_applied_only_after_yes() -> None:
    script = Script(["boost", "no"])
    play, out = session(BOOST_SPINS, script, confirm=True)
    before = snapshot(play.race)
    assert play.ask() is False  # 'no', then the script's 'quit'
    assert snapshot(play.race) == before
    question = f"It may spin out (25%) and costs {boost_extra_heat()} Heat more than 'done'. Apply it? (yes/no) "
    assert question in script.questions
    assert "Not applied; decide again ('confirm off' stops these questions)." in out
    script = Script(["boost", "yes"])
    play, out = session(BOOST_SPINS, script, confirm=True)
    assert play.ask() is True
    assert play.race.decisions[-1] == (RED, React("boost"))


def test_confirm_off_applies_at_once_and_a_safe_decision_is_never_asked() -> None:
    script = Script(["confirm off", "boost"])
    play, out = session(BOOST_SPINS, script, confirm=True)
    assert play.ask() is True
    assert not any("Apply it?" in question for question in script.questions)
    assert any(line.startswith("Confirmations off") for line in out)
    assert any(line.startswith("boost: Speed 6 to 9") for line in out)  # the preview, before it is applied
    script = Script(["done"])  # Speed 5 from 26 stops on 31, before corner 2: nothing to confirm
    play, _ = session(BOOST_SPINS, script, confirm=True)
    assert play.ask() is True
    assert not any("Apply it?" in question for question in script.questions)


def test_a_sure_spin_out_says_so() -> None:
    # Gear 2, 4 + 4: Speed 8 over corner 1's limit 7 costs 1 Heat with none in the Engine.
    data = position([car(space=10, gear=2, engine=0, hand=["4", "4", "1"], deck=["1", "2", "3"])])
    script = Script(["gear 2 play 4 4", "n"])
    play, _ = session(data, script, confirm=True)
    play.ask()
    assert "It spins out and costs" not in "".join(script.questions)  # the Engine has no Heat to pay
    assert "It spins out. Apply it? (yes/no) " in script.questions
    assert play.race.decisions == []


def test_a_plan_that_costs_heat_asks_and_says_how_much() -> None:
    # 2nd to 4th gear costs 1 Heat (B-1.2); corner 3 (limit 3) at Speed 11-15 from 45 may spin.
    deck = ["1", "2", "3", "4", "heat", "3"]
    data = position([car(space=45, gear=3, engine=11, hand=["stress", "stress", "4", "4"], deck=deck)])
    plan = Plan(4, ("4", "4", "stress", "stress"))
    preview = preview_plan(view_of(race_from(data), RED), plan)
    script = Script(["gear 4 play 4 4 stress stress", "no"])
    play, _ = session(data, script, confirm=True)
    play.ask()
    heat = f"{preview.expected_heat:.1f}".removesuffix(".0")
    assert f"It may spin out (70%) and costs about {heat} Heat. Apply it? (yes/no) " in script.questions


def test_preview_shows_a_plan_without_playing_it() -> None:
    deck = ["1", "2", "3", "4", "heat", "3"]
    data = position([car(space=45, gear=3, engine=11, hand=["stress", "stress", "4", "4"], deck=deck)])
    script = Script(
        ["preview gear 4 play 4 4 stress stress", "preview", "preview fly", "preview gear 1 play 1", "preview 99"]
    )
    play, out = session(data, script, confirm=True)
    before = snapshot(play.race)
    play.ask()
    assert snapshot(play.race) == before
    view = view_of(play.race, RED)
    line = preview_line(preview_plan(view, Plan(4, ("4", "4", "stress", "stress"))), view.laps)
    assert f"gear 4 play 4 4 stress stress: {line}" in out
    assert any(text.startswith("It may spin out (70%)") for text in out)
    assert any(text.startswith("Say what to preview") for text in out)
    assert "'fly' is not a legal decision now; type 'list' to see them." in out
    assert any(text.startswith("Not allowed:") and "'99' is not a decision" in text for text in out)
    assert "'gear 1 play 1' is not a legal decision now; type 'list' to see them." in out


def test_the_plan_step_says_how_to_preview() -> None:
    data = position([car(space=10, hand=["4", "3", "1"], deck=["2"]), car(space=9, color="blue", hand=["1"])])
    play, out = session(data, Script(["quit"]), confirm=False)
    play.ask()
    assert any("'preview gear 2 play 3 4' shows where it leads" in line for line in out)


def test_the_heat_bill_is_counted_against_what_the_player_would_do_instead() -> None:
    view = view_of(race_from(BOOST_SPINS), RED)
    assert (
        confirmation_reason(view, React("boost"))
        == f"may spin out (25%) and costs {boost_extra_heat()} Heat more than 'done'"
    )
    assert confirmation_reason(view, EndReact()) is None  # Speed 5 from 26 stops before corner 2
    cool = at_react(car(space=31, gear=1, engine=3, hand=["heat", "heat"], deck=["1"]), start_space=30, speed=1)
    assert confirmation_reason(view_of(race_from(cool), RED), React("cooldown", 2)) is None  # it lowers the bill
    # a two-gear shift alone costs 1 Heat (B-1.2), far from any corner
    shift = position([car(space=15, gear=1, engine=6, hand=["1", "1", "1", "1"], deck=["2"])])
    assert confirmation_reason(view_of(race_from(shift), RED), Plan(3, ("1", "1", "1"))) == "costs 1 Heat"
    assert confirmation_reason(view_of(race_from(shift), RED), Plan(2, ("1", "1"))) is None
    assert confirmation_reason(view_of(race_from(shift), RED), Slipstream(False)) is None  # no turn: no preview


def test_confirmations_are_on_at_a_terminal_unless_no_confirm(monkeypatch) -> None:
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    assert confirm_at_prompt(argparse.Namespace(no_confirm=False)) is True
    assert confirm_at_prompt(argparse.Namespace(no_confirm=True)) is False
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False)  # a script piping its decisions
    assert confirm_at_prompt(argparse.Namespace(no_confirm=False)) is False


def test_no_confirm_is_refused_beside_replay(capsys) -> None:
    assert main(["play", "--replay", "r.json", "--no-confirm", "--plain"]) == 2
    assert "leave out --no-confirm" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["play", "--bots", "1", "--practice"], ["season", "new", "--bots", "1"]])
def test_the_play_and_season_prompts_preview_the_react_options(command: list[str], tmp_path, monkeypatch, capsys):
    answers = iter(["1"] * 60)
    monkeypatch.setattr("builtins.input", lambda _: next(answers, "quit"))
    save = ["--save", str(tmp_path / "game.json")]
    assert main([*command, "--plain", "--seed", "3", *save]) == 0
    out = capsys.readouterr().out
    assert "Step 5 React: use a symbol, or 'done'." in out
    react = out.split("Step 5 React: use a symbol, or 'done'.\nOptions:\n", 1)[1].splitlines()
    assert react[0].strip().startswith("1. ") and react[1].startswith("       Speed ")
