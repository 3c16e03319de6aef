"""The invariants every state of a race keeps, whatever was played: checked when a position is
loaded (a position that breaks one could never have been reached) and by the random-race tests
after every decision (the engine never breaks one). One place for each rule.

What a state alone can tell: the history (which cards were dealt, which events changed the
Heat or the Stress) is not in it, so the card counts are the most a car can own by the rules,
not exact totals; a scenario may give a car fewer cards than a real race would.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from heat.engine import content, mechanics
from heat.engine.car import Car
from heat.engine.cardtable import CardTable
from heat.engine.errors import Phrase, PositionError, shown
from heat.engine.state import RaceState

GEARS = 4
"""A car has gears 1 to 4 (B-0.8)."""


@cache
def event_raises() -> tuple[int, int]:
    """The most Heat and Stress a Championship event adds to a car's setup (C-21): the most a
    race's ``heat_bonus`` and ``stress_bonus`` may be."""
    from heat.engine.season_events import event_book  # only a season or a raised setup needs it

    events = event_book().events
    return max(0, *(event.heat for event in events)), max(0, *(event.stress for event in events))


@cache
def setup_bonus_limits() -> tuple[int, int]:
    """The most Heat and Stress a car's setup can gain beyond the track's numbers: the largest
    raise of a Championship event (C-21) plus that of a Weather token (W-19 to W-24)."""
    weather, _ = content.weather_tokens()
    heat, stress = event_raises()
    return heat + max(0, *(token.heat for token in weather)), stress + max(0, *(token.stress for token in weather))


@cache
def box_counts(cards: CardTable) -> Counter[int]:
    """How many copies of each Upgrade and Sponsorship card the boxes hold (G-1, C-31)."""
    counts: Counter[int] = Counter()
    for _, ids in cards.catalogue.upgrade_decks:
        counts.update(cards.index_of[card_id] for card_id in ids)
    return counts


def owned(car: Car) -> Counter[int]:
    """Every card a car holds, by kind: hand, draw deck, discard pile and play area."""
    return Counter(car.hand + car.deck + car.discard + car.play)


def check_state(race: RaceState, *, cards: bool = True) -> None:
    """PositionError naming the first invariant ``race`` breaks: every car on the track holds
    its own spot and no spot holds two cars; gears 1-4; no card a car cannot own (more Basic
    cards than the 3 of each value, B-10.3; more than one of each Starting Upgrade, B-17, and
    none beside Upgrade cards, G-3, C-5; an Upgrade card it was not built with, G-11; more
    Heat than its Engine, its Starting Upgrade, its Extra Heat Upgrades and the setup raises
    give it, B-10.6); no more cards in hand than the hand size besides Stress and Sponsorship
    cards (B-9.2: a hand is only ever drawn up to it); no more Stress than the box holds (or
    was dealt, OQ-B-18); no more copies of an Upgrade or Sponsorship card than the box holds."""
    _check_board(race)
    for car in race.cars:
        if not 1 <= car.gear <= GEARS:
            raise PositionError(
                "cars[{seat}].gear: a car is in gear 1 to {most}, not {gear}",
                seat=car.seat,
                most=GEARS,
                gear=shown(car.gear),
            )
        if car.engine < 0:
            raise PositionError(
                "cars[{seat}].engine: an Engine cannot hold {engine} Heat cards",
                seat=car.seat,
                engine=shown(car.engine),
            )
    if cards:
        check_cards(race)


def check_cards(race: RaceState) -> None:
    """The card invariants of ``check_state``."""
    cards = race.setup.cards
    heat_raise, stress_raise = setup_bonus_limits()
    basic = Counter(cards.basic_deck)
    starting = Counter(kind for kind in cards.starting_upgrades if kind != cards.heat)
    starting_heat = cards.starting_upgrades.count(cards.heat)
    types = [card.type for card in cards.defs]
    in_play: Counter[int] = Counter()  # Upgrade and Sponsorship cards, wherever they are
    stress = race.stress_reserve
    for car in race.cars:
        where = f"cars[{car.seat}]"
        holds = owned(car)
        built = Counter(cards.becomes[kind] for kind in car.upgrades)
        for kind in car.upgrades:
            if types[kind] != "upgrade":
                raise PositionError(
                    "{where}.upgrades: {card} is not an Upgrade card (G-1)", where=where, card=repr(cards.ids[kind])
                )
        in_play.update(car.upgrades)
        for kind, count in holds.items():
            card = repr(cards.ids[kind])
            kind_type = types[kind]
            if kind_type == "basic" and count > basic[kind]:
                raise PositionError(
                    "{where}: {count} cards {card}; a car has {most} (B-10.3)",
                    where=where,
                    count=count,
                    card=card,
                    most=basic[kind],
                )
            if kind_type == "starting":
                if car.upgrades:
                    raise PositionError(
                        "{where}: a car built with Upgrade cards has no Starting Upgrade, not {card} (G-3, C-5)",
                        where=where,
                        card=card,
                    )
                if count > starting[kind]:
                    raise PositionError(
                        "{where}: {count} cards {card}; a car has {most} (B-17)",
                        where=where,
                        count=count,
                        card=card,
                        most=starting[kind],
                    )
            if kind_type == "upgrade" and count > built[kind]:
                listed = (
                    Phrase("lists it {times} time(s)", times=built[kind]) if built[kind] else Phrase("does not list it")
                )
                raise PositionError(
                    "{where}: holds {count} Upgrade card(s) {card}, but its 'upgrades' {listed} "
                    "(Upgrade cards come only with the Garage, G-11)",
                    where=where,
                    count=count,
                    card=card,
                    listed=listed,
                )
            if kind_type == "sponsor":
                in_play[kind] += count
        heat = holds[cards.heat] + car.engine
        most_heat = race.setup.track.heat + heat_raise + built[cards.heat] + (0 if car.upgrades else starting_heat)
        if heat > most_heat:
            raise PositionError(
                "{where}: {heat} Heat cards (Engine and piles); a car has at most {most} on {track} (B-10.6)",
                where=where,
                heat=shown(heat),
                most=most_heat,
                track=race.setup.track.name,
            )
        drawn = sum(kind != cards.stress and types[kind] != "sponsor" for kind in car.hand)
        if drawn > race.setup.hand_size:
            raise PositionError(
                "{where}.hand: {drawn} cards besides Stress and Sponsorship cards; "
                "a hand is drawn up to {size} (B-9.2)",
                where=where,
                drawn=drawn,
                size=race.setup.hand_size,
            )
        stress += holds[cards.stress]
    box_stress = cards.catalogue.box_stress
    most_stress = max(box_stress, len(race.cars) * (race.setup.track.stress + stress_raise))
    if stress > most_stress:
        raise PositionError(
            "stress_reserve: {stress} Stress cards in the cars and the reserve; the box holds {box} (OQ-B-18)",
            stress=shown(stress),
            box=box_stress,
        )
    draft = race.draft
    piles = {
        "draft.market": (draft.market if draft is not None else [], "upgrade"),
        "draft.pool": (race.upgrade_pool, "upgrade"),
        "sponsors.deck": (race.sponsor_deck, "sponsor"),
        "sponsors.used": (race.sponsor_used, "sponsor"),
    }
    for name, (pile, wanted) in piles.items():
        for kind in pile:
            if types[kind] != wanted:
                if wanted == "upgrade":
                    raise PositionError(
                        "{pile}: {card} is not an Upgrade card (G-1)", pile=name, card=repr(cards.ids[kind])
                    )
                raise PositionError(
                    "{pile}: {card} is not a Sponsorship card (C-31)", pile=name, card=repr(cards.ids[kind])
                )
        in_play.update(pile)
    box = box_counts(cards)
    for kind, count in in_play.items():
        if count > box[kind]:
            raise PositionError(
                "{count} cards {card} in the race; the box holds {box}",
                count=count,
                card=repr(cards.ids[kind]),
                box=box[kind],
            )


def _check_board(race: RaceState) -> None:
    """Every car on the track holds its own spot, and no spot holds a car that is not there."""
    spots = race.setup.track.spots_per_space
    placed = 0
    for slot, seat in enumerate(race.occupancy):
        if seat < 0:
            continue
        car = race.cars[seat]
        if not car.on_track or mechanics.slot(race, car.pos, car.lane) != slot:
            raise PositionError("cars[{seat}]: the board shows the car where it is not", seat=seat)
        placed += 1
    for car in race.cars:
        if car.on_track and not 1 <= car.lane <= spots:
            raise PositionError(
                "cars[{seat}].lane: a space has spots 1 to {spots}, not {lane}",
                seat=car.seat,
                spots=spots,
                lane=car.lane,
            )
    if placed != sum(car.on_track for car in race.cars):
        raise PositionError("cars: a car on the track has no spot on the board")
