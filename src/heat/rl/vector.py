"""Gymnasium's vector form of ``HeatEnv``: ``count`` races stepped together."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from heat.rl.gym_env import HeatEnv


def vector_env(
    count: int, *, asynchronous: bool = False, ray: str | None = None, **options: Any
) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """``count`` copies of ``HeatEnv(**options)`` as one Gymnasium vector environment: in this
    process (``SyncVectorEnv``), one process each (``asynchronous``, ``AsyncVectorEnv``) or one
    Ray actor each on the cluster at ``ray`` (``RayVectorEnv``: the ``ray`` extra).
    ``infos['action_mask']`` stacks the masks, one row per race; a race that ends is reset at
    the next step (Gymnasium's next-step autoreset)."""
    if count < 1:
        raise ValueError(f"a vector environment has 1 or more races, not {count}")
    if ray is not None:
        if asynchronous:
            raise ValueError("asynchronous or ray: Ray's actors are processes already")
        from heat.rl.ray_vector import RayVectorEnv  # only here: without ray=, Ray is never imported

        return RayVectorEnv(count, ray, options)
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
