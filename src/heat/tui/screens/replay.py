"""The replay viewer: a race record, decision by decision, forward and backward. A race in
progress is seen as a spectator sees it (no hands); once the record's race is over nothing is
secret any more, and every hand and every draw is shown."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from heat.engine import Race, track, view_of
from heat.engine import events as ev
from heat.i18n import N_
from heat.tui.bindings import translate_bindings
from heat.tui.colors import badge
from heat.tui.helptext import replay_help
from heat.tui.replay_model import ReplayCursor
from heat.tui.screens.dialogs import HelpScreen
from heat.tui.translate import _
from heat.tui.widgets.cars_table import CarsTable
from heat.tui.widgets.race_log import RaceLog
from heat.tui.widgets.track_map import TrackMap


def every_event(race: Race) -> list[ev.Event]:
    """The log with every car's draws: each event as the car it belongs to saw it."""
    seats = range(len(race.cars))
    own = {seat: race.events(seat) for seat in seats}
    return [own[event.seat][i] if event.seat in own else event for i, event in enumerate(race.events(None))]


def hands_text(race: Race) -> Text:
    """Every car's hand, a line each (Legends have none)."""
    out = Text(_("Hands (the race is over: nothing is secret)"), style="bold")
    for car in view_of(race, None).cars:
        if car.legend:
            continue
        hand = view_of(race, car.seat).cars[car.seat].hand or ()
        out.append("\n")
        out.append_text(badge(car.color))
        out.append(" " + _("{name}: ", name=car.name), "bold")
        out.append(" ".join(hand) or "-")
    return out


class ReplayScreen(Screen[None]):
    """Step through ``cursor``'s record."""

    AUTO_FOCUS = None

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n", "step(1)", N_("Next")),
        Binding("left,p", "step(-1)", N_("Back")),
        Binding("pagedown,right_square_bracket", "round(1)", N_("Next round")),
        Binding("pageup,left_square_bracket", "round(-1)", N_("Round back")),
        Binding("home", "go('start')", N_("Start"), show=False),
        Binding("end", "go('end')", N_("End"), show=False),
        Binding("question_mark", "help", N_("Help")),
        Binding("escape,q", "close", N_("Close")),
    ]

    def __init__(self, cursor: ReplayCursor) -> None:
        super().__init__()
        translate_bindings(self)
        self.cursor = cursor
        self.open_book = cursor.race_at(cursor.length).is_over
        """The record's race is over: every hand and draw is shown at every step."""

    def compose(self) -> ComposeResult:
        yield Static(id="replay-status")
        yield TrackMap(id="map")
        with Horizontal(id="replay-body"):
            with Vertical(id="replay-left"):
                yield CarsTable(id="replay-cars")
                yield Static(id="replay-hands")
            yield RaceLog(id="replay-log")
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Draw the race at the cursor."""
        cursor = self.cursor
        race = cursor.race()
        view = view_of(race, None)
        names = [car.name for car in race.cars]
        status = Text.assemble(
            (_("Replay"), "bold reverse"),
            f" · {track(view.track).name} · "
            + _("decision {number} of {count}", number=cursor.position, count=cursor.length)
            + " · "
            + _("round {round}", round=view.round),
        )
        last = cursor.last_decision()
        if last is not None:
            status.append(f" · {names[last[0]]}: {last[1].text()}", "bold")
        if race.is_over:
            status.append(" · " + _("race over"), "green")
        self.query_one("#replay-status", Static).update(status)
        self.query_one(TrackMap).show(view, None)
        self.query_one(CarsTable).show(view, None)
        events = every_event(race) if self.open_book else race.events(None)
        self.query_one(RaceLog).show(cursor, events, names, race.laps, None)
        self.query_one("#replay-hands", Static).update(hands_text(race) if self.open_book else "")

    def action_step(self, count: int) -> None:
        """Forward or back ``count`` decisions."""
        if self.cursor.step(count):
            self.redraw()

    def action_round(self, direction: int) -> None:
        """To the next round, or back to the start of this one."""
        moved = self.cursor.next_round() if direction > 0 else self.cursor.previous_round()
        if moved:
            self.redraw()

    def action_go(self, where: str) -> None:
        """To the start or the end of the record."""
        self.cursor.go(0 if where == "start" else self.cursor.length)
        self.redraw()

    def action_help(self) -> None:
        """The replay keys."""
        self.app.push_screen(HelpScreen(replay_help()))

    def action_close(self) -> None:
        """Back to where the replay was opened from (or quit if it was opened alone)."""
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
