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
from typing import TYPE_CHECKING, Any

from heat.bots.base import Bot
from heat.engine import ConfigError, Decision, SeatView
from heat.engine.championship import SeasonView
from heat.rl.actions import DecisionCursor
from heat.rl.observation import encode, size

if TYPE_CHECKING:
    import numpy as np

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


def most_likely_token(policy: Any, observation: np.ndarray, mask: np.ndarray) -> int:
    """The allowed token (``mask`` true) that ``policy`` (a MaskablePPO's) finds most likely for
    ``observation``: what ``model.predict(..., deterministic=True)`` returns, without its
    conversions (a quarter of a decision's time), and with the observation clipped as
    ``HeatEnv`` clips it for training."""
    import torch

    from heat.rl.gym_env import OBSERVATION_BOUND

    with torch.no_grad():
        batch = torch.as_tensor(observation, dtype=torch.float32).clamp(-OBSERVATION_BOUND, OBSERVATION_BOUND)
        features = policy.extract_features(batch.unsqueeze(0), policy.pi_features_extractor)
        logits = policy.action_net(policy.mlp_extractor.forward_actor(features))[0]
        # a copy as booleans: torch warns about sharing a read-only array (a cursor's masks are)
        logits = logits.masked_fill(~torch.as_tensor(mask.astype(bool)), -torch.inf)
        return int(logits.argmax())


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
            token = most_likely_token(self.model.policy, encode(view, cursor.prefix), cursor.mask())
            decision = cursor.choose(token)
            if decision is not None:
                return decision


def is_policy(name: str) -> bool:
    """Does the entrant name a trained policy (``rl:PATH``)?"""
    return name.startswith(PREFIX)


def policy_bot(name: str) -> Bot:
    """The bot of ``rl:PATH``."""
    return PolicyBot.load(name[len(PREFIX) :])
