"""Steps 3 to 9 of a car's turn, as functions of the race state: Reveal & Move, Adrenaline, React,
Slipstream, Check Corner, Discard and Replenish, with the Upgrade symbols, Weather & Road
Conditions and Legends."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Final

from heat.engine import board, content, mechanics
from heat.engine.board import SLIPSTREAM_SPACES
from heat.engine.car import Car, TurnState
from heat.engine.decisions import ChooseSpeed, Decision, Discard, EndReact, React, Refresh, Salvage, Slipstream
from heat.engine.errors import IllegalDecision
from heat.engine.events import (
    AdrenalineGained,
    Boosted,
    CardsRemoved,
    CardsRevealed,
    ClutteredHand,
    CooledDown,
    CornerChecked,
    Discarded,
    Eliminated,
    GearShifted,
    LegendsCardRevealed,
    Refreshed,
    Salvaged,
    Slipstreamed,
    SpeedChosen,
    SpeedIncreased,
    SponsorGained,
    SpunOut,
    SymbolUsed,
)
from heat.engine.legends import legend_target
from heat.engine.reveal import is_cluttered_play, reachable_gears
from heat.engine.state import CHOOSE, DISCARD, END, REACT, REFRESH, SLIPSTREAM, RaceState

GEAR_COOLDOWN: Final = (0, 3, 1, 0, 0)
"""Cooldown given by each gear in React: 1st gear 3, 2nd gear 1 (B-5.4, B-5.5)."""

MANDATORY: Final = ("heat", "scrap", "adjust")
"""Mandatory Upgrade symbols (G-24, OQ-G-1); One-time use is applied in step 9."""

BOOST: Final = React("boost")
ADRENALINE_MOVE: Final = React("move", 1, "adrenaline")
ADRENALINE_COOLDOWN: Final = React("cooldown", 1, "adrenaline")
GEAR_COOLDOWNS: Final = tuple(React("cooldown", n) for n in range(4))
DONE: Final = EndReact()
TAKE_SLIPSTREAM: Final = Slipstream(True)
NO_SLIPSTREAM: Final = Slipstream(False)


@cache
def react_option(symbol: str, amount: int, source: str) -> React:
    """The React decision with these fields, built once and shared: the module's React options
    are listed again at every React step, and decisions are immutable values."""
    return React(symbol, amount, source)


@cache
def react_amounts(symbol: str, most: int, source: str) -> tuple[React, ...]:
    """``symbol`` from ``source`` with each amount 1..``most`` (Cooldown, Reduce Stress), shared."""
    return tuple(React(symbol, n, source) for n in range(1, most + 1))


# ------------------------------------------------------------------ step 3


def start_turn(race: RaceState) -> None:
    """B-3: reveal, resolve Stress and + symbols, then choose values or move."""
    seat = race.order[race.turn_index]
    car = race.cars[seat]
    if car.legend:
        legend_turn(race, car)
        race.step = END
        return
    turn = race.turn = TurnState(car.pos)
    cards = race.setup.cards
    plan = car.play[:]
    if race.log is not None:
        race.log.append(CardsRevealed(seat, cards.names(plan)))  # B-3.1
    # Tournament mode: the number of cards sets the gear (T-2). Every play but a cluttered
    # hand's was checked to imply a gear the car can reach (T-3, OQ-T-1); a cluttered hand's
    # may not (one card in 3rd gear with an empty Engine): then no change is made and no
    # Heat paid, and B-14.3 sends the car to 1st gear below (OQ-T-2).
    if race.setup.config.tournament:
        if len(plan) in list(reachable_gears(car.gear, car.engine)):
            tournament_gear(race, car, len(plan))
        elif race.log is not None:  # OQ-T-2: the gear revealed is the one the car had
            race.log.append(GearShifted(seat, car.gear, car.gear))
    if race.setup.config.pass_sponsor:
        key = mechanics.position_key(race, car)
        turn.ahead = [other.seat for other in race.cars if other.on_track and mechanics.position_key(race, other) > key]
    upgrade_heat = sum(map(cards.heat_cost.__getitem__, plan))
    if is_cluttered_play(plan.count(cards.heat), len(plan), car.gear, upgrade_heat, car.engine):
        # B-14: cluttered hand: no move, 1st gear, straight to step 9 (OQ-B-6). Every other
        # play's Heat was payable when it was committed (OQ-G-3); a cluttered hand's may hold
        # Upgrades whose Heat is not (``_cluttered_plans``).
        turn.cluttered = True
        if race.log is not None:
            race.log.append(ClutteredHand(seat))
        car.gear = 1
        replenish(race, car)
        race.step = END
        return
    speed_of = cards.speed
    stress = cards.stress
    speed = 0
    for kind in plan:
        if kind == stress:
            speed += mechanics.flip_for_basic(race, car, "stress")  # B-3.2, B-12.3
            turn.plus_used += 1
        else:
            speed += speed_of[kind]
    turn.speed = speed
    if not race.fast_base_cards:  # G-20, OQ-B-20: + symbols after the Stress flips, in the order played
        symbolic = cards.symbolic
        for index, kind in enumerate(plan):
            if symbolic[kind]:
                turn.speed += resolve_upgrade(race, car, kind, "upgrade")
                if cards.choices[kind]:
                    turn.choices.append(index)
    if turn.choices:
        race.step = CHOOSE
        return
    finish_reveal(race, car)


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


def choose(race: RaceState, car: Car, decision: ChooseSpeed) -> None:
    kind = race.setup.cards.kind(decision.card)
    index = next(i for i in race.turn.choices if car.play[i] == kind)
    race.turn.choices.remove(index)
    race.turn.speed += decision.value
    if race.log is not None:
        race.log.append(SpeedChosen(car.seat, decision.card, decision.value))
    if not race.turn.choices:
        finish_reveal(race, car)


def tournament_gear(race: RaceState, car: Car, cards: int) -> None:
    """Tournament mode (T-2, T-3, OQ-T-3): the number of cards played sets the gear at the
    reveal, a two-gear change paying 1 Heat before anything else."""
    old = car.gear
    car.gear = max(1, min(4, cards))
    if abs(car.gear - old) == 2:
        mechanics.pay_heat(race, car, 1, "shift")
    if race.log is not None:
        race.log.append(GearShifted(car.seat, old, car.gear))


def finish_reveal(race: RaceState, car: Car) -> None:
    mechanics.move_to(race, car, car.pos + race.turn.speed, "cards")  # B-3.4
    if car.seat in race.adrenaline_seats:
        race.turn.adrenaline = True  # B-4
        if race.log is not None:
            race.log.append(AdrenalineGained(car.seat))
    enter_react(race, car)


# The steps after Reveal & Move: each is entered, and stops there only when the player has a
# choice to make; otherwise the next step follows at once (B-11.3).


def enter_react(race: RaceState, car: Car) -> None:
    race.turn.simple = simple(race, car)
    if has_react_option(race, car):
        race.step = REACT
    else:
        enter_slipstream(race, car)


def enter_slipstream(race: RaceState, car: Car) -> None:
    if slipstream_allowed(race, car):
        race.step = SLIPSTREAM
    else:
        enter_corners(race, car)


def enter_corners(race: RaceState, car: Car) -> None:
    check_corners(race, car)
    if not car.on_track:  # eliminated (C-21): the turn ends at once
        replenish(race, car, draw=False)  # C-31: the cards it played still leave the game
        race.step = END
        return
    enter_discard(race, car)


def enter_discard(race: RaceState, car: Car) -> None:
    discardable = race.setup.cards.discardable
    if any(map(discardable.__getitem__, car.hand)):
        race.step = DISCARD
    else:
        enter_refresh(race, car)


def enter_refresh(race: RaceState, car: Car) -> None:
    if not race.fast_base_cards and race.owns_refresh[car.seat] and refreshable(race, car):
        race.step = REFRESH
    else:
        replenish(race, car)
        race.step = END


# ------------------------------------------------------------------ Legends


def legend_turn(race: RaceState, car: Car) -> None:
    """L-6 to L-16: reveal the round's Legends card if needed, then move A or B."""
    start = car.pos
    legends = content.legends_cards()
    if race.legends_card < 0:
        if not race.legends_deck:  # L-16
            race.legends_deck = list(range(len(legends)))
            race.rng.shuffle(race.legends_deck)
        race.legends_card = race.legends_deck.pop()
        if race.log is not None:
            race.log.append(LegendsCardRevealed(car.seat, legends[race.legends_card].number))
    limits = [mechanics.corner_limit(race, corner) for corner in race.setup.track.corners]
    target = legend_target(
        race.setup.track,
        car.pos,
        race.setup.finish,
        legends[race.legends_card],
        car.color,
        race.setup.config.pro_legends,
        limits,
        race.setup.config.aggressive_legends,
    )
    mechanics.move_to(race, car, target, "legend")
    if race.setup.config.first_lap_sponsors and race.lap_of(start) <= 1 < race.lap_of(car.pos):
        race.first_lap_count += 1  # a Legend takes its place in the line but no card (OQ-L-7)


# ------------------------------------------------------------------ step 5


def simple(race: RaceState, car: Car) -> bool:
    """Only base-game symbols can be in play: no Upgrade symbol, no Road Conditions."""
    if race.fast_base_cards and race.conditions is None:
        return True
    if race.turn.symbols:
        return False
    conditions = race.conditions
    if conditions is not None and not conditions.quiet[(car.pos - 1) % race.setup.spaces + 1]:
        return False
    return not has_direct_card(race, car)


def has_direct_card(race: RaceState, car: Car) -> bool:
    if not race.owns_direct[car.seat]:
        return False
    direct = race.setup.cards.direct
    return any(map(direct.__getitem__, car.hand))


def pending_heat(race: RaceState) -> int:
    return sum([amount for symbol, amount, _ in race.turn.symbols if symbol == "heat"])


def react_options(race: RaceState, car: Car) -> list[Decision]:
    """The symbols ``car`` may still use in step 5 (B-5.2, G-22), then 'done' once no
    mandatory symbol is left (G-23)."""
    if race.turn.simple:
        return base_react_options(race, car)
    key = (len(race.decisions), race.turn_index, race.round)
    if race.options_key == key:
        return race.options_cache
    options = module_react_options(race, car)
    race.options_key = key
    race.options_cache = options
    return options


def module_react_options(race: RaceState, car: Car) -> list[Decision]:
    turn = race.turn
    cards = race.setup.cards
    ids = cards.ids
    options: list[Decision] = []
    heat_in_hand = car.hand.count(cards.heat)
    conditions = race.conditions
    space = race.space_of(car.pos)
    no_cooling = conditions is not None and conditions.no_cooling[space]  # W-28, OQ-W-7
    if heat_in_hand and not no_cooling:
        cooldown = GEAR_COOLDOWN[car.gear]
        if cooldown and not turn.gear_cool_used:
            options.extend(GEAR_COOLDOWNS[1 : min(cooldown, heat_in_hand) + 1])
        if turn.adrenaline and not turn.adrenaline_cool_used:
            options.append(ADRENALINE_COOLDOWN)
        if conditions is not None and conditions.cooling_bonus[space] and not turn.weather_cool_used:
            bonus = conditions.cooling_bonus[space]  # W-27, OQ-W-6: a Cooldown of its own
            options.extend(react_amounts("cooldown", min(bonus, heat_in_hand), "weather"))
    pending = pending_heat(race) if turn.symbols else 0
    if not turn.boost_used:  # B-5.7
        cost = 0 if conditions is not None and conditions.free_boost[space] else 1  # W-16, OQ-W-9
        if car.engine - cost >= pending:  # B-5.8, OQ-G-3
            options.append(BOOST)
    if turn.adrenaline and not turn.adrenaline_move_used:
        options.append(ADRENALINE_MOVE)
    mandatory = False
    seen: set[tuple[str, int, int]] = set()
    for symbol, amount, kind in turn.symbols:
        if (symbol, amount, kind) in seen:
            continue
        seen.add((symbol, amount, kind))
        source = ids[kind]
        if symbol in MANDATORY:
            mandatory = True
            options.append(react_option(symbol, amount, source))
        elif symbol == "cooldown":
            if heat_in_hand and not no_cooling:
                options.extend(react_amounts("cooldown", min(amount, heat_in_hand), source))
        elif symbol == "reduce-stress":
            stress = car.hand.count(cards.stress)
            options.extend(react_amounts(symbol, min(amount, stress), source))
        elif symbol == "salvage":
            options.extend(salvage_options(race, car, amount, source))
        else:  # accelerate
            options.append(react_option(symbol, 0, source))
    if race.owns_direct[car.seat]:
        direct = cards.direct
        for kind in sorted({k for k in car.hand if direct[k]}, key=lambda k: ids[k]):
            if car.engine - pending >= cards.heat_cost[kind]:  # OQ-G-3
                options.append(react_option("direct", 0, ids[kind]))
    if options and not mandatory:
        options.append(DONE)
    return options


def base_react_options(race: RaceState, car: Car) -> list[Decision]:
    """``_react_options`` of the base game: gear Cooldown, Boost, Adrenaline (B-5.2)."""
    turn = race.turn
    options: list[Decision] = []
    heat_in_hand = car.hand.count(race.setup.cards.heat)
    cooldown = GEAR_COOLDOWN[car.gear]
    if cooldown and heat_in_hand and not turn.gear_cool_used:
        options.extend(GEAR_COOLDOWNS[1 : min(cooldown, heat_in_hand) + 1])
    if turn.adrenaline and heat_in_hand and not turn.adrenaline_cool_used:
        options.append(ADRENALINE_COOLDOWN)
    if not turn.boost_used and car.engine >= 1:
        options.append(BOOST)
    if turn.adrenaline and not turn.adrenaline_move_used:
        options.append(ADRENALINE_MOVE)
    if options:
        options.append(DONE)
    return options


def salvage_options(race: RaceState, car: Car, amount: int, source: str) -> list[Decision]:
    ids = race.setup.cards.ids
    kinds, counts = counted(car.discard, ids)
    options: list[Decision] = []
    for size in range(1, min(amount, len(car.discard)) + 1):
        for combo in multisets(kinds, counts, size):
            options.append(Salvage(tuple(ids[k] for k in combo), source))
    return options


def has_react_option(race: RaceState, car: Car) -> bool:
    """Is any symbol left for ``car`` to use in step 5?"""
    if not race.turn.simple:
        return bool(react_options(race, car))
    turn = race.turn
    if not turn.boost_used and car.engine >= 1:
        return True
    if turn.adrenaline and not turn.adrenaline_move_used:
        return True
    if (GEAR_COOLDOWN[car.gear] and not turn.gear_cool_used) or (turn.adrenaline and not turn.adrenaline_cool_used):
        return race.setup.cards.heat in car.hand
    return False


def react_allowed(race: RaceState, car: Car, decision: React | EndReact | Salvage) -> bool:
    """Is ``decision`` among ``_react_options(car)``? (Cheaply, in the base game.)"""
    if not race.turn.simple or isinstance(decision, Salvage):
        options = react_options(race, car)
        # Options are shared objects: a decision drawn from them is found by identity,
        # without the dataclass equality the ``in`` test would call on the others.
        for option in options:
            if option is decision:
                return True
        return decision in options
    turn = race.turn
    if isinstance(decision, EndReact):
        return True  # 'done' is offered whenever the React step is open in the base game
    symbol = decision.symbol
    source = decision.source
    if symbol == "boost":
        return source == "gear" and not decision.amount and not turn.boost_used and car.engine >= 1
    if symbol == "cooldown":
        heat_in_hand = car.hand.count(race.setup.cards.heat)
        if source == "adrenaline":
            return turn.adrenaline and not turn.adrenaline_cool_used and decision.amount == 1 and heat_in_hand > 0
        return (
            source == "gear"
            and not turn.gear_cool_used
            and 1 <= decision.amount <= min(GEAR_COOLDOWN[car.gear], heat_in_hand)
        )
    if symbol == "move":
        return source == "adrenaline" and decision.amount == 1 and turn.adrenaline and not turn.adrenaline_move_used
    return False


def react_refusal(race: RaceState, car: Car, decision: Decision) -> str:
    turn = race.turn
    if isinstance(decision, EndReact):
        symbols = ", ".join(f"{s} {a} from {race.setup.cards.ids[k]}" for s, a, k in turn.symbols if s in MANDATORY)
        return f"mandatory symbols must be used first (G-23): {symbols}"
    if isinstance(decision, Salvage):
        return f"{decision.text()!r}: Salvage takes cards from {car.name}'s own discard pile, up to its number"
    if not isinstance(decision, React):
        return f"{decision.text()!r} is not available now"
    space = race.space_of(car.pos)
    if decision.symbol == "boost":
        if turn.boost_used:
            return "Boost may be used only once per turn (B-5.7)"
        if car.engine >= 1 and pending_heat(race):
            return "the Heat of the cards played must be payable first: boosting would leave too little (OQ-G-3)"
        return f"{car.name}'s Engine holds no Heat to pay for a Boost (B-5.8)"
    if decision.symbol == "cooldown":
        if race.conditions is not None and race.conditions.no_cooling[space]:
            return "no Cooldown is allowed in this sector (W-28)"
        if decision.source == "adrenaline":
            if not turn.adrenaline:
                return f"{car.name} has no Adrenaline this round (B-4.1)"
            if turn.adrenaline_cool_used:
                return "Adrenaline's Cooldown was already used this turn"
            if decision.amount != 1:
                return "Adrenaline gives Cooldown 1 (B-4.4)"
            return f"{car.name} has no Heat card in hand to cool down"
        if decision.source == "gear":
            limit = GEAR_COOLDOWN[car.gear]
            if not limit:
                return f"gear {car.gear} gives no Cooldown; only 1st (3) and 2nd (1) gear do (B-5.4)"
            if turn.gear_cool_used:
                return "the gear's Cooldown was already used this turn"
            heat_in_hand = car.hand.count(race.setup.cards.heat)
            if not heat_in_hand:
                return f"{car.name} has no Heat card in hand to cool down"
            return (
                f"gear {car.gear} cools down up to {limit} Heat and {car.name} holds {heat_in_hand} "
                f"Heat card{'s' if heat_in_hand != 1 else ''}: choose 1 to {min(limit, heat_in_hand)} (B-5.3)"
            )
        return f"there is no unused Cooldown {decision.amount} from {decision.source!r} (G-30)"
    if decision.symbol == "move" and decision.source == "adrenaline":
        if not turn.adrenaline:
            return f"{car.name} has no Adrenaline this round (B-4.1)"
        return "Adrenaline's +1 was already used this turn"
    if decision.symbol == "direct":
        return (
            f"{decision.source!r} cannot be played directly now: it must be in hand, "
            "have Direct Play and its Heat be payable (G-35)"
        )
    return f"{decision.text()!r} is not a symbol {car.name} can use now"


def use_symbol(race: RaceState, car: Car, decision: React) -> None:
    turn = race.turn
    cards = race.setup.cards
    symbol = decision.symbol
    source = decision.source
    log = race.log
    if symbol == "cooldown":
        if source == "adrenaline":
            turn.adrenaline_cool_used = True
        elif source == "gear":
            turn.gear_cool_used = True
        elif source == "weather":
            turn.weather_cool_used = True
        else:
            spend(race, symbol, cards.kind(source))
        for _ in range(decision.amount):  # B-5.3, G-30: from hand back to the Engine
            car.hand.remove(cards.heat)
        car.engine += decision.amount
        if log is not None:
            log.append(CooledDown(car.seat, decision.amount, source))
    elif symbol == "boost":
        turn.boost_used = True
        conditions = race.conditions
        free = conditions is not None and conditions.free_boost[race.space_of(car.pos)]
        if not free:
            mechanics.pay_heat(race, car, 1, "boost")  # B-5.6
        value = mechanics.flip_for_basic(race, car, "boost") + turn.accelerate
        turn.plus_used += 1
        turn.speed += value  # B-5.9, OQ-B-12
        if log is not None:
            log.append(Boosted(car.seat, value))
        mechanics.move_to(race, car, car.pos + value, "boost")
    elif symbol == "move":  # Adrenaline's +1 (B-4.4, B-4.6)
        turn.adrenaline_move_used = True
        turn.speed += 1
        if log is not None:
            log.append(SpeedIncreased(car.seat, 1, "adrenaline"))
        mechanics.move_to(race, car, car.pos + 1, "adrenaline")
    elif symbol == "direct":  # G-35, OQ-G-4
        kind = cards.kind(source)
        car.hand.remove(kind)
        car.play.append(kind)
        value = cards.speed[kind] + resolve_upgrade(race, car, kind, "direct play")
        turn.speed += value
        if log is not None:
            log.append(SymbolUsed(car.seat, "direct", value, source))
        mechanics.move_to(race, car, car.pos + value, "direct play")
    else:
        use_card_symbol(race, car, symbol, decision.amount, cards.kind(source))


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
    raise IllegalDecision(f"no {symbol} symbol from {race.setup.cards.ids[kind]} is left")  # pragma: no cover


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


# ------------------------------------------------------------------ step 6


def slipstream_spaces(race: RaceState, car: Car) -> list[int]:
    """The distances ``car`` may slipstream now (empty: it cannot): ``board.slipstream_distances``
    with this turn's boosts and the sector's Weather (G-31, W-15, W-25, W-26)."""
    if not can_slipstream(race, car):
        return []
    boost = race.turn.slip_boost
    conditions = race.conditions
    blocked = False
    if conditions is not None:
        space = race.space_of(car.pos)
        blocked = conditions.no_slipstream[space]
        boost += conditions.slipstream_boost[space]
    return board.slipstream_distances(car.pos, race.setup.finish, boost, blocked)


def slipstream_allowed(race: RaceState, car: Car) -> bool:
    """May ``car`` slipstream now? (B-6.2, W-26)"""
    conditions = race.conditions
    if conditions is not None and conditions.no_slipstream[(car.pos - 1) % race.setup.spaces + 1]:
        return False
    return can_slipstream(race, car)


def can_slipstream(race: RaceState, car: Car) -> bool:
    """B-6.2, OQ-B-1: beside a car or on the space directly behind one; never across the
    finish line of the last lap nor after it (B-6.6, OQ-B-13)."""
    if car.pos + SLIPSTREAM_SPACES > race.setup.finish:
        return False
    spots = race.setup.track.spots_per_space
    occupancy = race.occupancy
    spaces = race.setup.spaces
    here = ((car.pos - 1) % spaces + 1) * spots
    seat = car.seat
    for lane in range(spots):
        other = occupancy[here + lane]
        if other >= 0 and other != seat:
            return True
    ahead = (car.pos % spaces + 1) * spots
    return max(occupancy[ahead : ahead + spots]) >= 0


def legal_slipstreams(race: RaceState, car: Car) -> list[Decision]:
    spaces = slipstream_spaces(race, car)
    if spaces == [SLIPSTREAM_SPACES]:
        return [TAKE_SLIPSTREAM, NO_SLIPSTREAM]
    options: list[Decision] = [Slipstream(True, n) for n in spaces]
    options.append(NO_SLIPSTREAM)
    return options


def slipstream(race: RaceState, car: Car, spaces: int) -> None:
    if race.log is not None:
        race.log.append(Slipstreamed(car.seat))
    start = car.pos
    mechanics.move_to(race, car, car.pos + spaces, "slipstream")  # B-6.3, B-6.5: Speed unchanged
    press = race.setup.config.press_corners
    if press:  # C-38, OQ-C-6: only a slipstream move that itself crosses the line
        for _, corner in mechanics.corners_crossed(race, start, car.pos):
            if corner.number in press and corner.number not in race.turn.press:
                race.turn.press.append(corner.number)


# ------------------------------------------------------------------ step 7


def check_corners(race: RaceState, car: Car) -> None:
    """Step 7 (B-7): each Corner Line crossed this turn, in order (B-7.5)."""
    turn = race.turn
    speed = turn.speed
    conditions = race.conditions
    config = race.setup.config
    press = config.press_corners
    earned: list[str] = []
    road = conditions.corner_limit if conditions is not None else None
    for line, corner in mechanics.corners_crossed(race, turn.start, car.pos):
        limit = corner.speed_limit + turn.adjust  # G-28, OQ-G-6
        if road is not None:
            limit += road[corner.number - 1]  # W-12, W-13
        overheat = 0
        if conditions is not None and speed > limit:
            overheat = conditions.corner_overheat[corner.number - 1]  # W-14, OQ-W-8
        cost = board.corner_cost(speed, limit, overheat)  # B-7.3, B-7.4
        if race.log is not None:
            race.log.append(CornerChecked(car.seat, corner.number, speed, limit, cost, overheat, cost > car.engine))
        if cost > car.engine:
            spin_out(race, car, line, corner)
            break
        if cost:
            mechanics.pay_heat(race, car, cost, f"corner {corner.number}")
        if press and corner.number in press and (corner.number in turn.press or speed >= limit + 2):
            earned.append(f"press corner {corner.number}")  # C-38 to C-40, OQ-C-6
    if press or config.first_lap_sponsors or config.speed_sponsor or config.pass_sponsor:
        challenges(race, car, earned)


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


def spin_out(race: RaceState, car: Car, line: int, corner: content.Corner) -> None:
    """B-7.7 to B-7.10, OQ-B-9 to OQ-B-11."""
    paid = car.engine
    mechanics.pay_heat(race, car, paid, f"corner {corner.number}")
    race.occupancy[mechanics.slot(race, car.pos, car.lane)] = -1
    mechanics.place(race, car, line, line - race.setup.spaces)
    car.finished = car.pos > race.setup.finish  # B-7.8: back behind a line before the finish
    stress = 1 if car.gear <= 2 else 2
    stress = min(stress, race.stress_reserve)  # OQ-B-18
    race.stress_reserve -= stress
    car.hand.extend([race.setup.cards.stress] * stress)
    if race.log is not None:
        race.log.append(
            SpunOut(car.seat, corner.number, race.space_of(car.pos), race.lap_of(car.pos), car.lane, stress, paid)
        )
    car.gear = 1
    race.turn.spun = True
    if race.setup.config.spin_out_eliminates:  # the 1963 finale's event (C-21)
        race.occupancy[mechanics.slot(race, car.pos, car.lane)] = -1
        car.on_track = False
        race.eliminated.append(car.seat)
        if race.log is not None:
            race.log.append(Eliminated(car.seat))


# ------------------------------------------------------------------ step 8


def legal_discards(race: RaceState, car: Car) -> list[Decision]:
    discardable = race.setup.cards.discardable
    return [Discard(cards) for cards in sub_hands(race, [k for k in car.hand if discardable[k]])]


def sub_hands(race: RaceState, kinds: list[int]) -> list[tuple[str, ...]]:
    """Every sub-multiset of ``kinds`` (the empty one first), as card ids."""
    counts: dict[int, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    ids = race.setup.cards.ids
    ordered = sorted(counts, key=lambda k: ids[k])
    return [
        tuple(ids[k] for k in combo) for size in range(len(kinds) + 1) for combo in multisets(ordered, counts, size)
    ]


def check_discard(race: RaceState, car: Car, decision: Discard) -> list[int]:
    """Raise IllegalDecision unless ``decision`` is legal for ``car``; return its cards as kinds."""
    kinds = race.setup.cards.kinds(decision.cards)
    for kind in set(kinds):
        if not race.setup.cards.discardable[kind]:
            raise IllegalDecision(
                f"'{race.setup.cards.ids[kind]}' cards can never be discarded: Heat and Stress stay in hand (B-8.3)"
            )
        have = car.hand.count(kind)
        if kinds.count(kind) > have:
            raise IllegalDecision(
                f"{car.name} has {have} '{race.setup.cards.ids[kind]}' card{'s' if have != 1 else ''} in hand, "
                f"not {kinds.count(kind)}"
            )
    return kinds


def discard(race: RaceState, car: Car, kinds: list[int]) -> None:
    """B-8.2: ``kinds`` (checked) go from hand to the discard pile, in order."""
    if not kinds:
        return
    hand = car.hand
    for kind in kinds:
        hand.remove(kind)
    car.discard.extend(kinds)
    if race.log is not None:
        race.log.append(Discarded(car.seat, race.setup.cards.names(kinds)))


# ------------------------------------------------------------------ step 9


def refreshable(race: RaceState, car: Car) -> list[int]:
    refresh = race.setup.cards.refresh
    return [kind for kind in car.play if refresh[kind]]


def legal_refreshes(race: RaceState, car: Car) -> list[Decision]:
    return [Refresh(cards) for cards in sub_hands(race, refreshable(race, car))]


def check_refresh(race: RaceState, car: Car, decision: Refresh) -> None:
    kinds = [race.setup.cards.kind(card_id) for card_id in decision.cards]
    available = refreshable(race, car)
    for kind in set(kinds):
        if kinds.count(kind) > available.count(kind):
            raise IllegalDecision(f"'{race.setup.cards.ids[kind]}' is not a played card with Refresh (G-33)")


def replenish(race: RaceState, car: Car, refreshed: tuple[str, ...] = (), draw: bool = True) -> None:
    """Step 9 (B-9): One-time use cards leave the game (G-29), Refresh cards go back on the
    deck (G-33, OQ-G-7), the rest of the play area to the discard pile; then draw."""
    cards = race.setup.cards
    if car.play and not race.fast_base_cards and (refreshed or race.owns_one_time[car.seat]):
        one_time = cards.one_time
        removed = [kind for kind in car.play if one_time[kind]]
        if removed:
            for kind in removed:
                car.play.remove(kind)
            remove_from_game(race, car, removed)
        for card_id in refreshed:
            kind = cards.kind(card_id)
            car.play.remove(kind)
            car.deck.append(kind)
        if refreshed and race.log is not None:
            race.log.append(Refreshed(car.seat, refreshed))
    car.discard.extend(car.play)  # B-9.1
    car.play.clear()
    if draw:
        mechanics.draw_to_hand_size(race, car)


def remove_from_game(race: RaceState, car: Car, kinds: list[int]) -> None:
    sponsor = race.setup.cards.catalogue.cards
    race.sponsor_used.extend(kind for kind in kinds if sponsor[kind].type == "sponsor")  # C-26, C-35
    if race.log is not None:
        race.log.append(CardsRemoved(car.seat, race.setup.cards.names(kinds)))


def counted(cards: Iterable[int], ids: Sequence[str]) -> tuple[list[int], dict[int, int]]:
    """The kinds among ``cards``, in the order of their card ids, and how many of each: the
    arguments ``multisets`` takes."""
    counts: dict[int, int] = {}
    for kind in cards:
        counts[kind] = counts.get(kind, 0) + 1
    return sorted(counts, key=ids.__getitem__), counts


def multisets(kinds: list[int], counts: dict[int, int], size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` items drawn from ``counts``, as tuples in ``kinds`` order."""
    result: list[tuple[int, ...]] = []
    _add_multisets(result, kinds, counts, 0, size, [])
    return result


def _add_multisets(
    result: list[tuple[int, ...]], kinds: list[int], counts: dict[int, int], index: int, left: int, chosen: list[int]
) -> None:
    # A module function, not a closure calling itself: that would be a reference cycle, left for
    # the cycle collector after every call (the server lists plans for every player every round).
    if left == 0:
        result.append(tuple(chosen))
        return
    if index == len(kinds):
        return
    kind = kinds[index]
    for take in range(min(left, counts[kind]), -1, -1):
        _add_multisets(result, kinds, counts, index + 1, left - take, [*chosen, *[kind] * take])
