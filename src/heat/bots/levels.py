"""Difficulty levels a player picks by name, each a documented bot configuration.

| level | driver | thinking |
| --- | --- | --- |
| ``random`` | RandomBot | uniformly random legal decisions (tests, baselines) |
| ``rookie`` | HeuristicBot, noisy | the heuristic with a wide random spread on every score |
| ``club`` | HeuristicBot | the heuristic: distance against Heat, one turn ahead |
| ``pro`` | PlannerBot, light | every plan judged against a coarse value table; the heuristic's discards |
| ``champion`` | PlannerBot, full | the same, foreseeing the other cars (blocking, slipstream, |
| | | Adrenaline, the finish); discards and the cards each plan keeps |
| | | judged on sampled draws |

``SearchBot`` (information-set Monte Carlo tree search over the champion's favourite plans) is
not a level but an arena entrant (``search``): measured by the arena it is no stronger than the
champion it searches with (docs/bots.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from heat.bots.base import Bot
from heat.bots.heuristic import HeuristicBot, Weights
from heat.bots.names import LEVELS
from heat.bots.planner_settings import PlannerSettings
from heat.bots.random_bot import RandomBot
from heat.engine import ConfigError

__all__ = ["CHAMPION", "LEVELS", "PRO", "level_label", "levels_text", "make_bot", "parse_levels"]

PRO = PlannerSettings(forecast=False, decisive=False, discard_samples=0, samples=2)
"""The pro: the planner alone with its car (no forecast of the others, heuristic discards), on a
coarser table (2 sampled hands per hand size instead of 16): with the champion's table it was as
strong as the champion head to head (docs/bots.md)."""
CHAMPION = PlannerSettings(forecast=True, decisive=True, discard_samples=24, adrenaline_bonus=0.1, kept_hand=0.5)
"""The champion: the planner with everything it knows."""


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of the named level with its own seeded generator."""
    if level == "random":
        return RandomBot(seed, name="random")
    if level == "rookie":
        return HeuristicBot(seed, name="rookie", weights=Weights(noise=8.0))
    if level == "club":
        return HeuristicBot(seed, name="club")
    if level.startswith("rl:"):  # a trained policy (docs/rl.md): loaded only when asked for
        from heat.rl.policy import policy_bot

        return policy_bot(level)
    if level in ("pro", "champion"):
        # Imported here: the planner's numpy takes longer to load than the rest of a game, and
        # a race without a planner (the default club bots) does not need it.
        from heat.bots.planner import PlannerBot

        return PlannerBot(seed, name=level, settings=PRO if level == "pro" else CHAMPION)
    raise ConfigError("unknown bot level {level}; levels are: {levels}", level=repr(level), levels=", ".join(LEVELS))


def parse_levels(text: str, bots: int) -> list[str]:
    """The level of each of ``bots`` bots, in seat order, from one name for every bot
    (``'club'``) or one name per bot (``'champion,rookie,rookie'``). ConfigError names what
    was wrong."""
    names = [part.strip() if part.strip().startswith("rl:") else part.strip().lower() for part in text.split(",")]
    for name in names:
        if name == "rl:":
            raise ConfigError("rl: needs the path of a trained model, e.g. rl:model.zip (docs/rl.md)")
        if name not in LEVELS and not name.startswith("rl:"):
            raise ConfigError(
                "unknown bot level {level}; levels are: {levels}, or rl:PATH",
                level=repr(name),
                levels=", ".join(LEVELS),
            )
    if len(names) == 1:
        return names * bots
    if len(names) != bots:
        raise ConfigError(
            "{levels} levels for {bots} bots: give one level for every bot, or one per bot",
            levels=len(names),
            bots=bots,
        )
    return names


def level_label(level: str) -> str:
    """A level as a bot's name says it: ``Champion``, or ``Policy`` for ``rl:PATH`` (a path would
    not fit in a name)."""
    return "Policy" if level.startswith("rl:") else level.capitalize()


def levels_text(levels: Sequence[str]) -> str:
    """The short text ``parse_levels`` reads back: one name if every bot has it."""
    if not levels:
        return "club"
    return levels[0] if len(set(levels)) == 1 else ",".join(levels)
