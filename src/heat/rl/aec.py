"""``HeatAECEnv``: the PettingZoo AEC environment, every learning seat of a race an agent.

Agents are named ``seat_N`` after their seat. The agent selected is the one whose decision is
being spelled, token by token; in the plan phase (simultaneous and secret, B-11.4) the agents
commit one after the other, and none sees another's plan before the reveal. Observations are
``{'observation': float32 vector, 'action_mask': int8 vector}``; the other seats (bots and
Legends) play inside ``step``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from heat.rl.actions import action_count
from heat.rl.gym_env import OBSERVATION_BOUND, episode_options, observation_length, render_table, sample_episode
from heat.rl.table import Table


def agent_name(seat: int) -> str:
    """The agent of a seat: ``seat_0``..."""
    return f"seat_{seat}"


class HeatAECEnv(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc, unused-ignore]  # pettingzoo is untyped
    """Heat for several learners (``heat.rl.env(agents=3, opponents='legend*2', ...)``).

    Every agent's reward is 0 until the race ends, then its final reward (``reward`` option).
    The seating is drawn per episode, so ``possible_agents`` lists every seat a learner may get
    and ``agents`` the ones of this episode."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "heat_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, *, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.options = episode_options(**{"agents": 2, "opponents": "club*2", **options})
        self.render_mode = render_mode
        cars = self.options.agents + max(len(lineup) for lineup in self.options.opponents)
        self.possible_agents = [agent_name(seat) for seat in range(cars)]
        box = spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, (observation_length(self.options),), np.float32)
        mask = spaces.Box(0, 1, (action_count(),), np.int8)
        self._observation_space = spaces.Dict({"observation": box, "action_mask": mask})
        self._action_space = spaces.Discrete(action_count())
        self._rng = np.random.default_rng()
        self.table: Table | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """One token of ``heat.rl.actions`` (``tokens()[i]``)."""
        return self._action_space

    def _seat(self, agent: str) -> int:
        return int(agent.removeprefix("seat_"))

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new race: seed, lineup and track drawn from the generator ``seed`` starts."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        race_seed, lineup, track = sample_episode(self.options, self._rng)
        self.table = Table(self.options, race_seed, lineup, track)
        self.agents = [agent_name(seat) for seat in self.table.agent_seats]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._settle()

    def _settle(self) -> None:
        """Select the agent to decide, or end the episode for every agent."""
        table = self.table
        assert table is not None
        if table.seat is not None:
            self.agent_selection = agent_name(table.seat)
            return
        standings = table.standings()
        for agent in self.agents:
            self.rewards[agent] = table.reward(self._seat(agent))
            self.terminations[agent] = True
            self.infos[agent] = {"standings": standings}
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's view encoded, and its mask (all 0 unless it is choosing now)."""
        assert self.table is not None, "call reset() first"
        seat = self._seat(agent)
        observation = np.clip(self.table.observe(seat), -OBSERVATION_BOUND, OBSERVATION_BOUND)
        return {"observation": observation, "action_mask": self.table.mask(seat)}

    def step(self, action: int | None) -> None:
        """The selected agent takes one token (None once it is terminated). ValueError naming the
        token (nothing changed) for a token its mask does not allow."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.table is not None and action is not None
        self.table.choose(int(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._settle()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """``ansi``: the round and the standings as text."""
        if self.render_mode != "ansi" or self.table is None:
            return None
        return render_table(self.table)

    def close(self) -> None:
        """Nothing to release."""
