"""AI drivers. A bot sees only its seat's view and the legal decisions, and owns its random generator.

The names below are loaded when first used, so that importing a light module of the package
(``heat.bots.names``, for the command line's help) does not load the engine."""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # not typing's: importing typing would cost the command line's help ~5 ms
if TYPE_CHECKING:  # mypy reads any TYPE_CHECKING as true
    from typing import Any

    from heat.bots.base import Bot, play_out
    from heat.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "play_out"]

_HOMES = {"Bot": "heat.bots.base", "play_out": "heat.bots.base", "RandomBot": "heat.bots.random_bot"}


def __getattr__(name: str) -> Any:
    """``heat.bots.Bot`` and the others, imported on first use (PEP 562)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'heat.bots' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value
