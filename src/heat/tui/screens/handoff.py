"""Hotseat: "pass the keyboard to NAME". An opaque screen that shows no hand, so that no player
sees another's cards; the next player's screen is drawn only once they say they are ready."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from heat.i18n import N_
from heat.tui.bindings import translate_bindings
from heat.tui.colors import badge
from heat.tui.translate import _


class HandoffScreen(Screen[None]):
    """Wait for the next human to take the keyboard."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "ready", N_("Ready"))]

    def __init__(self, name: str, color: str) -> None:
        super().__init__()
        translate_bindings(self)
        self.player = name
        self.color = color

    def compose(self) -> ComposeResult:
        # The name, with its car's badge before it, takes the place of {name} in the title.
        before, _name, after = _("Pass the keyboard to {name}").partition("{name}")
        text = Text.assemble(
            (before, "bold"),
            badge(self.color),
            " ",
            (self.player, "bold"),
            (after, "bold"),
            "\n\n",
            _("Only {name} should look at the screen now.", name=self.player) + "\n",
            _("{name}: press Enter when you are ready.", name=self.player),
        )
        with Middle(), Center():
            yield Static(text, id="handoff-text")

    def action_ready(self) -> None:
        """The next player has the keyboard."""
        self.dismiss(None)
