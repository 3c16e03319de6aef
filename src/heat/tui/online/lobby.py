"""The online table before its race starts: who has taken which seat, who is still awaited."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from heat.i18n import N_
from heat.tui.bindings import translate_bindings
from heat.tui.colors import badge
from heat.tui.online.remote import RemoteTable
from heat.tui.translate import _
from heat.tui.words import KIND_WORDS, LEVEL_WORDS

HEADS = {
    "waiting": N_("Waiting for every seat to be taken: the race starts then (or when the host starts it)."),
    "closed": N_("The host closed this table: nothing more is played here."),
}
"""What the lobby says of the table's status."""


def seats_table(table: RemoteTable) -> RichTable:
    """Every seat: its colour, who drives it, and whether they are here."""
    out = RichTable(box=None, padding=(0, 2, 0, 0), pad_edge=False)
    for column in ("", _("Seat"), _("Driver"), ""):
        out.add_column(column)
    for index, seat in enumerate(table.seats):
        kind = seat.get("kind")
        who = str(seat.get("name") or "")
        if kind == "human":
            state = _("connected") if seat.get("connected") else _("joined") if seat.get("joined") else _("awaited")
        else:
            kind_words = _(KIND_WORDS[str(kind)]) if kind in KIND_WORDS else str(kind)
            who = who or kind_words
            level = str(seat.get("level") or "")
            state = (
                _("{level} {kind}", level=_(LEVEL_WORDS[level]), kind=kind_words)
                if level in LEVEL_WORDS
                else kind_words
            )
        name = Text(who or _("(open)"), style="bold" if index == table.seat else "")
        out.add_row(badge(str(seat.get("color") or "")), str(index), name, state)
    return out


class LobbyScreen(Screen[None]):
    """Waiting for the race to start (or for the server to answer)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "app.quit_game", N_("Quit"))]

    def __init__(self, page: str) -> None:
        super().__init__()
        translate_bindings(self)
        self.page = page

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="results"):
            yield Static(Text.assemble((_("Online table"), "bold"), f" · {self.page}"), id="lobby-title")
            yield Static(_("Connecting..."), id="lobby-seats")
        yield Static(id="message")
        yield Footer()

    def show(self, table: RemoteTable) -> None:
        """The seats of ``table``, and what the race waits for."""
        if not self.is_mounted:
            return
        status = table.status
        head = _(HEADS[status]) if status in HEADS else ""
        self.query_one("#lobby-seats", Static).update(Group(Text(head, style="italic"), Text(""), seats_table(table)))

    def say(self, text: str, *, error: bool = False) -> None:
        """Show ``text`` on the message line."""
        self.query_one("#message", Static).update(Text(text, style="bold red" if error else ""))
