"""``heat race`` and ``heat replay``: races between bots, printed as a log and standings."""

from __future__ import annotations

import argparse
import json
import secrets

from heat.bots import RandomBot, play_out
from heat.cli.render import narrate
from heat.engine import Race, RaceConfig, default_seats, to_position, to_record
from heat.storage import load_race


def laps_of(args: argparse.Namespace) -> int | None:
    """The laps asked for on the command line (None: the track's own)."""
    return 1 if args.practice else args.laps


def seed_of(args: argparse.Namespace) -> int:
    """The seed asked for, or a fresh random one."""
    return args.seed if args.seed is not None else secrets.randbelow(2**31)


def print_standings(race: Race) -> None:
    """The Hall of Fame (or current order) as numbered lines."""
    title = "Final standings" if race.is_over else f"Standings after round {race.round}"
    print(title + ":")
    for place, seat in enumerate(race.standings(), 1):
        car = race.cars[seat]
        rounds = f" (round {car.finish_round})" if car.finish_round else ""
        print(f"  {place}. {car.name} ({car.color}){rounds}")


def print_log(race: Race) -> None:
    """The whole race as a spectator saw it."""
    names = [car.name for car in race.cars]
    for line in narrate(race.events(None), names, race.laps):
        print(line)


def run(args: argparse.Namespace) -> int:
    """Play a race between RandomBots."""
    seed = seed_of(args)
    config = RaceConfig(default_seats(args.cars), track=args.track, laps=laps_of(args), seed=seed)
    race = Race(config)
    play_out(race, {seat: RandomBot(seed * 10 + seat) for seat in range(args.cars)})
    if args.json:
        print(json.dumps(to_record(race), indent=1))
        return 0
    if not args.quiet:
        print(f"Seed {seed}. {race.track.name}, {race.laps} lap(s), {args.cars} cars.")
        print_log(race)
        print()
    print_standings(race)
    return 0


def replay_file(args: argparse.Namespace) -> int:
    """Replay a record file and print its log, or its final position as JSON."""
    race = load_race(args.file)
    if args.json:
        print(json.dumps(to_position(race), indent=1))
        return 0
    print_log(race)
    print()
    print_standings(race)
    return 0
