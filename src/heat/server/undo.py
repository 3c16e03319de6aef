"""The take-back rule (Board Game Arena's policy, decided from the engine).

A player may take back their own choices up to the point the rules reveal them: never across
another player's action, revealed cards or a random event. A decision is *private* (it may be
taken back) when its application, with every automatic step the engine ran after it:

1. drew nothing from the race's random generator (its state is the same before and after);
2. produced only events that show no card anyone had not seen: a committed plan (face down,
   B-2.3), a Cooldown, Adrenaline's +1, a move, a Slipstream, Corner checks, Heat paid, a
   spin-out, a Speed value chosen, an Upgrade symbol that moves no deck card (not Scrap, G-27);
3. left the race in the same phase, round and turn (the plans were not revealed, OQ-B-17; the
   turn did not pass to the next car, B-11.5);
4. asked no other seat anything new (in the plan phase the others' questions do not change).

A player takes back their last decision, with the automatic decisions the server made for them
after it, if it and everything after it are their own private decisions. The server replays
the table without them and logs the take-back; nothing is deleted.
"""

from __future__ import annotations

from collections.abc import Sequence

from heat.engine.events import (
    CooledDown,
    CornerChecked,
    Event,
    HeatPaid,
    Moved,
    PlanCommitted,
    Slipstreamed,
    SpeedChosen,
    SpeedIncreased,
    SpunOut,
    SymbolUsed,
)

SAFE_EVENTS = (
    PlanCommitted,
    CooledDown,
    SpeedIncreased,
    Moved,
    Slipstreamed,
    CornerChecked,
    HeatPaid,
    SpunOut,
    SpeedChosen,
)
"""Events that reveal no card and draw nothing (rule 2)."""
REVEALING_SYMBOLS = frozenset({"scrap"})
"""Upgrade symbols that turn deck cards face up (G-27)."""


def reveals_nothing(events: Sequence[Event]) -> bool:
    """Rule 2: do ``events`` show no card that was hidden from anyone?"""
    for event in events:
        if isinstance(event, SymbolUsed):
            if event.symbol in REVEALING_SYMBOLS:
                return False
        elif not isinstance(event, SAFE_EVENTS):
            return False
    return True


def is_private(
    *,
    rng_unchanged: bool,
    events: Sequence[Event],
    same_phase: bool,
    seat: int,
    deciding_before: Sequence[int],
    deciding_after: Sequence[int],
) -> bool:
    """Rules 1 to 4 for one decision of ``seat``."""
    newly_asked = set(deciding_after) - set(deciding_before) - {seat}
    return rng_unchanged and same_phase and not newly_asked and reveals_nothing(events)
