"""``heat play``: one person against bots, with plain prompts (screen-reader and script friendly).

At the prompt, type a decision (``gear 2 play 3 4``, ``boost``, ``cooldown 2``, ``done``,
``slipstream``, ``discard 1 2``...), a number from the list of options, or a command:
``list``, ``status``, ``save [FILE]``, ``help``, ``quit``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from typing import Any

from heat.bots import Bot, play_out
from heat.bots.levels import levels_text, parse_levels
from heat.cli.prompt import Prompt, confirm_at_prompt
from heat.cli.race_cmd import bot_names, config_for, seats_for
from heat.cli.render import decision_preview, narrate, prompt_for, status
from heat.engine import (
    COLORS,
    ConfigError,
    Race,
    replay,
    to_record,
    view_of,
)
from heat.engine.record import SEASON_FORMAT
from heat.i18n import _, ngettext
from heat.players import make_bots, resumed_players, seat_roles
from heat.storage import check_new_save, naming, read_saved_game, real_path, write_save

RESUME = "heat play --resume"


class Session:
    """A human at one seat, bots at the others, talking through ``read`` and ``write``."""

    def __init__(
        self,
        race: Race,
        human: int,
        bots: dict[int, Bot],
        read: Callable[[str], str],
        write: Callable[[str], None],
        save_path: str | None = None,
        meta: dict[str, Any] | None = None,
        *,
        confirm: bool = False,
    ) -> None:
        self.race = race
        self.human = human
        self.bots = bots
        self.read = read
        self.write = write
        self.meta = meta or {}
        self.seen = 0
        self.prompt = Prompt(read, write, self.save, save_path, RESUME, confirm=confirm)

    @property
    def save_path(self) -> str | None:
        """Where the race is saved after every decision (None: nowhere)."""
        return self.prompt.save_path

    def save(self, path: str) -> None:
        """Save the race record with who plays which seat."""
        write_save(path, {**to_record(self.race), "players": self.meta})

    def show_new_events(self) -> None:
        events = self.race.events(self.human)
        names = [car.name for car in self.race.cars]
        for line in narrate(events[self.seen :], names, self.race.laps):
            self.write(line)
        self.seen = len(events)

    def run(self) -> int:
        """Play until the race is over or the player quits; the exit status: 1 if the finished
        race could not be saved to its save file."""
        race = self.race
        while True:
            play_out(race, self.bots)
            self.show_new_events()
            if race.is_over:
                self.write("")
                for line in _standings_lines(race):
                    self.write(line)
                return 0 if self.prompt.final_save(_("the finished race")) else 1
            if not self.ask():
                return 0

    def ask(self) -> bool:
        """Ask the human for one decision; False if they quit."""
        race = self.race
        view = view_of(race, self.human)
        return self.prompt.ask(
            race.legal_decisions(self.human),
            lambda: status(view_of(race, self.human)),
            prompt_for(view),
            lambda decision: race.apply(self.human, decision),
            lambda decision: decision_preview(view, decision),
        )


def _standings_lines(race: Race) -> list[str]:
    lines = [_("Final standings:") if race.is_over else _("Standings:")]
    for place, seat in enumerate(race.standings(), 1):
        car = race.cars[seat]
        lines.append(f"  {place}. {car.name} ({car.color})")
    return lines


def new_session_race(args: argparse.Namespace) -> tuple[Race, int, dict[str, Any]]:
    """A new race: the player in their colour, then the bots, then the Legends."""
    if not 0 <= args.bots <= 5:
        raise ConfigError(_("--bots must be 0 to 5, not {bots}", bots=args.bots))
    if args.color not in COLORS:
        raise ConfigError(
            _("unknown colour {color}; colours are: {colors}", color=repr(args.color), colors=", ".join(COLORS))
        )
    levels = parse_levels(getattr(args, "level", "club"), args.bots)
    others = [color for color in COLORS if color != args.color][: args.bots]
    players = [(args.name, args.color), *bot_names(others, levels, "Bot")]
    config = config_for(args, seats_for(players, getattr(args, "legends", 0)))
    race = Race(config)
    return race, 0, {"human": 0, "bot_seed": config.seed, "level": levels_text(levels)}


def run(args: argparse.Namespace) -> int:
    """Start or resume a race and play it at the prompt (``--resume`` with a season's file: the
    season, as ``heat season resume`` plays it, saved to ``--save`` if given)."""
    if args.resume:
        data = read_saved_game(args.resume)
        if isinstance(data, Mapping) and data.get("format") == SEASON_FORMAT:
            # The app opens a season with `heat play --resume` too (docs/terminal.md): so does
            # the prompt, in the season's own session, saved to --save if given (checked first).
            from heat.cli import season_cmd  # the season code loads only for a season (issue 28)

            check_save_option(args)
            return season_cmd.resume_season(args.resume, args.save, confirm=confirm_at_prompt(args))
        with naming(args.resume):
            race = replay(data)
        human, bots, meta = resumed_players(args.resume, data.get("players"), race)
        check_save_option(args)
        save_path = args.save or args.resume
        print(_("Resumed {file} at round {round}.", file=args.resume, round=race.round))
    else:
        race, human, meta = new_session_race(args)
        bots = make_bots(seat_roles(race.config.seats, human, meta["level"]), meta["bot_seed"])
        check_save_option(args)
        save_path = args.save
        laps = ngettext("{count} lap", "{count} laps", race.laps)
        print(
            _(
                "{track}, {laps}, seed {seed}. Type 'help' for help.",
                track=race.track.name,
                laps=laps,
                seed=race.config.seed,
            )
        )
    return Session(race, human, bots, input, print, save_path, meta, confirm=confirm_at_prompt(args)).run()


def check_save_option(args: argparse.Namespace) -> None:
    """ConfigError unless ``--save`` (if given) names a file the game may be saved to: not empty,
    not a folder, and not an existing file unless ``--overwrite`` or it is the ``--resume`` file
    itself."""
    save, resume = args.save, getattr(args, "resume", None)
    if save and resume and real_path(save) == real_path(resume):
        return
    check_new_save(save, overwrite=bool(getattr(args, "overwrite", False)))
