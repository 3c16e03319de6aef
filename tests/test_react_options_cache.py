"""The React options of the Garage and Weather are listed once and kept until the next decision
(``turns.react_options``, keyed by the count of decisions, the round and the turn). On seeded
races with every module, a race using its kept lists must go exactly as copies that list every
option afresh: a copy starts without the kept list."""

from __future__ import annotations

import pytest

from heat.engine import Race, RaceConfig, default_seats
from heat.engine.rng import Rng
from heat.engine.state import REACT, TURN


def _texts(race: Race, seat: int) -> list[str]:
    return [decision.text() for decision in race.legal_decisions(seat)]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_race_with_kept_react_options_goes_as_copies_listing_them_afresh(seed: int) -> None:
    race = Race(RaceConfig(default_seats(6), track="usa", laps=1, seed=seed, garage="all", weather=True))
    rng = Rng(seed)
    module_react_steps = 0
    while not race.is_over:
        for seat in race.to_decide():
            fresh = race.copy(record_events=False)
            assert _texts(race, seat) == _texts(fresh, seat), f"seed {seed}, decision {len(race.state.decisions)}"
            state = race.state
            if state.phase == TURN and state.step == REACT and not state.turn.simple:
                module_react_steps += 1
            decision = race.random_decision(seat, rng)
            race.apply(seat, decision)
            fresh.apply(seat, decision)
            # The next turns start by themselves, with no decision between them: a list kept for
            # one car and found by the count of decisions alone would be another car's.
            assert (race.state.phase, race.state.step, race.state.turn_index, race.to_decide()) == (
                fresh.state.phase,
                fresh.state.step,
                fresh.state.turn_index,
                fresh.to_decide(),
            ), f"seed {seed}, decision {len(race.state.decisions)}"
    assert module_react_steps > 20, "too few React steps with the modules' options to check the kept lists"
