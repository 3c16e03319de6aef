"""SearchBot: Monte Carlo search over the information its seat may know.

For each decision it samples the hidden cards consistent with its view (its own deck order,
opponents' hands and decks, the Legends deck: see ``determinize``), plays each candidate
decision forward on the engine with a fast rollout policy for every driver, and keeps the
candidate whose rollouts end best. Candidates are chosen among the legal decisions by the
heuristic's own scores, and every candidate is played on the same samples (common random
numbers), so they are compared on equal luck. The budget is a number of rollouts, so a
seeded SearchBot is deterministic; a time limit can cap it as well.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from heat.bots.determinize import sample_position
from heat.bots.heuristic import HeuristicBot, Weights, progress_of
from heat.engine import Decision, HeatError, Race, SeatView, from_position, view_of
from heat.engine.championship import SeasonView
from heat.engine.decisions import EndReact, Plan, React, Salvage, Slipstream
from heat.engine.rng import Rng

SEARCHED = (Plan, React, EndReact, Salvage, Slipstream)
"""The decisions worth searching: plans, React symbols and slipstreams. Discards, Speed choices,
Refresh and the Garage's picks follow the heuristic."""


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How hard a SearchBot thinks."""

    rollouts: int = 200
    """Rollouts per decision (all candidates together)."""
    seconds: float | None = None
    """An optional time cap per decision."""
    candidates: int = 6
    """How many of the heuristic's favourite decisions are searched."""
    horizon: int = 2
    """Rounds played out after the current one before the position is judged."""


class SearchBot:
    """Determinized Monte Carlo search with a heuristic rollout policy."""

    def __init__(self, seed: int = 0, name: str = "search", settings: SearchSettings | None = None) -> None:
        self.name = name
        self.rng = Rng(seed)
        self.settings = settings or SearchSettings()
        self.heuristic = HeuristicBot(seed, weights=Weights())
        self.rollout_policy = HeuristicBot(seed + 1, weights=Weights(foresight=0.0))

    def choose(self, view: SeatView | SeasonView, legal: Sequence[Decision]) -> Decision:
        """The candidate whose rollouts end best (the heuristic's choice where search can't help)."""
        if (
            len(legal) <= 1
            or not isinstance(view, SeatView)
            or view.phase == "draft"
            or view.seat is None
            or not isinstance(legal[0], SEARCHED)
        ):
            return self.heuristic.choose(view, legal)
        candidates = self._candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        settings = self.settings
        totals = [0.0] * len(candidates)
        samples = max(1, settings.rollouts // len(candidates))
        deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
        for sample in range(samples):
            if deadline is not None and sample > 0 and time.perf_counter() > deadline:
                break
            # common random numbers: every candidate is played on the same sampled position
            try:
                base = from_position(sample_position(view, self.rng), record_events=False)
            except HeatError:
                continue
            for index, decision in enumerate(candidates):
                totals[index] += self._rollout(base.copy(), view.seat, decision)
        best = max(range(len(candidates)), key=lambda i: totals[i])
        return candidates[best]

    def _candidates(self, view: SeatView, legal: Sequence[Decision]) -> list[Decision]:
        if not isinstance(legal[0], Plan) or len(legal) <= self.settings.candidates:
            return list(legal)
        scored = sorted(legal, key=lambda d: self.heuristic.plan_value(view, d), reverse=True)
        return scored[: self.settings.candidates]

    def _rollout(self, race: Race, seat: int, decision: Decision) -> float:
        """Play ``decision``, then every driver by the rollout policy until the horizon; the
        value of where the searching car then stands."""
        try:
            race.apply(seat, decision)
        except HeatError:
            return -1000.0  # cannot happen for a legal decision; kept as a safe floor
        last_round = race.round + self.settings.horizon
        policy = self.rollout_policy
        while not race.is_over and race.round <= last_round and race.cars[seat].on_track:
            mover = race.to_decide()[0]
            options = race.legal_decisions(mover)
            race.apply(mover, policy.choose(view_of(race, mover), options))
        return self._evaluate(race, seat)

    def _evaluate(self, race: Race, seat: int) -> float:
        """Progress, with what the next turn can make of the position, Heat in the Engine and
        Stress in hand counted; finishing early or ahead of others is worth much more."""
        car = race.cars[seat]
        if not car.on_track:
            place = race.standings().index(seat)
            return 10_000.0 - 300.0 * car.finish_round - 20.0 * place
        view = view_of(race, seat)
        progress = progress_of(view, seat)
        stress = sum(1 for c in car.hand if race.cards.ids[c] == "stress")
        heat_in_hand = car.hand.count(race.cards.heat)
        potential = self.heuristic.next_turn_potential(view)
        return float(progress) + 0.6 * car.engine - 1.0 * stress - 0.4 * heat_in_hand + 0.5 * potential
