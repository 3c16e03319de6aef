"""A championship before it starts (C-4 to C-11): its season, seats, Upgrade deck and options,
and the checks the rules make of them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from heat.engine.config import (
    COLORS,
    GARAGE_DECKS,
    MAX_CARS,
    MAX_PRO_LEGENDS,
    SeatConfig,
    check_name,
    check_seed,
    typed,
)
from heat.engine.errors import ConfigError, PositionError, described, shown

HISTORIC = ("1961", "1962", "1963")
KINDS = (*HISTORIC, "custom", "goat")


@dataclass(frozen=True, slots=True)
class SeasonConfig:
    """A championship before it starts: which season, who races, the Upgrade deck (C-9)."""

    seats: tuple[SeatConfig, ...]
    season: str = "1961"
    garage: str = "all"
    seed: int = 0
    tournament: bool = False
    pro_legends: int = 0
    aggressive_legends: bool = True
    """Great Britain's chevrons (OQ-L-10) in every race of the season."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; ``SeasonConfig.from_json`` reads it back. ``aggressive_legends`` is
        written only when off, so that the records of earlier versions read the same."""
        data: dict[str, Any] = {
            "season": self.season,
            "garage": self.garage,
            "seed": self.seed,
            "tournament": self.tournament,
            "pro_legends": self.pro_legends,
        }
        if not self.aggressive_legends:
            data["aggressive_legends"] = False
        data["seats"] = [{"name": s.name, "color": s.color, "legend": s.legend} for s in self.seats]
        return data

    @staticmethod
    def from_json(data: Any) -> SeasonConfig:
        """Read a season config, raising PositionError naming the bad field and the type expected."""
        if not isinstance(data, Mapping):
            raise PositionError("config: expected an object, got {got}", got=described(data))
        raw_seats = data.get("seats")
        if not isinstance(raw_seats, list):
            raise PositionError(
                "config.seats: expected a list of {{name, color, legend}}, got {got}", got=described(raw_seats)
            )
        seats = []
        for index, raw in enumerate(raw_seats):
            where = f"config.seats[{index}]"
            if not isinstance(raw, Mapping):
                raise PositionError(
                    "{where}: expected {{name, color, legend}}, got {got}", where=where, got=described(raw)
                )
            seat = dict(raw)
            name = typed(seat, "name", None, str, where)
            color = typed(seat, "color", None, str, where)
            seats.append(SeatConfig(name, color, legend=typed(seat, "legend", False, bool, where)))
        values: dict[str, Any] = {"seats": tuple(seats)}
        keys = (
            ("season", str),
            ("garage", str),
            ("seed", int),
            ("tournament", bool),
            ("pro_legends", int),
            ("aggressive_legends", bool),
        )
        for key, kind in keys:
            if key in data:
                values[key] = typed(dict(data), key, None, kind, "config")
        return SeasonConfig(**values)


def check_season(config: SeasonConfig) -> None:
    """ConfigError naming the first option of ``config`` the Championship rules refuse."""
    if config.season not in KINDS:
        raise ConfigError(
            "the season is one of {kinds}, not {season}", kinds=", ".join(KINDS), season=shown(config.season)
        )
    if config.garage not in GARAGE_DECKS:
        raise ConfigError(
            "the Upgrade deck is one of {decks}, not {deck} (C-9)",
            decks=", ".join(GARAGE_DECKS),
            deck=shown(config.garage),
        )
    count = len(config.seats)
    if not 1 <= count <= MAX_CARS:
        raise ConfigError("a championship has 1 to {most} cars, not {count}", most=MAX_CARS, count=count)
    if not any(not seat.legend for seat in config.seats):
        raise ConfigError("a championship needs at least one player who is not a Legend")
    colors = [seat.color for seat in config.seats]
    if len(set(colors)) != count or any(color not in COLORS for color in colors):
        raise ConfigError("each car needs its own colour from: {colors}", colors=", ".join(COLORS))
    if not 0 <= config.pro_legends <= MAX_PRO_LEGENDS:
        raise ConfigError(
            "Pro Legends add 0 to {most} to the Top Speed, not {value}",
            most=MAX_PRO_LEGENDS,
            value=shown(config.pro_legends),
        )
    for index, seat in enumerate(config.seats):
        check_name(seat.name, f"seat {index + 1}")
    check_seed(config.seed)
