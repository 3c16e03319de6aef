"""Race configuration: everything that, with the seed, defines a race before any decision."""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Mapping, Sequence
from typing import Any, ClassVar, Final

from heat.engine.errors import ConfigError, Phrase, PositionError, described, is_integer, shown
from heat.engine.frozen import Frozen

COLORS = ("red", "blue", "green", "yellow", "black", "gray")
"""The six car colours of the base box (B-0.1)."""

MAX_CARS: Final = 6
MAX_LAPS = 20
"""Laps a race may have at most: the rules print none; this keeps a typo from racing for ever."""
MAX_PRO_LEGENDS = 10
"""Pro Legends add at most this to the Legends' Top Speed (L-17 gives +1 to +3 as examples)."""
GARAGE_DECKS = ("regular", "advanced", "all")
MAX_NAME_LENGTH = 24
"""Characters a player's name may have: it fits the app's tables and the prompt's lines."""
_UNPRINTABLE = {
    "Cc": Phrase("a control character"),  # C0 and C1 controls: escape sequences, \r, \n, tab, delete
    "Cf": Phrase("an invisible formatting character"),  # bidirectional overrides, zero-width characters
    "Cs": Phrase("a lone surrogate"),
    "Zl": Phrase("a line separator"),
    "Zp": Phrase("a paragraph separator"),
}
"""The Unicode categories refused in a name: printed, they could move the cursor, colour or
clear the terminal, reverse the text that follows or start a new line, and so fake output."""


def name_problem(name: object) -> Phrase | None:
    """Why ``name`` cannot be a player's name, in words; None if it can. A name is 1 to
    ``MAX_NAME_LENGTH`` characters, not blank, without control or invisible formatting
    characters (``_UNPRINTABLE``)."""
    if not isinstance(name, str):
        return Phrase("a name is a string, not {got}", got=described(name))
    if not name.strip():
        return Phrase("a name needs a visible character")
    if len(name) > MAX_NAME_LENGTH:
        return Phrase("a name has at most {most} characters, not {length}", most=MAX_NAME_LENGTH, length=len(name))
    for character in name:
        kind = _UNPRINTABLE.get(unicodedata.category(character))
        if kind is not None:
            return Phrase(
                "{name} holds {kind} ({character}); a name is letters, digits, spaces and signs",
                name=shown(name),
                kind=kind,
                character=repr(character)[1:-1],
            )
    return None


MAX_SEED = (1 << 64) - 1
"""A seed is a 64-bit number, positive or negative (the generator keeps its low 64 bits)."""
MAX_SEED_DIGITS = len(str(MAX_SEED))
"""Digits of the longest seed (20): a longer number given as a seed is refused unread."""


def check_seed(seed: object) -> None:
    """ConfigError unless ``seed`` is a whole number within ``MAX_SEED`` of 0: a longer one
    would be saved and then refused by the file readers, which cap the digits of a number."""
    if not is_integer(seed):
        raise ConfigError("the seed is a whole number, not {got}", got=described(seed))
    assert isinstance(seed, int)
    if abs(seed) > MAX_SEED:
        raise ConfigError(
            "the seed is a 64-bit number, at most {most} either side of 0, not {seed}", most=MAX_SEED, seed=shown(seed)
        )


def check_name(name: object, where: str) -> None:
    """ConfigError naming ``where`` unless ``name`` can be a player's name (``name_problem``)."""
    problem = name_problem(name)
    if problem is not None:
        raise ConfigError("{where}: {problem}", where=where, problem=problem)


class SeatConfig(Frozen):
    """One car: a player (or a Legend, L-5), its colour and options."""

    name: str
    color: str
    handicap: int
    """Heat cards the player removes from their own Engine (B-10.12: 0, 1 or 2)."""
    legend: bool
    """An automated Legends car (Legends module)."""
    upgrades: tuple[str, ...]
    """Upgrade cards the car already owns (a Championship car, C-22)."""
    sponsors: tuple[str, ...]
    """Sponsorship cards that start in the player's hand (C-18, C-23)."""
    deck: tuple[str, ...]
    """More cards shuffled into the draw deck: Sponsorship cards kept from earlier races (C-22)."""

    FIELDS: ClassVar[tuple[str, ...]] = ("name", "color", "handicap", "legend", "upgrades", "sponsors", "deck")
    __slots__ = ("color", "deck", "handicap", "legend", "name", "sponsors", "upgrades")

    def __init__(
        self,
        name: str,
        color: str,
        handicap: int = 0,
        legend: bool = False,
        upgrades: tuple[str, ...] = (),
        sponsors: tuple[str, ...] = (),
        deck: tuple[str, ...] = (),
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "color", color)
        object.__setattr__(self, "handicap", handicap)
        object.__setattr__(self, "legend", legend)
        object.__setattr__(self, "upgrades", upgrades)
        object.__setattr__(self, "sponsors", sponsors)
        object.__setattr__(self, "deck", deck)

    def field_values(self) -> tuple[Any, ...]:
        return (self.name, self.color, self.handicap, self.legend, self.upgrades, self.sponsors, self.deck)


class RaceConfig(Frozen):
    """A race before it starts. ``laps=None`` uses the track's printed number (B-16.1).

    Modules: ``garage`` ('regular', 'advanced' or 'all') drafts Upgrade cards, or deals 3 random
    Regular cards each when ``draft`` is False (G-18); ``weather`` draws a Weather token and Road
    Conditions; Legends are seats with ``legend=True``, ``pro_legends`` raises their Top Speed
    (L-17). The bonus fields are set by Championship events."""

    seats: tuple[SeatConfig, ...]
    track: str
    laps: int | None
    seed: int
    hand_size: int
    garage: str | None
    draft: bool
    weather: bool
    pro_legends: int
    aggressive_legends: bool
    tournament: bool
    starting_upgrades: bool
    """Base game Starting Upgrades (B-17); never with the Garage (G-3)."""
    heat_bonus: int
    stress_bonus: int
    grid: tuple[int, ...] | None
    """Seats from pole position back; None draws the grid at random (B-10.9)."""
    weather_token: str | None
    road_tokens: tuple[str, ...] | None
    """A fixed Weather token and one Road Conditions token per corner, instead of drawing them."""
    press_corners: tuple[int, ...]
    """Championship: corner numbers with a Press Corner standee (C-19, C-37)."""
    sponsor_deck: tuple[str, ...]
    """Championship: the Sponsorship deck, top card first, to gain cards from (C-34)."""
    first_lap_sponsors: int
    speed_sponsor: int
    pass_sponsor: int
    spin_out_eliminates: bool
    """Championship event challenges (C-21, C-45): see data/championship/events.toml."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "seats",
        "track",
        "laps",
        "seed",
        "hand_size",
        "garage",
        "draft",
        "weather",
        "pro_legends",
        "aggressive_legends",
        "tournament",
        "starting_upgrades",
        "heat_bonus",
        "stress_bonus",
        "grid",
        "weather_token",
        "road_tokens",
        "press_corners",
        "sponsor_deck",
        "first_lap_sponsors",
        "speed_sponsor",
        "pass_sponsor",
        "spin_out_eliminates",
    )
    __slots__ = (
        "aggressive_legends",
        "draft",
        "first_lap_sponsors",
        "garage",
        "grid",
        "hand_size",
        "heat_bonus",
        "laps",
        "pass_sponsor",
        "press_corners",
        "pro_legends",
        "road_tokens",
        "seats",
        "seed",
        "speed_sponsor",
        "spin_out_eliminates",
        "sponsor_deck",
        "starting_upgrades",
        "stress_bonus",
        "tournament",
        "track",
        "weather",
        "weather_token",
    )

    def __init__(
        self,
        seats: tuple[SeatConfig, ...],
        track: str = "usa",
        laps: int | None = None,
        seed: int = 0,
        hand_size: int = 7,
        garage: str | None = None,
        draft: bool = True,
        weather: bool = False,
        pro_legends: int = 0,
        aggressive_legends: bool = True,
        tournament: bool = False,
        starting_upgrades: bool = True,
        heat_bonus: int = 0,
        stress_bonus: int = 0,
        grid: tuple[int, ...] | None = None,
        weather_token: str | None = None,
        road_tokens: tuple[str, ...] | None = None,
        press_corners: tuple[int, ...] = (),
        sponsor_deck: tuple[str, ...] = (),
        first_lap_sponsors: int = 0,
        speed_sponsor: int = 0,
        pass_sponsor: int = 0,
        spin_out_eliminates: bool = False,
    ) -> None:
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "track", track)
        object.__setattr__(self, "laps", laps)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "hand_size", hand_size)
        object.__setattr__(self, "garage", garage)
        object.__setattr__(self, "draft", draft)
        object.__setattr__(self, "weather", weather)
        object.__setattr__(self, "pro_legends", pro_legends)
        object.__setattr__(self, "aggressive_legends", aggressive_legends)
        object.__setattr__(self, "tournament", tournament)
        object.__setattr__(self, "starting_upgrades", starting_upgrades)
        object.__setattr__(self, "heat_bonus", heat_bonus)
        object.__setattr__(self, "stress_bonus", stress_bonus)
        object.__setattr__(self, "grid", grid)
        object.__setattr__(self, "weather_token", weather_token)
        object.__setattr__(self, "road_tokens", road_tokens)
        object.__setattr__(self, "press_corners", press_corners)
        object.__setattr__(self, "sponsor_deck", sponsor_deck)
        object.__setattr__(self, "first_lap_sponsors", first_lap_sponsors)
        object.__setattr__(self, "speed_sponsor", speed_sponsor)
        object.__setattr__(self, "pass_sponsor", pass_sponsor)
        object.__setattr__(self, "spin_out_eliminates", spin_out_eliminates)

    def field_values(self) -> tuple[Any, ...]:
        return (
            self.seats,
            self.track,
            self.laps,
            self.seed,
            self.hand_size,
            self.garage,
            self.draft,
            self.weather,
            self.pro_legends,
            self.aggressive_legends,
            self.tournament,
            self.starting_upgrades,
            self.heat_bonus,
            self.stress_bonus,
            self.grid,
            self.weather_token,
            self.road_tokens,
            self.press_corners,
            self.sponsor_deck,
            self.first_lap_sponsors,
            self.speed_sponsor,
            self.pass_sponsor,
            self.spin_out_eliminates,
        )

    @property
    def uses_starting_upgrades(self) -> bool:
        """Starting Upgrades are used unless the Garage is on or they are switched off (B-17.2)."""
        return self.starting_upgrades and self.garage is None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; ``RaceConfig.from_json`` reads it back. Defaults are left out."""
        data: dict[str, Any] = {"track": self.track, "laps": self.laps, "seed": self.seed}
        for name, value, default in zip(self.FIELDS, self.field_values(), _DEFAULT_CONFIG.field_values(), strict=True):
            if name in ("seats", "track", "laps", "seed"):
                continue
            if value != default:
                data[name] = list(value) if isinstance(value, tuple) else value
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
        """Read a config dict, raising PositionError naming the bad field and the type expected."""
        return RaceConfig(**read_config(data, _FIELD_TYPES, SEAT_FIELD_TYPES, optional=_OPTIONAL_FIELDS))


_FIELD_TYPES: dict[str, tuple[type, type | None]] = {
    "track": (str, None),
    "laps": (int, None),
    "seed": (int, None),
    "hand_size": (int, None),
    "garage": (str, None),
    "draft": (bool, None),
    "weather": (bool, None),
    "pro_legends": (int, None),
    "aggressive_legends": (bool, None),
    "tournament": (bool, None),
    "starting_upgrades": (bool, None),
    "heat_bonus": (int, None),
    "stress_bonus": (int, None),
    "grid": (list, int),
    "weather_token": (str, None),
    "road_tokens": (list, str),
    "press_corners": (list, int),
    "sponsor_deck": (list, str),
    "first_lap_sponsors": (int, None),
    "speed_sponsor": (int, None),
    "pass_sponsor": (int, None),
    "spin_out_eliminates": (bool, None),
}
"""The JSON type of every field of a config other than ``seats`` (and of a list's items)."""
_DEFAULT_CONFIG = RaceConfig(())
"""A config of no seat: every other field its default (``to_json`` leaves those out)."""
_OPTIONAL_FIELDS = frozenset(name for name in RaceConfig.FIELDS if getattr(_DEFAULT_CONFIG, name) is None)
"""The fields a config may set to null (their default)."""
SEAT_FIELD_TYPES: dict[str, tuple[type, type | None]] = {
    "name": (str, None),
    "color": (str, None),
    "handicap": (int, None),
    "legend": (bool, None),
    "upgrades": (list, str),
    "sponsors": (list, str),
    "deck": (list, str),
}
"""The JSON type of every field of a seat (``SeatConfig``); ``name`` and ``color`` are required."""

_TYPE_WORDS = {
    int: Phrase("an integer"),
    bool: Phrase("true or false"),
    str: Phrase("a string"),
    list: Phrase("a list"),
    dict: Phrase("an object"),
}


def typed(
    raw: Mapping[str, Any],
    key: str,
    default: Any,
    kind: type,
    where: str,
    *,
    optional: bool = False,
    index: int | None = None,
) -> Any:
    """``raw[key]`` (``default`` when missing; a missing key without a default is refused), if it
    is of ``kind``: PositionError naming ``where.key`` and the type expected otherwise. A bool is
    not an integer, nor a float; ``optional`` accepts null."""
    value = raw.get(key, default)
    name = f"{where}.{key}" if index is None else f"{where}.{key}[{index}]"
    if value is None and optional:
        return None
    right = is_integer(value) if kind is int else isinstance(value, kind)
    if not right:
        expected = _TYPE_WORDS.get(kind, kind.__name__)
        if optional:
            raise PositionError(
                "{name}: expected {expected} or null, got {got}", name=name, expected=expected, got=described(value)
            )
        raise PositionError(
            "{name}: expected {expected}, got {got}", name=name, expected=expected, got=described(value)
        )
    return value


def read_fields(
    raw: Mapping[str, Any], kinds: Mapping[str, tuple[type, type | None]], where: str, *,
    required: Collection[str] = (), optional: Collection[str] = (),
) -> dict[str, Any]:  # fmt: skip
    """The fields of ``raw`` that ``kinds`` names, each of its kind (``typed``; a list's items of
    the second kind, the list made a tuple): those ``raw`` holds, and the ``required`` ones
    (refused when missing). PositionError naming ``where.key`` and the type expected."""
    values: dict[str, Any] = {}
    for key, (kind, item) in kinds.items():
        if key not in raw and key not in required:
            continue
        value = typed(raw, key, None, kind, where, optional=key in optional)
        if item is not None and value is not None:
            for index, entry in enumerate(value):
                typed({key: entry}, key, None, item, where, index=index)
            value = tuple(value)
        values[key] = value
    return values


def read_config(
    data: object,
    kinds: Mapping[str, tuple[type, type | None]],
    seat_kinds: Mapping[str, tuple[type, type | None]],
    *,
    optional: Collection[str] = (),
) -> dict[str, Any]:
    """The fields of a config read from JSON (a race's or a championship's), as keyword
    arguments of its class: ``seats``, a list of objects whose fields are ``seat_kinds`` (each
    made a ``SeatConfig``), and the others ``kinds`` names (``read_fields``, ``optional`` ones may
    be null). PositionError naming the first bad field and the type expected."""
    if not isinstance(data, Mapping):
        raise PositionError("config: expected an object, got {got}", got=described(data))
    seats_raw = data.get("seats")
    if not isinstance(seats_raw, list):
        raise PositionError("config.seats: expected a list, got {got}", got=described(seats_raw))
    seats = []
    for index, raw in enumerate(seats_raw):
        where = f"config.seats[{index}]"
        if not isinstance(raw, Mapping):
            raise PositionError("{where}: expected {{name, color}}, got {got}", where=where, got=described(raw))
        seats.append(SeatConfig(**read_fields(raw, seat_kinds, where, required=("name", "color"))))
    return {"seats": tuple(seats), **read_fields(data, kinds, "config", optional=optional)}


def check_colors(seats: Sequence[SeatConfig]) -> None:
    """ConfigError unless each seat has its own colour of ``COLORS`` (B-10.3)."""
    colors = [seat.color for seat in seats]
    for color in colors:
        if color not in COLORS:
            raise ConfigError(
                "unknown colour {color}; colours are: {colors}", color=shown(color), colors=", ".join(COLORS)
            )
    if len(set(colors)) != len(colors):
        raise ConfigError("each car needs its own colour (B-10.3)")


def check_pro_legends(pro_legends: object) -> None:
    """ConfigError unless ``pro_legends`` is a whole number from 0 to ``MAX_PRO_LEGENDS`` (L-17)."""
    if not is_integer(pro_legends) or not 0 <= pro_legends <= MAX_PRO_LEGENDS:
        raise ConfigError(
            "Pro Legends add 0 to {most} to the Top Speed, not {value} (L-17)",
            most=MAX_PRO_LEGENDS,
            value=shown(pro_legends),
        )


def default_seats(count: int, names: list[str] | None = None, legends: int = 0) -> tuple[SeatConfig, ...]:
    """``count`` seats in the standard colours, named after the colour unless ``names`` is given;
    the last ``legends`` of them are Legends."""
    if not 1 <= count <= MAX_CARS:
        raise ConfigError("a race has 1 to {most} cars, not {count} (B-0.6)", most=MAX_CARS, count=count)
    if not 0 <= legends <= count:
        raise ConfigError("{legends} Legends do not fit in a race of {count} cars", legends=legends, count=count)
    names = names or [color.capitalize() for color in COLORS[:count]]
    return tuple(SeatConfig(name, COLORS[i], legend=i >= count - legends) for i, name in enumerate(names[:count]))
