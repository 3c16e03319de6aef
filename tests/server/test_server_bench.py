"""The load benchmark runs, prints its figures, and sends nothing off the loopback address."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "serve_load.py"


def run(*options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *options], capture_output=True, text=True, check=False, timeout=300
    )


def test_the_load_benchmark_prints_decisions_per_second_and_latency():
    done = run(
        "--tables", "3", "--seconds", "4", "--warmup", "2", "--think-min", "0.05", "--think-max", "0.2", "--no-fsync"
    )
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip().splitlines()[-1]
    assert line.startswith("3 tables on 1 sqlite server process, 4.0 s measured: ")
    assert "decisions/s accepted" in line and "p99" in line
    accepted = re.search(r"accepted \((\d+)\)", line)
    assert accepted is not None and int(accepted.group(1)) > 0, line  # the humans played
    assert "sockets failed" not in done.stderr, done.stderr
    assert re.search(r"\([\d.]+ ms a decision, [\d.]+ ms in its event loop, which waited for a CPU [\d.]+%", line), line


def test_the_load_benchmark_refuses_an_address_off_this_machine():
    done = run("--url", "http://192.168.1.10:8000/", "--tables", "1")
    assert done.returncode == 2 and "loopback" in done.stderr


@pytest.mark.usefixtures("services_installed")
def test_the_load_benchmark_runs_two_processes_on_postgres_and_redis():
    done = run(
        "--tables", "3", "--seconds", "4", "--warmup", "2", "--think-min", "0.05", "--think-max", "0.2",
        "--postgres", "--processes", "2", "--no-fsync",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip().splitlines()[-1]
    assert line.startswith("3 tables on 2 postgresql + redis server processes, 4.0 s measured: "), line
    accepted = re.search(r"accepted \((\d+)\)", line)
    assert accepted is not None and int(accepted.group(1)) > 0, line
    assert "sockets failed" not in done.stderr, done.stderr


def test_the_load_benchmark_refuses_two_processes_on_sqlite():
    done = run("--processes", "2", "--tables", "1")
    assert done.returncode == 2 and "--postgres" in done.stderr
