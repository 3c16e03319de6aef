"""A finished race, step by step, for the replay viewer: the public board after each decision of
its record and the sentences of what happened, read from the engine (a race is a function of its
start and its decisions). Only for a finished game: the record holds the seed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from heat.engine import PositionError, Race, parse_decision, view_of
from heat.engine.record import RECORD_FORMAT, start_of
from heat.narrate import describe


def _board(race: Race) -> dict[str, Any]:
    view = view_of(race, None)
    return {
        "round": view.round,
        "phase": view.phase,
        "cars": [
            {
                "space": car.space,
                "lap": car.lap,
                "lane": car.lane,
                "on_track": car.on_track,
                "finished": car.finished,
                "gear": car.gear,
                "engine": car.engine,
            }
            for car in view.cars
        ],
        "standings": list(view.standings),
        "hall_of_fame": list(view.hall_of_fame),
    }


def replay_frames(record: Mapping[str, Any]) -> dict[str, Any]:
    """``{track, laps, names, colors, legends, corners, weather, frames}``: frame 0 is the start,
    frame k the board after the record's first k decisions, with the decision and the sentences
    of the public events it led to. PositionError for a record that is not a single race."""
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise PositionError("this is a championship: ask for one of its races (?race=N)")
    race = start_of(record)
    names = [car.name for car in race.cars]
    seen = 0

    def sentences() -> list[str]:
        nonlocal seen
        events = race.events(None)
        texts = [text for event in events[seen:] if (text := describe(event, names, race.laps))]
        seen = len(events)
        return texts

    first = {**_board(race), "seat": None, "decision": None, "log": sentences()}
    frames = [first]
    for entry in record.get("decisions", []):
        race.apply(entry["seat"], parse_decision(entry["decision"]))
        frames.append({**_board(race), "seat": entry["seat"], "decision": entry["decision"], "log": sentences()})
    view = view_of(race, None)
    return {
        "track": race.track.id,
        "laps": race.laps,
        "names": names,
        "colors": [car.color for car in view.cars],
        "legends": [car.legend for car in view.cars],
        "corners": [
            {"number": c.number, "speed_limit": c.speed_limit, "road": c.road, "sector_road": c.sector_road}
            for c in view.corners
        ],
        "weather": view.weather,
        "frames": frames,
    }
