"""Race configuration: everything that, with the seed, defines a race before any decision."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from heat.engine.errors import ConfigError, PositionError

COLORS = ("red", "blue", "green", "yellow", "black", "gray")
"""The six car colours of the base box (B-0.1)."""

MAX_CARS = 6


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """One car: a player's name, its colour and an optional handicap (B-10.12)."""

    name: str
    color: str
    handicap: int = 0
    """Heat cards the player removes from their own Engine (0, 1 or 2)."""


@dataclass(frozen=True, slots=True)
class RaceConfig:
    """A race before it starts. ``laps=None`` uses the track's printed number (B-16.1)."""

    seats: tuple[SeatConfig, ...]
    track: str = "usa"
    laps: int | None = None
    seed: int = 0
    hand_size: int = 7

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; ``RaceConfig.from_json`` reads it back."""
        return {
            "track": self.track,
            "laps": self.laps,
            "seed": self.seed,
            "hand_size": self.hand_size,
            "seats": [{"name": s.name, "color": s.color, "handicap": s.handicap} for s in self.seats],
        }

    @staticmethod
    def from_json(data: Any) -> RaceConfig:
        """Read a config dict, raising PositionError naming the bad field."""
        if not isinstance(data, dict):
            raise PositionError(f"config: expected an object, got {data!r}")
        seats_raw = data.get("seats")
        if not isinstance(seats_raw, list):
            raise PositionError(f"config.seats: expected a list, got {seats_raw!r}")
        seats = []
        for index, raw in enumerate(seats_raw):
            if (
                not isinstance(raw, dict)
                or not isinstance(raw.get("name"), str)
                or not isinstance(raw.get("color"), str)
            ):
                raise PositionError(f"config.seats[{index}]: expected {{name, color}}, got {raw!r}")
            handicap = raw.get("handicap", 0)
            if not isinstance(handicap, int):
                raise PositionError(f"config.seats[{index}].handicap: expected an integer, got {handicap!r}")
            seats.append(SeatConfig(raw["name"], raw["color"], handicap))
        laps = data.get("laps")
        seed = data.get("seed", 0)
        hand_size = data.get("hand_size", 7)
        track = data.get("track", "usa")
        if laps is not None and not isinstance(laps, int):
            raise PositionError(f"config.laps: expected an integer or null, got {laps!r}")
        if not isinstance(seed, int):
            raise PositionError(f"config.seed: expected an integer, got {seed!r}")
        if not isinstance(hand_size, int):
            raise PositionError(f"config.hand_size: expected an integer, got {hand_size!r}")
        if not isinstance(track, str):
            raise PositionError(f"config.track: expected a track id, got {track!r}")
        return RaceConfig(seats=tuple(seats), track=track, laps=laps, seed=seed, hand_size=hand_size)


def default_seats(count: int, names: list[str] | None = None) -> tuple[SeatConfig, ...]:
    """``count`` seats in the standard colours, named after the colour unless ``names`` is given."""
    if not 1 <= count <= MAX_CARS:
        raise ConfigError(f"a race has 1 to {MAX_CARS} cars, not {count} (B-0.6)")
    names = names or [color.capitalize() for color in COLORS[:count]]
    return tuple(SeatConfig(name, COLORS[i]) for i, name in enumerate(names[:count]))
