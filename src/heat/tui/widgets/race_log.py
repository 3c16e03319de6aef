"""The story of the race in words (``heat.narrate.describe``), as the viewer may know it: a
player sees their own draws, nobody else's. Rebuilt whenever the viewer changes."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import RichLog

from heat.engine import events as ev
from heat.narrate import describe

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
    with the screen)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, auto_scroll=True, max_lines=2000, min_width=10)
        self._viewer: int | None = None
        self._seen = 0
        self._source: object = None

    def show(
        self, source: object, events: Sequence[ev.Event], names: Sequence[str], laps: int, viewer: int | None
    ) -> None:
        """Show ``events`` of the race ``source`` as ``viewer`` sees them; only new lines are
        added while the race and the viewer stay the same."""
        if source is not self._source or viewer != self._viewer or len(events) < self._seen:
            self.clear()
            self._source, self._viewer, self._seen = source, viewer, 0
        for event in events[self._seen :]:
            line = log_line(event, names, laps, viewer)
            if line is not None:
                self.write(line)
        self._seen = len(events)

    @property
    def lines_text(self) -> list[str]:
        """The plain text of every line (for tests)."""
        return [strip.text for strip in self.lines]
