"""``heat stats``: the statistics of a recorded race (or of each race of a season): a table, JSON,
or a chart of every car's progress round by round."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from shlex import quote
from typing import Any

from heat.engine import ConfigError, Race, replay
from heat.engine.championship import SEASON_FORMAT
from heat.i18n import _, ngettext, speaking
from heat.stats import RaceStats, by_place, race_stats, season_races, stats_text
from heat.stats_plot import write_progress_plot
from heat.storage import naming, read_saved_game, save_problem


def run(args: argparse.Namespace) -> int:
    """Print the statistics of the race or season in ``args.file``; write the chart if asked."""
    check_plot_path(args.plot, overwrite=args.overwrite)
    data = read_saved_game(args.file)
    if args.json:  # figures for programs: the titles in the records' language, English
        with speaking("en"):
            races = _races(data, args)
    else:
        races = _races(data, args)
    if args.plot is not None:
        if len(races) != 1:
            raise ConfigError(
                _(
                    "{file} holds {count} races: choose the one to plot with --race N (1 to {count})",
                    file=args.file,
                    count=len(races),
                )
            )
        title, stats = races[0]
        write_progress_plot(args.plot, stats, title)
    if args.json:
        if len(races) == 1 and args.race is None:
            print(json.dumps(races[0][1].to_json(), indent=1))
        else:
            print(json.dumps({"races": [{"race": title, **stats.to_json()} for title, stats in races]}, indent=1))
        return 0
    for index, (title, stats) in enumerate(races):
        if index:
            print()
        print_stats(stats, title)
    return 0


def _races(data: Any, args: argparse.Namespace) -> list[tuple[str, RaceStats]]:
    """(title, statistics) of the race in ``data``, or of each race of the season (only race
    ``args.race`` if given)."""
    if isinstance(data, dict) and data.get("format") == SEASON_FORMAT:
        with naming(args.file):
            played = season_races(data)
        if not played:
            raise ConfigError(_("{file}: no race of this season has started yet", file=args.file))
        if args.race is not None:
            if not 1 <= args.race <= len(played):
                raise ConfigError(
                    _(
                        "--race {race}: {file} holds races 1 to {count}",
                        race=args.race,
                        file=args.file,
                        count=len(played),
                    )
                )
            played = [played[args.race - 1]]
        return [
            (
                _(
                    "Race {race} ({year}): {event}. {title}",
                    race=entry.number,
                    year=entry.year,
                    event=_(entry.event),
                    title=race_title(entry.race),
                ),
                race_stats(entry.race),
            )
            for entry in played
        ]
    if args.race is not None:
        raise ConfigError(_("--race picks a race of a season: {file} is a single race", file=args.file))
    with naming(args.file):
        race = replay(data)
    return [(race_title(race), race_stats(race))]


def race_title(race: Race) -> str:
    """The track, laps and rounds of ``race``."""
    laps = ngettext("{count} lap", "{count} laps", race.laps)
    rounds = ngettext("{count} round", "{count} rounds", race.round)
    return f"{race.track.name}, {laps}, {rounds}"


def print_stats(stats: RaceStats, title: str | None = None) -> None:
    """The statistics table, with who drives each column and, for a race not over, how far it counts."""
    if title:
        print(title)
    if not stats.over:
        print(_("The race is not over: counted to the end of round {round}.", round=stats.rounds))
    named = [car for car in by_place(stats) if car.name != car.color.capitalize()]
    if named:  # who drives the columns headed by a colour that is not its driver's name
        drivers = "; ".join(f"{car.color.capitalize()} = {_driver(car.name, car.legend)}" for car in named)
        print(_("Cars: {drivers}", drivers=drivers))
    for line in stats_text(stats):
        print(line)


def _driver(name: str, legend: bool) -> str:
    return _("{name} (Legend)", name=name) if legend and "legend" not in name.lower() else name


def check_plot_path(path: str | None, *, overwrite: bool) -> None:
    """ConfigError unless the chart may be written to ``path`` (None: no chart asked for): a file
    name in a folder that can be written, and no file there unless ``overwrite``."""
    if path is None:
        if overwrite:
            raise ConfigError(_("--overwrite lets --plot replace its file: give --plot FILE.svg"))
        return
    problem = save_problem(path)
    if problem:
        raise ConfigError(_("--plot {file}: {problem}", file=path, problem=problem))
    if Path(path).exists() and not overwrite:
        raise ConfigError(
            _("--plot {file} already exists: add --overwrite to replace it, or name another file", file=quote(path))
        )
