"""The gearbox: the gear selected for steps 1-2, gears 1 to 4 to click on. Gears with no
legal plan now are dimmed (the engine says why if you commit one anyway)."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from heat.tui.translate import _, ngettext

GEARS = (1, 2, 3, 4)


class GearBar(Widget):
    """``Gear: 1 [2] 3 4`` (or, in Tournament mode, the gear the cards will set)."""

    DEFAULT_CSS = "GearBar { height: 1; }"

    class Clicked(Message):
        """A gear was clicked."""

        def __init__(self, gear: int) -> None:
            super().__init__()
            self.gear = gear

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.gear = 1
        self.current = 1
        self.usable: frozenset[int] = frozenset(GEARS)
        self.tournament = False
        self.cards = 0
        self._spots: list[tuple[int, int, int]] = []

    def show(self, gear: int, current: int, usable: frozenset[int], *, tournament: bool, cards: int) -> None:
        """Selected ``gear`` (the car is in ``current``); ``cards`` picked so far."""
        self.gear, self.current, self.usable = gear, current, usable
        self.tournament, self.cards = tournament, cards
        self.refresh()

    def render(self) -> Text:
        """The gears, the selected one in reverse video."""
        self._spots = []
        if self.tournament:
            return Text.assemble(
                (_("Gear: "), "bold"),
                ngettext(
                    "now {gear}; your {count} card sets gear {count}",
                    "now {gear}; your {count} cards set gear {count}",
                    self.cards,
                    gear=self.current,
                ),
            )
        out = Text.assemble((_("Gear: "), "bold"))
        for gear in GEARS:
            start = out.cell_len
            style = "reverse bold" if gear == self.gear else "" if gear in self.usable else "dim strike"
            out.append(f" {gear} ", style)
            self._spots.append((start, start + 2, gear))
            out.append(" ")
        out.append(_("(now {gear})", gear=self.current), "dim")
        return out

    def on_click(self, event: events.Click) -> None:
        """Choose the clicked gear."""
        for first, last, gear in self._spots:
            if first <= event.x <= last:
                self.post_message(self.Clicked(gear))
                return
