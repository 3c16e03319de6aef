"""Positions: a whole race state as a JSON-ready dict, and back.

A position can express any legal mid-race state at a decision point: the plan phase (steps 1
and 2) or the React, Slipstream or Discard step of the active car. The format is documented in
``docs/positions.md``; most fields have defaults so a scenario needs to state only what matters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from heat.engine import board, content, garage, mechanics, plan, turns
from heat.engine.car import Car, TurnState
from heat.engine.config import COLORS, MAX_CARS, RaceConfig, SeatConfig, name_problem
from heat.engine.decisions import Plan
from heat.engine.errors import DataError, IllegalDecision, PositionError, described, is_integer, shown
from heat.engine.invariants import check_state
from heat.engine.race import Race
from heat.engine.state import (
    CHOOSE,
    DECISION_STEPS,
    DISCARD,
    DRAFT,
    OVER,
    PLAN,
    REACT,
    REFRESH,
    RULES_VERSION,
    SLIPSTREAM,
    TURN,
    DraftState,
    RaceSetup,
    RaceState,
)
from heat.engine.weather import Conditions

POSITION_FORMAT = "heat-position"
MAX_ROUND = 1000
"""The latest round a position may stand at: a race of 20 laps ends long before."""
MAX_COUNT = 999
"""The most a count of a position may be (Heat in an Engine, the Speed of a turn...): far above
any a race reaches, and a number that does not grow without bound in what it writes."""

_TURN_FLAGS = (
    ("adrenaline", "adrenaline"),
    ("adrenaline_move_used", "adrenaline_move_used"),
    ("adrenaline_cooldown_used", "adrenaline_cool_used"),
    ("gear_cooldown_used", "gear_cool_used"),
    ("boost_used", "boost_used"),
    ("weather_cooldown_used", "weather_cool_used"),
)
_TURN_COUNTS = ("adjust", "plus_used", "accelerate", "slip_boost")
_OPTIONS = (
    ("pro_legends", 0),
    ("aggressive_legends", True),
    ("tournament", False),
    ("first_lap_sponsors", 0),
    ("speed_sponsor", 0),
    ("pass_sponsor", 0),
    ("spin_out_eliminates", False),
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
            "lane": car.lane or None,  # 0: a car off the track, read without a lane, has no spot
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
        if car.legend:
            entry["legend"] = True
        if car.upgrades:
            entry["upgrades"] = [ids[k] for k in car.upgrades]
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
    config = race.config
    options = {key: getattr(config, key) for key, default in _OPTIONS if getattr(config, key) != default}
    if config.press_corners:
        options["press_corners"] = list(config.press_corners)
    if options:
        data["options"] = options
    if race.sponsor_deck or race.sponsor_used or race.first_lap_count:
        data["sponsors"] = {
            "deck": [ids[k] for k in reversed(race.sponsor_deck)],
            "used": [ids[k] for k in race.sponsor_used],
            "first_lap": race.first_lap_count,
        }
    if race.eliminated:
        data["eliminated"] = race.eliminated[:]
    if race.conditions is not None:
        weather = race.conditions.weather
        data["weather"] = {
            "token": weather.id if weather is not None else None,
            "road": [token.id if token is not None else None for token in race.conditions.road],
        }
    if any(car.legend for car in race.cars):
        data["legends"] = {
            "deck": [number + 1 for number in reversed(race.legends_deck)],
            "card": race.legends_card + 1 if race.legends_card >= 0 else None,
        }
    if race.draft is not None:
        draft = race.draft
        data["draft"] = {
            "round": draft.round,
            "rounds": draft.rounds,
            "market": [ids[k] for k in draft.market],
            "order": draft.order[:],
            "index": draft.index,
            "pool": [ids[k] for k in reversed(race.upgrade_pool)],
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
        extra: dict[str, Any] = {key: getattr(turn, key) for key in _TURN_COUNTS if getattr(turn, key)}
        if turn.symbols:
            extra["symbols"] = [[symbol, amount, ids[kind]] for symbol, amount, kind in turn.symbols]
        if turn.choices:
            extra["choices"] = turn.choices[:]
        data["turn"].update(extra)
    return data


class _Fields:
    """Typed access to a position's fields, naming the field on error."""

    def __init__(self, data: Mapping[str, Any], path: str) -> None:
        self.data = data
        self.path = path

    def where(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def integer(self, key: str, default: int | None = None, low: int | None = None, high: int | None = None) -> int:
        value = self.data.get(key, default)  # Any until checked: see is_integer
        if not is_integer(value):
            raise PositionError("{where}: expected an integer, got {got}", where=self.where(key), got=described(value))
        if (low is not None and value < low) or (high is not None and value > high):
            where, got = self.where(key), shown(value)
            if low is not None and high is not None:
                raise PositionError(
                    "{where}: must be between {low} and {high}, got {got}", where=where, low=low, high=high, got=got
                )
            if low is not None:
                raise PositionError("{where}: must be at least {low}, got {got}", where=where, low=low, got=got)
            raise PositionError("{where}: must be at most {high}, got {got}", where=where, high=high, got=got)
        return value

    def boolean(self, key: str, default: bool) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise PositionError(
                "{where}: expected true or false, got {got}", where=self.where(key), got=described(value)
            )
        return value

    def text(self, key: str, default: str | None = None) -> str:
        value = self.data.get(key, default)
        if not isinstance(value, str):
            raise PositionError("{where}: expected a string, got {got}", where=self.where(key), got=described(value))
        return value

    def cards(self, key: str, race: RaceState) -> list[int]:
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise PositionError(
                "{where}: expected a list of card ids, got {got}", where=self.where(key), got=described(value)
            )
        kinds = []
        for index, card_id in enumerate(value):
            if not isinstance(card_id, str):  # "1" is a card; 1 is a number
                raise PositionError(
                    "{where}[{index}]: expected a card id (a string), got {got}",
                    where=self.where(key),
                    index=index,
                    got=described(card_id),
                )
            try:
                kinds.append(race.setup.cards.kind(card_id))
            except IllegalDecision as error:
                raise PositionError(
                    "{where}[{index}]: {error}", where=self.where(key), index=index, error=error
                ) from None
        return kinds

    def pile(self, key: str, race: RaceState) -> list[int]:
        """The cards of a pile: an Extra Heat card there is a Heat card (G-8)."""
        becomes = race.setup.cards.becomes
        return [becomes[kind] for kind in self.cards(key, race)]

    def seats(self, key: str, count: int) -> list[int]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(is_integer(s) and 0 <= s < count for s in value):
            raise PositionError(
                "{where}: expected a list of seat numbers 0..{last}, got {got}",
                where=self.where(key),
                last=count - 1,
                got=described(value),
            )
        if len(set(value)) != len(value):
            raise PositionError("{where}: a seat is listed twice in {seats}", where=self.where(key), seats=shown(value))
        return list(value)


def from_position(data: Any, *, record_events: bool = True, check_cards: bool = True) -> Race:
    """Build a race from a position dict; raise PositionError naming the first bad field or the
    first invariant of ``heat.engine.invariants.check_state`` it breaks. ``check_cards=False``
    leaves out the cards each car may own: a rule scenario may give a car five 4s to isolate a
    rule (``tests/scenario.py``); a position read from a file is always checked in full."""
    if not isinstance(data, Mapping):
        raise PositionError("a position must be a JSON object, got {got}", got=described(data))
    fields = _Fields(data, "")
    if "format" in data and data["format"] != POSITION_FORMAT:
        raise PositionError(
            "format: expected {expected}, got {got}", expected=repr(POSITION_FORMAT), got=described(data["format"])
        )
    check_rules_version(data.get("rules_version", RULES_VERSION), "position")
    try:
        track = content.track(fields.text("track", "usa"))
    except DataError as error:
        raise PositionError("track: {error}", error=error) from None
    cars_raw = data.get("cars")
    if not isinstance(cars_raw, list) or not 1 <= len(cars_raw) <= MAX_CARS:
        raise PositionError(
            "cars: expected a list of 1 to {most} cars, got {got}", most=MAX_CARS, got=described(cars_raw)
        )
    seats = []
    for index, raw in enumerate(cars_raw):
        if not isinstance(raw, Mapping):
            raise PositionError("cars[{index}]: expected an object, got {got}", index=index, got=described(raw))
        car_fields = _Fields(raw, f"cars[{index}]")
        color = car_fields.text("color", COLORS[index])
        if color not in COLORS:
            raise PositionError("cars[{index}].color: unknown colour {color}", index=index, color=shown(color))
        name = car_fields.text("name", color.capitalize())
        problem = name_problem(name)
        if problem is not None:
            raise PositionError("cars[{index}].name: {problem}", index=index, problem=problem)
        seats.append(SeatConfig(name, color, legend=car_fields.boolean("legend", False)))
    if len({seat.color for seat in seats}) != len(seats):
        raise PositionError("cars: each car needs its own colour")
    laps = fields.integer("laps", track.laps, 1, 20)
    options_raw = data.get("options", {})
    if not isinstance(options_raw, Mapping):
        raise PositionError("options: expected an object, got {got}", got=described(options_raw))
    options = _Fields(options_raw, "options")
    for key in options_raw:
        if key not in dict(_OPTIONS) and key != "press_corners":
            raise PositionError("options.{key}: unknown option", key=key)
    press = options_raw.get("press_corners", [])
    if not isinstance(press, list) or not all(is_integer(n) and 1 <= n <= len(track.corners) for n in press):
        raise PositionError(
            "options.press_corners: expected corner numbers 1-{last}, got {got}",
            last=len(track.corners),
            got=described(press),
        )
    drafting = data.get("phase") == DRAFT  # the Garage draft: cars are built without Starting Upgrades (G-3)
    config = RaceConfig(
        seats=tuple(seats),
        track=track.id,
        laps=laps,
        seed=0,
        hand_size=fields.integer("hand_size", 7, 1, 12),
        starting_upgrades=not drafting,
        pro_legends=options.integer("pro_legends", 0, 0, 10),
        aggressive_legends=options.boolean("aggressive_legends", True),
        tournament=options.boolean("tournament", False),
        press_corners=tuple(press),
        first_lap_sponsors=options.integer("first_lap_sponsors", 0, 0, 6),
        speed_sponsor=options.integer("speed_sponsor", 0, 0, 99),
        pass_sponsor=options.integer("pass_sponsor", 0, 0, 6),
        spin_out_eliminates=options.boolean("spin_out_eliminates", False),
    )
    race = RaceState(RaceSetup(config, track), record_events=record_events)
    race.started_cars = fields.integer("started_cars", len(seats), len(seats), MAX_CARS)
    race.round = fields.integer("round", 0, 0, 0) if drafting else fields.integer("round", 1, 1, MAX_ROUND)
    race.stress_reserve = fields.integer("stress_reserve", 0, 0, MAX_COUNT)
    race.rng.state = _rng_state(data.get("rng", 0))
    race.cars = [_read_car(race, index, raw) for index, raw in enumerate(cars_raw)]
    _place_cars(race)
    _read_modules(race, fields)
    mechanics.update_card_caches(race)
    race.hall_of_fame = fields.seats("hall_of_fame", len(seats))
    for seat in race.hall_of_fame:
        if not race.cars[seat].finished:
            raise PositionError("hall_of_fame: car {seat} is in the Hall of Fame but has not finished", seat=seat)
        if race.cars[seat].on_track:
            raise PositionError("hall_of_fame: car {seat} is in the Hall of Fame but still on the track", seat=seat)
    for car in race.cars:
        if not car.on_track and car.seat not in race.hall_of_fame and car.seat not in race.eliminated:
            raise PositionError(
                "cars[{seat}]: a car off the track must be in the Hall of Fame or eliminated", seat=car.seat
            )
    phase = fields.text("phase", PLAN)
    if phase not in (PLAN, TURN, OVER, DRAFT):
        raise PositionError("phase: expected 'draft', 'plan', 'turn' or 'over', got {got}", got=described(phase))
    race.phase = phase
    if (phase == DRAFT) != (race.draft is not None):
        raise PositionError("draft: a position has a draft exactly when its phase is 'draft'")
    if phase == TURN:
        _read_turn(race, fields)
    else:
        for car in race.cars:
            if car.play:
                raise PositionError("cars[{seat}].play: the play area is empty outside a car's turn", seat=car.seat)
        if phase == OVER and any(car.on_track for car in race.cars):
            raise PositionError("phase: the race cannot be over while cars are on the track")
        if phase == PLAN and not any(car.on_track for car in race.cars):
            raise PositionError("phase: no car is on the track; the phase must be 'over'")
    if phase != PLAN:
        for car in race.cars:
            if car.plan is not None:
                raise PositionError("cars[{seat}].plan: plans are committed only in the plan phase", seat=car.seat)
    if phase == PLAN:
        for car in race.cars:
            if car.plan is None:
                continue
            if not car.on_track:
                raise PositionError("cars[{seat}].plan: a car off the track has no plan", seat=car.seat)
            try:
                plan.check_plan(race, car, Plan(car.plan_gear, race.setup.cards.names(car.plan)))
            except IllegalDecision as refusal:  # not `error`: mypyc types a name once per function
                raise PositionError("cars[{seat}].plan: {error}", seat=car.seat, error=refusal) from None
    mechanics.update_card_caches(race)
    check_state(race, cards=check_cards)
    loaded = Race(config, state=race)
    race.start_position = to_position(loaded)
    return loaded


RNG_STATES = 1 << 64
"""The random generator's state is a 64-bit unsigned integer (``heat.engine.rng``)."""


def _rng_state(value: Any) -> int:
    """The ``rng`` field: an integer 0 to 2^64 - 1, or a string of one (``"0x1f"``, ``"31"``)."""
    state: int | None = value if is_integer(value) else None
    if isinstance(value, str) and len(value) <= 2 + 20:  # "0x" and 16 hex digits, or 20 decimal ones
        try:
            state = int(value, 0)
        except ValueError:
            state = None
    if state is None or not 0 <= state < RNG_STATES:
        raise PositionError(
            "rng: expected the random state, an integer 0 to 2^64 - 1 or a hex string, got {got}", got=described(value)
        )
    return state


def check_rules_version(version: Any, what: Literal["position", "record", "season"]) -> None:
    """PositionError unless ``version`` is this engine's ``RULES_VERSION`` (a string), saying
    which version ``what`` (a position, a record, a season) was made with, or what it holds."""
    if version == RULES_VERSION:
        return
    if isinstance(version, str):
        # One sentence for each ``what``: a translation may inflect it (la position, le record).
        versions = {"version": repr(version), "engine_version": repr(RULES_VERSION)}
        if what == "record":
            raise PositionError(
                "rules_version: this record was made with rules version {version}; this engine plays version "
                "{engine_version}, and a game replays only under the rules it was played with",
                **versions,
            )
        if what == "season":
            raise PositionError(
                "rules_version: this season was made with rules version {version}; this engine plays version "
                "{engine_version}, and a game replays only under the rules it was played with",
                **versions,
            )
        raise PositionError(
            "rules_version: this position was made with rules version {version}; this engine plays version "
            "{engine_version}, and a game replays only under the rules it was played with",
            **versions,
        )
    raise PositionError(
        "rules_version: expected a version string such as {example}, got {got}",
        example=repr(RULES_VERSION),
        got=described(version),
    )


def _read_car(race: RaceState, index: int, raw: Mapping[str, Any]) -> Car:
    fields = _Fields(raw, f"cars[{index}]")
    seat = race.setup.config.seats[index]
    car = Car(index, seat.name, seat.color, seat.legend)
    car.upgrades = fields.cards("upgrades", race)
    spaces = race.setup.spaces
    space = fields.integer("space", spaces, 1, spaces)
    lap = fields.integer("lap", 0, 0, race.setup.laps + 1)
    car.pos = board.progress(space, lap, spaces)
    car.on_track = fields.boolean("on_track", True)
    car.finished = fields.boolean("finished", car.pos > race.setup.finish)
    if car.on_track and car.finished != (car.pos > race.setup.finish):
        raise PositionError(
            "{where}: a car on the track has finished exactly when it is past the finish line",
            where=fields.where("finished"),
        )
    lane = raw.get("lane")
    if lane is not None:
        car.lane = fields.integer("lane", 1, 1, race.setup.track.spots_per_space)
    else:
        car.lane = 0  # chosen in _place_cars
    car.gear = fields.integer("gear", 1, 1, 4)
    car.engine = fields.integer("engine", race.setup.track.heat, 0, MAX_COUNT)
    car.hand = fields.pile("hand", race)
    car.deck = fields.pile("deck", race)
    car.deck.reverse()
    car.discard = fields.pile("discard", race)
    car.play = fields.pile("play", race)
    plan = raw.get("plan")
    if plan is not None:
        if not isinstance(plan, Mapping):
            raise PositionError(
                "{where}: expected {{gear, cards}} or null, got {got}", where=fields.where("plan"), got=described(plan)
            )
        plan_fields = _Fields(plan, fields.where("plan"))
        car.plan_gear = plan_fields.integer("gear", None, 1, 4)
        car.plan = plan_fields.pile("cards", race)
    if car.legend and (car.hand or car.deck or car.discard or car.play or car.upgrades or plan is not None):
        raise PositionError(
            "cars[{index}]: {car} is a Legend: Legends have no cards and never plan (L-2, L-14)",
            index=index,
            car=car.name,
        )
    return car


def _place_cars(race: RaceState) -> None:
    spots = race.setup.track.spots_per_space
    for car in sorted(race.cars, key=lambda c: c.lane == 0):
        if not car.on_track:
            continue
        if car.lane == 0:
            space = race.space_of(car.pos)
            lanes = [race.setup.track.raceline[space]] + [
                lane for lane in range(1, spots + 1) if lane != race.setup.track.raceline[space]
            ]
            free = [lane for lane in lanes if race.occupancy[mechanics.slot(race, car.pos, lane)] < 0]
            if not free:
                raise PositionError(
                    "cars[{seat}]: space {space} has no free spot", seat=car.seat, space=race.space_of(car.pos)
                )
            car.lane = free[0]
        slot = mechanics.slot(race, car.pos, car.lane)
        if race.occupancy[slot] >= 0:
            other = race.occupancy[slot]
            raise PositionError(
                "cars[{seat}]: space {space} lane {lane} is already taken by cars[{other}]",
                seat=car.seat,
                space=race.space_of(car.pos),
                lane=car.lane,
                other=other,
            )
        race.occupancy[slot] = car.seat


def _read_turn(race: RaceState, fields: _Fields) -> None:
    step = fields.text("step", "")
    if step not in DECISION_STEPS:
        raise PositionError(
            "step: a position in the turn phase stops at one of {steps}, got {got}",
            steps=", ".join(DECISION_STEPS),
            got=described(step),
        )
    race.step = step
    racing = [car.seat for car in race.cars if car.on_track]
    order_default = sorted(racing, key=lambda s: mechanics.position_key(race, race.cars[s]), reverse=True)
    race.order = fields.seats("order", len(race.cars)) if "order" in fields.data else order_default
    on_track = set(racing)
    if not on_track <= set(race.order) <= on_track | set(race.eliminated):  # C-21: eliminated this round
        raise PositionError("order: must list every car on the track exactly once")
    race.turn_index = fields.integer("turn_index", 0, 0, len(race.order) - 1)
    if race.order[race.turn_index] not in on_track:
        raise PositionError("turn_index: the active car must be on the track")
    default_adrenaline = race.order[-(2 if race.started_cars >= 5 else 1) :]
    race.adrenaline_seats = tuple(
        fields.seats("adrenaline_seats", len(race.cars)) if "adrenaline_seats" in fields.data else default_adrenaline
    )
    raw = fields.data.get("turn", {})
    if not isinstance(raw, Mapping):
        raise PositionError("turn: expected an object, got {got}", got=described(raw))
    turn_fields = _Fields(raw, "turn")
    active = race.cars[race.order[race.turn_index]]
    turn = race.turn = TurnState(active.pos)
    if "start_space" in raw:
        start_lap = turn_fields.integer("start_lap", race.lap_of(active.pos), 0, race.setup.laps + 1)
        spaces = race.setup.spaces
        turn.start = board.progress(turn_fields.integer("start_space", None, 1, spaces), start_lap, spaces)
    if turn.start > active.pos:
        raise PositionError("turn.start_space: the active car cannot be behind where its turn started")
    turn.speed = turn_fields.integer("speed", 0, 0, MAX_COUNT)
    for key, attribute in _TURN_FLAGS:
        setattr(turn, attribute, turn_fields.boolean(key, False))
    for key in _TURN_COUNTS:
        setattr(turn, key, turn_fields.integer(key, 0, -10 if key == "adjust" else 0, MAX_COUNT))
    symbols = raw.get("symbols", [])
    if not isinstance(symbols, list):
        raise PositionError(
            "turn.symbols: expected a list of [symbol, amount, card], got {got}", got=described(symbols)
        )
    for index, entry in enumerate(symbols):
        known = ("heat", "scrap", "adjust", "cooldown", "reduce-stress", "salvage", "accelerate")
        if (
            not isinstance(entry, list)
            or len(entry) != 3
            or entry[0] not in known
            or not is_integer(entry[1])
            or not isinstance(entry[2], str)
        ):
            raise PositionError(
                "turn.symbols[{index}]: expected [symbol, amount, card] with a symbol of {known}",
                index=index,
                known=known,
            )
        try:
            kind = race.setup.cards.kind(entry[2])
        except IllegalDecision as error:
            raise PositionError("turn.symbols[{index}]: {error}", index=index, error=error) from None
        turn.symbols.append((entry[0], entry[1], kind))
    choices = raw.get("choices", [])
    if not isinstance(choices, list) or not all(is_integer(i) and 0 <= i < len(active.play) for i in choices):
        raise PositionError(
            "turn.choices: expected play-area indices of choice cards, got {got}", got=described(choices)
        )
    for index in choices:
        if not race.setup.cards.choices[active.play[index]]:
            raise PositionError("turn.choices: play[{index}] is not a card with several Speed values", index=index)
    turn.choices = list(choices)
    if turn.adrenaline and active.seat not in race.adrenaline_seats:
        raise PositionError("turn.adrenaline: the active car is not among the Adrenaline seats")
    turn.simple = turns.simple(race, active)
    if step == REACT and not turns.react_options(race, active):
        raise PositionError("step: the active car has no symbol left to use in the React step")
    if step == SLIPSTREAM and not turns.slipstream_allowed(race, active):
        raise PositionError("step: the active car cannot slipstream from where it stands")
    if step == CHOOSE and not turn.choices:
        raise PositionError("step: the Choose step needs turn.choices")
    if step == REFRESH and not garage.refreshable(race, active):
        raise PositionError("step: the active car has no played card with Refresh")
    if active.legend:
        raise PositionError("order: a Legend never stops at a decision step")
    if step == DISCARD and not any(race.setup.cards.discardable[k] for k in active.hand):
        raise PositionError("step: the active car has no card it may discard")
    for index, seat in enumerate(race.order):
        car = race.cars[seat]
        if index < race.turn_index and car.play:
            raise PositionError("cars[{seat}].play: a car whose turn is over has an empty play area", seat=seat)
        if index > race.turn_index and not car.play and not car.legend:  # a Legend plays no cards (L-2)
            raise PositionError(
                "cars[{seat}].play: a car still to take its turn has its played cards face down", seat=seat
            )


def _read_modules(race: RaceState, fields: _Fields) -> None:
    """The Weather & Road Conditions, Legends and draft parts of a position."""
    data = fields.data
    weather_raw = data.get("weather")
    if weather_raw is not None:
        if not isinstance(weather_raw, Mapping):
            raise PositionError("weather: expected {{token, road}}, got {got}", got=described(weather_raw))
        weather_tokens, road_tokens = content.weather_tokens()
        token_id = weather_raw.get("token")
        token = next((t for t in weather_tokens if t.id == token_id), None)
        if token is None and token_id is not None:
            raise PositionError("weather.token: unknown Weather token {token}", token=shown(token_id))
        road_raw = weather_raw.get("road", [])
        by_id = {t.id: t for t in road_tokens}
        if not isinstance(road_raw, list) or len(road_raw) != len(race.setup.track.corners):
            raise PositionError(
                "weather.road: expected one token id (or null) per corner, got {got}", got=described(road_raw)
            )
        for index, token_id in enumerate(road_raw):
            if token_id is not None and (not isinstance(token_id, str) or token_id not in by_id):
                raise PositionError(
                    "weather.road[{index}]: unknown Road Conditions token {token}", index=index, token=shown(token_id)
                )
        road = tuple(by_id[t] if t is not None else None for t in road_raw)
        race.conditions = Conditions(race.setup.track, token, road)
    legends_raw = data.get("legends")
    count = len(content.legends_cards())
    if legends_raw is not None:
        if not isinstance(legends_raw, Mapping):
            raise PositionError("legends: expected {{deck, card}}, got {got}", got=described(legends_raw))
        deck = legends_raw.get("deck", [])
        card = legends_raw.get("card")
        if not isinstance(deck, list) or not all(is_integer(n) and 1 <= n <= count for n in deck):
            raise PositionError(
                "legends.deck: expected Legends card numbers 1-{count}, top first, got {got}",
                count=count,
                got=described(deck),
            )
        if card is not None and (not is_integer(card) or not 1 <= card <= count):
            raise PositionError(
                "legends.card: expected a Legends card number 1-{count} or null, got {got}",
                count=count,
                got=described(card),
            )
        race.legends_deck = [n - 1 for n in reversed(deck)]
        race.legends_card = card - 1 if card is not None else -1
    elif any(car.legend for car in race.cars):
        race.legends_deck = list(range(count))
    sponsors_raw = data.get("sponsors")
    if sponsors_raw is not None:
        if not isinstance(sponsors_raw, Mapping):
            raise PositionError("sponsors: expected {{deck, used, first_lap}}, got {got}", got=described(sponsors_raw))
        sponsor_fields = _Fields(sponsors_raw, "sponsors")
        race.sponsor_deck = list(reversed(sponsor_fields.cards("deck", race)))
        race.sponsor_used = sponsor_fields.cards("used", race)
        race.first_lap_count = sponsor_fields.integer("first_lap", 0, 0, 6)
    race.eliminated = fields.seats("eliminated", len(race.cars))
    for seat in race.eliminated:
        if race.cars[seat].on_track:
            raise PositionError("eliminated: car {seat} is still on the track", seat=seat)
    draft_raw = data.get("draft")
    if draft_raw is not None:
        if not isinstance(draft_raw, Mapping):
            raise PositionError("draft: expected an object, got {got}", got=described(draft_raw))
        draft_fields = _Fields(draft_raw, "draft")
        draft = DraftState(draft_fields.integer("rounds", 3, 1, 3))
        draft.round = draft_fields.integer("round", 1, 1, draft.rounds)
        draft.market = draft_fields.cards("market", race)
        draft.order = draft_fields.seats("order", len(race.cars))
        draft.index = draft_fields.integer("index", 0, 0, max(0, len(draft.order) - 1))
        if not draft.order or not draft.market:
            raise PositionError("draft: needs a market and an order of players")
        if any(race.cars[seat].legend for seat in draft.order):
            raise PositionError("draft.order: Legends do not draft (OQ-G-8)")
        race.upgrade_pool = list(reversed(draft_fields.cards("pool", race)))
        # G-11: every player takes a card in every round, so the draft must not run dry (G-14).
        still_to_pick = len(draft.order) - draft.index
        if len(draft.market) < still_to_pick:
            raise PositionError(
                "draft.market: {players} player(s) still pick this round, but it holds {cards} card(s)",
                players=still_to_pick,
                cards=len(draft.market),
            )
        needed = (draft.rounds - draft.round) * len(draft.order)
        if len(race.upgrade_pool) < needed:
            raise PositionError(
                "draft.pool: the {rounds} round(s) still to come need at least {needed} card(s), it holds {cards}",
                rounds=draft.rounds - draft.round,
                needed=needed,
                cards=len(race.upgrade_pool),
            )
        race.draft = draft
