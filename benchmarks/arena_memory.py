"""Arena memory benchmark: the main process's resident memory over a long ``heat arena`` run.

Runs ``heat arena`` in this process (its workers are child processes) with the options given
after ``--``, reads this process's resident set size (VmRSS, Linux) every ``--every`` seconds
and prints it at each tenth of the run, with the peak and the growth per 1000 races.

    python benchmarks/arena_memory.py --races 10000 -- --lineup club,random --laps 1 --workers 2

Every option after ``--`` goes to ``heat arena`` as given; ``--races`` is its number of races
per track. The arena's tables are printed to standard output first, then the figures.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import threading
import time
from pathlib import Path

from heat.cli.main import main as heat_main
from heat.engine import track_ids

STATUS = Path("/proc/self/status")


def resident_mb() -> float:
    """This process's resident set size in MB (VmRSS)."""
    for line in STATUS.read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise OSError("no VmRSS line in /proc/self/status")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=10_000, help="races per track (default 10000)")
    parser.add_argument("--every", type=float, default=0.5, help="seconds between readings (default 0.5)")
    parser.add_argument("arena", nargs=argparse.REMAINDER, help="-- then the options of heat arena")
    args = parser.parse_args()
    if not STATUS.exists():
        parser.error("needs Linux's /proc/self/status")
    options = args.arena[1:] if args.arena[:1] == ["--"] else args.arena
    readings: list[tuple[float, float]] = []
    done = threading.Event()

    def sample() -> None:
        start = time.monotonic()
        while not done.is_set():
            readings.append((time.monotonic() - start, resident_mb()))
            done.wait(args.every)

    before = resident_mb()
    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    started = time.monotonic()
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors):  # the progress bar
        status = heat_main(["arena", "--races", str(args.races), *options])
    elapsed = time.monotonic() - started
    done.set()
    sampler.join()
    readings.append((elapsed, resident_mb()))
    if status != 0:
        sys.exit(f"heat arena failed: {errors.getvalue().strip()}")
    print(f"heat arena --races {args.races} {' '.join(options)}: {elapsed:.0f} s")
    print(f"resident memory of the main process (MB): {before:.1f} before the arena")
    print("  share of the run   MB")
    for tenth in range(1, 11):
        moment = elapsed * tenth / 10
        reading = min(readings, key=lambda r: abs(r[0] - moment))
        print(f"  {10 * tenth:5d}%        {reading[1]:7.1f}")
    peak = max(mb for _, mb in readings)
    first = min(readings, key=lambda r: abs(r[0] - elapsed / 10))[1]
    last = readings[-1][1]
    races = args.races * max(1, _tracks(options))
    growth = (last - first) / (races * 0.9) * 1000
    print(f"  peak {peak:.1f} MB; from 10% to the end {growth:+.2f} MB per 1000 races")


def _tracks(options: list[str]) -> int:
    """How many tracks the arena's options name (``all``: every one)."""
    if "--tracks" not in options:
        return 1
    value = options[options.index("--tracks") + 1]
    return len(track_ids()) if value == "all" else len(value.split(","))


if __name__ == "__main__":
    main()
