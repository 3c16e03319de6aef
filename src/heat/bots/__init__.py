"""AI drivers. A bot sees only its seat's view and the legal decisions, and owns its random generator."""

from heat.bots.base import Bot, play_out
from heat.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "play_out"]
