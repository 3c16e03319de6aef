"""The Legends options of a new game (Pro Legends, aggressive Legends), checked the same way by
the command line, the app and the arena: without a Legend they would change nothing."""

from __future__ import annotations

from heat.engine import ConfigError

NO_AGGRESSIVE_FLAG = "--no-aggressive-legends"
"""The option that turns off Great Britain's chevrons for Legends (OQ-L-10)."""


def check_legend_options(pro_legends: int, aggressive: bool, legends: int, add: str) -> None:
    """ConfigError for a Legends option in a game of no Legend: ``--pro-legends N`` (L-17: +N on
    the Legends' Top Speed) or ``--no-aggressive-legends`` (OQ-L-10). ``add`` says how to add
    Legends (e.g. "with --legends")."""
    if legends:
        return
    if pro_legends:
        raise ConfigError(f"--pro-legends {pro_legends} raises the Legends' Top Speed (L-17): add Legends {add}")
    if not aggressive:
        raise ConfigError(
            f"{NO_AGGRESSIVE_FLAG} keeps Legends from crossing two Corner Lines from Great Britain's chevrons "
            f"(OQ-L-10): add Legends {add}"
        )
