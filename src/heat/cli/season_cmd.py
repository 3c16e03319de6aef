"""``heat season``: a Championship season (or a GOAT run) against bots and Legends, saved after
every decision and resumed exactly where it stopped."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from heat.bots import Bot
from heat.bots.levels import levels_text, parse_levels
from heat.cli.parser import DEFAULT_SEASON_SAVE
from heat.cli.prompt import Previewer, Prompt, confirm_at_prompt
from heat.cli.race_cmd import bot_names, fresh_seed, seats_for
from heat.cli.render import decision_preview, narrate, prompt_for, scorepad, season_status, status
from heat.engine import COLORS, ConfigError, track, view_of
from heat.engine.championship import (
    RACE,
    Season,
    SeasonConfig,
    replay_season,
    season_record,
    season_view,
)
from heat.i18n import N_, _
from heat.legend_options import check_legend_options, flag_words
from heat.players import make_bots, resumed_players, seat_roles
from heat.storage import check_new_save, naming, read_season_record, write_save

DEFAULT_SAVE = DEFAULT_SEASON_SAVE
RESUME = "heat season resume"


class SeasonSession:
    """A human at one seat of a season, bots at the others."""

    def __init__(
        self,
        season: Season,
        human: int,
        bots: dict[int, Bot],
        read: Callable[[str], str],
        write: Callable[[str], None],
        save_path: str | None,
        meta: dict[str, Any],
        *,
        confirm: bool = False,
    ) -> None:
        self.season = season
        self.human = human
        self.bots = bots
        self.write = write
        self.meta = meta
        self.prompt = Prompt(read, write, self.save, save_path, RESUME, confirm=confirm)
        self.seen = 0
        self.races_done = len(season.state.results)

    @property
    def save_path(self) -> str | None:
        """Where the season is saved after every decision (None: nowhere)."""
        return self.prompt.save_path

    def save(self, path: str) -> None:
        """Save the season record with who plays which seat."""
        write_save(path, {**season_record(self.season), "players": self.meta})

    def run(self) -> int:
        """Play until the season is over or the player quits; the exit status: 1 if the finished
        season could not be saved to its save file."""
        season = self.season
        while not season.is_over:
            waiting = season.to_decide()
            bot = next((seat for seat in waiting if seat in self.bots), None)
            if bot is not None:
                self._bot_decides(bot)
                continue
            if not self._human_decides():
                return 0
        self._race_over()  # prints the final scorepad
        winner = season.standings()[0]
        self.write(_("Champion: {name}", name=season.config.seats[winner].name))
        return 0 if self.prompt.final_save(_("the finished season")) else 1

    def _bot_decides(self, seat: int) -> None:
        season = self.season
        legal = season.legal_decisions(seat)
        view = view_of(season.race, seat) if season.race is not None else season_view(season)
        season.apply(seat, self.bots[seat].choose(view, legal))
        self._after()

    def _human_decides(self) -> bool:
        season = self.season
        self._show_race_events()
        legal = season.legal_decisions(self.human)
        if season.phase == RACE and season.race is not None:
            race = season.race
            view = view_of(race, self.human)
            return self._ask(
                legal,
                lambda: status(view_of(race, self.human)),
                prompt_for(view),
                lambda decision: decision_preview(view, decision),
            )
        hint = {
            "build": "Build your car: take one Upgrade card from the market, e.g. 'draft rpm-2' (C-15).",
            "swap": "You are last on the grid: 'swap OWNED for MARKET' or 'no swap' (C-16).",
            "keep": "Season over: keep one Upgrade card for the next season, e.g. 'keep turbo-7' (C-44).",
        }[season.phase]
        return self._ask(legal, lambda: season_status(season_view(season), self.human), hint)

    def _ask(
        self, legal: list[Any], lines: Callable[[], list[str]], hint: str, preview: Previewer | None = None
    ) -> bool:
        done = self.prompt.ask(legal, lines, hint, lambda decision: self.season.apply(self.human, decision), preview)
        if done:
            self._race_over()  # the prompt has saved the season already
        return done

    def _after(self) -> None:
        self.prompt.autosave()
        self._race_over()

    def _show_race_events(self) -> None:
        race = self.season.race
        if race is None:
            return
        events = race.events(self.human)
        names = [car.name for car in race.cars]
        self.prompt.lines(narrate(events[self.seen :], names, race.laps))
        self.seen = len(events)

    def _race_over(self) -> None:
        results = self.season.state.results
        if len(results) > self.races_done:
            self.races_done = len(results)
            self.seen = 0
            view = season_view(self.season)
            self.write("")
            self.write(_("Race {race} is over.", race=len(results)))
            self.prompt.lines(scorepad(view))


def check_season_args(args: argparse.Namespace) -> None:
    """ConfigError for options of ``heat season new`` that are wrong or would change nothing:
    ``--bots`` outside 0-5, an unknown ``--color``, ``--level`` naming the levels wrong, and
    ``--pro-legends`` or ``--no-aggressive-legends`` without a Legend (the app's season setup
    checks them here too)."""
    if not 0 <= args.bots <= 5:
        raise ConfigError(_("--bots must be 0 to 5, not {bots}", bots=args.bots))
    if args.color not in COLORS:
        raise ConfigError(
            _("unknown colour {color}; colours are: {colors}", color=repr(args.color), colors=", ".join(COLORS))
        )
    parse_levels(args.level, args.bots)
    check_legend_options(
        args.pro_legends, args.aggressive_legends, max(args.legends, 0), flag_words(N_("add Legends with --legends"))
    )


def new_season(args: argparse.Namespace) -> tuple[Season, str]:
    """The season the options of ``heat season new`` ask for, and its bots' levels as text;
    ConfigError names the first wrong option (the app checks its options with it too)."""
    check_season_args(args)
    levels = parse_levels(args.level, args.bots)
    others = [color for color in COLORS if color != args.color][: args.bots]
    players = [(args.name, args.color), *bot_names(others, levels, "Bot")]
    config = SeasonConfig(
        seats_for(players, args.legends),
        season=args.season,
        garage=args.garage,
        seed=args.seed if args.seed is not None else fresh_seed(),
        tournament=args.tournament,
        pro_legends=args.pro_legends,
        aggressive_legends=args.aggressive_legends,
    )
    return Season(config), levels_text(levels)


def new(args: argparse.Namespace) -> int:
    """Start a season and play it."""
    season, level = new_season(args)
    config = season.config
    check_new_save(args.save, overwrite=args.overwrite)
    print(
        _(
            "Championship {season}, seed {seed}. Saved after every decision to {file}.",
            season=config.season,
            seed=config.seed,
            file=args.save,
        )
    )
    print(_("Type 'help' for help; 'quit' stops and keeps the season for 'heat season resume'."))
    meta = {"human": 0, "level": level}
    bots = make_bots(seat_roles(config.seats, 0, level), config.seed)
    session = SeasonSession(season, 0, bots, input, print, args.save, meta, confirm=confirm_at_prompt(args))
    return session.run()


def resume(args: argparse.Namespace) -> int:
    """Resume a saved season where it stopped."""
    return resume_season(args.file, confirm=confirm_at_prompt(args))


def resume_season(path: str, save_path: str | None = None, *, confirm: bool = False) -> int:
    """Resume the season saved in ``path`` and play it, saved after every decision to
    ``save_path`` (None: back to ``path``; the caller has checked it may be written). A file
    or ``players`` entry that is wrong is a PositionError naming it, before anything is written."""
    data = read_season_record(path)
    season = _replay(path, data)
    human, bots, meta = resumed_players(path, data.get("players"), season)
    view = season_view(season)
    print(
        _(
            "Resumed championship {season}, race {race} of {races} ({track}).",
            season=view.season,
            race=view.race_number,
            races=view.races,
            track=track(view.track).name,
        )
    )
    session = SeasonSession(season, human, bots, input, print, save_path or path, meta, confirm=confirm)
    return session.run()


def _replay(path: str, data: Any) -> Season:
    """The saved season, or PositionError naming the file and the problem."""
    with naming(path):
        return replay_season(data)


def show_status(args: argparse.Namespace) -> int:
    """Print the scorepad of a saved season."""
    season = _replay(args.file, read_season_record(args.file))
    for line in scorepad(season_view(season)):
        print(line)
    view = season_view(season)
    if season.is_over:
        print(_("Season over. Champion: {name}", name=view.names[view.standings[0]]))
    else:
        print(
            _(
                "Next: race {race} of {races}, {track}: {event}",
                race=view.race_number,
                races=view.races,
                track=track(view.track).name,
                event=_(view.event_title),
            )
        )
    return 0
