"""Saving and loading races as JSON files (the record: start, seed and decisions)."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from shlex import quote
from typing import Any

from heat.engine import ConfigError, PositionError, Race, replay, to_record
from heat.engine.championship import SEASON_FORMAT
from heat.engine.position import POSITION_FORMAT
from heat.engine.record import RECORD_FORMAT


def read_json(path: str | Path) -> Any:
    """Parse a JSON file; PositionError (a HeatError) names the file and the problem."""
    file = Path(path)
    try:
        return json.loads(file.read_text(encoding="utf-8"))
    except OSError as error:
        raise PositionError(f"{file}: cannot read: {error.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise PositionError(f"{file}: not valid JSON: {error}") from None


@contextmanager
def naming(path: str | Path) -> Iterator[None]:
    """Inside it, a PositionError names the file ``path`` it came from."""
    try:
        yield
    except PositionError as error:
        raise PositionError(f"{path}: {error}") from None


_OPENED_BY = {
    RECORD_FORMAT: ("a single race", "a race", "resume it with 'heat play --resume {path}'"),
    SEASON_FORMAT: (
        "a championship season",
        "a championship season",
        "resume it with 'heat season resume {path}' (its scorepad: 'heat season status {path}')",
    ),
    POSITION_FORMAT: (
        "a race position",
        "a race position",
        "apply decisions to it with 'heat position apply {path} DECISION...'",
    ),
}
"""Each kind of game file: what it is, what is expected when it is, and how to open it."""


def _read_game(path: str | Path, *expected: str) -> Any:
    """The JSON at ``path``; PositionError naming the file if it cannot be read or is another
    kind of game file than the ``expected`` ones (saying how to open that). A file of no known
    kind is left for the engine to judge."""
    data = read_json(path)
    check_game_kind(data, str(path), quote(str(path)), *expected)
    return data


def check_game_kind(data: Any, name: str, path: str, *expected: str) -> None:
    """PositionError if ``data`` is another kind of game file than the ``expected`` ones,
    naming it ``name`` and saying how to open it, with ``path`` in the command it gives. Data of
    no known kind passes: the engine judges it."""
    found = data.get("format") if isinstance(data, Mapping) else None
    if found not in expected and found in _OPENED_BY:
        what, _, advice = _OPENED_BY[found]
        wanted = " or ".join(_OPENED_BY[kind][1] for kind in expected)
        raise PositionError(f"{name} is {what}, not {wanted}: {advice.format(path=path)}")


def read_race_record(path: str | Path) -> Any:
    """The JSON of the race record at ``path``; PositionError naming the file if it cannot be
    read or is another kind of game file (saying how to open that). The record itself is not
    checked here: the engine does that when it replays it."""
    return _read_game(path, RECORD_FORMAT)


def read_season_record(path: str | Path) -> Any:
    """The JSON of the season record at ``path``; PositionError naming the file if it cannot be
    read or is another kind of game file (saying how to open that)."""
    return _read_game(path, SEASON_FORMAT)


def read_saved_game(path: str | Path) -> Any:
    """The JSON of the saved race or season at ``path`` (what ``heat play --resume`` opens);
    PositionError naming the file if it cannot be read or is a race position (saying how to
    use that)."""
    return _read_game(path, RECORD_FORMAT, SEASON_FORMAT)


def read_position(path: str | Path) -> Any:
    """The JSON of the race position at ``path``; PositionError naming the file if it cannot be
    read or is a saved race or season (saying how to resume that)."""
    return _read_game(path, POSITION_FORMAT)


NUL = "\0"
NUL_IN_NAME = "the file name contains a NUL character"


def save_problem(path: str | Path) -> str | None:
    """Why a save file cannot be written at ``path``, in words, found without writing anything;
    None if nothing is visibly wrong (the write may still fail: a full disk...)."""
    if not str(path).strip():
        return "the file name is empty"
    if NUL in str(path):
        return NUL_IN_NAME
    file = Path(path)
    if file.is_dir():
        return "it is a folder"
    for folder in file.parents:  # the nearest one that exists must be a folder we may write in
        if folder.is_dir():
            if not os.access(folder, os.W_OK | os.X_OK):
                return f"no permission to write in the folder {folder}"
            return None
        if folder.exists():
            return f"{folder} is a file, not a folder"
    return None


def save_error_text(path: str | Path, error: OSError) -> str:
    """Why writing the save file ``path`` failed with ``error``, in words."""
    return save_problem(path) or error.strerror or str(error)


def check_new_save(path: str | None, *, overwrite: bool, resume: str) -> None:
    """ConfigError unless a new game may be saved to ``path`` (None: the game is not saved): a
    file name, not a folder, in a folder that can be written, and no file there already unless
    ``overwrite``. ``resume`` is the command that resumes such a file (for the message)."""
    if path is None:
        return
    if not path.strip():
        raise ConfigError("--save needs a file name (an empty one would save nothing)")
    problem = save_problem(path)
    if problem:
        raise ConfigError(f"cannot save to {path}: {problem}")
    if Path(path).exists() and not overwrite:
        raise ConfigError(
            f"{path} already exists: resume it with '{resume} {quote(path)}', or add --overwrite to replace it "
            "(or give another --save file)"
        )


def write_text(path: str | Path, text: str | Iterable[str]) -> None:
    """Write ``text`` (or its pieces, in order) atomically: a crash or a full disk mid-write
    never leaves a half-written file (a file already there stays as it was). OSError if it
    cannot be written, a file name with a NUL character included (no system takes one; Python
    raises ValueError)."""
    if NUL in str(path):
        raise OSError(errno.EINVAL, NUL_IN_NAME, str(path))
    file = Path(path)
    file.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=file.parent, prefix=f".{file.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.writelines([text] if isinstance(text, str) else text)
        os.replace(temp, file)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def write_json(path: str | Path, data: Any) -> None:
    """Write ``data`` as indented JSON, atomically (``write_text``)."""
    write_text(path, json.dumps(data, indent=1) + "\n")


def save_race(race: Race, path: str | Path) -> None:
    """Save ``race`` as its record."""
    write_json(path, to_record(race))


def load_race(path: str | Path) -> Race:
    """Load a saved race by replaying its record (PositionError naming the file)."""
    data = read_race_record(path)
    with naming(path):
        return replay(data)
