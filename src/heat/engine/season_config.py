"""A championship before it starts (C-4 to C-11): its season, seats, Upgrade deck and options,
and the checks the rules make of them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from heat.engine.config import (
    GARAGE_DECKS,
    MAX_CARS,
    SEAT_FIELD_TYPES,
    SeatConfig,
    check_colors,
    check_name,
    check_pro_legends,
    check_seed,
    read_config,
)
from heat.engine.errors import ConfigError, shown

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
        return SeasonConfig(**read_config(data, _FIELD_TYPES, _SEAT_FIELD_TYPES))


_FIELD_TYPES: dict[str, tuple[type, type | None]] = {
    "season": (str, None),
    "garage": (str, None),
    "seed": (int, None),
    "tournament": (bool, None),
    "pro_legends": (int, None),
    "aggressive_legends": (bool, None),
}
"""The JSON type of every field of a season config other than ``seats``."""
_SEAT_FIELD_TYPES = {key: SEAT_FIELD_TYPES[key] for key in ("name", "color", "legend")}
"""A championship's seat is a name, a colour and whether it is a Legend: its cards come from the season."""


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
    check_colors(config.seats)
    check_pro_legends(config.pro_legends)
    for index, seat in enumerate(config.seats):
        check_name(seat.name, f"seat {index + 1}")
    check_seed(config.seed)
