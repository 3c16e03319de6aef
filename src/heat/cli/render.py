"""Plain-text rendering of a seat's view, for the prompt client and logs."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from heat.card_words import card_words
from heat.engine import SeatView, track
from heat.engine.content import CardDef, card_def
from heat.engine.decisions import Decision
from heat.engine.events import Event
from heat.i18n import N_, _, ngettext
from heat.narrate import describe, legends_deck, legends_rules, road_words, symbol_words, weather_words
from heat.preview import Preview, amount_text, confirmation_reason, percent_text, preview_decision

if TYPE_CHECKING:  # the season code loads only for a season (issue 28)
    from heat.engine.championship import SeasonView


def car_line(view: SeatView, seat: int) -> str:
    """One line of public facts about a car."""
    car = view.cars[seat]
    if not car.on_track:
        place = view.hall_of_fame.index(seat) + 1
        return _("{name} ({color}): finished, place {place}", name=car.name, color=car.color, place=place)
    where = _("grid") if car.lap <= 0 else _("lap {lap}/{laps}", lap=min(car.lap, view.laps), laps=view.laps)
    if car.legend:
        return _(
            "{name} ({color}, Legend): space {space} ({where})",
            name=car.name,
            color=car.color,
            space=car.space,
            where=where,
        )
    line = _(
        "{name} ({color}): space {space} ({where}), gear {gear}, Engine {engine}, "
        "hand {hand}, deck {deck}, discard {discard} (top {top})",
        name=car.name,
        color=car.color,
        space=car.space,
        where=where,
        gear=car.gear,
        engine=car.engine,
        hand=car.hand_count,
        deck=car.deck_count,
        discard=car.discard_count,
        top=car.discard_top or "-",
    )
    return _("{car}, upgrades {cards}", car=line, cards=" ".join(car.upgrades)) if car.upgrades else line


def next_corners(view: SeatView, seat: int, count: int = 2) -> list[str]:
    """The next ``count`` corners ahead of ``seat``'s car, with distance and (effective) Speed Limit."""
    board = track(view.track)
    car = view.cars[seat]
    lines = []
    space = car.space
    distance = 0
    for _corner in range(count):
        corner = board.next_corner(space)
        shown = view.corners[corner.number - 1]
        distance += board.spaces_to_next_corner(space)
        limit = _("Speed Limit {limit}", limit=shown.speed_limit)
        if shown.speed_limit != shown.printed_limit:
            limit = _("{limit} (printed {printed})", limit=limit, printed=shown.printed_limit)
        if shown.road:
            limit = f"{limit}, {road_words(shown.road)}"
        to_line = ngettext("{count} space to the line", "{count} spaces to the line", distance)
        lines.append(
            _(
                "corner {corner}: line after space {space}, {limit}, {distance}",
                corner=corner.number,
                space=corner.line_after,
                limit=limit,
                distance=to_line,
            )
        )
        space = corner.line_after % board.spaces + 1
        distance += 1
    return lines


def conditions(view: SeatView) -> list[str]:
    """The weather and the sector tokens, if the module is on."""
    if view.weather is None:
        return []
    sectors = [
        _("after corner {corner}: {token}", corner=c.number, token=road_words(c.sector_road))
        for c in view.corners
        if c.sector_road
    ]
    weather = _("Weather: {weather}", weather=weather_words(view.weather))
    return [_("{weather}; sectors: {sectors}", weather=weather, sectors=", ".join(sectors)) if sectors else weather]


def status(view: SeatView) -> list[str]:
    """What a player needs before a decision: positions, own car and hand, next corners."""
    assert view.seat is not None
    me = view.cars[view.seat]
    laps = ngettext("{count} lap", "{count} laps", view.laps)
    where = track(view.track).name
    lines = [
        _("Round {round} on {track}, {laps}.", round=view.round, track=where, laps=laps)
        if view.round
        else _("Before the race on {track}, {laps}.", track=where, laps=laps)
    ]
    lines[0] += " " + _("You drive {name} ({color}).", name=me.name, color=me.color)
    lines.extend(conditions(view))
    if view.draft is not None:
        draft = view.draft
        lines.append(_("Garage draft, round {round} of {rounds}. Market:", round=draft.round, rounds=draft.rounds))
        lines.extend(market_lines(draft.market))
        return lines
    if view.legends_card is not None:
        lines.append(_("Legends card this round: {card}", card=view.legends_card))
    for line in (legends_deck(view), legends_rules(view)):
        if line is not None:
            lines.append(line)
    lines.append(_("Positions:"))
    for place, seat in enumerate(view.standings, 1):
        marker = " " + _("<- you") if seat == view.seat else ""
        lines.append(f"  {place}. {car_line(view, seat)}{marker}")
    if me.on_track:
        lines.append(_("Next corners: {corners}", corners="; ".join(next_corners(view, view.seat))))
    lines.append(_("Your hand: {cards}", cards=" ".join(me.hand or ()) or _("(empty)")))
    upgrades = sorted({c for c in me.hand or () if card(c).type in ("upgrade", "sponsor")})
    for card_id in upgrades:
        lines.append(f"  {card_id}: {card_words(card(card_id))}")
    if view.turn is not None and view.turn.seat == view.seat:
        turn = view.turn
        extras = []
        if turn.adrenaline:
            extras.append(_("Adrenaline"))
        if turn.boost_used:
            extras.append(_("boost used"))
        if turn.speed_limit_adjust:
            extras.append(_("Speed Limits {amount}", amount=f"{turn.speed_limit_adjust:+d}"))
        line = _(
            "Your turn: step {step}, Speed {speed}, in play {cards}",
            step=turn.step,
            speed=turn.speed,
            cards=" ".join(me.play or ()) or "-",
        )
        lines.append(f"{line} ({', '.join(extras)})" if extras else line)
        if turn.symbols:
            symbols = ", ".join(
                _("{symbol} {amount} from {card}", symbol=symbol_words(s), amount=a, card=c) for s, a, c in turn.symbols
            )
            lines.append(_("Symbols to use: {symbols}", symbols=symbols))
        if me.discard_pile is not None:
            pile = " ".join(me.discard_pile) or _("(empty)")
            lines.append(_("Your discard pile (for Salvage): {cards}", cards=pile))
    return lines


STEP_PROMPTS = {
    "choose": N_("Step 3: choose the Speed value of your card, e.g. 'speed 3 for brakes-13'."),
    "react": N_("Step 5 React: use a symbol, or 'done'."),
    "slipstream": N_("Step 6: 'slipstream' (+2 spaces, more with boosts: 'slipstream 3') or 'no slipstream'?"),
    "discard": N_("Step 8: 'discard CARD ...' or 'discard nothing'."),
    "refresh": N_("Step 9: put Refresh cards back on your deck: 'refresh CARD' or 'refresh nothing'."),
}
"""What the player is asked at each step of a turn (translated where it is shown)."""


def prompt_for(view: SeatView) -> str:
    """What the player is asked to do."""
    if view.phase == "draft":
        return _("Garage: take one Upgrade card from the market, e.g. 'draft rpm-2'.")
    if view.phase == "plan" and view.tournament:
        return _(
            "Step 2 (Tournament mode): play 1 to 4 cards; their number is your new gear, e.g. 'play 3 4' "
            "('preview play 3 4' shows where they lead)."
        )
    if view.phase == "plan":
        return _(
            "Steps 1-2: choose your gear and cards, e.g. 'gear 2 play 3 4' "
            "('preview gear 2 play 3 4' shows where it leads)."
        )
    assert view.turn is not None
    return _(STEP_PROMPTS.get(view.turn.step, N_("Decide.")))


def preview_line(preview: Preview, laps: int) -> str:
    """The preview in one line of words, as the app shows it: the Speed and the chance of each
    value, where the car would stand at the end of the turn, the Heat of each corner it may
    cross, the chance of a spin-out and the Heat to expect (``heat.preview``)."""
    speeds = preview.speeds
    if len(speeds) == 1:
        parts = [_("Speed {speed}", speed=speeds[0][0])]
    else:
        chances = ", ".join(f"{speed}: {percent_text(chance)}" for speed, chance in speeds)
        parts = [_("Speed {low} to {high} ({chances})", low=speeds[0][0], high=speeds[-1][0], chances=chances)]
    finished = sum(chance for _lap, lap, chance in preview.landing if lap > laps)
    if finished >= 1.0:
        parts.append(_("crosses the finish line"))
    else:
        parts.append(_("lands on {where}", where=_landing_words(preview.landing)))
        if finished:
            parts.append(_("finishes {chance}", chance=percent_text(finished)))
    if preview.heat_now:
        parts.append(_("{heat} Heat now", heat=preview.heat_now))
    for risk in preview.corners:
        heat = amount_text(risk.heat)
        if risk.chance >= 1.0:
            parts.append(
                _("corner {corner} (limit {limit}): {heat} Heat", corner=risk.corner, limit=risk.limit, heat=heat)
            )
        else:
            parts.append(
                _(
                    "corner {corner} (limit {limit}, reached {chance}): {heat} Heat",
                    corner=risk.corner,
                    limit=risk.limit,
                    chance=percent_text(risk.chance),
                    heat=heat,
                )
            )
    parts.append(_("spin-out {chance}", chance=percent_text(preview.spin_chance)))
    parts.append(_("expected Heat {heat}", heat=amount_text(preview.expected_heat)))
    return "; ".join(parts)


def _landing_words(landing: Sequence[tuple[int, int, float]]) -> str:
    """``space 8 (lap 1)``, ``spaces 8 to 11 (lap 1)`` or ``space 68 (lap 1) to space 2 (lap 2)``."""
    (first, first_lap, _chance), (last, last_lap, _chance) = landing[0], landing[-1]

    def space(number: int, lap: int) -> str:
        return _("space {space} (lap {lap})", space=number, lap=lap) if lap > 0 else _("space {space}", space=number)

    if (first, first_lap) == (last, last_lap):
        return space(first, first_lap)
    if first_lap == last_lap:
        spaces = _("spaces {first} to {last}", first=first, last=last)
        return _("{spaces} (lap {lap})", spaces=spaces, lap=first_lap) if first_lap > 0 else spaces
    return _("{start} to {end}", start=space(first, first_lap), end=space(last, last_lap))


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
    driver, total = _("Driver"), _("Total")
    width = max(len(name) for name in [*names, driver])
    columns = [track(track_id).name[:6] for track_id, _points in view.results]
    lines = [
        _("Championship {season}", season=view.season),
        "    " + f"{driver:<{width}}" + "".join(f"{c:>7}" for c in columns) + f"{total:>7}",
    ]
    for place, seat in enumerate(view.standings, 1):
        cells = "".join(f"{points[seat]:>7}" for _, points in view.results)
        lines.append(f"{place:>2}. {names[seat]:<{width}}{cells}{view.totals[seat]:>7}")
    return lines


def season_status(view: SeasonView, seat: int) -> list[str]:
    """Between races: the scorepad, the next event, the grid, the market and every car's upgrades."""
    lines = scorepad(view)
    lines.append(
        _(
            "Race {race} of {races}: {track}. Event: {event}",
            race=view.race_number,
            races=view.races,
            track=track(view.track).name,
            event=_(view.event_title),
        )
    )
    lines.append(f"  {_(view.event_text)}")
    lines.append(_("Grid: {cars}", cars=", ".join(f"{place}. {view.names[s]}" for place, s in enumerate(view.grid, 1))))
    for other, cards in enumerate(view.upgrades):
        if not view.legends[other]:
            name = _("{name} (you)", name=view.names[other]) if other == seat else view.names[other]
            lines.append(f"  {name}: {' '.join(cards) or _('no upgrades yet')}")
    if view.market:
        lines.append(_("Market:"))
        lines.extend(market_lines(view.market))
    return lines


def market_lines(market: Sequence[str]) -> list[str]:
    """A line per kind of card on the market, with how many copies lie there when more than one
    (the market holds players + 3 cards, G-12: two copies are two cards to pick from)."""
    return [
        f"  {'' if copies == 1 else f'{copies} x '}{card_id}: {card_words(card(card_id))}"
        for card_id, copies in sorted(Counter(market).items())
    ]
