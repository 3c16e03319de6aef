"""Heat as a learning environment: PettingZoo AEC (``env``), Gymnasium (``HeatEnv``) and
Gymnasium's vector form (``vector_env``), on the engine and beside the bots (docs/rl.md).

Importing ``heat.rl`` loads nothing of gymnasium or pettingzoo (the ``rl`` extra): each name
below is imported on first use (PEP 562)."""

from __future__ import annotations

import importlib

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from heat.rl.aec import HeatAECEnv
    from heat.rl.gym_env import HeatEnv
    from heat.rl.vector import vector_env

__all__ = ["HeatAECEnv", "HeatEnv", "env", "vector_env"]

_HOMES = {"HeatEnv": "heat.rl.gym_env", "HeatAECEnv": "heat.rl.aec", "vector_env": "heat.rl.vector"}


def env(**options: Any) -> HeatAECEnv:
    """The PettingZoo AEC environment: every learning seat an agent (``agents=2`` by default),
    the ``opponents`` (``'club*2'``) and Legends playing inside. Options: docs/rl.md."""
    from heat.rl.aec import HeatAECEnv

    return HeatAECEnv(**options)


def __getattr__(name: str) -> Any:
    """``heat.rl.HeatEnv`` and the others, imported on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'heat.rl' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value
