"""Views and events as JSON-ready values, fast: the server builds them for every seat after every
decision. ``plain`` gives what ``dataclasses.asdict`` gives (tuples as lists) for the engine's
frozen view and event dataclasses, about ten times faster (it copies nothing it need not)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, is_dataclass
from typing import Any

from heat.engine.events import Event
from heat.narrate import describe

_FIELDS: dict[type, tuple[str, ...]] = {}
_SCALARS = (str, int, float, bool)


def plain(value: Any) -> Any:
    """``value`` (dataclasses, tuples, lists, scalars) as JSON-ready dicts, lists and scalars."""
    if value is None or isinstance(value, _SCALARS):
        return value
    if isinstance(value, (tuple, list)):
        return [plain(item) for item in value]
    kind = type(value)
    names = _FIELDS.get(kind)
    if names is None:
        if not is_dataclass(value):
            raise TypeError(f"cannot make {kind.__name__} JSON-ready")
        names = _FIELDS[kind] = tuple(f.name for f in fields(value))
    return {name: plain(getattr(value, name)) for name in names}


def event_json(event: Event, names: Sequence[str], laps: int) -> dict[str, Any]:
    """An event as the seat may see it (the caller filters it: ``race.events(seat)``), with its
    sentence in ``text`` (None for bookkeeping events)."""
    data: dict[str, Any] = plain(event)
    data["type"] = type(event).__name__
    data["text"] = describe(event, names, laps)
    return data
