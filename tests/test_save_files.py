"""Save files given to ``heat play`` and ``heat season``: checked before the game starts (a
folder, a path under a file, an empty name, an existing file without ``--overwrite``), and a
file of another kind (a season to ``play --replay``, a race to ``season``, a race position to
either, a race to ``position apply``) named with the command that opens it. In the plain
prompt and in the app alike; nothing is written when it is refused."""

from __future__ import annotations

import errno
import io
import json
import os
import shutil
import stat
from pathlib import Path

import pytest

from heat import storage
from heat.cli.main import main
from heat.tui import launch

PLAY = ("play", "--plain", "--practice", "--bots", "1", "--seed", "3")
SEASON = ("season", "new", "--plain", "--bots", "1", "--seed", "3")
PLAY_APP = ("play", "--practice", "--bots", "1", "--seed", "3")
SEASON_APP = ("season", "new", "--bots", "1", "--seed", "3")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def no_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """Refused options must stop before anything is asked."""

    def refuse(prompt: str = "") -> str:
        raise AssertionError(f"asked {prompt!r}: the game started")

    monkeypatch.setattr("builtins.input", refuse)


@pytest.fixture
def app_started(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Run ``heat play`` / ``heat season new`` as in a terminal, recording the apps instead of
    running them."""
    started: list[object] = []
    monkeypatch.setattr(launch, "interactive", lambda: True)

    def run_app(app: object) -> int:
        started.append(app)
        return 0

    monkeypatch.setattr("heat.tui.app.run_app", run_app)
    return started


def _paths(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """Bad save paths and what the error says about each."""
    (tmp_path / "adir").mkdir()
    (tmp_path / "x.json").write_text("{}")
    return {
        "folder": (str(tmp_path / "adir"), f"cannot save to {tmp_path / 'adir'}: it is a folder"),
        "under a file": (
            str(tmp_path / "x.json" / "y.json"),
            f"cannot save to {tmp_path / 'x.json' / 'y.json'}: {tmp_path / 'x.json'} is a file, not a folder",
        ),
        "empty": ("", "--save needs a file name (an empty one would save nothing)"),
    }


@pytest.mark.parametrize("kind", ["folder", "under a file", "empty"])
@pytest.mark.parametrize("command", [PLAY, SEASON, PLAY_APP, SEASON_APP])
def test_a_save_path_that_cannot_take_a_file_is_refused_before_the_game_starts(
    tmp_path: Path, capsys, no_input, app_started, command, kind
):
    """Was IsADirectoryError / FileExistsError after the first decision (or before any input for
    a season), a Rich traceback in the app; ``--save ''`` silently saved nothing."""
    path, message = _paths(tmp_path)[kind]
    status, out, err = run(capsys, *command, "--save", path)
    assert (status, out, app_started) == (2, "", [])
    assert err == f"heat: {message}\n"
    assert (tmp_path / "x.json").read_text() == "{}"
    assert list((tmp_path / "adir").iterdir()) == []


@pytest.mark.parametrize(
    ("command", "resume"),
    [
        (PLAY, "heat play --resume"),
        (SEASON, "heat season resume"),
        (PLAY_APP, "heat play --resume"),
        (SEASON_APP, "heat season resume"),
    ],
)
def test_an_existing_save_file_is_kept_unless_overwrite_is_given(
    tmp_path: Path, capsys, monkeypatch, app_started, command, resume
):
    save = tmp_path / "keep.json"
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    plain = PLAY if "play" in command else SEASON
    assert run(capsys, *plain, "--seed", "8", "--save", str(save))[0] == 0  # a game of the same kind
    kept = save.read_bytes()
    status, out, err = run(capsys, *command, "--save", str(save))
    assert (status, out, app_started) == (2, "", [])
    assert err == (
        f"heat: {save} already exists: resume it with '{resume} {save}', or add --overwrite to replace it "
        "(or give another --save file)\n"
    )
    assert save.read_bytes() == kept
    status, _, err = run(capsys, *command, "--save", str(save), "--overwrite")
    assert (status, err) == (0, "")
    if command in (PLAY, SEASON):  # the plain prompt quit at once, saving the new game
        assert json.loads(save.read_text())["players"]["human"] == 0
    else:  # the app starts; from its setup screen, Start may replace the file without asking
        (app,) = app_started
        assert command == SEASON_APP or getattr(app, "overwrite", None) is True


def test_season_new_keeps_the_default_season_json(tmp_path: Path, capsys, monkeypatch):
    """The likely victim: 'heat season new' typed for 'heat season resume'."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    assert run(capsys, *SEASON)[0] == 0
    before = Path("season.json").read_bytes()
    status, _, err = run(capsys, *SEASON, "--seed", "4")
    assert status == 2
    assert "season.json already exists: resume it with 'heat season resume season.json'" in err
    assert Path("season.json").read_bytes() == before


def test_resuming_into_the_same_file_is_not_an_overwrite(tmp_path: Path, capsys, monkeypatch):
    save = tmp_path / "race.json"
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    assert run(capsys, *PLAY, "--save", str(save))[0] == 0
    status, out, err = run(capsys, "play", "--plain", "--resume", str(save), "--save", str(save))
    assert (status, err) == (0, "")
    assert "Resumed" in out
    other = tmp_path / "other.json"
    shutil.copyfile(save, other)
    status, _, err = run(capsys, "play", "--plain", "--resume", str(save), "--save", str(other))
    assert status == 2
    assert f"{other} already exists" in err
    assert other.read_bytes() == save.read_bytes()


def _season_and_race(tmp_path: Path, capsys, monkeypatch) -> tuple[Path, Path]:
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    season, race = tmp_path / "season.json", tmp_path / "race.json"
    assert run(capsys, *SEASON, "--save", str(season))[0] == 0
    assert run(capsys, *PLAY, "--save", str(race))[0] == 0
    return season, race


@pytest.mark.parametrize(
    "command",
    [("play", "--plain", "--replay"), ("replay",), ("play", "--replay")],  # play --resume opens it (resume checks)
)
def test_a_season_file_given_to_play_or_replay_says_how_to_resume_it(
    tmp_path: Path, capsys, monkeypatch, app_started, command
):
    """Was "format: expected 'heat-record', got 'heat-season'", with no file name."""
    season, _ = _season_and_race(tmp_path, capsys, monkeypatch)
    before = season.read_bytes()
    status, out, err = run(capsys, *command, str(season))
    assert (status, out, app_started) == (2, "", [])
    assert err == (
        f"heat: {season} is a championship season, not a race: resume it with 'heat season resume {season}' "
        f"(its scorepad: 'heat season status {season}')\n"
    )
    assert season.read_bytes() == before


@pytest.mark.parametrize("command", ["resume", "status"])
def test_a_race_file_given_to_season_says_how_to_resume_it(tmp_path: Path, capsys, monkeypatch, command):
    _, race = _season_and_race(tmp_path, capsys, monkeypatch)
    status, out, err = run(capsys, "season", command, str(race))
    assert (status, out) == (2, "")
    assert err == (
        f"heat: {race} is a single race, not a championship season: resume it with 'heat play --resume {race}'\n"
    )


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        (("play", "--plain", "--resume"), "a race or a championship season"),
        (("play", "--resume"), "a race or a championship season"),
        (("play", "--plain", "--replay"), "a race"),
        (("replay",), "a race"),
        (("season", "resume"), "a race or a championship season"),  # the app opens either
        (("season", "resume", "--plain"), "a championship season"),
        (("season", "status"), "a championship season"),
    ],
)
def test_a_position_file_given_where_a_saved_game_is_expected_says_how_to_use_it(
    tmp_path: Path, capsys, app_started, command, expected
):
    """Was "format: expected 'heat-record', got 'heat-position'": a position is not a saved
    game, and ``heat position apply`` is what takes it."""
    status, position_json, _ = run(capsys, "position", "new", "--track", "usa", "--seed", "3")
    assert status == 0
    position = tmp_path / "position.json"
    position.write_text(position_json)
    status, out, err = run(capsys, *command, str(position))
    assert (status, out, app_started) == (2, "", [])
    assert err == (
        f"heat: {position} is a race position, not {expected}: "
        f"apply decisions to it with 'heat position apply {position} DECISION...'\n"
    )
    assert position.read_text() == position_json


def test_a_saved_race_given_to_position_apply_says_how_to_resume_it(tmp_path: Path, capsys, monkeypatch):
    _, race = _season_and_race(tmp_path, capsys, monkeypatch)
    status, out, err = run(capsys, "position", "apply", str(race), "red: gear 1 play 1")
    assert (status, out) == (2, "")
    assert err == f"heat: {race} is a single race, not a race position: resume it with 'heat play --resume {race}'\n"


@pytest.mark.parametrize(
    ("kind", "advice"),
    [
        ("race", "a single race, not a race position: resume it with 'heat play --resume FILE'"),
        (
            "season",
            "a championship season, not a race position: resume it with 'heat season resume FILE' "
            "(its scorepad: 'heat season status FILE')",
        ),
    ],
)
def test_a_saved_game_piped_to_position_apply_says_what_it_is(tmp_path: Path, capsys, monkeypatch, kind, advice):
    """Was "format: expected 'heat-position', got 'heat-record'": standard input has no file
    name, so the advice names one to save it to."""
    season, race = _season_and_race(tmp_path, capsys, monkeypatch)
    text = (race if kind == "race" else season).read_text()
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    status, out, err = run(capsys, "position", "apply", "-", "red: gear 1 play 1")
    assert (status, out) == (2, "")
    assert err == f"heat: standard input is {advice}\n"


def test_a_position_piped_to_position_apply_is_applied(capsys, monkeypatch):
    status, position_json, _ = run(capsys, "position", "new", "--track", "usa", "--seed", "3")
    assert status == 0
    monkeypatch.setattr("sys.stdin", io.StringIO(position_json))
    status, out, err = run(capsys, "position", "apply", "-", "red: gear 1 play 1")
    assert (status, err) == (0, "")
    assert json.loads(out)["position"]["format"] == "heat-position"


# ---------------------------------------------------------------------- issue 28: files not ours

NOT_SAVES = {
    "accounts": b"root:x:0:0:root:/root:/bin/bash\n",
    "JSON": b'{"mine": true}',
    "empty": b"",
    "binary": bytes(range(256)),
}


@pytest.mark.parametrize("kind", list(NOT_SAVES))
@pytest.mark.parametrize("command", [PLAY, SEASON, PLAY_APP, SEASON_APP])
def test_overwrite_never_replaces_a_file_that_is_not_a_heat_save(
    tmp_path: Path, capsys, no_input, app_started, command, kind
):
    """Issue 28: 'heat play --save FILE --overwrite', as root with FILE the user-accounts file,
    replaced it with a race save. Only a race or a season is ever replaced, and the refusal
    suggests neither --overwrite nor --resume for what is not a save."""
    path = tmp_path / "passwd"
    path.write_bytes(NOT_SAVES[kind])
    for extra in ((), ("--overwrite",)):
        status, out, err = run(capsys, *command, "--save", str(path), *extra)
        assert (status, out, app_started) == (2, "", [])
        assert err == (
            f"heat: cannot save to {path}: it is not a Heat save (a saved race or season), and a save replaces "
            "no other file; give another --save file\n"
        )
        assert path.read_bytes() == NOT_SAVES[kind]
    assert [file.name for file in tmp_path.iterdir()] == ["passwd"]


def test_overwrite_does_not_replace_a_race_position_either(tmp_path: Path, capsys, no_input):
    status, position_json, _ = run(capsys, "position", "new", "--seed", "3")
    position = tmp_path / "position.json"
    position.write_text(position_json)
    status, _, err = run(capsys, *PLAY, "--save", str(position), "--overwrite")
    assert status == 2 and "--overwrite" not in err.replace("give another --save file", "")
    assert err == (
        f"heat: cannot save to {position}: it is a race position, not a saved race or season, and a save "
        "replaces no other file; give another --save file\n"
    )
    assert position.read_text() == position_json


@pytest.mark.parametrize("command", [PLAY, SEASON])
def test_a_loop_of_links_or_a_name_too_long_as_the_save_file_is_refused_in_words(
    tmp_path: Path, capsys, no_input, command
):
    """Issue 28: a loop of symbolic links as --save raised RuntimeError out of pathlib."""
    loop, other = tmp_path / "loop.json", tmp_path / "other.json"
    loop.symlink_to(other)
    other.symlink_to(loop)
    status, out, err = run(capsys, *command, "--save", str(loop))
    assert (status, out, err) == (2, "", f"heat: cannot save to {loop}: a loop of symbolic links\n")
    long_name = str(tmp_path / ("a" * 300))
    status, out, err = run(capsys, *command, "--save", long_name)
    assert (status, out, err) == (2, "", f"heat: cannot save to {long_name}: File name too long\n")


def _new_save(tmp_path: Path, capsys, monkeypatch, name: str = "race.json") -> Path:
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    path = tmp_path / name
    assert run(capsys, *PLAY, "--save", str(path))[0] == 0
    return path


def test_saving_keeps_the_permissions_of_the_file(tmp_path: Path, capsys, monkeypatch):
    """Issue 28: a save replaced the file with one of mode 0600 (the temporary file's)."""
    path = _new_save(tmp_path, capsys, monkeypatch)
    path.chmod(0o640)
    assert run(capsys, *PLAY, "--seed", "5", "--save", str(path), "--overwrite")[0] == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert json.loads(path.read_text())["config"]["seed"] == 5


def test_a_new_save_gets_the_permissions_the_umask_gives(tmp_path: Path, capsys, monkeypatch):
    old = os.umask(0o027)
    try:
        path = _new_save(tmp_path, capsys, monkeypatch)
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_save_made_read_only_is_refused_even_for_root(tmp_path: Path, capsys, monkeypatch):
    """Issue 28: root replaced a save the user had made read-only."""
    path = _new_save(tmp_path, capsys, monkeypatch)
    path.chmod(0o444)
    before = path.read_bytes()
    status, _, err = run(capsys, *PLAY, "--save", str(path), "--overwrite")
    assert (status, err) == (2, f"heat: cannot save to {path}: the file is read-only\n")
    with pytest.raises(PermissionError, match="the file is read-only"):
        storage.write_text(path, "{}")
    assert path.read_bytes() == before


def test_a_symbolic_link_to_a_save_is_written_through(tmp_path: Path, capsys, monkeypatch):
    """Issue 28: saving through a symbolic link replaced the link by a file."""
    target = _new_save(tmp_path, capsys, monkeypatch, "saves/race.json")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert run(capsys, *PLAY, "--seed", "6", "--save", str(link), "--overwrite")[0] == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert json.loads(target.read_text())["config"]["seed"] == 6
    assert sorted(file.name for file in target.parent.iterdir()) == ["race.json"]


def test_a_save_is_flushed_to_the_disk_before_it_replaces_the_old_one(tmp_path: Path, monkeypatch):
    """Issue 28: the temporary file was renamed without fsync: a crash could leave an empty
    save. The file is synced before the rename, the folder after it."""
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(handle: int) -> None:
        calls.append("folder" if stat.S_ISDIR(os.fstat(handle).st_mode) else "file")
        real_fsync(handle)

    def replace(source: str, target: object) -> None:
        calls.append("rename")
        real_replace(source, target)

    monkeypatch.setattr(storage.os, "fsync", fsync)
    monkeypatch.setattr(storage.os, "replace", replace)
    storage.write_text(tmp_path / "race.json", "{}")
    assert calls == ["file", "rename", "folder"]


def test_a_write_that_fails_leaves_the_old_file_and_no_temporary_file(tmp_path: Path, monkeypatch):
    path = tmp_path / "race.json"
    path.write_text('{"format": "heat-record"}')

    def full_disk(handle: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage.os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space left"):
        storage.write_text(path, "{}")
    assert path.read_text() == '{"format": "heat-record"}'
    assert [file.name for file in tmp_path.iterdir()] == ["race.json"]


def test_an_autosave_never_replaces_a_file_put_in_place_of_the_save(tmp_path: Path, capsys, monkeypatch):
    """The check is made at every save, not only when the file is chosen: a file that is not a
    save, put where the game saves, is left alone and the game goes on unsaved."""
    path = tmp_path / "race.json"
    lines = iter(["1", "1", "quit", "quit"])

    def answer(prompt: str = "") -> str:
        if path.exists() and path.read_text().startswith("{"):
            path.write_text("someone's notes\n")  # replaced behind the game's back
        return next(lines)

    monkeypatch.setattr("builtins.input", answer)
    status, out, _ = run(capsys, *PLAY, "--save", str(path))
    assert status == 0
    assert path.read_text() == "someone's notes\n"
    assert f"Could not save the game to {path}: it is not a Heat save (a saved race or season)" in out


def test_a_final_save_that_fails_is_reported_and_the_exit_status_says_so(tmp_path: Path, capsys, monkeypatch):
    """Issue 28: a full disk at the end of the race was mentioned at most once, mid-race, and
    'heat play' ended with status 0 as if the race were saved."""
    path = tmp_path / "race.json"

    def full_disk(target: object, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(target))

    monkeypatch.setattr("builtins.input", lambda prompt="": "1")
    monkeypatch.setattr(storage, "write_text", full_disk)
    status, out, _ = run(capsys, *PLAY, "--save", str(path))
    assert "Final standings:" in out
    assert out.rstrip().endswith(f"Could not save the finished race to {path}: No space left on device.")
    assert status == 1
    assert not path.exists()
