"""The end of a race: the Hall of Fame (B-16), with the round each car finished in and, in a
season, the points it scored (C-24); below it, every car's statistics (``heat.stats``)."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from heat.engine import Race, to_record, track, view_of
from heat.engine import events as ev
from heat.i18n import N_
from heat.stats import by_place, race_stats, table_rows
from heat.tui.bindings import translate_bindings
from heat.tui.colors import badge
from heat.tui.race_source import GameTable
from heat.tui.replay_model import ReplayCursor
from heat.tui.screens.replay import ReplayScreen
from heat.tui.translate import _, ngettext

CONTINUE = "continue"
NEW = "new"
QUIT = "quit"
REMATCH = "rematch"


def finish_rounds(race: Race) -> dict[int, int]:
    """Seat -> the round in which it entered the Hall of Fame (from the public events)."""
    rounds: dict[int, int] = {}
    for event in race.events(None):
        if isinstance(event, ev.RoundEnded):
            for seat in event.finishers:
                rounds[seat] = event.round
    return rounds


def hall_of_fame(race: Race, table: GameTable) -> RichTable:
    """Places, drivers, finishing rounds (and points in a season)."""
    view = view_of(race, None)
    rounds = finish_rounds(race)
    points: tuple[int, ...] | None = None
    totals: tuple[int, ...] | None = None
    if table.is_season:
        season = table.season_view()
        if season.results:
            points, totals = season.results[-1][1], season.totals
    out = RichTable(box=None, padding=(0, 2, 0, 0), pad_edge=False)
    out.add_column(_("Place"), justify="right")
    out.add_column("")
    out.add_column(_("Driver"), no_wrap=True)
    out.add_column(_("Finished"))
    if points is not None:
        out.add_column(_("Points"), justify="right")
        out.add_column(_("Season"), justify="right")
    humans = set(table.humans)
    for place, seat in enumerate(view.standings, 1):
        car = view.cars[seat]
        finished = (
            _("round {round}", round=rounds[seat])
            if seat in rounds
            else _("eliminated")
            if seat in view.eliminated
            else "-"
        )
        name = Text(
            _("{name} (Legend)", name=car.name) if car.legend else car.name, style="bold" if seat in humans else ""
        )
        row: list[Text | str] = [str(place), badge(car.color), name, finished]
        if points is not None and totals is not None:
            row += [str(points[seat]), str(totals[seat])]
        out.add_row(*row)
    return out


def stats_table(race: Race, table: GameTable) -> RichTable:
    """Every car's statistics, a column per car from first to last (its mark and name, the
    humans' in bold)."""
    stats = race_stats(race)
    humans = set(table.humans)
    out = RichTable(box=None, padding=(0, 0, 0, 1), pad_edge=False, header_style="")
    out.add_column("", no_wrap=True)
    for car in by_place(stats):  # the order of the Hall of Fame
        name = Text(car.name, style="bold" if car.seat in humans else "")
        out.add_column(Text.assemble(badge(car.color), " ", name), justify="right", max_width=8)
    for label, cells in table_rows(stats):
        out.add_row(label, *cells)
    return out


class ResultsScreen(Screen[str]):
    """The Hall of Fame; closes with ``continue``, ``new``, ``quit`` or (online) ``rematch``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close('continue')", N_("Continue")),
        Binding("r", "replay", N_("Replay")),
        Binding("n", "close('new')", N_("New game")),
        Binding("m", "close('rematch')", N_("Rematch")),
        Binding("q", "close('quit')", N_("Quit")),
    ]

    def __init__(self, table: GameTable, race: Race, bindings_text: str | None = None, *, online: bool = False) -> None:
        super().__init__()
        translate_bindings(self)
        self.table = table
        self.race = race
        self.online = online
        """An online seat's results: they only leave the table (no new game from here)."""
        in_season = table.is_season
        self.bindings_text = (
            _("enter: on to the season · r: replay this race · q: quit")
            if in_season
            else _("enter: a new race · r: replay this race · q: quit")
        )
        if bindings_text is not None:
            self.bindings_text = bindings_text

    def compose(self) -> ComposeResult:
        board = track(self.race.track.id)
        laps = ngettext("{count} lap", "{count} laps", self.race.laps)
        rounds = ngettext("{count} round", "{count} rounds", self.race.round)
        title = Text.assemble(
            (_("Hall of Fame"), "bold"),
            " · " + _("{track}, {laps}, {rounds}", track=board.name, laps=laps, rounds=rounds),
        )
        with VerticalScroll(id="results"):
            yield Static(title, id="results-title")
            with Center():
                yield Static(hall_of_fame(self.race, self.table), id="hall-of-fame")
            yield Static(self.bindings_text, classes="dim")
            yield Static(Text(_("Statistics"), style="bold") + "  " + _("(↑ ↓ PgUp PgDn: scroll)"), id="stats-title")
            yield Static(stats_table(self.race, self.table), id="stats")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Online, ``n`` (a new game) is neither shown nor bound: the table belongs to the server,
        which opens a rematch instead (``m``); offline there is no rematch."""
        if action != "close":
            return True
        return parameters != ((NEW,) if self.online else (REMATCH,))

    def action_close(self, answer: str) -> None:
        """Close with ``answer``; a single race has nothing to continue to but a new one."""
        if answer == CONTINUE and not self.table.is_season:
            answer = NEW
        self.dismiss(answer)

    def action_replay(self) -> None:
        """Step through this race."""
        self.app.push_screen(ReplayScreen(ReplayCursor(to_record(self.race))))
