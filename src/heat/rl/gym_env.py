"""``HeatEnv``: the Gymnasium environment, one learning seat against any arena lineup."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from heat.engine import ConfigError
from heat.rl.actions import action_count
from heat.rl.observation import size
from heat.rl.season_observation import observation_size
from heat.rl.table import EpisodeOptions, Table, parse_entrants

OBSERVATION_BOUND = 100.0
"""Every feature is scaled to about -3..3; the box is wide so that no value falls outside it."""
ILLEGAL_ACTIONS = ("penalty", "raise")


def episode_options(
    *,
    agents: int = 1,
    opponents: str | Sequence[str] = "club*3",
    track: str | Sequence[str] | None = None,
    laps: int | None = None,
    garage: str | None = None,
    weather: bool = False,
    pro_legends: int = 0,
    tournament: bool = False,
    reward: str = "place",
    skip_forced: bool = True,
    shuffle_seats: bool = True,
    season: str | None = None,
    season_decisions: str = "agent",
) -> EpisodeOptions:
    """The options both environments take, checked (ConfigError names the wrong one).
    ``opponents``: one lineup (``'club,legend*4'``) or a list of lineups, one sampled per
    episode; ``track``: one track id or a list, one sampled per episode (``'usa'``); ``season``:
    a championship as one episode (its events choose the tracks)."""
    if season is not None and track is not None:
        raise ConfigError("a season's tracks are its events' (C-3): drop track")
    track = "usa" if track is None else track
    lineups = [opponents] if isinstance(opponents, str) else list(opponents)
    options = EpisodeOptions(
        agents=agents,
        opponents=tuple(parse_entrants(lineup) for lineup in lineups),
        tracks=(track,) if isinstance(track, str) else tuple(track),
        laps=laps,
        garage=garage,
        weather=weather,
        pro_legends=pro_legends,
        tournament=tournament,
        reward=reward,
        skip_forced=skip_forced,
        shuffle_seats=shuffle_seats,
        season=season,
        season_decisions=season_decisions,
    )
    options.check()
    return options


def observation_length(options: EpisodeOptions) -> int:
    """The length of an observation: a race's, or a season's (the race's and the season's block)."""
    return size() if options.season is None else observation_size()


def sample_episode(options: EpisodeOptions, rng: np.random.Generator) -> tuple[int, tuple[str, ...], str]:
    """An episode's race seed, lineup and track, drawn from the environment's generator."""
    seed = int(rng.integers(0, 2**62))
    lineup = options.opponents[int(rng.integers(len(options.opponents)))]
    track = options.tracks[int(rng.integers(len(options.tracks)))]
    return seed, lineup, track


class HeatEnv(gymnasium.Env[Any, np.int64]):  # type: ignore[misc, unused-ignore]  # Any without the extra
    """One seat learns; the other seats are ``opponents`` (bots, Legends, ``rl:PATH``).

    An action is one token of ``heat.rl.actions``; ``info['action_mask']`` and ``action_masks()``
    give the tokens allowed now. The reward is 0 until the race ends, then the seat's final
    reward (``reward``: place, win, points or rounds). An action the mask does not allow changes
    nothing and gets ``illegal_reward`` with ``info['illegal_action']`` (``illegal_action='raise'``:
    a ValueError instead). ``mask_in_observation`` makes the observation a dict
    ``{'observation', 'action_mask'}`` (PettingZoo's convention)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's class attribute)

    def __init__(
        self,
        *,
        illegal_action: str = "penalty",
        illegal_reward: float = -1.0,
        mask_in_observation: bool = False,
        max_steps: int = 20_000,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action is one of {ILLEGAL_ACTIONS}, not {illegal_action!r}")
        self.options = episode_options(**{"agents": 1, **options})
        if self.options.agents != 1:
            raise ValueError("HeatEnv has one learning seat; heat.rl.env() has several")
        self.illegal_action = illegal_action
        self.illegal_reward = illegal_reward
        self.mask_in_observation = mask_in_observation
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space: spaces.Space[Any]
        box = spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, (observation_length(self.options),), np.float32)
        self.action_space = spaces.Discrete(action_count())
        if mask_in_observation:
            self.observation_space = spaces.Dict(
                {"observation": box, "action_mask": spaces.Box(0, 1, (action_count(),), np.int8)}
            )
        else:
            self.observation_space = box
        self.table: Table | None = None
        self.steps = 0

    @property
    def seat(self) -> int:
        """The learning seat of this episode."""
        assert self.table is not None, "call reset() first"
        return self.table.agent_seats[0]

    def _observation(self) -> Any:
        assert self.table is not None
        observation = np.clip(self.table.observe(self.seat), -OBSERVATION_BOUND, OBSERVATION_BOUND)
        if self.mask_in_observation:
            return {"observation": observation, "action_mask": self.table.mask(self.seat)}
        return observation

    def _info(self) -> dict[str, Any]:
        assert self.table is not None
        return {"action_mask": self.table.mask(self.seat), "seat": self.seat}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """A new race: its seed, lineup and track drawn from the environment's generator."""
        super().reset(seed=seed)
        race_seed, lineup, track = sample_episode(self.options, self.np_random)
        self.table = Table(self.options, race_seed, lineup, track)
        self.steps = 0
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Take one token; the bots play until this seat must choose again or the race ends."""
        table = self.table
        assert table is not None, "call reset() first"
        if table.seat is None:
            raise RuntimeError("the race is over: call reset()")
        self.steps += 1
        token = int(action)
        try:
            table.choose(token)
        except ValueError:
            if self.illegal_action == "raise":
                raise
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_reward, False, self.steps >= self.max_steps, info
        over = table.seat is None
        reward = table.reward(self.seat) if over else 0.0
        info = self._info()
        if over:
            info["standings"] = table.standings()
        return self._observation(), reward, over, not over and self.steps >= self.max_steps, info

    def action_masks(self) -> np.ndarray:
        """The tokens allowed now, as booleans (sb3-contrib's MaskablePPO calls this)."""
        assert self.table is not None, "call reset() first"
        return self.table.mask(self.seat).astype(bool)

    def render(self) -> str | None:
        """``ansi``: the standings and the decision spelled so far, as text."""
        if self.render_mode != "ansi" or self.table is None:
            return None
        return render_table(self.table)


def render_table(table: Table) -> str:
    """The round (or the season's race) and the standings, as text."""
    seats = table.game.config.seats
    race = table.race
    where = f"round {race.round}" if race is not None else f"season: {table.game.phase}"
    return f"{where}: " + ", ".join(seats[seat].name for seat in table.standings())
