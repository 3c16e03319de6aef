"""Ids the app shows as words: bot levels, colours, seasons, seat kinds. The ids stay as they are
in records, options and the protocol; only what is shown is translated (``_(WORDS[id])``)."""

from __future__ import annotations

from heat.i18n import N_

LEVEL_WORDS = {
    "random": N_("random"),
    "rookie": N_("rookie"),
    "club": N_("club"),
    "pro": N_("pro"),
    "champion": N_("champion"),
}
"""The bot levels (``heat.bots.levels``)."""
COLOR_WORDS = {
    "red": N_("red"),
    "blue": N_("blue"),
    "green": N_("green"),
    "yellow": N_("yellow"),
    "black": N_("black"),
    "gray": N_("gray"),
}
"""The cars' colours (``heat.engine.COLORS``)."""
SEASON_WORDS = {"custom": N_("custom"), "goat": N_("GOAT")}
"""The seasons that are not a year (C-42, C-43)."""
KIND_WORDS = {"bot": N_("bot"), "legend": N_("Legend"), "human": N_("Human")}
"""A seat's kind (``heat.players``)."""
