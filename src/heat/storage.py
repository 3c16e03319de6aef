"""Saving and loading races as JSON files (the record: start, seed and decisions)."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from heat.engine import PositionError, Race, replay, to_record


def read_json(path: str | Path) -> Any:
    """Parse a JSON file; PositionError (a HeatError) names the file and the problem."""
    file = Path(path)
    try:
        return json.loads(file.read_text(encoding="utf-8"))
    except OSError as error:
        raise PositionError(f"{file}: cannot read: {error.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise PositionError(f"{file}: not valid JSON: {error}") from None


def write_json(path: str | Path, data: Any) -> None:
    """Write ``data`` atomically: a crash mid-write never leaves a half-written file."""
    file = Path(path)
    file.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=file.parent, prefix=f".{file.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1)
            out.write("\n")
        os.replace(temp, file)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def save_race(race: Race, path: str | Path) -> None:
    """Save ``race`` as its record."""
    write_json(path, to_record(race))


def load_race(path: str | Path) -> Race:
    """Load a saved race by replaying its record."""
    data = read_json(path)
    try:
        return replay(data)
    except PositionError as error:
        raise PositionError(f"{path}: {error}") from None
