"""The flow of a race (B-11, B-16): who decides now, the automatic steps carried out until
someone must decide, the turns of a round one after another, and the end of a round and of the
race."""

from __future__ import annotations

from heat.engine import mechanics, plan, turns
from heat.engine.car import Car
from heat.engine.events import RaceEnded, RoundEnded, RoundStarted
from heat.engine.state import DRAFT, END, OVER, PLAN, START, TURN, RaceState


def deciding(race: RaceState, car: Car) -> bool:
    """Must ``car`` decide now? The one place that says whose decision it is: in the plan phase
    every player's car on the track still to commit (B-11.4, OQ-B-17), in the turns the active car
    (B-11.5), in the Garage draft the car picking (G-12)."""
    phase = race.phase
    if phase == TURN:
        return race.order[race.turn_index] == car.seat
    if phase == PLAN:
        return car.on_track and car.plan is None and not car.legend
    if phase == DRAFT:
        assert race.draft is not None
        return race.draft.order[race.draft.index] == car.seat
    return False


def to_decide(race: RaceState) -> tuple[int, ...]:
    """Seats that must decide now (``deciding``); empty when the race is over."""
    if race.phase == TURN:
        return (race.order[race.turn_index],)  # ``deciding``'s answer, without the loop
    return tuple([car.seat for car in race.cars if deciding(race, car)])


def standings(race: RaceState) -> list[int]:
    """Seats from first to last: the Hall of Fame (B-16.8), then cars on track by position
    (B-11.7), then the cars eliminated (C-21), the last eliminated first."""
    racing = [car for car in race.cars if car.on_track]
    racing.sort(key=lambda car: mechanics.position_key(race, car), reverse=True)
    return race.hall_of_fame + [car.seat for car in racing] + race.eliminated[::-1]


def run(race: RaceState) -> None:
    """Carry out automatic steps until a seat must decide or the race is over."""
    while True:
        phase = race.phase
        if phase == TURN:
            step = race.step
            if step == START:
                turns.start_turn(race)
            elif step == END:
                next_turn(race)
            else:
                return
        elif phase == PLAN:
            for car in race.cars:
                if car.plan is None and car.on_track and not car.legend:
                    return
            plan.reveal_plans(race)
        else:
            return


def next_turn(race: RaceState) -> None:
    """The next car in the order takes its turn (B-11.5), or the round ends."""
    race.turn_index += 1
    if race.turn_index < len(race.order):
        race.step = START
    else:
        end_round(race)


def end_round(race: RaceState) -> None:
    """B-16.6: finished cars leave the track for the Hall of Fame, best first (OQ-B-14); then a
    new round, or the race is over (B-16.7)."""
    finishers = [car for car in race.cars if car.on_track and car.finished]
    finishers.sort(key=lambda car: mechanics.position_key(race, car), reverse=True)
    for car in finishers:
        car.on_track = False
        car.finish_round = race.round
        race.occupancy[mechanics.slot(race, car.pos, car.lane)] = -1
        race.hall_of_fame.append(car.seat)
    if race.log is not None:
        race.log.append(RoundEnded(-1, race.round, tuple(car.seat for car in finishers), tuple(standings(race))))
    if any(car.on_track for car in race.cars):
        start_round(race)
    else:
        race.phase = OVER
        race.step = ""
        race.order = []
        if race.log is not None:
            race.log.append(RaceEnded(-1, tuple(race.hall_of_fame)))


def start_round(race: RaceState) -> None:
    """B-11: a new round begins with the plans (steps 1-2) of every car."""
    race.round += 1
    race.phase = PLAN
    race.step = ""
    race.order = []
    race.turn_index = 0
    race.adrenaline_seats = ()
    race.legends_card = -1  # L-6: a new Legends card each round
    if race.log is not None:
        race.log.append(RoundStarted(-1, race.round))
