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

from heat.tui.colors import badge


class HandoffScreen(Screen[None]):
    """Wait for the next human to take the keyboard."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "ready", "Ready")]

    def __init__(self, name: str, color: str) -> None:
        super().__init__()
        self.player = name
        self.color = color

    def compose(self) -> ComposeResult:
        text = Text.assemble(
            ("Pass the keyboard to ", "bold"),
            badge(self.color),
            " ",
            (self.player, "bold"),
            "\n\n",
            f"Only {self.player} should look at the screen now.\n",
            f"{self.player}: press Enter when you are ready.",
        )
        with Middle(), Center():
            yield Static(text, id="handoff-text")

    def action_ready(self) -> None:
        """The next player has the keyboard."""
        self.dismiss(None)
