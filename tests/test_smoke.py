from heat.engine import Race, RaceConfig, default_seats
from heat.engine.events import Moved
from scenario import car, play, position, race_from


def test_a_race_starts_in_the_plan_phase_with_every_seat_to_decide():
    race = Race(RaceConfig(default_seats(3), seed=1))
    assert race.to_decide() == (0, 1, 2)


def test_scenario_helpers_move_a_car():
    race = race_from(position([car(space=1, hand=["4", "3"], deck=["1"] * 7)]))
    events = play(race, "red: gear 1 play 4")
    moves = [e for e in events if isinstance(e, Moved)]
    assert moves[0].to_space == 5
