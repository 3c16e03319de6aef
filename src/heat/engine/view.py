"""Views: what one seat may know. Never another player's hand, any deck order or the random state.

Others' committed plans stay hidden until the turns begin (OQ-B-17); a car's played cards stay
face down until its own turn (B-2.3). Discard piles show only their top card (B-0.10).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from heat.engine.decisions import Plan
from heat.engine.race import TURN, Race


@dataclass(frozen=True, slots=True)
class CarView:
    """Public facts about one car, plus its hand and plan when it is the viewer's own."""

    seat: int
    name: str
    color: str
    on_track: bool
    finished: bool
    space: int
    lap: int
    lane: int
    gear: int
    engine: int
    hand_count: int
    deck_count: int
    discard_count: int
    discard_top: str | None
    play_count: int
    play: tuple[str, ...] | None
    """The play area, or None while it lies face down."""
    committed: bool
    """In the plan phase: has this car committed its gear and cards?"""
    hand: tuple[str, ...] | None = None
    plan: str | None = None


@dataclass(frozen=True, slots=True)
class TurnView:
    """The active car's turn so far."""

    seat: int
    step: str
    speed: int
    start_space: int
    start_lap: int
    adrenaline: bool
    adrenaline_move_used: bool
    adrenaline_cooldown_used: bool
    gear_cooldown_used: bool
    boost_used: bool


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything ``seat`` may know now (``seat`` is None for a spectator)."""

    seat: int | None
    track: str
    laps: int
    hand_size: int
    started_cars: int
    round: int
    phase: str
    to_decide: tuple[int, ...]
    order: tuple[int, ...]
    adrenaline_seats: tuple[int, ...]
    turn: TurnView | None
    cars: tuple[CarView, ...]
    hall_of_fame: tuple[int, ...]
    standings: tuple[int, ...]
    stress_reserve: int

    @property
    def me(self) -> CarView | None:
        """The viewer's own car, or None for a spectator."""
        return None if self.seat is None else self.cars[self.seat]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return asdict(self)


def view_of(race: Race, seat: int | None) -> SeatView:
    """The view of ``seat`` (None: a spectator, who sees only public facts)."""
    ids = race.cards.ids
    in_turns = race.phase == TURN
    active = race.order[race.turn_index] if in_turns else -1
    waiting = set(race.order[race.turn_index + 1 :]) if in_turns else set()
    cars = []
    for car in race.cars:
        own = car.seat == seat
        face_down = car.seat in waiting
        plan = None
        if own and car.plan is not None:
            plan = Plan(car.plan_gear, tuple(ids[k] for k in car.plan)).text()
        cars.append(
            CarView(
                seat=car.seat,
                name=car.name,
                color=car.color,
                on_track=car.on_track,
                finished=car.finished,
                space=race.space_of(car.pos),
                lap=race.lap_of(car.pos),
                lane=car.lane,
                gear=car.gear,
                engine=car.engine,
                hand_count=len(car.hand),
                deck_count=len(car.deck),
                discard_count=len(car.discard),
                discard_top=ids[car.discard[-1]] if car.discard else None,
                play_count=len(car.play),
                play=None if face_down and not own else tuple(ids[k] for k in car.play),
                committed=car.plan is not None,
                hand=tuple(ids[k] for k in car.hand) if own else None,
                plan=plan,
            )
        )
    turn_view = None
    if in_turns:
        turn = race.turn
        turn_view = TurnView(
            seat=active,
            step=race.step,
            speed=turn.speed,
            start_space=race.space_of(turn.start),
            start_lap=race.lap_of(turn.start),
            adrenaline=turn.adrenaline,
            adrenaline_move_used=turn.adrenaline_move_used,
            adrenaline_cooldown_used=turn.adrenaline_cool_used,
            gear_cooldown_used=turn.gear_cool_used,
            boost_used=turn.boost_used,
        )
    return SeatView(
        seat=seat,
        track=race.track.id,
        laps=race.laps,
        hand_size=race.hand_size,
        started_cars=race.started_cars,
        round=race.round,
        phase=race.phase,
        to_decide=race.to_decide(),
        order=tuple(race.order),
        adrenaline_seats=race.adrenaline_seats,
        turn=turn_view,
        cars=tuple(cars),
        hall_of_fame=tuple(race.hall_of_fame),
        standings=tuple(race.standings()),
        stress_reserve=race.stress_reserve,
    )
