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

from collections.abc import Iterator

from svgtext import svg_lines
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import OptionList, Static

from heat.engine import Discard, Plan, Race, view_of
from heat.engine import events as ev
from heat.engine.decisions import Salvage
from heat.narrate import describe
from heat.tui.app import HeatApp
from heat.tui.screens.handoff import HandoffScreen
from heat.tui.screens.pick import PickScreen
from heat.tui.screens.race import RaceScreen
from heat.tui.widgets.hand import chip
from heat.tui.widgets.race_log import RaceLog

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


def secrets_of(race: Race, seat: int) -> set[str]:
    """The texts the app writes of ``seat``'s hidden cards, as it would show them to that seat."""
    view = view_of(race, seat)
    me = view.me
    assert me is not None
    texts: set[str] = set()
    hand = me.hand or ()
    if len(hand) >= 2:
        texts.add((chip(0, hand[0]) + " " + chip(1, hand[1])).strip())
    names = [car.name for car in race.cars]
    for event in race.events(seat):
        if isinstance(event, ev.Drew) and event.cards:
            texts.add(describe(event, names, race.laps) or "")
    others = view_of(race, None).cars[seat]
    if me.plan is not None:  # committed, not revealed (OQ-B-17)
        texts.add(me.plan)
    elif others.play is None and others.play_count:  # played face down (B-2.3)
        plan = _last_plan(race, seat)
        if plan is not None:
            texts.add(plan.text())
    if seat in race.to_decide():
        for decision in race.legal_decisions(seat):
            if isinstance(decision, Plan | Discard | Salvage) and decision.cards:
                texts.add(decision.text())
    if me.discard_pile:
        texts.add("Discard pile: " + " ".join(me.discard_pile))
    texts.discard("")
    return texts


def hidden_texts(race: Race | None, viewer: int | None) -> set[str]:
    """The texts of other seats' secrets that a screen for ``viewer`` (None or NOBODY: nobody's)
    must not show; those that the viewer's own secrets or decisions also produce (two cars may
    play the same cards) are left out."""
    if race is None:
        return set()
    hidden: set[str] = set()
    for car in race.cars:
        if car.seat != viewer and not car.legend:
            hidden |= secrets_of(race, car.seat)
    if viewer is not None and viewer != NOBODY:
        hidden -= secrets_of(race, viewer)
        hidden -= {decision.text() for seat, decision in race.decisions if seat == viewer}
    return hidden


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


def leaks(app: HeatApp, viewer: int | None) -> list[tuple[str, str]]:
    """(secret, where it shows) for every other seat's secret on the screen for ``viewer``."""
    table = app.table
    hidden = hidden_texts(table.race if table is not None else None, viewer)
    if not hidden:
        return []
    return [(secret, text) for text in shown_texts(app) for secret in hidden if secret in text]


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
