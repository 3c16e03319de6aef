"""When the app asks before committing a decision: its preview (``heat.preview``, the rules are
not restated here) shows a chance of spinning out, or more Heat to pay than the choice of doing
nothing more (no more React symbols, no Slipstream; for a plan, nothing at all)."""

from __future__ import annotations

from dataclasses import dataclass

from heat.engine import Decision, EndReact, Plan, React, SeatView, Slipstream
from heat.preview import Preview, amount_text, percent_text
from heat.tui.widgets.preview_box import preview_of

HEAT_STEP = 0.05
"""Expected Heat below this is rounded away (the preview shows one decimal)."""


@dataclass(frozen=True, slots=True)
class Risk:
    """What a decision risks: its preview and the expected Heat it adds to the bill."""

    decision: Decision
    preview: Preview
    extra_heat: float
    """Expected Heat it adds: all of the preview's for a plan; for React and Slipstream, beyond
    the bill of doing nothing more."""
    instead: bool
    """The bill is compared with doing nothing more (React, Slipstream), not with nothing."""

    @property
    def certain_spin(self) -> bool:
        """The preview says the car spins out whatever the deck holds."""
        return self.preview.spin_chance >= 1.0

    def lines(self) -> list[str]:
        """The question in a few lines: the decision, the spin-out chance and where, the Heat."""
        preview = self.preview
        lines = [f"Commit {self.decision.text()}?"]
        if preview.spin_chance > 0:
            corners = ", ".join(str(risk.corner) for risk in preview.corners if risk.spin_chance > 0)
            where = f" at corner {corners}" if corners else ""
            if self.certain_spin:
                lines.append(f"You WILL spin out{where}: the preview gives it 100%.")
            else:
                lines.append(f"Spin-out {percent_text(preview.spin_chance)}{where}.")
        if self.extra_heat >= HEAT_STEP:
            now = f", {preview.heat_now} of it at once" if preview.heat_now else ""
            more = f" ({amount_text(self.extra_heat)} more than without it)" if self.instead else ""
            lines.append(f"Heat to pay: {amount_text(preview.expected_heat)} expected{now}{more}.")
        return lines


def _baseline(view: SeatView, decision: Decision) -> Preview | None:
    """The preview of doing nothing more instead of ``decision`` (None: nothing to pay then)."""
    if isinstance(decision, React | EndReact):
        return preview_of(view, EndReact())
    if isinstance(decision, Slipstream):
        return preview_of(view, Slipstream(False))
    return None


def risk_of(view: SeatView, decision: Decision, before: SeatView | None = None) -> Risk | None:
    """The risk of committing ``decision`` from ``view``, or None when it is safe: no chance of a
    spin-out and no more Heat to pay than without it. ``before``: the view before the React
    choices held back and committed with it, whose Heat counts too (the bill is compared with
    doing nothing more from there). Decisions without a preview (discards, Refresh, drafts...)
    are safe."""
    if not isinstance(decision, Plan | React | EndReact | Slipstream):
        return None
    preview = preview_of(view, decision)
    if preview is None:
        return None
    baseline = _baseline(before or view, decision)
    extra = preview.expected_heat - (baseline.expected_heat if baseline is not None else 0.0)
    if preview.spin_chance > 0 or extra >= HEAT_STEP:
        return Risk(decision, preview, max(0.0, extra), instead=baseline is not None)
    return None
