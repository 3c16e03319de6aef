"""The Legends options of a new game (Pro Legends, aggressive Legends), checked the same way by
the command line, the app's setup screen and the arena: without a Legend they would change
nothing. Each client names the options in its own words (flags, or screen fields)."""

from __future__ import annotations

from dataclasses import dataclass

from heat.cli.parser import NO_AGGRESSIVE_FLAG
from heat.engine import ConfigError

__all__ = ["NO_AGGRESSIVE_FLAG", "SETUP_SCREEN_WORDS", "LegendOptionWords", "check_legend_options", "flag_words"]


@dataclass(frozen=True)
class LegendOptionWords:
    """How a client names the Legends options and what a player should do instead."""

    pro: str
    """The Pro Legends option, ``{n}`` standing for its bonus (e.g. ``--pro-legends {n}``)."""
    chevrons_off: str
    """The option that turns the chevrons off."""
    pro_remedy: str
    """What to do about a Pro Legends bonus without a Legend."""
    chevrons_remedy: str
    """What to do about the chevrons turned off without a Legend."""


def flag_words(add: str) -> LegendOptionWords:
    """The command line's words; ``add`` says how to add Legends (e.g. "with --legends")."""
    remedy = f"add Legends {add}"
    return LegendOptionWords("--pro-legends {n}", NO_AGGRESSIVE_FLAG, remedy, remedy)


SETUP_SCREEN_WORDS = LegendOptionWords(
    pro="Pro Legends +{n}",
    chevrons_off="GB chevrons off",
    pro_remedy="make a seat a Legend, or choose +0",
    chevrons_remedy="make a seat a Legend, or turn them on",
)
"""The app's setup screen's words: its fields, not flags."""


def check_legend_options(pro_legends: int, aggressive: bool, legends: int, words: LegendOptionWords) -> None:
    """ConfigError, in ``words``, for a Legends option in a game of no Legend: a Pro Legends
    bonus (L-17: +N on the Legends' Top Speed) or the chevrons turned off (OQ-L-10)."""
    if legends:
        return
    if pro_legends:
        pro = words.pro.format(n=pro_legends)
        raise ConfigError(f"{pro} raises the Legends' Top Speed (L-17): {words.pro_remedy}")
    if not aggressive:
        raise ConfigError(
            f"{words.chevrons_off} keeps Legends from crossing two Corner Lines from Great Britain's chevrons "
            f"(OQ-L-10): {words.chevrons_remedy}"
        )
