"""SearchBot: Monte Carlo search over the information its seat may know.

For a plan it samples the hidden cards consistent with its view (its own deck order, the other
players' hands and decks, the Legends deck: see ``determinize``), builds each sample on the
engine and plays the round out for each of the planner's favourite plans: every car's turn,
blocking, slipstreams, flips, corners and the cards drawn at the end, with the planner deciding
for every player. The round's end is judged by the planner's value table (the rounds still
needed), and a race won or lost in that round counts for much more. Every candidate is played on
the same samples (common random numbers), so they are compared on equal luck. React,
slipstream, discards and the Garage's choices follow the planner.

The budget is a number of samples, so a seeded SearchBot is deterministic; a time limit can cap
it as well (then the machine's speed decides how many samples are played).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from heat.bots.determinize import sample_position
from heat.bots.planner import WIN, PlannerBot, PlannerSettings, hand_rounds
from heat.engine import Decision, HeatError, Plan, Race, SeatView, from_position, view_of
from heat.engine.championship import SeasonView
from heat.engine.rng import Rng


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How hard a SearchBot thinks."""

    samples: int = 16
    """Sampled positions per plan decision; every candidate is played on each."""
    candidates: int = 5
    """How many of the planner's favourite plans are searched."""
    seconds: float | None = None
    """An optional time cap per decision."""
    planner: PlannerSettings = field(default_factory=PlannerSettings)


class SearchBot:
    """Determinized one-round lookahead over the planner's favourite plans."""

    def __init__(self, seed: int = 0, name: str = "search", settings: SearchSettings | None = None) -> None:
        self.name = name
        self.rng = Rng(seed)
        self.settings = settings or SearchSettings()
        self.planner = PlannerBot(seed, name=name, settings=self.settings.planner)
        self.rollout = PlannerBot(seed + 1, name=f"{name}-rollout", settings=self.settings.planner)

    def choose(self, view: SeatView | SeasonView, legal: Sequence[Decision]) -> Decision:
        """The candidate plan whose sampled rounds end best; the planner's choice elsewhere."""
        if len(legal) <= 1 or not isinstance(view, SeatView) or view.seat is None or not isinstance(legal[0], Plan):
            return self.planner.choose(view, legal)
        candidates = self.planner.ranked(view, legal)[: self.settings.candidates]
        if len(candidates) == 1:
            return candidates[0]
        settings = self.settings
        totals = [0.0] * len(candidates)
        deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
        for sample in range(settings.samples):
            if deadline is not None and sample > 0 and time.perf_counter() > deadline:
                break
            try:
                base = from_position(sample_position(view, self.rng), record_events=False)
            except HeatError:
                continue
            for index, plan in enumerate(candidates):
                totals[index] += self._play_round(base.copy(record_events=False), view.seat, plan)
        best = min(range(len(candidates)), key=lambda i: totals[i])
        return candidates[best]

    def _play_round(self, race: Race, seat: int, plan: Decision) -> float:
        """Play ``plan`` and the rest of the round with the planner deciding for everyone; the
        rounds the searching car still needs afterwards (less for a race won)."""
        try:
            race.apply(seat, plan)
        except HeatError:
            return 1000.0  # cannot happen for a legal decision; kept as a safe floor
        current = race.round
        decided = bool(race.hall_of_fame)
        while not race.is_over and race.round == current:
            mover = race.to_decide()[0]
            legal = race.legal_decisions(mover)
            if len(legal) == 1:
                race.apply(mover, legal[0])
                continue
            driver = self.planner if mover == seat else self.rollout
            race.apply(mover, driver.choose(view_of(race, mover), legal))
        return self._evaluate(race, seat, decided)

    def _evaluate(self, race: Race, seat: int, decided: bool) -> float:
        """Rounds still needed by ``seat``'s car: the value table's figure, or a finished car's
        margin past the line; a race won (or lost) in this round counts for ``WIN`` rounds.
        ``decided``: somebody had already won before this round."""
        car = race.cars[seat]
        table = self.planner.table(view_of(race, seat))
        if car.on_track:
            value = hand_rounds(table, car.pos, car.gear, car.engine, race.cards.names(car.hand))
        else:
            value = -(car.pos - race.finish) * table.model.overshoot
        hall = race.hall_of_fame
        if decided or not hall:
            return value
        return value - WIN if hall[0] == seat else value + WIN
