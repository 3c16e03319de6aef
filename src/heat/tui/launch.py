"""``heat play`` and ``heat season new|resume``: the full-screen app in a terminal, or the plain
prompt (``--plain``, and whenever standard input or output is not a terminal: scripts, pipes,
screen readers that prefer lines). Textual is imported only when the app starts."""

from __future__ import annotations

import argparse
import sys

from heat.cli import play_cmd, race_cmd, season_cmd
from heat.storage import check_new_save
from heat.tui.replay_model import open_replay
from heat.tui.setup_model import SEASON_MODE, build_table, setup_from_args
from heat.tui.table import Table


def interactive() -> bool:
    """Are both standard input and output a terminal?"""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _plain(args: argparse.Namespace) -> bool:
    return bool(getattr(args, "plain", False)) or not interactive()


def play(args: argparse.Namespace) -> int:
    """``heat play``: the setup screen filled in from the options (``--resume``: the saved game
    at once; ``--replay``: the replay viewer)."""
    replay_path = getattr(args, "replay", None)
    if _plain(args):
        if replay_path:
            return race_cmd.replay_file(argparse.Namespace(file=replay_path, json=False))
        return play_cmd.run(args)
    from heat.tui.app import HeatApp, run_app

    if replay_path:
        return run_app(HeatApp(replay=open_replay(replay_path)))
    play_cmd.check_save_option(args)
    if args.resume:
        return run_app(HeatApp(table=Table.load(args.resume, save_path=args.save)))
    setup = setup_from_args(args)
    return run_app(HeatApp(setup=setup, save_path=args.save, overwrite=args.overwrite))


def season_new(args: argparse.Namespace) -> int:
    """``heat season new``: the season starts at once, saved after every decision."""
    if _plain(args):
        return season_cmd.new(args)
    from heat.tui.app import HeatApp, run_app

    table = build_table(setup_from_args(args, mode=SEASON_MODE), save_path=args.save)
    check_new_save(args.save, overwrite=args.overwrite, resume=season_cmd.RESUME)
    return run_app(HeatApp(table=table))


def season_resume(args: argparse.Namespace) -> int:
    """``heat season resume``: the saved season, where it stopped."""
    if _plain(args):
        return season_cmd.resume(args)
    from heat.tui.app import HeatApp, run_app

    return run_app(HeatApp(table=Table.load(args.file)))
