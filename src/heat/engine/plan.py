"""Steps 1 and 2 of a round (B-1, B-2): every car's plan, a gear and cards, chosen in secret
and revealed together (OQ-B-17); the cluttered hand (B-14.1, OQ-B-5, OQ-G-3)."""

from __future__ import annotations

from typing import Final

from heat.engine import mechanics
from heat.engine.car import Car
from heat.engine.cardtable import any_marked
from heat.engine.combos import counted, multisets
from heat.engine.decisions import Decision, Plan
from heat.engine.errors import IllegalDecision
from heat.engine.events import GearShifted
from heat.engine.reveal import reachable_gears
from heat.engine.rng import Rng
from heat.engine.state import START, TURN, RaceState

ADRENALINE_TWO_CARS_FROM: Final = 5
"""B-4.2: with 5 or more starting cars, the last two get Adrenaline."""


def playable_kinds(race: RaceState, car: Car) -> list[int]:
    playable = race.setup.cards.playable
    return [k for k in car.hand if playable[k]]


def shift_cost(race: RaceState, car: Car, gear: int) -> int:
    return 1 if abs(gear - car.gear) == 2 else 0


def costs_no_heat(race: RaceState, car: Car, playable: list[int]) -> bool:
    """Does no card in ``playable`` cost Heat to play?"""
    if race.fast_base_cards or not race.owns_heat_cost[car.seat]:
        return True
    return not any_marked(race.setup.cards.heat_cost, playable)


def fillable_gears(race: RaceState, car: Car, gears: list[int], playable: list[int]) -> list[int]:
    """The ``gears`` that ``car`` can fill with playable cards whose Heat, with the shift's,
    it can pay (OQ-B-5, OQ-G-3)."""
    count = len(playable)
    if costs_no_heat(race, car, playable):  # no card costs Heat; a reachable shift is payable (B-1.2)
        return [g for g in gears if g <= count]
    costs = race.setup.cards.heat_cost
    cheapest = [0]  # cheapest[g]: the Heat of the g cheapest playable cards
    for cost in sorted([costs[k] for k in playable]):
        cheapest.append(cheapest[-1] + cost)
    engine = car.engine
    current = car.gear
    return [g for g in gears if g <= count and cheapest[g] + (1 if abs(g - current) == 2 else 0) <= engine]


def cluttered_plans(race: RaceState, car: Car, gear: int) -> list[list[int]]:
    """Every play of ``car``'s cluttered hand in ``gear``, as kinds: every playable card that
    costs no Heat, then Heat cards from hand up to the gear (B-14.1). An Upgrade whose Heat
    cannot be paid cannot be played (OQ-G-3): it is held like a Heat card and, like one, fills
    what the Heat cards leave; when it leaves too little room for all of them, the player
    picks which. Nothing of a cluttered hand is resolved (OQ-B-6), so their Heat is never
    owed; without this a hand of such Upgrades and an empty Engine would stay cluttered for
    ever."""
    costs = race.setup.cards.heat_cost
    playable = playable_kinds(race, car)
    cards = [kind for kind in playable if not costs[kind]]
    heat = min(car.hand.count(race.setup.cards.heat), gear - len(cards))
    cards += [race.setup.cards.heat] * max(0, heat)
    room = max(0, gear - len(cards))
    held = [kind for kind in playable if costs[kind]]
    kinds, counts = counted(held, race.setup.cards.ids)
    return [cards + list(fill) for fill in multisets(kinds, counts, min(room, len(held)))]


def legal_plans(race: RaceState, car: Car) -> list[Decision]:
    reachable = list(reachable_gears(car.gear, car.engine))  # B-1.1, B-1.2, OQ-B-7, B-1.4
    playable = playable_kinds(race, car)
    fillable = fillable_gears(race, car, reachable, playable)
    ids = race.setup.cards.ids
    if not fillable:  # OQ-B-5 fallback: the cluttered hand in any reachable gear
        return [Plan(g, race.setup.cards.names(play)) for g in reachable for play in cluttered_plans(race, car, g)]
    kinds, counts = counted(playable, ids)
    costs = race.setup.cards.heat_cost
    free = costs_no_heat(race, car, playable)  # then every combination costs 0 Heat
    plans: list[Decision] = []
    for gear in fillable:
        budget = car.engine - shift_cost(race, car, gear)
        if free and budget < 0:
            continue
        for combo in multisets(kinds, counts, gear):
            if free or sum([costs[k] for k in combo]) <= budget:
                plans.append(Plan(gear, tuple([ids[k] for k in combo])))
    return plans


def random_plan(race: RaceState, car: Car, rng: Rng) -> Plan | None:
    reachable = list(reachable_gears(car.gear, car.engine))  # B-1.1, B-1.2, OQ-B-7, B-1.4
    playable = playable_kinds(race, car)
    free = race.fast_base_cards or costs_no_heat(race, car, playable)
    if free:  # every reachable gear with enough cards is fillable (B-1.2)
        count = len(playable)
        fillable = [g for g in reachable if g <= count]
    else:
        fillable = fillable_gears(race, car, reachable, playable)
    if not fillable:
        gear = reachable[rng.below(len(reachable))]
        plays = cluttered_plans(race, car, gear)
        # No draw without a pick, so the random decisions of such hands stay what they were.
        play = plays[rng.below(len(plays))] if len(plays) > 1 else plays[0]
        return Plan(gear, race.setup.cards.names(play))
    gear = fillable[rng.below(len(fillable))]
    ids = race.setup.cards.ids
    if free:
        return Plan(gear, [ids[k] for k in _sample(playable, gear, rng)])
    costs = race.setup.cards.heat_cost
    budget = car.engine - shift_cost(race, car, gear)
    for _ in range(8):
        chosen = _sample(playable, gear, rng)
        if heat_of(costs, chosen) <= budget:
            return Plan(gear, [ids[k] for k in chosen])
    return None  # rare: fall back to listing every legal plan


def check_plan(race: RaceState, car: Car, plan: Plan) -> list[int]:
    """Raise IllegalDecision unless ``plan`` is legal for ``car``; return its cards as kinds."""
    gear = plan.gear
    if not 1 <= gear <= 4:
        raise IllegalDecision("gear {gear} does not exist: gears are 1 to 4 (B-1.4)", gear=gear)
    if abs(gear - car.gear) > 2:
        raise IllegalDecision(
            "{car} is in gear {current} and can shift at most two gears, not to gear {gear} (B-1.4)",
            car=car.name,
            current=car.gear,
            gear=gear,
        )
    if abs(gear - car.gear) == 2 and car.engine < 1:
        raise IllegalDecision("a two-gear shift costs 1 Heat and {car}'s Engine is empty (B-1.2, OQ-B-7)", car=car.name)
    kinds = race.setup.cards.kinds(plan.cards)
    if len(kinds) == gear and plays_cleanly(race, car, kinds):
        # The plan fills its own gear, so some gear is fillable and the hand is not
        # cluttered: nothing below could refuse it.
        return kinds
    for kind in set(kinds):
        mechanics.check_in_hand(race, car, kind, kinds.count(kind))
    reachable = list(reachable_gears(car.gear, car.engine))  # B-1.1, B-1.2, OQ-B-7, B-1.4
    playable = playable_kinds(race, car)
    if race.fast_base_cards:
        count = len(playable)
        fillable = [g for g in reachable if g <= count]
    else:
        fillable = fillable_gears(race, car, reachable, playable)
    if fillable:
        if gear not in fillable:
            if gear <= len(playable):
                raise IllegalDecision(
                    "{car} cannot fill gear {gear} with playable cards and pay their Heat; "
                    "choose a gear you can fill (OQ-B-5, OQ-G-3)",
                    car=car.name,
                    gear=gear,
                )
            raise IllegalDecision(
                "{car} has only {playable} playable cards, too few for gear {gear}; "
                "choose a gear you can fill (OQ-B-5)",
                car=car.name,
                playable=len(playable),
                gear=gear,
            )
        if len(kinds) != gear and race.setup.config.tournament:
            raise IllegalDecision(
                "in Tournament mode the cards set the gear: {count} cards mean gear {count}, "
                "not {gear} (T-2); write 'play {cards}'",
                count=len(kinds),
                gear=gear,
                cards=" ".join(plan.cards),
            )
        if len(kinds) != gear:
            if gear == 1:
                raise IllegalDecision("gear 1 plays exactly 1 card, not {count} (B-2.1)", count=len(kinds))
            raise IllegalDecision(
                "gear {gear} plays exactly {gear} cards, not {count} (B-2.1)", gear=gear, count=len(kinds)
            )
        if race.setup.cards.heat in kinds:
            raise IllegalDecision("Heat cards cannot be played (B-2.2)")
        if costs_no_heat(race, car, kinds):
            return kinds
        owed = heat_owed(race, car, kinds)  # len(kinds) == gear here
        if owed > car.engine:
            raise IllegalDecision(
                "these cards and the shift cost {owed} Heat and {car}'s Engine holds {engine} (OQ-G-3)",
                owed=owed,
                car=car.name,
                engine=car.engine,
            )
        return kinds
    plays = [sorted(race.setup.cards.names(play)) for play in cluttered_plans(race, car, gear)]
    if sorted(plan.cards) not in plays:
        if len(plays) == 1:
            raise IllegalDecision(
                "{car}'s hand is cluttered: play every playable card and fill with Heat: '{plan}' (B-14.1)",
                car=car.name,
                plan=Plan(gear, tuple(plays[0])).text(),
            )
        raise IllegalDecision(
            "{car}'s hand is cluttered: play every playable card, fill with Heat, then with the "
            "Upgrades you cannot pay for, your pick of them: one of {plans} (B-14.1, OQ-G-3)",
            car=car.name,
            plans=", ".join(f"'{Plan(gear, tuple(play)).text()}'" for play in plays),
        )
    return kinds


def plays_cleanly(race: RaceState, car: Car, kinds: list[int]) -> bool:
    """Are ``kinds`` (as many as the gear, which is reachable) cards in ``car``'s hand, all
    playable, whose Heat, with the shift's, the Engine can pay? The common case of
    ``check_plan``, checked without listing the fillable gears."""
    playable = race.setup.cards.playable
    remaining = car.hand[:]
    for kind in kinds:
        if not playable[kind] or kind not in remaining:
            return False
        remaining.remove(kind)
    return costs_no_heat(race, car, kinds) or heat_owed(race, car, kinds) <= car.engine


def heat_owed(race: RaceState, car: Car, kinds: list[int]) -> int:
    """The Heat of playing ``kinds`` in the gear they fill: the cards' and the shift's (OQ-G-3)."""
    return heat_of(race.setup.cards.heat_cost, kinds) + shift_cost(race, car, len(kinds))


def heat_of(costs: tuple[int, ...], kinds: list[int]) -> int:
    """The Heat it costs to play ``kinds`` (OQ-G-3), ``costs`` being the card table's ``heat_cost``."""
    total = 0
    for kind in kinds:  # a loop, not sum(map(...)), which the compiled engine runs as calls into Python
        total += costs[kind]
    return total


def reveal_plans(race: RaceState) -> None:
    """Reveal every plan together (OQ-B-17): shift gears, paying Heat for two-gear shifts
    (B-1.2), then fix the turn order for the round (B-11.6, B-11.9)."""
    tournament = race.setup.config.tournament
    log = race.log
    for car in race.cars:
        if not car.on_track or car.plan is None:
            continue
        if not tournament:  # T-1: in Tournament mode the gear changes at the reveal
            old = car.gear
            car.gear = car.plan_gear
            if abs(car.gear - old) == 2:
                mechanics.pay_heat(race, car, 1, "shift")
            if log is not None:
                log.append(GearShifted(car.seat, old, car.gear))
        hand = car.hand
        for kind in car.plan:
            hand.remove(kind)
        car.play.extend(car.plan)  # face down until the car's turn (B-2.3)
        car.plan = None
    racing = [car for car in race.cars if car.on_track]
    racing.sort(key=lambda car: mechanics.position_key(race, car), reverse=True)
    race.order = [car.seat for car in racing]
    last = 2 if race.started_cars >= ADRENALINE_TWO_CARS_FROM else 1  # B-4.1 to B-4.3
    race.adrenaline_seats = tuple(race.order[-last:])
    race.phase = TURN
    race.turn_index = 0
    race.step = START


def _sample(items: list[int], count: int, rng: Rng) -> list[int]:
    """``count`` items drawn at random (a partial Fisher-Yates shuffle of ``items`` in place)."""
    size = len(items)
    for i in range(count):
        j = i + rng.below(size - i)
        items[i], items[j] = items[j], items[i]
    return items[:count]
