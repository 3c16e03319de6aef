"""Difficulty levels a player picks by name, each a documented bot configuration.

| level | driver | thinking |
| --- | --- | --- |
| ``random`` | RandomBot | uniformly random legal decisions (tests, baselines) |
| ``rookie`` | HeuristicBot, noisy | the heuristic with a wide random spread on every score |
| ``club`` | HeuristicBot | the heuristic: distance against Heat, one turn ahead |
| ``pro`` | SearchBot | 80 rollouts per decision, 1 round ahead |
| ``champion`` | SearchBot | 320 rollouts per decision, 2 rounds ahead, capped at 2.5 s |
"""

from __future__ import annotations

from heat.bots.base import Bot
from heat.bots.heuristic import HeuristicBot, Weights
from heat.bots.random_bot import RandomBot
from heat.bots.search import SearchBot, SearchSettings
from heat.engine import ConfigError

LEVELS = ("random", "rookie", "club", "pro", "champion")


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of the named level with its own seeded generator."""
    if level == "random":
        return RandomBot(seed, name="random")
    if level == "rookie":
        return HeuristicBot(seed, name="rookie", weights=Weights(noise=8.0))
    if level == "club":
        return HeuristicBot(seed, name="club")
    if level == "pro":
        return SearchBot(seed, name="pro", settings=SearchSettings(rollouts=80, horizon=1, candidates=5))
    if level == "champion":
        return SearchBot(
            seed, name="champion", settings=SearchSettings(rollouts=320, horizon=2, candidates=6, seconds=2.5)
        )
    raise ConfigError(f"unknown bot level {level!r}; levels are: {', '.join(LEVELS)}")
