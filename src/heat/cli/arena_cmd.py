"""``heat arena``: many races between bots and Legends, with win rates and confidence intervals."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Mapping
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from heat.arena import ArenaConfig, check_config, parse_lineup, run_arena, summarize, write_csv, write_json
from heat.arena_plot import write_plot
from heat.engine import ConfigError, track_ids
from heat.storage import save_problem

MAX_WORKERS = 256
"""Processes at most: each holds its own bots and value tables."""


def run(args: argparse.Namespace) -> int:
    """Play the arena and print (and write) the results."""
    tracks = tuple(track_ids()) if args.tracks == "all" else tuple(t.strip() for t in args.tracks.split(","))
    config = ArenaConfig(
        lineup=parse_lineup(args.lineup),
        tracks=tracks,
        races=args.races,
        laps=args.laps,
        seed=args.seed,
        garage=args.garage,
        weather=args.weather,
        pro_legends=args.pro_legends,
        aggressive_legends=args.aggressive_legends,
        tournament=args.tournament,
    )
    outputs = {option: getattr(args, option) for option in OUTPUTS}
    check_outputs(outputs)  # a bad path is refused before the races, not after them
    check_config(config)  # every mistake in the options is refused before the progress bar starts
    workers = args.workers if args.workers is not None else os.cpu_count() or 1
    if not 1 <= workers <= MAX_WORKERS:
        raise ConfigError(f"--workers must be 1 to {MAX_WORKERS}, not {workers}")
    console = Console(stderr=True)
    total = config.races * len(config.tracks)
    with Progress(
        TextColumn("racing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=console
    ) as progress:
        task = progress.add_task("races", total=total)
        outcomes = run_arena(config, workers=workers, progress=lambda n: progress.advance(task, n))
    stats = summarize(outcomes)
    title = f"{args.lineup} · {', '.join(tracks)} · {total} races"
    table = Table(title=title)
    for column in (
        "entrant",
        "cars",
        "races",
        "win rate",
        "95% CI",
        "mean place",
        "95% CI",
        "median ms",
        "plan ms",
        "max ms",
    ):
        table.add_column(column, justify="left" if column == "entrant" else "right")
    for s in stats:
        table.add_row(
            s.entrant,
            str(s.cars),
            str(s.races),
            f"{100 * s.win_rate:.1f}%",
            f"{100 * s.win_low:.1f}-{100 * s.win_high:.1f}%",
            f"{s.mean_place:.2f}",
            f"{s.place_low:.2f}-{s.place_high:.2f}",
            f"{s.median_ms:.1f}",
            f"{s.plan_median_ms:.1f}",
            f"{s.max_ms:.1f}",
        )
    output = Console()
    output = Console(width=max(output.width, 110))
    output.print(table)
    if len(tracks) > 1:
        per_track = Table(title="win rate by track")
        per_track.add_column("entrant")
        for track_id in tracks:
            per_track.add_column(track_id, justify="right")
        for s in stats:
            per_track.add_row(s.entrant, *(f"{100 * s.by_track.get(t, 0.0):.1f}%" for t in tracks))
        output.print(per_track)
    writers: dict[str, Callable[[str], None]] = {
        "json": lambda path: write_json(path, config, stats, outcomes),
        "csv": lambda path: write_csv(path, stats),
        "plot": lambda path: write_plot(path, stats, title),
    }
    failures = []
    for option, path in outputs.items():  # each output on its own: one that fails loses no other
        if path is not None:
            try:
                writers[option](path)
            except OSError as error:
                failures.append(f"--{option} {path}: {error.strerror or error}")
    if failures:  # the tables above already hold the summary
        raise ConfigError(f"could not write the results ({'; '.join(failures)}); the tables above have the summary")
    return 0


OUTPUTS = ("json", "csv", "plot")
"""The options that write the results to a file."""


def check_outputs(paths: Mapping[str, str | None]) -> None:
    """ConfigError unless every output path (by option name, None: not asked for) can be written
    to as far as can be told without writing: a file name, not a folder, in a folder that exists
    and may be written in, and no two options naming the same file."""
    seen: dict[Path, str] = {}
    for option, path in paths.items():
        if path is None:
            continue
        if not path.strip():
            raise ConfigError(f"--{option} needs a file name (an empty one would write nothing)")
        problem = _output_problem(Path(path))
        if problem:
            raise ConfigError(f"--{option} {path}: {problem}")
        file = Path(path).resolve()
        if file in seen:
            raise ConfigError(f"--{seen[file]} and --{option} both name {path}: give each its own file")
        seen[file] = option


def _output_problem(file: Path) -> str | None:
    """Why ``file`` cannot be written, in words, or None if nothing is visibly wrong. As a save
    file (``save_problem``), but the arena writes into folders that already exist."""
    problem = save_problem(file)
    if problem is None and file.exists() and not os.access(file, os.W_OK):
        return "no permission to write it"
    parent = file.resolve().parent
    if problem is None and not parent.is_dir():
        return f"the folder {parent} does not exist"
    return problem
