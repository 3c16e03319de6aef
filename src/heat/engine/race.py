"""The race: one playthrough of Heat, driven one decision at a time.

A :class:`Race` is mutable, like a chess board: ``apply`` checks a decision completely before it
changes anything, so an illegal decision raises :class:`IllegalDecision` and leaves the race as it
was. ``copy`` is cheap, for search. Randomness comes only from the race's own :class:`Rng`.

Setup lives in ``setup.py``, the steps of a car's turn in ``turns.py``; this module holds the API,
steps 1 and 2 (the plans), and the loop that runs every automatic step until someone must decide.
"""

from __future__ import annotations

from typing import Final

from heat.engine import setup, turns
from heat.engine.car import Car
from heat.engine.config import RaceConfig
from heat.engine.decisions import (
    ChooseSpeed,
    Decision,
    Discard,
    Draft,
    EndReact,
    Plan,
    React,
    Refresh,
    Salvage,
    Slipstream,
)
from heat.engine.errors import IllegalDecision, shown
from heat.engine.events import Event, GearShifted, PlanCommitted, RaceEnded, RoundEnded
from heat.engine.rng import Rng
from heat.engine.state import (
    CHOOSE,
    DISCARD,
    DRAFT,
    END,
    OVER,
    PLAN,
    REACT,
    REFRESH,
    SLIPSTREAM,
    START,
    TURN,
    RaceState,
)
from heat.engine.turns import NO_SLIPSTREAM, TAKE_SLIPSTREAM, counted, multisets

ADRENALINE_TWO_CARS_FROM: Final = 5
"""B-4.2: with 5 or more starting cars, the last two get Adrenaline."""


class Race(RaceState):
    """One race. Build it with ``Race(config)``; drive it with ``to_decide``, ``legal_decisions``
    and ``apply`` until ``is_over``."""

    __slots__ = ()

    def __init__(self, config: RaceConfig, *, record_events: bool = True, _set_up: bool = True) -> None:
        """Set up the race (B-10) from ``config``: grid, modules, decks, Engines, first hands.
        ``_set_up=False`` (``copy`` and positions only) makes a race with no field set, for the
        caller to fill: what ``Race.__new__`` did, which a compiled class does not allow."""
        if _set_up:
            setup.set_up(self, config, record_events)
            self._run()

    # ------------------------------------------------------------------ public API

    def copy(self, *, record_events: bool | None = None) -> Race:
        """An independent copy. The event log is copied too unless ``record_events=False``."""
        other = Race(self.config, _set_up=False)
        other.config = self.config
        other.track = self.track
        other.corner_lines = self.corner_lines
        other.cards = self.cards
        other.laps = self.laps
        other.spaces = self.spaces
        other.finish = self.finish
        other.hand_size = self.hand_size
        other.cars = [car.copy() for car in self.cars]
        other.started_cars = self.started_cars
        other.rng = self.rng.copy()
        other.round = self.round
        other.phase = self.phase
        other.step = self.step
        other.order = self.order[:]
        other.turn_index = self.turn_index
        other.adrenaline_seats = self.adrenaline_seats
        other.turn = self.turn.copy()
        other.occupancy = self.occupancy[:]
        other.stress_reserve = self.stress_reserve
        other.hall_of_fame = self.hall_of_fame[:]
        keep_log = self.log is not None if record_events is None else record_events
        other.log = (self.log[:] if self.log is not None else []) if keep_log else None
        other.decisions = self.decisions[:]
        other.start_position = self.start_position
        other.conditions = self.conditions
        other.legends_deck = self.legends_deck[:]
        other.legends_card = self.legends_card
        other.draft = self.draft.copy() if self.draft is not None else None
        other.upgrade_pool = self.upgrade_pool[:]
        other.fast_base_cards = self.fast_base_cards
        other.owns_heat_cost = self.owns_heat_cost
        other.owns_direct = self.owns_direct
        other.owns_one_time = self.owns_one_time
        other.owns_refresh = self.owns_refresh
        other.sponsor_deck = self.sponsor_deck[:]
        other.sponsor_used = self.sponsor_used[:]
        other.first_lap_count = self.first_lap_count
        other.eliminated = self.eliminated[:]
        other.options_key = None
        other.options_cache = []
        return other

    @property
    def is_over(self) -> bool:
        """True once every car has finished (B-16.7)."""
        return self.phase == OVER

    def to_decide(self) -> tuple[int, ...]:
        """Seats that must decide now: every uncommitted player in the plan phase (B-11.4), else
        the active car (B-11.5) or the player drafting. Empty when the race is over."""
        if self.phase == TURN:
            return (self.order[self.turn_index],)  # ``_deciding``'s answer, without the loop
        return tuple([car.seat for car in self.cars if self._deciding(car)])

    def _deciding(self, car: Car) -> bool:
        """Must ``car`` decide now? The one place that says whose decision it is: in the plan
        phase every player's car on the track still to commit (B-11.4, OQ-B-17), in the turns the
        active car (B-11.5), in the Garage draft the car picking (G-12)."""
        phase = self.phase
        if phase == TURN:
            return self.order[self.turn_index] == car.seat
        if phase == PLAN:
            return car.on_track and car.plan is None and not car.legend
        if phase == DRAFT:
            assert self.draft is not None
            return self.draft.order[self.draft.index] == car.seat
        return False

    def legal_decisions(self, seat: int) -> list[Decision]:
        """Every decision ``seat`` may take now (empty if it has nothing to decide)."""
        if not 0 <= seat < len(self.cars) or not self._deciding(self.cars[seat]):
            return []
        car = self.cars[seat]
        if self.phase == PLAN:
            return self._legal_plans(car)
        if self.phase == DRAFT:
            return setup.legal_drafts(self)
        step = self.step
        if step == REACT:
            return list(turns.react_options(self, car))
        if step == SLIPSTREAM:
            return turns.legal_slipstreams(self, car)
        if step == CHOOSE:
            return turns.legal_choices(self, car)
        if step == REFRESH:
            return turns.legal_refreshes(self, car)
        return turns.legal_discards(self, car)

    def random_decision(self, seat: int, rng: Rng) -> Decision:
        """A random legal decision for ``seat``, drawn with ``rng`` without listing every legal
        decision where that is cheap (rollouts, benchmarks). IllegalDecision if ``seat`` has
        nothing to decide."""
        cars = self.cars
        phase = self.phase
        if not 0 <= seat < len(cars) or not self._deciding(cars[seat]):
            raise IllegalDecision("seat {seat} has nothing to decide now", seat=shown(seat))
        car = cars[seat]
        if phase == TURN:
            step = self.step
            if step == REACT:
                options = turns.react_options(self, car)
                return options[rng.below(len(options))]
            if step == DISCARD:
                ids = self.cards.ids
                discardable = self.cards.discardable
                bits = rng.next64()  # one coin per card in hand
                return Discard([ids[k] for i, k in enumerate(car.hand) if discardable[k] and bits >> i & 1])
            if step == SLIPSTREAM:
                if self.conditions is None and not self.turn.slip_boost:
                    return TAKE_SLIPSTREAM if rng.below(2) else NO_SLIPSTREAM
                options = turns.legal_slipstreams(self, car)  # what legal_decisions lists, without its checks
                return options[rng.below(len(options))]
        elif phase == PLAN:
            plan = self._random_plan(car, rng)
            if plan is not None:
                return plan
        options = self.legal_decisions(seat)
        return options[rng.below(len(options))]

    def slipstream_spaces(self, car: Car) -> list[int]:
        """The distances ``car`` may slipstream now (empty: it cannot; B-6, G-31, W-15, W-25, W-26)."""
        return turns.slipstream_spaces(self, car)

    def forced_decision(self, seat: int) -> Decision | None:
        """The only legal decision of ``seat``, if it has exactly one; clients may apply it unasked."""
        legal = self.legal_decisions(seat)
        return legal[0] if len(legal) == 1 else None

    def check(self, seat: int, decision: Decision) -> None:
        """Raise IllegalDecision, with a message fit for a player, unless ``decision`` is legal."""
        self._validate(seat, decision)

    def _validate(self, seat: int, decision: Decision) -> list[int] | None:
        """``check``; for a Plan, a Draft or a Discard, also return its cards as kinds."""
        if not 0 <= seat < len(self.cars):
            raise IllegalDecision("there is no seat {seat}", seat=shown(seat))
        car = self.cars[seat]
        phase = self.phase
        if not self._deciding(car):
            if self.phase == OVER:
                raise IllegalDecision("the race is over")
            if car.legend:
                raise IllegalDecision("{car} is a Legend: the Legends deck drives it (L-2)", car=car.name)
            if self.phase == PLAN and car.on_track:
                raise IllegalDecision("{car} has already committed gear and cards this round", car=car.name)
            names = ", ".join(self.cars[s].name for s in self.to_decide())
            raise IllegalDecision("it is not {car}'s decision; waiting for {names}", car=car.name, names=names)
        if phase == PLAN:
            if not isinstance(decision, Plan):
                raise IllegalDecision("{car} must choose a gear and cards now (e.g. 'gear 2 play 3 4')", car=car.name)
            return self._check_plan(car, decision)
        if phase == DRAFT:
            if not isinstance(decision, Draft):
                raise IllegalDecision("{car} must draft an Upgrade card now (e.g. 'draft rpm-2')", car=car.name)
            return [setup.check_draft(self, seat, decision)]
        step = self.step
        if step == REACT:
            if not isinstance(decision, (React, EndReact, Salvage)):
                raise IllegalDecision("{car} is in the React step: use a symbol or 'done'", car=car.name)
            if not turns.react_allowed(self, car, decision):
                refusal = turns.react_refusal(self, car, decision)
                raise IllegalDecision(refusal.template, **refusal.values)
            return None
        if step == DISCARD:
            return turns.check_discard(self, car, self._discard_decision(car, decision))
        if step == SLIPSTREAM:
            if not isinstance(decision, Slipstream):
                raise IllegalDecision("{car} must answer 'slipstream' or 'no slipstream'", car=car.name)
            if decision.take and decision.spaces not in turns.slipstream_spaces(self, car):
                allowed = ", ".join(str(n) for n in turns.slipstream_spaces(self, car))
                raise IllegalDecision(
                    "{car} may slipstream {allowed} spaces, not {spaces} (G-31)",
                    car=car.name,
                    allowed=allowed,
                    spaces=decision.spaces,
                )
            return None
        if step == CHOOSE:
            if not isinstance(decision, ChooseSpeed) or decision not in turns.legal_choices(self, car):
                options = ", ".join(d.text() for d in turns.legal_choices(self, car))
                raise IllegalDecision("choose the Speed value of a card (G-21): {options}", options=options)
            return None
        if step == REFRESH:
            if not isinstance(decision, Refresh):
                raise IllegalDecision(
                    "{car} may put Refresh cards back on the deck: 'refresh CARD' or 'nothing'", car=car.name
                )
            turns.check_refresh(self, car, decision)
            return None
        return turns.check_discard(self, car, self._discard_decision(car, decision))

    def _discard_decision(self, car: Car, decision: Decision) -> Discard:
        """``decision``, which must be a Discard in the Discard step."""
        if not isinstance(decision, Discard):
            raise IllegalDecision("{car} is in the Discard step: 'discard CARD ...' or 'discard nothing'", car=car.name)
        return decision

    def apply(self, seat: int, decision: Decision) -> None:
        """Carry out ``decision`` for ``seat`` and every automatic step after it.

        Raises IllegalDecision, changing nothing, if the decision is not legal now."""
        self._carry_out(seat, decision, self._validate(seat, decision))

    def play_random(self, seat: int, rng: Rng) -> Decision:
        """Apply a random legal decision for ``seat`` (see ``random_decision``) and return it.

        For rollouts: a decision the engine draws itself is legal by construction (a property
        test checks it), so it is not checked a second time."""
        decision = self.random_decision(seat, rng)
        kinds: list[int] | None = None
        if isinstance(decision, Plan):
            index_of = self.cards.index_of
            kinds = [index_of[card_id] for card_id in decision.cards]
        elif isinstance(decision, Draft):
            kinds = [self.cards.index_of[decision.card]]
        elif isinstance(decision, Discard):
            kinds = self.cards.kinds(decision.cards)
        self._carry_out(seat, decision, kinds)
        return decision

    def _carry_out(self, seat: int, decision: Decision, kinds: list[int] | None) -> None:
        self.decisions.append((seat, decision))
        car = self.cars[seat]
        if isinstance(decision, Plan):
            assert kinds is not None
            car.plan = kinds
            car.plan_gear = decision.gear
            if self.log is not None:
                self.log.append(PlanCommitted(seat))
        elif isinstance(decision, React):
            turns.use_symbol(self, car, decision)
            turns.enter_react(self, car)
        elif isinstance(decision, Discard):
            assert kinds is not None
            turns.discard(self, car, kinds)
            turns.enter_refresh(self, car)
        elif isinstance(decision, EndReact):
            turns.enter_slipstream(self, car)
        elif isinstance(decision, Slipstream):
            if decision.take:
                turns.slipstream(self, car, decision.spaces)
            turns.enter_corners(self, car)
        elif isinstance(decision, Salvage):
            turns.salvage(self, car, decision)
            turns.enter_react(self, car)
        elif isinstance(decision, ChooseSpeed):
            turns.choose(self, car, decision)
        elif isinstance(decision, Refresh):
            turns.replenish(self, car, decision.cards)
            self.step = END
        elif isinstance(decision, Draft):
            assert kinds is not None
            setup.apply_draft(self, seat, kinds[0])
        if self.phase != TURN or self.step == END:
            self._run()

    def standings(self) -> list[int]:
        """Seats from first to last: the Hall of Fame (B-16.8), then cars on track by position."""
        racing = [car for car in self.cars if car.on_track]
        racing.sort(key=self._position_key, reverse=True)
        return self.hall_of_fame + [car.seat for car in racing] + self.eliminated[::-1]

    def events(self, viewer: int | None = None) -> list[Event]:
        """The event log as ``viewer`` may see it (``None``: a spectator sees no private cards)."""
        if self.log is None:
            return []
        return [event.for_seat(viewer) for event in self.log]

    # ------------------------------------------------------------------ the automatic steps

    def _run(self) -> None:
        """Carry out automatic steps until a seat must decide or the race is over."""
        while True:
            phase = self.phase
            if phase == TURN:
                step = self.step
                if step == START:
                    turns.start_turn(self)
                elif step == END:
                    self._next_turn()
                else:
                    return
            elif phase == PLAN:
                for car in self.cars:
                    if car.plan is None and car.on_track and not car.legend:
                        return
                self._begin_turns()
            else:
                return

    def _next_turn(self) -> None:
        self.turn_index += 1
        if self.turn_index < len(self.order):
            self.step = START
        else:
            self._end_round()

    # ------------------------------------------------------------------ steps 1 and 2

    def _playable_kinds(self, car: Car) -> list[int]:
        playable = self.cards.playable
        return [k for k in car.hand if playable[k]]

    def _shift_cost(self, car: Car, gear: int) -> int:
        return 1 if abs(gear - car.gear) == 2 else 0

    def _free(self, car: Car, playable: list[int]) -> bool:
        """Does no card in ``playable`` cost Heat to play?"""
        if self.fast_base_cards or not self.owns_heat_cost[car.seat]:
            return True
        return not any(map(self.cards.heat_cost.__getitem__, playable))

    def _fillable_gears(self, car: Car, gears: list[int], playable: list[int]) -> list[int]:
        """The ``gears`` that ``car`` can fill with playable cards whose Heat, with the shift's,
        it can pay (OQ-B-5, OQ-G-3)."""
        count = len(playable)
        if self._free(car, playable):  # no card costs Heat; a reachable shift is payable (B-1.2)
            return [g for g in gears if g <= count]
        costs = self.cards.heat_cost
        cheapest = sorted(costs[k] for k in playable)
        engine = car.engine
        current = car.gear
        return [g for g in gears if g <= count and sum(cheapest[:g]) + (1 if abs(g - current) == 2 else 0) <= engine]

    def _cluttered_plans(self, car: Car, gear: int) -> list[list[int]]:
        """Every play of ``car``'s cluttered hand in ``gear``, as kinds: every playable card that
        costs no Heat, then Heat cards from hand up to the gear (B-14.1). An Upgrade whose Heat
        cannot be paid cannot be played (OQ-G-3): it is held like a Heat card and, like one, fills
        what the Heat cards leave; when it leaves too little room for all of them, the player
        picks which. Nothing of a cluttered hand is resolved (OQ-B-6), so their Heat is never
        owed; without this a hand of such Upgrades and an empty Engine would stay cluttered for
        ever."""
        costs = self.cards.heat_cost
        playable = self._playable_kinds(car)
        cards = [kind for kind in playable if not costs[kind]]
        heat = min(car.hand.count(self.cards.heat), gear - len(cards))
        cards += [self.cards.heat] * max(0, heat)
        room = max(0, gear - len(cards))
        held = [kind for kind in playable if costs[kind]]
        kinds, counts = counted(held, self.cards.ids)
        return [cards + list(fill) for fill in multisets(kinds, counts, min(room, len(held)))]

    def _legal_plans(self, car: Car) -> list[Decision]:
        reachable = self._reachable_gears(car)
        playable = self._playable_kinds(car)
        fillable = self._fillable_gears(car, reachable, playable)
        ids = self.cards.ids
        if not fillable:  # OQ-B-5 fallback: the cluttered hand in any reachable gear
            return [Plan(g, self.cards.names(play)) for g in reachable for play in self._cluttered_plans(car, g)]
        kinds, counts = counted(playable, ids)
        costs = self.cards.heat_cost
        free = self._free(car, playable)  # then every combination costs 0 Heat
        plans: list[Decision] = []
        for gear in fillable:
            budget = car.engine - self._shift_cost(car, gear)
            if free and budget < 0:
                continue
            for combo in multisets(kinds, counts, gear):
                if free or sum([costs[k] for k in combo]) <= budget:
                    plans.append(Plan(gear, tuple([ids[k] for k in combo])))
        return plans

    def _random_plan(self, car: Car, rng: Rng) -> Plan | None:
        reachable = self._reachable_gears(car)
        playable = self._playable_kinds(car)
        free = self.fast_base_cards or self._free(car, playable)
        if free:  # every reachable gear with enough cards is fillable (B-1.2)
            count = len(playable)
            fillable = [g for g in reachable if g <= count]
        else:
            fillable = self._fillable_gears(car, reachable, playable)
        if not fillable:
            gear = reachable[rng.below(len(reachable))]
            plays = self._cluttered_plans(car, gear)
            # No draw without a pick, so the random decisions of such hands stay what they were.
            play = plays[rng.below(len(plays))] if len(plays) > 1 else plays[0]
            return Plan(gear, self.cards.names(play))
        gear = fillable[rng.below(len(fillable))]
        ids = self.cards.ids
        if free:
            return Plan(gear, [ids[k] for k in _sample(playable, gear, rng)])
        costs = self.cards.heat_cost
        budget = car.engine - self._shift_cost(car, gear)
        for _ in range(8):
            chosen = _sample(playable, gear, rng)
            if sum(costs[k] for k in chosen) <= budget:
                return Plan(gear, [ids[k] for k in chosen])
        return None  # rare: fall back to listing every legal plan

    def _check_plan(self, car: Car, plan: Plan) -> list[int]:
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
            raise IllegalDecision(
                "a two-gear shift costs 1 Heat and {car}'s Engine is empty (B-1.2, OQ-B-7)", car=car.name
            )
        kinds = self.cards.kinds(plan.cards)
        if len(kinds) == gear and self._plays_cleanly(car, kinds):
            # The plan fills its own gear, so some gear is fillable and the hand is not
            # cluttered: nothing below could refuse it.
            return kinds
        for kind in set(kinds):
            if kinds.count(kind) > car.hand.count(kind):
                have = car.hand.count(kind)
                if have == 1:
                    raise IllegalDecision(
                        "{car} has 1 '{card}' card in hand, not {count}",
                        car=car.name,
                        card=self.cards.ids[kind],
                        count=kinds.count(kind),
                    )
                raise IllegalDecision(
                    "{car} has {have} '{card}' cards in hand, not {count}",
                    car=car.name,
                    have=have,
                    card=self.cards.ids[kind],
                    count=kinds.count(kind),
                )
        reachable = self._reachable_gears(car)
        playable = self._playable_kinds(car)
        if self.fast_base_cards:
            count = len(playable)
            fillable = [g for g in reachable if g <= count]
        else:
            fillable = self._fillable_gears(car, reachable, playable)
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
            if len(kinds) != gear and self.config.tournament:
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
            if self.cards.heat in kinds:
                raise IllegalDecision("Heat cards cannot be played (B-2.2)")
            if self._free(car, kinds):
                return kinds
            owed = self._heat_owed(car, kinds)  # len(kinds) == gear here
            if owed > car.engine:
                raise IllegalDecision(
                    "these cards and the shift cost {owed} Heat and {car}'s Engine holds {engine} (OQ-G-3)",
                    owed=owed,
                    car=car.name,
                    engine=car.engine,
                )
            return kinds
        plays = [sorted(self.cards.names(play)) for play in self._cluttered_plans(car, gear)]
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

    def _plays_cleanly(self, car: Car, kinds: list[int]) -> bool:
        """Are ``kinds`` (as many as the gear, which is reachable) cards in ``car``'s hand, all
        playable, whose Heat, with the shift's, the Engine can pay? The common case of
        ``_check_plan``, checked without listing the fillable gears."""
        playable = self.cards.playable
        remaining = car.hand[:]
        for kind in kinds:
            if not playable[kind] or kind not in remaining:
                return False
            remaining.remove(kind)
        return self._free(car, kinds) or self._heat_owed(car, kinds) <= car.engine

    def _heat_owed(self, car: Car, kinds: list[int]) -> int:
        """The Heat of playing ``kinds`` in the gear they fill: the cards' and the shift's (OQ-G-3)."""
        return sum(map(self.cards.heat_cost.__getitem__, kinds)) + self._shift_cost(car, len(kinds))

    def _begin_turns(self) -> None:
        """Reveal every plan together (OQ-B-17): shift gears, paying Heat for two-gear shifts
        (B-1.2), then fix the turn order for the round (B-11.6, B-11.9)."""
        tournament = self.config.tournament
        log = self.log
        for car in self.cars:
            if not car.on_track or car.plan is None:
                continue
            if not tournament:  # T-1: in Tournament mode the gear changes at the reveal
                old = car.gear
                car.gear = car.plan_gear
                if abs(car.gear - old) == 2:
                    self._pay_heat(car, 1, "shift")
                if log is not None:
                    log.append(GearShifted(car.seat, old, car.gear))
            hand = car.hand
            for kind in car.plan:
                hand.remove(kind)
            car.play.extend(car.plan)  # face down until the car's turn (B-2.3)
            car.plan = None
        racing = [car for car in self.cars if car.on_track]
        racing.sort(key=self._position_key, reverse=True)
        self.order = [car.seat for car in racing]
        last = 2 if self.started_cars >= ADRENALINE_TWO_CARS_FROM else 1  # B-4.1 to B-4.3
        self.adrenaline_seats = tuple(self.order[-last:])
        self.phase = TURN
        self.turn_index = 0
        self.step = START

    # ------------------------------------------------------------------ rounds

    def _end_round(self) -> None:
        """B-16.6: finished cars leave the track for the Hall of Fame, best first (OQ-B-14)."""
        finishers = [car for car in self.cars if car.on_track and car.finished]
        finishers.sort(key=self._position_key, reverse=True)
        for car in finishers:
            car.on_track = False
            car.finish_round = self.round
            self.occupancy[self._slot(car.pos, car.lane)] = -1
            self.hall_of_fame.append(car.seat)
        if self.log is not None:
            self.log.append(RoundEnded(-1, self.round, tuple(car.seat for car in finishers), tuple(self.standings())))
        if any(car.on_track for car in self.cars):
            self._start_round()
        else:
            self.phase = OVER
            self.step = ""
            self.order = []
            if self.log is not None:
                self.log.append(RaceEnded(-1, tuple(self.hall_of_fame)))


def _sample(items: list[int], count: int, rng: Rng) -> list[int]:
    """``count`` items drawn at random (a partial Fisher-Yates shuffle of ``items`` in place)."""
    size = len(items)
    for i in range(count):
        j = i + rng.below(size - i)
        items[i], items[j] = items[j], items[i]
    return items[:count]
