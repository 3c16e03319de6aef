"""The Heat rules engine: pure, deterministic, no I/O.

Build a :class:`Race` from a :class:`RaceConfig` (or a position), ask ``to_decide()`` who must
decide, offer ``legal_decisions(seat)``, ``apply(seat, decision)``, show ``view_of(race, seat)``.
"""

from heat.engine.config import (
    COLORS,
    MAX_LAPS,
    MAX_NAME_LENGTH,
    MAX_PRO_LEGENDS,
    MAX_SEED_DIGITS,
    RaceConfig,
    SeatConfig,
    default_seats,
    name_problem,
)
from heat.engine.content import Corner, Track, track, track_ids
from heat.engine.decisions import Decision, Discard, EndReact, Plan, React, Slipstream, parse_decision
from heat.engine.errors import (
    ConfigError,
    DataError,
    DecisionSyntaxError,
    HeatError,
    IllegalDecision,
    PositionError,
    shown,
)
from heat.engine.position import from_position, to_position
from heat.engine.race import Race
from heat.engine.record import parse_entry, replay, seat_named, to_record
from heat.engine.state import RULES_VERSION
from heat.engine.view import CarView, SeatView, TurnView, view_of, views_of

__all__ = [
    "COLORS",
    "MAX_LAPS",
    "MAX_NAME_LENGTH",
    "MAX_PRO_LEGENDS",
    "MAX_SEED_DIGITS",
    "RULES_VERSION",
    "CarView",
    "ConfigError",
    "Corner",
    "DataError",
    "Decision",
    "DecisionSyntaxError",
    "Discard",
    "EndReact",
    "HeatError",
    "IllegalDecision",
    "Plan",
    "PositionError",
    "Race",
    "RaceConfig",
    "React",
    "SeatConfig",
    "SeatView",
    "Slipstream",
    "Track",
    "TurnView",
    "default_seats",
    "from_position",
    "name_problem",
    "parse_decision",
    "parse_entry",
    "replay",
    "seat_named",
    "shown",
    "to_position",
    "to_record",
    "track",
    "track_ids",
    "view_of",
    "views_of",
]
