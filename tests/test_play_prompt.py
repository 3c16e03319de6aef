"""``heat play``: the plain-prompt client, driven by scripted input."""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from heat.cli.parser import build_parser
from heat.cli.play_cmd import Session, new_session_race
from heat.engine import Race, RaceConfig, default_seats, to_position, view_of
from heat.narrate import legends_deck
from heat.players import make_bots, seat_roles
from heat.storage import read_json
from scenario import car, position, race_from


def args(*extra: str) -> argparse.Namespace:
    """Options of ``heat play`` as the real parser reads them."""
    return build_parser().parse_args(["play", "--bots", "2", "--name", "Ann", "--seed", "3", "--practice", *extra])


class Script:
    """Feeds answers to the prompt; after the script, answers with the first legal option."""

    def __init__(self, lines: list[str]) -> None:
        self.lines: Iterator[str] = iter(lines)

    def __call__(self, prompt: str) -> str:
        return next(self.lines, "1")


def test_a_whole_race_at_the_prompt_reaches_the_standings():
    race, human, meta = new_session_race(args())
    out: list[str] = []
    session = Session(race, human, {}, Script([]), out.append, meta=meta)
    session.bots = {1: _first(), 2: _first()}
    assert session.run() == 0
    assert race.is_over
    assert "Final standings:" in out


def test_bad_input_gets_a_message_and_is_asked_again():
    race, human, _ = new_session_race(args())
    out: list[str] = []
    script = Script(["gear 7 play 1", "99", "fly", "quit"])
    session = Session(race, human, {1: _first(), 2: _first()}, script, out.append)
    session.run()
    text = "\n".join(out)
    assert "Not allowed: gear 7 does not exist" in text
    assert "There is no option 99" in text
    assert race.decisions == [] or all(seat != human for seat, _ in race.decisions)


def test_the_prompt_shows_hand_gear_engine_positions_and_corners():
    race, human, _ = new_session_race(args())
    out: list[str] = []
    Session(race, human, {}, Script(["quit"]), out.append).run()
    text = "\n".join(out)
    hand = " ".join(view_of(race, human).me.hand or ())
    assert f"Your hand: {hand}" in text
    assert "gear 1, Engine 6" in text
    assert "Next corners: corner 1" in text
    assert "Positions:" in text


def test_save_and_resume(tmp_path):
    race, human, meta = new_session_race(args())
    path = tmp_path / "race.json"
    out: list[str] = []
    Session(race, human, {1: _first(), 2: _first()}, Script(["1", f"save {path}", "quit"]), out.append, meta=meta).run()
    saved = read_json(path)
    assert saved["players"]["human"] == 0
    assert len(saved["decisions"]) == len(race.decisions)


def test_mixed_levels_are_named_saved_and_resumed(tmp_path):
    race, human, meta = new_session_race(args("--level", "champion,rookie"))
    assert [car.name for car in race.cars if car.seat != human] == ["Champion Blue", "Rookie Green"]
    assert meta["level"] == "champion,rookie"
    path = tmp_path / "race.json"
    Session(race, human, {}, Script([f"save {path}", "quit"]), [].append, meta=meta).run()
    assert read_json(path)["players"]["level"] == "champion,rookie"
    bots = make_bots(seat_roles(race.config.seats, human, read_json(path)["players"]["level"]), 3)
    assert {seat: bot.name for seat, bot in bots.items()} == {1: "champion", 2: "rookie"}


def _first():
    from heat.bots import RandomBot

    return RandomBot(0)


def test_L_6_L_16_the_prompt_shows_the_legends_cards_still_in_the_deck():
    # L-6, L-16: the revealed Legends cards lie face up, so the cards still to come are public.
    race, human, _ = new_session_race(args("--legends", "2"))
    out: list[str] = []
    Session(race, human, {}, Script(["quit"]), out.append).run()
    text = "\n".join(out)
    assert "Legends cards still in the deck: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10" in text


def test_L_16_the_legends_deck_line_is_absent_without_legends_and_explains_an_empty_deck():
    plain = Race(RaceConfig(default_seats(2), track="usa", seed=1))
    assert legends_deck(view_of(plain, 0)) is None
    cars = [car(space=10, hand=["1"] * 7, deck=["2"] * 8), car(space=12, color="blue", legend=True)]
    empty = race_from(position(cars, legends={"deck": [], "card": None}))
    assert legends_deck(view_of(empty, 0)) == (
        "Legends cards still in the deck: none (all ten are reshuffled at the next reveal)"
    )


# ---------------------------------------------------------------------------------- saving (audit)


def test_saved_is_an_unknown_command_not_a_save_to_a_file_named_d(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    race, human, _ = new_session_race(args())
    out: list[str] = []
    Session(race, human, {}, Script(["saved", "SAVE  my race.json", "quit"]), out.append).run()
    text = "\n".join(out)
    assert "Not allowed: Ann must choose a gear and cards now" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my race.json"]  # 'save' alone is the command
    assert (  # quoted for a shell
        "Saved to my race.json, and after every decision from now on. Resume with: heat play --resume 'my race.json'"
    ) in text


def test_save_file_takes_the_saves_after_every_decision_like_ctrl_s_in_the_app(tmp_path):
    """A game saved with 'save FILE' and no --save was 'Abandoned (give a save file...)' on quit, and
    the decisions after the save were lost."""
    race, human, meta = new_session_race(args())
    out: list[str] = []
    path = tmp_path / "race.json"
    session = Session(
        race, human, {1: _first(), 2: _first()}, Script([f"save {path}", "1", "quit"]), out.append, None, meta
    )
    assert session.run() == 0
    text = "\n".join(out)
    assert f"Saved to {path}, and after every decision from now on." in text
    assert text.endswith(f"Saved. Resume with: heat play --resume {path}")
    assert len(read_json(path)["decisions"]) == len(race.decisions)  # the decision after 'save' included


def _another_save(path) -> None:
    """A saved race of another game at ``path``."""
    race, _, meta = new_session_race(args("--seed", "9"))
    Session(race, 0, {}, Script(["quit"]), lambda line: None, str(path), meta).save(str(path))


def test_save_file_asks_before_replacing_a_file_the_game_is_not_saved_in(tmp_path):
    """'save FILE' replaced any existing file without a word."""
    other = tmp_path / "other.json"
    _another_save(other)
    before = other.read_bytes()
    race, human, meta = new_session_race(args())
    out: list[str] = []
    questions: list[str] = []
    answers = iter([f"save {other}", "no", f"save {other}", "", f"save {other}", "YES", f"save {other}", "quit"])

    def read(prompt: str) -> str:
        questions.append(prompt)
        return next(answers)

    assert Session(race, human, {}, read, out.append, None, meta).run() == 0
    text = "\n".join(out)
    asked = f"{other} already exists: replace it? (yes/no) "
    assert questions.count(asked) == 3  # not asked again once the game is saved there
    assert text.count("Not saved.") == 2
    assert text.count(f"Saved to {other}") == 2
    assert other.read_bytes() != before
    assert read_json(other)["config"]["seed"] == 3  # replaced by the game, once the person said yes


@pytest.mark.parametrize(
    ("content", "what"),
    [
        (b"root:x:0:0:root:/root:/bin/bash\n", "it is not a Heat save (a saved race or season)"),
        (b'{"mine": true}', "it is not a Heat save (a saved race or season)"),
        (b"", "it is not a Heat save (a saved race or season)"),
        (None, "it is a race position, not a saved race or season"),
    ],
)
def test_save_file_never_replaces_a_file_that_is_not_a_heat_save_whatever_the_answer(tmp_path, content, what):
    """Issue 28: a save replaced any file the person said yes to (the system's user accounts,
    as root). Only another saved race or season is ever replaced; the game goes on."""
    other = tmp_path / "other.json"
    if content is None:
        other.write_text(json.dumps(to_position(Race(RaceConfig(default_seats(2), seed=1)))))
    else:
        other.write_bytes(content)
    before = other.read_bytes()
    race, human, meta = new_session_race(args())
    out: list[str] = []
    questions: list[str] = []
    answers = iter([f"save {other}", "yes", "1", "quit"])

    def read(prompt: str) -> str:
        questions.append(prompt)
        return next(answers)

    assert Session(race, human, {1: _first(), 2: _first()}, read, out.append, None, meta).run() == 0
    text = "\n".join(out)
    assert f"Not saved: {what}, and a save replaces no other file. Type 'save FILE' with another file." in text
    assert not any("replace it?" in question for question in questions)
    assert other.read_bytes() == before
    assert any(seat == human for seat, _ in race.decisions)  # the game went on
    assert [path.name for path in tmp_path.iterdir()] == ["other.json"]


def test_save_file_is_not_asked_for_the_file_the_game_is_saved_in_and_end_of_input_is_no(tmp_path):
    saved, other = tmp_path / "race.json", tmp_path / "other.json"
    _another_save(other)
    before = other.read_bytes()
    race, human, meta = new_session_race(args())
    out: list[str] = []
    answers = iter([f"save {saved}", f"save {other}"])

    def read(prompt: str) -> str:
        line = next(answers, None)
        if line is None:
            raise EOFError
        return line

    _another_save(saved)  # --save FILE --overwrite: the game's own file
    assert Session(race, human, {}, read, out.append, str(saved), meta).run() == 0
    text = "\n".join(out)
    assert f"Saved to {saved}. Resume with" in text  # no question
    assert other.read_bytes() == before  # end of input answers no
    assert "Not saved." in text


def test_a_save_file_name_with_a_nul_character_is_refused_in_words(tmp_path, monkeypatch):
    """It raised ValueError out of tempfile: a traceback."""
    monkeypatch.chdir(tmp_path)
    race, human, meta = new_session_race(args())
    out: list[str] = []
    assert Session(race, human, {}, Script(["save a\0b", "quit"]), out.append, None, meta).run() == 0
    assert "Could not save to a\0b: the file name contains a NUL character" in "\n".join(out)
    assert list(tmp_path.iterdir()) == []


def test_play_alone_says_it_needs_the_cards_with_an_example():
    race, human, _ = new_session_race(args())
    out: list[str] = []
    Session(race, human, {}, Script(["play", "quit"]), out.append).run()
    text = "\n".join(out)
    assert "Not allowed: 'play' needs the cards to play. Steps 1-2: choose your gear and cards, e.g." in text
    assert "gear 0" not in text


def test_a_save_command_to_a_path_under_a_file_says_why_in_words(tmp_path):
    (tmp_path / "x.json").write_text("{}")
    race, human, _ = new_session_race(args())
    out: list[str] = []
    lines = [f"save {tmp_path / 'x.json' / 'y.json'}", f"save {tmp_path}", "quit"]
    Session(race, human, {}, Script(lines), out.append).run()
    text = "\n".join(out)
    assert f"Could not save to {tmp_path / 'x.json' / 'y.json'}: {tmp_path / 'x.json'} is a file, not a folder" in text
    assert f"Could not save to {tmp_path}: it is a folder" in text
    assert (tmp_path / "x.json").read_text() == "{}"


def test_an_automatic_save_that_fails_is_told_once_and_the_race_goes_on(tmp_path):
    """Saving after a decision to a folder crashed the prompt with IsADirectoryError."""
    folder = tmp_path / "adir"
    folder.mkdir()
    race, human, meta = new_session_race(args())
    out: list[str] = []
    good = tmp_path / "good.json"
    lines = ["1", "1", "quit", f"save {good}", "quit"]
    session = Session(race, human, {1: _first(), 2: _first()}, Script(lines), out.append, str(folder), meta)
    assert session.run() == 0
    text = "\n".join(out)
    assert text.count(f"Could not save the game to {folder}: it is a folder. The game goes on unsaved") == 1
    assert sum(1 for seat, _ in race.decisions if seat == human) >= 2  # both decisions were applied
    assert f"Could not save the game to {folder}: it is a folder. Type 'save FILE' to save it elsewhere" in text
    assert f"Saved to {good}, and after every decision from now on." in text
    assert f"Saved. Resume with: heat play --resume {good}" in text
    assert "Saved. Resume with: heat play --resume " + str(folder) not in text
    assert len(read_json(good)["decisions"]) == len(race.decisions)


def test_quitting_when_the_save_fails_then_end_of_input_leaves_without_claiming_a_save(tmp_path):
    (tmp_path / "x.json").write_text("{}")
    race, human, meta = new_session_race(args())
    out: list[str] = []

    def end_of_input(prompt: str) -> str:
        raise EOFError

    target = str(tmp_path / "x.json" / "y.json")
    assert Session(race, human, {}, end_of_input, out.append, target, meta).run() == 0
    text = "\n".join(out)
    assert f"Could not save the game to {target}: {tmp_path / 'x.json'} is a file, not a folder." in text
    assert text.endswith(f"Abandoned: the game is not saved (saving to {target} failed).")
    assert "Saved" not in text


@pytest.mark.parametrize("line", ["²", "①", "\u0661", "\u0967", "²1", "9" * 5000, "00000000000000000000001", "-1"])
def test_an_option_number_is_ascii_digits_only(line):
    """Issue 28: '²' passed str.isdigit() and int() raised ValueError: a traceback."""
    race, human, _ = new_session_race(args())
    out: list[str] = []
    Session(race, human, {}, Script([line, "quit"]), out.append).run()
    text = "\n".join(out)
    assert "Not allowed:" in text or "There is no option" in text
    assert race.decisions == [] or all(seat != human for seat, _ in race.decisions)


def test_a_save_command_with_a_name_too_long_says_why_and_the_game_goes_on(tmp_path):
    """Issue 28: 'save' with a 300-character name ended the game with exit status 1."""
    race, human, _ = new_session_race(args())
    out: list[str] = []
    name = str(tmp_path / ("a" * 300))
    session = Session(race, human, {1: _first(), 2: _first()}, Script([f"save {name}", "1", "quit"]), out.append)
    assert session.run() == 0
    assert f"Could not save to {name}: File name too long" in out
    assert any(seat == human for seat, _ in race.decisions)  # the game went on
    assert list(tmp_path.iterdir()) == []


PROMPT_WORDS = st.one_of(
    st.sampled_from(["gear", "play", "save", "list", "status", "help", "discard", "cooldown", "1", "2", "yes"]),
    st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=4),
    st.integers(1, 6000).map(lambda digits: "8" * digits),
    st.text(st.characters(blacklist_characters="/"), max_size=12),  # names for 'save': never a path
    st.sampled_from(["\x1b[2J", "\r", "\x00", "..", ".", "\u202e", "a" * 300]),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(PROMPT_WORDS, max_size=4).map(" ".join), max_size=8))
def test_any_lines_at_the_prompt_are_answered_in_words(lines: list[str]) -> None:
    """Whatever is typed (Unicode digits, numbers of thousands of digits, 'save' with any name,
    control characters): the prompt answers and goes on; never an exception. Files go to a
    temporary folder (the names hold no '/')."""
    race, human, meta = new_session_race(args())
    out: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        here = os.getcwd()
        os.chdir(folder)
        try:
            session = Session(race, human, {1: _first(), 2: _first()}, Script([*lines, "quit"]), out.append, None, meta)
            assert session.run() in (0, 1)
        finally:
            os.chdir(here)
        assert not [name for name in os.listdir(folder) if name.endswith(".tmp")]  # nothing half written
