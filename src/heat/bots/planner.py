"""PlannerBot: plans each turn against a value table of its own car.

The value table (``valuetable``) knows, for every place on the track, gear, Heat in the Engine
and Heat and Stress cards in hand, how many rounds the car still needs. Each plan is judged by
the rounds it leaves: every Speed its Stress cards and + symbols may flip, the Boost and
Adrenaline it would then add, where the cars ahead will stand when its turn comes (every
Legends card the round may reveal), so where it would be blocked or could slipstream, the Heat
of every Corner Line and the risk of a spin-out. React, slipstream and Speed choices are judged
the same way with what is then known; discards are judged by the table on sampled draws (or
follow the heuristic driver, as the Garage's other symbols and drafts do). The table sees the
cards in hand as a random hand; with ``kept_hand`` a plan is also judged by the cards it leaves
in hand, against sampled draws, so that of two equal moves it keeps what the next round needs.

The turn it simulates for each plan is ``heat.bots.turnsim``'s. It reads only its view: a seeded
PlannerBot is deterministic and blind to hidden cards.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from heat.bots import forecast
from heat.bots.determinize import owned_cards
from heat.bots.heuristic import HeuristicBot, card, flip_distribution, free_boost
from heat.bots.heuristic import overheat as heuristic_overheat
from heat.bots.planner_settings import PlannerSettings
from heat.bots.turnsim import NEVER, TurnSim, drawn_rounds, kept_delta, tally_of
from heat.bots.valuetable import BOOST, CarModel, ValueTable, table_for
from heat.engine import Decision, Discard, EndReact, Plan, React, SeatView, Slipstream, track
from heat.engine import board as rules
from heat.engine.championship import SeasonView
from heat.engine.decisions import ChooseSpeed
from heat.engine.rng import Rng
from heat.engine.view import conditions_of

KEPT_CANDIDATES = 8
"""Plans, the best without the kept-hand term, that are judged with it."""


def car_model(view: SeatView, settings: PlannerSettings) -> CarModel:
    """The model of the viewer's car in this race: its Corner Lines (Road Conditions included),
    finish, cards, Stress and Heat."""
    me = view.me
    assert me is not None and view.seat is not None
    board = track(view.track)
    adjust = view.turn.speed_limit_adjust if view.turn is not None and view.turn.seat == view.seat else 0
    overheat = heuristic_overheat(view)
    corners = [(c.speed_limit - adjust, overheat.get(c.number, 0)) for c in view.corners]
    finish = view.laps * board.spaces
    # every Corner Line a car crosses from the first space to the finish (B-16.5)
    lines = tuple(
        (line, *corners[index])
        for line, index in rules.lines_crossed(board.corner_lines, board.spaces, 1, finish, finish)
    )
    owned = owned_cards(view, view.seat)
    free = []
    for card_id, count in sorted(owned.items()):
        definition = card(card_id)
        if definition.type in ("heat", "stress") or definition.becomes:
            continue
        free.extend([(tuple(definition.speeds) or (0,), definition.plus)] * count)
    heat = me.engine + owned["heat"]
    return CarModel(
        lines=lines,
        finish=finish,
        free=tuple(free),
        stress=max(owned["stress"], board.stress),
        heat=max(heat, 1),
        hand=view.hand_size,
        **settings.model_settings(),
    )


class PlannerBot(HeuristicBot):
    """A driver that plans every turn against the value table of its own car."""

    def __init__(
        self,
        seed: int = 0,
        name: str = "planner",
        settings: PlannerSettings | None = None,
        models: PlannerBot | None = None,
    ) -> None:
        """``models``: another planner whose car models this one shares (both then value with
        the model the first of them made from a real view; their ``model_settings`` must agree)."""
        super().__init__(seed, name=name)
        self.settings = settings or PlannerSettings()
        self._models: dict[tuple[object, ...], CarModel] = {}
        if models is not None:
            if self.settings.model_settings() != models.settings.model_settings():
                raise ValueError(f"{name} cannot share the car models of {models.name}: their model settings differ")
            self._models = models._models
        self._scenarios: list[forecast.Scenario] = []
        self._adrenaline = False
        self._decisive = False
        self._deals_key: tuple[object, ...] | None = None
        self._deals: list[list[str]] = []

    # ------------------------------------------------------------------ the table

    def table(self, view: SeatView) -> ValueTable:
        """The value table of the viewer's car (its model is fixed at its first use in a race)."""
        key = (
            view.track,
            view.laps,
            view.hand_size,
            tuple(c.printed_limit for c in view.corners),
            tuple(c.road for c in view.corners),
            view.cars[view.seat or 0].upgrades,
            view.weather,
        )
        model = self._models.get(key)
        if model is None:
            model = car_model(view, self.settings)
            self._models[key] = model
        return table_for(model)

    # ------------------------------------------------------------------ plans

    def choose(self, view: SeatView | SeasonView, legal: Sequence[Decision]) -> Decision:
        """The decision this driver likes best among ``legal``."""
        if isinstance(view, SeatView) and legal and isinstance(legal[0], Plan) and len(legal) > 1:
            self._foresee(view)
            if self.settings.kept_hand and not self.weights.noise:
                return self._best_plan(view, legal)
        return super().choose(view, legal)

    def _best_plan(self, view: SeatView, legal: Sequence[Decision]) -> Decision:
        """The best plan, the kept-hand term judged only for the best few without it (a small
        term: it decides between plans of about the same worth, and costs a few draws each)."""
        plain = sorted(legal, key=lambda d: self.plan_value(view, d, kept_hand=False), reverse=True)
        best, best_value = plain[0], -NEVER
        for decision in plain[:KEPT_CANDIDATES]:
            value = self.plan_value(view, decision)
            if value > best_value:
                best, best_value = decision, value
        return best

    def ranked(self, view: SeatView, legal: Sequence[Decision]) -> list[Decision]:
        """Legal plans from the best to the worst."""
        self._foresee(view)
        return sorted(legal, key=lambda d: self.plan_value(view, d), reverse=True)

    def lone_ranked(self, view: SeatView, legal: Sequence[Decision]) -> list[Decision]:
        """Legal plans from the best to the worst for the car as if alone on the track (no
        forecast, no Adrenaline, no kept-hand term), as ``ranked`` orders them with such settings
        (but for near ties: the landings are kept in float32). Far faster: see ``lone_values``."""
        values = self.lone_values(view, legal)
        return sorted(legal, key=values.__getitem__, reverse=True)

    def lone_values(self, view: SeatView, legal: Sequence[Decision]) -> dict[Decision, float]:
        """``plan_value`` of each legal plan for a planner that sees its car alone. A plan of
        plain Speed cards is read off the table's landings, which already hold the better of a
        Boost or none (a few lookups instead of a walk through every landing); the plans the
        landings do not describe (choice or Adjust cards, a free Boost, the finish in reach, an
        elimination at stake) are judged by ``plan_value`` itself."""
        assert not self.settings.forecast and not self.settings.kept_hand
        self._foresee(view)
        me = view.me
        assert me is not None and me.hand is not None and view.seat is not None
        table = self.table(view)
        start = forecast.progress(view, view.seat)
        simple = not free_boost(view) and not view.spin_out_eliminates
        hand_heat = sum(1 for c in me.hand if c == "heat")
        hand_stress = sum(1 for c in me.hand if c == "stress")
        row = table.landings(start)
        values: dict[Decision, float] = {}
        for decision in legal:
            value = None
            if simple:
                value = self._lone_value(
                    decision, me.gear, me.engine, view.tournament, hand_heat, hand_stress, start, row, table
                )
            values[decision] = self.plan_value(view, decision) if value is None else value
        return values

    @staticmethod
    def _lone_value(
        decision: Decision,
        gear: int,
        engine: int,
        tournament: bool,
        hand_heat: int,
        hand_stress: int,
        start: int,
        row: NDArray[np.float32],
        table: ValueTable,
    ) -> float | None:
        """``plan_value`` of a plan of plain Speed cards for a car alone, from the table's
        landings ``row`` (None where they do not describe the plan)."""
        assert isinstance(decision, Plan)
        played = tally_of(decision, gear, engine, tournament)
        if played.cluttered:
            return played.cluttered_value(table, start, engine, hand_heat, hand_stress)
        if played.choices or played.adjust:
            return None
        fixed, flips = played.fixed, played.flips
        if start + fixed + 4 * flips + max(BOOST) > table.model.finish or fixed + flips == 0:
            return None  # the finish in reach (a win counts), or a move of Speed 0
        cool, stress = played.hand_after(decision.gear, hand_heat, hand_stress)
        state = table.clamp(engine - played.heat + cool, hand_heat - cool, stress)
        landing = row[decision.gear - 1, state]
        total = 0.0
        for speed, chance in flip_distribution(fixed, flips):
            if speed >= len(landing):
                return None
            total += chance * float(landing[speed])
        return -total

    def _foresee(self, view: SeatView) -> None:
        """The other cars' moves and this car's Adrenaline for the round about to be planned."""
        # A win or a loss is counted only where the others' moves can be foreseen: Legends follow
        # their cards, other players' plans are unknown until they move.
        others = [car for car in view.cars if car.on_track and car.seat != view.seat]
        self._decisive = self.settings.decisive and not view.hall_of_fame and all(car.legend for car in others)
        if self.settings.forecast:
            self._scenarios = forecast.scenarios(view)
            self._adrenaline = forecast.has_adrenaline(view)
        else:
            self._scenarios = [forecast.Scenario(1.0, {})]
            self._adrenaline = False

    def plan_value(self, view: SeatView, decision: Decision, kept_hand: bool = True) -> float:
        """Minus the rounds the car is expected to still need after this plan (with the
        kept-hand term if the settings weigh it and ``kept_hand``)."""
        assert isinstance(decision, Plan)
        me = view.me
        assert me is not None and me.hand is not None and view.seat is not None
        played = tally_of(decision, me.gear, me.engine, view.tournament)
        table = self.table(view)
        hand_heat = sum(1 for c in me.hand if c == "heat")
        hand_stress = sum(1 for c in me.hand if c == "stress")
        if played.cluttered:
            return played.cluttered_value(table, forecast.progress(view, view.seat), me.engine, hand_heat, hand_stress)
        cool, hand_stress = played.hand_after(decision.gear, hand_heat, hand_stress)
        adrenaline = self._adrenaline
        if adrenaline and hand_heat > cool:
            cool += 1  # B-4.4: Adrenaline's Cooldown 1
        available = me.engine - played.heat + cool
        turn = TurnSim(
            table=table,
            start=forecast.progress(view, view.seat),
            gear=decision.gear,
            hand_heat=hand_heat - cool,
            hand_stress=hand_stress,
            finish=view.laps * track(view.track).spaces,
            spots=track(view.track).spots_per_space,
            spaces=track(view.track).spaces,
            slip_boost=played.slip,
            conditions=conditions_of(view),
            adjust=played.adjust,
            free_boost=free_boost(view),
            eliminating=view.spin_out_eliminates,
        )
        kept: list[str] | None = None
        if self.settings.kept_hand and kept_hand:
            kept = list(me.hand)
            for card_id in decision.cards:
                kept.remove(card_id)
            for _ in range(cool):
                kept.remove("heat")
            for _ in range(min(played.reduce, kept.count("stress"))):
                kept.remove("stress")
        choices = played.choices
        extras = [sum(values) for values in itertools.product(*choices)] if choices else [0]
        last = 2 if view.started_cars >= 5 else 1
        total = 0.0
        speeds = flip_distribution(played.fixed, played.flips)
        for speed, chance in speeds:
            best = NEVER
            for extra in set(extras):
                value = 0.0
                for scenario in self._scenarios:
                    if self.settings.adrenaline_bonus and len(scenario.final) >= last:
                        turn.behind_from = scenario.final[-last]
                        turn.bonus = self.settings.adrenaline_bonus
                    if self._decisive and scenario.final:
                        turn.rival = scenario.final[0]
                    value += scenario.chance * turn.react(
                        speed + extra, speed + extra, available, scenario.occupied, adrenaline, True
                    )
                best = min(best, value)
            total += chance * best
        if kept is not None:
            # judged once, where the plan's mean Speed ends (judging every landing measured no
            # better, at four times the cost)
            # Float sums (start 0.0): compiled by mypyc, an int-typed sum refuses a float.
            mean = sum((chance * speed for speed, chance in speeds), 0.0)
            mean += sum((sum(values) / len(values) for values in choices), 0.0)
            where = turn.start + round(mean)
            deals = self._kept_deals(view)
            total += self.settings.kept_hand * kept_delta(table, where, decision.gear, available, kept, deals)
        return -total

    def _kept_deals(self, view: SeatView) -> list[list[str]]:
        """The draws that judge the cards each plan keeps, the same for every plan of a decision."""
        me = view.me
        assert me is not None
        key = (view.round, view.seat, me.hand, me.deck_cards)
        if self._deals_key != key:
            self._deals_key = key
            self._deals = sample_draws(view, self.settings.kept_samples, Rng(self.settings.seed_of(view) + 17))
        return self._deals

    # ------------------------------------------------------------------ React, slipstream, Speed choices

    def _current_turn(self, view: SeatView) -> tuple[TurnSim, int, int]:
        """The turn in progress as a TurnSim, with the distance moved so far and the Engine."""
        me = view.me
        turn = view.turn
        assert me is not None and me.hand is not None and turn is not None and view.seat is not None
        board = track(view.track)
        start = turn.start_progress
        state = TurnSim(
            table=self.table(view),
            start=start,
            gear=me.gear,
            hand_heat=sum(1 for c in me.hand if c == "heat"),
            hand_stress=sum(1 for c in me.hand if c == "stress"),
            finish=view.laps * board.spaces,
            spots=board.spots_per_space,
            spaces=board.spaces,
            slip_boost=turn.slipstream_boost,
            conditions=conditions_of(view),
            adjust=turn.speed_limit_adjust,
            free_boost=free_boost(view),
            eliminating=view.spin_out_eliminates,
        )
        return state, forecast.progress(view, view.seat) - start, me.engine

    def _react(self, view: SeatView, legal: Sequence[Decision]) -> Decision:
        reacts = [d for d in legal if isinstance(d, React)]
        handled = ("heat", "scrap", "adjust", "cooldown", "reduce-stress", "direct")
        if any(d.symbol in handled for d in reacts) or not any(
            d.symbol in ("boost", "move", "accelerate") for d in reacts
        ):
            return super()._react(view, legal)
        turn = view.turn
        assert turn is not None
        state, moved, engine = self._current_turn(view)
        occupied = forecast.occupancy_now(view)
        adrenaline = turn.adrenaline and not turn.adrenaline_move_used
        boost_open = not turn.boost_used and any(d.symbol == "boost" for d in reacts)
        rivals = self._rivals(view)

        def worth(decision: Decision) -> float:
            total = 0.0
            for chance, rival in rivals:
                state.rival = rival
                if isinstance(decision, EndReact):
                    value = state.react(turn.speed, moved, engine, occupied, False, False)
                elif isinstance(decision, React) and decision.symbol == "move":
                    value = state.react(turn.speed + 1, moved + 1, engine, occupied, False, boost_open)
                elif isinstance(decision, React) and decision.symbol == "boost":
                    value = state.boost(turn.speed, moved, engine, occupied, adrenaline)
                else:
                    assert isinstance(decision, React)
                    gain = turn.plus_used
                    value = state.react(turn.speed + gain, moved + gain, engine, occupied, adrenaline, boost_open)
                total += chance * value
            return total

        best: Decision = next((d for d in legal if isinstance(d, EndReact)), legal[0])
        best_value = worth(EndReact())
        for decision in reacts:
            if decision.symbol not in ("move", "boost", "accelerate"):
                continue
            value = worth(decision)
            if value < best_value - 1e-9:
                best, best_value = decision, value
        return best

    def _rivals(self, view: SeatView) -> list[tuple[float, int]]:
        """During this car's turn: the best progress of any other car at the round's end, with
        its chance (only where a win or a loss this round is counted)."""
        if not self.settings.decisive or view.hall_of_fame:
            return [(1.0, -1_000_000)]
        if any(view.cars[seat].on_track and not view.cars[seat].legend for seat in forecast.still_to_move(view)):
            return [(1.0, -1_000_000)]  # a player still to move: its move is unknown
        return forecast.rest_of_round(view)

    def _slipstream_value(self, view: SeatView, decision: Decision) -> float:
        assert isinstance(decision, Slipstream)
        turn = view.turn
        assert turn is not None
        state, moved, engine = self._current_turn(view)
        spaces = decision.spaces if decision.take else 0
        total = 0.0
        for chance, rival in self._rivals(view):
            state.rival = rival
            total += chance * state.settle(turn.speed, state.start + moved + spaces, engine)
        return -total

    def _discard(self, view: SeatView, legal: Sequence[Decision]) -> Decision:
        """Keep the hand whose next round the table likes best, the draws that replace the
        discarded cards sampled from this car's own deck (the same draws for every option)."""
        me = view.me
        assert me is not None and me.hand is not None and view.seat is not None
        options: dict[tuple[str, ...], Decision] = {}
        for decision in legal:
            if isinstance(decision, Discard):
                options.setdefault(decision.cards, decision)
        if len(options) <= 1 or self.settings.discard_samples <= 0:
            return super()._discard(view, legal)
        table = self.table(view)
        deals = sample_draws(view, self.settings.discard_samples, Rng(self.settings.seed_of(view)))
        where = forecast.progress(view, view.seat)
        best: Decision = next(iter(options.values()))
        best_value = NEVER
        for cards, decision in sorted(options.items(), key=lambda item: len(item[0])):
            kept = list(me.hand)
            for card_id in cards:
                kept.remove(card_id)
            total = drawn_rounds(table, where, me.gear, me.engine, kept, deals)
            if total < best_value - 1e-9:
                best, best_value = decision, total
        return best

    def _choice_value(self, view: SeatView, decision: Decision) -> float:
        assert isinstance(decision, ChooseSpeed)
        turn = view.turn
        me = view.me
        assert turn is not None and me is not None
        pending = [c for c in me.play or () if len(card(c).speeds) > 1]
        rest = sum(min(card(c).speeds) for c in pending) - min(card(decision.card).speeds)
        speed = turn.speed + decision.value + max(0, rest)
        state, moved, engine = self._current_turn(view)
        occupied = forecast.occupancy_now(view)
        return -state.react(speed, moved + speed, engine, occupied, turn.adrenaline, not turn.boost_used)


def sample_draws(view: SeatView, count: int, rng: Rng) -> list[list[str]]:
    """``count`` sampled orders in which the viewer's car may draw its cards: its deck shuffled,
    then the rest of its cards outside hand and Engine (its discard pile, reshuffled, B-15)."""
    me = view.me
    assert me is not None and me.hand is not None and view.seat is not None
    deck = list(me.deck_cards or ())
    rest = owned_cards(view, view.seat)
    rest.subtract(deck)
    rest.subtract(me.hand)
    later_pool = list((+rest).elements())
    deals = []
    for _ in range(count):
        order = deck[:]
        rng.shuffle(order)
        later = later_pool[:]
        rng.shuffle(later)
        deals.append(order + later)
    return deals
