"""The settings of ``PlannerBot``, apart from the planner: the levels name theirs (``PRO``,
``CHAMPION``) without loading the planner and its numpy, which only a pro or champion needs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from heat.record import Record

if TYPE_CHECKING:
    from heat.engine import SeatView


class PlannerSettings(Record):
    """How the planner models its car (see ``CarModel``) and how much it looks at the others."""

    samples: int
    draw_extra: int
    overshoot: float
    forecast: bool
    """Foresee the cars ahead (blocking, slipstream) and Adrenaline when planning."""
    adrenaline_bonus: float
    """Rounds it is worth to end the round among the cars that get Adrenaline next round."""
    decisive: bool
    """In a round where the race can be won, count a win or a loss for ``WIN`` rounds."""
    discard_samples: int
    """Draws sampled to judge each discard (0: the heuristic's discards)."""
    kept_hand: float
    """Weight of the kept-hand term: how much better than a random hand the cards a plan leaves
    in hand will be next round, judged by the table on sampled draws (0: ignored, as the table's
    model does)."""
    kept_samples: int
    """Draws sampled to judge the cards a plan keeps."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "samples",
        "draw_extra",
        "overshoot",
        "forecast",
        "adrenaline_bonus",
        "decisive",
        "discard_samples",
        "kept_hand",
        "kept_samples",
    )
    __slots__ = (
        "adrenaline_bonus",
        "decisive",
        "discard_samples",
        "draw_extra",
        "forecast",
        "kept_hand",
        "kept_samples",
        "overshoot",
        "samples",
    )

    def __init__(
        self,
        samples: int = 16,
        draw_extra: int = 1,
        overshoot: float = 0.01,
        forecast: bool = True,
        adrenaline_bonus: float = 0.0,
        decisive: bool = True,
        discard_samples: int = 24,
        kept_hand: float = 0.0,
        kept_samples: int = 8,
    ) -> None:
        object.__setattr__(self, "samples", samples)
        object.__setattr__(self, "draw_extra", draw_extra)
        object.__setattr__(self, "overshoot", overshoot)
        object.__setattr__(self, "forecast", forecast)
        object.__setattr__(self, "adrenaline_bonus", adrenaline_bonus)
        object.__setattr__(self, "decisive", decisive)
        object.__setattr__(self, "discard_samples", discard_samples)
        object.__setattr__(self, "kept_hand", kept_hand)
        object.__setattr__(self, "kept_samples", kept_samples)

    def field_values(self) -> tuple[Any, ...]:
        return (
            self.samples,
            self.draw_extra,
            self.overshoot,
            self.forecast,
            self.adrenaline_bonus,
            self.decisive,
            self.discard_samples,
            self.kept_hand,
            self.kept_samples,
        )

    def model_settings(self) -> dict[str, Any]:
        """The settings the car model is built with (planners that share models must agree)."""
        return {"draw_extra": self.draw_extra, "samples": self.samples, "overshoot": self.overshoot}

    def seed_of(self, view: SeatView) -> int:
        """A seed for the bot's own samples, fixed by what the view shows (so a seeded bot
        repeats itself, and sees nothing hidden)."""
        return 1 + view.round * 7919 + (view.seat or 0) * 104729
