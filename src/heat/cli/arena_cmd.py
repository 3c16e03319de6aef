"""``heat arena``: many races between bots and Legends, with win rates and confidence intervals."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from heat.arena import ArenaConfig, check_config, parse_lineup, run_arena, summarize, write_csv, write_json
from heat.arena_plot import write_plot
from heat.engine import ConfigError, track_ids


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
        tournament=args.tournament,
    )
    for option in ("json", "csv", "plot"):  # refuse a bad path before the races, not after
        path = getattr(args, option)
        if path is not None and not Path(path).resolve().parent.is_dir():
            raise ConfigError(f"--{option}: the folder of {path!r} does not exist")
    check_config(config)  # every mistake in the options is refused before the progress bar starts
    workers = args.workers or os.cpu_count() or 1
    if workers < 1:
        raise ConfigError("--workers must be 1 or more")
    console = Console(stderr=True)
    total = config.races * len(config.tracks)
    with Progress(
        TextColumn("racing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=console
    ) as progress:
        task = progress.add_task("races", total=total)
        outcomes = run_arena(config, workers=workers, progress=lambda n: progress.advance(task, n))
    stats = summarize(outcomes)
    table = Table(title=f"{args.lineup} · {', '.join(tracks)} · {total} races")
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
    try:
        if args.json:
            write_json(args.json, config, stats, outcomes)
        if args.csv:
            write_csv(args.csv, stats)
        if args.plot:
            write_plot(args.plot, stats, f"{args.lineup} · {', '.join(tracks)} · {total} races")
    except OSError as error:
        raise ConfigError(f"could not write the results: {error}") from error
    return 0
