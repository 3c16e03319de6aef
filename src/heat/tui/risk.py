"""The app's question before committing a decision. When to ask is decided once, for every
client, by ``heat.preview.confirmation_of`` (a chance of spinning out, or more Heat to pay than
doing nothing more); this module only words the question for the confirmation dialog."""

from __future__ import annotations

from heat.engine import Decision, SeatView
from heat.preview import HEAT_STEP, Confirmation, amount_text, confirmation_of, percent_text

Risk = Confirmation
"""What a decision risks (the app's name for ``heat.preview.Confirmation``)."""


def risk_of(view: SeatView, decision: Decision, before: SeatView | None = None) -> Risk | None:
    """The risk of committing ``decision`` from ``view``, or None when it is safe; ``before``:
    the view before the React choices held back and committed with it, whose Heat counts too
    (``heat.preview.confirmation_of``)."""
    return confirmation_of(view, decision, before)


def question_lines(risk: Risk) -> list[str]:
    """The question in a few lines: the decision, the spin-out chance and where, the Heat."""
    preview = risk.preview
    lines = [f"Commit {risk.decision.text()}?"]
    if preview.spin_chance > 0:
        corners = ", ".join(str(corner.corner) for corner in preview.corners if corner.spin_chance > 0)
        where = f" at corner {corners}" if corners else ""
        if risk.certain_spin:
            lines.append(f"You WILL spin out{where}: the preview gives it 100%.")
        else:
            lines.append(f"Spin-out {percent_text(preview.spin_chance)}{where}.")
    if risk.extra_heat >= HEAT_STEP:
        now = f", {preview.heat_now} of it at once" if preview.heat_now else ""
        more = f" ({amount_text(risk.extra_heat)} more than without it)" if risk.compared else ""
        lines.append(f"Heat to pay: {amount_text(preview.expected_heat)} expected{now}{more}.")
    return lines
