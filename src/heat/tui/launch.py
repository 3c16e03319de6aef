"""``heat play`` and ``heat season new|resume``: the full-screen app in a terminal, or the plain
prompt (``--plain``, and whenever standard input or output is not a terminal: scripts, pipes,
screen readers that prefer lines). Textual is imported only when the app starts, and the setup
screen's models and the season code only where used: the plain prompt starts faster (issue 28)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from heat.cli import play_cmd, race_cmd
from heat.i18n import N_
from heat.storage import check_new_save

if TYPE_CHECKING:
    from heat.tui.table import Table


def interactive() -> bool:
    """Are both standard input and output a terminal?"""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _plain(args: argparse.Namespace) -> bool:
    return bool(getattr(args, "plain", False)) or not interactive()


def play(args: argparse.Namespace) -> int:
    """``heat play``: the setup screen filled in from the options, which are checked first as the
    plain prompt checks them (``--resume``: the saved game at once; ``--replay``: the replay
    viewer)."""
    replay_path = getattr(args, "replay", None)
    if getattr(args, "join", None):
        return join(args)
    if _plain(args):
        if replay_path:
            return race_cmd.replay_file(argparse.Namespace(file=replay_path, json=False))
        return play_cmd.run(args)
    from heat.tui.app import HeatApp, run_app
    from heat.tui.replay_model import open_replay
    from heat.tui.setup_model import setup_from_args
    from heat.tui.table import Table

    if replay_path:
        return run_app(HeatApp(replay=open_replay(replay_path)))
    if args.resume:
        # The saved game first, then --save: a broken file is named before a --save mistake, as
        # at the plain prompt (play_cmd.run).
        table = no_confirm_if_asked(Table.load(args.resume, save_path=args.save), args)
        play_cmd.check_save_option(args)
        return run_app(HeatApp(table=table))
    check_race_options(args)
    setup = setup_from_args(args)
    return run_app(HeatApp(setup=setup, save_path=args.save, overwrite=args.overwrite))


def join(args: argparse.Namespace) -> int:
    """``heat play --join LINK``: the seat of an online table, in the app. The link, the server
    and the seat are checked first (a JoinError, one line, before the screen opens)."""
    import asyncio

    from heat.tui.online.link import JoinError, need_client, parse_link

    link = parse_link(args.join)
    need_client()
    if _plain(args):
        raise JoinError(N_("--join plays in the full-screen app: leave out --plain, and run it in a terminal"))
    from heat.tui.online.app import RemoteApp, run_remote
    from heat.tui.online.connection import probe

    asyncio.run(probe(link, args.name))
    return run_remote(RemoteApp(link, args.name, confirm=not args.no_confirm))


def season_new(args: argparse.Namespace) -> int:
    """``heat season new``: the season starts at once, saved after every decision."""
    from heat.cli import season_cmd

    if _plain(args):
        return season_cmd.new(args)
    from heat.tui.app import HeatApp, run_app
    from heat.tui.setup_model import SEASON_MODE, build_table, setup_from_args

    check_season_options(args)
    table = build_table(setup_from_args(args, mode=SEASON_MODE), save_path=args.save)
    check_new_save(args.save, overwrite=args.overwrite)
    return run_app(HeatApp(table=table))


def check_race_options(args: argparse.Namespace) -> None:
    """The options of a new ``heat play`` race, checked by the plain prompt's own code before the
    app starts: a value it refuses (a track named wrong, laps outside 1-20, Pro Legends without a
    Legend, too many cars...) is the same ConfigError here, in the same words; a value it
    accepts is one the setup screen shows as given."""
    # The race built is thrown away: the setup screen builds its own when Start is pressed
    # (a random seed stays random on the screen). Building it takes milliseconds.
    play_cmd.new_session_race(args)
    play_cmd.check_save_option(args)


def check_season_options(args: argparse.Namespace) -> None:
    """The options of ``heat season new``, checked by the plain prompt's own code before the app
    starts (``season_cmd.new_season``: a negative ``--legends`` or too many cars included, which
    the setup would otherwise drop or cut to fit the six seats); the season built is thrown away."""
    from heat.cli import season_cmd

    season_cmd.new_season(args)


def season_resume(args: argparse.Namespace) -> int:
    """``heat season resume``: the saved season, where it stopped."""
    from heat.cli import season_cmd

    if _plain(args):
        return season_cmd.resume(args)
    from heat.tui.app import HeatApp, run_app
    from heat.tui.table import Table

    return run_app(HeatApp(table=no_confirm_if_asked(Table.load(args.file), args)))


def no_confirm_if_asked(table: Table, args: argparse.Namespace) -> Table:
    """``table`` with its confirmations off when ``--no-confirm`` is given (a resumed game keeps
    its own setting otherwise, saved as ``players.confirm``)."""
    if getattr(args, "no_confirm", False):
        table.confirm = False
    return table
