"""The app's question before committing a decision. When to ask is decided once, for every
client, by ``heat.preview.confirmation_of`` (a chance of spinning out, or more Heat to pay than
doing nothing more); this module only words the question for the confirmation dialog."""

from __future__ import annotations

from heat.engine import Decision, SeatView
from heat.preview import HEAT_STEP, Confirmation, amount_text, confirmation_of, percent_text
from heat.tui.translate import _

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
    lines = [_("Commit {decision}?", decision=risk.decision.text())]
    if preview.spin_chance > 0:
        corners = ", ".join(str(corner.corner) for corner in preview.corners if corner.spin_chance > 0)
        chance = percent_text(preview.spin_chance)
        if risk.certain_spin:
            lines.append(
                _("You WILL spin out at corner {corners}: the preview gives it 100%.", corners=corners)
                if corners
                else _("You WILL spin out: the preview gives it 100%.")
            )
        else:
            lines.append(
                _("Spin-out {chance} at corner {corners}.", chance=chance, corners=corners)
                if corners
                else _("Spin-out {chance}.", chance=chance)
            )
    if risk.extra_heat >= HEAT_STEP:
        expected = amount_text(preview.expected_heat)
        now = preview.heat_now
        more = amount_text(risk.extra_heat)
        if now and risk.compared:
            line = _(
                "Heat to pay: {expected} expected, {now} of it at once ({more} more than without it).",
                expected=expected,
                now=now,
                more=more,
            )
        elif now:
            line = _("Heat to pay: {expected} expected, {now} of it at once.", expected=expected, now=now)
        elif risk.compared:
            line = _("Heat to pay: {expected} expected ({more} more than without it).", expected=expected, more=more)
        else:
            line = _("Heat to pay: {expected} expected.", expected=expected)
        lines.append(line)
    return lines
