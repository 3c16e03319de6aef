"""The command line of ``heat``: its commands and options, each bound to the function that runs it.

This module imports nothing of the game: each command's module is named here and imported only
when that command runs (``Command``), so that ``heat --help``, ``heat COMMAND --help`` and a
mistyped option answer at once, and a command loads only what it uses (the bots' numpy, rich,
Textual...). ``tests/test_startup.py`` checks it; ``benchmarks/startup_bench.py`` times it.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from heat.bots.names import LEVELS
from heat.i18n import LANGUAGES, N_, _, error_text

LEVEL_HELP = N_(
    "how the bots drive: one of {levels} for every bot, or one per bot in seat order, "
    "e.g. champion,rookie,rookie (default club)"
)
TRACK_HELP = N_("the track's id, any case ('heat tracks' lists them; default usa)")
NO_AGGRESSIVE_FLAG = "--no-aggressive-legends"
"""The option that turns off Great Britain's chevrons for Legends (OQ-L-10)."""
DEFAULT_SEASON_SAVE = "season.json"
"""Where ``heat season`` saves and looks for a season when no file is given."""


class Command:
    """The function ``'module:function'`` that runs a command, imported when the command runs,
    not when the command line is parsed: calling it runs it."""

    __slots__ = ("target",)

    def __init__(self, target: str) -> None:
        self.target = target

    def resolve(self) -> Callable[[argparse.Namespace], int]:
        """The function itself (its module imported)."""
        module_name, _colon, function_name = self.target.partition(":")
        function: Callable[[argparse.Namespace], int] = getattr(importlib.import_module(module_name), function_name)
        return function

    def __call__(self, args: argparse.Namespace) -> int:
        return self.resolve()(args)

    def __repr__(self) -> str:
        return f"Command({self.target!r})"


class ShowVersion(argparse.Action):
    """``--version``: Heat's version and which build of the rules engine runs (issue 33), found
    only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *unused: object) -> None:
        from heat import __version__
        from heat.engine_build import COMPILED_BUILD, PURE_BUILD, build_state

        compiled, why = build_state()
        build = _(COMPILED_BUILD) if compiled else _(PURE_BUILD, why=_(why))
        print(_("heat {version}\nengine: {build}", version=__version__, build=build))  # on stdout, as argparse's
        parser.exit()


def add_race_options(parser: argparse.ArgumentParser, *, bots: bool = True) -> None:
    """Options shared by every command that sets up a race (``--level`` where bots drive)."""
    parser.add_argument("--track", type=lowercase, default="usa", help=_(TRACK_HELP))
    laps = parser.add_mutually_exclusive_group()
    laps.add_argument("--laps", type=whole_number, help=_("laps to race (default: the track's printed number)"))
    laps.add_argument("--practice", action="store_true", help=_("a 1-lap practice race (B-10.2)"))
    parser.add_argument("--seed", type=whole_number, default=None, help=_("random seed: same seed, same race"))
    if bots:
        parser.add_argument("--level", default="club", help=_(LEVEL_HELP, levels=", ".join(LEVELS)))
    modules = parser.add_argument_group(_("advanced modules"))
    modules.add_argument(
        "--garage",
        choices=("regular", "advanced", "all"),
        help=_("Garage module: build each car with 3 Upgrade cards from this deck"),
    )
    build = modules.add_mutually_exclusive_group()
    build.add_argument(
        "--draft", dest="draft", action="store_true", default=True, help=_("draft the upgrades (default)")
    )
    build.add_argument(
        "--quick-upgrades", dest="draft", action="store_false", help=_("deal 3 random Regular upgrades each (G-18)")
    )
    modules.add_argument(
        "--legends", type=whole_number, default=0, metavar="N", help=_("add N Legends cars (Legends module)")
    )
    modules.add_argument(
        "--pro-legends", type=whole_number, default=0, metavar="N", help=_("Pro Legends: +N Top Speed (L-17)")
    )
    add_aggressive_option(modules)
    modules.add_argument("--weather", action="store_true", help=_("Weather & Road Conditions module"))
    modules.add_argument("--tournament", action="store_true", help=_("Tournament mode: the cards played set the gear"))


def add_aggressive_option(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--no-aggressive-legends``: the printed rulebook's Legends, without Great Britain's chevrons."""
    parser.add_argument(
        NO_AGGRESSIVE_FLAG,
        dest="aggressive_legends",
        action="store_false",
        help=_("Great Britain's chevrons off: a Legend on one never crosses two Corner Lines (OQ-L-10)"),
    )


# The options of `heat play` that set up a new race: a race resumed or replayed from a file has
# its own setup, so they are refused there rather than silently ignored. Each is named by its
# flag (`--draft` is on by default: only `--quick-upgrades` changes it).
PLAY_SETUP_FLAGS = {
    "track": "--track",
    "laps": "--laps",
    "practice": "--practice",
    "seed": "--seed",
    "level": "--level",
    "garage": "--garage",
    "draft": "--quick-upgrades",
    "legends": "--legends",
    "pro_legends": "--pro-legends",
    "aggressive_legends": NO_AGGRESSIVE_FLAG,
    "weather": "--weather",
    "tournament": "--tournament",
    "bots": "--bots",
    "name": "--name",
    "color": "--color",
}
# A replay is only watched: it saves nothing either.
REPLAY_IGNORES = {**PLAY_SETUP_FLAGS, "save": "--save", "overwrite": "--overwrite", "no_confirm": "--no-confirm"}
# An online seat: the table, the car's colour and the saving are the server's; --name is the
# player's display name there.
JOIN_IGNORES = {
    **{dest: flag for dest, flag in PLAY_SETUP_FLAGS.items() if dest != "name"},
    "save": "--save",
    "overwrite": "--overwrite",
}
NO_CONFIRM_HELP = N_(
    "never ask yes/no before a decision that may spin out or costs Heat (the app and the plain prompt)"
)


def player_name(text: str) -> str:
    """``--name``: a blank name is the default one (the app names a blank seat the same way); a
    name the engine refuses (too long, a control character...) is an error naming why."""
    from heat.engine import name_problem  # the engine loads once a command runs, not for --help

    name = text.strip() or "Player"
    problem = name_problem(name)
    if problem is not None:
        raise argparse.ArgumentTypeError(error_text(problem))
    return name


def whole_number(text: str) -> int:
    """A number option (``--seed``, ``--laps``, ``--bots``, the arena's...): ASCII digits with
    an optional sign, at most ``MAX_SEED_DIGITS`` of them (``int`` alone reads Arabic-Indic digits, and
    raises ValueError past 4,300 digits)."""
    from heat.engine import MAX_SEED_DIGITS  # the engine loads once a command runs, not for --help

    digits = text.strip().removeprefix("-").removeprefix("+")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_SEED_DIGITS:
        raise argparse.ArgumentTypeError(
            _(
                "expected a whole number of at most {digits} digits (0-9), got {text}",
                digits=MAX_SEED_DIGITS,
                text=repr(text[:30]),
            )
        )
    return int(text)


def lowercase(text: str) -> str:
    """``--color``, ``--track`` and ``--tracks``: any case, like the levels (``RED`` is ``red``)."""
    return text.strip().lower()


LANGUAGE_FLAG = "--lang"
"""Chooses the language, before or after the command (read by ``heat.cli.main`` first)."""
ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("expected one argument"),
    N_("not allowed with argument %s"),
)
"""The messages of argparse itself that a person meets, in our catalogue: argparse looks its
messages up through its module's ``_``, which ``build_parser`` points at the language spoken."""


def _speak_argparse() -> None:
    from heat.i18n import translations

    # argparse calls its module-level `_` and `ngettext` at the time of each message.
    vars(argparse)["_"] = lambda message: translations().gettext(message)
    vars(argparse)["ngettext"] = lambda singular, plural, count: translations().ngettext(singular, plural, count)


def _add_language_option(parser: argparse.ArgumentParser) -> None:
    """``--lang`` on ``parser`` and every subcommand's parser, so it may come anywhere (its
    value is read before parsing; SUPPRESS keeps a subcommand's default from hiding it)."""
    parser.add_argument(
        LANGUAGE_FLAG,
        type=str.lower,
        choices=LANGUAGES,
        default=argparse.SUPPRESS,
        help=_("the language to speak: en, fi, fr or de (default: LC_ALL, LC_MESSAGES or LANG, else English)"),
    )
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in set(action.choices.values()):
                _add_language_option(sub)


def terminal_columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` gives it (``COLUMNS`` if a positive
    number, else the width of standard output's terminal, else 80), without loading ``shutil``:
    argparse's help formatter imports it (with ``bz2`` and ``lzma``) for every parser, help or
    not, and that was 2% of the plain prompt's start (issue 28)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 80
    return columns


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help formatter, its width measured by ``terminal_columns`` (the same width)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, terminal_columns() - 2 if width is None else width)


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser with ``HelpFormatter``; the subcommands' parsers are of this class too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``heat``, its help in the language spoken."""
    _speak_argparse()
    parser = ArgumentParser(prog="heat", description=_("Heat: Pedal to the Metal in your terminal."))
    parser.add_argument(
        "--version", action=ShowVersion, help=_("show Heat's version and which build of the rules engine runs")
    )
    commands = parser.add_subparsers(dest="command", required=True)

    race = commands.add_parser("race", help=_("watch bots race and print the log and standings"))
    add_race_options(race)
    race.add_argument("--cars", type=whole_number, default=4, help=_("number of bot cars, 0-6 (default 4)"))
    race.add_argument("--json", action="store_true", help=_("print the race record as JSON instead of the log"))
    race.add_argument("--quiet", action="store_true", help=_("print only the standings"))
    race.set_defaults(run=Command("heat.cli.race_cmd:run"))

    play = commands.add_parser("play", help=_("race against bots: the full-screen app (--plain: prompts)"))
    add_race_options(play)
    play.add_argument(
        "--bots", type=whole_number, default=3, help=_("number of bot cars besides Legends, 0-5 (default 3)")
    )
    play.add_argument("--name", type=player_name, default="Player", help=_("your name (default Player)"))
    play.add_argument("--color", type=lowercase, default="red", help=_("your car's colour"))
    play.add_argument("--save", metavar="FILE", help=_("save the race to FILE after every decision (a new file)"))
    play.add_argument("--overwrite", action="store_true", help=_("let --save replace an existing file"))
    opened = play.add_mutually_exclusive_group()  # one file at a time: a race to resume or to replay
    opened.add_argument("--resume", metavar="FILE", help=_("resume a race saved with --save or 'save'"))
    opened.add_argument("--replay", metavar="FILE", help=_("step through a race record (the app's replay viewer)"))
    opened.add_argument(
        "--join",
        metavar="LINK",
        help=_("play your seat at an online table: the invitation link (http://HOST/t/TABLE#TOKEN)"),
    )
    play.add_argument("--plain", action="store_true", help=_("plain prompts instead of the full-screen app"))
    play.add_argument("--no-confirm", action="store_true", help=_(NO_CONFIRM_HELP))
    play.set_defaults(run=Command("heat.tui.launch:play"))

    position = commands.add_parser("position", help=_("create positions and apply decisions to them"))
    position_commands = position.add_subparsers(dest="position_command", required=True)
    new = position_commands.add_parser("new", help=_("print the starting position of a race as JSON"))
    add_race_options(new, bots=False)
    new.add_argument("--cars", type=whole_number, default=2, help=_("number of player cars (default 2)"))
    new.set_defaults(run=Command("heat.cli.position_cmd:new"))
    apply = position_commands.add_parser(
        "apply", help=_("load a position, apply decisions, print the new position and the events as JSON")
    )
    apply.add_argument("file", help=_("position JSON file ('-' for standard input)"))
    # default=[]: without it argparse names the optional decisions as required when FILE is missing
    apply.add_argument("decisions", nargs="*", default=[], help=_("decisions as text, e.g. 'red: gear 2 play 3 4'"))
    apply.add_argument("--view", metavar="SEAT", help=_("print this seat's view instead of the full position"))
    apply.set_defaults(run=Command("heat.cli.position_cmd:apply"))

    replay = commands.add_parser("replay", help=_("replay a saved race or record and print its log"))
    replay.add_argument("file", help=_("record JSON file"))
    replay.add_argument("--json", action="store_true", help=_("print the final position as JSON"))
    replay.set_defaults(run=Command("heat.cli.race_cmd:replay_file"))

    stats = commands.add_parser("stats", help=_("the statistics of a saved race or record (or of a season's races)"))
    stats.add_argument("file", help=_("race record, saved race or saved season (JSON)"))
    stats.add_argument("--json", action="store_true", help=_("print the figures as JSON instead of a table"))
    stats.add_argument("--plot", metavar="FILE", help=_("write a chart of every car's position round by round (SVG)"))
    stats.add_argument("--overwrite", action="store_true", help=_("let --plot replace an existing file"))
    stats.add_argument("--race", type=whole_number, metavar="N", help=_("in a season: only its race N"))
    stats.set_defaults(run=Command("heat.cli.stats_cmd:run"))

    season = commands.add_parser("season", help=_("a Championship season against bots and Legends"))
    season_commands = season.add_subparsers(dest="season_command", required=True)
    new_season = season_commands.add_parser("new", help=_("start a season (saved after every decision)"))
    new_season.add_argument("--season", default="1961", choices=("1961", "1962", "1963", "custom", "goat"))
    new_season.add_argument("--garage", default="all", choices=("regular", "advanced", "all"), help=_("Upgrade deck"))
    new_season.add_argument(
        "--bots", type=whole_number, default=3, help=_("number of bot cars besides Legends (default 3)")
    )
    new_season.add_argument("--legends", type=whole_number, default=0, metavar="N", help=_("add N Legends"))
    new_season.add_argument(
        "--pro-legends", type=whole_number, default=0, metavar="N", help=_("Pro Legends: +N Top Speed")
    )
    add_aggressive_option(new_season)
    new_season.add_argument("--tournament", action="store_true", help=_("Tournament mode in every race"))
    new_season.add_argument("--name", type=player_name, default="Player", help=_("your name (default Player)"))
    new_season.add_argument("--color", type=lowercase, default="red", help=_("your car's colour"))
    new_season.add_argument("--seed", type=whole_number, default=None)
    new_season.add_argument("--level", default="club", help=_(LEVEL_HELP, levels=", ".join(LEVELS)))
    new_season.add_argument(
        "--save",
        default=DEFAULT_SEASON_SAVE,
        metavar="FILE",
        help=_("save file, a new one (default {file})", file=DEFAULT_SEASON_SAVE),
    )
    new_season.add_argument("--overwrite", action="store_true", help=_("let --save replace an existing file"))
    new_season.add_argument("--plain", action="store_true", help=_("plain prompts instead of the full-screen app"))
    new_season.add_argument("--no-confirm", action="store_true", help=_(NO_CONFIRM_HELP))
    new_season.set_defaults(run=Command("heat.tui.launch:season_new"))
    resume_season = season_commands.add_parser("resume", help=_("resume a saved season"))
    resume_season.add_argument("file", nargs="?", default=DEFAULT_SEASON_SAVE)
    resume_season.add_argument("--plain", action="store_true", help=_("plain prompts instead of the full-screen app"))
    resume_season.add_argument("--no-confirm", action="store_true", help=_(NO_CONFIRM_HELP))
    resume_season.set_defaults(run=Command("heat.tui.launch:season_resume"))
    status_season = season_commands.add_parser("status", help=_("print the standings of a saved season"))
    status_season.add_argument("file", nargs="?", default=DEFAULT_SEASON_SAVE)
    status_season.set_defaults(run=Command("heat.cli.season_cmd:show_status"))

    arena = commands.add_parser("arena", help=_("many races between bots and Legends, with win rates"))
    arena.add_argument(
        "--lineup",
        default="club,legend*5",
        help=_("entrants: levels, 'search' (the search bot) or 'legend', e.g. 'champion,legend*5'"),
    )
    arena.add_argument("--races", type=whole_number, default=50, help=_("races per track (default 50)"))
    arena.add_argument(
        "--tracks",
        type=lowercase,
        default="usa",
        help=_("comma-separated track ids ('heat tracks' lists them), or 'all' (default usa)"),
    )
    arena.add_argument("--laps", type=whole_number, default=None, help=_("laps per race (default: each track's)"))
    arena.add_argument("--seed", type=whole_number, default=0)
    arena.add_argument("--garage", choices=("regular", "advanced", "all"), default=None)
    arena.add_argument("--weather", action="store_true")
    arena.add_argument("--pro-legends", type=whole_number, default=0, metavar="N")
    add_aggressive_option(arena)
    arena.add_argument("--tournament", action="store_true")
    arena.add_argument(
        "--workers",
        type=whole_number,
        default=None,
        help=_("processes, 1 to 256, never more than races (default: every CPU core)"),
    )
    arena.add_argument(
        "--ray", metavar="ADDRESS", help=_("play the races on a Ray cluster (HOST:PORT, auto, local): the ray extra")
    )
    arena.add_argument("--json", metavar="FILE", help=_("write the summary and every race as JSON (a new file)"))
    arena.add_argument("--csv", metavar="FILE", help=_("write the summary as CSV (a new file)"))
    arena.add_argument("--plot", metavar="FILE", help=_("write a chart of the win rates as SVG (a new file)"))
    arena.add_argument(
        "--overwrite",
        action="store_true",
        help=_("let --json, --csv and --plot replace the results of an earlier arena"),
    )
    arena.add_argument(
        "--yes", action="store_true", help=_("run an arena estimated to take over an hour without asking")
    )
    arena.set_defaults(run=Command("heat.cli.arena_cmd:run"))

    serve = commands.add_parser("serve", help=_("run the online game server (tables, seats, bots, a database)"))
    serve.add_argument("--host", default="127.0.0.1", help=_("address to listen on (0.0.0.0: your whole network)"))
    serve.add_argument("--port", type=whole_number, default=8000, help=_("port (default 8000; 0: any free port)"))
    serve.add_argument(
        "--db", metavar="FILE|URL", help=_("SQLite file (default: heat.db in your data folder) or postgresql:// URL")
    )
    serve.add_argument("--redis", metavar="URL", help=_("redis:// URL: several processes on one PostgreSQL --db"))
    serve.add_argument("--migrate", action="store_true", help=_("upgrade the database's schema, then exit"))
    serve.add_argument(
        "--lease-seconds", type=whole_number, default=10, help=_("a dead process's tables are taken over after this")
    )
    serve.add_argument("--bot-workers", type=whole_number, default=1, help=_("processes the bots think in (default 1)"))
    serve.add_argument(
        "--away-grace", type=float, default=15.0, help=_("seconds a live player may be away before the stand-in drives")
    )
    serve.add_argument("--allow-positions", action="store_true", help=_("let tables start from a position (tests)"))
    # The tests' pseudo-language for the browser board (docs/i18n.md): not for players.
    serve.add_argument("--pseudo-language", action="store_true", help=argparse.SUPPRESS)
    serve.add_argument("--no-fsync", action="store_true", help=_("commit without syncing the disk (benchmarks)"))
    serve.add_argument("--verbose", action="store_true", help=_("log every request"))
    serve.set_defaults(run=Command("heat.server.main:run"))

    tracks = commands.add_parser("tracks", help=_("list the tracks"))
    tracks.set_defaults(run=Command("heat.cli.race_cmd:list_tracks"))
    _add_language_option(parser)
    return parser


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The parsed command line (argparse exits with its usage message on a malformed one),
    checked by ``check``."""
    parser = build_parser()
    args = parser.parse_args(argv)
    check(parser, args)
    return args


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """ConfigError for what argparse cannot check: ``heat play --resume``, ``--replay`` or
    ``--join`` with an option that sets up a new race."""
    if args.command == "play" and (args.resume or args.replay or args.join):
        from heat.engine import ConfigError  # the game is loaded only once the command is known

        defaults = vars(parser.parse_args(["play"]))
        path, ignored = (
            (args.resume, PLAY_SETUP_FLAGS)
            if args.resume
            else (args.replay, REPLAY_IGNORES)
            if args.replay
            else ("", JOIN_IGNORES)
        )
        given = [flag for dest, flag in ignored.items() if getattr(args, dest) != defaults[dest]]
        if given and args.join:
            raise ConfigError(
                _("--join plays a seat of a table set up on its server: leave out {options}", options=", ".join(given))
            )
        if given:
            message = (
                N_(
                    "--resume continues the race saved in {file} as it was set up: "
                    "leave out {options} (they set up a new race)"
                )
                if args.resume
                else N_(
                    "--replay shows the race recorded in {file} as it was set up: "
                    "leave out {options} (they set up a new race)"
                )
            )
            raise ConfigError(_(message, file=path, options=", ".join(given)))
