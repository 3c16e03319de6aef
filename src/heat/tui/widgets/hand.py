"""The player's hand as a row of cards to pick with the keys (1-9, 0, arrows, space) or the
mouse. The card under the cursor is described on the last line; in a tall terminal the hand is
a list, each card with its description."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from heat.card_words import card_words
from heat.engine.content import cards_by_id
from heat.tui.translate import _

KEYS = "1234567890"


def describe(card_id: str) -> str:
    """``rpm-2: R.P.M.: 2, + x1, Heat 1``: the card's values and symbols in words."""
    card = cards_by_id().get(card_id)
    if card is None:
        return card_id
    if card.type == "basic":
        return _("{card}: a Basic card, Speed {card}", card=card_id)
    if card.type == "stress":
        return _("{card}: flips cards from your deck until a Basic card turns up (B-12.3)", card=card_id)
    if card.type == "heat":
        return _("{card}: can be neither played (B-2.2) nor discarded (B-8.3); cool it down in React", card=card_id)
    return f"{card_id}: {card_words(card)}"


def chip(index: int, card_id: str) -> str:
    """Card ``index`` of a hand as the hand bar draws it: `` 3:stress `` (its key, its id)."""
    key = KEYS[index] if index < len(KEYS) else "·"
    return f" {key}:{card_id} "


def _look(card_id: str) -> str:
    card = cards_by_id().get(card_id)
    kind = card.type if card is not None else ""
    return {"heat": "#ff7070", "stress": "#f0c040", "upgrade": "#70d0ff", "sponsor": "#d090ff"}.get(kind, "")


class HandBar(Widget):
    """Cards as chips ``1:3 2:stress ...``; picked chips in reverse video, the cursor underlined."""

    DEFAULT_CSS = "HandBar { height: auto; }"

    class Clicked(Message):
        """A card was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.hand: tuple[str, ...] = ()
        self.picked: tuple[int, ...] = ()
        self.cursor: int | None = None
        self.title = _("Hand")
        self.kept: frozenset[int] = frozenset()
        self.detailed = False
        """One card a line with its description (tall terminals), instead of a row of chips."""
        self._spots: list[tuple[int, int, int, int]] = []
        """(line, first x, last x, card index) of each chip as last drawn."""

    def set_detailed(self, detailed: bool) -> None:
        """Draw one card a line with its description (True) or a row of chips."""
        if detailed != self.detailed:
            self.detailed = detailed
            self.refresh(layout=True)

    def show(
        self,
        hand: tuple[str, ...],
        picked: tuple[int, ...] = (),
        cursor: int | None = None,
        title: str = "",
        *,
        kept: frozenset[int] = frozenset(),
    ) -> None:
        """Show ``hand`` with ``picked`` cards marked and the cursor on card ``cursor`` (None: no
        selection is going on); the ``kept`` cards (that cannot be picked now) dimmed."""
        self.hand, self.picked, self.cursor, self.kept = hand, picked, cursor, kept
        self.title = title or _("Hand")
        self.refresh(layout=True)

    def _chips(self, width: int) -> list[list[tuple[int, str]]]:
        lines: list[list[tuple[int, str]]] = [[]]
        used = len(self.title) + 2
        for index, card_id in enumerate(self.hand):
            text = chip(index, card_id)
            if used + len(text) + 1 > width and lines[-1]:
                lines.append([])
                used = 0
            lines[-1].append((index, text))
            used += len(text) + 1
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The chip lines and the description, wrapped."""
        width = max(1, width)
        return len(self._draw(width).wrap(self.app.console, width))

    def render(self) -> Text:
        """The chips and the cursor card's description."""
        return self._draw(max(1, self.content_size.width))

    def _draw(self, width: int) -> Text:
        if self.detailed and self.hand:
            return self._draw_list()
        out = Text()
        self._spots = []
        for number, chips in enumerate(self._chips(width)):
            if number:
                out.append("\n")
            else:
                out.append(f"{self.title}: ", "bold")
            if not chips and not self.hand:
                out.append(_("(no cards)"), "dim")
            for index, text in chips:
                style = self._chip_style(index)
                start = len(out.plain) - (out.plain.rfind("\n") + 1)
                self._spots.append((number, start, start + len(text) - 1, index))
                out.append(text, style.strip())
                out.append(" ")
        if self.cursor is not None and 0 <= self.cursor < len(self.hand):
            out.append("\n")
            out.append(describe(self.hand[self.cursor]), "italic")
        return out

    def _chip_style(self, index: int) -> str:
        """The style of card ``index``'s chip: its kind's look, struck out if kept, reversed if
        picked, underlined under the cursor."""
        style = _look(self.hand[index])
        if index in self.kept:
            style += " dim strike"
        if index in self.picked:
            style += " reverse bold"
        if index == self.cursor:
            style += " underline"
        return style

    def _draw_list(self) -> Text:
        """``Hand:`` then a line per card: its chip and what it is."""
        out = Text(f"{self.title}:", style="bold")
        self._spots = []
        for index, card_id in enumerate(self.hand):
            text = chip(index, card_id)
            style = self._chip_style(index)
            self._spots.append((index + 1, 0, len(text) - 1, index))
            out.append("\n")
            out.append(text, style.strip())
            out.append(
                " " + describe(card_id).removeprefix(f"{card_id}: "), "italic" if index == self.cursor else "dim"
            )
        return out

    def on_click(self, event: events.Click) -> None:
        """Pick the clicked card."""
        for line, first, last, index in self._spots:
            if event.y == line and first <= event.x <= last:
                self.post_message(self.Clicked(index))
                return
