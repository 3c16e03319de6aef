"""Start-up benchmark: how long ``heat`` takes before it answers.

Runs each command below ``--runs`` times in a fresh process and prints the fastest and the
median wall-clock time, with the CPU time (user + system) of the fastest run:

* ``python -c pass``: the interpreter alone, the floor of every other line;
* ``heat --help``, ``heat play --help``, ``heat arena --help``: the parser alone;
* ``heat play --plain --practice``: up to its first prompt (``> ``), the engine, the race and
  its club bots loaded and the first screen printed; the process is then told to quit.

Then the modules ``heat --help`` loads and the slowest imports of the plain prompt, from
``python -X importtime``. A first run of each command, not counted, writes Python's bytecode
caches (the children run without ``PYTHONDONTWRITEBYTECODE``), as an installed ``heat`` has.

    python benchmarks/startup_bench.py --runs 20
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import select
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

SCRIPT = Path(sys.executable).parent / "heat"
"""The ``heat`` command installed beside this Python (``.venv/bin/heat``), as a user runs it."""
HEAT_CODE = ["-c", "import sys; from heat.cli.main import main; sys.exit(main())"]
HEAT = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, *HEAT_CODE]
PROMPT_ARGS = ["play", "--plain", "--practice", "--seed", "1"]
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def children_cpu() -> float:
    """CPU seconds (user + system) of every child process waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_to_exit(command: Sequence[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of ``command`` run to its end, its output thrown away."""
    cpu = children_cpu()
    started = time.perf_counter()
    subprocess.run(command, env=ENV, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL, check=True)
    return time.perf_counter() - started, children_cpu() - cpu


def run_to_prompt(command: Sequence[str]) -> tuple[float, float]:
    """(wall seconds to the first ``> `` on standard output, CPU seconds of the whole run):
    standard input is then closed, which the prompt reads as 'quit'."""
    cpu = children_cpu()
    started = time.perf_counter()
    process = subprocess.Popen(command, env=ENV, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert process.stdout is not None
    assert process.stdin is not None
    seen = b""
    while not seen.endswith(b"> "):
        ready, _, _ = select.select([process.stdout], [], [], 60)
        chunk = os.read(process.stdout.fileno(), 65536) if ready else b""
        if not chunk:
            process.kill()
            raise SystemExit(f"no prompt from {' '.join(command)}; output so far: {seen[-300:]!r}")
        seen += chunk
    elapsed = time.perf_counter() - started
    process.stdin.close()
    process.stdout.read()
    process.wait()
    return elapsed, children_cpu() - cpu


def measure(label: str, runs: int, once: object) -> None:
    """Print the fastest and median wall time of ``runs`` runs of ``once`` after a warm-up run."""
    assert callable(once)
    once()  # bytecode caches written, files in the page cache
    times = sorted((once() for _ in range(runs)), key=lambda pair: pair[0])
    walls = [wall for wall, _ in times]
    print(
        f"{label:44} {1000 * walls[0]:7.1f} {1000 * statistics.median(walls):7.1f} {1000 * times[0][1]:7.1f}",
        flush=True,
    )


def imports(argv: Sequence[str]) -> list[tuple[int, int, str]]:
    """(self µs, cumulative µs, module) of each import of ``heat ARGV``, from ``-X importtime``."""
    command = [sys.executable, "-X", "importtime", *HEAT_CODE, *argv]
    done = subprocess.run(command, env=ENV, capture_output=True, text=True, stdin=subprocess.DEVNULL, check=False)
    rows = []
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "self [us]" not in line:
            own, total, name = line.removeprefix("import time:").split("|")
            rows.append((int(own), int(total), name.strip()))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="timed runs of each command (default 10)")
    parser.add_argument("--top", type=int, default=12, help="slowest imports of the prompt shown (default 12)")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error(f"argument --runs: must be at least 1, not {args.runs}")
    print(
        f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
        f"load average {os.getloadavg()[0]:.2f}; {args.runs} runs each after one not counted; heat is {HEAT[0]}"
    )
    print(f"{'':44} {'fastest':>7} {'median':>7} {'CPU':>7}   (ms)")
    measure("python -c pass", args.runs, lambda: run_to_exit([sys.executable, "-c", "pass"]))
    for argv in (["--help"], ["play", "--help"], ["arena", "--help"]):
        measure(f"heat {' '.join(argv)}", args.runs, lambda argv=argv: run_to_exit([*HEAT, *argv]))
    measure(
        f"heat {' '.join(PROMPT_ARGS)} to '> '",
        args.runs,
        lambda: run_to_prompt([*HEAT, *PROMPT_ARGS]),
    )
    loaded = sorted(name for _, _, name in imports(["--help"]) if name.split(".")[0] == "heat")
    print(f"\nheat --help loads {len(imports(['--help']))} modules, of the project: {', '.join(loaded)}")
    rows = imports(PROMPT_ARGS)
    heavy = sorted({name.split(".")[0] for _, _, name in rows} & {"numpy", "rich", "textual"})
    print(
        f"the plain prompt loads {len(rows)} modules ({', '.join(heavy) or 'no numpy, rich or Textual'}); "
        f"the slowest, cumulative and own (ms):"
    )
    for own, total, name in sorted(rows, key=lambda row: row[1], reverse=True)[: args.top]:
        print(f"  {total / 1000:7.1f} {own / 1000:7.1f}  {name}")


if __name__ == "__main__":
    main()
