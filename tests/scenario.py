"""Helpers to build rule scenarios from compact positions (see docs/positions.md).

    race = race_from(position(cars=[car(space=10, hand=["4", "4"]), car(space=9)]))
    events = play(race, "red: gear 2 play 4 4", "blue: gear 1 play 1")

``position`` fills in a 1-lap USA race in the plan phase; ``car`` fills in a car on lap 1 in
1st gear with 6 Heat in its Engine and no cards. Every keyword overrides a field of the
position format.
"""

from __future__ import annotations

from typing import Any

import pytest

from heat.engine import IllegalDecision, Race, from_position, parse_entry, to_position
from heat.engine.events import CornerChecked, Event


def car(**fields: Any) -> dict[str, Any]:
    """A car entry: lap 1, space 1, gear 1, Engine 6, empty hand, deck and discard pile."""
    entry: dict[str, Any] = {"space": 1, "lap": 1, "gear": 1, "engine": 6, "hand": [], "deck": [], "discard": []}
    entry.update(fields)
    return entry


def position(cars: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    """A position: USA, 1 lap, round 1, plan phase, a full Stress reserve."""
    data: dict[str, Any] = {"track": "usa", "laps": 1, "round": 1, "phase": "plan", "stress_reserve": 20, "cars": cars}
    data.update(fields)
    return data


def race_from(data: dict[str, Any]) -> Race:
    """The race at that position, with its event log on. The cards each car may own are not
    checked: a scenario may give a car five 4s to isolate a rule."""
    return from_position(data, check_cards=False)


def play(race: Race, *entries: str) -> list[Event]:
    """Apply decisions given as text (``'red: gear 2 play 3 4'`` or, for the only seat deciding,
    ``'done'``) and return the events they caused."""
    start = len(race.events())
    for text in entries:
        seat, decision = parse_entry(race, text)
        race.apply(seat, decision)
    return race.events()[start:]


def of_type(events: list[Event], kind: type) -> list[Any]:
    """The events of one type, in order."""
    return [event for event in events if isinstance(event, kind)]


def snapshot(race: Race) -> dict[str, Any]:
    """The complete state, for checking that an illegal decision changed nothing."""
    return {"position": to_position(race), "events": len(race.events()), "decisions": list(race.decisions)}


def state(race: Race, seat: int = 0) -> dict[str, Any]:
    """One car of the race in the position format (card ids)."""
    entry: dict[str, Any] = to_position(race)["cars"][seat]
    return entry


def spot(race: Race, seat: int = 0) -> tuple[int, int]:
    """The space and lane of a car."""
    entry = state(race, seat)
    return entry["space"], entry["lane"]


def turn(race: Race) -> dict[str, Any]:
    """The turn in progress, in the position format."""
    entry: dict[str, Any] = to_position(race)["turn"]
    return entry


def options(race: Race, seat: int = 0) -> set[str]:
    """The legal decisions of a seat, as text."""
    return {decision.text() for decision in race.legal_decisions(seat)}


def refused(race: Race, entry: str) -> str:
    """Apply an illegal decision given as text: it must raise IllegalDecision and change
    nothing. Returns the error message."""
    before = snapshot(race)
    with pytest.raises(IllegalDecision) as error:
        play(race, entry)
    assert snapshot(race) == before
    return str(error.value)


def corner_checks(events: list[Event]) -> list[tuple[int, int, int, int]]:
    """(corner, speed, limit, heat paid) of each CornerChecked event."""
    return [(e.corner, e.speed, e.limit, e.heat) for e in of_type(events, CornerChecked)]
