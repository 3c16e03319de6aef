"""The names of the bot levels, apart from the bots themselves: the command line lists them in
its help without loading a bot (``heat.bots.levels`` makes the bots)."""

from __future__ import annotations

LEVELS = ("random", "rookie", "club", "pro", "champion")
"""Every level, weakest first."""
