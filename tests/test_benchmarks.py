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


SEGMENTS = BENCH.parent / "race_segments.py"


def segments(*options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SEGMENTS), *options], capture_output=True, text=True, check=False)


def test_the_segments_script_prints_its_tables():
    done = segments("--level", "club", "--track", "usa", "--races", "2", "--workers", "1", "--seed", "3")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "club against five Legends on usa, 2 races, seed 3"
    assert lines[1].startswith("the bot won ") and lines[1].endswith(" of 2 races")
    # every Corner Line of USA's two laps (69 spaces, corners after 12, 33, 49, 57), then the finish
    table = lines[4 : lines.index("", 4)]
    assert [row.split()[0] for row in table] == ["12", "33", "49", "57", "81", "102", "118", "126", "finish"]
    assert any(line.split()[:2] == ["1", "2"] for line in lines)  # round 1, both races racing


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("--track", "mars"), "race_segments: unknown track 'mars'"),
        (("--races", "0"), "argument --races: must be at least 1, not 0"),
        (("--level", "wizard"), "argument --level: invalid choice: 'wizard'"),
    ],
)
def test_the_segments_script_refuses_bad_options_in_a_line(options, message):
    done = segments(*options)
    assert done.returncode == 2 and done.stdout == ""
    assert message in done.stderr and "Traceback" not in done.stderr
