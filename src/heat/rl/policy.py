"""``PolicyBot``: a trained policy (``rl:PATH``, a MaskablePPO zip) driving wherever a bot sits.

It sees what every bot sees, its view and the legal decisions, and spells its decision one token
at a time as the environment taught it: the observation of its view and the prefix so far, the
mask of the tokens that lead on to a legal decision, the policy's most likely allowed token.
Needs the ``learn`` extra (docs/rl.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from heat.bots.base import Bot
from heat.engine import ConfigError, Decision, SeatView
from heat.engine.championship import SeasonView
from heat.rl.actions import DecisionCursor
from heat.rl.observation import encode, size

PREFIX = "rl:"


@cache
def load_model(path: str) -> Any:
    """The MaskablePPO model saved at ``path``, loaded once per process. ConfigError in one line
    if the file is missing, the learning extra is not installed or the model does not fit."""
    if not Path(path).is_file():
        raise ConfigError("rl:{path}: no such model file (train one: python -m heat.rl.train)", path=path)
    try:
        from sb3_contrib import MaskablePPO
    except ImportError:
        raise ConfigError("rl:PATH needs the learning extra: pip install -e '.[learn]' (docs/rl.md)") from None
    try:
        model = MaskablePPO.load(path, device="cpu")
    except Exception as error:  # a zip of another kind, a damaged file: what SB3 raises varies
        raise ConfigError(
            "rl:{path}: not a model this version can load ({kind})", path=path, kind=type(error).__name__
        ) from None
    if model.observation_space.shape != (size(),):
        raise ConfigError(
            "rl:{path}: a model for observations of {shape}, not {expected}",
            path=path,
            shape=model.observation_space.shape,
            expected=(size(),),
        )
    return model


class PolicyBot:
    """A trained policy as a bot. Deterministic: the most likely allowed token at every step."""

    def __init__(self, model: Any, name: str = "rl") -> None:
        self.model = model
        self.name = name

    @classmethod
    def load(cls, path: str) -> PolicyBot:
        """The policy saved at ``path`` (``rl:PATH`` without its prefix)."""
        return cls(load_model(path), name=f"{PREFIX}{Path(path).name}")

    def choose(self, view: SeatView | SeasonView, legal: Sequence[Decision]) -> Decision:
        """One of ``legal``, spelled token by token from ``view`` alone."""
        if not isinstance(view, SeatView):
            # A season's decisions between races (swaps, GOAT) are not in the training: the club
            # heuristic takes them.
            from heat.bots.levels import make_bot

            return make_bot("club").choose(view, legal)
        cursor = DecisionCursor(legal)
        while True:
            decision = cursor.advance_forced()
            if decision is not None:
                return decision
            action, _ = self.model.predict(
                encode(view, cursor.prefix), action_masks=cursor.mask().astype(bool), deterministic=True
            )
            decision = cursor.choose(int(action))
            if decision is not None:
                return decision


def is_policy(name: str) -> bool:
    """Does the entrant name a trained policy (``rl:PATH``)?"""
    return name.startswith(PREFIX)


def policy_bot(name: str) -> Bot:
    """The bot of ``rl:PATH``."""
    return PolicyBot.load(name[len(PREFIX) :])
