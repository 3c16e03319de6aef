"""The ``preview`` message: the engine's preview of a decision a seat is considering, from that
seat's own view, with the reason to confirm it (``heat.preview``). Nothing is applied; a
spectator, a seat not deciding now or a decision that is not legal now gets no preview."""

from __future__ import annotations

from typing import Any

from heat.engine import HeatError, parse_decision, view_of
from heat.preview import confirmation_reason, preview_decision
from heat.server.table import PLAYING, Table


def preview_answer(table: Table, seat: int | None, text: str, ref: Any) -> dict[str, Any]:
    """The ``preview`` message answering ``text`` from ``seat`` (docs/protocol.md)."""
    answer: dict[str, Any] = {
        "type": "preview",
        "id": ref,
        "decision": text,
        "version": table.version,
        "preview": None,
        "confirm": None,
    }
    race = table.race
    if seat is None or table.status != PLAYING or race is None or race.is_over or seat not in table.to_decide():
        return answer
    try:
        decision = parse_decision(text)
    except HeatError:
        return answer
    if decision.text() not in {legal.text() for legal in table.legal(seat)}:
        return answer
    view = view_of(race, seat)
    preview = preview_decision(view, decision)
    if preview is None:
        return answer
    answer["decision"] = decision.text()
    answer["preview"] = {
        "speeds": [list(pair) for pair in preview.speeds],
        "landing": [list(place) for place in preview.landing],
        "corners": [
            {
                "corner": risk.corner,
                "limit": risk.limit,
                "chance": risk.chance,
                "heat": risk.heat,
                "spin_chance": risk.spin_chance,
            }
            for risk in preview.corners
        ],
        "heat_now": preview.heat_now,
        "expected_heat": preview.expected_heat,
        "spin_chance": preview.spin_chance,
        "summary": preview.summary(),
    }
    answer["confirm"] = confirmation_reason(view, decision)
    return answer
