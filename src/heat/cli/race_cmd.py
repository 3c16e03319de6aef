"""``heat race`` and ``heat replay``: races between bots, printed as a log and standings."""

from __future__ import annotations

import argparse
import json

from heat.bots import play_out
from heat.bots.levels import level_label, parse_levels
from heat.cli.render import narrate
from heat.engine import COLORS, ConfigError, Race, RaceConfig, SeatConfig, to_position, to_record, track, track_ids
from heat.engine.config import MAX_CARS
from heat.i18n import N_, _, ngettext
from heat.legend_options import check_legend_options, flag_words
from heat.players import make_bots, seat_roles
from heat.storage import load_race


def laps_of(args: argparse.Namespace) -> int | None:
    """The laps asked for on the command line (None: the track's own)."""
    return 1 if args.practice else args.laps


def car_colors(cars: int) -> list[str]:
    """The colours of ``cars`` cars (``--cars``), in seat order; ConfigError outside 0-6 (B-0.6)."""
    if not 0 <= cars <= MAX_CARS:
        raise ConfigError(
            _(
                "--cars must be 0 to {most}, not {cars} (B-0.6: a race has at most {most} cars)",
                most=MAX_CARS,
                cars=cars,
            )
        )
    return list(COLORS[:cars])


def seats_for(players: list[tuple[str, str]], legends: int) -> tuple[SeatConfig, ...]:
    """Seats for ``players`` (name, colour) followed by ``legends`` Legends in the free colours."""
    if legends < 0:
        raise ConfigError(_("--legends must be 0 or more, not {legends}", legends=legends))
    if len(players) + legends > MAX_CARS:
        raise ConfigError(
            _(
                "a race has at most {most} cars: {cars} + {legends} Legends is too many (B-0.6)",
                most=MAX_CARS,
                cars=len(players),
                legends=legends,
            )
        )
    used = {color for _, color in players}
    free = [color for color in COLORS if color not in used]
    seats = [SeatConfig(name, color) for name, color in players]
    seats += [SeatConfig(f"Legend {color.capitalize()}", color, legend=True) for color in free[:legends]]
    return tuple(seats)


def config_for(args: argparse.Namespace, seats: tuple[SeatConfig, ...]) -> RaceConfig:
    """The race asked for on the command line; ConfigError for an option that would change
    nothing: a Legends option without a Legend, quick upgrades without the Garage."""
    legends = sum(seat.legend for seat in seats)
    check_legend_options(
        args.pro_legends, args.aggressive_legends, legends, flag_words(N_("add Legends with --legends"))
    )
    if not args.draft and not args.garage:
        raise ConfigError(_("--quick-upgrades deals Upgrade cards (G-18): choose their deck with --garage"))
    return RaceConfig(
        seats,
        track=args.track,
        laps=laps_of(args),
        seed=seed_of(args),
        garage=args.garage,
        draft=args.draft,
        weather=args.weather,
        pro_legends=args.pro_legends,
        aggressive_legends=args.aggressive_legends,
        tournament=args.tournament,
    )


def seed_of(args: argparse.Namespace) -> int:
    """The seed asked for, or a fresh random one."""
    return args.seed if args.seed is not None else fresh_seed()


def print_standings(race: Race) -> None:
    """The Hall of Fame (or current order) as numbered lines."""
    print(_("Final standings:") if race.is_over else _("Standings after round {round}:", round=race.round))
    for place, seat in enumerate(race.standings(), 1):
        car = race.cars[seat]
        rounds = " " + _("(round {round})", round=car.finish_round) if car.finish_round else ""
        print(f"  {place}. {car.name} ({car.color}){rounds}")


def print_log(race: Race) -> None:
    """The whole race as a spectator saw it."""
    names = [car.name for car in race.cars]
    for line in narrate(race.events(None), names, race.laps):
        print(line)


def bot_names(colors: list[str], levels: list[str], prefix: str = "") -> list[tuple[str, str]]:
    """(name, colour) of each bot: ``prefix`` and its colour ("Red", "Bot Blue"), or its level
    and colour ("Champion Blue") when the bots' levels differ, so the log says who is who."""
    mixed = len(set(levels)) > 1
    names = [level_label(level) if mixed else prefix for level in levels]
    return [(f"{name} {color.capitalize()}".lstrip(), color) for name, color in zip(names, colors, strict=True)]


def run(args: argparse.Namespace) -> int:
    """Play a race between bots of the chosen level (and Legends)."""
    players = bot_names(car_colors(args.cars), parse_levels(args.level, args.cars))
    config = config_for(args, seats_for(players, args.legends))
    seed = config.seed
    race = Race(config)
    play_out(race, make_bots(seat_roles(config.seats, None, args.level), seed))
    if args.json:
        print(json.dumps(to_record(race), indent=1))
        return 0
    if not args.quiet:
        laps = ngettext("{count} lap", "{count} laps", race.laps)
        cars = ngettext("{count} car", "{count} cars", len(race.cars))
        print(_("Seed {seed}. {track}, {laps}, {cars}.", seed=seed, track=race.track.name, laps=laps, cars=cars))
        print_log(race)
        print()
    print_standings(race)
    if not args.quiet:
        print()
        # Imported here: the statistics are needed only now, and the prompt starts faster.
        from heat.cli.stats_cmd import print_stats
        from heat.stats import race_stats

        print_stats(race_stats(race), _("Statistics:"))
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


def list_tracks(_args: argparse.Namespace) -> int:
    """``heat tracks``: every track with its laps, spaces and Speed Limits."""
    for track_id in track_ids():
        board = track(track_id)
        limits = ", ".join(str(c.speed_limit) for c in board.corners)
        laps = ngettext("{count} lap", "{count} laps", board.laps)
        print(
            f"{track_id:15} "
            + _(
                "{track}: {laps}, {spaces} spaces, corners {limits}",
                track=board.name,
                laps=laps,
                spaces=board.spaces,
                limits=limits,
            )
        )
    return 0


def fresh_seed() -> int:
    """A random seed for a race or season given none (``secrets``: not the bots' or the engine's
    generators; imported here because only this needs it, and a prompt starts faster)."""
    import secrets

    return secrets.randbelow(2**31)
