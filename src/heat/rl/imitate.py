"""Behaviour cloning: teach the PPO policy network to spell what a bot decides, before PPO.

    python -m heat.rl.imitate --out runs/bc --teacher club --opponents club --minutes 15

plays races with the ``teacher`` bot in the learning seat against the lineups of training
(``HeatEnv``'s options), records at every token the environment asks for the observation, the
mask and the teacher's token (``spell`` of its decision, token by token), then trains the policy
network of a new MaskablePPO (the one ``heat.rl.train`` builds) by cross-entropy on the masked
logits, and its value head on the discounted final reward. ``OUT/model.zip`` seats as
``rl:OUT/model.zip`` and goes on with ``python -m heat.rl.train --resume OUT/model.zip``.
Races are split by race into training and held-out samples; the token accuracy on the held-out
races is printed after each epoch. Needs the ``learn`` extra (docs/rl.md).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from heat.engine import ConfigError, HeatError
from heat.rl.actions import spell
from heat.rl.gym_env import OBSERVATION_BOUND, episode_options, sample_episode
from heat.rl.table import EpisodeOptions, Table, make_driver
from heat.rl.train import env_options

GAMMA = 0.999
"""The discount of the value targets: ``heat.rl.train``'s, so that PPO starts from a fitting critic."""


@dataclass
class Samples:
    """The recorded tokens: observation, mask, the teacher's token, the value target, the race."""

    observations: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)
    races: list[int] = field(default_factory=list)
    wins: int = 0

    def __len__(self) -> int:
        return len(self.tokens)


def play_race(options: EpisodeOptions, teacher: str, rng: np.random.Generator, race: int, samples: Samples) -> None:
    """One race with ``teacher`` in the learning seat: a sample for every token the seat is asked
    for (forced tokens are skipped, as in ``HeatEnv``), the value targets once it ends."""
    seed, lineup, track = sample_episode(options, rng)
    table = Table(options, seed, lineup, track)
    driver = make_driver(teacher, seed)
    first = len(samples)
    cursor: Any = None
    spelling: tuple[int, ...] = ()
    while table.seat is not None:
        seat = table.seat
        if table.cursor is not cursor:  # a new decision: ask the teacher for all of it
            cursor = table.cursor
            assert cursor is not None
            spelling = spell(driver.choose(table.view(seat), table.game.legal_decisions(seat)))
        assert cursor is not None
        token = spelling[len(cursor.prefix)]
        samples.observations.append(
            np.clip(table.observe(seat), -OBSERVATION_BOUND, OBSERVATION_BOUND).astype(np.float32)
        )
        samples.masks.append(table.mask(seat).astype(bool))
        samples.tokens.append(token)
        samples.races.append(race)
        table.choose(token)
    seat = table.agent_seats[0]
    reward = table.reward(seat)
    samples.wins += table.standings()[0] == seat
    count = len(samples) - first
    samples.returns.extend(reward * GAMMA ** (count - 1 - i) for i in range(count))


def collect(options: EpisodeOptions, teacher: str, races: int, seconds: float, seed: int) -> Samples:
    """Up to ``races`` races within ``seconds``, seeded by ``seed``; a progress line on stderr."""
    rng = np.random.default_rng(seed)
    samples = Samples()
    deadline = time.monotonic() + seconds
    race = 0
    while race < races and time.monotonic() < deadline:
        play_race(options, teacher, rng, race, samples)
        race += 1
        if race % 10 == 0 or race == races:
            print(
                f"\rraces {race}: {len(samples)} tokens, teacher won {samples.wins / race:.0%}",
                end="",
                file=sys.stderr,
                flush=True,
            )
    print(file=sys.stderr)
    return samples


def new_model(options: dict[str, Any], seed: int) -> Any:
    """The MaskablePPO that ``heat.rl.train`` builds (same network and settings)."""
    from sb3_contrib import MaskablePPO

    from heat.rl.gym_env import HeatEnv

    return MaskablePPO(
        "MlpPolicy",
        HeatEnv(**options),
        n_steps=1024,
        batch_size=256,
        learning_rate=3e-4,
        gamma=GAMMA,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=seed,
        device="cpu",
        verbose=0,
    )


def _heads(policy: Any, observations: Any) -> tuple[Any, Any]:
    """The policy network's action logits and values for a batch of observations."""
    features = policy.extract_features(observations, policy.pi_features_extractor)
    latent_pi, latent_vf = policy.mlp_extractor(features)
    return policy.action_net(latent_pi), policy.value_net(latent_vf).squeeze(-1)


def fit(model: Any, samples: Samples, args: argparse.Namespace, deadline: float) -> float:
    """Train ``model``'s policy on the samples of the training races; return the held-out
    token accuracy of the last epoch (the share of tokens where the most likely allowed token
    is the teacher's)."""
    import torch

    policy = model.policy
    races = max(samples.races) + 1
    held_out_from = races - max(1, round(races * args.held_out)) if races > 1 else races
    race_of = np.asarray(samples.races)
    train_rows = np.flatnonzero(race_of < held_out_from)
    test_rows = np.flatnonzero(race_of >= held_out_from)
    observations = torch.as_tensor(np.stack(samples.observations))
    masks = torch.as_tensor(np.stack(samples.masks))
    tokens = torch.as_tensor(samples.tokens, dtype=torch.long)
    returns = torch.as_tensor(samples.returns, dtype=torch.float32)
    optimizer = torch.optim.Adam(policy.parameters(), lr=args.learning_rate)
    generator = np.random.default_rng(args.seed)
    accuracy = float("nan")
    for epoch in range(1, args.epochs + 1):
        policy.train()
        order = generator.permutation(train_rows)
        total = 0.0
        for start in range(0, len(order), args.batch_size):
            rows = torch.as_tensor(order[start : start + args.batch_size])
            logits, values = _heads(policy, observations[rows])
            logits = logits.masked_fill(~masks[rows], -1e8)  # only the allowed tokens compete
            loss = torch.nn.functional.cross_entropy(logits, tokens[rows])
            loss = loss + args.value_weight * torch.nn.functional.mse_loss(values, returns[rows])
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimizer.step()
            total += loss.item() * len(rows)
        accuracy = held_out_accuracy(policy, observations[test_rows], masks[test_rows], tokens[test_rows])
        print(
            f"epoch {epoch}: loss {total / max(1, len(order)):.3f}, held-out accuracy {accuracy:.1%} "
            f"({len(test_rows)} tokens of {races - held_out_from} races)",
            file=sys.stderr,
            flush=True,
        )
        if time.monotonic() > deadline:
            break
    policy.set_training_mode(False)
    return accuracy


def held_out_accuracy(policy: Any, observations: Any, masks: Any, tokens: Any) -> float:
    """The share of ``tokens`` that are the most likely allowed token (NaN for no tokens)."""
    import torch

    if len(tokens) == 0:
        return float("nan")
    policy.set_training_mode(False)
    with torch.no_grad():
        logits, _ = _heads(policy, observations)
        chosen = logits.masked_fill(~masks, -1e8).argmax(dim=1)
    return float((chosen == tokens).float().mean())


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The options: ``heat.rl.train``'s race options, the teacher and the budget."""
    parser = argparse.ArgumentParser(prog="python -m heat.rl.imitate", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="folder for model.zip (created)")
    parser.add_argument("--teacher", default="club", help="the bot to imitate: a level, search or rl:PATH")
    parser.add_argument("--races", type=int, default=100_000, help="races played at most")
    parser.add_argument("--minutes", type=float, default=15.0, help="time budget, play and training")
    parser.add_argument("--play-share", type=float, default=0.6, help="share of the budget for playing races")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--learning-rate", type=float, default=1e-3)
    parser.add_argument("--value-weight", type=float, default=0.5, help="weight of the value loss")
    parser.add_argument("--held-out", type=float, default=0.1, help="share of the races kept to measure")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponents", action="append", help="a lineup of the other seats; repeat to sample")
    parser.add_argument("--track", default="usa", help="a track, or several separated by commas (sampled)")
    parser.add_argument("--laps", type=int, default=None)
    parser.add_argument("--reward", default="place", help="place, win, points or rounds (the value targets)")
    args = parser.parse_args(argv)
    for name in ("races", "epochs", "batch_size"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be 1 or more")
    if args.minutes <= 0:
        parser.error("--minutes must be more than 0")
    if not 0 < args.play_share < 1 or not 0 <= args.held_out < 1:
        parser.error("--play-share is between 0 and 1, --held-out from 0 to below 1")
    return args


def imitate(args: argparse.Namespace) -> Path:
    """Play, fit and save; return the path of the model."""
    import torch

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)  # two cores shared: one thread is fastest here (heat.rl.train)
    options = env_options(args)
    episode = episode_options(**options)
    if args.teacher == "legend":
        raise ConfigError("a Legend is not a bot that decides: the teacher is a level, search or rl:PATH")
    make_driver(args.teacher, 0)  # an unknown teacher fails here, in one line
    start = time.monotonic()
    seconds = args.minutes * 60
    samples = collect(episode, args.teacher, args.races, seconds * args.play_share, args.seed)
    model = new_model(options, args.seed)
    accuracy = fit(model, samples, args, start + seconds)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    final = out / "model.zip"
    model.save(final)
    races = max(samples.races) + 1
    print(f"{races} races, {len(samples)} tokens; held-out accuracy {accuracy:.1%}; model: {final}")
    return final


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: 0 when trained, 2 with a one-line error for bad options."""
    args = parse_args(argv)
    try:
        import sb3_contrib  # noqa: F401
    except ImportError:
        print("imitation needs the learning extra: pip install -e '.[learn]' (docs/rl.md)", file=sys.stderr)
        return 2
    try:
        imitate(args)
    except HeatError as error:
        print(f"heat.rl.imitate: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
