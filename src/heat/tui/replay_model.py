"""Stepping through a race record forward and backward.

Position ``k`` is the race after the first ``k`` decisions of the record, rebuilt by the engine
(a race is a function of its start and its decisions). Checkpoints every few decisions keep
stepping backward quick.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from heat.engine import Decision, Plan, PositionError, Race, parse_decision, replay
from heat.engine.record import start_of
from heat.storage import naming, read_race_record

CHECKPOINT_EVERY = 25


def open_replay(path: str | Path) -> ReplayCursor:
    """The race record saved at ``path``, to step through; PositionError naming the file and the
    problem (a season's file: how to resume it instead)."""
    data = read_race_record(path)
    with naming(path):
        return ReplayCursor(data)


class ReplayCursor:
    """A record and a position in it (0: the start, ``length``: after the last decision)."""

    def __init__(self, record: Mapping[str, Any]) -> None:
        """Check the whole record first (PositionError naming the first bad entry)."""
        replay(record)
        self.record = record
        self.entries: list[tuple[int, Decision]] = [
            (entry["seat"], parse_decision(entry["decision"])) for entry in record.get("decisions", [])
        ]
        self._checkpoints: dict[int, Race] = {0: start_of(record)}
        self.position = 0

    @property
    def length(self) -> int:
        """How many decisions the record holds."""
        return len(self.entries)

    def race_at(self, position: int) -> Race:
        """The race after the first ``position`` decisions (a fresh copy each time)."""
        if not 0 <= position <= self.length:
            raise PositionError(f"a position between 0 and {self.length}, not {position}")
        base = max(k for k in self._checkpoints if k <= position)
        race = self._checkpoints[base].copy()
        for k in range(base, position):
            seat, decision = self.entries[k]
            race.apply(seat, decision)
            if (k + 1) % CHECKPOINT_EVERY == 0 and k + 1 not in self._checkpoints:
                self._checkpoints[k + 1] = race.copy()
        return race

    def race(self) -> Race:
        """The race at the current position."""
        return self.race_at(self.position)

    def step(self, count: int) -> bool:
        """Move ``count`` decisions (negative: back), within the record; False if it cannot move."""
        target = max(0, min(self.length, self.position + count))
        moved = target != self.position
        self.position = target
        return moved

    def go(self, position: int) -> None:
        """Jump to ``position`` (clamped to the record)."""
        self.position = max(0, min(self.length, position))

    def round_starts(self) -> list[int]:
        """Positions where a round's plans begin: the first Plan after anything else."""
        starts = []
        for k, (_, decision) in enumerate(self.entries):
            if isinstance(decision, Plan) and (k == 0 or not isinstance(self.entries[k - 1][1], Plan)):
                starts.append(k)
        return starts

    def next_round(self) -> bool:
        """Jump to the start of the next round (or the end); False at the end."""
        later = [k for k in self.round_starts() if k > self.position]
        return self._jump(later[0] if later else self.length)

    def previous_round(self) -> bool:
        """Jump to the start of this round, or of the previous one if already there."""
        earlier = [k for k in self.round_starts() if k < self.position]
        return self._jump(earlier[-1] if earlier else 0)

    def _jump(self, position: int) -> bool:
        moved = position != self.position
        self.position = position
        return moved

    def last_decision(self) -> tuple[int, Decision] | None:
        """The decision that led to the current position (None at the start)."""
        return self.entries[self.position - 1] if self.position else None
