"""What a table is before it starts: the race or championship, its modules, each seat's role and
colour, the time control and the secret seed. ``build_game`` makes the engine's game from it once
the players' names are known; the engine judges every setting (ConfigError)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace
from typing import Any

from heat.bots.levels import LEVELS
from heat.engine import COLORS, ConfigError, Race, RaceConfig, SeatConfig, from_position
from heat.engine.championship import KINDS as SEASON_KINDS
from heat.engine.championship import Season, SeasonConfig
from heat.engine.config import GARAGE_DECKS, MAX_CARS
from heat.i18n import N_
from heat.legend_options import LegendOptionWords, check_legend_options

RACE = "race"
CHAMPIONSHIP = "championship"
MODES = (RACE, CHAMPIONSHIP)
HUMAN = "human"
BOT = "bot"
LEGEND = "legend"
SEAT_KINDS = (HUMAN, BOT, LEGEND)
LIVE = "live"
CORRESPONDENCE = "correspondence"
CLOCKS = (LIVE, CORRESPONDENCE)
DAY = 86_400
MAX_NAME = 24
DEFAULT_STANDIN = "club"

WORDS = LegendOptionWords(
    pro="pro_legends {n}",
    chevrons_off="aggressive_legends false",
    pro_remedy="add a Legend seat, or leave pro_legends at 0",
    chevrons_remedy="add a Legend seat, or leave aggressive_legends true",
)
"""The Legends options named as the create request's fields."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat as the creator set it up: ``human`` (open for a player), ``bot`` of a level, or a
    ``legend``; and its colour."""

    kind: str
    color: str
    level: str = ""


@dataclass(frozen=True, slots=True)
class TableSpec:
    """A table before it starts. ``seconds`` is the time per decision (live) or its days in
    seconds (correspondence). ``seed`` is secret: it decides every card (never sent to a seat)."""

    seats: tuple[SeatSpec, ...]
    mode: str = RACE
    track: str = "usa"
    laps: int | None = None
    garage: str | None = None
    draft: bool = True
    weather: bool = False
    tournament: bool = False
    pro_legends: int = 0
    aggressive_legends: bool = True
    season: str = "1961"
    clock: str = LIVE
    seconds: int = 60
    listed: bool = False
    title: str = ""
    standin_level: str = DEFAULT_STANDIN
    seed: int = 0
    chosen_seed: bool = False
    """The creator chose the seed: whoever knows it can foresee the cards (said in the lobby)."""
    position: dict[str, Any] | None = field(default=None, compare=False)
    """A race position to start from instead of a new race (servers started with
    ``--allow-positions``: tutorials and tests)."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (what the database stores; it holds the seed)."""
        data: dict[str, Any] = {
            "mode": self.mode,
            "track": self.track,
            "laps": self.laps,
            "garage": self.garage,
            "draft": self.draft,
            "weather": self.weather,
            "tournament": self.tournament,
            "pro_legends": self.pro_legends,
            "aggressive_legends": self.aggressive_legends,
            "season": self.season,
            "clock": self.clock,
            "seconds": self.seconds,
            "listed": self.listed,
            "title": self.title,
            "standin_level": self.standin_level,
            "seed": self.seed,
            "chosen_seed": self.chosen_seed,
            "seats": [{"kind": s.kind, "color": s.color, "level": s.level} for s in self.seats],
        }
        if self.position is not None:
            data["position"] = self.position
        return data

    def public_json(self) -> dict[str, Any]:
        """What anyone may know: everything but the seed and a start position."""
        data = self.to_json()
        del data["seed"]
        data.pop("position", None)
        data["from_position"] = self.position is not None
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> TableSpec:
        """Read back ``to_json`` (the database's own data: trusted)."""
        values = dict(data)
        values["seats"] = tuple(SeatSpec(**seat) for seat in data["seats"])
        return TableSpec(**values)

    @property
    def legends(self) -> int:
        """How many seats are Legends."""
        return sum(seat.kind == LEGEND for seat in self.seats)

    def default_names(self) -> list[str]:
        """The names of the seats before anyone joins: bots and Legends by colour, humans by number."""
        names = []
        humans = 0
        for seat in self.seats:
            if seat.kind == HUMAN:
                humans += 1
                names.append(f"Player {humans}")
            elif seat.kind == BOT:
                names.append(f"{seat.level.capitalize()} {seat.color.capitalize()}")
            else:
                names.append(f"Legend {seat.color.capitalize()}")
        return names

    def with_bots_for(self, seats: set[int]) -> TableSpec:
        """The spec with a bot of the stand-in level at each of ``seats`` (open seats filled)."""
        changed = tuple(
            replace(seat, kind=BOT, level=self.standin_level) if index in seats else seat
            for index, seat in enumerate(self.seats)
        )
        return replace(self, seats=changed)

    def build_game(self, names: list[str]) -> Race | Season:
        """The engine's race or season with these names; ConfigError if the settings are not a game."""
        seats = tuple(
            SeatConfig(name, seat.color, legend=seat.kind == LEGEND)
            for name, seat in zip(names, self.seats, strict=True)
        )
        if self.position is not None:
            position = dict(self.position)
            cars = [dict(car) for car in position.get("cars", [])]
            for car, name in zip(cars, names, strict=False):
                car["name"] = name
            return from_position({**position, "cars": cars})
        if self.mode == CHAMPIONSHIP:
            return Season(
                SeasonConfig(
                    seats,
                    season=self.season,
                    garage=self.garage or "all",
                    seed=self.seed,
                    tournament=self.tournament,
                    pro_legends=self.pro_legends,
                    aggressive_legends=self.aggressive_legends,
                )
            )
        return Race(
            RaceConfig(
                seats,
                track=self.track,
                laps=self.laps,
                seed=self.seed,
                garage=self.garage,
                draft=self.draft,
                weather=self.weather,
                pro_legends=self.pro_legends,
                aggressive_legends=self.aggressive_legends,
                tournament=self.tournament,
            )
        )


def new_spec(
    seats: list[tuple[str, str | None, str | None]],
    *,
    mode: str = RACE,
    track: str = "usa",
    laps: int | None = None,
    practice: bool = False,
    garage: str | None = None,
    quick_upgrades: bool = False,
    weather: bool = False,
    tournament: bool = False,
    pro_legends: int = 0,
    aggressive_legends: bool = True,
    season: str = "1961",
    clock: str = LIVE,
    seconds: int | None = None,
    days: int | None = None,
    listed: bool = False,
    title: str = "",
    standin_level: str = DEFAULT_STANDIN,
    seed: int | None = None,
    position: dict[str, Any] | None = None,
) -> TableSpec:
    """A checked spec from the create request's settings; ``seats`` are (kind, level, colour).
    ConfigError names the first setting that is wrong, in the request's words."""
    if mode not in MODES:
        raise ConfigError(f"mode: one of {', '.join(MODES)}, not {mode!r}")
    if not 1 <= len(seats) <= MAX_CARS:
        raise ConfigError(f"seats: a race has 1 to {MAX_CARS} cars, not {len(seats)} (B-0.6)")
    chosen = [color for _, _, color in seats if color]
    for color in chosen:
        if color not in COLORS:
            raise ConfigError(f"seats: unknown colour {color!r}; colours are: {', '.join(COLORS)}")
        if chosen.count(color) > 1:
            raise ConfigError(f"seats: two cars cannot both be {color} (B-0.1)")
    free = [color for color in COLORS if color not in chosen]
    specs = []
    for index, (kind, level, wanted) in enumerate(seats):
        if kind not in SEAT_KINDS:
            raise ConfigError(f"seats[{index}].kind: one of {', '.join(SEAT_KINDS)}, not {kind!r}")
        if kind == BOT and (level or "club") not in LEVELS:
            raise ConfigError(f"seats[{index}].level: one of {', '.join(LEVELS)}, not {level!r}")
        if kind != BOT and level:
            raise ConfigError(f"seats[{index}].level: only a bot has a level")
        specs.append(SeatSpec(kind, wanted or free.pop(0), (level or "club") if kind == BOT else ""))
    if position is not None:
        specs = _seats_of_position(position, specs)
    if not any(seat.kind == HUMAN for seat in specs):
        raise ConfigError(N_("seats: no seat is open for a human (watch bots race with 'heat race')"))
    if standin_level not in LEVELS:
        raise ConfigError(f"standin_level: one of {', '.join(LEVELS)}, not {standin_level!r}")
    check_legend_options(pro_legends, aggressive_legends, sum(s.kind == LEGEND for s in specs), WORDS)
    if clock not in CLOCKS:
        raise ConfigError(f"clock: one of {', '.join(CLOCKS)}, not {clock!r}")
    per_decision = _per_decision(clock, seconds, days)
    if mode == CHAMPIONSHIP:
        race_only = {
            "track": track != "usa",
            "laps": laps is not None,
            "practice": practice,
            "quick_upgrades": quick_upgrades,
            "weather": weather,
        }
        given = [name for name, set_ in race_only.items() if set_]
        if given:
            raise ConfigError(
                N_("{fields}: a championship sets these for each race (C-2); leave them out"), fields=", ".join(given)
            )
        if season not in SEASON_KINDS:
            raise ConfigError(f"season: one of {', '.join(SEASON_KINDS)}, not {season!r}")
        if garage is not None and garage not in GARAGE_DECKS:
            raise ConfigError(f"garage: one of {', '.join(GARAGE_DECKS)}, not {garage!r}")
    else:
        if practice and laps is not None:
            raise ConfigError(N_("practice is the 1-lap race (B-10.2): give practice or laps, not both"))
        if quick_upgrades and garage is None:
            raise ConfigError(N_("quick_upgrades deals Upgrade cards (G-18): choose their deck with garage"))
    spec = TableSpec(
        seats=tuple(specs),
        mode=mode,
        track=track,
        laps=1 if practice else laps,
        garage=garage,
        draft=not quick_upgrades,
        weather=weather,
        tournament=tournament,
        pro_legends=pro_legends,
        aggressive_legends=aggressive_legends,
        season=season,
        clock=clock,
        seconds=per_decision,
        listed=listed,
        title=title.strip()[:60],
        standin_level=standin_level,
        seed=seed if seed is not None else secrets.randbelow(2**31),
        chosen_seed=seed is not None,
        position=position,
    )
    spec.build_game(spec.default_names())  # the engine's own checks (ConfigError)
    return spec


def _seats_of_position(position: dict[str, Any], specs: list[SeatSpec]) -> list[SeatSpec]:
    """The seats of a table that starts from ``position``: its cars' colours, a Legend where it
    has one (ConfigError if the seats do not fit its cars)."""
    cars = position.get("cars") if isinstance(position, dict) else None
    if not isinstance(cars, list) or len(cars) != len(specs):
        raise ConfigError("position: give one seat per car of the position")
    fitted = []
    for index, (car, seat) in enumerate(zip(cars, specs, strict=True)):
        legend = isinstance(car, dict) and car.get("legend") is True
        if legend != (seat.kind == LEGEND):
            raise ConfigError(f"seats[{index}]: the position's car {index} {'is' if legend else 'is not'} a Legend")
        color = car.get("color") if isinstance(car, dict) else None
        fitted.append(replace(seat, color=color if isinstance(color, str) else seat.color))
    return fitted


def _per_decision(clock: str, seconds: int | None, days: int | None) -> int:
    if clock == LIVE:
        if days is not None:
            raise ConfigError(N_("days: a live table counts seconds per decision; days are for correspondence"))
        value = 60 if seconds is None else seconds
        if not 1 <= value <= DAY:
            raise ConfigError(N_("seconds: 1 to {most} per decision, not {value}"), most=DAY, value=value)
        return value
    if seconds is not None:
        raise ConfigError(N_("seconds: a correspondence table counts days per decision"))
    value = 3 if days is None else days
    if not 1 <= value <= 30:
        raise ConfigError(N_("days: 1 to {most} per decision, not {value}"), most=30, value=value)
    return value * DAY


def clean_name(text: str) -> str:
    """A display name: printable, trimmed, at most ``MAX_NAME`` characters; ConfigError if empty."""
    name = " ".join("".join(ch for ch in text if ch.isprintable()).split())[:MAX_NAME]
    if not name:
        raise ConfigError(N_("name: type a display name (1 to {most} characters)"), most=MAX_NAME)
    return name
