"""How cars look on screen: a letter each (readable without colour) and a colour style.

Without colour (``NO_COLOR``, a monochrome terminal) the letters still tell the cars apart and
the player's own car is shown in reverse video.
"""

from __future__ import annotations

from rich.text import Text

CAR_LOOKS: dict[str, tuple[str, str]] = {
    "red": ("R", "bold #ffffff on #c62828"),
    "blue": ("B", "bold #ffffff on #1565c0"),
    "green": ("G", "bold #ffffff on #2e7d32"),
    "yellow": ("Y", "bold #000000 on #f9c825"),
    "black": ("K", "bold #ffffff on #000000"),
    "gray": ("A", "bold #000000 on #a0a0a0"),
}
"""Colour -> (letter, style). Black is K and gray A, so that no two letters clash."""


def letter(color: str) -> str:
    """The one-letter mark of a car of ``color``."""
    return CAR_LOOKS.get(color, (color[:1].upper() or "?", ""))[0]


def style(color: str) -> str:
    """The Rich style of a car of ``color``."""
    return CAR_LOOKS.get(color, ("?", "bold"))[1]


def badge(color: str, *, mine: bool = False, width: int = 1) -> Text:
    """A car's mark, ``width`` cells wide; the player's own car also in reverse video."""
    mark = letter(color).ljust(width)
    return Text(mark, style=style(color) + (" reverse" if mine else ""))
