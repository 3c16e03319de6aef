"""The Championship's rewards inside a race (C-34 to C-45): Sponsorship cards for Press Corners
and for the event's challenges, drawn from the Sponsorship deck."""

from __future__ import annotations

from heat.engine import mechanics
from heat.engine.car import Car
from heat.engine.events import SponsorGained
from heat.engine.state import RaceState


def challenges(race: RaceState, car: Car, earned: list[str]) -> None:
    """The Championship's Sponsorship rewards, decided at the end of step 7 (OQ-C-12): Press
    Corners, and the event's challenges (C-45); nothing in a turn with a spin-out (C-36,
    OQ-C-5)."""
    config = race.setup.config
    turn = race.turn
    if config.first_lap_sponsors and race.lap_of(turn.start) <= 1 < race.lap_of(car.pos):
        race.first_lap_count += 1  # a car that spun out still crossed the line
        if race.first_lap_count <= config.first_lap_sponsors:
            earned.append("first across the line")
    if config.speed_sponsor and turn.speed >= config.speed_sponsor:
        earned.append(f"Speed {turn.speed}")
    if config.pass_sponsor and turn.ahead:
        key = mechanics.position_key(race, car)
        passed = sum(1 for seat in turn.ahead if mechanics.position_key(race, race.cars[seat]) < key)
        if passed >= config.pass_sponsor:
            earned.append(f"passed {passed} cars")
    if turn.spun or car.legend:
        return
    for reason in earned:
        gain_sponsor(race, car, reason)


def gain_sponsor(race: RaceState, car: Car, reason: str) -> None:
    """C-34, C-35: draw the top Sponsorship card into hand, reshuffling the cards played this
    race when the deck is empty; nothing if there are none."""
    if not race.sponsor_deck:
        if not race.sponsor_used:
            return
        race.sponsor_deck = race.sponsor_used
        race.sponsor_used = []
        race.rng.shuffle(race.sponsor_deck)
    kind = race.sponsor_deck.pop()
    car.hand.append(kind)
    if race.log is not None:
        race.log.append(SponsorGained(car.seat, race.setup.cards.ids[kind], reason))
    mechanics.update_card_caches(race)
