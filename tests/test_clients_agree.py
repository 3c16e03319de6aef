"""The preview and the bots predict rules the engine applies; they call the engine's own rules
(``heat.engine.board``, ``heat.engine.reveal``, ``heat.engine.weather``), and these tests check
that they agree with what the engine then does, over random positions on every track with every
module: the preview's landing, Corner Line checks, corner Heat and spin-outs (B-3, B-6, B-7,
W-12 to W-14, OQ-B-2, OQ-B-10), and the planner's Slipstream distances (B-6, G-31, W-15, W-25,
W-26)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast
from unittest.mock import patch

import pytest
from tests.test_random_races import MODULES, make_config

from heat.bots import forecast, planner
from heat.bots.planner import PlannerBot
from heat.bots.turnsim import TurnSim
from heat.bots.valuetable import CarModel, ValueTable
from heat.engine import (
    Decision,
    EndReact,
    Race,
    RaceConfig,
    React,
    Slipstream,
    default_seats,
    track,
    track_ids,
)
from heat.engine.content import legends_cards
from heat.engine.events import CornerChecked, HeatPaid, SpunOut
from heat.engine.legends import legend_target
from heat.engine.rng import Rng
from heat.engine.view import conditions_of, view_of
from heat.preview import Preview, preview_react, preview_slipstream

CARS = 5
"""Enough cars that slipstreams and blocking come up often."""
LAPS = 2
"""More than one, so that cars are lapped: the board has one space for every lap."""


def turn_positions(config: RaceConfig, seed: int) -> Iterator[Race]:
    """The race at every React and Slipstream step of a player's car, in one random race."""
    race = Race(config)
    rng = Rng(seed)
    while not race.is_over and race.round <= 60:
        seat = race.to_decide()[0]
        if race.phase == "turn" and race.step in ("react", "slipstream") and not race.cars[seat].legend:
            yield race
        race.play_random(seat, rng)


def finish_turn(race: Race, seat: int) -> bool:
    """End the active car's React step and refuse the Slipstream, as a preview assumes; False if
    a mandatory symbol stands in the way (the preview counts it but the turn cannot end yet)."""
    while race.phase == "turn" and race.to_decide() == (seat,) and race.step in ("react", "slipstream"):
        legal = race.legal_decisions(seat)
        if race.step == "react":
            if EndReact() not in legal:
                return False
            race.apply(seat, EndReact())
        else:
            race.apply(seat, Slipstream(False))
    return True


Outcome = tuple[tuple[int, int], list[int], dict[int, int], bool]


def outcome(race: Race, seat: int, decision: Decision) -> Outcome | None:
    """What the engine does with ``decision`` on a copy, the turn then ended as a preview
    assumes: where the car stands after step 7 as (space, lap), the corners checked in order,
    the Heat paid at each, whether it spun out. None if the turn cannot end that way."""
    after = race.copy()
    seen = len(after.events())
    after.apply(seat, decision)
    if not finish_turn(after, seat):
        return None
    events = [event for event in after.events()[seen:] if event.seat == seat]
    checked = [event.corner for event in events if isinstance(event, CornerChecked)]
    paid: dict[int, int] = {}
    for event in events:
        if isinstance(event, HeatPaid) and event.reason.startswith("corner "):
            number = int(event.reason.removeprefix("corner "))
            paid[number] = paid.get(number, 0) + event.amount
    car = after.cars[seat]
    spun = any(isinstance(event, SpunOut) for event in events)
    return (after.space_of(car.pos), after.lap_of(car.pos)), checked, paid, spun


def assert_agrees(preview: Preview, result: Outcome | None) -> None:
    """A preview with nothing left to chance equals the engine's outcome exactly."""
    assert result is not None
    landing, checked, paid, spun = result
    assert [(space, lap) for space, lap, _ in preview.landing] == [landing]
    assert [risk.corner for risk in preview.corners] == checked
    assert all(risk.chance == 1.0 for risk in preview.corners)
    assert {risk.corner: risk.heat for risk in preview.corners if risk.heat} == paid
    assert preview.spin_chance == (1.0 if spun else 0.0)


def planner_turn(view_race: Race, seat: int) -> tuple[TurnSim, int, dict[int, int]]:
    """The planner's model of the turn in progress (its value table is not needed here)."""
    view = view_of(view_race, seat)
    # No table built: the module's function is replaced, not the bot's method, which a planner
    # compiled by mypyc does not let a test replace.
    with patch.object(planner, "table_for", lambda _model: cast(ValueTable, None)):
        state, moved, _ = PlannerBot()._current_turn(view)
    return state, state.start + moved, forecast.occupancy_now(view)


CASES = [(track_id, modules) for track_id in track_ids() for modules in [*MODULES, "fog"]]


def case_config(track_id: str, modules: str, seed: int) -> RaceConfig:
    """``MODULES``' config, or Fog's (no Slipstream in the sectors of the weather's tokens, W-26)."""
    if modules == "fog":
        return RaceConfig(default_seats(CARS), track=track_id, laps=LAPS, seed=seed, weather=True, weather_token="fog")
    return make_config(track_id, CARS, seed, LAPS, modules)


@pytest.mark.parametrize(("track_id", "modules"), CASES)
def test_preview_and_planner_agree_with_the_engine(track_id: str, modules: str) -> None:
    seed = sum(map(ord, track_id + modules))
    checked_slipstreams = 0
    checked_turns = 0
    for race in turn_positions(case_config(track_id, modules, seed), seed):
        seat = race.to_decide()[0]
        view = view_of(race, seat)
        legal = race.legal_decisions(seat)
        # B-6, W-26: the Slipstream distances the planner weighs where the car stands are the
        # ones the engine offers there (none in a No slipstream sector).
        state, here, occupied = planner_turn(race, seat)
        offered = race.slipstream_spaces(race.cars[seat])
        assert state.slipstream_distances(here, occupied) == offered
        checked_slipstreams += bool(offered)
        if race.step == "slipstream":
            for decision in legal:
                assert isinstance(decision, Slipstream)
                assert_agrees(preview_slipstream(view, decision), outcome(race, seat, decision))
                checked_turns += 1
            continue
        for decision in legal:
            if isinstance(decision, EndReact) or (
                isinstance(decision, React) and decision.symbol in ("move", "accelerate", "cooldown")
            ):
                result = outcome(race, seat, decision)
                if result is None:
                    continue  # a mandatory symbol left: the preview cannot be of the turn's end
                assert_agrees(preview_react(view, decision), result)
                checked_turns += 1
    assert checked_turns > 0 and checked_slipstreams > 0


def test_the_planner_never_slipstreams_in_a_no_slipstream_sector() -> None:
    """W-26: in Fog, a sector with the weather's token allows no Slipstream; the planner once
    weighed one there all the same (2 spaces, the base game's)."""
    board = track("usa")
    config = RaceConfig(
        default_seats(2),
        track="usa",
        laps=1,
        seed=1,
        weather=True,
        weather_token="fog",
        road_tokens=("weather",) * len(board.corners),
    )
    race = Race(config)
    view = view_of(race, 0)
    conditions = conditions_of(view)
    assert conditions is not None and all(conditions.no_slipstream[1:])
    model = CarModel(lines=(), finish=board.spaces, free=((1,), 0), stress=3, heat=6)
    table = cast(ValueTable, _FarIsBetter(model))
    turn = TurnSim(
        table=table,
        start=5,
        gear=2,
        hand_heat=0,
        hand_stress=0,
        finish=board.spaces,
        spots=board.spots_per_space,
        spaces=board.spaces,
        slip_boost=0,
        conditions=conditions,
        adjust=0,
        free_boost=False,
    )
    occupied = {10: 1}  # a car on the space ahead of the landing: a Slipstream without Fog
    assert turn.slipstream_distances(9, occupied) == []
    assert turn.land(4, 4, 3, occupied) == turn.settle(4, 9, 3)
    clear = TurnSim(**{**_fields(turn), "conditions": None})
    assert clear.slipstream_distances(9, occupied) == [2]
    assert clear.land(4, 4, 3, occupied) == clear.settle(4, 11, 3)


class _FarIsBetter:
    """A stand-in value table: the further the car ends, the fewer rounds; no corner costs."""

    def __init__(self, model: CarModel) -> None:
        self.model = model

    def corner_heat(self, start: int, end: int, speed: int, available: int) -> tuple[int, None]:
        return 0, None

    def after(self, pos: int, gear: int, engine: int, heat: int, stress: int) -> float:
        return 100.0 - pos


def _fields(turn: TurnSim) -> dict[str, object]:
    return {name: getattr(turn, name) for name in TurnSim.__dataclass_fields__}


def test_OQ_L_1_a_forecast_legend_is_blocked_by_cars_a_lap_ahead() -> None:
    """B-3.7, OQ-L-1: the board has one space per lap, so two cars a lap ahead on a Legend's
    target space block it, as the engine blocks it; the forecast once counted cars by progress."""
    race = Race(RaceConfig(default_seats(3, legends=1), track="usa", seed=3))
    view = view_of(race, 0)
    board = track("usa")
    legend = next(car for car in view.cars if car.legend)
    card = legends_cards()[0]
    limits = [corner.speed_limit for corner in view.corners]
    finish = view.laps * board.spaces
    where = legend.progress
    target = legend_target(board, where, finish, card, legend.color, 0, limits, view.aggressive_legends)
    assert target > where + 1
    lap_ahead = {target + board.spaces: board.spots_per_space}
    moved = forecast._legend_move(view, board, where, finish, card, legend.color, limits, lap_ahead)
    assert moved == target - 1
    assert forecast._legend_move(view, board, where, finish, card, legend.color, limits, {}) == target
