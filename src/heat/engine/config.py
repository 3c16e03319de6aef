"""Race configuration: everything that, with the seed, defines a race before any decision."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from heat.engine.errors import ConfigError, PositionError

COLORS = ("red", "blue", "green", "yellow", "black", "gray")
"""The six car colours of the base box (B-0.1)."""

MAX_CARS = 6
MAX_LAPS = 20
"""Laps a race may have at most: the rules print none; this keeps a typo from racing for ever."""
MAX_PRO_LEGENDS = 10
"""Pro Legends add at most this to the Legends' Top Speed (L-17 gives +1 to +3 as examples)."""
GARAGE_DECKS = ("regular", "advanced", "all")


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """One car: a player (or a Legend, L-5), its colour and options."""

    name: str
    color: str
    handicap: int = 0
    """Heat cards the player removes from their own Engine (B-10.12: 0, 1 or 2)."""
    legend: bool = False
    """An automated Legends car (Legends module)."""
    upgrades: tuple[str, ...] = ()
    """Upgrade cards the car already owns (a Championship car, C-22)."""
    sponsors: tuple[str, ...] = ()
    """Sponsorship cards that start in the player's hand (C-18, C-23)."""
    deck: tuple[str, ...] = ()
    """More cards shuffled into the draw deck: Sponsorship cards kept from earlier races (C-22)."""


@dataclass(frozen=True, slots=True)
class RaceConfig:
    """A race before it starts. ``laps=None`` uses the track's printed number (B-16.1).

    Modules: ``garage`` ('regular', 'advanced' or 'all') drafts Upgrade cards, or deals 3 random
    Regular cards each when ``draft`` is False (G-18); ``weather`` draws a Weather token and Road
    Conditions; Legends are seats with ``legend=True``, ``pro_legends`` raises their Top Speed
    (L-17). The bonus fields are set by Championship events."""

    seats: tuple[SeatConfig, ...]
    track: str = "usa"
    laps: int | None = None
    seed: int = 0
    hand_size: int = 7
    garage: str | None = None
    draft: bool = True
    weather: bool = False
    pro_legends: int = 0
    aggressive_legends: bool = True
    tournament: bool = False
    starting_upgrades: bool = True
    """Base game Starting Upgrades (B-17); never with the Garage (G-3)."""
    heat_bonus: int = 0
    stress_bonus: int = 0
    grid: tuple[int, ...] | None = None
    """Seats from pole position back; None draws the grid at random (B-10.9)."""
    weather_token: str | None = None
    road_tokens: tuple[str, ...] | None = None
    """A fixed Weather token and one Road Conditions token per corner, instead of drawing them."""
    press_corners: tuple[int, ...] = ()
    """Championship: corner numbers with a Press Corner standee (C-19, C-37)."""
    sponsor_deck: tuple[str, ...] = ()
    """Championship: the Sponsorship deck, top card first, to gain cards from (C-34)."""
    first_lap_sponsors: int = 0
    speed_sponsor: int = 0
    pass_sponsor: int = 0
    spin_out_eliminates: bool = False
    """Championship event challenges (C-21, C-45): see data/championship/events.toml."""

    @property
    def uses_starting_upgrades(self) -> bool:
        """Starting Upgrades are used unless the Garage is on or they are switched off (B-17.2)."""
        return self.starting_upgrades and self.garage is None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; ``RaceConfig.from_json`` reads it back. Defaults are left out."""
        data: dict[str, Any] = {"track": self.track, "laps": self.laps, "seed": self.seed}
        for field in fields(self):
            if field.name in ("seats", "track", "laps", "seed"):
                continue
            value = getattr(self, field.name)
            if value != field.default:
                data[field.name] = list(value) if isinstance(value, tuple) else value
        seats = []
        for seat in self.seats:
            entry: dict[str, Any] = {"name": seat.name, "color": seat.color}
            if seat.handicap:
                entry["handicap"] = seat.handicap
            if seat.legend:
                entry["legend"] = True
            if seat.upgrades:
                entry["upgrades"] = list(seat.upgrades)
            if seat.sponsors:
                entry["sponsors"] = list(seat.sponsors)
            if seat.deck:
                entry["deck"] = list(seat.deck)
            seats.append(entry)
        data["seats"] = seats
        return data

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
            where = f"config.seats[{index}]"
            if (
                not isinstance(raw, dict)
                or not isinstance(raw.get("name"), str)
                or not isinstance(raw.get("color"), str)
            ):
                raise PositionError(f"{where}: expected {{name, color}}, got {raw!r}")
            seats.append(
                SeatConfig(
                    raw["name"],
                    raw["color"],
                    _typed(raw, "handicap", 0, int, where),
                    _typed(raw, "legend", False, bool, where),
                    tuple(_strings(raw, "upgrades", where)),
                    tuple(_strings(raw, "sponsors", where)),
                    tuple(_strings(raw, "deck", where)),
                )
            )
        values: dict[str, Any] = {"seats": tuple(seats)}
        for field in fields(RaceConfig):
            if field.name == "seats" or field.name not in data:
                continue
            value = data[field.name]
            if field.name in ("grid", "road_tokens", "press_corners", "sponsor_deck") and value is not None:
                if not isinstance(value, list):
                    raise PositionError(f"config.{field.name}: expected a list, got {value!r}")
                value = tuple(value)
            expected = type(field.default) if field.default is not None else None
            if expected is not None and expected is not bool and isinstance(value, bool):
                raise PositionError(f"config.{field.name}: expected {expected.__name__}, got {value!r}")
            if expected is not None and not isinstance(value, expected):
                raise PositionError(f"config.{field.name}: expected {expected.__name__}, got {value!r}")
            values[field.name] = value
        return RaceConfig(**values)


def _typed(raw: dict[str, Any], key: str, default: Any, kind: type, where: str) -> Any:
    value = raw.get(key, default)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise PositionError(f"{where}.{key}: expected {kind.__name__}, got {value!r}")
    return value


def _strings(raw: dict[str, Any], key: str, where: str) -> list[str]:
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise PositionError(f"{where}.{key}: expected a list of card ids, got {value!r}")
    return value


def default_seats(count: int, names: list[str] | None = None, legends: int = 0) -> tuple[SeatConfig, ...]:
    """``count`` seats in the standard colours, named after the colour unless ``names`` is given;
    the last ``legends`` of them are Legends."""
    if not 1 <= count <= MAX_CARS:
        raise ConfigError(f"a race has 1 to {MAX_CARS} cars, not {count} (B-0.6)")
    if not 0 <= legends <= count:
        raise ConfigError(f"{legends} Legends do not fit in a race of {count} cars")
    names = names or [color.capitalize() for color in COLORS[:count]]
    return tuple(SeatConfig(name, COLORS[i], legend=i >= count - legends) for i, name in enumerate(names[:count]))
