"""``heat arena``: many races between bots and Legends, with win rates and confidence intervals."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from heat.arena import (
    CSV_COLUMNS,
    JSON_START,
    ArenaConfig,
    ArenaTally,
    EntrantStats,
    RaceOutcome,
    RaceSpool,
    check_config,
    estimate_seconds,
    parse_lineup,
    play_arena,
    write_csv,
    write_json,
)
from heat.arena_plot import SUBTITLE, write_plot
from heat.cli.commands import is_yes
from heat.engine import ConfigError, track_ids
from heat.engine.errors import Phrase
from heat.i18n import N_, _, decimal, ngettext
from heat.storage import save_problem

MAX_WORKERS = 256
"""Processes at most: each holds its own bots and value tables."""
CONFIRM_ABOVE = 3600.0
"""An arena estimated to take longer than this (seconds) is run only when confirmed."""


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
    check_outputs(outputs, overwrite=args.overwrite)  # a bad path is refused before the races, not after them
    check_config(config)  # every mistake in the options is refused before the progress bar starts
    if args.ray is not None and args.workers is not None:
        raise ConfigError("--workers and --ray: a Ray cluster plays on all its CPUs; drop --workers")
    if args.ray is not None:  # the extra and the address checked before the progress bar starts
        from heat.arena_ray import check_reachable, import_ray

        import_ray()
        check_reachable(args.ray)
    if args.workers is not None and not 1 <= args.workers <= MAX_WORKERS:
        raise ConfigError("--workers must be 1 to {most}, not {workers}", most=MAX_WORKERS, workers=args.workers)
    total = config.races * len(config.tracks)
    cores = os.cpu_count() or 1
    workers = min(args.workers or cores, total)  # never a process without a race to play
    if not confirmed(config, workers, cores, args.yes):
        print(_("heat: the arena was not started"), file=sys.stderr)
        return 1
    tally = ArenaTally()
    spool_folder = Path(outputs["json"]).resolve().parent if outputs["json"] else None
    with RaceSpool(spool_folder) if spool_folder else nullcontext(None) as spool:

        def counted(outcome: RaceOutcome) -> None:  # the race is kept no longer than this
            tally.add(outcome)
            if spool is not None:
                spool.add(outcome)

        console = Console(stderr=True)
        with Progress(
            TextColumn("racing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=console
        ) as progress:
            task = progress.add_task("races", total=total)
            play_arena(config, counted, workers=workers, progress=lambda n: progress.advance(task, n), ray=args.ray)
        stats = tally.stats()
        title = f"{args.lineup} · {', '.join(tracks)} · {total} races"
        print_tables(stats, tracks, title)
        writers: dict[str, Callable[[str], None]] = {
            "json": lambda path: write_json(path, config, stats, spool if spool is not None else []),
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
        raise ConfigError(
            "could not write the results ({failures}); the tables above have the summary", failures="; ".join(failures)
        )
    return 0


def print_tables(stats: Sequence[EntrantStats], tracks: tuple[str, ...], title: str) -> None:
    """The summary table, and the win rates by track when there are several."""
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
            ms_text(s.median_ms),
            ms_text(s.plan_median_ms),
            ms_text(s.max_ms),
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


def ms_text(milliseconds: float) -> str:
    """A time in milliseconds with two decimals (a quick bot's 0.04 ms is not 0.0)."""
    return f"{milliseconds:.2f}"


def duration_text(seconds: float) -> str:
    """A long duration in the largest unit that keeps it above 1 (``3.5 hours``, ``230 days``),
    in the language spoken."""
    if seconds >= 86400:
        return _("{count} days", count=decimal(seconds / 86400, keep_zeros=True))
    if seconds >= 3600:
        return _("{count} hours", count=decimal(seconds / 3600, keep_zeros=True))
    if seconds >= 60:
        return _("{count} minutes", count=decimal(seconds / 60, keep_zeros=True))
    return _("{count} seconds", count=decimal(seconds, 0))


def confirmed(config: ArenaConfig, workers: int, cores: int, yes: bool) -> bool:
    """Whether to run an arena: at once if it should take less than ``CONFIRM_ABOVE`` or with
    ``--yes``; else a person at a terminal is asked, and a script is refused (ConfigError)."""
    seconds = estimate_seconds(config, min(workers, cores))
    if seconds <= CONFIRM_ABOVE or yes:
        return True
    races = config.races * len(config.tracks)
    used = min(workers, cores)
    what = ngettext(
        "{races} races of {lineup} would take about {duration} on {count} core",
        "{races} races of {lineup} would take about {duration} on {count} cores",
        used,
        races=races,
        lineup=",".join(config.lineup),
        duration=duration_text(seconds),
    )
    if not (sys.stdin.isatty() and sys.stderr.isatty()):
        raise ConfigError("{what}: add --yes to run it all the same, or ask for fewer races or laps", what=what)
    print(f"{what}.", file=sys.stderr)
    try:
        answer = input(_("Run it? (yes/no) "))
    except EOFError:
        return False
    return is_yes(answer.strip().lower())


OUTPUTS = ("json", "csv", "plot")
"""The options that write the results to a file."""


def check_outputs(paths: Mapping[str, str | None], *, overwrite: bool = False) -> None:
    """ConfigError unless every output path (by option name, None: not asked for) can be written
    to as far as can be told without writing: a file name, not a folder, in a folder that exists
    and may be written in, no two options naming the same file, and no file there already unless
    ``overwrite`` and it is that option's own kind of results (a race save or any other file is
    never replaced)."""
    seen: dict[Path, str] = {}
    for option, path in paths.items():
        if path is None:
            continue
        if not path.strip():
            raise ConfigError("--{option} needs a file name (an empty one would write nothing)", option=option)
        problem = _output_problem(Path(path))
        if problem:
            raise ConfigError("--{option} {file}: {problem}", option=option, file=path, problem=problem)
        file = Path(path).resolve()
        if file in seen:
            raise ConfigError(
                "--{first} and --{option} both name {file}: give each its own file",
                first=seen[file],
                option=option,
                file=path,
            )
        seen[file] = option
        if os.path.lexists(path):
            if not is_own_output(option, Path(path)):
                raise ConfigError(
                    "--{option} {file}: the file already exists and is not {kind}: give another file name",
                    option=option,
                    file=path,
                    kind=Phrase(OUTPUT_KINDS[option]),
                )
            if not overwrite:
                raise ConfigError(
                    "--{option} {file}: the file already exists: add --overwrite to replace it, "
                    "or give another file name",
                    option=option,
                    file=path,
                )


OUTPUT_KINDS = {
    "json": N_("an arena's JSON results"),
    "csv": N_("an arena's CSV summary"),
    "plot": N_("an arena's chart"),
}
OWN_OUTPUT_STARTS = {
    "json": (JSON_START,),
    "csv": (",".join(CSV_COLUMNS),),
    "plot": ("<svg ", SUBTITLE),
}
"""What each output's file begins with: its start, then text found within its first lines."""


def is_own_output(option: str, file: Path) -> bool:
    """Whether ``file`` is a regular file that ``--option`` wrote (the start of it is read)."""
    if file.is_symlink() or not file.is_file():
        return False
    try:
        with file.open("r", encoding="utf-8", errors="replace") as handle:
            head = handle.read(4096)
    except OSError:
        return False
    start, *inside = OWN_OUTPUT_STARTS[option]
    return head.startswith(start) and all(text in head for text in inside)


def _output_problem(file: Path) -> str | None:
    """Why ``file`` cannot be written, in words, or None if nothing is visibly wrong. As a save
    file (``save_problem``), but the arena writes into folders that already exist."""
    problem = save_problem(file)
    if problem is None and file.exists() and not os.access(file, os.W_OK):
        return _("no permission to write it")
    parent = file.resolve().parent
    if problem is None and not parent.is_dir():
        return _("the folder {folder} does not exist", folder=parent)
    return problem
