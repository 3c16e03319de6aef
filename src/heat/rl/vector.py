"""Gymnasium's vector form of ``HeatEnv``: ``count`` races stepped together."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from heat.rl.gym_env import HeatEnv


def vector_env(count: int, *, asynchronous: bool = False, **options: Any) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """``count`` copies of ``HeatEnv(**options)`` as one Gymnasium vector environment: in this
    process (``SyncVectorEnv``) or one process each (``asynchronous``, ``AsyncVectorEnv``).
    ``infos['action_mask']`` stacks the masks, one row per race; a race that ends is reset at
    the next step (Gymnasium's next-step autoreset)."""
    if count < 1:
        raise ValueError(f"a vector environment has 1 or more races, not {count}")
    makers = [lambda: HeatEnv(**options) for _ in range(count)]
    if asynchronous:
        return gymnasium.vector.AsyncVectorEnv(makers)
    return gymnasium.vector.SyncVectorEnv(makers)


def sample_masked(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One allowed token per row of ``masks``, uniformly at random (random agents, benchmarks)."""
    choices = np.empty(len(masks), dtype=np.int64)
    for row, mask in enumerate(masks):
        allowed = np.flatnonzero(mask)
        choices[row] = allowed[rng.integers(len(allowed))] if len(allowed) else 0
    return choices
