"""The race: one playthrough of Heat, driven one decision at a time.

A :class:`Race` is mutable, like a chess board: ``apply`` checks a decision completely before it
changes anything, so an illegal decision raises :class:`IllegalDecision` and leaves the race as it
was. ``copy`` is cheap, for search. Randomness comes only from the race's own :class:`Rng`.

``Race`` is the API and no rule: it holds a :class:`RaceState` (which holds the static
:class:`RaceSetup`) and hands each decision to the rules, functions grouped by step: ``setup``
(B-10, the Garage draft), ``plan`` (steps 1-2), ``turns`` (steps 3-9), ``rounds`` (who decides,
the automatic steps, rounds). Its properties let clients read the state; only the rules write it.
"""

from __future__ import annotations

from heat.engine import content, garage, mechanics, plan, rounds, setup, turns
from heat.engine.car import Car, TurnState
from heat.engine.cardtable import CardTable
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
from heat.engine.events import Event, PlanCommitted
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
    TURN,
    DraftState,
    RaceSetup,
    RaceState,
)
from heat.engine.turns import NO_SLIPSTREAM, TAKE_SLIPSTREAM
from heat.engine.weather import Conditions


class Race:
    """One race. Build it with ``Race(config)``; drive it with ``to_decide``, ``legal_decisions``
    and ``apply`` until ``is_over``."""

    __slots__ = ("state",)

    def __init__(self, config: RaceConfig, *, record_events: bool = True, state: RaceState | None = None) -> None:
        """Set up the race (B-10) from ``config``: grid, modules, decks, Engines, first hands.
        With ``state`` (copies, positions) the race is that state, whose setup holds ``config``."""
        if state is None:
            state = setup.set_up(config, record_events)
            rounds.run(state)
        self.state: RaceState = state

    # ------------------------------------------------------------------ public API

    def copy(self, *, record_events: bool | None = None) -> Race:
        """An independent copy sharing the static setup. The event log is copied too unless
        ``record_events=False``."""
        state = self.state
        return Race(state.setup.config, state=state.copy(record_events=record_events))

    @property
    def is_over(self) -> bool:
        """True once every car has finished (B-16.7)."""
        return self.state.phase == OVER

    def to_decide(self) -> tuple[int, ...]:
        """Seats that must decide now: every uncommitted player in the plan phase (B-11.4), else
        the active car (B-11.5) or the player drafting. Empty when the race is over."""
        return rounds.to_decide(self.state)

    def legal_decisions(self, seat: int) -> list[Decision]:
        """Every decision ``seat`` may take now (empty if it has nothing to decide)."""
        race = self.state
        if not 0 <= seat < len(race.cars) or not rounds.deciding(race, race.cars[seat]):
            return []
        car = race.cars[seat]
        if race.phase == PLAN:
            return plan.legal_plans(race, car)
        if race.phase == DRAFT:
            return setup.legal_drafts(race)
        step = race.step
        if step == REACT:
            return list(turns.react_options(race, car))
        if step == SLIPSTREAM:
            return turns.legal_slipstreams(race, car)
        if step == CHOOSE:
            return garage.legal_choices(race, car)
        if step == REFRESH:
            return garage.legal_refreshes(race, car)
        return turns.legal_discards(race, car)

    def random_decision(self, seat: int, rng: Rng) -> Decision:
        """A random legal decision for ``seat``, drawn with ``rng`` without listing every legal
        decision where that is cheap (rollouts, benchmarks). IllegalDecision if ``seat`` has
        nothing to decide."""
        race = self.state
        cars = race.cars
        phase = race.phase
        if not 0 <= seat < len(cars) or not rounds.deciding(race, cars[seat]):
            raise IllegalDecision("seat {seat} has nothing to decide now", seat=shown(seat))
        car = cars[seat]
        if phase == TURN:
            step = race.step
            if step == REACT:
                options = turns.react_options(race, car)
                return options[rng.below(len(options))]
            if step == DISCARD:
                ids = race.setup.cards.ids
                discardable = race.setup.cards.discardable
                bits = rng.next64()  # one coin per card in hand
                return Discard([ids[k] for i, k in enumerate(car.hand) if discardable[k] and bits >> i & 1])
            if step == SLIPSTREAM:
                if race.conditions is None and not race.turn.slip_boost:
                    return TAKE_SLIPSTREAM if rng.below(2) else NO_SLIPSTREAM
                options = turns.legal_slipstreams(race, car)  # what legal_decisions lists, without its checks
                return options[rng.below(len(options))]
        elif phase == PLAN:
            random_plan = plan.random_plan(race, car, rng)
            if random_plan is not None:
                return random_plan
        elif phase == DRAFT:
            return setup.random_draft(race, rng)
        options = self.legal_decisions(seat)
        return options[rng.below(len(options))]

    def slipstream_spaces(self, car: Car) -> list[int]:
        """The distances ``car`` may slipstream now (empty: it cannot; B-6, G-31, W-15, W-25, W-26)."""
        race = self.state
        return turns.slipstream_spaces(race, car)

    def forced_decision(self, seat: int) -> Decision | None:
        """The only legal decision of ``seat``, if it has exactly one; clients may apply it unasked."""
        legal = self.legal_decisions(seat)
        return legal[0] if len(legal) == 1 else None

    def check(self, seat: int, decision: Decision) -> None:
        """Raise IllegalDecision, with a message fit for a player, unless ``decision`` is legal."""
        self._validate(seat, decision)

    def _validate(self, seat: int, decision: Decision) -> list[int] | None:
        """``check``; for a Plan, a Draft or a Discard, also return its cards as kinds."""
        race = self.state
        if not 0 <= seat < len(race.cars):
            raise IllegalDecision("there is no seat {seat}", seat=shown(seat))
        car = race.cars[seat]
        phase = race.phase
        if not rounds.deciding(race, car):
            if race.phase == OVER:
                raise IllegalDecision("the race is over")
            if car.legend:
                raise IllegalDecision("{car} is a Legend: the Legends deck drives it (L-2)", car=car.name)
            if race.phase == PLAN and car.on_track:
                raise IllegalDecision("{car} has already committed gear and cards this round", car=car.name)
            names = ", ".join(race.cars[s].name for s in self.to_decide())
            raise IllegalDecision("it is not {car}'s decision; waiting for {names}", car=car.name, names=names)
        if phase == PLAN:
            if not isinstance(decision, Plan):
                raise IllegalDecision("{car} must choose a gear and cards now (e.g. 'gear 2 play 3 4')", car=car.name)
            return plan.check_plan(race, car, decision)
        if phase == DRAFT:
            if not isinstance(decision, Draft):
                raise IllegalDecision("{car} must draft an Upgrade card now (e.g. 'draft rpm-2')", car=car.name)
            return [setup.check_draft(race, seat, decision)]
        step = race.step
        if step == REACT:
            if not isinstance(decision, (React, EndReact, Salvage)):
                raise IllegalDecision("{car} is in the React step: use a symbol or 'done'", car=car.name)
            if not turns.react_allowed(race, car, decision):
                refusal = turns.react_refusal(race, car, decision)
                raise IllegalDecision(refusal.template, **refusal.values)
            return None
        if step == DISCARD:
            return turns.check_discard(race, car, self._discard_decision(car, decision))
        if step == SLIPSTREAM:
            if not isinstance(decision, Slipstream):
                raise IllegalDecision("{car} must answer 'slipstream' or 'no slipstream'", car=car.name)
            if decision.take and decision.spaces not in turns.slipstream_spaces(race, car):
                allowed = ", ".join(str(n) for n in turns.slipstream_spaces(race, car))
                raise IllegalDecision(
                    "{car} may slipstream {allowed} spaces, not {spaces} (G-31)",
                    car=car.name,
                    allowed=allowed,
                    spaces=decision.spaces,
                )
            return None
        if step == CHOOSE:
            if not isinstance(decision, ChooseSpeed) or decision not in garage.legal_choices(race, car):
                options = ", ".join(d.text() for d in garage.legal_choices(race, car))
                raise IllegalDecision("choose the Speed value of a card (G-21): {options}", options=options)
            return None
        if step == REFRESH:
            if not isinstance(decision, Refresh):
                raise IllegalDecision(
                    "{car} may put Refresh cards back on the deck: 'refresh CARD' or 'nothing'", car=car.name
                )
            garage.check_refresh(race, car, decision)
            return None
        return turns.check_discard(race, car, self._discard_decision(car, decision))

    @staticmethod
    def _discard_decision(car: Car, decision: Decision) -> Discard:
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
        race = self.state
        decision = self.random_decision(seat, rng)
        kinds: list[int] | None = None
        if isinstance(decision, Plan):
            index_of = race.setup.cards.index_of
            kinds = [index_of[card_id] for card_id in decision.cards]
        elif isinstance(decision, Draft):
            kinds = [race.setup.cards.index_of[decision.card]]
        elif isinstance(decision, Discard):
            kinds = race.setup.cards.kinds(decision.cards)
        self._carry_out(seat, decision, kinds)
        return decision

    def _carry_out(self, seat: int, decision: Decision, kinds: list[int] | None) -> None:
        race = self.state
        race.decisions.append((seat, decision))
        car = race.cars[seat]
        if isinstance(decision, Plan):
            assert kinds is not None
            car.plan = kinds
            car.plan_gear = decision.gear
            if race.log is not None:
                race.log.append(PlanCommitted(seat))
        elif isinstance(decision, React):
            turns.use_symbol(race, car, decision)
            turns.enter_react(race, car)
        elif isinstance(decision, Discard):
            assert kinds is not None
            turns.discard(race, car, kinds)
            turns.enter_refresh(race, car)
        elif isinstance(decision, EndReact):
            turns.enter_slipstream(race, car)
        elif isinstance(decision, Slipstream):
            if decision.take:
                turns.slipstream(race, car, decision.spaces)
            turns.enter_corners(race, car)
        elif isinstance(decision, Salvage):
            garage.salvage(race, car, decision)
            turns.enter_react(race, car)
        elif isinstance(decision, ChooseSpeed):
            turns.choose(race, car, decision)
        elif isinstance(decision, Refresh):
            turns.replenish(race, car, decision.cards)
            race.step = END
        elif isinstance(decision, Draft):
            assert kinds is not None
            setup.apply_draft(race, seat, kinds[0])
        if race.phase != TURN or race.step == END:
            rounds.run(race)

    def standings(self) -> list[int]:
        """Seats from first to last: the Hall of Fame (B-16.8), then cars on track by position."""
        return rounds.standings(self.state)

    def events(self, viewer: int | None = None) -> list[Event]:
        """The event log as ``viewer`` may see it (``None``: a spectator sees no private cards)."""
        log = self.state.log
        if log is None:
            return []
        return [event.for_seat(viewer) for event in log]

    # ------------------------------------------------------------------ reading the state
    # Read-only: a client reads the race through these (or ``view_of``); only the rules write.

    @property
    def setup(self) -> RaceSetup:
        """What is fixed for the race, shared by every copy."""
        return self.state.setup

    @property
    def config(self) -> RaceConfig:
        return self.state.setup.config

    @property
    def track(self) -> content.Track:
        return self.state.setup.track

    @property
    def cards(self) -> CardTable:
        return self.state.setup.cards

    @property
    def laps(self) -> int:
        return self.state.setup.laps

    @property
    def spaces(self) -> int:
        return self.state.setup.spaces

    @property
    def finish(self) -> int:
        return self.state.setup.finish

    @property
    def hand_size(self) -> int:
        return self.state.setup.hand_size

    @property
    def cars(self) -> list[Car]:
        return self.state.cars

    @property
    def started_cars(self) -> int:
        return self.state.started_cars

    @property
    def rng(self) -> Rng:
        return self.state.rng

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def step(self) -> str:
        return self.state.step

    @property
    def order(self) -> list[int]:
        return self.state.order

    @property
    def turn_index(self) -> int:
        return self.state.turn_index

    @property
    def adrenaline_seats(self) -> tuple[int, ...]:
        return self.state.adrenaline_seats

    @property
    def turn(self) -> TurnState:
        return self.state.turn

    @property
    def occupancy(self) -> list[int]:
        return self.state.occupancy

    @property
    def stress_reserve(self) -> int:
        return self.state.stress_reserve

    @property
    def hall_of_fame(self) -> list[int]:
        return self.state.hall_of_fame

    @property
    def log(self) -> list[Event] | None:
        return self.state.log

    @property
    def decisions(self) -> list[tuple[int, Decision]]:
        return self.state.decisions

    @property
    def start_position(self) -> dict[str, object] | None:
        return self.state.start_position

    @property
    def conditions(self) -> Conditions | None:
        return self.state.conditions

    @property
    def legends_deck(self) -> list[int]:
        return self.state.legends_deck

    @property
    def legends_card(self) -> int:
        return self.state.legends_card

    @property
    def draft(self) -> DraftState | None:
        return self.state.draft

    @property
    def upgrade_pool(self) -> list[int]:
        return self.state.upgrade_pool

    @property
    def sponsor_deck(self) -> list[int]:
        return self.state.sponsor_deck

    @property
    def sponsor_used(self) -> list[int]:
        return self.state.sponsor_used

    @property
    def first_lap_count(self) -> int:
        return self.state.first_lap_count

    @property
    def eliminated(self) -> list[int]:
        return self.state.eliminated

    def space_of(self, pos: int) -> int:
        """The board space (1..spaces) of a progress value."""
        return self.state.space_of(pos)

    def lap_of(self, pos: int) -> int:
        """The lap a progress value lies on: 0 on the grid, laps + 1 past the finish."""
        return self.state.lap_of(pos)

    def corner_limit(self, corner: content.Corner) -> int:
        """A corner's Speed Limit with its Road Conditions token (W-12, W-13)."""
        return mechanics.corner_limit(self.state, corner)
