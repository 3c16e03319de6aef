"""The race: one playthrough of Heat, driven one decision at a time.

A :class:`Race` is mutable, like a chess board: ``apply`` checks a decision completely before it
changes anything, so an illegal decision raises :class:`IllegalDecision` and leaves the race as it
was. ``copy`` is cheap, for search. Randomness comes only from the race's own :class:`Rng`.

Positions on the track are kept as one integer per car, its *progress*: space ``s`` of lap ``k``
is progress ``(k - 1) * spaces + s``; the starting grid lies at progress 0 and below, and a car
has finished once its progress passes ``laps * spaces`` (the finish line, B-16.2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from heat.engine import content
from heat.engine.car import Car, TurnState
from heat.engine.cardtable import card_table
from heat.engine.config import COLORS, MAX_CARS, RaceConfig
from heat.engine.decisions import Decision, Discard, EndReact, Plan, React, Slipstream
from heat.engine.errors import ConfigError, IllegalDecision
from heat.engine.events import (
    AdrenalineGained,
    Boosted,
    CardFlipped,
    CardsRevealed,
    ClutteredHand,
    CooledDown,
    CornerChecked,
    CrossedFinish,
    Discarded,
    Drew,
    Event,
    GearShifted,
    HeatPaid,
    Moved,
    PlanCommitted,
    RaceEnded,
    RaceStarted,
    RoundEnded,
    RoundStarted,
    Shuffled,
    Slipstreamed,
    SpeedIncreased,
    SpunOut,
)
from heat.engine.rng import Rng

RULES_VERSION: Final = "1"
"""Bumped whenever a rule change can change the outcome of a recorded race."""

PLAN: Final = "plan"
TURN: Final = "turn"
OVER: Final = "over"

REACT: Final = "react"
SLIPSTREAM: Final = "slipstream"
DISCARD: Final = "discard"

GEAR_COOLDOWN: Final = (0, 3, 1, 0, 0)
"""Cooldown given by each gear in React: 1st gear 3, 2nd gear 1 (B-5.4, B-5.5)."""

SLIPSTREAM_SPACES: Final = 2
"""B-6.3."""

ADRENALINE_TWO_CARS_FROM: Final = 5
"""B-4.2: with 5 or more starting cars, the last two get Adrenaline."""


BOOST: Final = React("boost")
ADRENALINE_MOVE: Final = React("move", 1, "adrenaline")
ADRENALINE_COOLDOWN: Final = React("cooldown", 1, "adrenaline")
GEAR_COOLDOWNS: Final = tuple(React("cooldown", n) for n in range(4))
DONE: Final = EndReact()
TAKE_SLIPSTREAM: Final = Slipstream(True)
NO_SLIPSTREAM: Final = Slipstream(False)


class Race:
    """One race. Build it with ``Race(config)``; drive it with ``to_decide``, ``legal_decisions``
    and ``apply`` until ``is_over``."""

    __slots__ = (
        "adrenaline_seats",
        "cards",
        "cars",
        "config",
        "decisions",
        "finish",
        "hall_of_fame",
        "hand_size",
        "laps",
        "log",
        "occupancy",
        "order",
        "phase",
        "rng",
        "round",
        "spaces",
        "start_position",
        "started_cars",
        "step",
        "stress_reserve",
        "track",
        "turn",
        "turn_index",
    )

    def __init__(self, config: RaceConfig, *, record_events: bool = True) -> None:
        """Set up the race (B-10) from ``config``: grid, decks, Engines and the first hands."""
        _check_config(config)
        track = content.track(config.track)
        self._init_common(config, track, record_events)
        rng = self.rng
        cards = self.cards
        count = len(config.seats)
        self.started_cars = count
        self.cars = [Car(i, seat.name, seat.color) for i, seat in enumerate(config.seats)]
        grid_order = list(range(count))
        rng.shuffle(grid_order)  # B-10.9: cars fill the grid in random order
        for place, seat in enumerate(grid_order):
            space, lane = track.grid[place]
            car = self.cars[seat]
            car.pos = space - track.spaces
            car.lane = lane
            self.occupancy[self._slot(car.pos, lane)] = seat
        starting = [cards.kind(card_id) for card_id, n in cards.catalogue.starting_upgrades for _ in range(n)]
        basic = [cards.kind(card_id) for card_id, n in cards.catalogue.basic_deck for _ in range(n)]
        for car, seat_config in zip(self.cars, config.seats, strict=True):
            car.deck = basic + starting + [cards.stress] * track.stress  # B-10.5
            rng.shuffle(car.deck)
            car.engine = track.heat - seat_config.handicap  # B-10.6, B-10.12
            car.gear = 1  # B-10.7
        self.stress_reserve = max(0, cards.catalogue.box_stress - count * track.stress)  # B-10.8
        if self.log is not None:
            self.log.append(RaceStarted(-1, tuple(grid_order)))
        for car in self.cars:
            self._draw_to_hand_size(car)  # B-10.11
        self._start_round()

    def _init_common(self, config: RaceConfig, track: content.Track, record_events: bool) -> None:
        self.config = config
        self.track = track
        self.cards = card_table()
        self.laps = config.laps if config.laps is not None else track.laps
        self.spaces = track.spaces
        self.finish = self.laps * track.spaces
        self.hand_size = config.hand_size
        self.rng = Rng(config.seed)
        self.round = 0
        self.phase = PLAN
        self.step = ""
        self.order: list[int] = []
        self.turn_index = 0
        self.adrenaline_seats: tuple[int, ...] = ()
        self.turn = TurnState()
        self.occupancy = [-1] * ((track.spaces + 1) * track.spots_per_space)
        self.stress_reserve = 0
        self.hall_of_fame: list[int] = []
        self.log: list[Event] | None = [] if record_events else None
        self.decisions: list[tuple[int, Decision]] = []
        self.start_position: dict[str, object] | None = None

    # ------------------------------------------------------------------ public API

    def copy(self, *, record_events: bool | None = None) -> Race:
        """An independent copy. The event log is copied too unless ``record_events=False``."""
        other = Race.__new__(Race)
        other.config = self.config
        other.track = self.track
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
        return other

    @property
    def is_over(self) -> bool:
        """True once every car has finished (B-16.7)."""
        return self.phase == OVER

    def to_decide(self) -> tuple[int, ...]:
        """Seats that must decide now: every uncommitted car in the plan phase (B-11.4), else the
        active car (B-11.5). Empty when the race is over."""
        if self.phase == PLAN:
            return tuple(car.seat for car in self.cars if car.on_track and car.plan is None)
        if self.phase == TURN:
            return (self.order[self.turn_index],)
        return ()

    def legal_decisions(self, seat: int) -> list[Decision]:
        """Every decision ``seat`` may take now (empty if it has nothing to decide)."""
        if seat not in self.to_decide():
            return []
        car = self.cars[seat]
        if self.phase == PLAN:
            return self._legal_plans(car)
        if self.step == REACT:
            return self._react_options(car)
        if self.step == SLIPSTREAM:
            return [TAKE_SLIPSTREAM, NO_SLIPSTREAM]
        return self._legal_discards(car)

    def random_decision(self, seat: int, rng: Rng) -> Decision:
        """A random legal decision for ``seat``, drawn with ``rng`` without listing every legal
        decision (fast, for rollouts and benchmarks). Raises IllegalDecision if ``seat`` has
        nothing to decide."""
        car = self.cars[seat]
        if not (
            car.on_track and car.plan is None
            if self.phase == PLAN
            else self.phase == TURN and self.order[self.turn_index] == seat
        ):
            raise IllegalDecision(f"seat {seat} has nothing to decide now")
        ids = self.cards.ids
        if self.phase == PLAN:
            reachable = self._reachable_gears(car)
            playable = self._playable_kinds(car)
            fillable = [g for g in reachable if g <= len(playable)]
            if not fillable:
                gear = reachable[rng.below(len(reachable))]
                return Plan(gear, self.cards.names(self._cluttered_plan(car, gear)))
            gear = fillable[rng.below(len(fillable))]
            for i in range(gear):  # partial Fisher-Yates: the first `gear` items are a sample
                j = i + rng.below(len(playable) - i)
                playable[i], playable[j] = playable[j], playable[i]
            return Plan(gear, tuple(ids[k] for k in playable[:gear]))
        if self.step == REACT:
            options = self._react_options(car)
            return options[rng.below(len(options))]
        if self.step == SLIPSTREAM:
            return TAKE_SLIPSTREAM if rng.below(2) else NO_SLIPSTREAM
        discardable = self.cards.discardable
        bits = rng.next64()  # one coin per card in hand
        return Discard(tuple(ids[k] for i, k in enumerate(car.hand) if discardable[k] and bits >> i & 1))

    def forced_decision(self, seat: int) -> Decision | None:
        """The only legal decision of ``seat``, if it has exactly one; clients may apply it unasked."""
        legal = self.legal_decisions(seat)
        return legal[0] if len(legal) == 1 else None

    def check(self, seat: int, decision: Decision) -> None:
        """Raise IllegalDecision, with a message fit for a player, unless ``decision`` is legal."""
        self._validate(seat, decision)

    def _validate(self, seat: int, decision: Decision) -> list[int] | None:
        """``check``; for a Plan, also return its cards as kinds."""
        if not 0 <= seat < len(self.cars):
            raise IllegalDecision(f"there is no seat {seat}")
        car = self.cars[seat]
        phase = self.phase
        if phase == PLAN:
            deciding = car.on_track and car.plan is None
        else:
            deciding = phase == TURN and self.order[self.turn_index] == seat
        if not deciding:
            waiting = self.to_decide()
            if self.phase == OVER:
                raise IllegalDecision("the race is over")
            if self.phase == PLAN and car.on_track:
                raise IllegalDecision(f"{car.name} has already committed gear and cards this round")
            names = ", ".join(self.cars[s].name for s in waiting)
            raise IllegalDecision(f"it is not {car.name}'s decision; waiting for {names}")
        if self.phase == PLAN:
            if not isinstance(decision, Plan):
                raise IllegalDecision(f"{car.name} must choose a gear and cards now (e.g. 'gear 2 play 3 4')")
            return self._check_plan(car, decision)
        if self.step == REACT:
            if not isinstance(decision, React | EndReact):
                raise IllegalDecision(f"{car.name} is in the React step: use a symbol or 'done'")
            if not self._react_allowed(car, decision):
                raise IllegalDecision(self._react_refusal(car, decision))
            return None
        if self.step == SLIPSTREAM:
            if not isinstance(decision, Slipstream):
                raise IllegalDecision(f"{car.name} must answer 'slipstream' or 'no slipstream'")
            return None
        if not isinstance(decision, Discard):
            raise IllegalDecision(f"{car.name} is in the Discard step: 'discard CARD ...' or 'discard nothing'")
        self._check_discard(car, decision)
        return None

    def apply(self, seat: int, decision: Decision) -> None:
        """Carry out ``decision`` for ``seat`` and every automatic step after it.

        Raises IllegalDecision, changing nothing, if the decision is not legal now."""
        kinds = self._validate(seat, decision)
        self.decisions.append((seat, decision))
        car = self.cars[seat]
        if kinds is not None:
            assert isinstance(decision, Plan)
            car.plan = kinds
            car.plan_gear = decision.gear
            if self.log is not None:
                self.log.append(PlanCommitted(seat))
            if all(c.plan is not None for c in self.cars if c.on_track):
                self._begin_turns()
        elif isinstance(decision, React):
            self._use_symbol(car, decision)
            self._after_react_choice(car)
        elif isinstance(decision, EndReact):
            self._enter_slipstream(car)
        elif isinstance(decision, Slipstream):
            if decision.take:
                self._slipstream(car)
            self._check_corners(car)
            self._enter_discard(car)
        else:
            assert isinstance(decision, Discard)
            self._discard(car, decision)
            self._end_turn(car)

    def standings(self) -> list[int]:
        """Seats from first to last: the Hall of Fame (B-16.8), then cars on track by position."""
        racing = [car for car in self.cars if car.on_track]
        racing.sort(key=self._position_key, reverse=True)
        return self.hall_of_fame + [car.seat for car in racing]

    def events(self, viewer: int | None = None) -> list[Event]:
        """The event log as ``viewer`` may see it (``None``: a spectator sees no private cards)."""
        if self.log is None:
            return []
        return [event.for_seat(viewer) for event in self.log]

    # ------------------------------------------------------------------ geometry

    def space_of(self, pos: int) -> int:
        """The board space (1..spaces) of a progress value."""
        return (pos - 1) % self.spaces + 1

    def lap_of(self, pos: int) -> int:
        """The lap a progress value lies on: 0 on the grid, laps + 1 past the finish."""
        return (pos - 1) // self.spaces + 1

    def _slot(self, pos: int, lane: int) -> int:
        return ((pos - 1) % self.spaces + 1) * self.track.spots_per_space + lane - 1

    def _position_key(self, car: Car) -> tuple[int, bool]:
        # B-11.7: further along is ahead; on one space the race-line spot is ahead.
        return (car.pos, car.lane == self.track.raceline[(car.pos - 1) % self.spaces + 1])

    def _place(self, car: Car, target: int, floor: int) -> int:
        """Put ``car`` (already lifted off the board) on the free spot nearest the race line of
        ``target``, or of the nearest space behind it with a free spot, never behind ``floor``
        (B-3.6, B-3.7). Returns the progress where it stopped."""
        occupancy = self.occupancy
        spots = self.track.spots_per_space
        raceline = self.track.raceline
        spaces = self.spaces
        pos = target
        while pos > floor:
            space = (pos - 1) % spaces + 1
            base = space * spots
            first = raceline[space]
            if occupancy[base + first - 1] < 0:
                lane = first
            else:
                lane = 0
                for other in range(1, spots + 1):
                    if occupancy[base + other - 1] < 0:
                        lane = other
                        break
            if lane:
                car.pos = pos
                car.lane = lane
                occupancy[base + lane - 1] = car.seat
                return pos
            pos -= 1
        return floor

    def _move(self, car: Car, spaces: int, reason: str) -> None:
        """Move ``car`` forward ``spaces`` with blocking (B-3.4 to B-3.7)."""
        start = car.pos
        start_lane = car.lane
        if spaces <= 0:
            if self.log is not None:
                self._emit_move(car, 0, reason, start, False)
            return
        occupancy = self.occupancy
        occupancy[self._slot(start, start_lane)] = -1
        stopped = self._place(car, start + spaces, start)
        if stopped == start:  # blocked all the way back: the car keeps its own spot
            car.pos = start
            car.lane = start_lane
            occupancy[self._slot(start, start_lane)] = car.seat
        if self.log is not None:
            self._emit_move(car, spaces, reason, start, car.pos != start + spaces)
        if car.pos > self.finish and not car.finished:
            car.finished = True
            if self.log is not None:
                self.log.append(CrossedFinish(car.seat))

    def _emit_move(self, car: Car, spaces: int, reason: str, start: int, blocked: bool) -> None:
        assert self.log is not None
        self.log.append(
            Moved(
                car.seat,
                spaces,
                reason,
                self.space_of(start),
                self.lap_of(start),
                self.space_of(car.pos),
                self.lap_of(car.pos),
                car.lane,
                blocked,
            )
        )

    # ------------------------------------------------------------------ cards

    def _reshuffle(self, car: Car) -> bool:
        """B-15.1: shuffle the discard pile into a new draw deck (never the play area, B-15.2).
        Returns False when there is nothing to shuffle (OQ-B-3)."""
        if not car.discard:
            return False
        car.deck = car.discard
        car.discard = []
        self.rng.shuffle(car.deck)
        if self.log is not None:
            self.log.append(Shuffled(car.seat, len(car.deck)))
        return True

    def _flip_for_basic(self, car: Car, reason: str) -> int:
        """The + process (B-12.4): flip until a Basic card, which goes to the play area; every
        other card flipped is discarded. Returns the value added (0 if none is left, OQ-B-3)."""
        basic = self.cards.basic
        while True:
            # OQ-B-3: with no Basic card left in the deck or the discard pile, the + adds 0
            # (reshuffling a pile of only Heat/Stress/Upgrade cards would flip forever).
            if not car.deck and (not any(basic[k] for k in car.discard) or not self._reshuffle(car)):
                return 0
            kind = car.deck.pop()
            if basic[kind]:
                car.play.append(kind)
                if self.log is not None:
                    self.log.append(CardFlipped(car.seat, self.cards.ids[kind], True, reason))
                return self.cards.speed[kind]
            car.discard.append(kind)
            if self.log is not None:
                self.log.append(CardFlipped(car.seat, self.cards.ids[kind], False, reason))

    def _draw_to_hand_size(self, car: Car) -> None:
        """B-9.2: draw until the hand holds hand-size cards (OQ-B-4: never discard down)."""
        need = self.hand_size - len(car.hand)
        if need <= 0:
            return
        drawn: list[int] = []
        while len(drawn) < need:
            if not car.deck and not self._reshuffle(car):
                break
            take = min(need - len(drawn), len(car.deck))
            chunk = car.deck[-take:]
            del car.deck[-take:]
            chunk.reverse()  # drawn from the top, one at a time
            drawn.extend(chunk)
        car.hand.extend(drawn)
        if self.log is not None:
            self.log.append(Drew(car.seat, len(drawn), self.cards.names(drawn)))

    def _pay_heat(self, car: Car, amount: int, reason: str) -> None:
        """B-13.1: move ``amount`` Heat cards from the Engine to the discard pile."""
        if amount <= 0:
            return
        car.engine -= amount
        car.discard.extend([self.cards.heat] * amount)
        if self.log is not None:
            self.log.append(HeatPaid(car.seat, amount, reason))

    # ------------------------------------------------------------------ steps 1 and 2

    def _reachable_gears(self, car: Car) -> list[int]:
        # B-1.1, B-1.2, OQ-B-7: one gear free, two gears for 1 Heat; gears stay 1..4 (B-1.4).
        reach = 2 if car.engine >= 1 else 1
        return list(range(max(1, car.gear - reach), min(4, car.gear + reach) + 1))

    def _playable_kinds(self, car: Car) -> list[int]:
        playable = self.cards.playable
        return [k for k in car.hand if playable[k]]

    def _cluttered_plan(self, car: Car, gear: int) -> list[int]:
        # B-14.1: play every playable card and fill up with Heat cards from hand.
        cards = self._playable_kinds(car)
        heat = min(car.hand.count(self.cards.heat), gear - len(cards))
        return cards + [self.cards.heat] * max(0, heat)

    def _legal_plans(self, car: Car) -> list[Decision]:
        reachable = self._reachable_gears(car)
        playable = self._playable_kinds(car)
        fillable = [g for g in reachable if g <= len(playable)]
        ids = self.cards.ids
        if not fillable:  # OQ-B-5 fallback: the cluttered hand in any reachable gear
            return [Plan(g, self.cards.names(self._cluttered_plan(car, g))) for g in reachable]
        counts: dict[int, int] = {}
        for kind in playable:
            counts[kind] = counts.get(kind, 0) + 1
        kinds = sorted(counts, key=lambda k: ids[k])
        plans: list[Decision] = []
        for gear in fillable:
            for combo in _multisets(kinds, counts, gear):
                plans.append(Plan(gear, tuple(ids[k] for k in combo)))
        return plans

    def _check_plan(self, car: Car, plan: Plan) -> list[int]:
        """Raise IllegalDecision unless ``plan`` is legal for ``car``; return its cards as kinds."""
        gear = plan.gear
        if not 1 <= gear <= 4:
            raise IllegalDecision(f"gear {gear} does not exist: gears are 1 to 4 (B-1.4)")
        if abs(gear - car.gear) > 2:
            raise IllegalDecision(
                f"{car.name} is in gear {car.gear} and can shift at most two gears, not to gear {gear} (B-1.4)"
            )
        if abs(gear - car.gear) == 2 and car.engine < 1:
            raise IllegalDecision(f"a two-gear shift costs 1 Heat and {car.name}'s Engine is empty (B-1.2, OQ-B-7)")
        kinds = [self.cards.kind(card_id) for card_id in plan.cards]
        for kind in set(kinds):
            if kinds.count(kind) > car.hand.count(kind):
                have = car.hand.count(kind)
                raise IllegalDecision(
                    f"{car.name} has {have} '{self.cards.ids[kind]}' card{'s' if have != 1 else ''} in hand, "
                    f"not {kinds.count(kind)}"
                )
        reachable = self._reachable_gears(car)
        playable = len(self._playable_kinds(car))
        if any(g <= playable for g in reachable):
            if gear > playable:
                raise IllegalDecision(
                    f"{car.name} has only {playable} playable cards, too few for gear {gear}; "
                    "choose a gear you can fill (OQ-B-5)"
                )
            if len(kinds) != gear:
                raise IllegalDecision(
                    f"gear {gear} plays exactly {gear} card{'s' if gear > 1 else ''}, not {len(kinds)} (B-2.1)"
                )
            if self.cards.heat in kinds:
                raise IllegalDecision("Heat cards cannot be played (B-2.2)")
            return kinds
        expected = sorted(self.cards.names(self._cluttered_plan(car, gear)))
        if sorted(plan.cards) != expected:
            raise IllegalDecision(
                f"{car.name}'s hand is cluttered: play every playable card and fill with Heat: "
                f"'{Plan(gear, tuple(expected)).text()}' (B-14.1)"
            )
        return kinds

    def _begin_turns(self) -> None:
        """Reveal every plan together (OQ-B-17): shift gears, paying Heat for two-gear shifts
        (B-1.2), then fix the turn order for the round (B-11.6, B-11.9)."""
        for car in self.cars:
            if not car.on_track or car.plan is None:
                continue
            old = car.gear
            car.gear = car.plan_gear
            if abs(car.gear - old) == 2:
                self._pay_heat(car, 1, "shift")
            if self.log is not None:
                self.log.append(GearShifted(car.seat, old, car.gear))
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
        self._start_turn()

    # ------------------------------------------------------------------ steps 3 to 9

    def _start_turn(self) -> None:
        seat = self.order[self.turn_index]
        car = self.cars[seat]
        turn = self.turn = TurnState(car.pos)
        plan = car.play[:]
        if self.log is not None:
            self.log.append(CardsRevealed(seat, self.cards.names(plan)))  # B-3.1
        heat = self.cards.heat
        if heat in plan or len(plan) < car.gear:
            # B-14: cluttered hand: no move, 1st gear, straight to step 9 (OQ-B-6).
            turn.cluttered = True
            if self.log is not None:
                self.log.append(ClutteredHand(seat))
            car.gear = 1
            self._end_turn(car)
            return
        speed_of = self.cards.speed
        stress = self.cards.stress
        speed = 0
        for kind in plan:
            if kind == stress:
                speed += self._flip_for_basic(car, "stress")  # B-3.2, B-12.3
            else:
                speed += speed_of[kind]
        turn.speed = speed
        self._move(car, speed, "cards")  # B-3.4
        if seat in self.adrenaline_seats:
            turn.adrenaline = True  # B-4
            if self.log is not None:
                self.log.append(AdrenalineGained(seat))
        self._after_react_choice(car)

    def _react_options(self, car: Car) -> list[Decision]:
        """The symbols ``car`` may still use in step 5 (B-5.2), then 'done'."""
        turn = self.turn
        options: list[Decision] = []
        heat_in_hand = car.hand.count(self.cards.heat)
        cooldown = GEAR_COOLDOWN[car.gear]
        if cooldown and heat_in_hand and not turn.gear_cool_used:
            options.extend(GEAR_COOLDOWNS[1 : min(cooldown, heat_in_hand) + 1])
        if turn.adrenaline and heat_in_hand and not turn.adrenaline_cool_used:
            options.append(ADRENALINE_COOLDOWN)
        if not turn.boost_used and car.engine >= 1:  # B-5.7, B-5.8
            options.append(BOOST)
        if turn.adrenaline and not turn.adrenaline_move_used:
            options.append(ADRENALINE_MOVE)
        if options:
            options.append(DONE)
        return options

    def _react_allowed(self, car: Car, decision: React | EndReact) -> bool:
        """Is ``decision`` among ``_react_options(car)``? (Same answer, without the list.)"""
        turn = self.turn
        if isinstance(decision, EndReact):
            return True  # 'done' is offered whenever the React step is open
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

    def _has_react_option(self, car: Car) -> bool:
        """Is any symbol left for ``car`` to use in step 5?"""
        turn = self.turn
        if not turn.boost_used and car.engine >= 1:
            return True
        if turn.adrenaline and not turn.adrenaline_move_used:
            return True
        if (GEAR_COOLDOWN[car.gear] and not turn.gear_cool_used) or (turn.adrenaline and not turn.adrenaline_cool_used):
            return self.cards.heat in car.hand
        return False

    def _react_refusal(self, car: Car, decision: Decision) -> str:
        turn = self.turn
        if not isinstance(decision, React):
            return f"{decision.text()!r} is not available now"
        if decision.symbol == "boost":
            if turn.boost_used:
                return "Boost may be used only once per turn (B-5.7)"
            return f"{car.name}'s Engine holds no Heat to pay for a Boost (B-5.8)"
        if decision.symbol == "cooldown":
            if decision.source == "adrenaline":
                if not turn.adrenaline:
                    return f"{car.name} has no Adrenaline this round (B-4.1)"
                if turn.adrenaline_cool_used:
                    return "Adrenaline's Cooldown was already used this turn"
                if decision.amount != 1:
                    return "Adrenaline gives Cooldown 1 (B-4.4)"
                return f"{car.name} has no Heat card in hand to cool down"
            if decision.source != "gear":
                return f"there is no Cooldown from {decision.source!r}"
            limit = GEAR_COOLDOWN[car.gear]
            if not limit:
                return f"gear {car.gear} gives no Cooldown; only 1st (3) and 2nd (1) gear do (B-5.4)"
            if turn.gear_cool_used:
                return "the gear's Cooldown was already used this turn"
            heat_in_hand = car.hand.count(self.cards.heat)
            if not 1 <= decision.amount <= min(limit, heat_in_hand):
                return (
                    f"gear {car.gear} cools down up to {limit} Heat and {car.name} holds {heat_in_hand} "
                    f"Heat card{'s' if heat_in_hand != 1 else ''}: choose 1 to {min(limit, heat_in_hand)} (B-5.3)"
                    if heat_in_hand
                    else f"{car.name} has no Heat card in hand to cool down"
                )
        if decision.symbol == "move" and decision.source == "adrenaline":
            if not turn.adrenaline:
                return f"{car.name} has no Adrenaline this round (B-4.1)"
            return "Adrenaline's +1 was already used this turn"
        return f"{decision.text()!r} is not a symbol {car.name} can use now"

    def _use_symbol(self, car: Car, decision: React) -> None:
        turn = self.turn
        if decision.symbol == "cooldown":
            if decision.source == "adrenaline":
                turn.adrenaline_cool_used = True
            else:
                turn.gear_cool_used = True
            for _ in range(decision.amount):  # B-5.3: from hand back to the Engine
                car.hand.remove(self.cards.heat)
            car.engine += decision.amount
            if self.log is not None:
                self.log.append(CooledDown(car.seat, decision.amount, decision.source))
        elif decision.symbol == "boost":
            turn.boost_used = True
            self._pay_heat(car, 1, "boost")  # B-5.6
            value = self._flip_for_basic(car, "boost")
            turn.speed += value  # B-5.9, OQ-B-12
            if self.log is not None:
                self.log.append(Boosted(car.seat, value))
            self._move(car, value, "boost")
        else:  # Adrenaline's +1 (B-4.4, B-4.6)
            turn.adrenaline_move_used = True
            turn.speed += 1
            if self.log is not None:
                self.log.append(SpeedIncreased(car.seat, 1, "adrenaline"))
            self._move(car, 1, "adrenaline")

    def _after_react_choice(self, car: Car) -> None:
        if self._has_react_option(car):
            self.step = REACT
        else:
            self._enter_slipstream(car)

    def slipstream_allowed(self, car: Car) -> bool:
        """B-6.2, OQ-B-1: beside a car or on the space directly behind one; never across the
        finish line nor after it (B-6.6, OQ-B-13)."""
        if car.pos + SLIPSTREAM_SPACES > self.finish:
            return False
        spots = self.track.spots_per_space
        occupancy = self.occupancy
        here = self.space_of(car.pos) * spots
        for lane in range(spots):
            other = occupancy[here + lane]
            if other >= 0 and other != car.seat:
                return True
        ahead = self.space_of(car.pos + 1) * spots
        return any(occupancy[ahead + lane] >= 0 for lane in range(spots))

    def _enter_slipstream(self, car: Car) -> None:
        if self.slipstream_allowed(car):
            self.step = SLIPSTREAM
            return
        self._check_corners(car)
        self._enter_discard(car)

    def _slipstream(self, car: Car) -> None:
        if self.log is not None:
            self.log.append(Slipstreamed(car.seat))
        self._move(car, SLIPSTREAM_SPACES, "slipstream")  # B-6.3, B-6.5: Speed unchanged

    def corners_crossed(self, start: int, end: int) -> list[tuple[int, content.Corner]]:
        """Corner Lines between progress ``start`` and ``end``, in crossing order, as
        (line progress, corner). Lines past the finish line are ignored (B-7.6, B-16.5)."""
        spaces = self.spaces
        crossed: list[tuple[int, content.Corner]] = []
        lap = (start - 1) // spaces
        while lap * spaces < end:
            for corner in self.track.corners:
                line = lap * spaces + corner.line_after
                if start <= line < end and line < self.finish:
                    crossed.append((line, corner))
            lap += 1
        return crossed

    def _check_corners(self, car: Car) -> None:
        """Step 7 (B-7): each Corner Line crossed this turn, in order (B-7.5)."""
        turn = self.turn
        speed = turn.speed
        for line, corner in self.corners_crossed(turn.start, car.pos):
            limit = corner.speed_limit
            cost = speed - limit if speed > limit else 0
            if self.log is not None:
                self.log.append(CornerChecked(car.seat, corner.number, speed, limit, cost))
            if cost <= car.engine:
                self._pay_heat(car, cost, f"corner {corner.number}")
                continue
            self._spin_out(car, line, corner)
            return

    def _spin_out(self, car: Car, line: int, corner: content.Corner) -> None:
        """B-7.7 to B-7.10, OQ-B-9 to OQ-B-11."""
        self._pay_heat(car, car.engine, f"corner {corner.number}")
        self.occupancy[self._slot(car.pos, car.lane)] = -1
        self._place(car, line, line - self.spaces)
        car.finished = car.pos > self.finish  # B-7.8: back behind a line before the finish
        stress = 1 if car.gear <= 2 else 2
        stress = min(stress, self.stress_reserve)  # OQ-B-18
        self.stress_reserve -= stress
        car.hand.extend([self.cards.stress] * stress)
        if self.log is not None:
            self.log.append(
                SpunOut(car.seat, corner.number, self.space_of(car.pos), self.lap_of(car.pos), car.lane, stress)
            )
        car.gear = 1

    def _legal_discards(self, car: Car) -> list[Decision]:
        discardable = self.cards.discardable
        counts: dict[int, int] = {}
        for kind in car.hand:
            if discardable[kind]:
                counts[kind] = counts.get(kind, 0) + 1
        ids = self.cards.ids
        kinds = sorted(counts, key=lambda k: ids[k])
        options: list[Decision] = []
        for size in range(sum(counts.values()) + 1):
            for combo in _multisets(kinds, counts, size):
                options.append(Discard(tuple(ids[k] for k in combo)))
        return options

    def _check_discard(self, car: Car, decision: Discard) -> None:
        kinds = [self.cards.kind(card_id) for card_id in decision.cards]
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

    def _enter_discard(self, car: Car) -> None:
        discardable = self.cards.discardable
        if any(discardable[k] for k in car.hand):
            self.step = DISCARD
        else:
            self._end_turn(car)

    def _discard(self, car: Car, decision: Discard) -> None:
        if not decision.cards:
            return
        for card_id in decision.cards:
            kind = self.cards.kind(card_id)
            car.hand.remove(kind)
            car.discard.append(kind)  # B-8.2
        if self.log is not None:
            self.log.append(Discarded(car.seat, decision.cards))

    def _end_turn(self, car: Car) -> None:
        """Step 9 (B-9), then the next car's turn or the end of the round."""
        car.discard.extend(car.play)  # B-9.1
        car.play.clear()
        self._draw_to_hand_size(car)
        self.step = ""
        self.turn_index += 1
        if self.turn_index < len(self.order):
            self._start_turn()
        else:
            self._end_round()

    # ------------------------------------------------------------------ rounds

    def _start_round(self) -> None:
        self.round += 1
        self.phase = PLAN
        self.step = ""
        self.order = []
        self.turn_index = 0
        self.adrenaline_seats = ()
        if self.log is not None:
            self.log.append(RoundStarted(-1, self.round))

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
            self.log.append(RoundEnded(-1, self.round, tuple(car.seat for car in finishers)))
        if any(car.on_track for car in self.cars):
            self._start_round()
        else:
            self.phase = OVER
            self.order = []
            if self.log is not None:
                self.log.append(RaceEnded(-1, tuple(self.hall_of_fame)))


def _multisets(kinds: Sequence[int], counts: dict[int, int], size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` items drawn from ``counts``, as tuples in ``kinds`` order."""
    result: list[tuple[int, ...]] = []

    def walk(index: int, left: int, chosen: list[int]) -> None:
        if left == 0:
            result.append(tuple(chosen))
            return
        if index == len(kinds):
            return
        kind = kinds[index]
        for take in range(min(left, counts[kind]), -1, -1):
            walk(index + 1, left - take, chosen + [kind] * take)

    walk(0, size, [])
    return result


def _check_config(config: RaceConfig) -> None:
    count = len(config.seats)
    if not 1 <= count <= MAX_CARS:
        raise ConfigError(f"a race has 1 to {MAX_CARS} cars, not {count} (B-0.6)")
    track = content.track(config.track)
    if count > len(track.grid):
        raise ConfigError(f"{track.name} has {len(track.grid)} grid places, not {count}")
    colors = [seat.color for seat in config.seats]
    for color in colors:
        if color not in COLORS:
            raise ConfigError(f"unknown colour {color!r}; colours are: {', '.join(COLORS)}")
    if len(set(colors)) != count:
        raise ConfigError("each car needs its own colour (B-10.3)")
    for seat in config.seats:
        if not 0 <= seat.handicap <= 2:
            raise ConfigError(f"{seat.name}: the handicap removes 0 to 2 Heat cards, not {seat.handicap} (B-10.12)")
    if config.laps is not None and not 1 <= config.laps <= 20:
        raise ConfigError(f"laps must be 1 to 20, not {config.laps}")
    if not 1 <= config.hand_size <= 12:
        raise ConfigError(f"hand size must be 1 to 12, not {config.hand_size}")
