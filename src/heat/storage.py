"""Saving and loading races as JSON files (the record: start, seed and decisions)."""

from __future__ import annotations

import errno
import json
import math
import os
import stat
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from shlex import quote
from typing import IO, TYPE_CHECKING, Any

from heat.engine import ConfigError, PositionError, Race, replay, to_record
from heat.engine.errors import Phrase
from heat.engine.position import POSITION_FORMAT
from heat.engine.record import RECORD_FORMAT, SEASON_FORMAT
from heat.i18n import N_, _

if TYPE_CHECKING:
    from pathlib import Path

NUL = "\0"
NUL_IN_NAME = N_("the file name contains a NUL character")


MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest file a loader reads: a season of three championships saves under 1 MB, so a
larger file is not a Heat file (and a device that never ends is not read for ever)."""
MAX_NESTING = 32
"""How deep lists and objects may nest in a Heat file: its own files nest 6 deep."""
MAX_NUMBER_DIGITS = 100
"""The most digits a number in a Heat file may have: its seeds and random states have 20."""


class _Refused(ValueError):
    """A JSON value a Heat file never holds (raised from the parser's hooks)."""


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_NUMBER_DIGITS:
        raise _Refused(
            _("a number of {digits} digits (a Heat file has none over {most})", digits=digits, most=MAX_NUMBER_DIGITS)
        )
    return int(text)


def _fraction(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(_("the number {number} is too large", number=text[:20]))
    return value


def _constant(text: str) -> Any:
    raise _Refused(_("{text} is not a number a Heat file holds (JSON has no {text})", text=text))


def _nesting(data: Any) -> int:
    """How deep lists and objects nest in ``data`` (0 for a plain value), without recursion."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        inner = value.values() if isinstance(value, dict) else value if isinstance(value, list) else None
        if inner is None:
            continue
        deepest = max(deepest, depth)
        if depth <= MAX_NESTING:  # deeper is refused anyway: no need to walk on
            stack.extend((item, depth + 1) for item in inner)
    return deepest


def parse_json(text: str, name: str) -> Any:
    """Parse ``text``, the content of ``name`` (a file, standard input), as a Heat file does:
    strict JSON, no NaN or Infinity, no number longer than ``MAX_NUMBER_DIGITS`` digits, no
    nesting deeper than ``MAX_NESTING``. PositionError (a HeatError) names ``name`` and the
    problem; never another exception (Python's own JSON reader raises ValueError on a number
    of 4,300 digits and RecursionError on deep nesting)."""
    try:
        data = json.loads(text, parse_int=_integer, parse_float=_fraction, parse_constant=_constant)
    except _Refused as error:
        raise PositionError("{name}: not a Heat file: {error}", name=name, error=error) from None
    except RecursionError:
        raise PositionError(
            "{name}: not a Heat file: lists or objects nested over {most} deep", name=name, most=MAX_NESTING
        ) from None
    except json.JSONDecodeError as error:
        raise PositionError("{name}: not valid JSON: {error}", name=name, error=error) from None
    if _nesting(data) > MAX_NESTING:
        raise PositionError(
            "{name}: not a Heat file: lists or objects nested over {most} deep", name=name, most=MAX_NESTING
        )
    return data


def _decoded(content: bytes, name: str) -> str:
    if len(content) > MAX_FILE_BYTES:
        raise PositionError(
            "{name}: not a Heat file: larger than {most} MB", name=name, most=MAX_FILE_BYTES // (1024 * 1024)
        )
    try:
        return content.decode("utf-8")
    except UnicodeDecodeError as error:
        raise PositionError(
            "{name}: not valid JSON: not UTF-8 text ({reason} at byte {byte})",
            name=name,
            reason=error.reason,
            byte=error.start,
        ) from None


def os_reason(error: OSError) -> str:
    """Why an operating-system call failed, in words (a loop of symbolic links named as one; the
    system's own words otherwise, which Heat does not translate)."""
    if error.errno == errno.ELOOP:
        return _("a loop of symbolic links")
    return error.strerror or str(error)


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
"""Opening never blocks (a named pipe with no writer) nor takes a terminal as the controlling one."""


def read_bytes(path: str | Path) -> bytes:
    """The content of the regular file at ``path``, at most ``MAX_FILE_BYTES`` of it read.
    PositionError naming the file if it cannot be read, is a folder, a device, a pipe or a
    socket (they never end, or wait for ever), or is larger than that."""
    name = str(path)
    if NUL in name:
        raise PositionError("{name}: cannot read: {reason}", name=name, reason=Phrase(NUL_IN_NAME))
    try:
        handle = os.open(path, _READ_FLAGS)
    except OSError as error:
        raise PositionError("{name}: cannot read: {reason}", name=name, reason=os_reason(error)) from None
    try:
        info = os.fstat(handle)
        if stat.S_ISDIR(info.st_mode):
            raise PositionError("{name}: cannot read: it is a folder", name=name)
        if not stat.S_ISREG(info.st_mode):
            raise PositionError(
                "{name}: cannot read: it is not a regular file (a device, a pipe or a socket)", name=name
            )
        if info.st_size > MAX_FILE_BYTES:
            raise PositionError(
                "{name}: not a Heat file: larger than {most} MB", name=name, most=MAX_FILE_BYTES // (1024 * 1024)
            )
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_FILE_BYTES:  # a file that grows as it is read stops here too
            chunk = os.read(handle, min(1 << 20, MAX_FILE_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError as error:
        raise PositionError("{name}: cannot read: {reason}", name=name, reason=os_reason(error)) from None
    finally:
        os.close(handle)


def read_json(path: str | Path) -> Any:
    """Parse a JSON file (``read_bytes``, ``parse_json``); PositionError (a HeatError) names the
    file and the problem."""
    return parse_json(_decoded(read_bytes(path), str(path)), str(path))


def read_json_stream(stream: IO[Any], name: str) -> Any:
    """Parse JSON read from ``stream`` (standard input), at most ``MAX_FILE_BYTES`` of it read,
    as ``parse_json`` does; PositionError names ``name``."""
    binary = getattr(stream, "buffer", None)
    if binary is not None:
        return parse_json(_decoded(binary.read(MAX_FILE_BYTES + 1), name), name)
    text = stream.read(MAX_FILE_BYTES + 1)
    if len(text) > MAX_FILE_BYTES:
        raise PositionError(
            "{name}: not a Heat file: larger than {most} MB", name=name, most=MAX_FILE_BYTES // (1024 * 1024)
        )
    return parse_json(text, name)


@contextmanager
def naming(path: str | Path) -> Iterator[None]:
    """Inside it, a PositionError names the file ``path`` it came from."""
    try:
        yield
    except PositionError as error:
        raise PositionError("{file}: {error}", file=str(path), error=error) from None


_OPENED_BY = {
    RECORD_FORMAT: (N_("a single race"), N_("a race"), N_("resume it with 'heat play --resume {path}'")),
    SEASON_FORMAT: (
        N_("a championship season"),
        N_("a championship season"),
        N_("resume it with 'heat season resume {path}' (its scorepad: 'heat season status {path}')"),
    ),
    POSITION_FORMAT: (
        N_("a race position"),
        N_("a race position"),
        N_("apply decisions to it with 'heat position apply {path} DECISION...'"),
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
        what, _wanted, advice = _OPENED_BY[found]
        wanted = Phrase(_OPENED_BY[expected[0]][1])
        for kind in expected[1:]:
            wanted = Phrase("{first} or {second}", first=wanted, second=Phrase(_OPENED_BY[kind][1]))
        raise PositionError(
            "{file} is {what}, not {wanted}: {advice}",
            file=name,
            what=Phrase(what),
            wanted=wanted,
            advice=Phrase(advice, path=path),
        )


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


SAVE_FORMATS = (RECORD_FORMAT, SEASON_FORMAT)
"""The files a game is saved in, and the only files a save ever replaces: a race or a season."""


def real_path(path: str | Path) -> str:
    """``path`` with its symbolic links followed, as far as they lead (a loop or a missing
    target stops there): two names of one file give the same. Never raises."""
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):  # a NUL in the name
        return os.path.abspath(str(path).replace(NUL, "?"))


def _existing(path: str | Path) -> os.stat_result | None:
    """The status of the file ``path`` names, its links followed; None if there is none.
    OSError if it cannot be told (a loop of symbolic links, a name too long...)."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        return None  # a path under a file: save_problem names that
    except ValueError:
        raise OSError(errno.EINVAL, NUL_IN_NAME, str(path)) from None


def _read_only(path: str | Path, info: os.stat_result) -> bool:
    """Was the file made read-only? Root may write any file, so the mode is asked too: a file
    with no write permission for its owner (when that is us) or for anyone is read-only."""
    if not info.st_mode & 0o222:
        return True
    if info.st_uid == os.geteuid() and not info.st_mode & stat.S_IWUSR:
        return True
    return not os.access(path, os.W_OK)


def save_problem(path: str | Path) -> str | None:
    """Why a file cannot be written at ``path``, in words, found without writing anything; None
    if nothing is visibly wrong (the write may still fail: a full disk...). An existing file is
    judged by what a symbolic link leads to: a folder, a device or a pipe, or a read-only file
    is refused; so is a loop of symbolic links."""
    if not str(path).strip():
        return _("the file name is empty")
    if NUL in str(path):
        return _(NUL_IN_NAME)
    try:
        info = _existing(path)
    except OSError as error:
        return os_reason(error)
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            return _("it is a folder")
        if not stat.S_ISREG(info.st_mode):
            return _("it is not a regular file (a device, a pipe or a socket)")
        if _read_only(path, info):
            return _("the file is read-only")
    from pathlib import Path  # here: a start that saves nothing need not load it (issue 28)

    file = Path(real_path(path)) if info is not None else Path(path)
    for folder in file.parents:  # the nearest one that exists must be a folder we may write in
        try:
            if folder.is_dir():
                if not os.access(folder, os.W_OK | os.X_OK):
                    return _("no permission to write in the folder {folder}", folder=folder)
                return None
            if folder.exists():
                return _("{folder} is a file, not a folder", folder=folder)
        except OSError as error:
            return os_reason(error)
    return None


def save_error_text(path: str | Path, error: OSError) -> str:
    """Why writing the save file ``path`` failed with ``error``, in words."""
    return save_problem(path) or os_reason(error)


def existing_kind(path: str | Path) -> str | None:
    """What is at ``path``: None if nothing (or nothing that can be found: a loop of symbolic
    links, a name too long); the ``format`` of a Heat file (``heat-record``,
    ``heat-season``, ``heat-position``); "" for anything else (another file, a folder, a
    device, a file that cannot be read). Reads at most ``MAX_FILE_BYTES``, never blocks."""
    try:
        if _existing(path) is None:
            return None
    except OSError:  # a loop of links, a name too long: nothing can be read or written there
        return None
    try:
        data = read_json(path)
    except PositionError:
        return ""
    found = data.get("format") if isinstance(data, Mapping) else None
    return found if isinstance(found, str) and found in _OPENED_BY else ""


def replace_problem(path: str | Path) -> str | None:
    """Why a save may not replace what is at ``path``, in words; None if nothing is there or it
    is a Heat save (a race or a season). Anything else is never replaced, whatever the options:
    a save is not where another file goes."""
    kind = existing_kind(path)
    if kind is None or kind in SAVE_FORMATS:
        return None
    if kind:
        return _(
            "it is {what}, not a saved race or season, and a save replaces no other file", what=_(_OPENED_BY[kind][0])
        )
    return _("it is not a Heat save (a saved race or season), and a save replaces no other file")


RESUMED_BY = {RECORD_FORMAT: "heat play --resume", SEASON_FORMAT: "heat season resume"}
"""The command that resumes each kind of save."""


def check_new_save(path: str | None, *, overwrite: bool) -> None:
    """ConfigError unless a new game may be saved to ``path`` (None: the game is not saved): a
    file name, not a folder, in a folder that can be written, and no file there already unless
    it is a Heat save and ``overwrite``. A file that is not a Heat save is refused whatever the
    options, and the message suggests neither ``--overwrite`` nor resuming it."""
    if path is None:
        return
    if not path.strip():
        raise ConfigError("--save needs a file name (an empty one would save nothing)")
    problem = save_problem(path)
    if problem:
        raise ConfigError("cannot save to {file}: {problem}", file=path, problem=problem)
    refused = replace_problem(path)
    if refused:
        raise ConfigError("cannot save to {file}: {problem}; give another --save file", file=path, problem=refused)
    kind = existing_kind(path)
    if kind is not None and not overwrite:
        raise ConfigError(
            "{file} already exists: resume it with '{command}', or add --overwrite to replace it "
            "(or give another --save file)",
            file=path,
            command=f"{RESUMED_BY[kind]} {quote(path)}",
        )


def _default_mode() -> int:
    """The permissions of a new file: read and write as the umask allows (as any program's)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry of a renamed file to the disk (a crash then keeps the new
    file). Best effort: some file systems cannot sync a folder, and the file is written."""
    with suppress(OSError):
        handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def write_text(path: str | Path, text: str | Iterable[str]) -> None:
    """Write ``text`` (or its pieces, in order) atomically: a crash or a full disk mid-write
    never leaves a half-written file (a file already there stays as it was) nor the hidden
    temporary file. The text is
    flushed to the disk (the file, then its folder) before it replaces the old file. A symbolic
    link is written through: its target is replaced, the link stays. An existing file keeps its
    permissions (and, written by root, its owner); a new one gets the usual ones. OSError if it
    cannot be written: a read-only file, a folder, a device or a pipe, a loop of links, a file
    name with a NUL character (no system takes one; Python raises ValueError)."""
    if NUL in str(path):
        raise OSError(errno.EINVAL, NUL_IN_NAME, str(path))
    info = _existing(path)
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, "it is a folder", str(path))
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "it is not a regular file (a device, a pipe or a socket)", str(path))
        if _read_only(path, info):
            raise PermissionError(errno.EACCES, "the file is read-only", str(path))
    import tempfile
    from pathlib import Path

    file = Path(real_path(path))  # through a link: its target is the file written
    file.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=file.parent, prefix=f".{file.name[:100]}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            for piece in [text] if isinstance(text, str) else text:
                out.write(piece.encode("utf-8"))
            out.flush()
            os.fchmod(out.fileno(), stat.S_IMODE(info.st_mode) if info is not None else _default_mode())
            if info is not None and (info.st_uid, info.st_gid) != (os.geteuid(), os.getegid()):
                with suppress(OSError):  # only root may give a file away: others keep theirs
                    os.fchown(out.fileno(), info.st_uid, info.st_gid)
            os.fsync(out.fileno())
        os.replace(temp, file)
    except BaseException:
        with suppress(OSError):
            os.unlink(temp)
        raise
    _sync_folder(file.parent)


def write_json(path: str | Path, data: Any) -> None:
    """Write ``data`` as indented JSON, atomically (``write_text``)."""
    write_text(path, json.dumps(data, indent=1) + "\n")


_SAVED: dict[str, tuple[int, int, int, int]] = {}
"""The files this process saved, by real path: their device, inode, size and modification
time just after. A file that still matches is the save written last, not to be read again."""


def _identity(info: os.stat_result) -> tuple[int, int, int, int]:
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


def write_save(path: str | Path, data: Any) -> None:
    """Save a game's record ``data`` to ``path`` (``write_json``), unless a file is there that is
    not a Heat save: OSError saying so, and that file is left as it was. Checked at every save,
    not only when the file is chosen: a file put there since is not ours either. The file this
    process saved there last, unchanged since, is not read again (a save after every decision
    would parse its whole game each time)."""
    real = real_path(path)
    try:
        info = _existing(path)
    except OSError:
        info = None  # the write says why
    if info is None or _SAVED.get(real) != _identity(info):
        refused = replace_problem(path)
        if refused is not None:
            raise FileExistsError(errno.EEXIST, refused, str(path))
    write_json(path, data)
    with suppress(OSError):
        _SAVED[real] = _identity(os.stat(real))


def save_race(race: Race, path: str | Path) -> None:
    """Save ``race`` as its record (``write_save``: only a Heat save is replaced)."""
    write_save(path, to_record(race))


def load_race(path: str | Path) -> Race:
    """Load a saved race by replaying its record (PositionError naming the file)."""
    data = read_race_record(path)
    with naming(path):
        return replay(data)
