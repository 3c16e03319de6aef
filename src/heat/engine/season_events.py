"""The Championship's Event cards (C-12, C-21) and the points of the Hall of Fame (OQ-C-1),
loaded from ``heat/data/championship/events.toml``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cache

from heat.engine import content
from heat.engine.errors import DataError


@dataclass(frozen=True, slots=True)
class EventCard:
    """One Event card (C-12, C-21): the race it belongs to and its changes."""

    season: int
    race: int
    track: str
    title: str
    text: str
    sponsors: int
    press: tuple[str, ...]
    laps: int = 0
    heat: int = 0
    stress: int = 0
    hand_size: int = 0
    winner_bonus: int = 0
    top3_bonus: int = 0
    first_lap_sponsors: int = 0
    speed_sponsor: int = 0
    pass_sponsor: int = 0
    spin_out_eliminates: bool = False

    def press_corners(self, track: content.Track) -> tuple[int, ...]:
        """The corners that carry a Press Corner in this race (C-19), by the track's letters."""
        return tuple(c.number for c in track.corners if any(letter in c.press_letters for letter in self.press))


@dataclass(frozen=True, slots=True)
class EventBook:
    """Every Event card and the points of the Hall of Fame (OQ-C-1)."""

    events: tuple[EventCard, ...]
    points: tuple[int, ...]

    def season(self, year: int) -> tuple[int, ...]:
        """Indices of the events of a historic season, in race order (C-3)."""
        return tuple(i for i, e in sorted(enumerate(self.events), key=lambda p: p[1].race) if e.season == year)


@cache
def event_book() -> EventBook:
    """The Event cards of data/championship/events.toml."""
    import tomllib  # here, not at the top: only a season reads it, and a prompt starts faster

    source = "championship/events.toml"
    text = content.data_text("championship", "events.toml")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataError("{source}: not valid TOML: {error}", source=source, error=error) from None
    points = data.get("points")
    if not isinstance(points, list) or not all(isinstance(p, int) for p in points):
        raise DataError("{source}: points: expected a list of integers", source=source)
    events = []
    known = {f.name for f in fields(EventCard)}
    for index, raw in enumerate(data.get("events", [])):
        if not isinstance(raw, Mapping) or any(key not in known for key in raw):
            raise DataError(
                "{source}: events[{index}]: expected an event with fields {fields}",
                source=source,
                index=index,
                fields=sorted(known),
            )
        values = dict(raw)
        values["press"] = tuple(values.get("press", ()))
        try:
            event = EventCard(**values)
        except TypeError as wrong:  # not `error`: mypyc types a name once per function
            raise DataError("{source}: events[{index}]: {error}", source=source, index=index, error=wrong) from None
        if event.track not in content.track_ids():
            raise DataError(
                "{source}: events[{index}].track: unknown track {track}",
                source=source,
                index=index,
                track=repr(event.track),
            )
        events.append(event)
    return EventBook(tuple(events), tuple(points))
