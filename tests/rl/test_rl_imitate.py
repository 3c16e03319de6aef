"""Behaviour cloning (``heat.rl.imitate``): the samples are the teacher's tokens where the
environment asks, and a smoke run trains a policy that seats as ``rl:PATH`` (docs/rl.md)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from heat.arena import ArenaConfig, parse_lineup, run_arena
from heat.rl.gym_env import episode_options

pytest.importorskip("sb3_contrib")

from heat.rl.imitate import Samples, held_out_accuracy, main, play_race  # after the skip


def test_each_sample_is_an_allowed_token_where_the_seat_has_a_choice() -> None:
    options = episode_options(opponents="club", laps=1)
    samples = Samples()
    play_race(options, "club", np.random.default_rng(3), 0, samples)
    assert len(samples) > 20
    for mask, token in zip(samples.masks, samples.tokens, strict=True):
        assert mask[token]
        assert mask.sum() >= 2  # forced tokens are not asked for, so not recorded
    final = samples.returns[-1]
    assert final in (0.0, 1.0)  # head to head, the place reward is a win or a loss
    assert samples.wins == int(final == 1.0)


def test_the_same_seed_records_the_same_samples() -> None:
    options = episode_options(opponents="club*2", laps=1, track=["usa", "italia"])
    first, second = Samples(), Samples()
    play_race(options, "rookie", np.random.default_rng(5), 0, first)
    play_race(options, "rookie", np.random.default_rng(5), 0, second)
    assert first.tokens == second.tokens
    assert all(np.array_equal(a, b) for a, b in zip(first.observations, second.observations, strict=True))


def test_a_smoke_imitation_agrees_with_its_teacher_and_races_as_a_policy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bc"
    options = ["--races", "12", "--laps", "1", "--opponents", "club", "--epochs", "3", "--seed", "1"]
    assert main(["--out", str(out), *options]) == 0
    model = out / "model.zip"
    assert model.is_file()
    assert "held-out accuracy" in capsys.readouterr().out

    # Agreement on held-out races, against the agreement of a uniform choice among the allowed
    # tokens: the clone has learned something of the teacher, not merely the masks.
    from heat.rl.policy import load_model

    held_out = Samples()
    play_race(episode_options(opponents="club", laps=1), "club", np.random.default_rng(99), 0, held_out)
    policy = load_model(str(model)).policy
    torch = pytest.importorskip("torch")
    accuracy = held_out_accuracy(
        policy,
        torch.as_tensor(np.stack(held_out.observations)),
        torch.as_tensor(np.stack(held_out.masks)),
        torch.as_tensor(held_out.tokens),
    )
    uniform = float(np.mean([1 / mask.sum() for mask in held_out.masks]))
    assert accuracy > uniform + 0.15

    outcomes = run_arena(ArenaConfig(parse_lineup(f"rl:{model},club"), races=1, laps=1))
    assert sorted(outcomes[0].places) == [1, 2]


@pytest.mark.parametrize(
    ("options", "message"),
    [(["--teacher", "legend"], "not a bot that decides"), (["--teacher", "wizard"], "unknown")],
)
def test_a_teacher_that_cannot_decide_is_refused_in_a_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str], message: str
) -> None:
    assert main(["--out", str(tmp_path / "bc"), *options]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "bc").exists()
