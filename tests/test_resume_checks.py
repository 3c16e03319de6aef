"""Resuming a save: its ``players`` entry is checked once (``heat.players.roles_of``) for the app
and the plain prompts alike, a wrong one named with the file and the field and the file left as
it was; ``heat play --resume`` opens a season at the plain prompt too; ``heat season new``
refuses Pro Legends without a Legend (L-17) like ``heat play``."""

from __future__ import annotations

import argparse
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import heat.tui.app
from heat.cli.main import main
from heat.cli.parser import build_parser
from heat.cli.season_cmd import check_season_args
from heat.engine import ConfigError, PositionError, Race, RaceConfig, default_seats, to_record
from heat.engine.championship import SEASON_FORMAT, Season, SeasonConfig, replay_season, season_record
from heat.players import BOT, HUMAN, LEGEND, SeatRole, players_record
from heat.tui import launch
from heat.tui.table import Table

SEATS = default_seats(3, legends=1)  # Red, Blue, and Green the Legend
ROLES = (SeatRole(HUMAN), SeatRole(BOT, "rookie"), SeatRole(LEGEND))
GOOD = players_record(ROLES, 7)  # as the app saves it: human, bot_seed, level and seats
HUMAN_ROLE, BOT_ROLE, LEGEND_ROLE = (role.to_json() for role in ROLES)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def race_record() -> dict[str, Any]:
    return to_record(Race(RaceConfig(SEATS, laps=1, seed=3)))


def season_file_record() -> dict[str, Any]:
    season = Season(SeasonConfig(SEATS, season="1961", seed=1))
    season.apply(0, season.legal_decisions(0)[0])
    return season_record(season)


def no_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused save must stop before the game asks anything (it used to wait for ever)."""

    def refuse(prompt: str = "") -> str:
        raise AssertionError(f"asked {prompt!r}: the game started")

    monkeypatch.setattr("builtins.input", refuse)


def quit_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")


# Every malformed entry, with the words that name what is wrong in it.
MALFORMED: list[tuple[dict[str, Any], str]] = [
    ({"seats": [HUMAN_ROLE, BOT_ROLE]}, "players.seats: 2 roles for 3 seats"),
    ({"seats": [HUMAN_ROLE, BOT_ROLE, LEGEND_ROLE, BOT_ROLE]}, "players.seats: 4 roles for 3 seats"),
    ({"seats": []}, "players.seats: 0 roles for 3 seats"),
    ({"seats": [HUMAN_ROLE, LEGEND_ROLE, LEGEND_ROLE]}, "players.seats[1]: Blue is not a Legend"),
    ({"seats": [HUMAN_ROLE, BOT_ROLE, BOT_ROLE]}, "players.seats[2]: Green is a Legend: its role is legend (got bot)"),
    ({"seats": [HUMAN_ROLE, BOT_ROLE, HUMAN_ROLE]}, "players.seats[2]: Green is a Legend"),
    ({"seats": [BOT_ROLE, BOT_ROLE, LEGEND_ROLE]}, "players: nobody at the keyboard"),
    ({"seats": [HUMAN_ROLE, {"kind": "pilot"}, LEGEND_ROLE]}, "players.seats[1]: expected {kind: human|bot|legend}"),
    ({"seats": "all"}, "players.seats: expected a list"),
    ({**GOOD, "human": "x"}, "players.human: expected a seat number, got the string 'x'"),
    ({**GOOD, "human": 9}, "players.human: expected a seat number, got the number 9"),
    ({**GOOD, "human": True}, "players.human: expected a seat number, got true"),
    ({**GOOD, "human": 2}, "players.human: seat 2 is a Legend"),
    ({**GOOD, "human": 1}, "players.human: seat 1 is a bot in players.seats"),
    ({**GOOD, "level": "chmp"}, "players.level: unknown bot level 'chmp'"),
    ({**GOOD, "level": 5}, "players.level: unknown bot level '5'"),
    ({**GOOD, "level": "club,pro"}, "players.level: 2 levels for 1 bots"),
    ({**GOOD, "level": "pro"}, "players.level: 'pro', but players.seats gives the bots 'rookie'"),
    ({**GOOD, "bot_seed": "s"}, "players.bot_seed: expected an integer"),
    ({"human": 2}, "players.human: seat 2 is a Legend"),
    ({"human": 0, "level": "chmp"}, "players.level: unknown bot level 'chmp'"),
]

GAMES: dict[str, tuple[Callable[[], dict[str, Any]], tuple[str, ...]]] = {
    "race": (race_record, ("play", "--plain", "--resume")),
    "season": (season_file_record, ("season", "resume", "--plain")),
    "season via play": (season_file_record, ("play", "--plain", "--resume")),
    "race, no --plain": (race_record, ("play", "--resume")),  # stdin is no terminal: the prompt
    "season, no --plain": (season_file_record, ("season", "resume")),
}


@pytest.mark.parametrize(("players", "message"), MALFORMED)
@pytest.mark.parametrize("game", list(GAMES))
def test_a_malformed_players_entry_is_named_and_the_file_left_alone(
    tmp_path: Path, capsys, monkeypatch, game, players, message
):
    """The plain prompts accepted a `seats` list that did not fit the seats (and then waited on
    a seat nobody drove) and ignored a bad `human` or `level` beside `seats`, rewriting the file
    on 'quit'."""
    record, command = GAMES[game]
    path = tmp_path / "save.json"
    path.write_text(json.dumps({**record(), "players": players}))
    before = path.read_bytes()
    no_questions(monkeypatch)
    status, out, err = run(capsys, *command, str(path))
    assert (status, out) == (2, "")
    assert err.startswith(f"heat: {path}: ")
    assert message in err
    assert "Traceback" not in err
    assert path.read_bytes() == before


@pytest.mark.parametrize(("players", "message"), MALFORMED)
@pytest.mark.parametrize("record", [race_record, season_file_record])
def test_the_app_refuses_the_same_entries_with_the_same_words(tmp_path: Path, record, players, message):
    path = tmp_path / "save.json"
    path.write_text(json.dumps({**record(), "players": players}))
    before = path.read_bytes()
    with pytest.raises(PositionError) as refused:
        Table.load(path)
    assert str(refused.value).startswith(f"{path}: ")
    assert message in str(refused.value)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "players",
    [
        GOOD,
        {"seats": GOOD["seats"]},  # the seats alone
        {**GOOD, "level": "ROOKIE"},  # the level in any case, like --level
        {"human": 0, "bot_seed": 7, "level": "rookie"},  # a plain client's entry
        None,  # `heat race --json`: the human at seat 0
    ],
)
@pytest.mark.parametrize("game", list(GAMES))
def test_a_good_save_still_resumes(tmp_path: Path, capsys, monkeypatch, game, players):
    record, command = GAMES[game]
    path = tmp_path / "save.json"
    data = record()
    path.write_text(json.dumps(data if players is None else {**data, "players": players}))
    quit_at_once(monkeypatch)
    status, out, err = run(capsys, *command, str(path))
    assert (status, err) == (0, "")
    assert "Resumed" in out
    saved = json.loads(path.read_text())  # the bots may have decided before the prompt
    assert saved["decisions"][: len(data["decisions"])] == data["decisions"]
    roles = ROLES if players is not None else (SeatRole(HUMAN), SeatRole(BOT, "club"), SeatRole(LEGEND))
    default_seed = data["config"]["seed"] if data["format"] == SEASON_FORMAT else 0  # as roles_of reads it
    assert saved["players"] == players_record(roles, (players or {}).get("bot_seed", default_seed))
    assert Table.load(path).roles == roles


def test_an_app_save_of_two_humans_and_no_bot_resumes_in_the_app_only(tmp_path: Path, capsys, monkeypatch):
    roles = (SeatRole(HUMAN), SeatRole(HUMAN), SeatRole(LEGEND))
    path = tmp_path / "hotseat.json"
    path.write_text(json.dumps({**race_record(), "players": players_record(roles, 1)}))
    assert Table.load(path).roles == roles
    no_questions(monkeypatch)
    status, _, err = run(capsys, "play", "--plain", "--resume", str(path))
    assert status == 2
    assert "2 players at the keyboard; the plain prompt seats one" in err


# ---------------------------------------------------------------------------------- play --resume SEASON


def season_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> Path:
    path = tmp_path / "season.json"
    quit_at_once(monkeypatch)
    new = ("season", "new", "--plain", "--bots", "1", "--legends", "1", "--seed", "3", "--save", str(path))
    assert run(capsys, *new)[0] == 0
    return path


def test_play_resume_opens_a_season_at_the_plain_prompt_like_the_app(tmp_path: Path, capsys, monkeypatch):
    """docs/terminal.md: `heat play --resume FILE` resumes a saved race or season; the plain
    prompt refused a season ('is a championship season, not a race')."""
    path = season_save(tmp_path, monkeypatch, capsys)
    saved = json.loads(path.read_text())
    status, out, err = run(capsys, "play", "--plain", "--resume", str(path))
    assert (status, err) == (0, "")
    assert out.startswith("Resumed championship 1961, race 1 of 3")
    again = json.loads(path.read_text())
    assert again["format"] == SEASON_FORMAT and again["players"]["human"] == saved["players"]["human"]
    assert replay_season(again).decisions[: len(saved["decisions"])] == replay_season(saved).decisions


def test_play_resume_of_a_season_saves_it_to_save_if_given(tmp_path: Path, capsys, monkeypatch):
    path = season_save(tmp_path, monkeypatch, capsys)
    before = path.read_bytes()
    other = tmp_path / "other.json"
    status, out, err = run(capsys, "play", "--plain", "--resume", str(path), "--save", str(other))
    assert (status, err) == (0, "")
    assert "Resumed championship" in out
    assert path.read_bytes() == before  # the saves went to --save, as in the app
    decisions = json.loads(before)["decisions"]
    assert json.loads(other.read_text())["decisions"][: len(decisions)] == decisions
    assert json.loads(other.read_text())["format"] == SEASON_FORMAT


def test_play_resume_of_a_season_refuses_an_existing_save_file_without_overwrite(tmp_path: Path, capsys, monkeypatch):
    path = season_save(tmp_path, monkeypatch, capsys)
    before = path.read_bytes()
    other = tmp_path / "other.json"
    shutil.copyfile(path, other)  # another saved season: replaced only with --overwrite
    kept = other.read_bytes()
    no_questions(monkeypatch)
    status, out, err = run(capsys, "play", "--plain", "--resume", str(path), "--save", str(other))
    assert (status, out) == (2, "")
    assert f"{other} already exists" in err and "--overwrite" in err
    assert other.read_bytes() == kept and path.read_bytes() == before
    quit_at_once(monkeypatch)
    status, _, err = run(capsys, "play", "--plain", "--resume", str(path), "--save", str(other), "--overwrite")
    assert (status, err) == (0, "")
    assert json.loads(other.read_text())["format"] == SEASON_FORMAT
    status, _, err = run(capsys, "play", "--plain", "--resume", str(path), "--save", str(path))
    assert (status, err) == (0, "")  # the file it was resumed from is no overwrite


def test_play_resume_of_a_season_with_a_bad_save_path_writes_nothing(tmp_path: Path, capsys, monkeypatch):
    path = season_save(tmp_path, monkeypatch, capsys)
    before = path.read_bytes()
    no_questions(monkeypatch)
    status, out, err = run(capsys, "play", "--plain", "--resume", str(path), "--save", str(tmp_path))
    assert (status, out) == (2, "")
    assert f"cannot save to {tmp_path}" in err
    assert path.read_bytes() == before


# ---------------------------------------------------------------------------------- season new --pro-legends


def test_L_17_season_new_refuses_pro_legends_without_a_legend(tmp_path: Path, capsys, monkeypatch):
    """It saved pro_legends=2 in a season of no Legend; heat play and heat race refuse it."""
    monkeypatch.chdir(tmp_path)
    no_questions(monkeypatch)
    status, out, err = run(capsys, "season", "new", "--plain", "--pro-legends", "2")
    assert (status, out) == (2, "")
    assert err == "heat: --pro-legends 2 raises the Legends' Top Speed (L-17): add Legends with --legends\n"
    assert list(tmp_path.iterdir()) == []  # no season.json
    quit_at_once(monkeypatch)
    status, _, err = run(capsys, "season", "new", "--plain", "--pro-legends", "2", "--legends", "1", "--seed", "2")
    assert (status, err) == (0, "")
    assert json.loads((tmp_path / "season.json").read_text())["config"]["pro_legends"] == 2


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--pro-legends", "1"], "--pro-legends 1 raises the Legends' Top Speed (L-17)"),
        (["--bots", "6"], "--bots must be 0 to 5, not 6"),
        (["--color", "pink"], "unknown colour 'pink'"),
        (["--bots", "2", "--level", "club,pro,rookie"], "3 levels for 2 bots"),
    ],
)
def test_check_season_args_refuses_what_season_new_refuses(options, message):
    """The one check of the options of `heat season new` (the app's season setup uses it too)."""
    args: argparse.Namespace = build_parser().parse_args(["season", "new", *options])
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        check_season_args(args)
    check_season_args(build_parser().parse_args(["season", "new", "--pro-legends", "1", "--legends", "2"]))


# ---------------------------------------------------------------------------------- the order of the checks


def test_a_broken_resume_file_is_named_before_a_save_mistake(tmp_path: Path, capsys, monkeypatch):
    """The app checked --save before it read the --resume file; the plain prompt reads the file
    first. Both name the broken file now, in the same words."""
    broken = tmp_path / "race.json"
    broken.write_text("{not json")
    monkeypatch.setattr(launch, "interactive", lambda: True)
    monkeypatch.setattr(heat.tui.app, "run_app", lambda app: pytest.fail("the app started"))
    no_questions(monkeypatch)
    argv = ["play", "--resume", str(broken), "--save", str(tmp_path)]  # --save names a folder
    app = run(capsys, *argv)
    plain = run(capsys, *argv, "--plain")
    assert app == plain
    status, out, err = app
    assert (status, out) == (2, "") and str(broken) in err and "cannot save" not in err
    assert broken.read_text() == "{not json"
