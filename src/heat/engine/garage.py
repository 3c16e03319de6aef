"""The Garage module's Upgrade symbols (G-20 to G-37), as functions of the race state: + symbols
and Speed choices revealed with the cards, the React symbols they queue, Salvage, Direct Play,
One-time use and Refresh."""

from __future__ import annotations

from functools import cache
from typing import Final

from heat.engine import mechanics
from heat.engine.car import Car
from heat.engine.cardtable import any_marked
from heat.engine.combos import counted, multisets, sub_hands
from heat.engine.decisions import ChooseSpeed, Decision, React, Refresh, Salvage
from heat.engine.errors import IllegalDecision
from heat.engine.events import CardsRemoved, Salvaged, SymbolUsed
from heat.engine.state import RaceState

MANDATORY: Final = ("heat", "scrap", "adjust")
"""Mandatory Upgrade symbols (G-24, OQ-G-1); One-time use is applied in step 9."""


@cache
def react_option(symbol: str, amount: int, source: str) -> React:
    """The React decision with these fields, built once and shared: the module's React options
    are listed again at every React step, and decisions are immutable values."""
    return React(symbol, amount, source)


@cache
def react_amounts(symbol: str, most: int, source: str) -> tuple[React, ...]:
    """``symbol`` from ``source`` with each amount 1..``most`` (Cooldown, Reduce Stress), shared."""
    return tuple(React(symbol, n, source) for n in range(1, most + 1))


def resolve_upgrade(race: RaceState, car: Car, kind: int, reason: str) -> int:
    """Flip for the card's + symbols and queue its React symbols; return the Speed added."""
    cards = race.setup.cards
    turn = race.turn
    added = 0
    for _ in range(cards.plus[kind]):
        added += mechanics.flip_for_basic(race, car, reason) + turn.accelerate
        turn.plus_used += 1
    turn.symbols.extend(cards.entries[kind])
    turn.slip_boost += cards.slipstream[kind]
    return added


def legal_choices(race: RaceState, car: Car) -> list[Decision]:
    ids = race.setup.cards.ids
    options: list[Decision] = []
    for kind in sorted({car.play[i] for i in race.turn.choices}, key=lambda k: ids[k]):
        options.extend(ChooseSpeed(ids[kind], value) for value in race.setup.cards.choices[kind])
    return options


def has_direct_card(race: RaceState, car: Car) -> bool:
    if not race.owns_direct[car.seat]:
        return False
    return any_marked(race.setup.cards.direct, car.hand)


def pending_heat(race: RaceState) -> int:
    pending = 0
    for symbol, amount, _ in race.turn.symbols:
        if symbol == "heat":
            pending += amount
    return pending


def salvage_options(race: RaceState, car: Car, amount: int, source: str) -> list[Decision]:
    ids = race.setup.cards.ids
    kinds, counts = counted(car.discard, ids)
    options: list[Decision] = []
    for size in range(1, min(amount, len(car.discard)) + 1):
        for combo in multisets(kinds, counts, size):
            options.append(Salvage(tuple(ids[k] for k in combo), source))
    return options


def use_card_symbol(race: RaceState, car: Car, symbol: str, amount: int, kind: int) -> None:
    turn = race.turn
    cards = race.setup.cards
    spend(race, symbol, kind)
    moved: tuple[str, ...] = ()
    if symbol == "heat":  # G-25
        mechanics.pay_heat(race, car, amount, cards.ids[kind])
    elif symbol == "scrap":  # G-27
        scrapped = []
        for _ in range(amount):
            if not car.deck and not mechanics.reshuffle(race, car):
                break  # OQ-B-3: Scrap with nothing left does nothing
            card = car.deck.pop()
            car.discard.append(card)
            scrapped.append(card)
        moved = cards.names(scrapped)
    elif symbol == "adjust":  # G-28
        turn.adjust += amount
    elif symbol == "reduce-stress":  # G-32
        for _ in range(amount):
            car.hand.remove(cards.stress)
            car.discard.append(cards.stress)
        moved = ("stress",) * amount
    else:  # accelerate (G-36, G-37, OQ-G-5): +1 per + symbol of the turn, now and later
        turn.accelerate += 1
        amount = turn.plus_used
        turn.speed += amount
    if race.log is not None:
        race.log.append(SymbolUsed(car.seat, symbol, amount, cards.ids[kind], moved))
    if symbol == "accelerate":
        mechanics.move_to(race, car, car.pos + amount, "accelerate")


def spend(race: RaceState, symbol: str, kind: int) -> None:
    symbols = race.turn.symbols
    for index, (name, _, source) in enumerate(symbols):
        if name == symbol and source == kind:
            del symbols[index]
            return
    raise IllegalDecision(
        "no {symbol} symbol from {card} is left", symbol=symbol, card=race.setup.cards.ids[kind]
    )  # pragma: no cover


def salvage(race: RaceState, car: Car, decision: Salvage) -> None:
    """G-34: the chosen cards go from the discard pile into the draw deck, shuffled."""
    cards = race.setup.cards
    spend(race, "salvage", cards.kind(decision.source))
    for card_id in decision.cards:
        kind = cards.kind(card_id)
        car.discard.remove(kind)
        car.deck.append(kind)
    race.rng.shuffle(car.deck)
    if race.log is not None:
        race.log.append(Salvaged(car.seat, len(decision.cards), decision.cards, decision.source))


def refreshable(race: RaceState, car: Car) -> list[int]:
    refresh = race.setup.cards.refresh
    return [kind for kind in car.play if refresh[kind]]


def legal_refreshes(race: RaceState, car: Car) -> list[Decision]:
    return [Refresh(cards) for cards in sub_hands(refreshable(race, car), race.setup.cards.ids)]


def check_refresh(race: RaceState, car: Car, decision: Refresh) -> None:
    kinds = [race.setup.cards.kind(card_id) for card_id in decision.cards]
    available = refreshable(race, car)
    for kind in set(kinds):
        if kinds.count(kind) > available.count(kind):
            raise IllegalDecision("'{card}' is not a played card with Refresh (G-33)", card=race.setup.cards.ids[kind])


def remove_from_game(race: RaceState, car: Car, kinds: list[int]) -> None:
    sponsor = race.setup.cards.catalogue.cards
    race.sponsor_used.extend(kind for kind in kinds if sponsor[kind].type == "sponsor")  # C-26, C-35
    if race.log is not None:
        race.log.append(CardsRemoved(car.seat, race.setup.cards.names(kinds)))
