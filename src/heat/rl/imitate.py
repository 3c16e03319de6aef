"""Behaviour cloning: teach the PPO policy network to spell what a bot decides, before PPO.

    python -m heat.rl.imitate --out runs/bc --teacher club --opponents club --minutes 15

plays races with the ``teacher`` bot in the learning seat against the lineups of training
(``HeatEnv``'s options), records at every token the environment asks for the observation, the
mask and the teacher's token (``spell`` of its decision, token by token), then trains the policy
network of a new MaskablePPO (the one ``heat.rl.train`` builds) by cross-entropy on the masked
logits, and its value head on the discounted final reward. ``OUT/model.zip`` seats as
``rl:OUT/model.zip`` and goes on with ``python -m heat.rl.train --resume OUT/model.zip``.
Races are split by race into training and held-out samples; the token accuracy on the held-out
races is printed after each epoch.

``--dagger N`` then runs N rounds of DAgger: ``--dagger-races`` races in which the *learner*
drives (its most likely allowed token, as ``rl:PATH`` plays), every token it is asked for
labelled with the teacher's, added to the samples, and the policy trained on them all again.
A clone alone only sees the teacher's states; DAgger teaches it the way back from its own
mistakes. Needs the ``learn`` extra (docs/rl.md).
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

from heat.bots.base import Bot
from heat.engine import ConfigError, Decision, HeatError, SeatView
from heat.rl.actions import spell
from heat.rl.gym_env import OBSERVATION_BOUND, episode_options, sample_episode
from heat.rl.table import EpisodeOptions, Table, make_driver
from heat.rl.train import GAMMA, env_options, new_model, parse_net_arch


@dataclass
class Samples:
    """The recorded tokens: observation, mask, the teacher's token, the value target, the race."""

    observations: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)
    races: list[int] = field(default_factory=list)
    held_out: set[int] = field(default_factory=set)
    """The races kept out of training, to measure the accuracy on."""
    wins: int = 0
    """Races the learning seat won."""

    def __len__(self) -> int:
        return len(self.tokens)

    @property
    def race_count(self) -> int:
        """The races recorded (numbered from 0)."""
        return max(self.races) + 1 if self.races else 0


def play_race(
    options: EpisodeOptions,
    teacher: str,
    rng: np.random.Generator,
    race: int,
    samples: Samples,
    learner: Any = None,
    teacher_share: float = 0.0,
) -> None:
    """One race with a sample for every token the learning seat is asked for (forced tokens are
    skipped, as in ``HeatEnv``), labelled with ``teacher``'s token; the value targets once it ends.

    Without ``learner`` the teacher drives. With ``learner`` (a MaskablePPO policy) the learner
    drives (DAgger) and the teacher only labels, from the same view; ``teacher_share`` is the
    chance that the teacher drives a whole decision instead. Where the learner has spelled a
    prefix that the teacher's decision does not start with, the label is the next token of the
    teacher's best decision among those that start with the prefix (``consistent_choice``)."""
    from heat.rl.policy import most_likely_token

    seed, lineup, track = sample_episode(options, rng)
    table = Table(options, seed, lineup, track)
    driver = make_driver(teacher, seed)
    first = len(samples)
    cursor: Any = None
    spelling: tuple[int, ...] = ()
    teacher_drives = True
    view: Any = None
    legal: Sequence[Decision] = ()
    while table.seat is not None:
        seat = table.seat
        if table.cursor is not cursor:  # a new decision: ask the teacher for all of it
            cursor = table.cursor
            view = table.view(seat)
            assert isinstance(view, SeatView), "imitation is of races, not of seasons"
            legal = table.game.legal_decisions(seat)
            spelling = spell(driver.choose(view, legal))
            teacher_drives = learner is None or rng.random() < teacher_share
        assert cursor is not None
        prefix = tuple(cursor.prefix)
        if spelling[: len(prefix)] != prefix:  # the learner left the teacher's spelling
            spelling = spell(consistent_choice(driver, view, legal, prefix))
        observation = np.clip(table.observe(seat), -OBSERVATION_BOUND, OBSERVATION_BOUND).astype(np.float32)
        mask = table.mask(seat).astype(bool)
        token = spelling[len(prefix)]
        samples.observations.append(observation)
        samples.masks.append(mask)
        samples.tokens.append(token)
        samples.races.append(race)
        table.choose(token if teacher_drives else most_likely_token(learner, observation, mask))
    seat = table.agent_seats[0]
    reward = table.reward(seat)
    samples.wins += table.standings()[0] == seat
    count = len(samples) - first
    samples.returns.extend(reward * GAMMA ** (count - 1 - i) for i in range(count))


def consistent_choice(driver: Bot, view: SeatView, legal: Sequence[Decision], prefix: tuple[int, ...]) -> Decision:
    """``driver``'s choice among the legal decisions whose spelling starts with ``prefix`` (the
    bots choose among the decisions they are given: a plan of the gear the learner has taken)."""
    consistent = [decision for decision in legal if spell(decision)[: len(prefix)] == prefix]
    return driver.choose(view, consistent)


def collect(
    options: EpisodeOptions,
    teacher: str,
    races: int,
    deadline: float,
    rng: np.random.Generator,
    samples: Samples,
    *,
    held_out: float,
    learner: Any = None,
    teacher_share: float = 0.0,
) -> None:
    """Up to ``races`` more races into ``samples`` until ``deadline`` (``time.monotonic()``);
    a ``held_out`` share of them (every 10th race for 0.1, and at least one of two or more) kept
    out of training; a progress line on stderr."""
    first = samples.race_count
    wins = samples.wins
    played = 0
    period = max(2, round(1 / held_out)) if held_out > 0 else 0
    while played < races and time.monotonic() < deadline:
        race = first + played
        if period and played % period == period - 1:
            samples.held_out.add(race)
        play_race(options, teacher, rng, race, samples, learner, teacher_share)
        played += 1
        if played % 10 == 0 or played == races:
            driver = "teacher" if learner is None else "learner"
            print(
                f"\rraces {played}: {len(samples)} tokens, {driver} won {(samples.wins - wins) / played:.0%}",
                end="",
                file=sys.stderr,
                flush=True,
            )
    if played > 1 and period and not samples.held_out.intersection(range(first, first + played)):
        samples.held_out.add(first + played - 1)  # fewer races than the period: keep the last out
    print(file=sys.stderr)


def _heads(policy: Any, observations: Any) -> tuple[Any, Any]:
    """The policy network's action logits and values for a batch of observations."""
    features = policy.extract_features(observations, policy.pi_features_extractor)
    latent_pi, latent_vf = policy.mlp_extractor(features)
    return policy.action_net(latent_pi), policy.value_net(latent_vf).squeeze(-1)


def fit(model: Any, samples: Samples, args: argparse.Namespace, epochs: int, deadline: float) -> float:
    """Train ``model``'s policy on the samples of the training races; return the held-out
    token accuracy of the last epoch (the share of tokens where the most likely allowed token
    is the teacher's)."""
    import torch

    policy = model.policy
    kept = np.isin(np.asarray(samples.races), sorted(samples.held_out))
    train_rows = np.flatnonzero(~kept)
    test_rows = np.flatnonzero(kept)
    observations = torch.as_tensor(np.stack(samples.observations))
    masks = torch.as_tensor(np.stack(samples.masks))
    tokens = torch.as_tensor(samples.tokens, dtype=torch.long)
    returns = torch.as_tensor(samples.returns, dtype=torch.float32)
    optimizer = torch.optim.Adam(policy.parameters(), lr=args.learning_rate)
    generator = np.random.default_rng(args.seed)
    accuracy = float("nan")
    for epoch in range(1, epochs + 1):
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
            f"({len(test_rows)} tokens of {len(samples.held_out)} races)",
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
    """The options: ``heat.rl.train``'s race options, the teacher, DAgger and the budget."""
    parser = argparse.ArgumentParser(prog="python -m heat.rl.imitate", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="folder for model.zip (created)")
    parser.add_argument("--teacher", default="club", help="the bot to imitate: a level, search or rl:PATH")
    parser.add_argument("--races", type=int, default=100_000, help="races the teacher drives, at most")
    parser.add_argument("--minutes", type=float, default=15.0, help="time budget, play and training")
    parser.add_argument("--play-share", type=float, default=0.6, help="share of the budget for the teacher's races")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--dagger", type=int, default=0, help="rounds of DAgger after the clone")
    parser.add_argument("--dagger-races", type=int, default=100, help="races the learner drives in each round")
    parser.add_argument("--dagger-epochs", type=int, default=5, help="epochs over all the samples after each round")
    parser.add_argument(
        "--teacher-share", type=float, default=0.0, help="in DAgger races, the chance the teacher drives a decision"
    )
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--learning-rate", type=float, default=1e-3)
    parser.add_argument("--value-weight", type=float, default=0.5, help="weight of the value loss")
    parser.add_argument("--held-out", type=float, default=0.1, help="share of each round's races kept to measure")
    parser.add_argument("--net-arch", default="256,256", help="hidden layers of the network: widths, comma-separated")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponents", action="append", help="a lineup of the other seats; repeat to sample")
    parser.add_argument("--track", default="usa", help="a track, or several separated by commas (sampled)")
    parser.add_argument("--laps", type=int, default=None)
    parser.add_argument("--reward", default="place", help="place, win, points or rounds (the value targets)")
    args = parser.parse_args(argv)
    for name in ("races", "epochs", "batch_size", "dagger_races", "dagger_epochs"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be 1 or more")
    if args.dagger < 0:
        parser.error("--dagger must be 0 or more")
    if args.minutes <= 0:
        parser.error("--minutes must be more than 0")
    if not 0 < args.play_share < 1 or not 0 <= args.held_out < 1 or not 0 <= args.teacher_share <= 1:
        parser.error("--play-share is between 0 and 1, --held-out from 0 to below 1, --teacher-share from 0 to 1")
    try:
        parse_net_arch(args.net_arch)
    except ValueError as error:
        parser.error(f"--net-arch: {error}")
    return args


def imitate(args: argparse.Namespace) -> Path:
    """Play, fit, run the rounds of DAgger and save; return the path of the model."""
    import torch

    from heat.rl.gym_env import HeatEnv

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)  # two cores shared: one thread is fastest here (heat.rl.train)
    options = env_options(args)
    episode = episode_options(**options)
    if args.teacher == "legend":
        raise ConfigError("a Legend is not a bot that decides: the teacher is a level, search or rl:PATH")
    make_driver(args.teacher, 0)  # an unknown teacher fails here, in one line
    start = time.monotonic()
    deadline = start + args.minutes * 60
    rng = np.random.default_rng(args.seed)
    samples = Samples()
    teacher_deadline = start + args.minutes * 60 * args.play_share
    collect(episode, args.teacher, args.races, teacher_deadline, rng, samples, held_out=args.held_out)
    model = new_model(HeatEnv(**options), seed=args.seed, net_arch=parse_net_arch(args.net_arch))
    accuracy = fit(model, samples, args, args.epochs, deadline)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    final = out / "model.zip"
    for round_number in range(1, args.dagger + 1):
        model.save(out / f"model-round-{round_number - 1}.zip")
        print(f"DAgger round {round_number} of {args.dagger}", file=sys.stderr, flush=True)
        collect(
            episode,
            args.teacher,
            args.dagger_races,
            deadline,
            rng,
            samples,
            held_out=args.held_out,
            learner=model.policy,
            teacher_share=args.teacher_share,
        )
        accuracy = fit(model, samples, args, args.dagger_epochs, deadline)
    model.save(final)
    print(f"{samples.race_count} races, {len(samples)} tokens; held-out accuracy {accuracy:.1%}; model: {final}")
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
