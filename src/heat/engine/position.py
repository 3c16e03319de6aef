"""Positions: a whole race state as a JSON-ready dict, and back.

A position can express any legal mid-race state at a decision point: the plan phase (steps 1
and 2) or the React, Slipstream or Discard step of the active car. The format is documented in
``docs/positions.md``; most fields have defaults so a scenario needs to state only what matters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from heat.engine import content
from heat.engine.car import Car, TurnState
from heat.engine.config import COLORS, MAX_CARS, RaceConfig, SeatConfig
from heat.engine.decisions import Plan
from heat.engine.errors import DataError, IllegalDecision, PositionError
from heat.engine.race import DISCARD, OVER, PLAN, REACT, RULES_VERSION, SLIPSTREAM, TURN, Race

POSITION_FORMAT = "heat-position"

_TURN_FLAGS = (
    ("adrenaline", "adrenaline"),
    ("adrenaline_move_used", "adrenaline_move_used"),
    ("adrenaline_cooldown_used", "adrenaline_cool_used"),
    ("gear_cooldown_used", "gear_cool_used"),
    ("boost_used", "boost_used"),
)


def to_position(race: Race) -> dict[str, Any]:
    """The complete state of ``race`` (hidden cards and random state included)."""
    ids = race.cards.ids
    cars = []
    for car in race.cars:
        entry: dict[str, Any] = {
            "name": car.name,
            "color": car.color,
            "space": race.space_of(car.pos),
            "lap": race.lap_of(car.pos),
            "lane": car.lane,
            "on_track": car.on_track,
            "finished": car.finished,
            "gear": car.gear,
            "engine": car.engine,
            "hand": [ids[k] for k in car.hand],
            "deck": [ids[k] for k in reversed(car.deck)],
            "discard": [ids[k] for k in car.discard],
            "play": [ids[k] for k in car.play],
            "plan": None if car.plan is None else {"gear": car.plan_gear, "cards": [ids[k] for k in car.plan]},
        }
        cars.append(entry)
    data: dict[str, Any] = {
        "format": POSITION_FORMAT,
        "rules_version": RULES_VERSION,
        "track": race.track.id,
        "laps": race.laps,
        "hand_size": race.hand_size,
        "started_cars": race.started_cars,
        "round": race.round,
        "phase": race.phase,
        "stress_reserve": race.stress_reserve,
        "rng": f"{race.rng.state:#x}",
        "hall_of_fame": race.hall_of_fame[:],
        "cars": cars,
    }
    if race.phase == TURN:
        turn = race.turn
        data["step"] = race.step
        data["order"] = race.order[:]
        data["turn_index"] = race.turn_index
        data["adrenaline_seats"] = list(race.adrenaline_seats)
        data["turn"] = {
            "start_space": race.space_of(turn.start),
            "start_lap": race.lap_of(turn.start),
            "speed": turn.speed,
            **{key: getattr(turn, attribute) for key, attribute in _TURN_FLAGS},
        }
    return data


class _Fields:
    """Typed access to a position's fields, naming the field on error."""

    def __init__(self, data: Mapping[str, Any], path: str) -> None:
        self.data = data
        self.path = path

    def where(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def integer(self, key: str, default: int | None = None, low: int | None = None, high: int | None = None) -> int:
        value = self.data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise PositionError(f"{self.where(key)}: expected an integer, got {value!r}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise PositionError(f"{self.where(key)}: must be between {low} and {high}, got {value}")
        return value

    def boolean(self, key: str, default: bool) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise PositionError(f"{self.where(key)}: expected true or false, got {value!r}")
        return value

    def text(self, key: str, default: str | None = None) -> str:
        value = self.data.get(key, default)
        if not isinstance(value, str):
            raise PositionError(f"{self.where(key)}: expected a string, got {value!r}")
        return value

    def cards(self, key: str, race: Race) -> list[int]:
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise PositionError(f"{self.where(key)}: expected a list of card ids, got {value!r}")
        kinds = []
        for index, card_id in enumerate(value):
            try:
                kinds.append(race.cards.kind(str(card_id)))
            except IllegalDecision as error:
                raise PositionError(f"{self.where(key)}[{index}]: {error}") from None
        return kinds

    def seats(self, key: str, count: int) -> list[int]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(s, int) and 0 <= s < count for s in value):
            raise PositionError(f"{self.where(key)}: expected a list of seat numbers 0..{count - 1}, got {value!r}")
        if len(set(value)) != len(value):
            raise PositionError(f"{self.where(key)}: a seat is listed twice in {value!r}")
        return list(value)


def from_position(data: Any, *, record_events: bool = True) -> Race:
    """Build a race from a position dict; raise PositionError naming the first bad field."""
    if not isinstance(data, Mapping):
        raise PositionError(f"a position must be a JSON object, got {type(data).__name__}")
    fields = _Fields(data, "")
    if "format" in data and data["format"] != POSITION_FORMAT:
        raise PositionError(f"format: expected {POSITION_FORMAT!r}, got {data['format']!r}")
    version = data.get("rules_version", RULES_VERSION)
    if version != RULES_VERSION:
        raise PositionError(f"rules_version: this engine plays rules version {RULES_VERSION}, not {version!r}")
    try:
        track = content.track(fields.text("track", "usa"))
    except DataError as error:
        raise PositionError(f"track: {error}") from None
    cars_raw = data.get("cars")
    if not isinstance(cars_raw, list) or not 1 <= len(cars_raw) <= MAX_CARS:
        raise PositionError(f"cars: expected a list of 1 to {MAX_CARS} cars, got {cars_raw!r}")
    seats = []
    for index, raw in enumerate(cars_raw):
        if not isinstance(raw, Mapping):
            raise PositionError(f"cars[{index}]: expected an object, got {raw!r}")
        car_fields = _Fields(raw, f"cars[{index}]")
        color = car_fields.text("color", COLORS[index])
        if color not in COLORS:
            raise PositionError(f"cars[{index}].color: unknown colour {color!r}")
        seats.append(SeatConfig(car_fields.text("name", color.capitalize()), color))
    if len({seat.color for seat in seats}) != len(seats):
        raise PositionError("cars: each car needs its own colour")
    laps = fields.integer("laps", track.laps, 1, 20)
    config = RaceConfig(
        seats=tuple(seats),
        track=track.id,
        laps=laps,
        seed=0,
        hand_size=fields.integer("hand_size", 7, 1, 12),
    )
    race = Race.__new__(Race)
    race._init_common(config, track, record_events)
    race.started_cars = fields.integer("started_cars", len(seats), len(seats), MAX_CARS)
    race.round = fields.integer("round", 1, 1)
    race.stress_reserve = fields.integer("stress_reserve", 0, 0)
    rng_raw = data.get("rng", 0)
    try:
        race.rng.state = int(rng_raw, 0) if isinstance(rng_raw, str) else int(rng_raw)
    except (TypeError, ValueError):
        raise PositionError(f"rng: expected an integer or hex string, got {rng_raw!r}") from None
    race.cars = [_read_car(race, index, raw) for index, raw in enumerate(cars_raw)]
    _place_cars(race)
    race.hall_of_fame = fields.seats("hall_of_fame", len(seats))
    for seat in race.hall_of_fame:
        if race.cars[seat].on_track:
            raise PositionError(f"hall_of_fame: car {seat} is in the Hall of Fame but still on the track")
    for car in race.cars:
        if not car.on_track and car.seat not in race.hall_of_fame:
            raise PositionError(f"cars[{car.seat}]: a car off the track must be in the Hall of Fame")
    phase = fields.text("phase", PLAN)
    if phase not in (PLAN, TURN, OVER):
        raise PositionError(f"phase: expected 'plan', 'turn' or 'over', got {phase!r}")
    race.phase = phase
    if phase == TURN:
        _read_turn(race, fields)
    else:
        for car in race.cars:
            if car.play:
                raise PositionError(f"cars[{car.seat}].play: the play area is empty outside a car's turn")
        if phase == OVER and any(car.on_track for car in race.cars):
            raise PositionError("phase: the race cannot be over while cars are on the track")
        if phase == PLAN and not any(car.on_track for car in race.cars):
            raise PositionError("phase: no car is on the track; the phase must be 'over'")
    if phase != PLAN:
        for car in race.cars:
            if car.plan is not None:
                raise PositionError(f"cars[{car.seat}].plan: plans are committed only in the plan phase")
    if phase == PLAN:
        for car in race.cars:
            if car.plan is None:
                continue
            if not car.on_track:
                raise PositionError(f"cars[{car.seat}].plan: a car off the track has no plan")
            try:
                race._check_plan(car, Plan(car.plan_gear, race.cards.names(car.plan)))
            except IllegalDecision as error:
                raise PositionError(f"cars[{car.seat}].plan: {error}") from None
    race.start_position = to_position(race)
    return race


def _read_car(race: Race, index: int, raw: Mapping[str, Any]) -> Car:
    fields = _Fields(raw, f"cars[{index}]")
    seat = race.config.seats[index]
    car = Car(index, seat.name, seat.color)
    spaces = race.spaces
    space = fields.integer("space", spaces, 1, spaces)
    lap = fields.integer("lap", 0, 0, race.laps + 1)
    car.pos = (lap - 1) * spaces + space
    car.on_track = fields.boolean("on_track", True)
    car.finished = fields.boolean("finished", car.pos > race.finish)
    if car.on_track and car.finished != (car.pos > race.finish):
        raise PositionError(
            f"{fields.where('finished')}: a car on the track has finished exactly when it is past the finish line"
        )
    if not car.on_track and not car.finished:
        raise PositionError(f"{fields.where('on_track')}: only finished cars leave the track")
    lane = raw.get("lane")
    if lane is not None:
        car.lane = fields.integer("lane", 1, 1, race.track.spots_per_space)
    else:
        car.lane = 0  # chosen in _place_cars
    car.gear = fields.integer("gear", 1, 1, 4)
    car.engine = fields.integer("engine", race.track.heat, 0)
    car.hand = fields.cards("hand", race)
    car.deck = fields.cards("deck", race)
    car.deck.reverse()
    car.discard = fields.cards("discard", race)
    car.play = fields.cards("play", race)
    plan = raw.get("plan")
    if plan is not None:
        if not isinstance(plan, Mapping):
            raise PositionError(f"{fields.where('plan')}: expected {{gear, cards}} or null, got {plan!r}")
        plan_fields = _Fields(plan, fields.where("plan"))
        car.plan_gear = plan_fields.integer("gear", None, 1, 4)
        car.plan = plan_fields.cards("cards", race)
    return car


def _place_cars(race: Race) -> None:
    spots = race.track.spots_per_space
    for car in sorted(race.cars, key=lambda c: c.lane == 0):
        if not car.on_track:
            continue
        if car.lane == 0:
            space = race.space_of(car.pos)
            lanes = [race.track.raceline[space]] + [
                lane for lane in range(1, spots + 1) if lane != race.track.raceline[space]
            ]
            free = [lane for lane in lanes if race.occupancy[race._slot(car.pos, lane)] < 0]
            if not free:
                raise PositionError(f"cars[{car.seat}]: space {race.space_of(car.pos)} has no free spot")
            car.lane = free[0]
        slot = race._slot(car.pos, car.lane)
        if race.occupancy[slot] >= 0:
            other = race.occupancy[slot]
            raise PositionError(
                f"cars[{car.seat}]: space {race.space_of(car.pos)} lane {car.lane} is already taken by cars[{other}]"
            )
        race.occupancy[slot] = car.seat


def _read_turn(race: Race, fields: _Fields) -> None:
    step = fields.text("step", "")
    if step not in (REACT, SLIPSTREAM, DISCARD):
        raise PositionError(
            f"step: a position in the turn phase stops at 'react', 'slipstream' or 'discard', got {step!r}"
        )
    race.step = step
    racing = [car.seat for car in race.cars if car.on_track]
    order_default = sorted(racing, key=lambda s: race._position_key(race.cars[s]), reverse=True)
    race.order = fields.seats("order", len(race.cars)) if "order" in fields.data else order_default
    if sorted(race.order) != sorted(car.seat for car in race.cars if car.on_track):
        raise PositionError("order: must list every car on the track exactly once")
    race.turn_index = fields.integer("turn_index", 0, 0, len(race.order) - 1)
    default_adrenaline = race.order[-(2 if race.started_cars >= 5 else 1) :]
    race.adrenaline_seats = tuple(
        fields.seats("adrenaline_seats", len(race.cars)) if "adrenaline_seats" in fields.data else default_adrenaline
    )
    raw = fields.data.get("turn", {})
    if not isinstance(raw, Mapping):
        raise PositionError(f"turn: expected an object, got {raw!r}")
    turn_fields = _Fields(raw, "turn")
    active = race.cars[race.order[race.turn_index]]
    turn = race.turn = TurnState(active.pos)
    if "start_space" in raw:
        start_lap = turn_fields.integer("start_lap", race.lap_of(active.pos), 0, race.laps + 1)
        turn.start = (start_lap - 1) * race.spaces + turn_fields.integer("start_space", None, 1, race.spaces)
    if turn.start > active.pos:
        raise PositionError("turn.start_space: the active car cannot be behind where its turn started")
    turn.speed = turn_fields.integer("speed", 0, 0)
    for key, attribute in _TURN_FLAGS:
        setattr(turn, attribute, turn_fields.boolean(key, False))
    if turn.adrenaline and active.seat not in race.adrenaline_seats:
        raise PositionError("turn.adrenaline: the active car is not among the Adrenaline seats")
    if step == REACT and not race._react_options(active):
        raise PositionError("step: the active car has no symbol left to use in the React step")
    if step == SLIPSTREAM and not race.slipstream_allowed(active):
        raise PositionError("step: the active car cannot slipstream from where it stands")
    if step == DISCARD and not any(race.cards.discardable[k] for k in active.hand):
        raise PositionError("step: the active car has no card it may discard")
    for index, seat in enumerate(race.order):
        car = race.cars[seat]
        if index < race.turn_index and car.play:
            raise PositionError(f"cars[{seat}].play: a car whose turn is over has an empty play area")
        if index > race.turn_index and not car.play:
            raise PositionError(f"cars[{seat}].play: a car still to take its turn has its played cards face down")
