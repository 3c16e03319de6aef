"""RandomBot: picks uniformly among the legal decisions. For tests and baselines."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from heat.engine import Decision, SeatView
from heat.engine.rng import Rng

if TYPE_CHECKING:  # the season code loads only for a season (issue 28)
    from heat.engine.championship import SeasonView


class RandomBot:
    """Uniformly random legal decisions from its own seeded generator."""

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.name = name
        self.rng = Rng(seed)

    def choose(self, view: SeatView | SeasonView, legal: Sequence[Decision]) -> Decision:
        """A uniformly random element of ``legal``."""
        if not legal:
            raise ValueError("RandomBot was asked to choose with no legal decision")
        return legal[self.rng.below(len(legal))]
