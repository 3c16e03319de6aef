"""The season hub between races: the standings table (the scorepad, C-24), the next event, the
grid, every car's Upgrade cards, and the decision of the moment: a card from the market (C-15),
the last player's swap (C-16) or the card kept for the next season of a GOAT run (C-44)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Footer, OptionList, Static

from heat.engine import Decision, track
from heat.engine.championship import SeasonView
from heat.engine.decisions import Draft, Keep, Swap
from heat.i18n import N_
from heat.tui.helptext import help_text
from heat.tui.screens.dialogs import HelpScreen
from heat.tui.screens.pick import PickScreen
from heat.tui.translate import _, ngettext
from heat.tui.widgets.hand import describe
from heat.tui.widgets.option_menu import OptionMenu
from heat.tui.words import SEASON_WORDS

PROMPTS = {
    "build": N_("Build your car: take one Upgrade card from the market (C-15)."),
    "swap": N_("You are last on the grid: swap one of your cards for a leftover, or not (C-16)."),
    "keep": N_("Keep one Upgrade card for the next season (C-44)."),
    "over": N_("The season is over. q quits."),
}
"""The question of each phase of the season hub."""


TRACK_WIDTH = 8
"""A track's name is cut to this many cells over its column of the scorepad."""


def scorepad(view: SeasonView, viewer: int | None) -> RichTable:
    """Drivers by standing, a column of points per race so far, the total."""
    table = RichTable(box=None, padding=(0, 1, 0, 0), pad_edge=False, title_justify="left")
    table.add_column("#", justify="right")
    table.add_column(_("Driver"), no_wrap=True)
    for track_id, _points in view.results:
        table.add_column(track(track_id).name[:TRACK_WIDTH], justify="right")
    table.add_column(_("Total"), justify="right", style="bold")
    for place, seat in enumerate(view.standings, 1):
        name = _("{name} (L)", name=view.names[seat]) if view.legends[seat] else view.names[seat]
        cells = [str(points[seat]) for _, points in view.results]
        table.add_row(
            str(place), Text(name, style="bold reverse" if seat == viewer else ""), *cells, str(view.totals[seat])
        )
    return table


def event_lines(view: SeasonView, viewer: int | None) -> Group:
    """The next event, the grid and every car's Upgrade cards (the champion once it is over)."""
    lines: list[Text | RichTable] = []
    if view.phase == "over":
        lines.append(Text(_("Season over. Champion: {name}", name=view.names[view.standings[0]]), style="bold green"))
    else:
        lines.append(
            Text.assemble(
                (
                    _(
                        "Race {race} of {races}: {track}",
                        race=view.race_number,
                        races=view.races,
                        track=track(view.track).name,
                    ),
                    "bold",
                ),
                f" · {_(view.event_title)}",
            )
        )
        lines.append(Text(_(view.event_text), style="italic"))
        grid = ", ".join(f"{place}. {view.names[seat]}" for place, seat in enumerate(view.grid, 1))
        lines.append(Text.assemble((_("Grid: "), "bold"), grid))
    cars = RichTable(box=None, padding=(0, 1, 0, 0), pad_edge=False, show_header=False)
    cars.add_column(_("Driver"), no_wrap=True)
    cars.add_column(_("Upgrades"), overflow="fold")
    for seat, cards in enumerate(view.upgrades):
        if view.legends[seat]:
            continue
        count = view.sponsor_cards[seat]
        sponsors = " " + ngettext("+ {count} Sponsorship", "+ {count} Sponsorships", count) if count else ""
        cars.add_row(
            Text(view.names[seat], style="bold" if seat == viewer else ""), (" ".join(cards) or "-") + sponsors
        )
    lines.append(Text(_("Upgrade cards:"), style="bold"))
    lines.append(cars)
    return Group(*lines)


def option_text(decision: Decision) -> str:
    """An option with the card it takes described."""
    if isinstance(decision, Draft):
        return _("take {card}", card=describe(decision.card))
    if isinstance(decision, Swap) and decision.take:
        return _("swap {given} for {card}", given=decision.give, card=describe(decision.take))
    if isinstance(decision, Keep):
        return _("keep {card}", card=describe(decision.card))
    return decision.text()


class SeasonScreen(PickScreen):
    """The championship between races."""

    MENU = "#season-options"

    def compose(self) -> ComposeResult:
        yield Static(id="season-title")
        with VerticalScroll(id="season-info"):
            yield Static(id="scorepad")
            yield Static(id="event")
        yield Static(id="season-prompt")
        yield OptionMenu(id="season-options")
        yield Static(id="card-help")
        yield Static(id="message")
        yield Footer()

    def option_label(self, decision: Decision) -> str:
        return option_text(decision)

    def market(self) -> tuple[str, ...]:
        return self.table.season_view().market

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Draw the season as it stands."""
        view = self.table.season_view()
        title = Text(_("Championship {season}", season=_(SEASON_WORDS.get(view.season, view.season))), style="bold")
        if view.phase != "over":
            title.append(" · " + _("race {race} of {races}", race=view.race_number, races=view.races))
        self.query_one("#season-title", Static).update(title)
        self.query_one("#scorepad", Static).update(scorepad(view, self.seat))
        self.query_one("#event", Static).update(event_lines(view, self.seat))
        prompt = _(PROMPTS[view.phase]) if view.phase in PROMPTS else ""
        if self.seat is not None:
            prompt = _("{name}: {question}", name=view.names[self.seat], question=prompt)
        self.query_one("#season-prompt", Static).update(Text(prompt, style="bold"))
        self.show_options()

    def ask(self, seat: int) -> None:
        """``seat`` decides now."""
        self.seat = seat
        self.options = self.table.legal(seat)
        self.redraw()

    @on(OptionList.OptionSelected, "#season-options")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.pick(event.option_index)

    def action_help(self) -> None:
        """Keys and the rules of this step."""
        phase = self.table.season_view().phase
        self.app.push_screen(HelpScreen(help_text(phase, cards=False)))
