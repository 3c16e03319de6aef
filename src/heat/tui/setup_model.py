"""What the setup screen collects, and how it becomes a table: a race or a season with a role
for each seat. No user interface here; the engine validates every setting (ConfigError)."""

from __future__ import annotations

import argparse
import random
import secrets
from dataclasses import dataclass, replace

from heat.bots.levels import parse_levels
from heat.engine import COLORS, ConfigError, Race, RaceConfig, SeatConfig
from heat.engine.championship import Season, SeasonConfig
from heat.i18n import N_
from heat.legend_options import SETUP_SCREEN_WORDS, check_legend_options
from heat.players import BOT, HUMAN, LEGEND, SeatRole
from heat.tui.table import Table

OFF = "off"
RANDOM_COLOR = "random"
SEAT_KINDS = (HUMAN, BOT, LEGEND, OFF)
RACE_MODE = "race"
SEASON_MODE = "season"
SEASON_KINDS = ("1961", "1962", "1963", "custom", "goat")
DEFAULT_LEVEL = "club"


@dataclass(frozen=True, slots=True)
class SeatChoice:
    """One row of the seats table: a human (with a name), a bot (with a level), a Legend or an
    empty seat; a colour or ``random``."""

    kind: str = OFF
    name: str = ""
    level: str = DEFAULT_LEVEL
    color: str = RANDOM_COLOR


DEFAULT_SEATS = (
    SeatChoice(HUMAN, "Player", color="red"),
    SeatChoice(BOT),
    SeatChoice(BOT),
    SeatChoice(BOT),
    SeatChoice(OFF),
    SeatChoice(OFF),
)


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything chosen before a race (``mode='race'``) or a championship (``'season'``).

    Race: ``laps=None`` races the track's printed laps; ``practice`` the 1-lap practice race
    (B-10.2). Season: ``season`` is a historic year, ``custom`` or ``goat`` (C-3, C-42, C-43);
    its Upgrade deck is ``garage`` (``None`` there means ``all``)."""

    mode: str = RACE_MODE
    track: str = "usa"
    laps: int | None = None
    practice: bool = False
    garage: str | None = None
    draft: bool = True
    weather: bool = False
    pro_legends: int = 0
    aggressive_legends: bool = True
    """Great Britain's chevrons let a Legend cross two Corner Lines (OQ-L-10)."""
    tournament: bool = False
    confirm: bool = True
    """Ask before committing a decision that risks a spin-out or raises the Heat bill."""
    season: str = "1961"
    seed: int | None = None
    seats: tuple[SeatChoice, ...] = DEFAULT_SEATS


def resolve_seats(choices: tuple[SeatChoice, ...], seed: int) -> tuple[tuple[SeatConfig, ...], tuple[SeatRole, ...]]:
    """Seat configs and roles for the rows that are not empty. Random colours are drawn from the
    colours nobody chose, with ``seed``; humans without a name are called ``Player N``."""
    rows = [choice for choice in choices if choice.kind != OFF]
    if not rows:
        raise ConfigError(N_("every seat is empty: add at least one human driver"))
    if not any(choice.kind == HUMAN for choice in rows):
        raise ConfigError(
            N_("nobody is at the keyboard: make at least one seat human (or watch bots with 'heat race')")
        )
    chosen = [choice.color for choice in rows if choice.color != RANDOM_COLOR]
    for color in chosen:
        if color not in COLORS:
            raise ConfigError(
                N_("unknown colour {color}; colours are: {colors}"), color=repr(color), colors=", ".join(COLORS)
            )
        if chosen.count(color) > 1:
            raise ConfigError(N_("two cars cannot both be {color} (B-0.1)"), color=color)
    free = [color for color in COLORS if color not in chosen]
    random.Random(seed).shuffle(free)
    seats: list[SeatConfig] = []
    roles: list[SeatRole] = []
    humans = 0
    for choice in rows:
        if choice.color != RANDOM_COLOR:
            color = choice.color
        elif free:
            color = free.pop()
        else:
            raise ConfigError(N_("a race has at most {count} cars (B-0.6)"), count=len(COLORS))
        if choice.kind == HUMAN:
            humans += 1
            seats.append(SeatConfig(choice.name.strip() or f"Player {humans}", color))
            roles.append(SeatRole(HUMAN))
        elif choice.kind == BOT:
            seats.append(SeatConfig(f"Bot {color.capitalize()}", color))
            roles.append(SeatRole(BOT, choice.level))
        elif choice.kind == LEGEND:
            seats.append(SeatConfig(f"Legend {color.capitalize()}", color, legend=True))
            roles.append(SeatRole(LEGEND))
        else:
            raise ConfigError(
                N_("unknown seat kind {kind}; kinds are: {kinds}"), kind=repr(choice.kind), kinds=", ".join(SEAT_KINDS)
            )
    return tuple(seats), tuple(roles)


def build_table(setup: GameSetup, *, save_path: str | None = None) -> Table:
    """The race or season of ``setup`` (ConfigError, from here or the engine, if it cannot be)."""
    seed = setup.seed if setup.seed is not None else secrets.randbelow(2**31)
    seats, roles = resolve_seats(setup.seats, seed)
    legends = sum(seat.legend for seat in seats)
    check_legend_options(setup.pro_legends, setup.aggressive_legends, legends, SETUP_SCREEN_WORDS)
    game: Race | Season
    if setup.mode == SEASON_MODE:
        game = Season(
            SeasonConfig(
                seats,
                season=setup.season,
                garage=setup.garage or "all",
                seed=seed,
                tournament=setup.tournament,
                pro_legends=setup.pro_legends,
                aggressive_legends=setup.aggressive_legends,
            )
        )
    else:
        game = Race(
            RaceConfig(
                seats,
                track=setup.track,
                laps=1 if setup.practice else setup.laps,
                seed=seed,
                garage=setup.garage,
                draft=setup.draft,
                weather=setup.weather,
                pro_legends=setup.pro_legends,
                aggressive_legends=setup.aggressive_legends,
                tournament=setup.tournament,
            )
        )
    return Table(game, roles, bot_seed=seed, save_path=save_path, confirm=setup.confirm)


def setup_from_args(args: argparse.Namespace, *, mode: str = RACE_MODE) -> GameSetup:
    """The setup that ``heat play`` (or ``heat season new``) options describe: the player, then
    ``--bots`` bots of the ``--level`` levels, then ``--legends`` Legends; ``--no-confirm`` turns
    the confirmations off."""
    bots = int(getattr(args, "bots", 3))
    legends = int(getattr(args, "legends", 0) or 0)
    if not 0 <= bots <= 5:
        raise ConfigError(N_("--bots must be 0 to 5, not {bots}"), bots=bots)
    color = getattr(args, "color", "red")
    if color not in COLORS:
        raise ConfigError(
            N_("unknown colour {color}; colours are: {colors}"), color=repr(color), colors=", ".join(COLORS)
        )
    levels = parse_levels(getattr(args, "level", DEFAULT_LEVEL), bots)
    rows = [SeatChoice(HUMAN, getattr(args, "name", "Player"), color=color)]
    rows += [SeatChoice(BOT, level=level) for level in levels]
    rows += [SeatChoice(LEGEND) for _ in range(legends)]
    rows += [SeatChoice(OFF) for _ in range(max(0, len(COLORS) - len(rows)))]
    setup = GameSetup(
        mode=mode,
        garage=getattr(args, "garage", None),
        pro_legends=int(getattr(args, "pro_legends", 0) or 0),
        aggressive_legends=bool(getattr(args, "aggressive_legends", True)),
        tournament=bool(getattr(args, "tournament", False)),
        seed=getattr(args, "seed", None),
        seats=tuple(rows),
        confirm=not getattr(args, "no_confirm", False),
    )
    if mode == SEASON_MODE:
        return replace(setup, season=getattr(args, "season", "1961"))
    return replace(
        setup,
        track=getattr(args, "track", "usa"),
        laps=getattr(args, "laps", None),
        practice=bool(getattr(args, "practice", False)),
        draft=bool(getattr(args, "draft", True)),
        weather=bool(getattr(args, "weather", False)),
    )
