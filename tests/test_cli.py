"""The ``heat`` command: race, play, position, replay, tracks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from heat.cli import parser as cli_parser
from heat.cli import race_cmd
from heat.cli.main import main
from heat.cli.parser import build_parser
from heat.cli.render import market_lines
from heat.engine import replay


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_race_prints_a_log_and_the_standings(capsys):
    status, out, _ = run(capsys, "race", "--seed", "4", "--cars", "3", "--practice")
    assert status == 0
    assert "--- Round 1 ---" in out
    assert "Final standings:" in out
    assert out.count("enters the Hall of Fame") == 3


def test_race_with_the_same_seed_is_repeatable(capsys):
    first = run(capsys, "race", "--seed", "9", "--track", "france", "--laps", "1")[1]
    second = run(capsys, "race", "--seed", "9", "--track", "france", "--laps", "1")[1]
    assert first == second


def test_race_json_prints_a_replayable_record(capsys):
    status, out, _ = run(capsys, "race", "--seed", "2", "--cars", "2", "--json", "--practice")
    assert status == 0
    record = json.loads(out)
    assert replay(record).is_over


@pytest.mark.parametrize("cars", ["-2", "7", "100"])
def test_B_0_6_a_position_of_too_many_or_negative_cars_is_refused(capsys, cars):
    """B-0.6: at most 6 cars; a negative count once printed a position of 4 cars, 100 one of 6."""
    status, out, err = run(capsys, "position", "new", "--cars", cars)
    assert (status, out) == (2, "")
    assert f"--cars must be 0 to 6, not {cars}" in err


@pytest.mark.parametrize("command", [["race"], ["position", "new"]])
def test_L_17_pro_legends_without_a_legend_are_refused(capsys, command):
    """L-17 raises the Legends' Top Speed: with no Legend in the race the option did nothing."""
    status, out, err = run(capsys, *command, "--pro-legends", "2")
    assert (status, out) == (2, "")
    assert "--pro-legends 2 raises the Legends' Top Speed (L-17): add Legends with --legends" in err
    assert run(capsys, *command, "--pro-legends", "2", "--legends", "1", "--practice")[0] == 0


@pytest.mark.parametrize("command", [["race"], ["position", "new"], ["play", "--plain"]])
def test_G_18_quick_upgrades_without_the_garage_are_refused(capsys, command):
    """--quick-upgrades without --garage dealt nothing and said nothing."""
    status, out, err = run(capsys, *command, "--quick-upgrades", "--practice")
    assert (status, out) == (2, "")
    assert err == "heat: --quick-upgrades deals Upgrade cards (G-18): choose their deck with --garage\n"
    assert run(capsys, "race", "--quick-upgrades", "--garage", "regular", "--practice", "--quiet")[0] == 0


def test_bad_options_give_a_message_not_a_traceback(capsys):
    status, _, err = run(capsys, "race", "--cars", "9")
    assert status == 2
    assert "--cars must be 0 to 6, not 9" in err
    status, _, err = run(capsys, "race", "--track", "monaco")
    assert status == 2
    assert "unknown track 'monaco'" in err


def test_race_seats_one_level_per_bot_and_names_the_cars_after_them(capsys):
    levels = "champion,rookie,random"
    status, out, _ = run(capsys, "race", "--seed", "3", "--cars", "3", "--practice", "--level", levels)
    assert status == 0
    for name in ("Champion Red", "Rookie Blue", "Random Green"):
        assert f"{name} (" in out.split("Final standings:")[1]
    status, _, err = run(capsys, "race", "--cars", "3", "--level", "champion,rookie")
    assert status == 2
    assert "2 levels for 3 bots" in err
    status, _, err = run(capsys, "race", "--level", "grandmaster")
    assert status == 2
    assert "unknown bot level 'grandmaster'" in err


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("oops", "players: expected an object"),
        ({"human": "x"}, "players.human: expected a seat number, got the string 'x'"),
        ({"human": 7}, "players.human: expected a seat number, got the number 7"),
        ({"human": 0, "level": 5}, "players.level: unknown bot level '5'"),
        ({"human": 0, "level": "club,pro"}, "players.level: 2 levels for 1 bots"),
        ({"human": 0, "bot_seed": "s"}, "players.bot_seed: expected an integer"),
        ({"seats": [{"kind": "human"}, {"kind": "human"}]}, "2 players at the keyboard"),
    ],
)
def test_a_bad_players_entry_in_a_save_is_named_when_resuming_at_the_prompt(
    tmp_path: Path, capsys, monkeypatch, players, message
):
    status, out, _ = run(capsys, "race", "--seed", "1", "--cars", "2", "--practice", "--json")
    path = tmp_path / "race.json"
    path.write_text(json.dumps({**json.loads(out), "players": players}))
    before = path.read_bytes()
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    status, _, err = run(capsys, "play", "--plain", "--resume", str(path))
    assert status == 2
    assert f"{path}: " in err and message in err
    assert "Traceback" not in err
    assert path.read_bytes() == before  # the save is left as it was


def test_a_race_of_mixed_levels_resumes_at_the_prompt_with_the_same_bots(tmp_path: Path, capsys, monkeypatch):
    path = tmp_path / "race.json"
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    options = ("--bots", "2", "--level", "rookie,pro", "--seed", "5", "--practice", "--save", str(path))
    status, _, _ = run(capsys, "play", "--plain", *options)
    assert status == 0
    saved = json.loads(path.read_text())
    assert saved["players"]["level"] == "rookie,pro"
    status, out, err = run(capsys, "play", "--plain", "--resume", str(path))
    assert (status, err) == (0, "")
    assert "Resumed" in out
    resumed = json.loads(path.read_text())["players"]
    assert resumed["level"] == "rookie,pro"
    assert resumed["seats"] == [{"kind": "human"}, {"kind": "bot", "level": "rookie"}, {"kind": "bot", "level": "pro"}]


def test_position_new_then_apply(tmp_path: Path, capsys):
    status, out, _ = run(capsys, "position", "new", "--cars", "2", "--seed", "1")
    start = json.loads(out)
    file = tmp_path / "start.json"
    file.write_text(out)
    red = start["cars"][0]["hand"]
    blue = start["cars"][1]["hand"]
    playable_red = next(c for c in red if c != "heat")
    playable_blue = next(c for c in blue if c != "heat")
    status, out, _ = run(
        capsys, "position", "apply", str(file), f"red: gear 1 play {playable_red}", f"blue: gear 1 play {playable_blue}"
    )
    assert status == 0
    result = json.loads(out)
    assert result["position"]["phase"] == "turn"
    assert any(event["type"] == "CardsRevealed" for event in result["events"])


def test_position_apply_rejects_an_illegal_decision_naming_it(tmp_path: Path, capsys):
    out = run(capsys, "position", "new", "--cars", "2", "--seed", "1")[1]
    file = tmp_path / "start.json"
    file.write_text(out)
    status, out, err = run(capsys, "position", "apply", str(file), "red: gear 4 play 1 1 1 1 1")
    assert status == 2
    assert "decision 1" in err
    assert out == ""


def test_position_apply_view_hides_other_hands(tmp_path: Path, capsys):
    out = run(capsys, "position", "new", "--cars", "3", "--seed", "1")[1]
    file = tmp_path / "start.json"
    file.write_text(out)
    view = json.loads(run(capsys, "position", "apply", str(file), "--view", "blue")[1])["view"]
    assert view["cars"][1]["hand"] is not None
    assert view["cars"][0]["hand"] is None
    assert view["cars"][2]["hand"] is None
    assert "rng" not in json.dumps(view)


def test_replay_prints_the_log(tmp_path: Path, capsys):
    out = run(capsys, "race", "--seed", "2", "--cars", "2", "--json", "--practice")[1]
    file = tmp_path / "record.json"
    file.write_text(out)
    status, out, _ = run(capsys, "replay", str(file))
    assert status == 0
    assert "Final standings:" in out


def test_tracks_lists_the_four_base_tracks(capsys):
    out = run(capsys, "tracks")[1]
    for name in ("USA", "Italia", "France", "Great Britain"):
        assert name in out


def test_an_output_that_cannot_be_written_is_a_message_not_a_traceback(capsys, monkeypatch):
    """A full disk under the output (``heat tracks > /dev/full``) raised OSError through main."""

    def full_disk(args: object) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(race_cmd, "list_tracks", full_disk)  # the parser imports it when `tracks` runs
    status, out, err = run(capsys, "tracks")
    assert (status, out) == (1, "")
    assert err == "heat: could not read or write: No space left on device\n"


def test_play_opens_one_file_at_a_time(capsys):
    """--resume and --replay together: one was silently ignored."""
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args(["play", "--replay", "a.json", "--resume", "b.json"])
    assert stop.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["play"], ["season", "new"]])
def test_a_blank_name_is_the_default_one_and_a_colour_any_case(command):
    args = build_parser().parse_args([*command, "--name", "  ", "--color", " RED "])
    assert (args.name, args.color) == ("Player", "red")
    args = build_parser().parse_args([*command, "--name", " Ada ", "--color", "Blue"])
    assert (args.name, args.color) == ("Ada", "blue")


@pytest.mark.parametrize(
    ("opened", "options", "named"),
    [
        ("--resume", ("--track", "italia"), "--track"),
        ("--resume", ("--bots", "1", "--level", "pro"), "--level, --bots"),
        ("--resume", ("--quick-upgrades", "--seed", "3"), "--seed, --quick-upgrades"),
        ("--replay", ("--save", "copy.json"), "--save"),
        ("--replay", ("--practice",), "--practice"),
    ],
)
def test_a_file_opened_with_setup_options_is_refused_naming_them(
    tmp_path: Path, capsys, monkeypatch, opened, options, named
):
    """`heat play --resume F --track italia` used to resume F on its own track, silently."""
    status, out, _ = run(capsys, "race", "--seed", "1", "--cars", "2", "--practice", "--json")
    path = tmp_path / "race.json"
    path.write_text(out)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    status, out, err = run(capsys, "play", "--plain", opened, str(path), *options)
    assert (status, out) == (2, "")
    assert err == (
        f"heat: {opened} {'continues the race saved in' if opened == '--resume' else 'shows the race recorded in'} "
        f"{path} as it was set up: leave out {named} (they set up a new race)\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["race.json"]  # nothing saved


def test_a_file_opened_with_its_own_options_only_is_not_refused():
    """--plain, and --save for a resumed race, are not setup options."""
    args = cli_parser.parse(["play", "--resume", "r.json", "--save", "s.json", "--overwrite", "--plain"])
    assert (args.resume, args.save, args.overwrite) == ("r.json", "s.json", True)
    assert cli_parser.parse(["play", "--replay", "r.json", "--plain"]).replay == "r.json"


def test_ctrl_c_while_heat_starts_is_one_line(capsys, monkeypatch):
    """A Ctrl-C while the engine and the bots are still being imported showed Python's traceback."""

    def interrupted() -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_parser, "build_parser", interrupted)
    assert main(["tracks"]) == 130
    assert capsys.readouterr().err == "\nheat: interrupted\n"


def test_the_entry_point_imports_nothing_heavy_before_main_runs():
    """`heat` catches Ctrl-C only once `main` runs: the module itself must load in an instant."""
    code = "import sys, heat.cli.main; print(sorted(m for m in sys.modules if m.startswith(('heat.', 'numpy'))))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    # heat.engine_build: the hook choosing the engine's build, which `heat` installs (standard library)
    assert loaded.strip() == "['heat.cli', 'heat.cli.main', 'heat.engine_build']"


def test_position_apply_without_a_file_names_only_the_file(capsys):
    """argparse named the decisions, which may be left out, as required too."""
    with pytest.raises(SystemExit):
        build_parser().parse_args(["position", "apply"])
    assert capsys.readouterr().err.endswith("error: the following arguments are required: file\n")


def test_G_12_the_market_shows_every_copy_of_a_card():
    """A market of 6 cards with two copies of one was listed as 5 cards."""
    lines = market_lines(["wings-4", "turbo-8", "wings-4"])
    assert len(lines) == 2
    assert lines[0].startswith("  turbo-8: ")
    assert lines[1].startswith("  2 x wings-4: ")


def test_a_track_is_named_in_any_case():
    """`--track USA` was an unknown track, while `--color RED` and `--level Champion` were read."""
    assert build_parser().parse_args(["race", "--track", "Great-Britain"]).track == "great-britain"
    assert build_parser().parse_args(["arena", "--tracks", "USA,Italia"]).tracks == "usa,italia"
    assert build_parser().parse_args(["play", "--track", " USA "]).track == "usa"


@pytest.mark.parametrize(
    ("command", "option"),
    [
        (("race",), "--seed"),
        (("race",), "--cars"),
        (("play", "--plain"), "--bots"),
        (("position", "new"), "--laps"),
        (("season", "new", "--plain"), "--seed"),
        (("arena",), "--seed"),
        (("arena",), "--races"),
        (("arena",), "--workers"),
        (("arena",), "--laps"),
        (("stats", "x.json"), "--race"),
    ],
)
@pytest.mark.parametrize("value", ["\u0663", "²", "1" * 5000, "1.5", "true"])
def test_number_options_take_ascii_digits_only(capsys, command, option, value):
    """Issue 28: int() reads Arabic-Indic digits ('٣' ran as seed 3) and raises a plain
    ValueError past 4,300 digits; every number option of every command takes ASCII digits."""
    with pytest.raises(SystemExit) as stop:
        main([*command, option, value])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {option}: expected a whole number of at most 20 digits (0-9)" in err
    assert "Traceback" not in err and len(err) < 1000
