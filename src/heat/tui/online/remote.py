"""A seat at a server's table, as its player knows it: the latest state the server sent (the
seat's view, its events, its legal decisions, the clocks), and nothing else. The screens play at
it as at a local table (``heat.tui.race_source``); the rules are judged by the server."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from heat.engine import Decision, HeatError, IllegalDecision, SeatView, parse_decision
from heat.engine.championship import Season, SeasonView
from heat.i18n import N_
from heat.tui.online.link import JoinError, Link
from heat.tui.online.wire import season_view_from_json, view_from_json
from heat.tui.staging import ReactStage

WAITING = "waiting"
PLAYING = "playing"
OVER = "over"
CLOSED = "closed"


class OutOfStep(Exception):
    """An update does not continue the events held: ask the server for a full state (``sync``)."""


class RemoteTable:
    """The seat ``seat`` at the table of ``link``, kept up to date by ``update`` with the
    server's ``state`` messages."""

    server_judges = True

    def __init__(self, link: Link, seat: int) -> None:
        self.link = link
        self.seat = seat
        self.confirm = True
        self.state: dict[str, Any] = {}
        self.event_log: list[dict[str, Any]] = []
        self.notices: list[dict[str, Any]] = []
        self._view: SeatView | None = None
        self._season: SeasonView | None = None
        self._legal: list[Decision] = []
        self._log_key = object()

    # ------------------------------------------------------------------ updates

    def update(self, message: Mapping[str, Any]) -> list[dict[str, Any]]:
        """Take a ``state`` message; return the notices it adds. OutOfStep if it continues an
        event log this client does not hold (nothing is changed then); JoinError if it cannot
        be read."""
        if message.get("full"):
            events = list(message.get("events") or [])
            notices = list(message.get("notices") or [])
            fresh = notices
        else:
            if message.get("events_from") != len(self.event_log) or not self.state:
                raise OutOfStep
            events = self.event_log + list(message.get("events") or [])
            fresh = list(message.get("notices") or [])
            notices = self.notices + fresh
        raw_view, raw_season = message.get("view"), message.get("season")
        view = view_from_json(raw_view) if raw_view is not None else None
        season = season_view_from_json(raw_season) if raw_season is not None else None
        try:
            legal = [parse_decision(text) for text in message.get("legal") or []]
        except HeatError as error:
            raise JoinError(
                N_("the server sent a decision this client cannot read: {reason}"), reason=str(error)
            ) from None
        if message.get("full"):
            self._log_key = object()  # the log starts again: a reconnection, a take-back
        self.state, self.event_log, self.notices = dict(message), events, notices
        self._view, self._season, self._legal = view, season, legal
        return fresh

    # ------------------------------------------------------------------ the state's facts

    @property
    def status(self) -> str:
        """``waiting``, ``playing``, ``over`` or ``closed``."""
        return str(self.state.get("status", WAITING))

    @property
    def version(self) -> int:
        """The table's version in the latest state (decisions are sent with it)."""
        return int(self.state.get("version", 0))

    @property
    def asked_at(self) -> int | None:
        """The version at which this seat's question was asked (None: nothing to decide)."""
        return int(self.state["asked_at"]) if self._legal and self.state.get("asked_at") is not None else None

    @property
    def has_view(self) -> bool:
        """Is a race under way (is there a race view to show)?"""
        return self._view is not None

    @property
    def racing(self) -> bool:
        """Is there a race to show: under way, or a single race just over (a championship's race
        that is over gives way to its hub)?"""
        view = self._view
        return view is not None and (self._season is None or view.phase != "over")

    @property
    def has_season_view(self) -> bool:
        """Has the championship begun (is there a season view to show)?"""
        return self._season is not None

    @property
    def seats(self) -> list[dict[str, Any]]:
        """Every seat's public facts (kind, colour, name, joined, connected)."""
        return list(self.state.get("seats") or [])

    def deciding(self) -> list[str]:
        """The names of the other seats that must decide now."""
        names = self.names
        return [names[s] for s in self.state.get("to_decide") or [] if s != self.seat and 0 <= s < len(names)]

    def clock(self, now: float | None = None) -> tuple[int, float] | None:
        """(seat, seconds left) of the soonest clock among the seats deciding, this seat's first."""
        clocks = {int(seat): float(at) for seat, at in (self.state.get("clocks") or {}).items()}
        if not clocks:
            return None
        now = time.time() if now is None else now
        seat = self.seat if self.seat in clocks else min(clocks, key=lambda s: clocks[s])
        return seat, clocks[seat] - now

    @property
    def standin(self) -> bool:
        """Is a stand-in bot driving this seat now?"""
        return self.seat in (self.state.get("standins") or [])

    # ------------------------------------------------------------------ GameTable

    @property
    def names(self) -> tuple[str, ...]:
        if self._view is not None:
            return tuple(car.name for car in self._view.cars)
        if self._season is not None:
            return self._season.names
        return tuple(str(seat.get("name") or seat.get("color") or "?") for seat in self.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        return (self.seat,)

    @property
    def season(self) -> Season | None:
        return None  # the server holds the championship; its view comes with every state

    @property
    def is_season(self) -> bool:
        return self._season is not None

    def season_view(self) -> SeasonView:
        if self._season is None:
            raise ValueError("this table plays a single race")
        return self._season

    @property
    def is_over(self) -> bool:
        return self.status in (OVER, CLOSED)

    def legal(self, seat: int) -> list[Decision]:
        return list(self._legal) if seat == self.seat else []

    def check(self, seat: int, decision: Decision) -> None:
        if seat != self.seat or decision not in self._legal:
            raise IllegalDecision(
                N_("{decision} is not one of your legal decisions now (l lists them)"), decision=repr(decision.text())
            )

    def view(self, seat: int | None = None) -> SeatView:
        """This seat's view, whatever ``seat`` asks: it is all this client holds."""
        if self._view is None:
            raise ValueError("the race has not started")
        return self._view

    # ------------------------------------------------------------------ RaceSource

    @property
    def laps(self) -> int:
        return self.view().laps

    @property
    def log_key(self) -> object:
        return self._log_key

    def events(self, viewer: int | None) -> Sequence[Mapping[str, Any]]:
        return self.event_log

    def moment(self) -> int:
        return self.version

    def stage(self, seat: int) -> ReactStage | None:
        return None  # each React choice goes to the server at once (it offers take-backs itself)

    def can_take_back(self) -> bool:
        return bool(self.state.get("can_undo"))
