"""The settings of ``PlannerBot``, apart from the planner: the levels name theirs (``PRO``,
``CHAMPION``) without loading the planner and its numpy, which only a pro or champion needs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from heat.engine import SeatView


@dataclass(frozen=True, slots=True)
class PlannerSettings:
    """How the planner models its car (see ``CarModel``) and how much it looks at the others."""

    samples: int = 16
    draw_extra: int = 1
    overshoot: float = 0.01
    forecast: bool = True
    """Foresee the cars ahead (blocking, slipstream) and Adrenaline when planning."""
    adrenaline_bonus: float = 0.0
    """Rounds it is worth to end the round among the cars that get Adrenaline next round."""
    decisive: bool = True
    """In a round where the race can be won, count a win or a loss for ``WIN`` rounds."""
    discard_samples: int = 24
    """Draws sampled to judge each discard (0: the heuristic's discards)."""
    kept_hand: float = 0.0
    """Weight of the kept-hand term: how much better than a random hand the cards a plan leaves
    in hand will be next round, judged by the table on sampled draws (0: ignored, as the table's
    model does)."""
    kept_samples: int = 8
    """Draws sampled to judge the cards a plan keeps."""

    def model_settings(self) -> dict[str, Any]:
        """The settings the car model is built with (planners that share models must agree)."""
        return {"draw_extra": self.draw_extra, "samples": self.samples, "overshoot": self.overshoot}

    def seed_of(self, view: SeatView) -> int:
        """A seed for the bot's own samples, fixed by what the view shows (so a seeded bot
        repeats itself, and sees nothing hidden)."""
        return 1 + view.round * 7919 + (view.seat or 0) * 104729
