"""Steps 3 to 9 of a car's turn, as functions of the race state: Reveal & Move, Adrenaline, React,
Slipstream, Check Corner, Discard and Replenish (B-3 to B-9), with the sector effects of Weather &
Road Conditions. The Upgrade symbols are in ``garage``, a Legend's turn in ``legends``, the
Championship's rewards in ``sponsors``; this module calls them at their step."""

from __future__ import annotations

from typing import Final

from heat.engine import board, combos, content, garage, legends, mechanics, sponsors
from heat.engine.board import SLIPSTREAM_SPACES
from heat.engine.car import Car, TurnState
from heat.engine.cardtable import any_marked
from heat.engine.decisions import ChooseSpeed, Decision, Discard, EndReact, React, Salvage, Slipstream
from heat.engine.errors import IllegalDecision, Phrase
from heat.engine.events import (
    AdrenalineGained,
    Boosted,
    CardsRevealed,
    ClutteredHand,
    CooledDown,
    CornerChecked,
    Discarded,
    Eliminated,
    GearShifted,
    Refreshed,
    Slipstreamed,
    SpeedChosen,
    SpeedIncreased,
    SpunOut,
    SymbolUsed,
)
from heat.engine.plan import heat_of
from heat.engine.reveal import is_cluttered_play, reachable_gears
from heat.engine.state import CHOOSE, DISCARD, END, REACT, REFRESH, SLIPSTREAM, RaceState

GEAR_COOLDOWN: Final = (0, 3, 1, 0, 0)
"""Cooldown given by each gear in React: 1st gear 3, 2nd gear 1 (B-5.4, B-5.5)."""


BOOST: Final = React("boost")
ADRENALINE_MOVE: Final = React("move", 1, "adrenaline")
ADRENALINE_COOLDOWN: Final = React("cooldown", 1, "adrenaline")
GEAR_COOLDOWNS: Final = tuple(React("cooldown", n) for n in range(4))
DONE: Final = EndReact()
TAKE_SLIPSTREAM: Final = Slipstream(True)
NO_SLIPSTREAM: Final = Slipstream(False)


# ------------------------------------------------------------------ step 3


def start_turn(race: RaceState) -> None:
    """B-3: reveal, resolve Stress and + symbols, then choose values or move."""
    seat = race.order[race.turn_index]
    car = race.cars[seat]
    if car.legend:
        legends.legend_turn(race, car)
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
    upgrade_heat = heat_of(cards.heat_cost, plan)  # not sum(map(...)): compiled, calls into Python
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
                turn.speed += garage.resolve_upgrade(race, car, kind, "upgrade")
                if cards.choices[kind]:
                    turn.choices.append(index)
    if turn.choices:
        race.step = CHOOSE
        return
    finish_reveal(race, car)


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
    if any_marked(race.setup.cards.discardable, car.hand):
        race.step = DISCARD
    else:
        enter_refresh(race, car)


def enter_refresh(race: RaceState, car: Car) -> None:
    if not race.fast_base_cards and race.owns_refresh[car.seat] and garage.refreshable(race, car):
        race.step = REFRESH
    else:
        replenish(race, car)
        race.step = END


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
    return not garage.has_direct_card(race, car)


def react_options(race: RaceState, car: Car) -> list[Decision]:
    """The symbols ``car`` may still use in step 5 (B-5.2, G-22), then 'done' once no
    mandatory symbol is left (G-23)."""
    if race.turn.simple:
        return base_react_options(race, car)
    decisions = len(race.decisions)
    turn_index = race.turn_index
    if race.options_decisions == decisions and race.options_turn == turn_index and race.options_round == race.round:
        return race.options_cache
    options = module_react_options(race, car)
    race.options_decisions = decisions
    race.options_turn = turn_index
    race.options_round = race.round
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
            options.extend(garage.react_amounts("cooldown", min(bonus, heat_in_hand), "weather"))
    pending = garage.pending_heat(race) if turn.symbols else 0
    if not turn.boost_used:  # B-5.7
        cost = 0 if conditions is not None and conditions.free_boost[space] else 1  # W-16, OQ-W-9
        if car.engine - cost >= pending:  # B-5.8, OQ-G-3
            options.append(BOOST)
    if turn.adrenaline and not turn.adrenaline_move_used:
        options.append(ADRENALINE_MOVE)
    mandatory = False
    symbols = turn.symbols
    for index, entry in enumerate(symbols):
        if index and entry in symbols[:index]:
            continue  # the same symbol twice (two copies of a card played) is one option
        symbol, amount, kind = entry
        source = ids[kind]
        if symbol in garage.MANDATORY:
            mandatory = True
            options.append(garage.react_option(symbol, amount, source))
        elif symbol == "cooldown":
            if heat_in_hand and not no_cooling:
                options.extend(garage.react_amounts("cooldown", min(amount, heat_in_hand), source))
        elif symbol == "reduce-stress":
            stress = car.hand.count(cards.stress)
            options.extend(garage.react_amounts(symbol, min(amount, stress), source))
        elif symbol == "salvage":
            options.extend(garage.salvage_options(race, car, amount, source))
        else:  # accelerate
            options.append(garage.react_option(symbol, 0, source))
    if race.owns_direct[car.seat]:
        direct = cards.direct
        directs: list[int] = []
        for kind in car.hand:
            if direct[kind] and kind not in directs:
                directs.append(kind)
        if len(directs) > 1:
            directs.sort(key=ids.__getitem__)
        for kind in directs:
            if car.engine - pending >= cards.heat_cost[kind]:  # OQ-G-3
                options.append(garage.react_option("direct", 0, ids[kind]))
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


def react_refusal(race: RaceState, car: Car, decision: Decision) -> Phrase:
    turn = race.turn
    if isinstance(decision, EndReact):
        symbols = ", ".join(
            f"{s} {a} from {race.setup.cards.ids[k]}" for s, a, k in turn.symbols if s in garage.MANDATORY
        )
        return Phrase("mandatory symbols must be used first (G-23): {symbols}", symbols=symbols)
    if isinstance(decision, Salvage):
        return Phrase(
            "{decision}: Salvage takes cards from {car}'s own discard pile, up to its number",
            decision=repr(decision.text()),
            car=car.name,
        )
    if not isinstance(decision, React):
        return Phrase("{decision} is not available now", decision=repr(decision.text()))
    space = race.space_of(car.pos)
    if decision.symbol == "boost":
        if turn.boost_used:
            return Phrase("Boost may be used only once per turn (B-5.7)")
        if car.engine >= 1 and garage.pending_heat(race):
            return Phrase(
                "the Heat of the cards played must be payable first: boosting would leave too little (OQ-G-3)"
            )
        return Phrase("{car}'s Engine holds no Heat to pay for a Boost (B-5.8)", car=car.name)
    if decision.symbol == "cooldown":
        if race.conditions is not None and race.conditions.no_cooling[space]:
            return Phrase("no Cooldown is allowed in this sector (W-28)")
        if decision.source == "adrenaline":
            if not turn.adrenaline:
                return Phrase("{car} has no Adrenaline this round (B-4.1)", car=car.name)
            if turn.adrenaline_cool_used:
                return Phrase("Adrenaline's Cooldown was already used this turn")
            if decision.amount != 1:
                return Phrase("Adrenaline gives Cooldown 1 (B-4.4)")
            return Phrase("{car} has no Heat card in hand to cool down", car=car.name)
        if decision.source == "gear":
            limit = GEAR_COOLDOWN[car.gear]
            if not limit:
                return Phrase("gear {gear} gives no Cooldown; only 1st (3) and 2nd (1) gear do (B-5.4)", gear=car.gear)
            if turn.gear_cool_used:
                return Phrase("the gear's Cooldown was already used this turn")
            heat_in_hand = car.hand.count(race.setup.cards.heat)
            if not heat_in_hand:
                return Phrase("{car} has no Heat card in hand to cool down", car=car.name)
            if heat_in_hand == 1:
                return Phrase(
                    "gear {gear} cools down up to {limit} Heat and {car} holds 1 Heat card: choose 1 to 1 (B-5.3)",
                    gear=car.gear,
                    limit=limit,
                    car=car.name,
                )
            return Phrase(
                "gear {gear} cools down up to {limit} Heat and {car} holds {heat} Heat cards: "
                "choose 1 to {most} (B-5.3)",
                gear=car.gear,
                limit=limit,
                car=car.name,
                heat=heat_in_hand,
                most=min(limit, heat_in_hand),
            )
        return Phrase(
            "there is no unused Cooldown {amount} from {source} (G-30)",
            amount=decision.amount,
            source=repr(decision.source),
        )
    if decision.symbol == "move" and decision.source == "adrenaline":
        if not turn.adrenaline:
            return Phrase("{car} has no Adrenaline this round (B-4.1)", car=car.name)
        return Phrase("Adrenaline's +1 was already used this turn")
    if decision.symbol == "direct":
        return Phrase(
            "{card} cannot be played directly now: it must be in hand, have Direct Play and its Heat be payable (G-35)",
            card=repr(decision.source),
        )
    return Phrase("{decision} is not a symbol {car} can use now", decision=repr(decision.text()), car=car.name)


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
            garage.spend(race, symbol, cards.kind(source))
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
        value = cards.speed[kind] + garage.resolve_upgrade(race, car, kind, "direct play")
        turn.speed += value
        if log is not None:
            log.append(SymbolUsed(car.seat, "direct", value, source))
        mechanics.move_to(race, car, car.pos + value, "direct play")
    else:
        garage.use_card_symbol(race, car, symbol, decision.amount, cards.kind(source))


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
        sponsors.challenges(race, car, earned)


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
    return [Discard(cards) for cards in combos.sub_hands([k for k in car.hand if discardable[k]], race.setup.cards.ids)]


def check_discard(race: RaceState, car: Car, decision: Discard) -> list[int]:
    """Raise IllegalDecision unless ``decision`` is legal for ``car``; return its cards as kinds."""
    kinds = race.setup.cards.kinds(decision.cards)
    for kind in set(kinds):
        if not race.setup.cards.discardable[kind]:
            raise IllegalDecision(
                "'{card}' cards can never be discarded: Heat and Stress stay in hand (B-8.3)",
                card=race.setup.cards.ids[kind],
            )
        mechanics.check_in_hand(race, car, kind, kinds.count(kind))
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
            garage.remove_from_game(race, car, removed)
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
