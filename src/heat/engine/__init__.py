"""The Heat rules engine: pure, deterministic, no I/O.

Build a :class:`Race` from a :class:`RaceConfig` (or a position), ask ``to_decide()`` who must
decide, offer ``legal_decisions(seat)``, ``apply(seat, decision)``, show ``view_of(race, seat)``.

Each name below is imported from its module when it is first used (PEP 562), so that
``from heat.engine import Race`` loads the race's modules and not, say, positions or seasons: the
plain prompt starts faster (issue 28). ``from heat.engine import *`` still gives every name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
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

_HOMES = {
    "config": (
        "COLORS",
        "MAX_LAPS",
        "MAX_NAME_LENGTH",
        "MAX_PRO_LEGENDS",
        "MAX_SEED_DIGITS",
        "RaceConfig",
        "SeatConfig",
        "default_seats",
        "name_problem",
    ),
    "content": ("Corner", "Track", "track", "track_ids"),
    "decisions": ("Decision", "Discard", "EndReact", "Plan", "React", "Slipstream", "parse_decision"),
    "errors": (
        "ConfigError",
        "DataError",
        "DecisionSyntaxError",
        "HeatError",
        "IllegalDecision",
        "PositionError",
        "shown",
    ),
    "position": ("from_position", "to_position"),
    "race": ("Race",),
    "record": ("parse_entry", "replay", "seat_named", "to_record"),
    "state": ("RULES_VERSION",),
    "view": ("CarView", "SeatView", "TurnView", "view_of", "views_of"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}
"""Each public name (``__all__``) -> the module of the engine that defines it."""

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


if not TYPE_CHECKING:  # hidden from mypy, which would otherwise type every misspelt name as Any

    def __getattr__(name: str) -> object:
        """The public ``name``, imported from its module on first use (then kept here)."""
        home = _HOME_OF.get(name)
        if home is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        module = __import__(f"{__name__}.{home}", fromlist=[name])
        value = getattr(module, name)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
