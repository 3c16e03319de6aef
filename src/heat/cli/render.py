"""Plain-text rendering of a seat's view, for the prompt client and logs."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from heat.engine import SeatView, track
from heat.engine.championship import SeasonView
from heat.engine.content import CardDef, card_def
from heat.engine.decisions import Decision
from heat.engine.events import Event
from heat.narrate import describe, legends_deck, legends_rules
from heat.preview import Preview, amount_text, confirmation_reason, percent_text, preview_decision


def car_line(view: SeatView, seat: int) -> str:
    """One line of public facts about a car."""
    car = view.cars[seat]
    if not car.on_track:
        place = view.hall_of_fame.index(seat) + 1
        return f"{car.name} ({car.color}): finished, place {place}"
    where = "grid" if car.lap <= 0 else f"lap {min(car.lap, view.laps)}/{view.laps}"
    if car.legend:
        return f"{car.name} ({car.color}, Legend): space {car.space} ({where})"
    top = car.discard_top or "-"
    upgrades = f", upgrades {' '.join(car.upgrades)}" if car.upgrades else ""
    return (
        f"{car.name} ({car.color}): space {car.space} ({where}), gear {car.gear}, Engine {car.engine}, "
        f"hand {car.hand_count}, deck {car.deck_count}, discard {car.discard_count} (top {top}){upgrades}"
    )


def next_corners(view: SeatView, seat: int, count: int = 2) -> list[str]:
    """The next ``count`` corners ahead of ``seat``'s car, with distance and (effective) Speed Limit."""
    board = track(view.track)
    car = view.cars[seat]
    lines = []
    space = car.space
    distance = 0
    for _ in range(count):
        corner = board.next_corner(space)
        shown = view.corners[corner.number - 1]
        distance += board.spaces_to_next_corner(space)
        limit = f"Speed Limit {shown.speed_limit}"
        if shown.speed_limit != shown.printed_limit:
            limit += f" (printed {shown.printed_limit})"
        if shown.road:
            limit += f", {shown.road}"
        lines.append(
            f"corner {corner.number}: line after space {corner.line_after}, {limit}, "
            f"{distance} space{'s' if distance != 1 else ''} to the line"
        )
        space = corner.line_after % board.spaces + 1
        distance += 1
    return lines


def conditions(view: SeatView) -> list[str]:
    """The weather and the sector tokens, if the module is on."""
    if view.weather is None:
        return []
    sectors = [f"after corner {c.number}: {c.sector_road}" for c in view.corners if c.sector_road]
    return [f"Weather: {view.weather}" + (f"; sectors: {', '.join(sectors)}" if sectors else "")]


def status(view: SeatView) -> list[str]:
    """What a player needs before a decision: positions, own car and hand, next corners."""
    assert view.seat is not None
    me = view.cars[view.seat]
    when = f"Round {view.round}" if view.round else "Before the race"
    lines = [f"{when} on {track(view.track).name}, {view.laps} lap(s). You drive {me.name} ({me.color})."]
    lines.extend(conditions(view))
    if view.draft is not None:
        draft = view.draft
        lines.append(f"Garage draft, round {draft.round} of {draft.rounds}. Market:")
        lines.extend(market_lines(draft.market))
        return lines
    if view.legends_card is not None:
        lines.append(f"Legends card this round: {view.legends_card}")
    for line in (legends_deck(view), legends_rules(view)):
        if line is not None:
            lines.append(line)
    lines.append("Positions:")
    for place, seat in enumerate(view.standings, 1):
        marker = " <- you" if seat == view.seat else ""
        lines.append(f"  {place}. {car_line(view, seat)}{marker}")
    if me.on_track:
        lines.append("Next corners: " + "; ".join(next_corners(view, view.seat)))
    lines.append(f"Your hand: {' '.join(me.hand or ()) or '(empty)'}")
    upgrades = sorted({c for c in me.hand or () if card(c).type in ("upgrade", "sponsor")})
    for card_id in upgrades:
        lines.append(f"  {card_id}: {card(card_id).describe()}")
    if view.turn is not None and view.turn.seat == view.seat:
        turn = view.turn
        extras = []
        if turn.adrenaline:
            extras.append("Adrenaline")
        if turn.boost_used:
            extras.append("boost used")
        if turn.speed_limit_adjust:
            extras.append(f"Speed Limits {turn.speed_limit_adjust:+d}")
        lines.append(
            f"Your turn: step {turn.step}, Speed {turn.speed}, in play {' '.join(me.play or ()) or '-'}"
            + (f" ({', '.join(extras)})" if extras else "")
        )
        if turn.symbols:
            lines.append("Symbols to use: " + ", ".join(f"{s} {a} from {c}" for s, a, c in turn.symbols))
        if me.discard_pile is not None:
            lines.append(f"Your discard pile (for Salvage): {' '.join(me.discard_pile) or '(empty)'}")
    return lines


def prompt_for(view: SeatView) -> str:
    """What the player is asked to do."""
    if view.phase == "draft":
        return "Garage: take one Upgrade card from the market, e.g. 'draft rpm-2'."
    if view.phase == "plan" and view.tournament:
        return (
            "Step 2 (Tournament mode): play 1 to 4 cards; their number is your new gear, e.g. 'play 3 4' "
            "('preview play 3 4' shows where they lead)."
        )
    if view.phase == "plan":
        return (
            "Steps 1-2: choose your gear and cards, e.g. 'gear 2 play 3 4' "
            "('preview gear 2 play 3 4' shows where it leads)."
        )
    assert view.turn is not None
    return {
        "choose": "Step 3: choose the Speed value of your card, e.g. 'speed 3 for brakes-13'.",
        "react": "Step 5 React: use a symbol, or 'done'.",
        "slipstream": "Step 6: 'slipstream' (+2 spaces, more with boosts: 'slipstream 3') or 'no slipstream'?",
        "discard": "Step 8: 'discard CARD ...' or 'discard nothing'.",
        "refresh": "Step 9: put Refresh cards back on your deck: 'refresh CARD' or 'refresh nothing'.",
    }.get(view.turn.step, "Decide.")


def preview_line(preview: Preview, laps: int) -> str:
    """The preview in one line of words, as the app shows it: the Speed and the chance of each
    value, where the car would stand at the end of the turn, the Heat of each corner it may
    cross, the chance of a spin-out and the Heat to expect (``heat.preview``)."""
    speeds = preview.speeds
    if len(speeds) == 1:
        parts = [f"Speed {speeds[0][0]}"]
    else:
        chances = ", ".join(f"{speed}: {percent_text(chance)}" for speed, chance in speeds)
        parts = [f"Speed {speeds[0][0]} to {speeds[-1][0]} ({chances})"]
    finished = sum(chance for _, lap, chance in preview.landing if lap > laps)
    if finished >= 1.0:
        parts.append("crosses the finish line")
    else:
        parts.append(f"lands on {_landing_words(preview.landing)}")
        if finished:
            parts.append(f"finishes {percent_text(finished)}")
    if preview.heat_now:
        parts.append(f"{preview.heat_now} Heat now")
    for risk in preview.corners:
        reach = "" if risk.chance >= 1.0 else f", reached {percent_text(risk.chance)}"
        parts.append(f"corner {risk.corner} (limit {risk.limit}{reach}): {amount_text(risk.heat)} Heat")
    parts.append(f"spin-out {percent_text(preview.spin_chance)}")
    parts.append(f"expected Heat {amount_text(preview.expected_heat)}")
    return "; ".join(parts)


def _landing_words(landing: Sequence[tuple[int, int, float]]) -> str:
    """``space 8 (lap 1)``, ``spaces 8 to 11 (lap 1)`` or ``space 68 (lap 1) to space 2 (lap 2)``."""
    (first, first_lap, _), (last, last_lap, _) = landing[0], landing[-1]

    def lap(number: int) -> str:
        return f" (lap {number})" if number > 0 else ""

    if (first, first_lap) == (last, last_lap):
        return f"space {first}{lap(first_lap)}"
    if first_lap == last_lap:
        return f"spaces {first} to {last}{lap(first_lap)}"
    return f"space {first}{lap(first_lap)} to space {last}{lap(last_lap)}"


def decision_preview(view: SeatView, decision: Decision) -> tuple[str, str | None] | None:
    """The preview of ``decision`` in words (``preview_line``) and why to confirm it before it
    is applied (``heat.preview.confirmation_reason``), or None for a decision without one."""
    preview = preview_decision(view, decision)
    if preview is None:
        return None
    return preview_line(preview, view.laps), confirmation_reason(view, decision)


def numbered(options: Sequence[Decision]) -> list[str]:
    """Options as numbered lines."""
    return [f"  {index}. {option.text()}" for index, option in enumerate(options, 1)]


def card(card_id: str) -> CardDef:
    """The definition of a card."""
    return card_def(card_id)


def narrate(events: Sequence[Event], names: Sequence[str], laps: int) -> list[str]:
    """Lines describing ``events``, skipping bookkeeping."""
    lines = []
    for event in events:
        text = describe(event, names, laps)
        if text:
            lines.append(text)
    return lines


def scorepad(view: SeasonView) -> list[str]:
    """The Championship standings as a scorepad: a row per driver, a column per race (C-24)."""
    names = [name + (" (L)" if legend else "") for name, legend in zip(view.names, view.legends, strict=True)]
    width = max(len(name) for name in names)
    columns = [track(track_id).name[:6] for track_id, _ in view.results]
    lines = [
        f"Championship {view.season}",
        "    " + f"{'Driver':<{width}}" + "".join(f"{c:>7}" for c in columns) + "  Total",
    ]
    for place, seat in enumerate(view.standings, 1):
        cells = "".join(f"{points[seat]:>7}" for _, points in view.results)
        lines.append(f"{place:>2}. {names[seat]:<{width}}{cells}{view.totals[seat]:>7}")
    return lines


def season_status(view: SeasonView, seat: int) -> list[str]:
    """Between races: the scorepad, the next event, the grid, the market and every car's upgrades."""
    lines = scorepad(view)
    lines.append(f"Race {view.race_number} of {view.races}: {track(view.track).name}. Event: {view.event_title}")
    lines.append(f"  {view.event_text}")
    lines.append("Grid: " + ", ".join(f"{place}. {view.names[s]}" for place, s in enumerate(view.grid, 1)))
    for other, cards in enumerate(view.upgrades):
        if not view.legends[other]:
            mark = " (you)" if other == seat else ""
            lines.append(f"  {view.names[other]}{mark}: {' '.join(cards) or 'no upgrades yet'}")
    if view.market:
        lines.append("Market:")
        lines.extend(market_lines(view.market))
    return lines


def market_lines(market: Sequence[str]) -> list[str]:
    """A line per kind of card on the market, with how many copies lie there when more than one
    (the market holds players + 3 cards, G-12: two copies are two cards to pick from)."""
    return [
        f"  {'' if copies == 1 else f'{copies} x '}{card_id}: {card(card_id).describe()}"
        for card_id, copies in sorted(Counter(market).items())
    ]
