"""The learned driver: a smoke training (a few hundred steps, when the learning extra is
installed), and ``rl:PATH`` seated where a bot sits (docs/rl.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from heat.arena import ArenaConfig, parse_lineup, run_arena
from heat.bots.levels import make_bot, parse_levels
from heat.engine import ConfigError, Race, RaceConfig, default_seats, view_of

pytest.importorskip("sb3_contrib")


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A policy trained for 256 steps: what the smoke training makes."""
    from heat.rl.train import main

    out = tmp_path_factory.mktemp("rl")
    options = ["--steps", "256", "--n-steps", "128", "--batch-size", "64", "--envs", "1", "--laps", "1"]
    assert main(["--out", str(out), *options, "--checkpoint-every", "128", "--no-progress"]) == 0
    return out / "model.zip"


def test_the_smoke_training_writes_a_model_checkpoints_and_a_curve(model: Path) -> None:
    out = model.parent
    assert model.is_file()
    assert sorted(p.name for p in (out / "checkpoints").iterdir()) == ["model-128.zip", "model-256.zip"]
    assert (out / "curve.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert (out / "curve.png").read_bytes()[:4] == b"\x89PNG"
    assert (out / "curve.csv").read_text(encoding="utf-8").startswith("steps,")


def test_resume_takes_the_learning_rate_and_entropy_given_and_keeps_the_rest(model: Path, tmp_path: Path) -> None:
    from sb3_contrib import MaskablePPO

    from heat.rl.train import main

    options = ["--steps", "128", "--envs", "1", "--laps", "1", "--no-progress", "--resume", str(model)]
    assert main(["--out", str(tmp_path), *options, "--learning-rate", "1e-4", "--ent-coef", "0"]) == 0
    tuned = MaskablePPO.load(tmp_path / "model.zip", device="cpu")
    assert (tuned.learning_rate, tuned.ent_coef, tuned.gamma) == (1e-4, 0.0, 0.999)
    assert main(["--out", str(tmp_path / "again"), *options]) == 0
    kept = MaskablePPO.load(tmp_path / "again" / "model.zip", device="cpu")
    assert (kept.learning_rate, kept.ent_coef) == (3e-4, 0.01)


def test_a_trained_policy_races_in_the_arena(model: Path) -> None:
    lineup = parse_lineup(f"rl:{model},club")
    assert lineup == (f"rl:{model}", "club")
    outcomes = run_arena(ArenaConfig(lineup, races=2, laps=1))
    assert [sorted(outcome.places) for outcome in outcomes] == [[1, 2], [1, 2]]
    assert all(f"rl:{model}" in outcome.entrants for outcome in outcomes)


def test_a_trained_policy_is_a_level_and_chooses_a_legal_decision(model: Path) -> None:
    assert parse_levels(f"rl:{model},club", 2) == [f"rl:{model}", "club"]
    bot = make_bot(f"rl:{model}")
    race = Race(RaceConfig(default_seats(3), laps=1, seed=2))
    for _ in range(30):
        seat = race.to_decide()[0]
        legal = race.legal_decisions(seat)
        decision = bot.choose(view_of(race, seat), legal)
        assert decision in legal
        race.apply(seat, decision)


def test_heat_arena_takes_a_policy(model: Path) -> None:
    heat = Path(sys.executable).with_name("heat")
    done = subprocess.run(
        [str(heat), "arena", "--lineup", f"rl:{model},random", "--races", "1", "--laps", "1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "rl:" in done.stdout


@pytest.mark.parametrize(
    ("name", "message"),
    [("rl:", "needs the path of a trained model"), ("rl:/nowhere/model.zip", "no such model file")],
)
def test_a_missing_model_is_refused_in_a_line(name: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_bot(name) if name != "rl:" else parse_levels(name, 1)


def test_a_file_that_is_not_a_model_is_refused(tmp_path: Path) -> None:
    fake = tmp_path / "model.zip"
    fake.write_text("not a zip", encoding="utf-8")
    with pytest.raises(ConfigError, match="not a model this version can load"):
        make_bot(f"rl:{fake}")


def test_heat_race_names_a_policy_bot_in_a_name_that_fits(model: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from heat.cli.main import main

    assert main(["race", "--level", f"rl:{model},club", "--cars", "2", "--laps", "1", "--quiet", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Policy " in out and "Club " in out


@pytest.mark.parametrize("widths", ["", "wide", "256,-1", "256,,256"])
def test_a_network_that_is_not_a_list_of_widths_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], widths: str
) -> None:
    from heat.rl.train import main

    with pytest.raises(SystemExit) as refused:
        main(["--out", str(tmp_path / "rl"), "--net-arch", widths])
    assert refused.value.code == 2
    assert "--net-arch" in capsys.readouterr().err
    assert not (tmp_path / "rl").exists()


def test_a_new_model_has_the_layers_asked_for() -> None:
    from heat.rl.gym_env import HeatEnv
    from heat.rl.train import new_model, parse_net_arch

    model = new_model(HeatEnv(opponents="club", laps=1), seed=0, net_arch=parse_net_arch("64, 32"))
    assert model.policy.net_arch == [64, 32]
    assert (model.gamma, model.n_steps, model.ent_coef) == (0.999, 1024, 0.01)
