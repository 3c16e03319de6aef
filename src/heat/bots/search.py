"""SearchBot: information-set Monte Carlo tree search over what its seat may know.

Each iteration of the search samples the hidden cards consistent with the bot's view (its own
deck order, the other players' hands and decks, the Legends deck: see ``determinize``), builds
that position on the engine and plays it forward to the end of the search horizon (the end of
the current round, or of the next one). Where the searching car plans a turn (gear and cards)
the iteration walks down the tree: the candidates are the planner's favourite plans for the
position of that sample (at the root the full planner's; later the car's plans as if it were
alone, read off the value table's landings: ``PlannerBot.lone_ranked``), and among those the
sample allows the tree picks by UCB1, counting for each node the iterations in which it was
available (single-observer ISMCTS: a node is the searching seat's own plans so far, whatever
the others hold). A node met for the first time is added to the tree; the rest of the iteration
follows the planner without its costlier terms (its plans: the lone ranking's favourite). The
others drive by the planner too, the Legends by their cards. The horizon's end is judged by the
planner's value table (the rounds the car still needs, with its actual hand), plus the rounds
played since the root; a race won or lost on the way counts for ``WIN`` rounds.

The budget is a number of iterations, so a seeded SearchBot is deterministic; a time limit can
cap it as well (then the machine's speed decides how many iterations are played). The chosen
plan is the root's most visited child. Decisions other than plans (React, slipstream, discards,
the Garage) follow the planner.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from heat.bots.determinize import sample_position
from heat.bots.levels import CHAMPION, PRO
from heat.bots.planner import PlannerBot
from heat.bots.planner_settings import PlannerSettings
from heat.bots.turnsim import WIN, hand_rounds
from heat.bots.valuetable import ValueTable
from heat.engine import Decision, HeatError, Plan, Race, SeatView, from_position, view_of
from heat.engine.championship import SeasonView
from heat.engine.rng import Rng
from heat.record import replace


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How hard a SearchBot thinks."""

    iterations: int = 250
    """Sampled positions played per plan decision (one walk down the tree each)."""
    seconds: float | None = None
    """An optional time cap per decision (at least one iteration is always played)."""
    horizon: int = 2
    """Rounds searched: 1 = to the end of the current round, 2 = to the end of the next."""
    candidates: int = 5
    """The planner's favourite plans searched at the root."""
    branching: int = 4
    """The planner's favourite plans searched at later plans of the car (in each sample)."""
    exploration: float = 0.3
    """UCB1's exploration constant, in rounds (plans differ by tenths of a round)."""
    planner: PlannerSettings = CHAMPION
    """The planner that ranks the root's plans and makes the decisions that are not searched."""


def _light(settings: PlannerSettings, *, forecast: bool) -> PlannerSettings:
    """The planner's settings without its costlier terms, for the decisions inside the search."""
    return replace(
        settings,
        kept_hand=0.0,
        discard_samples=0,
        forecast=forecast,
        decisive=settings.decisive and forecast,
        adrenaline_bonus=settings.adrenaline_bonus if forecast else 0.0,
    )


@dataclass(slots=True)
class Node:
    """The searching car's plans so far; its children are keyed by the next plan's text."""

    visits: int = 0
    total: float = 0.0
    """Sum of the iterations' rewards (minus the rounds the car needs from the root)."""
    available: int = 0
    """Iterations in which this plan was among the candidates (ISMCTS's UCB counts)."""
    children: dict[str, Node] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else -math.inf


class SearchBot:
    """Information-set Monte Carlo tree search over the car's plans, with the planner's table."""

    def __init__(self, seed: int = 0, name: str = "search", settings: SearchSettings | None = None) -> None:
        self.name = name
        self.rng = Rng(seed)
        self.settings = settings or SearchSettings()
        planner = self.settings.planner
        self.planner = PlannerBot(seed, name=name, settings=planner)
        # the light planners share the planner's car models: the model is fixed at its first use,
        # which must be the real view, not a sample (a sample's spin-out adds Stress only there)
        inner, ranker = _light(planner, forecast=True), _light(planner, forecast=False)
        self.inner = PlannerBot(seed + 1, name=f"{name}-inner", settings=inner, models=self.planner)
        self.ranker = PlannerBot(seed + 2, name=f"{name}-ranker", settings=ranker, models=self.planner)
        self.others = PlannerBot(seed + 3, name=f"{name}-others", settings=PRO)
        self.last_root: Node | None = None
        """The tree of the last plan searched (for tests and analysis)."""

    def choose(self, view: SeatView | SeasonView, legal: Sequence[Decision]) -> Decision:
        """The most visited of the planner's favourite plans; the planner's choice elsewhere."""
        if len(legal) <= 1 or not isinstance(view, SeatView) or view.seat is None or not isinstance(legal[0], Plan):
            return self.planner.choose(view, legal)
        candidates = self.planner.ranked(view, legal)[: self.settings.candidates]
        if len(candidates) == 1:
            return candidates[0]
        root = self.search(view, candidates)
        order = {plan.text(): index for index, plan in enumerate(candidates)}
        best = max(root.children.items(), key=lambda item: (item[1].visits, item[1].mean, -order[item[0]]))[0]
        return candidates[order[best]]

    def search(self, view: SeatView, candidates: Sequence[Decision]) -> Node:
        """The tree grown from ``view`` over the budget, ``candidates`` at its root."""
        assert view.seat is not None
        settings = self.settings
        root = Node()
        table = self.planner.table(view)  # the car's model holds for the whole horizon
        deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
        for iteration in range(settings.iterations):
            if deadline is not None and iteration > 0 and time.perf_counter() > deadline:
                break
            try:
                race = from_position(sample_position(view, self.rng), record_events=False)
            except HeatError:
                continue  # a sample the engine refuses (cannot happen for a consistent view)
            self._iterate(race, view.seat, root, candidates, table)
        self.last_root = root
        return root

    def _iterate(self, race: Race, seat: int, root: Node, candidates: Sequence[Decision], table: ValueTable) -> None:
        """One walk: down the tree at the car's plans, the planner elsewhere, to the horizon."""
        start = race.round
        decided = bool(race.hall_of_fame)
        # the root's plan first: the car's own hand, gear and Engine are known, so the root's
        # candidates are legal in every sample (and the car plans at the same time as the others)
        plan, child = self._select(root, candidates)
        race.apply(seat, plan)
        path = [root, child]
        node: Node | None = child if child.visits else None
        while not race.is_over and race.round < start + self.settings.horizon:
            mover = race.to_decide()[0]
            legal = race.legal_decisions(mover)
            if len(legal) == 1:
                race.apply(mover, legal[0])
                continue
            if mover == seat and isinstance(legal[0], Plan):
                options = self.ranker.lone_ranked(view_of(race, seat), legal)
                if node is None:  # past the tree: the ranker's favourite
                    race.apply(mover, options[0])
                    continue
                plan, child = self._select(node, options[: self.settings.branching])
                race.apply(mover, plan)
                path.append(child)
                node = child if child.visits else None  # a new node ends the walk down the tree
                continue
            if mover != seat and isinstance(legal[0], Plan):  # as the pro plans, read off its table
                race.apply(mover, self.others.lone_ranked(view_of(race, mover), legal)[0])
                continue
            driver = self.inner if mover == seat else self.others
            race.apply(mover, driver.choose(view_of(race, mover), legal))
        reward = -(rounds_needed(table, race, seat, decided) + race.round - start)
        for visited in path:
            visited.visits += 1
            visited.total += reward

    def _select(self, node: Node, options: Sequence[Decision]) -> tuple[Decision, Node]:
        """UCB1 over the plans this sample allows: an untried one first, in the planner's order."""
        children = []
        for plan in options:
            child = node.children.setdefault(plan.text(), Node())
            child.available += 1
            children.append((plan, child))
        for plan, child in children:
            if not child.visits:
                return plan, child
        weight = self.settings.exploration

        def score(pair: tuple[Decision, Node]) -> float:
            child = pair[1]
            return child.mean + weight * math.sqrt(math.log(child.available) / child.visits)

        return max(children, key=score)


def rounds_needed(table: ValueTable, race: Race, seat: int, decided: bool) -> float:
    """Rounds still needed by ``seat``'s car by its ``table``: the table's figure with its
    actual hand, or a finished car's margin past the line; a race won (or lost) since the root
    counts for ``WIN`` rounds. ``decided``: somebody had already won before the root."""
    car = race.cars[seat]
    if car.on_track:
        value = hand_rounds(table, car.pos, car.gear, car.engine, race.cards.names(car.hand))
    else:
        value = -(car.pos - race.finish) * table.model.overshoot
    hall = race.hall_of_fame
    if decided or not hall:
        return value
    return value - WIN if hall[0] == seat else value + WIN
