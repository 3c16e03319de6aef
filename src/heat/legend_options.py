"""The Legends options of a new game (Pro Legends, aggressive Legends), checked the same way by
the command line, the app's setup screen and the arena: without a Legend they would change
nothing. Each client names the options in its own words (flags, or screen fields)."""

from __future__ import annotations

from typing import Any, ClassVar

from heat.cli.parser import NO_AGGRESSIVE_FLAG
from heat.engine import ConfigError
from heat.engine.errors import Phrase
from heat.i18n import N_
from heat.record import Record

__all__ = ["NO_AGGRESSIVE_FLAG", "SETUP_SCREEN_WORDS", "LegendOptionWords", "check_legend_options", "flag_words"]


class LegendOptionWords(Record):
    """How a client names the Legends options and what a player should do instead: English
    messages (marked with ``N_``), translated where the error is shown (``heat.i18n.error_text``)."""

    pro: str
    """The Pro Legends option, ``{n}`` standing for its bonus (e.g. ``--pro-legends {n}``)."""
    chevrons_off: str
    """The option that turns the chevrons off."""
    pro_remedy: str
    """What to do about a Pro Legends bonus without a Legend."""
    chevrons_remedy: str
    """What to do about the chevrons turned off without a Legend."""

    FIELDS: ClassVar[tuple[str, ...]] = ("pro", "chevrons_off", "pro_remedy", "chevrons_remedy")
    __slots__ = ("chevrons_off", "chevrons_remedy", "pro", "pro_remedy")

    def __init__(self, pro: str, chevrons_off: str, pro_remedy: str, chevrons_remedy: str) -> None:
        object.__setattr__(self, "pro", pro)
        object.__setattr__(self, "chevrons_off", chevrons_off)
        object.__setattr__(self, "pro_remedy", pro_remedy)
        object.__setattr__(self, "chevrons_remedy", chevrons_remedy)

    def field_values(self) -> tuple[Any, ...]:
        return (self.pro, self.chevrons_off, self.pro_remedy, self.chevrons_remedy)


def flag_words(remedy: str) -> LegendOptionWords:
    """The command line's words; ``remedy`` says how to add Legends (e.g. "add Legends with
    --legends", marked with ``N_``)."""
    return LegendOptionWords("--pro-legends {n}", NO_AGGRESSIVE_FLAG, remedy, remedy)


SETUP_SCREEN_WORDS = LegendOptionWords(
    pro=N_("Pro Legends +{n}"),
    chevrons_off=N_("GB chevrons off"),
    pro_remedy=N_("make a seat a Legend, or choose +0"),
    chevrons_remedy=N_("make a seat a Legend, or turn them on"),
)
"""The app's setup screen's words: its fields, not flags."""


def check_legend_options(pro_legends: int, aggressive: bool, legends: int, words: LegendOptionWords) -> None:
    """ConfigError, in ``words``, for a Legends option in a game of no Legend: a Pro Legends
    bonus (L-17: +N on the Legends' Top Speed) or the chevrons turned off (OQ-L-10)."""
    if legends:
        return
    if pro_legends:
        raise ConfigError(
            "{option} raises the Legends' Top Speed (L-17): {remedy}",
            option=Phrase(words.pro, n=pro_legends),
            remedy=Phrase(words.pro_remedy),
        )
    if not aggressive:
        raise ConfigError(
            "{option} keeps Legends from crossing two Corner Lines from Great Britain's chevrons (OQ-L-10): {remedy}",
            option=Phrase(words.chevrons_off),
            remedy=Phrase(words.chevrons_remedy),
        )
