"""The Garage draft before a race (G-11 to G-16): the market, the order of the picks, every
car's Upgrade cards so far; the player picks a card from the market."""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, OptionList, Static

from heat.engine import Decision, SeatView
from heat.engine.decisions import Draft
from heat.tui.colors import badge
from heat.tui.helptext import help_text
from heat.tui.screens.dialogs import HelpScreen
from heat.tui.screens.pick import PickScreen
from heat.tui.translate import _
from heat.tui.widgets.hand import describe
from heat.tui.widgets.option_menu import OptionMenu


def picks_table(view: SeatView, viewer: int | None) -> RichTable:
    """Each car with its Upgrade cards so far, in the order of this round's picks."""
    draft = view.draft
    table = RichTable(box=None, padding=(0, 1, 0, 0), show_header=True, pad_edge=False)
    table.add_column("")
    table.add_column(_("Driver"), no_wrap=True)
    table.add_column(_("Upgrades"), overflow="fold")
    order = draft.order if draft is not None else tuple(range(len(view.cars)))
    for seat in order:
        car = view.cars[seat]
        mark = "▶" if draft is not None and seat == draft.picking else ""
        name = Text(car.name, style="bold" if seat == viewer else "")
        table.add_row(Text.assemble(mark, badge(car.color, mine=seat == viewer)), name, " ".join(car.upgrades) or "-")
    return table


class DraftScreen(PickScreen):
    """Pick Upgrade cards for the race."""

    MENU = "#market"

    def compose(self) -> ComposeResult:
        yield Static(id="draft-title")
        with Horizontal(id="draft-body"):
            with Vertical(id="draft-market"):
                yield Static(_("Market (1-9 or enter: take a card)"), classes="section")
                yield OptionMenu(id="market")
                yield Static(id="card-help")
            with Vertical(id="draft-picks"):
                yield Static(_("Picks"), classes="section")
                yield Static(id="picks")
        yield Static(id="message")
        yield Footer()

    def option_label(self, decision: Decision) -> str:
        return describe(decision.card) if isinstance(decision, Draft) else decision.text()

    def market(self) -> tuple[str, ...]:
        draft = self.table.view(self.seat).draft if self.seat is not None else None
        return draft.market if draft is not None else ()

    def ask(self, seat: int) -> None:
        """``seat`` picks now."""
        self.seat = seat
        self.options = self.table.legal(seat)
        view = self.table.view(seat)
        self._draw(view, seat, picking=True)
        self.show_options()

    def wait(self, viewer: int, waiting: str) -> None:
        """Nothing to pick for ``viewer`` (an online seat): ``waiting`` (names) picks."""
        self.forget()
        view = self.table.view(viewer)
        self._draw(view, viewer, picking=False)
        self.query_one(self.MENU, OptionList).display = False
        self.say(_("Waiting for {names}...", names=waiting) if waiting else "")

    def _draw(self, view: SeatView, viewer: int, *, picking: bool) -> None:
        """The title and the picks; ``picking``: ``viewer`` picks now."""
        draft = view.draft
        title = Text(_("Garage draft"), style="bold")
        if draft is not None:
            title.append(" · " + _("round {round} of {rounds}", round=draft.round, rounds=draft.rounds) + " · ")
            if picking:
                title.append(_("{name} picks", name=view.cars[viewer].name), "bold reverse")
            else:
                title.append(_("{name} picking", name=view.cars[draft.picking].name))
            title.append(" · " + _("market of {count}", count=len(draft.market)))
        self.query_one("#draft-title", Static).update(title)
        self.query_one("#picks", Static).update(picks_table(view, viewer))

    @on(OptionList.OptionSelected, "#market")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.pick(event.option_index)

    def action_help(self) -> None:
        """Keys and the draft rules."""
        self.app.push_screen(HelpScreen(help_text("draft", cards=False)))
