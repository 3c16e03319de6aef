"""The table: a race or a championship season and who drives each seat.

Humans sit at the keyboard, bots decide on their own (``heat.bots.levels.make_bot``), Legends
are driven by the engine. The table knows whose decision comes next, applies decisions through
the engine (the only judge of legality), saves itself as a record with who plays which seat,
and loads such a record back. It has no user interface: the app drives it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from heat.bots import Bot
from heat.engine import (
    Decision,
    IllegalDecision,
    PositionError,
    Race,
    SeatView,
    replay,
    to_record,
    view_of,
)
from heat.engine.championship import (
    RACE,
    SEASON_FORMAT,
    Season,
    SeasonView,
    replay_season,
    season_record,
    season_view,
)
from heat.i18n import N_
from heat.players import HUMAN, SeatRole, check_roles, make_bots, players_record, roles_of
from heat.storage import naming, read_saved_game, save_error_text, write_save
from heat.tui.translate import _

CONFIRM = "confirm"
"""The ``players`` entry that turns the confirmations off (false); the plain clients ignore it."""

SLOW_LEVELS = frozenset({"pro", "champion"})
"""Bot levels that think long enough to be run off the interface's thread."""


class Table:
    """A race or a season with a role for every seat. ``save_path``, when set, is written after
    every decision; when that fails the game goes on and ``save_error`` says why."""

    def __init__(
        self,
        game: Race | Season,
        roles: Sequence[SeatRole],
        *,
        bot_seed: int = 0,
        save_path: str | None = None,
        confirm: bool = True,
    ) -> None:
        check_roles(roles, game.config.seats)
        self.game = game
        self.roles = tuple(roles)
        self.bot_seed = bot_seed
        self.confirm = confirm
        """Ask before committing a decision that risks a spin-out or raises the Heat bill."""
        self.save_path = save_path
        self.save_error: str | None = None
        """Why the last save to ``save_path`` failed, in words (None: it did not fail)."""
        self.bots: dict[int, Bot] = make_bots(roles, bot_seed)
        self._finished: Race | None = game if isinstance(game, Race) and game.is_over else None
        """A race that is over and whose Hall of Fame has not been shown yet."""

    # ------------------------------------------------------------------ what is being played

    @property
    def season(self) -> Season | None:
        """The championship, if this table plays one."""
        return self.game if isinstance(self.game, Season) else None

    @property
    def race(self) -> Race | None:
        """The race being driven now (None between the races of a season)."""
        if isinstance(self.game, Season):
            return self.game.race if self.game.phase == RACE else None
        return self.game

    @property
    def is_over(self) -> bool:
        """True once the race (or the whole season) is over."""
        return self.game.is_over

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name."""
        return tuple(seat.name for seat in self.game.config.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats driven from the keyboard."""
        return tuple(seat for seat, role in enumerate(self.roles) if role.kind == HUMAN)

    @property
    def hotseat(self) -> bool:
        """More than one human shares the keyboard: hands must be hidden between them."""
        return len(self.humans) > 1

    # ------------------------------------------------------------------ deciding

    def to_decide(self) -> tuple[int, ...]:
        """The seats that must decide now."""
        return tuple(self.game.to_decide())

    def next_actor(self) -> tuple[int, bool] | None:
        """(seat, is a bot) of the next decision to take: bots before humans when several
        decide at once (the secret plans of steps 1-2, B-11.4); None once it is over."""
        waiting = self.to_decide()
        for seat in waiting:
            if seat in self.bots:
                return seat, True
        for seat in waiting:
            if self.roles[seat].kind == HUMAN:
                return seat, False
        return None

    def legal(self, seat: int) -> list[Decision]:
        """Every legal decision of ``seat`` now."""
        return list(self.game.legal_decisions(seat))

    def check(self, seat: int, decision: Decision) -> None:
        """IllegalDecision, with the engine's reason, unless ``decision`` is legal now."""
        race = self.race
        if race is not None:
            race.check(seat, decision)
        elif decision not in self.legal(seat):
            options = ", ".join(d.text() for d in self.legal(seat)) or _("nothing")
            raise IllegalDecision(
                N_("{decision} is not possible now; the options are: {options}"),
                decision=repr(decision.text()),
                options=options,
            )

    def apply(self, seat: int, decision: Decision) -> None:
        """Apply through the engine (IllegalDecision changes nothing), then autosave."""
        race = self.race
        self.game.apply(seat, decision)
        if race is not None and race.is_over:
            self._finished = race
        self.autosave()

    def take_finished(self) -> Race | None:
        """The race that ended with the last decision, once (for its Hall of Fame)."""
        finished, self._finished = self._finished, None
        return finished

    def view(self, seat: int | None) -> SeatView:
        """``seat``'s view of the race in progress (None: a spectator's)."""
        race = self.race
        if race is None:
            raise ValueError("no race is in progress")
        return view_of(race, seat)

    @property
    def is_season(self) -> bool:
        """Does this table play a championship?"""
        return self.season is not None

    def season_view(self) -> SeasonView:
        """The public view of the season."""
        season = self.season
        if season is None:
            raise ValueError("this table plays a single race")
        return season_view(season)

    def bot_inputs(self, seat: int) -> tuple[Bot, SeatView | SeasonView, list[Decision]]:
        """What the bot at ``seat`` decides from: itself, its view, the legal decisions."""
        view: SeatView | SeasonView = self.view(seat) if self.race is not None else self.season_view()
        return self.bots[seat], view, self.legal(seat)

    def slow_bot(self, seat: int) -> bool:
        """Does the bot at ``seat`` think long (run it off the interface's thread)?"""
        return self.roles[seat].level in SLOW_LEVELS

    # ------------------------------------------------------------------ saving

    def record(self) -> dict[str, Any]:
        """The record of the game and who plays which seat (``players``). ``players.human``,
        ``bot_seed`` and ``level`` keep the plain clients (``--plain``) able to resume it;
        ``players.confirm`` is there (false) only when the confirmations are off."""
        base = season_record(self.game) if isinstance(self.game, Season) else to_record(self.game)
        players = players_record(self.roles, self.bot_seed)
        if not self.confirm:
            players[CONFIRM] = False
        return {**base, "players": players}

    def save(self, path: str | Path | None = None) -> str:
        """Write the record to ``path`` (default: ``save_path``); return where it went. OSError
        if it cannot be written, or a file is there that is not a Heat save (``write_save``)."""
        target = str(path) if path is not None else self.save_path
        if not target:
            raise ValueError("no file to save to")
        write_save(target, self.record())
        if target == self.save_path:
            self.save_error = None
        return target

    def autosave(self) -> bool:
        """Save to ``save_path`` if there is one; False if that fails (``save_error`` says why,
        the game goes on unsaved)."""
        if not self.save_path:
            return True
        try:
            self.save()
        except OSError as error:
            self.save_error = save_error_text(self.save_path, error)
            return False
        return True

    @staticmethod
    def load(path: str | Path, *, save_path: str | None = None) -> Table:
        """A saved race or season, resumed; PositionError names the file and the problem.
        Saves go back to ``path`` unless ``save_path`` says otherwise."""
        data = read_saved_game(path)
        with naming(path):
            game: Race | Season = (
                replay_season(data)
                if isinstance(data, Mapping) and data.get("format") == SEASON_FORMAT
                else replay(data)
            )
            roles, seed = roles_of(data.get("players"), game)
            return Table(game, roles, bot_seed=seed, save_path=save_path or str(path), confirm=confirm_of(data))


def confirm_of(data: Mapping[str, Any]) -> bool:
    """``players.confirm`` of a saved game (true when it is not there); PositionError if it is
    not true or false."""
    players = data.get("players")
    confirm = players.get(CONFIRM, True) if isinstance(players, Mapping) else True
    if not isinstance(confirm, bool):
        raise PositionError(f"players.{CONFIRM}: expected true or false, got {confirm!r}")
    return confirm
