"""``RayVectorEnv``: Gymnasium's vector form of ``HeatEnv`` with each race in a Ray actor, so
that the races of one batch are stepped on the CPUs of a Ray cluster
(``heat.rl.vector_env(count, ray=ADDRESS)``, docs/rl.md).

It keeps ``SyncVectorEnv``'s semantics exactly (next-step autoreset, seeds ``seed + i``, infos
stacked with their ``_key`` masks), so the same seeds and actions give the same batches. Imported
only when ``ray=`` is given.
"""

from __future__ import annotations

from copy import deepcopy
from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space, concatenate, create_empty_array

from heat.arena_ray import connect, import_ray
from heat.rl.gym_env import HeatEnv


class RaceWorker:
    """One ``HeatEnv`` in a Ray actor, reset at the step after its race ends (next-step
    autoreset, as ``SyncVectorEnv`` does)."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.env = HeatEnv(**options)
        self.ended = False

    def reset(self, seed: int | None, options: dict[str, Any] | None) -> tuple[Any, dict[str, Any]]:
        """``HeatEnv.reset``."""
        self.ended = False
        return self.env.reset(seed=seed, options=options)

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """``HeatEnv.step``; the step after the race ended resets it instead (reward 0)."""
        if self.ended:
            observation, info = self.reset(None, None)
            return observation, 0.0, False, False, info
        observation, reward, terminated, truncated, info = self.env.step(action)
        self.ended = terminated or truncated
        return observation, reward, terminated, truncated, info


class RayVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):  # type: ignore[misc, unused-ignore]
    """``count`` races of ``HeatEnv(**options)``, one Ray actor each, on the cluster at
    ``address`` ('auto', 'local', 'HOST:PORT'; joined unless this process already has)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012 (gymnasium's)

    def __init__(self, count: int, address: str, options: dict[str, Any]) -> None:
        template = HeatEnv(**options)  # the options checked here, in one line, before Ray starts
        self._ray = import_ray()
        self._joined = connect(address)
        self.num_envs = count
        self.single_observation_space = template.observation_space
        self.single_action_space = template.action_space
        self.observation_space = batch_space(self.single_observation_space, count)
        self.action_space = batch_space(self.single_action_space, count)
        worker = self._ray.remote(num_cpus=1)(RaceWorker)
        self._workers = [worker.remote(options) for _ in range(count)]
        self._observations: Any = create_empty_array(self.single_observation_space, count)

    def _gather(self, calls: list[Any]) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        results = self._ray.get(calls)
        infos: dict[str, Any] = {}
        for index, result in enumerate(results):
            infos = self._add_info(infos, result[-1], index)
        observations = concatenate(self.single_observation_space, [r[0] for r in results], self._observations)
        if len(results[0]) == 2:  # a reset
            return observations, np.zeros(0), np.zeros(0), np.zeros(0), infos
        rewards = np.array([r[1] for r in results], dtype=np.float64)
        terminations = np.array([r[2] for r in results], dtype=np.bool_)
        truncations = np.array([r[3] for r in results], dtype=np.bool_)
        return observations, rewards, terminations, truncations, infos

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Every race anew: seeds ``seed + i`` (or one each from a list), as ``SyncVectorEnv``."""
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + index for index in range(self.num_envs)]
        else:
            seeds = list(seed)
        if len(seeds) != self.num_envs:
            raise ValueError(f"{self.num_envs} seeds are needed, one per race, not {len(seeds)}")
        observations, _, _, _, infos = self._gather(
            [worker.reset.remote(one, options) for worker, one in zip(self._workers, seeds, strict=True)]
        )
        return deepcopy(observations), infos

    def step(self, actions: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One token in every race, the races stepped at once on the cluster."""
        calls = [worker.step.remote(int(action)) for worker, action in zip(self._workers, actions, strict=True)]
        observations, rewards, terminations, truncations, infos = self._gather(calls)
        return deepcopy(observations), rewards, terminations, truncations, infos

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the actors; leave the cluster if this environment joined it."""
        for worker in self._workers:
            self._ray.kill(worker)
        self._workers = []
        if self._joined:
            self._ray.shutdown()
            self._joined = False
