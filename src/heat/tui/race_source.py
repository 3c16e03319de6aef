"""What the screens play at: a table (``heat.tui.table.Table``, local: the engine and bots on
this machine; ``heat.tui.online.remote.RemoteTable``, a seat at a server's table) and, for the
race screen, the race it shows. The screens draw views and send decisions through these and
never touch a ``Race`` directly, so the same screens play a local race and an online seat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from heat.engine import Decision, Race, SeatView, view_of
from heat.engine import events as ev
from heat.engine.championship import Season, SeasonView
from heat.tui.staging import ReactStage


class GameTable(Protocol):
    """The table a screen plays at."""

    confirm: bool
    """Ask before committing a decision that risks a spin-out or raises the Heat bill."""

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name."""

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats driven from this keyboard."""

    @property
    def season(self) -> Season | None:
        """The championship, when this table plays one on this machine."""

    @property
    def is_season(self) -> bool:
        """Does this table play a championship (here or on a server)?"""

    def season_view(self) -> SeasonView:
        """The public view of the season (ValueError for a single race)."""

    def legal(self, seat: int) -> list[Decision]:
        """Every legal decision of ``seat`` now."""

    def check(self, seat: int, decision: Decision) -> None:
        """IllegalDecision, with a reason, unless ``decision`` is legal now."""

    def view(self, seat: int | None) -> SeatView:
        """``seat``'s view of the race in progress."""


class RaceSource(Protocol):
    """The race a race screen shows, as its viewers may know it."""

    server_judges: bool
    """True: a decision this client does not find legal is still sent, and the server's reason
    shown (the client does not restate the rules); False: it is refused here, with the engine's."""

    @property
    def laps(self) -> int:
        """The race's laps."""

    @property
    def log_key(self) -> object:
        """Changes when the event log starts again (a new race, a take-back): the log is redrawn."""

    def view(self, viewer: int | None) -> SeatView:
        """``viewer``'s view of this race (None: a spectator's)."""

    def events(self, viewer: int | None) -> Sequence[ev.Event | Mapping[str, Any]]:
        """The events ``viewer`` may know, in order: engine events, or the server's JSON of them
        (with their sentence in ``text``)."""

    def moment(self) -> int:
        """A number that changes with every decision taken (a confirmation answered for an older
        moment is ignored)."""

    def stage(self, seat: int) -> ReactStage | None:
        """Where ``seat``'s React choices are held back before they are committed (None: each is
        sent at once)."""

    def can_take_back(self) -> bool:
        """May the player take back their last committed decision now (online: the server says)?"""


class LocalRace:
    """A race played on this machine."""

    server_judges = False

    def __init__(self, race: Race) -> None:
        self.race = race

    @property
    def laps(self) -> int:
        return self.race.laps

    @property
    def log_key(self) -> object:
        return self.race

    def view(self, viewer: int | None) -> SeatView:
        return view_of(self.race, viewer)

    def events(self, viewer: int | None) -> Sequence[ev.Event]:
        return self.race.events(viewer)

    def moment(self) -> int:
        return len(self.race.decisions)

    def stage(self, seat: int) -> ReactStage | None:
        return ReactStage(self.race, seat)

    def can_take_back(self) -> bool:
        return False  # a local race has no take-backs: the React stage holds choices back instead
