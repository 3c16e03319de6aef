"""The benchmark scripts print their figures, and refuse bad options in a line (docs/benchmarks.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "engine_bench.py"


def bench(*options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCH), *options], capture_output=True, text=True, check=False)


def test_the_engine_benchmark_prints_its_figures():
    done = bench("--races", "2", "--repeat", "1", "--cars", "3")
    assert done.returncode == 0, done.stderr
    assert "races per second:" in done.stdout and "us per decision:" in done.stdout


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("--track", "mars"), "unknown track 'mars'"),
        (("--cars", "9"), "a race has 1 to 6 cars, not 9"),
        (("--laps", "-1"), "laps must be 1 to 20, not -1"),
        (("--races", "0"), "argument --races: must be at least 1, not 0"),  # was a ZeroDivisionError
    ],
)
def test_the_engine_benchmark_refuses_bad_options_in_a_line(options, message):
    done = bench(*options)
    assert done.returncode == 2 and done.stdout == ""
    assert message in done.stderr and "Traceback" not in done.stderr
