"""Behaviour cloning (``heat.rl.imitate``): the samples are the teacher's tokens where the
environment asks, and a smoke run trains a policy that seats as ``rl:PATH`` (docs/rl.md)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from heat.arena import ArenaConfig, parse_lineup, run_arena
from heat.bots.levels import make_bot
from heat.engine import Plan, Race, RaceConfig, default_seats, view_of
from heat.rl.actions import spell
from heat.rl.gym_env import HeatEnv, episode_options

pytest.importorskip("sb3_contrib")

from heat.rl.imitate import Samples, consistent_choice, held_out_accuracy, main, play_race  # after the skip
from heat.rl.policy import most_likely_token
from heat.rl.train import new_model


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


@pytest.fixture(scope="module")
def untrained() -> object:
    """A new (untrained) MaskablePPO: a learner that drives unlike any teacher."""
    return new_model(HeatEnv(opponents="club", laps=1), seed=4)


def test_where_the_learner_left_the_teachers_plan_the_label_is_the_teachers_best_plan_after_its_prefix() -> None:
    race = Race(RaceConfig(default_seats(2), laps=1, seed=8))
    seat = race.to_decide()[0]
    view, legal = view_of(race, seat), race.legal_decisions(seat)
    teacher = make_bot("club", 1)
    chosen = teacher.choose(view, legal)
    assert isinstance(chosen, Plan)
    other_gear = next(d.gear for d in legal if isinstance(d, Plan) and d.gear != chosen.gear)
    prefix = spell(next(d for d in legal if isinstance(d, Plan) and d.gear == other_gear))[:2]  # plan n:GEAR
    label = consistent_choice(make_bot("club", 1), view, legal, prefix)
    assert isinstance(label, Plan) and label.gear == other_gear and label in legal
    in_gear = [d for d in legal if isinstance(d, Plan) and d.gear == other_gear]
    assert label == make_bot("club", 1).choose(view, in_gear)


def test_in_a_dagger_race_the_learner_drives_and_every_label_is_allowed(untrained: object) -> None:
    options = episode_options(opponents="club", laps=1)
    taught, dagger, mixed = Samples(), Samples(), Samples()
    play_race(options, "club", np.random.default_rng(3), 0, taught)
    play_race(options, "club", np.random.default_rng(3), 0, dagger, learner=untrained.policy)  # type: ignore[attr-defined]
    for mask, token in zip(dagger.masks, dagger.tokens, strict=True):
        assert mask[token] and mask.sum() >= 2
    # The same race seed: the untrained learner soon reaches states the teacher never does.
    assert not all(np.array_equal(a, b) for a, b in zip(taught.observations, dagger.observations, strict=False))
    # With the teacher driving every decision, the race is the teacher's own.
    play_race(options, "club", np.random.default_rng(3), 0, mixed, learner=untrained.policy, teacher_share=1.0)  # type: ignore[attr-defined]
    assert mixed.tokens == taught.tokens


def test_most_likely_token_is_the_models_deterministic_prediction(untrained: object) -> None:
    env = HeatEnv(opponents="club", laps=1)
    observation, info = env.reset(seed=2)
    for _ in range(40):
        mask = info["action_mask"].astype(bool)
        predicted, _ = untrained.predict(observation, action_masks=mask, deterministic=True)  # type: ignore[attr-defined]
        token = most_likely_token(untrained.policy, observation, mask)  # type: ignore[attr-defined]
        assert token == int(predicted) and mask[token]
        observation, _, over, _, info = env.step(token)
        if over:
            break


def test_a_smoke_dagger_run_aggregates_the_learners_races_and_saves_each_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "dagger"
    options = ["--races", "4", "--laps", "1", "--opponents", "club", "--epochs", "1", "--seed", "2"]
    dagger = ["--dagger", "2", "--dagger-races", "2", "--dagger-epochs", "1", "--net-arch", "32,32"]
    assert main(["--out", str(out), *options, *dagger]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["model-round-0.zip", "model-round-1.zip", "model.zip"]
    captured = capsys.readouterr()
    assert "8 races" in captured.out
    assert captured.err.count("DAgger round") == 2 and "learner won" in captured.err
    from heat.rl.policy import load_model

    assert load_model(str(out / "model.zip")).policy.net_arch == [32, 32]


@pytest.mark.parametrize("options", [["--net-arch", "wide"], ["--net-arch", "64,0"], ["--dagger", "-1"]])
def test_bad_dagger_or_network_options_are_refused(tmp_path: Path, options: list[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["--out", str(tmp_path / "bc"), *options])
    assert refused.value.code == 2
    assert not (tmp_path / "bc").exists()
