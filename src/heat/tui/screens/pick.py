"""A screen where the seat asked picks one decision from a numbered list: the base of the Garage
draft and the season hub. The number keys pick an option, a card that the market holds twice
says so (``x2``, with a multiplication sign), and the symbols of the highlighted card are
explained under the list."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from heat.engine import Decision
from heat.engine.content import cards_by_id
from heat.engine.decisions import Draft, Keep, Swap
from heat.i18n import N_
from heat.tui.bindings import translate_bindings
from heat.tui.helptext import symbol_lines
from heat.tui.messages import Decided
from heat.tui.race_source import GameTable
from heat.tui.translate import _

NUMBER_KEYS = "123456789"
TIMES = "\N{MULTIPLICATION SIGN}"


def card_of(decision: Decision) -> str | None:
    """The card a market decision takes (or keeps), if any."""
    if isinstance(decision, Draft | Keep):
        return decision.card
    if isinstance(decision, Swap):
        return decision.take or None
    return None


def card_help(card_id: str | None) -> Text:
    """``card_id``'s values and symbols explained, one line each (nothing for no card)."""
    card = cards_by_id().get(card_id or "")
    if card is None:
        return Text("")
    return Text("\n".join(symbol_lines(card)), style="italic")


class PickScreen(Screen[None]):
    """Holds the seat asked and its options; ``pick`` sends one. Subclasses compose a
    ``#message`` Static, an option list with the id ``MENU`` and a ``#card-help`` Static, and
    say how an option reads (``option_label``) and which cards the market holds (``market``)."""

    MENU = "#options"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", N_("Help")),
        Binding("ctrl+s", "app.save", N_("Save")),
        Binding("q", "app.quit_game", N_("Quit")),
        *[Binding(key, f"number({index})", key, show=False) for index, key in enumerate(NUMBER_KEYS)],
    ]

    def __init__(self, table: GameTable) -> None:
        super().__init__()
        translate_bindings(self)
        self.table = table
        self.seat: int | None = None
        self.options: list[Decision] = []

    def option_label(self, decision: Decision) -> str:
        """How ``decision`` reads in the list."""
        return decision.text()

    def market(self) -> tuple[str, ...]:
        """The cards of the market, one entry per card (a card held twice is there twice)."""
        return ()

    def show_options(self) -> None:
        """The options, numbered, the first highlighted; a market card held N times says so (``xN``)."""
        menu = self.query_one(self.MENU, OptionList)
        copies = Counter(self.market())
        labels = []
        for number, decision in enumerate(self.options, 1):
            label = self.option_label(decision)
            card = card_of(decision)
            if card is not None and not isinstance(decision, Keep) and copies[card] > 1:
                times = f"{card} {TIMES}{copies[card]}"
                label = label.replace(card, times, 1) if card in label else f"{label} {TIMES}{copies[card]}"
            labels.append(f"{number}. {label}" if number <= len(NUMBER_KEYS) else f"   {label}")
        menu.clear_options()
        menu.add_options([Option(label) for label in labels])
        menu.highlighted = 0 if labels else None
        menu.display = bool(labels)
        if labels:
            menu.focus()
        self.explain(0 if labels else None)

    def explain(self, index: int | None) -> None:
        """Explain the symbols of the card of option ``index`` under the list."""
        card = card_of(self.options[index]) if index is not None and 0 <= index < len(self.options) else None
        self.query_one("#card-help", Static).update(card_help(card))

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.explain(event.option_index)

    def action_number(self, index: int) -> None:
        """Pick option ``index`` (the number keys)."""
        if self.seat is None:
            return
        if not 0 <= index < len(self.options):
            self.say(_("There is no option {number}.", number=index + 1), error=True)
            return
        self.pick(index)

    def pick(self, index: int) -> None:
        """Send option ``index`` for the seat asked; nothing if no seat is asked or the index is
        not an option (a stray click after the choice was sent)."""
        if self.seat is None or not 0 <= index < len(self.options):
            return
        seat, decision = self.seat, self.options[index]
        self.seat, self.options = None, []
        self.query_one("#message", Static).update(_("You: {decisions}", decisions=decision.text()))
        self.post_message(Decided(seat, [decision]))

    def forget(self) -> None:
        """Forget the seat asked (hotseat, before the keyboard changes hands): no option, highlight
        or message of theirs stays; ``ask`` draws the next player's question afresh."""
        self.seat, self.options = None, []
        for menu in self.query(OptionList):
            menu.clear_options()
        self.query_one("#card-help", Static).update("")
        self.say("")

    def say(self, text: str, *, error: bool = False) -> None:
        """Show ``text`` on the message line."""
        self.query_one("#message", Static).update(Text(text, style="bold red" if error else ""))
