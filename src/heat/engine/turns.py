"""Steps 3 to 9 of a car's turn: Reveal & Move, Adrenaline, React, Slipstream, Check Corner,
Discard and Replenish, with the Upgrade symbols, Weather & Road Conditions and Legends."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Final

from heat.engine import board, content
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
from heat.engine.reveal import is_cluttered_play
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


class TurnRules(RaceState):
    """The active car's turn, steps 3 to 9."""

    __slots__ = ()

    # ------------------------------------------------------------------ step 3

    def _start_turn(self) -> None:
        """B-3: reveal, resolve Stress and + symbols, then choose values or move."""
        seat = self.order[self.turn_index]
        car = self.cars[seat]
        if car.legend:
            self._legend_turn(car)
            self.step = END
            return
        turn = self.turn = TurnState(car.pos)
        cards = self.cards
        plan = car.play[:]
        if self.log is not None:
            self.log.append(CardsRevealed(seat, cards.names(plan)))  # B-3.1
        # Tournament mode: the number of cards sets the gear (T-2). Every play but a cluttered
        # hand's was checked to imply a gear the car can reach (T-3, OQ-T-1); a cluttered hand's
        # may not (one card in 3rd gear with an empty Engine): then no change is made and no
        # Heat paid, and B-14.3 sends the car to 1st gear below (OQ-T-2).
        if self.config.tournament:
            if len(plan) in self._reachable_gears(car):
                self._tournament_gear(car, len(plan))
            elif self.log is not None:  # OQ-T-2: the gear revealed is the one the car had
                self.log.append(GearShifted(seat, car.gear, car.gear))
        if self.config.pass_sponsor:
            key = self._position_key(car)
            turn.ahead = [other.seat for other in self.cars if other.on_track and self._position_key(other) > key]
        upgrade_heat = sum(map(cards.heat_cost.__getitem__, plan))
        if is_cluttered_play(plan.count(cards.heat), len(plan), car.gear, upgrade_heat, car.engine):
            # B-14: cluttered hand: no move, 1st gear, straight to step 9 (OQ-B-6). Every other
            # play's Heat was payable when it was committed (OQ-G-3); a cluttered hand's may hold
            # Upgrades whose Heat is not (``_cluttered_plans``).
            turn.cluttered = True
            if self.log is not None:
                self.log.append(ClutteredHand(seat))
            car.gear = 1
            self._replenish(car)
            self.step = END
            return
        speed_of = cards.speed
        stress = cards.stress
        speed = 0
        for kind in plan:
            if kind == stress:
                speed += self._flip_for_basic(car, "stress")  # B-3.2, B-12.3
                turn.plus_used += 1
            else:
                speed += speed_of[kind]
        turn.speed = speed
        if not self.fast_base_cards:  # G-20, OQ-B-20: + symbols after the Stress flips, in the order played
            symbolic = cards.symbolic
            for index, kind in enumerate(plan):
                if symbolic[kind]:
                    turn.speed += self._resolve_upgrade(car, kind, "upgrade")
                    if cards.choices[kind]:
                        turn.choices.append(index)
        if turn.choices:
            self.step = CHOOSE
            return
        self._finish_reveal(car)

    def _resolve_upgrade(self, car: Car, kind: int, reason: str) -> int:
        """Flip for the card's + symbols and queue its React symbols; return the Speed added."""
        cards = self.cards
        turn = self.turn
        added = 0
        for _ in range(cards.plus[kind]):
            added += self._flip_for_basic(car, reason) + turn.accelerate
            turn.plus_used += 1
        turn.symbols.extend(cards.entries[kind])
        turn.slip_boost += cards.slipstream[kind]
        return added

    def _legal_choices(self, car: Car) -> list[Decision]:
        ids = self.cards.ids
        options: list[Decision] = []
        for kind in sorted({car.play[i] for i in self.turn.choices}, key=lambda k: ids[k]):
            options.extend(ChooseSpeed(ids[kind], value) for value in self.cards.choices[kind])
        return options

    def _choose(self, car: Car, decision: ChooseSpeed) -> None:
        kind = self.cards.kind(decision.card)
        index = next(i for i in self.turn.choices if car.play[i] == kind)
        self.turn.choices.remove(index)
        self.turn.speed += decision.value
        if self.log is not None:
            self.log.append(SpeedChosen(car.seat, decision.card, decision.value))
        if not self.turn.choices:
            self._finish_reveal(car)

    def _tournament_gear(self, car: Car, cards: int) -> None:
        """Tournament mode (T-2, T-3, OQ-T-3): the number of cards played sets the gear at the
        reveal, a two-gear change paying 1 Heat before anything else."""
        old = car.gear
        car.gear = max(1, min(4, cards))
        if abs(car.gear - old) == 2:
            self._pay_heat(car, 1, "shift")
        if self.log is not None:
            self.log.append(GearShifted(car.seat, old, car.gear))

    def _finish_reveal(self, car: Car) -> None:
        self._move_to(car, car.pos + self.turn.speed, "cards")  # B-3.4
        if car.seat in self.adrenaline_seats:
            self.turn.adrenaline = True  # B-4
            if self.log is not None:
                self.log.append(AdrenalineGained(car.seat))
        self._enter_react(car)

    # The steps after Reveal & Move: each is entered, and stops there only when the player has a
    # choice to make; otherwise the next step follows at once (B-11.3).

    def _enter_react(self, car: Car) -> None:
        self.turn.simple = self._simple(car)
        if self._has_react_option(car):
            self.step = REACT
        else:
            self._enter_slipstream(car)

    def _enter_slipstream(self, car: Car) -> None:
        if self.slipstream_allowed(car):
            self.step = SLIPSTREAM
        else:
            self._enter_corners(car)

    def _enter_corners(self, car: Car) -> None:
        self._check_corners(car)
        if not car.on_track:  # eliminated (C-21): the turn ends at once
            self._replenish(car, draw=False)  # C-31: the cards it played still leave the game
            self.step = END
            return
        self._enter_discard(car)

    def _enter_discard(self, car: Car) -> None:
        discardable = self.cards.discardable
        if any(map(discardable.__getitem__, car.hand)):
            self.step = DISCARD
        else:
            self._enter_refresh(car)

    def _enter_refresh(self, car: Car) -> None:
        if not self.fast_base_cards and self.owns_refresh[car.seat] and self._refreshable(car):
            self.step = REFRESH
        else:
            self._replenish(car)
            self.step = END

    # ------------------------------------------------------------------ Legends

    def _legend_turn(self, car: Car) -> None:
        """L-6 to L-16: reveal the round's Legends card if needed, then move A or B."""
        start = car.pos
        legends = content.legends_cards()
        if self.legends_card < 0:
            if not self.legends_deck:  # L-16
                self.legends_deck = list(range(len(legends)))
                self.rng.shuffle(self.legends_deck)
            self.legends_card = self.legends_deck.pop()
            if self.log is not None:
                self.log.append(LegendsCardRevealed(car.seat, legends[self.legends_card].number))
        limits = [self.corner_limit(corner) for corner in self.track.corners]
        target = legend_target(
            self.track,
            car.pos,
            self.finish,
            legends[self.legends_card],
            car.color,
            self.config.pro_legends,
            limits,
            self.config.aggressive_legends,
        )
        self._move_to(car, target, "legend")
        if self.config.first_lap_sponsors and self.lap_of(start) <= 1 < self.lap_of(car.pos):
            self.first_lap_count += 1  # a Legend takes its place in the line but no card (OQ-L-7)

    # ------------------------------------------------------------------ step 5

    def _simple(self, car: Car) -> bool:
        """Only base-game symbols can be in play: no Upgrade symbol, no Road Conditions."""
        if self.fast_base_cards and self.conditions is None:
            return True
        if self.turn.symbols:
            return False
        conditions = self.conditions
        if conditions is not None and not conditions.quiet[(car.pos - 1) % self.spaces + 1]:
            return False
        return not self._has_direct_card(car)

    def _has_direct_card(self, car: Car) -> bool:
        if not self.owns_direct[car.seat]:
            return False
        direct = self.cards.direct
        return any(map(direct.__getitem__, car.hand))

    def _pending_heat(self) -> int:
        return sum([amount for symbol, amount, _ in self.turn.symbols if symbol == "heat"])

    def _react_options(self, car: Car) -> list[Decision]:
        """The symbols ``car`` may still use in step 5 (B-5.2, G-22), then 'done' once no
        mandatory symbol is left (G-23)."""
        if self.turn.simple:
            return self._base_react_options(car)
        key = (len(self.decisions), self.turn_index, self.round)
        if self.options_key == key:
            return self.options_cache
        options = self._module_react_options(car)
        self.options_key = key
        self.options_cache = options
        return options

    def _module_react_options(self, car: Car) -> list[Decision]:
        turn = self.turn
        cards = self.cards
        ids = cards.ids
        options: list[Decision] = []
        heat_in_hand = car.hand.count(cards.heat)
        conditions = self.conditions
        space = self.space_of(car.pos)
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
        pending_heat = self._pending_heat() if turn.symbols else 0
        if not turn.boost_used:  # B-5.7
            cost = 0 if conditions is not None and conditions.free_boost[space] else 1  # W-16, OQ-W-9
            if car.engine - cost >= pending_heat:  # B-5.8, OQ-G-3
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
                options.extend(self._salvage_options(car, amount, source))
            else:  # accelerate
                options.append(react_option(symbol, 0, source))
        if self.owns_direct[car.seat]:
            direct = cards.direct
            for kind in sorted({k for k in car.hand if direct[k]}, key=lambda k: ids[k]):
                if car.engine - pending_heat >= cards.heat_cost[kind]:  # OQ-G-3
                    options.append(react_option("direct", 0, ids[kind]))
        if options and not mandatory:
            options.append(DONE)
        return options

    def _base_react_options(self, car: Car) -> list[Decision]:
        """``_react_options`` of the base game: gear Cooldown, Boost, Adrenaline (B-5.2)."""
        turn = self.turn
        options: list[Decision] = []
        heat_in_hand = car.hand.count(self.cards.heat)
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

    def _salvage_options(self, car: Car, amount: int, source: str) -> list[Decision]:
        ids = self.cards.ids
        kinds, counts = counted(car.discard, ids)
        options: list[Decision] = []
        for size in range(1, min(amount, len(car.discard)) + 1):
            for combo in multisets(kinds, counts, size):
                options.append(Salvage(tuple(ids[k] for k in combo), source))
        return options

    def _has_react_option(self, car: Car) -> bool:
        """Is any symbol left for ``car`` to use in step 5?"""
        if not self.turn.simple:
            return bool(self._react_options(car))
        turn = self.turn
        if not turn.boost_used and car.engine >= 1:
            return True
        if turn.adrenaline and not turn.adrenaline_move_used:
            return True
        if (GEAR_COOLDOWN[car.gear] and not turn.gear_cool_used) or (turn.adrenaline and not turn.adrenaline_cool_used):
            return self.cards.heat in car.hand
        return False

    def _react_allowed(self, car: Car, decision: React | EndReact | Salvage) -> bool:
        """Is ``decision`` among ``_react_options(car)``? (Cheaply, in the base game.)"""
        if not self.turn.simple or isinstance(decision, Salvage):
            options = self._react_options(car)
            # Options are shared objects: a decision drawn from them is found by identity,
            # without the dataclass equality the ``in`` test would call on the others.
            for option in options:
                if option is decision:
                    return True
            return decision in options
        turn = self.turn
        if isinstance(decision, EndReact):
            return True  # 'done' is offered whenever the React step is open in the base game
        symbol = decision.symbol
        source = decision.source
        if symbol == "boost":
            return source == "gear" and not decision.amount and not turn.boost_used and car.engine >= 1
        if symbol == "cooldown":
            heat_in_hand = car.hand.count(self.cards.heat)
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

    def _react_refusal(self, car: Car, decision: Decision) -> str:
        turn = self.turn
        if isinstance(decision, EndReact):
            symbols = ", ".join(f"{s} {a} from {self.cards.ids[k]}" for s, a, k in turn.symbols if s in MANDATORY)
            return f"mandatory symbols must be used first (G-23): {symbols}"
        if isinstance(decision, Salvage):
            return f"{decision.text()!r}: Salvage takes cards from {car.name}'s own discard pile, up to its number"
        if not isinstance(decision, React):
            return f"{decision.text()!r} is not available now"
        space = self.space_of(car.pos)
        if decision.symbol == "boost":
            if turn.boost_used:
                return "Boost may be used only once per turn (B-5.7)"
            if car.engine >= 1 and self._pending_heat():
                return "the Heat of the cards played must be payable first: boosting would leave too little (OQ-G-3)"
            return f"{car.name}'s Engine holds no Heat to pay for a Boost (B-5.8)"
        if decision.symbol == "cooldown":
            if self.conditions is not None and self.conditions.no_cooling[space]:
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
                heat_in_hand = car.hand.count(self.cards.heat)
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

    def _use_symbol(self, car: Car, decision: React) -> None:
        turn = self.turn
        cards = self.cards
        symbol = decision.symbol
        source = decision.source
        log = self.log
        if symbol == "cooldown":
            if source == "adrenaline":
                turn.adrenaline_cool_used = True
            elif source == "gear":
                turn.gear_cool_used = True
            elif source == "weather":
                turn.weather_cool_used = True
            else:
                self._spend(symbol, cards.kind(source))
            for _ in range(decision.amount):  # B-5.3, G-30: from hand back to the Engine
                car.hand.remove(cards.heat)
            car.engine += decision.amount
            if log is not None:
                log.append(CooledDown(car.seat, decision.amount, source))
        elif symbol == "boost":
            turn.boost_used = True
            conditions = self.conditions
            free = conditions is not None and conditions.free_boost[self.space_of(car.pos)]
            if not free:
                self._pay_heat(car, 1, "boost")  # B-5.6
            value = self._flip_for_basic(car, "boost") + turn.accelerate
            turn.plus_used += 1
            turn.speed += value  # B-5.9, OQ-B-12
            if log is not None:
                log.append(Boosted(car.seat, value))
            self._move_to(car, car.pos + value, "boost")
        elif symbol == "move":  # Adrenaline's +1 (B-4.4, B-4.6)
            turn.adrenaline_move_used = True
            turn.speed += 1
            if log is not None:
                log.append(SpeedIncreased(car.seat, 1, "adrenaline"))
            self._move_to(car, car.pos + 1, "adrenaline")
        elif symbol == "direct":  # G-35, OQ-G-4
            kind = cards.kind(source)
            car.hand.remove(kind)
            car.play.append(kind)
            value = cards.speed[kind] + self._resolve_upgrade(car, kind, "direct play")
            turn.speed += value
            if log is not None:
                log.append(SymbolUsed(car.seat, "direct", value, source))
            self._move_to(car, car.pos + value, "direct play")
        else:
            self._use_card_symbol(car, symbol, decision.amount, cards.kind(source))

    def _use_card_symbol(self, car: Car, symbol: str, amount: int, kind: int) -> None:
        turn = self.turn
        cards = self.cards
        self._spend(symbol, kind)
        moved: tuple[str, ...] = ()
        if symbol == "heat":  # G-25
            self._pay_heat(car, amount, cards.ids[kind])
        elif symbol == "scrap":  # G-27
            scrapped = []
            for _ in range(amount):
                if not car.deck and not self._reshuffle(car):
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
        if self.log is not None:
            self.log.append(SymbolUsed(car.seat, symbol, amount, cards.ids[kind], moved))
        if symbol == "accelerate":
            self._move_to(car, car.pos + amount, "accelerate")

    def _spend(self, symbol: str, kind: int) -> None:
        symbols = self.turn.symbols
        for index, (name, _, source) in enumerate(symbols):
            if name == symbol and source == kind:
                del symbols[index]
                return
        raise IllegalDecision(f"no {symbol} symbol from {self.cards.ids[kind]} is left")  # pragma: no cover

    def _salvage(self, car: Car, decision: Salvage) -> None:
        """G-34: the chosen cards go from the discard pile into the draw deck, shuffled."""
        cards = self.cards
        self._spend("salvage", cards.kind(decision.source))
        for card_id in decision.cards:
            kind = cards.kind(card_id)
            car.discard.remove(kind)
            car.deck.append(kind)
        self.rng.shuffle(car.deck)
        if self.log is not None:
            self.log.append(Salvaged(car.seat, len(decision.cards), decision.cards, decision.source))

    # ------------------------------------------------------------------ step 6

    def slipstream_spaces(self, car: Car) -> list[int]:
        """The distances ``car`` may slipstream now (empty: it cannot): ``board.slipstream_distances``
        with this turn's boosts and the sector's Weather (G-31, W-15, W-25, W-26)."""
        if not self._can_slipstream(car):
            return []
        boost = self.turn.slip_boost
        conditions = self.conditions
        blocked = False
        if conditions is not None:
            space = self.space_of(car.pos)
            blocked = conditions.no_slipstream[space]
            boost += conditions.slipstream_boost[space]
        return board.slipstream_distances(car.pos, self.finish, boost, blocked)

    def slipstream_allowed(self, car: Car) -> bool:
        """May ``car`` slipstream now? (B-6.2, W-26)"""
        conditions = self.conditions
        if conditions is not None and conditions.no_slipstream[(car.pos - 1) % self.spaces + 1]:
            return False
        return self._can_slipstream(car)

    def _can_slipstream(self, car: Car) -> bool:
        """B-6.2, OQ-B-1: beside a car or on the space directly behind one; never across the
        finish line of the last lap nor after it (B-6.6, OQ-B-13)."""
        if car.pos + SLIPSTREAM_SPACES > self.finish:
            return False
        spots = self.track.spots_per_space
        occupancy = self.occupancy
        spaces = self.spaces
        here = ((car.pos - 1) % spaces + 1) * spots
        seat = car.seat
        for lane in range(spots):
            other = occupancy[here + lane]
            if other >= 0 and other != seat:
                return True
        ahead = (car.pos % spaces + 1) * spots
        return max(occupancy[ahead : ahead + spots]) >= 0

    def _legal_slipstreams(self, car: Car) -> list[Decision]:
        spaces = self.slipstream_spaces(car)
        if spaces == [SLIPSTREAM_SPACES]:
            return [TAKE_SLIPSTREAM, NO_SLIPSTREAM]
        options: list[Decision] = [Slipstream(True, n) for n in spaces]
        options.append(NO_SLIPSTREAM)
        return options

    def _slipstream(self, car: Car, spaces: int) -> None:
        if self.log is not None:
            self.log.append(Slipstreamed(car.seat))
        start = car.pos
        self._move_to(car, car.pos + spaces, "slipstream")  # B-6.3, B-6.5: Speed unchanged
        press = self.config.press_corners
        if press:  # C-38, OQ-C-6: only a slipstream move that itself crosses the line
            for _, corner in self.corners_crossed(start, car.pos):
                if corner.number in press and corner.number not in self.turn.press:
                    self.turn.press.append(corner.number)

    # ------------------------------------------------------------------ step 7

    def _check_corners(self, car: Car) -> None:
        """Step 7 (B-7): each Corner Line crossed this turn, in order (B-7.5)."""
        turn = self.turn
        speed = turn.speed
        conditions = self.conditions
        config = self.config
        press = config.press_corners
        earned: list[str] = []
        road = conditions.corner_limit if conditions is not None else None
        for line, corner in self.corners_crossed(turn.start, car.pos):
            limit = corner.speed_limit + turn.adjust  # G-28, OQ-G-6
            if road is not None:
                limit += road[corner.number - 1]  # W-12, W-13
            overheat = 0
            if conditions is not None and speed > limit:
                overheat = conditions.corner_overheat[corner.number - 1]  # W-14, OQ-W-8
            cost = board.corner_cost(speed, limit, overheat)  # B-7.3, B-7.4
            if self.log is not None:
                self.log.append(CornerChecked(car.seat, corner.number, speed, limit, cost, overheat, cost > car.engine))
            if cost > car.engine:
                self._spin_out(car, line, corner)
                break
            if cost:
                self._pay_heat(car, cost, f"corner {corner.number}")
            if press and corner.number in press and (corner.number in turn.press or speed >= limit + 2):
                earned.append(f"press corner {corner.number}")  # C-38 to C-40, OQ-C-6
        if press or config.first_lap_sponsors or config.speed_sponsor or config.pass_sponsor:
            self._challenges(car, earned)

    def _challenges(self, car: Car, earned: list[str]) -> None:
        """The Championship's Sponsorship rewards, decided at the end of step 7 (OQ-C-12): Press
        Corners, and the event's challenges (C-45); nothing in a turn with a spin-out (C-36,
        OQ-C-5)."""
        config = self.config
        turn = self.turn
        if config.first_lap_sponsors and self.lap_of(turn.start) <= 1 < self.lap_of(car.pos):
            self.first_lap_count += 1  # a car that spun out still crossed the line
            if self.first_lap_count <= config.first_lap_sponsors:
                earned.append("first across the line")
        if config.speed_sponsor and turn.speed >= config.speed_sponsor:
            earned.append(f"Speed {turn.speed}")
        if config.pass_sponsor and turn.ahead:
            key = self._position_key(car)
            passed = sum(1 for seat in turn.ahead if self._position_key(self.cars[seat]) < key)
            if passed >= config.pass_sponsor:
                earned.append(f"passed {passed} cars")
        if turn.spun or car.legend:
            return
        for reason in earned:
            self._gain_sponsor(car, reason)

    def _gain_sponsor(self, car: Car, reason: str) -> None:
        """C-34, C-35: draw the top Sponsorship card into hand, reshuffling the cards played this
        race when the deck is empty; nothing if there are none."""
        if not self.sponsor_deck:
            if not self.sponsor_used:
                return
            self.sponsor_deck = self.sponsor_used
            self.sponsor_used = []
            self.rng.shuffle(self.sponsor_deck)
        kind = self.sponsor_deck.pop()
        car.hand.append(kind)
        if self.log is not None:
            self.log.append(SponsorGained(car.seat, self.cards.ids[kind], reason))
        self._update_card_caches()

    def _spin_out(self, car: Car, line: int, corner: content.Corner) -> None:
        """B-7.7 to B-7.10, OQ-B-9 to OQ-B-11."""
        paid = car.engine
        self._pay_heat(car, paid, f"corner {corner.number}")
        self.occupancy[self._slot(car.pos, car.lane)] = -1
        self._place(car, line, line - self.spaces)
        car.finished = car.pos > self.finish  # B-7.8: back behind a line before the finish
        stress = 1 if car.gear <= 2 else 2
        stress = min(stress, self.stress_reserve)  # OQ-B-18
        self.stress_reserve -= stress
        car.hand.extend([self.cards.stress] * stress)
        if self.log is not None:
            self.log.append(
                SpunOut(car.seat, corner.number, self.space_of(car.pos), self.lap_of(car.pos), car.lane, stress, paid)
            )
        car.gear = 1
        self.turn.spun = True
        if self.config.spin_out_eliminates:  # the 1963 finale's event (C-21)
            self.occupancy[self._slot(car.pos, car.lane)] = -1
            car.on_track = False
            self.eliminated.append(car.seat)
            if self.log is not None:
                self.log.append(Eliminated(car.seat))

    # ------------------------------------------------------------------ step 8

    def _legal_discards(self, car: Car) -> list[Decision]:
        discardable = self.cards.discardable
        return [Discard(cards) for cards in self._sub_hands([k for k in car.hand if discardable[k]])]

    def _sub_hands(self, kinds: list[int]) -> list[tuple[str, ...]]:
        """Every sub-multiset of ``kinds`` (the empty one first), as card ids."""
        counts: dict[int, int] = {}
        for kind in kinds:
            counts[kind] = counts.get(kind, 0) + 1
        ids = self.cards.ids
        ordered = sorted(counts, key=lambda k: ids[k])
        return [
            tuple(ids[k] for k in combo) for size in range(len(kinds) + 1) for combo in multisets(ordered, counts, size)
        ]

    def _check_discard(self, car: Car, decision: Discard) -> list[int]:
        """Raise IllegalDecision unless ``decision`` is legal for ``car``; return its cards as kinds."""
        kinds = self.cards.kinds(decision.cards)
        for kind in set(kinds):
            if not self.cards.discardable[kind]:
                raise IllegalDecision(
                    f"'{self.cards.ids[kind]}' cards can never be discarded: Heat and Stress stay in hand (B-8.3)"
                )
            have = car.hand.count(kind)
            if kinds.count(kind) > have:
                raise IllegalDecision(
                    f"{car.name} has {have} '{self.cards.ids[kind]}' card{'s' if have != 1 else ''} in hand, "
                    f"not {kinds.count(kind)}"
                )
        return kinds

    def _discard(self, car: Car, kinds: list[int]) -> None:
        """B-8.2: ``kinds`` (checked) go from hand to the discard pile, in order."""
        if not kinds:
            return
        hand = car.hand
        for kind in kinds:
            hand.remove(kind)
        car.discard.extend(kinds)
        if self.log is not None:
            self.log.append(Discarded(car.seat, self.cards.names(kinds)))

    # ------------------------------------------------------------------ step 9

    def _refreshable(self, car: Car) -> list[int]:
        refresh = self.cards.refresh
        return [kind for kind in car.play if refresh[kind]]

    def _legal_refreshes(self, car: Car) -> list[Decision]:
        return [Refresh(cards) for cards in self._sub_hands(self._refreshable(car))]

    def _check_refresh(self, car: Car, decision: Refresh) -> None:
        kinds = [self.cards.kind(card_id) for card_id in decision.cards]
        available = self._refreshable(car)
        for kind in set(kinds):
            if kinds.count(kind) > available.count(kind):
                raise IllegalDecision(f"'{self.cards.ids[kind]}' is not a played card with Refresh (G-33)")

    def _replenish(self, car: Car, refreshed: tuple[str, ...] = (), draw: bool = True) -> None:
        """Step 9 (B-9): One-time use cards leave the game (G-29), Refresh cards go back on the
        deck (G-33, OQ-G-7), the rest of the play area to the discard pile; then draw."""
        cards = self.cards
        if car.play and not self.fast_base_cards and (refreshed or self.owns_one_time[car.seat]):
            one_time = cards.one_time
            removed = [kind for kind in car.play if one_time[kind]]
            if removed:
                for kind in removed:
                    car.play.remove(kind)
                self._remove_from_game(car, removed)
            for card_id in refreshed:
                kind = cards.kind(card_id)
                car.play.remove(kind)
                car.deck.append(kind)
            if refreshed and self.log is not None:
                self.log.append(Refreshed(car.seat, refreshed))
        car.discard.extend(car.play)  # B-9.1
        car.play.clear()
        if draw:
            self._draw_to_hand_size(car)

    def _remove_from_game(self, car: Car, kinds: list[int]) -> None:
        sponsor = self.cards.catalogue.cards
        self.sponsor_used.extend(kind for kind in kinds if sponsor[kind].type == "sponsor")  # C-26, C-35
        if self.log is not None:
            self.log.append(CardsRemoved(car.seat, self.cards.names(kinds)))


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
