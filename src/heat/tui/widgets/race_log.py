"""The story of the race in words (``heat.narrate.describe``), as the viewer may know it: a
player sees their own draws, nobody else's. Rebuilt whenever the viewer changes."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

from heat.engine import events as ev
from heat.narrate import describe

MAX_LINES = 2000
"""The lines kept (the oldest go first)."""

STYLES: dict[type, str] = {
    ev.RoundStarted: "bold",
    ev.SpunOut: "bold red",
    ev.CrossedFinish: "bold green",
    ev.RoundEnded: "bold green",
    ev.RaceEnded: "bold green",
    ev.HeatPaid: "yellow",
    ev.LegendsCardRevealed: "magenta",
    ev.Slipstreamed: "cyan",
    ev.Boosted: "cyan",
    ev.ClutteredHand: "red",
}


def log_line(event: ev.Event, names: Sequence[str], laps: int, viewer: int | None) -> Text | None:
    """One styled line for ``event`` (None for bookkeeping events); the viewer's own in bold."""
    words = describe(event, names, laps)
    if not words:
        return None
    style = STYLES.get(type(event), "")
    if viewer is not None and event.seat == viewer and not style:
        style = "bold"
    return Text(words, style=style)


class RaceLog(RichLog, can_focus=False):
    """The narrated events, scrolled to the latest (the mouse wheel scrolls back; the keys stay
    with the screen). The lines are kept as narrated, and wrapped again when the width changes."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, auto_scroll=True, max_lines=MAX_LINES, min_width=10)
        self._viewer: int | None = None
        self._seen = 0
        self._source: object = None
        self._width = 0
        self.entries: list[Text] = []
        """The lines as narrated (unwrapped), the last ``MAX_LINES``."""

    def show(
        self, source: object, events: Sequence[ev.Event], names: Sequence[str], laps: int, viewer: int | None
    ) -> None:
        """Show ``events`` of the race ``source`` as ``viewer`` sees them; only new lines are
        added while the race and the viewer stay the same."""
        if source is not self._source or viewer != self._viewer or len(events) < self._seen:
            self.clear()
            self.entries = []
            self._source, self._viewer, self._seen = source, viewer, 0
        for event in events[self._seen :]:
            line = log_line(event, names, laps, viewer)
            if line is not None:
                self.entries.append(line)
                self.write(line)
        del self.entries[:-MAX_LINES]
        self._seen = len(events)

    def on_resize(self, event: Resize) -> None:
        """Wrap the lines again for the new width (RichLog wraps a line once, when written)."""
        super().on_resize(event)
        width = self.scrollable_content_region.width
        if self._width and width != self._width and self.entries:
            self.clear()
            for line in self.entries:
                self.write(line)
        self._width = width

    @property
    def lines_text(self) -> list[str]:
        """The plain text of every line on screen, as wrapped (for tests)."""
        return [strip.text for strip in self.lines]

    @property
    def entries_text(self) -> list[str]:
        """The plain text of every line as narrated (for tests)."""
        return [line.plain for line in self.entries]
