"""A screen where the seat asked picks one decision from a list: the base of the Garage draft and
the season hub."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import OptionList, Static

from heat.engine import Decision
from heat.tui.messages import Decided
from heat.tui.table import Table


class PickScreen(Screen[None]):
    """Holds the seat asked and its options; ``pick`` sends one. Subclasses compose a
    ``#message`` Static and an option list, and call ``pick`` when an option is selected."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help"),
        Binding("ctrl+s", "app.save", "Save"),
        Binding("q", "app.quit_game", "Quit"),
    ]

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.seat: int | None = None
        self.options: list[Decision] = []

    def pick(self, index: int) -> None:
        """Send option ``index`` for the seat asked; nothing if no seat is asked or the index is
        not an option (a stray click after the choice was sent)."""
        if self.seat is None or not 0 <= index < len(self.options):
            return
        seat, decision = self.seat, self.options[index]
        self.seat, self.options = None, []
        self.query_one("#message", Static).update(f"You: {decision.text()}")
        self.post_message(Decided(seat, [decision]))

    def forget(self) -> None:
        """Forget the seat asked (hotseat, before the keyboard changes hands): no option, highlight
        or message of theirs stays; ``ask`` draws the next player's question afresh."""
        self.seat, self.options = None, []
        for menu in self.query(OptionList):
            menu.clear_options()
        self.say("")

    def say(self, text: str, *, error: bool = False) -> None:
        """Show ``text`` on the message line."""
        self.query_one("#message", Static).update(Text(text, style="bold red" if error else ""))
