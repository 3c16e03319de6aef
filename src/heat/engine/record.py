"""Records: a race as its start (config or position) plus the decisions taken, and replay.

Replaying a record gives the identical race, because a race is a function of its start and its
decisions (randomness comes only from the race's own seeded generator).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from heat.engine.config import RaceConfig
from heat.engine.decisions import Decision, parse_decision
from heat.engine.errors import HeatError, IllegalDecision, Phrase, PositionError, described, is_integer, shown
from heat.engine.position import check_rules_version, from_position
from heat.engine.race import Race
from heat.engine.state import RULES_VERSION

RECORD_FORMAT = "heat-record"
SEASON_FORMAT = "heat-season"
"""The tag of a season's record (``season_record``): here, beside the race's, so that a client
telling saved games apart need not load the season code."""


def to_record(race: Race) -> dict[str, Any]:
    """The record of ``race``: its start and every decision so far, as text."""
    start: dict[str, Any] = (
        {"position": race.start_position} if race.start_position is not None else {"config": race.config.to_json()}
    )
    return {
        "format": RECORD_FORMAT,
        "rules_version": RULES_VERSION,
        **start,
        "decisions": [{"seat": seat, "decision": decision.text()} for seat, decision in race.decisions],
    }


def start_of(record: Mapping[str, Any], *, record_events: bool = True) -> Race:
    """The race of ``record`` before any of its decisions."""
    if "position" in record:
        return from_position(record["position"], record_events=record_events)
    if "config" in record:
        try:
            return Race(RaceConfig.from_json(record["config"]), record_events=record_events)
        except HeatError as error:
            if isinstance(error, PositionError):
                raise
            raise PositionError("config: {error}", error=error) from None
    raise PositionError("a record needs a 'config' or a 'position' to start from")


def replay(record: Any, *, record_events: bool = True) -> Race:
    """Rebuild a race from its record; raise PositionError naming the first bad entry."""
    if not isinstance(record, Mapping):
        raise PositionError("a record must be a JSON object, got {got}", got=described(record))
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise PositionError(
            "format: expected {expected}, got {got}", expected=repr(RECORD_FORMAT), got=described(record.get("format"))
        )
    check_rules_version(record.get("rules_version"), "record")
    race = start_of(record, record_events=record_events)
    apply_recorded(race.apply, record.get("decisions", []))
    return race


def apply_recorded(apply: Callable[[int, Decision], None], entries: Any) -> None:
    """Apply a record's ``decisions`` entries ({seat, decision text}) in order with ``apply``;
    PositionError names the first entry that is malformed or illegal."""
    if not isinstance(entries, list):
        raise PositionError("decisions: expected a list, got {got}", got=described(entries))
    for index, entry in enumerate(entries):
        if not isinstance(entry, Mapping):
            raise PositionError(
                "decisions[{index}]: expected {{seat, decision}}, got {got}", index=index, got=described(entry)
            )
        seat, text = entry.get("seat"), entry.get("decision")
        if not is_integer(seat):
            raise PositionError(
                "decisions[{index}].seat: expected a seat number, got {got}", index=index, got=described(seat)
            )
        if not isinstance(text, str):
            raise PositionError(
                "decisions[{index}].decision: expected a decision text, got {got}", index=index, got=described(text)
            )
        assert isinstance(seat, int)
        try:
            apply(seat, parse_decision(text))
        except HeatError as error:
            raise PositionError(
                "decisions[{index}] ({text}): {error}", index=index, text=shown(text), error=error
            ) from None


def seat_named(race: Race, name: str) -> int:
    """The seat whose colour, name or number is ``name`` (case-insensitive)."""
    wanted = name.strip().lower()
    for car in race.cars:
        if wanted in (car.color, car.name.lower(), str(car.seat)):
            return car.seat
    known = ", ".join(f"{car.color} ({car.name})" for car in race.cars)
    raise IllegalDecision("no car called {name}; cars are: {known}", name=shown(name), known=known)


def parse_entry(race: Race, text: str) -> tuple[int, Decision]:
    """Parse ``'red: gear 2 play 3 4'`` (colour, name or seat number, then a decision). Without a
    prefix the decision belongs to the only seat that must decide now."""
    head, colon, rest = text.partition(":")
    if colon:
        return seat_named(race, head), parse_decision(rest)
    waiting = race.to_decide()
    if len(waiting) != 1:
        raise IllegalDecision(
            "{text}: say whose decision it is, e.g. 'red: {decision}' (waiting for {names})",
            text=shown(text),
            decision=text,
            names=", ".join(race.cars[s].color for s in waiting) or Phrase("nobody"),
        )
    return waiting[0], parse_decision(text)
