"""Plain-text rendering of a seat's view, for the prompt client and logs."""

from __future__ import annotations

from collections.abc import Sequence

from heat.engine import SeatView, track
from heat.engine.decisions import Decision
from heat.engine.events import Event
from heat.narrate import describe


def car_line(view: SeatView, seat: int) -> str:
    """One line of public facts about a car."""
    car = view.cars[seat]
    if not car.on_track:
        place = view.hall_of_fame.index(seat) + 1
        return f"{car.name} ({car.color}): finished, place {place}"
    where = "grid" if car.lap <= 0 else f"lap {min(car.lap, view.laps)}/{view.laps}"
    top = car.discard_top or "-"
    return (
        f"{car.name} ({car.color}): space {car.space} ({where}), gear {car.gear}, Engine {car.engine}, "
        f"hand {car.hand_count}, deck {car.deck_count}, discard {car.discard_count} (top {top})"
    )


def next_corners(view: SeatView, seat: int, count: int = 2) -> list[str]:
    """The next ``count`` corners ahead of ``seat``'s car, with distance and Speed Limit."""
    board = track(view.track)
    car = view.cars[seat]
    lines = []
    space = car.space
    distance = 0
    for _ in range(count):
        corner = board.next_corner(space)
        distance += board.spaces_to_next_corner(space)
        lines.append(
            f"corner {corner.number}: line after space {corner.line_after}, Speed Limit {corner.speed_limit}, "
            f"{distance} space{'s' if distance != 1 else ''} to the line"
        )
        space = corner.line_after % board.spaces + 1
        distance += 1
    return lines


def status(view: SeatView) -> list[str]:
    """What a player needs before a decision: positions, own car and hand, next corners."""
    assert view.seat is not None
    me = view.cars[view.seat]
    lines = [f"Round {view.round} on {track(view.track).name}, {view.laps} lap(s). You drive {me.name} ({me.color})."]
    lines.append("Positions:")
    for place, seat in enumerate(view.standings, 1):
        marker = " <- you" if seat == view.seat else ""
        lines.append(f"  {place}. {car_line(view, seat)}{marker}")
    if me.on_track:
        lines.append("Next corners: " + "; ".join(next_corners(view, view.seat)))
    lines.append(f"Your hand: {' '.join(me.hand or ()) or '(empty)'}")
    if view.turn is not None and view.turn.seat == view.seat:
        turn = view.turn
        extras = []
        if turn.adrenaline:
            extras.append("Adrenaline")
        if turn.boost_used:
            extras.append("boost used")
        lines.append(
            f"Your turn: step {turn.step}, Speed {turn.speed}, in play {' '.join(me.play or ()) or '-'}"
            + (f" ({', '.join(extras)})" if extras else "")
        )
    return lines


def prompt_for(view: SeatView) -> str:
    """What the player is asked to do."""
    if view.phase == "plan":
        return "Steps 1-2: choose your gear and cards, e.g. 'gear 2 play 3 4'."
    assert view.turn is not None
    return {
        "react": "Step 5 React: use a symbol, or 'done'.",
        "slipstream": "Step 6: 'slipstream' (+2 spaces) or 'no slipstream'?",
        "discard": "Step 8: 'discard CARD ...' or 'discard nothing'.",
    }.get(view.turn.step, "Decide.")


def numbered(options: Sequence[Decision]) -> list[str]:
    """Options as numbered lines."""
    return [f"  {index}. {option.text()}" for index, option in enumerate(options, 1)]


def narrate(events: Sequence[Event], names: Sequence[str], laps: int) -> list[str]:
    """Lines describing ``events``, skipping bookkeeping."""
    lines = []
    for event in events:
        text = describe(event, names, laps)
        if text:
            lines.append(text)
    return lines
