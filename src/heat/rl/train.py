"""Train a driver: MaskablePPO (sb3-contrib) on ``HeatEnv``, on the CPU, within a time budget.

    python -m heat.rl.train --out runs/rl --minutes 60 --opponents club*3

writes ``OUT/model.zip`` (seat it with ``rl:OUT/model.zip``), ``OUT/checkpoints/*.zip``, and
the learning curve (``curve.csv``, ``curve.svg``, ``curve.png``: the mean final reward of the
last episodes against the steps taken). The seed fixes the networks, the races and the seating.
Needs the ``learn`` extra (docs/rl.md).
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from heat.engine import HeatError

CURVE_WINDOW = 100
"""Episodes in each point of the learning curve (a running mean)."""
GAMMA = 0.999
"""The discount: a race is a few hundred tokens long, and only its end is rewarded."""
NET_ARCH = "256,256"
"""The hidden layers of the policy and value networks (each its own MLP)."""


def parse_net_arch(text: str) -> list[int]:
    """``'256,256'`` -> [256, 256]. ValueError for anything but positive widths."""
    parts = [part.strip() for part in text.split(",")]
    if not all(part.isdigit() and int(part) > 0 for part in parts):
        raise ValueError(f"the layers are positive widths separated by commas, not {text!r}")
    return [int(part) for part in parts]


def new_model(
    env: Any,
    *,
    seed: int,
    n_steps: int = 1024,
    batch_size: int = 256,
    learning_rate: float = 3e-4,
    ent_coef: float = 0.01,
    net_arch: Sequence[int] = (256, 256),
) -> Any:
    """A new MaskablePPO on ``env`` (a ``HeatEnv`` or a vector of them), on the CPU: the one
    model both ``heat.rl.train`` and ``heat.rl.imitate`` start from."""
    from sb3_contrib import MaskablePPO

    return MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=n_steps,
        batch_size=batch_size,
        learning_rate=learning_rate,
        gamma=GAMMA,
        ent_coef=ent_coef,
        policy_kwargs={"net_arch": list(net_arch)},
        seed=seed,
        device="cpu",
        verbose=0,
    )


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The options, with defaults for a one-hour run on two cores."""
    parser = argparse.ArgumentParser(prog="python -m heat.rl.train", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="folder for the model, checkpoints and curve (created)")
    parser.add_argument("--steps", type=int, default=3_000_000, help="environment steps at most (tokens)")
    parser.add_argument("--minutes", type=float, default=60.0, help="time budget: stop after this many minutes")
    parser.add_argument("--envs", type=int, default=2, help="races stepped together (one process each if > 1)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponents", action="append", help="a lineup of the other seats; repeat to sample")
    parser.add_argument("--track", default="usa", help="a track, or several separated by commas (sampled)")
    parser.add_argument("--laps", type=int, default=None)
    parser.add_argument("--reward", default="place", help="place, win, points or rounds")
    parser.add_argument("--checkpoint-every", type=int, default=100_000, help="steps between checkpoints")
    parser.add_argument("--n-steps", type=int, default=1024, help="PPO rollout length per race")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--learning-rate", type=float, default=None, help="3e-4; with --resume, the model's")
    parser.add_argument("--ent-coef", type=float, default=None, help="entropy bonus: 0.01; with --resume, the model's")
    parser.add_argument("--net-arch", default=NET_ARCH, help="hidden layers of a new model: widths, comma-separated")
    parser.add_argument("--resume", help="a model.zip to go on training from")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    for name in ("steps", "envs", "checkpoint_every", "n_steps", "batch_size"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be 1 or more")
    if args.minutes <= 0:
        parser.error("--minutes must be more than 0")
    try:
        parse_net_arch(args.net_arch)
    except ValueError as error:
        parser.error(f"--net-arch: {error}")
    return args


def env_options(args: argparse.Namespace) -> dict[str, Any]:
    """The HeatEnv options of the command line."""
    return {
        "opponents": args.opponents or ["club*3"],
        "track": args.track.split(","),
        "laps": args.laps,
        "reward": args.reward,
    }


def write_curve(out: Path, points: list[tuple[int, float]], title: str) -> None:
    """``curve.csv``, ``curve.svg`` and ``curve.png``: (steps, mean final reward) points."""
    with (out / "curve.csv").open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["steps", f"mean reward of the last {CURVE_WINDOW} races"])
        writer.writerows(points)
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(figsize=(7, 4))
    if points:
        axes.plot([p[0] for p in points], [p[1] for p in points])
    axes.set_xlabel("environment steps (tokens)")
    axes.set_ylabel(f"mean final reward, last {CURVE_WINDOW} races")
    axes.set_title(title)
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(out / "curve.svg")
    figure.savefig(out / "curve.png", dpi=100)
    pyplot.close(figure)


def train(args: argparse.Namespace) -> Path:
    """Run the training the options describe; return the path of the final model."""
    import numpy as np
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.env_util import make_vec_env
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv
    from tqdm import tqdm

    from heat.rl.gym_env import HeatEnv

    torch.set_num_threads(1)  # two cores shared with the races: one thread each is fastest here
    out = Path(args.out)
    (out / "checkpoints").mkdir(parents=True, exist_ok=True)
    options = env_options(args)
    HeatEnv(**options)  # bad options fail here, in one line, before any process starts
    vec_class = SubprocVecEnv if args.envs > 1 else DummyVecEnv
    venv = make_vec_env(HeatEnv, n_envs=args.envs, seed=args.seed, env_kwargs=options, vec_env_cls=vec_class)
    if args.resume:
        # Only the settings given override the model's (a cloned policy is tuned more gently).
        given = {"learning_rate": args.learning_rate, "ent_coef": args.ent_coef}
        overrides = {name: value for name, value in given.items() if value is not None}
        model = MaskablePPO.load(args.resume, env=venv, device="cpu", **overrides)
    else:
        model = new_model(
            venv,
            seed=args.seed,
            n_steps=args.n_steps,
            batch_size=args.batch_size,
            learning_rate=3e-4 if args.learning_rate is None else args.learning_rate,
            ent_coef=0.01 if args.ent_coef is None else args.ent_coef,
            net_arch=parse_net_arch(args.net_arch),
        )
    rewards: list[float] = []
    points: list[tuple[int, float]] = []
    deadline = time.monotonic() + args.minutes * 60

    class Progress(BaseCallback):  # type: ignore[misc, unused-ignore]  # Any without the extra
        """The progress bar, the learning curve, checkpoints and the time budget."""

        def _on_training_start(self) -> None:
            self.bar = tqdm(total=args.steps, unit="step", disable=args.no_progress, file=sys.stderr)
            self.next_checkpoint = args.checkpoint_every

        def _on_step(self) -> bool:
            self.bar.update(self.training_env.num_envs)
            for info in self.locals.get("infos", ()):
                episode = info.get("episode")
                if episode is not None:
                    rewards.append(float(episode["r"]))
                    if len(rewards) % 10 == 0:
                        points.append((self.num_timesteps, float(np.mean(rewards[-CURVE_WINDOW:]))))
                        self.bar.set_postfix(races=len(rewards), reward=f"{points[-1][1]:.3f}")
            if self.num_timesteps >= self.next_checkpoint:
                self.model.save(out / "checkpoints" / f"model-{self.num_timesteps}.zip")
                write_curve(out, points, _title(args, len(rewards)))
                self.next_checkpoint += args.checkpoint_every
            return bool(time.monotonic() < deadline)

        def _on_training_end(self) -> None:
            self.bar.close()

    model.learn(total_timesteps=args.steps, callback=Progress(), reset_num_timesteps=not args.resume)
    venv.close()
    final = out / "model.zip"
    model.save(final)
    write_curve(out, points, _title(args, len(rewards)))
    print(f"{len(rewards)} races, {model.num_timesteps} steps; model: {final}; curve: {out / 'curve.svg'}")
    return final


def _title(args: argparse.Namespace, races: int) -> str:
    lineups = " | ".join(args.opponents or ["club*3"])
    return f"MaskablePPO vs {lineups} on {args.track}, seed {args.seed}: {races} races"


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: 0 when trained, 2 with a one-line error for bad options."""
    args = parse_args(argv)
    try:
        import sb3_contrib  # noqa: F401
    except ImportError:
        print("training needs the learning extra: pip install -e '.[learn]' (docs/rl.md)", file=sys.stderr)
        return 2
    try:
        train(args)
    except HeatError as error:
        print(f"heat.rl.train: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
