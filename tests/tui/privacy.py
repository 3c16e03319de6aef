"""What a hot-seat screen must never show: the text the app would write of another seat's hidden
cards, and anything left of the player who had the keyboard before a handoff.

``hidden_texts`` derives, from the race itself, the strings the app writes of one seat's secrets
(its hand as the hand bar draws it, its draws as the log tells them to that seat, its plan before
the reveal, the decisions it may take that name hidden cards, its discard pile during a Salvage),
and keeps those that the viewer's own secrets do not also produce; ``shown_texts`` is everything
on the screen, both as the terminal shows it and widget by widget (unwrapped, so that a text
split over two lines, or beside another column, is still found).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from svgtext import svg_lines
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import OptionList, Static

from heat.engine import Discard, Plan, Race, SeatView, view_of
from heat.engine import events as ev
from heat.engine.decisions import Salvage
from heat.narrate import describe
from heat.tui.app import HeatApp
from heat.tui.screens.handoff import HandoffScreen
from heat.tui.screens.pick import PickScreen
from heat.tui.screens.race import RaceScreen
from heat.tui.widgets.hand import chip
from heat.tui.widgets.race_log import RaceLog

COUNTED_DRAW = re.compile(r"\d+ cards?")
"""What the log says of another seat's draw after "NAME draws ": how many cards, never which."""

NOBODY = -1
"""The keyboard holder while the handoff screen shows: nobody may see any secret then."""


def keyboard_holder(app: HeatApp) -> int | None:
    """The seat whose player holds the keyboard (NOBODY during a handoff, None before any)."""
    if isinstance(app.screen, HandoffScreen):
        return NOBODY
    return app.viewer


def _last_plan(race: Race, seat: int) -> Plan | None:
    for who, decision in reversed(race.decisions):
        if who == seat and isinstance(decision, Plan):
            return decision
    return None


def chips_text(hand: tuple[str, ...]) -> str | None:
    """The first two cards of ``hand`` as the hand bar draws them (None for fewer)."""
    return (chip(0, hand[0]) + " " + chip(1, hand[1])).strip() if len(hand) >= 2 else None


def secrets_of(race: Race, seat: int) -> dict[str, tuple[str, ...] | None]:
    """The texts the app writes of ``seat``'s hidden cards, as it would show them to that seat;
    for the texts of decisions, the cards they name."""
    view = view_of(race, seat)
    me = view.me
    assert me is not None
    texts: dict[str, tuple[str, ...] | None] = {}
    chips = chips_text(me.hand or ())
    if chips:
        texts[chips] = None
    names = [car.name for car in race.cars]
    for event in race.events(seat):
        if isinstance(event, ev.Drew) and event.cards:
            texts[describe(event, names, race.laps) or ""] = None
    others = view_of(race, None).cars[seat]
    plan = _last_plan(race, seat)
    if me.plan is not None:  # committed, not revealed (OQ-B-17)
        texts[me.plan] = plan.cards if plan is not None else None
    elif others.play is None and others.play_count and plan is not None:  # played face down (B-2.3)
        texts[plan.text()] = plan.cards
    if seat in race.to_decide():
        for decision in race.legal_decisions(seat):
            if isinstance(decision, Plan | Discard | Salvage) and decision.cards:
                texts[decision.text()] = decision.cards
    if me.discard_pile:
        texts["Discard pile: " + " ".join(me.discard_pile)] = None
    texts.pop("", None)
    return texts


def _within(cards: tuple[str, ...], hand: tuple[str, ...]) -> bool:
    return not Counter(cards) - Counter(hand)


def hidden_texts(race: Race | None, viewer: int | None, shown: tuple[SeatView, ...] = ()) -> set[str]:
    """The texts of other seats' secrets that a screen for ``viewer`` (None or NOBODY: nobody's)
    must not show. Left out: those that the viewer's own secrets or decisions produce too (two
    cars may play the same cards), a plan or discard made of cards the viewer holds (a selection
    of theirs the engine refuses reads the same), and the first cards of a hand the viewer's
    screen may show (``shown``: the viewer's view with React choices held back)."""
    if race is None:
        return set()
    hidden: dict[str, tuple[str, ...] | None] = {}
    for car in race.cars:
        if car.seat != viewer and not car.legend:
            hidden.update(secrets_of(race, car.seat))
    if viewer is None or viewer == NOBODY:
        return set(hidden)
    own = set(secrets_of(race, viewer)) | {decision.text() for seat, decision in race.decisions if seat == viewer}
    hands = [view_of(race, viewer).me.hand or ()]  # type: ignore[union-attr]
    hands += [view.me.hand or () for view in shown if view.me is not None]
    own |= {text for text in map(chips_text, hands) if text}
    return {
        text
        for text, cards in hidden.items()
        if text not in own and not (cards is not None and any(_within(cards, hand) for hand in hands))
    }


def _displayed(widget: Widget) -> bool:
    return all(node.display for node in widget.ancestors_with_self if isinstance(node, Widget))


def visible_screens(app: HeatApp) -> list[Screen[object]]:
    """The screens drawn now: the top one and, under dialogs, the ones they cover in part."""
    shown: list[Screen[object]] = []
    for screen in reversed(app.screen_stack):
        shown.append(screen)
        if not isinstance(screen, ModalScreen):
            break
    return shown


def widget_texts(screen: Screen[object]) -> Iterator[str]:
    """The text of every widget shown on ``screen``, unwrapped: option lists' options, the log's
    lines as written, every other widget's render."""
    for widget in screen.walk_children(Widget):
        if not _displayed(widget):
            continue
        if isinstance(widget, OptionList):
            yield from (str(widget.get_option_at_index(i).prompt) for i in range(widget.option_count))
        elif isinstance(widget, RaceLog):
            yield from widget.entries_text
        elif isinstance(widget, Static) or type(widget).render is not Widget.render:
            rendered = widget.render()
            yield rendered.plain if hasattr(rendered, "plain") else str(rendered)


def shown_texts(app: HeatApp) -> list[str]:
    """Everything on the screen: the terminal's lines, then each widget's whole text."""
    texts = svg_lines(app.export_screenshot())
    for screen in visible_screens(app):
        texts.extend(widget_texts(screen))
    return texts


def shows(text: str, secret: str) -> bool:
    """Does ``text`` hold ``secret`` whole: not inside a longer word, nor as the start of a longer
    list of cards (``gear 1 play 1`` is not in ``gear 1 play 1 sp-rpm``)."""
    pattern = r"(?<![\w-])" + re.escape(secret) + r"(?![\w-])(?! [\w-])"
    return re.search(pattern, text) is not None


def leaks(app: HeatApp, viewer: int | None) -> list[tuple[str, str]]:
    """(secret, where it shows) for every other seat's secret on the screen for ``viewer``."""
    table = app.table
    shown = tuple(
        screen.current_view()
        for screen in visible_screens(app)
        if isinstance(screen, RaceScreen) and screen.viewer == viewer and viewer is not None
    )
    hidden = hidden_texts(table.race if table is not None else None, viewer, shown)
    if not hidden:
        return []
    return [(secret, text) for text in shown_texts(app) for secret in hidden if shows(text, secret)]


def message_line(screen: Screen[object]) -> str:
    """The text of a main screen's message line."""
    return str(screen.query_one("#message", Static).render())


def check_fresh_after_handoff(app: HeatApp, seat: int) -> None:
    """Right after the keyboard passed to ``seat`` (no key typed since): no dialog is open, the
    message line is empty, and the question is drawn from scratch (no card picked, the car's own
    gear, the first option highlighted)."""
    assert not any(isinstance(s, ModalScreen) for s in app.screen_stack), "a dialog survived the handoff"
    screen = app.screen
    assert isinstance(screen, RaceScreen | PickScreen)
    assert message_line(screen) == "", f"the message line survived the handoff: {message_line(screen)!r}"
    assert screen.seat == seat
    if isinstance(screen, RaceScreen):
        assert screen.viewer == seat
        selection = screen.selection
        if selection is not None:
            me = screen.current_view().me
            assert me is not None
            assert selection.cards == () and selection.cursor == 0
            if screen.mode == "plan":
                assert selection.gear == me.gear
        menu = screen.query_one("#options", OptionList)
    else:
        menu = screen.query_one(OptionList)
    if menu.option_count:
        assert menu.highlighted == 0
