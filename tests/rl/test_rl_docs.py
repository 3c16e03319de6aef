"""docs/rl.md's examples run as written, and the benchmark prints its figures."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

ROOT = Path(__file__).resolve().parent.parent.parent


def python_blocks() -> list[str]:
    text = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_random_agent_example_is_ten_lines_and_runs(capsys: pytest.CaptureFixture[str]) -> None:
    aec = python_blocks()[0]
    assert len([line for line in aec.splitlines() if line.strip()]) <= 11  # ten lines and a print
    names: dict = {}
    exec(compile(aec, "docs/rl.md", "exec"), names)
    env = names["env"]
    assert env.table.race.is_over and all(env.terminations.values()) is True
    standings = env.table.race.standings()
    assert capsys.readouterr().out.startswith(str(standings))


def test_the_gymnasium_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    names: dict = {}
    exec(compile(python_blocks()[1], "docs/rl.md", "exec"), names)
    assert names["terminated"] and capsys.readouterr().out.startswith("place ")


def test_the_rl_benchmark_prints_its_figures() -> None:
    options = ["--races", "1", "--cars", "2", "--laps", "1", "--seconds", "0.2", "--envs", "2"]
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "rl_bench.py"), *options],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    figures = ("engine step", "overhead of encoding and mask", "without the clock", "single:", "vector of 2, sync")
    for figure in (*figures, "async", "timed by the cpu clock"):
        assert figure in done.stdout


def test_the_rl_benchmark_times_the_parts_by_the_wall_clock_if_asked() -> None:
    options = ["--races", "1", "--cars", "2", "--laps", "1", "--seconds", "0.1", "--envs", "1", "--clock", "wall"]
    script = str(ROOT / "benchmarks" / "rl_bench.py")
    done = subprocess.run([sys.executable, script, *options], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "timed by the wall clock" in done.stdout and "overhead of encoding and mask" in done.stdout


def test_the_rl_benchmark_refuses_a_bad_option() -> None:
    script = str(ROOT / "benchmarks" / "rl_bench.py")
    done = subprocess.run([sys.executable, script, "--cars", "9"], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "--cars: 2 to 6, not 9" in done.stderr
    done = subprocess.run([sys.executable, script, "--clock", "sundial"], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "--clock: invalid choice: 'sundial'" in done.stderr


def test_the_season_example_makes_both_environments() -> None:
    names: dict = {"heat": __import__("heat.rl")}
    exec(compile(python_blocks()[2], "docs/rl.md", "exec"), names)
    assert names["env"].options.season == "goat"
