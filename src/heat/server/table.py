"""The match: one table's authoritative state, with no transport and no database.

A table holds its spec (config and secret seed), its seats, and its log: every decision, take-back
and notice, numbered ``seq`` from 1; ``version`` is the last number. The game is a function of the
spec, the names and the decisions that were not taken back, so a table is rebuilt by replaying its
log (``Table.restore``). Every change returns the new log entries for the caller to store *before*
anyone is told; if storing fails the caller rebuilds the table from what was stored.

Sequence numbers: each seat deciding now was asked at ``asked_at[seat]`` (the version at which its
question last changed). A decision sent with the version its player saw is accepted if that
version is at least ``asked_at[seat]``: a double click or a resend after reconnecting is answered
(``stale``) and never applied twice, while in the plan phase a player's plan stays valid when
another player commits theirs (B-11.4: the plans are secret and independent).

Clocks: a live table gives each human ``spec.seconds`` per decision; a correspondence table days.
When the time runs out, or a player has been away longer than ``away_grace``, the seat's stand-in
bot plays for them until they come back; the log says so. Times are passed in (``now``): the
table reads no clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import orjson

from heat import i18n
from heat.engine import (
    Decision,
    HeatError,
    IllegalDecision,
    Race,
    SeatView,
    parse_decision,
    to_record,
    view_of,
    views_of,
)
from heat.engine.championship import RACE as SEASON_RACE
from heat.engine.championship import Season, SeasonView, event_book, season_record, season_view
from heat.engine.events import Event
from heat.engine.reveal import gear_at_reveal, reachable_gears
from heat.i18n import N_, error_text
from heat.players import SeatRole, bot_seed_of, players_record
from heat.server import undo
from heat.server.notices import (
    BACK,
    CHAMPION,
    CHAMPIONSHIP_STARTS,
    CLOSED_BY_CREATOR,
    LEFT,
    OUT_OF_TIME,
    RACE_STARTS,
    REMOVED,
    STAND_IN,
    TAKES,
    TAKES_BACK,
    TAKES_OVER,
    WINS,
    notice,
)
from heat.server.notices import (
    shown as notice_shown,
)
from heat.server.payloads import event_json, record_json
from heat.server.spec import BOT, HUMAN, LEGEND, LIVE, TableSpec, clean_name
from heat.server.translate import _

WAITING = "waiting"
PLAYING = "playing"
OVER = "over"
CLOSED = "closed"

DECISION = "decision"
UNDO = "undo"
NOTICE = "notice"

PLAYER = "player"
BOT_ACTOR = "bot"
STANDIN = "standin"
AUTO = "auto"
SERVER = "server"

EVENTS_KEPT = 128
"""Events whose JSON is kept, the newest: the ones the next updates send (a full state, for a
newcomer, writes the older ones again)."""
DEFAULT_AWAY_GRACE = 15.0
"""Seconds a live player may be disconnected before their stand-in plays (a page reload is not
leaving)."""


@dataclass(slots=True)
class Entry:
    """One line of a table's log. ``kind`` is ``decision`` (``text`` in the engine's form),
    ``undo`` (takes back the decisions from ``ref`` on) or ``notice`` (a sentence for the log)."""

    seq: int
    kind: str
    seat: int
    text: str
    actor: str
    at: float
    ref: int = 0
    private: bool = False
    """A decision its seat may take back (see ``undo``); worked out on every replay."""
    undone: bool = False
    after_event: int = 0
    """Notices: how many events of the race the log held when it was written (to interleave)."""


@dataclass(slots=True)
class SeatState:
    """A seat now: its role (a human seat becomes a bot when the creator starts without a
    player), colour, name, and whether a player has taken it."""

    kind: str
    color: str
    name: str
    level: str = ""
    joined: bool = False

    def to_json(self) -> dict[str, Any]:
        """The public facts about the seat."""
        return {"kind": self.kind, "color": self.color, "name": self.name, "level": self.level, "joined": self.joined}


@dataclass(frozen=True, slots=True)
class Refused:
    """An answer that changes nothing: ``code`` for programs, ``message`` for people."""

    code: str
    message: str


@dataclass(slots=True)
class Change:
    """What a change logged: new entries (to store before anyone is told), and whether the race
    was rebuilt (a take-back: clients need the whole event log again)."""

    entries: list[Entry] = field(default_factory=list)
    rebuilt: bool = False


@dataclass(frozen=True, slots=True)
class BotRequest:
    """A decision a bot (or a stand-in) must take: from what it sees, among the legal ones."""

    seat: int
    asked_at: int
    level: str
    seed: int
    view: SeatView | SeasonView
    legal: tuple[Decision, ...]
    standin: bool


class Table:
    """One table: spec, seats, status, game and log. See the module docstring."""

    def __init__(self, spec: TableSpec, seats: list[SeatState], *, away_grace: float = DEFAULT_AWAY_GRACE) -> None:
        self.spec = spec
        self.seats = seats
        self.status = WAITING
        self.away_grace = away_grace
        self.game: Race | Season | None = None
        self.entries: list[Entry] = []
        self.version = 0
        self.epoch = 0
        """Changes when the race's event log starts again: a new race of a season, a take-back."""
        self.asked_at: dict[int, int] = {}
        self.deadlines: dict[int, float] = {}
        self.standins: set[int] = set()
        self.away: dict[int, float] = {}
        self.seats_changed = False
        """Seats or spec changed since the caller last stored them (the caller clears it)."""
        self._legal: dict[tuple[int, int, int], list[Decision]] = {}
        self._legal_json: dict[tuple[int, int, int], bytes] = {}
        self._events: dict[tuple[Any, ...], bytes] = {}
        """The JSON of the newest events, by (epoch, index, language), and (epoch, index, language, as shown) for a
        private one; written with the names in ``_event_names``."""
        self._event_names: list[str] = []
        self._race: Race | None = None
        """The race shown: the one being driven, or the single race once it is over."""

    # ------------------------------------------------------------------ creation and restore

    @staticmethod
    def new(spec: TableSpec, *, away_grace: float = DEFAULT_AWAY_GRACE) -> Table:
        """A table waiting for its players."""
        names = spec.default_names()
        seats = [SeatState(s.kind, s.color, name, s.level) for s, name in zip(spec.seats, names, strict=True)]
        return Table(spec, seats, away_grace=away_grace)

    @staticmethod
    def restore(
        spec: TableSpec,
        seats: list[SeatState],
        status: str,
        entries: list[Entry],
        clocks: dict[str, Any],
        now: float,
        *,
        away_grace: float = DEFAULT_AWAY_GRACE,
    ) -> Table:
        """The table as stored: its game rebuilt by replaying the decisions not taken back.
        Deadlines that passed while the server was down are moved to ``now + away_grace``."""
        table = Table(spec, seats, away_grace=away_grace)
        table.entries = sorted(entries, key=lambda e: e.seq)
        table.version = table.entries[-1].seq if table.entries else 0
        active: list[Entry] = []
        for entry in table.entries:
            if entry.kind == DECISION:
                active.append(entry)
            elif entry.kind == UNDO:
                while active and active[-1].seq >= entry.ref:
                    active.pop().undone = True
        if status != WAITING:
            table.game = spec.build_game([seat.name for seat in seats])
            table._race = table._current_race()
            for entry in active:
                table._apply(entry.seat, parse_decision(entry.text), entry)
        table.status = status
        # The seats asked since the start whose question no replayed decision changed were asked
        # at the start (its notice, the first of the whole table): the same version as live.
        started_at = next((e.seq for e in table.entries if e.kind == NOTICE and e.seat == -1), table.version)
        for deciding in table.to_decide():
            table.asked_at.setdefault(deciding, started_at)
        table.standins = {int(s) for s in clocks.get("standins", [])}
        for seat, deadline in clocks.get("deadlines", {}).items():
            # The server was down, not the player: a clock that ran out meanwhile gets the grace.
            table.deadlines[int(seat)] = float(deadline) if deadline >= now else now + away_grace
        if status == PLAYING:
            for index, seat in enumerate(table.seats):
                if seat.kind == HUMAN:
                    table.away[index] = now  # nobody is connected to a server that has just started
        return table

    def catch_up(self, entries: Sequence[Entry], status: str, clocks: dict[str, Any]) -> bool:
        """Apply the ``entries`` another server process logged after this copy's version, and
        the table's new status and clocks (issue 31). False, and nothing changed, if they cannot
        be applied one by one: a gap, a take-back, or a table not playing (the caller restores
        the table from the database instead)."""
        if self.status != PLAYING or status not in (PLAYING, OVER, CLOSED) or self.game is None:
            return False
        if [e.seq for e in entries] != list(range(self.version + 1, self.version + 1 + len(entries))):
            return False
        if any(e.kind not in (DECISION, NOTICE) for e in entries):
            return False
        for entry in entries:
            if entry.kind == DECISION:
                self._apply(entry.seat, parse_decision(entry.text), entry)
            self.entries.append(entry)
            self.version = entry.seq
        self.status = status
        self.standins = {int(s) for s in clocks.get("standins", [])}
        self.deadlines = {int(seat): float(deadline) for seat, deadline in clocks.get("deadlines", {}).items()}
        return True

    # ------------------------------------------------------------------ reading

    @property
    def names(self) -> list[str]:
        """Every seat's name."""
        return [seat.name for seat in self.seats]

    @property
    def season(self) -> Season | None:
        """The championship, if the table plays one."""
        return self.game if isinstance(self.game, Season) else None

    @property
    def race(self) -> Race | None:
        """The race being driven, or the single race once over (None between a season's races)."""
        return self._race

    def to_decide(self) -> tuple[int, ...]:
        """The seats that must decide now (none unless playing)."""
        if self.status != PLAYING or self.game is None:
            return ()
        return tuple(self.game.to_decide())

    def legal(self, seat: int) -> list[Decision]:
        """``seat``'s legal decisions now, cached while its question stays the same (in the plan
        phase, another player's commit leaves them as they were)."""
        key = (seat, self.asked_at.get(seat, -1), self.epoch)
        cached = self._legal.get(key)
        if cached is None:
            cached = self._legal[key] = list(self.game.legal_decisions(seat)) if self.game is not None else []
        return cached

    def controller(self, seat: int) -> str:
        """Who decides for ``seat``: ``player``, ``bot``, ``standin`` or ``legend``."""
        kind = self.seats[seat].kind
        if kind == HUMAN:
            return STANDIN if seat in self.standins else PLAYER
        return BOT_ACTOR if kind == BOT else LEGEND

    def clock_state(self) -> dict[str, Any]:
        """The clocks as stored: each deciding human's deadline and the seats stand-ins play."""
        return {
            "deadlines": {str(seat): deadline for seat, deadline in sorted(self.deadlines.items())},
            "standins": sorted(self.standins),
        }

    def effective_deadline(self, seat: int) -> float | None:
        """When ``seat``'s stand-in takes over: its clock, or sooner if a live player is away."""
        deadline = self.deadlines.get(seat)
        if deadline is None:
            return None
        since = self.away.get(seat)
        if since is not None and self.spec.clock == LIVE:
            return min(deadline, since + self.away_grace)
        return deadline

    def next_deadline(self) -> float | None:
        """The earliest moment a stand-in may have to take over."""
        times = [t for seat in self.deadlines if (t := self.effective_deadline(seat)) is not None]
        return min(times) if times else None

    # ------------------------------------------------------------------ seats

    def join(self, seat: int, name: str, now: float) -> Change | Refused:
        """A player takes ``seat`` under ``name`` (or comes back to it, renamed); the race starts
        once every human seat is taken."""
        state = self.seats[seat]
        if state.kind != HUMAN:
            return Refused(
                "not_a_seat", _("seat {seat} is not open for a player: it is not a player's seat", seat=seat)
            )
        if self.status in (OVER, CLOSED) and not state.joined:
            return Refused(self.status, _table_is(self.status))
        try:
            clean = clean_name(name)
        except HeatError as error:
            return Refused("bad_name", error_text(error))
        change = Change()
        if self.status == WAITING and (not state.joined or state.name != clean):
            first = not state.joined
            state.name, state.joined = clean, True
            self.seats_changed = True
            if first:
                change.entries.append(self._notice(seat, notice(TAKES, name=clean, color=state.color), now))
            if all(s.joined for s in self.seats if s.kind == HUMAN):
                self._merge(change, self.start(now))
        elif not state.joined:  # a seat freed mid-race is taken by a new player
            state.name, state.joined = clean, True
            self.seats_changed = True
            change.entries.append(self._notice(seat, notice(TAKES_OVER, name=clean, color=state.color), now))
        self._merge(change, self.seat_back(seat, now))
        return change

    def start(self, now: float, *, fill: bool = False) -> Change | Refused:
        """Start the race (``fill``: open seats become bots of the stand-in level first)."""
        if self.status != WAITING:
            return Refused("started", _("the race has already started"))
        open_seats = {i for i, s in enumerate(self.seats) if s.kind == HUMAN and not s.joined}
        if open_seats and not fill:
            return Refused("seats_open", _("every seat must be taken first (or the creator starts with bots)"))
        if open_seats:
            self.spec = self.spec.with_bots_for(open_seats)
            for index in open_seats:
                seat = self.seats[index]
                seat.kind, seat.level = BOT, self.spec.standin_level
                seat.name = f"{seat.level.capitalize()} {seat.color.capitalize()}"
            self.seats_changed = True
        if not any(s.kind == HUMAN for s in self.seats):
            return Refused("no_player", _("nobody has taken a seat yet"))
        self.game = self.spec.build_game(self.names)
        self._race = self._current_race()
        self.status = PLAYING
        change = Change(rebuilt=True)
        change.entries.append(
            self._notice(-1, notice(RACE_STARTS if self.season is None else CHAMPIONSHIP_STARTS), now)
        )
        for deciding in self.to_decide():
            self.asked_at[deciding] = self.version
        self._auto(change, now)
        self._set_clocks(set(self.to_decide()), now)
        return change

    def seat_away(self, seat: int, now: float) -> None:
        """The last connection of ``seat`` closed (nothing is logged: a reload is not leaving)."""
        if self.seats[seat].kind == HUMAN and seat not in self.away:
            self.away[seat] = now

    def seat_back(self, seat: int, now: float) -> Change:
        """The player of ``seat`` is here: the stand-in stops and their clock starts again."""
        change = Change()
        self.away.pop(seat, None)
        if seat in self.standins and self.seats[seat].joined:
            self.standins.discard(seat)
            change.entries.append(self._notice(seat, notice(BACK, name=self.seats[seat].name), now))
            if seat in self.to_decide():
                self.deadlines[seat] = now + self.spec.seconds
        return change

    def free_seat(self, seat: int, now: float) -> Change | Refused:
        """The creator removes ``seat``'s player: the seat is open again (a new invitation), and
        in a race its stand-in drives until someone takes it."""
        state = self.seats[seat]
        if state.kind != HUMAN:
            return Refused("not_a_seat", _("seat {seat} is not a player's seat: it has no player to remove", seat=seat))
        change = Change()
        old = state.name
        state.joined = False
        state.name = self.spec.default_names()[seat]
        self.seats_changed = True
        change.entries.append(self._notice(seat, notice(REMOVED, name=old, color=state.color), now))
        if self.status == PLAYING:
            self.standins.add(seat)
            self.deadlines.pop(seat, None)
            change.entries.append(self._notice(seat, notice(STAND_IN, color=state.color), now))
        return change

    def close(self, now: float) -> Change | Refused:
        """The creator closes the table: nothing more is played (everything is kept)."""
        if self.status in (OVER, CLOSED):
            return Refused(self.status, _table_is(self.status))
        self.status = CLOSED
        self.deadlines.clear()
        return Change([self._notice(-1, notice(CLOSED_BY_CREATOR), now)])

    # ------------------------------------------------------------------ deciding

    def decide(self, seat: int, seen: int, text: str, actor: str, now: float) -> Change | Refused:
        """Apply ``text`` for ``seat``, which its sender chose at version ``seen``. Stale or
        repeated: ``stale``; illegal: ``illegal`` with the engine's message; nothing changes."""
        refusal = self._check_playing()
        if refusal is not None:
            return refusal
        if not 0 <= seat < len(self.seats):
            return Refused("no_seat", _("there is no seat {seat}", seat=seat))
        if seen > self.version:
            return Refused(
                "bad_seq",
                _("version {seen} does not exist yet (the table is at {version})", seen=seen, version=self.version),
            )
        asked = self.asked_at.get(seat)
        if asked is None:
            done = [
                e.seq for e in self.entries if e.kind == DECISION and e.seat == seat and e.seq > seen and not e.undone
            ]
            if done:
                return Refused("stale", _("already decided: your decision at version {seen} was applied", seen=done[0]))
        elif seen < asked:
            return Refused(
                "stale",
                _(
                    "the position changed since version {seen} (now {version}): decide again on the new one",
                    seen=seen,
                    version=self.version,
                ),
            )
        try:
            decision = parse_decision(text)
        except HeatError as error:
            return Refused("illegal", error_text(error))
        assert self.game is not None
        change = Change()
        before = dict(self.asked_at)
        try:
            entry = self._apply(seat, decision, None, actor=actor, at=now)
        except IllegalDecision as error:
            return Refused("illegal", error_text(error))
        change.entries.append(entry)
        self._auto(change, now)
        self._set_clocks({s for s, asked in self.asked_at.items() if before.get(s) != asked}, now)
        if self.status == OVER:
            self.deadlines.clear()
            change.entries.append(self._notice(-1, self._over_text(), now))
        return change

    def undo(self, seat: int, seen: int, now: float) -> Change | Refused:
        """Take back ``seat``'s last decision (see ``heat.server.undo``); ``seen`` is the version
        its player saw, which must show that decision."""
        refusal = self._check_playing()
        if refusal is not None:
            return refusal
        run, reason = self._take_back_run(seat)
        if not run:
            return Refused("no_undo", reason)
        if seen < run[0].seq or seen > self.version:
            return Refused(
                "stale",
                _(
                    "the position changed since version {seen} (now {version}): look again",
                    seen=seen,
                    version=self.version,
                ),
            )
        for entry in run:
            entry.undone = True
        self.version += 1
        take_back = Entry(self.version, UNDO, seat, "", PLAYER, now, ref=run[0].seq)
        self.entries.append(take_back)
        change = Change([take_back], rebuilt=True)
        previous = dict(self.asked_at)
        self._rebuild()
        race = self._race
        take_back.after_event = len(race.log) if race is not None and race.log is not None else 0
        self.asked_at = {s: (previous[s] if s in previous and s != seat else self.version) for s in self.to_decide()}
        self._auto(change, now)
        self._set_clocks({seat} | {s for s, asked in self.asked_at.items() if previous.get(s) != asked}, now)
        return change

    def can_undo(self, seat: int) -> bool:
        """May ``seat`` take back its last decision now?"""
        return self.status == PLAYING and bool(self._take_back_run(seat)[0])

    def check_clocks(self, now: float) -> Change:
        """Stand-ins take over the seats whose time ran out (or whose player is away)."""
        change = Change()
        for seat in sorted(self.deadlines):
            deadline = self.effective_deadline(seat)
            if deadline is None or deadline > now or seat in self.standins:
                continue
            del self.deadlines[seat]
            self.standins.add(seat)
            name = self.seats[seat].name
            text = notice(LEFT if seat in self.away and self.spec.clock == LIVE else OUT_OF_TIME, name=name)
            change.entries.append(self._notice(seat, text, now))
        return change

    def bot_requests(self) -> list[BotRequest]:
        """The decisions bots and stand-ins must take now, with what each may see."""
        requests = []
        for seat in self.to_decide():
            controller = self.controller(seat)
            if controller not in (BOT_ACTOR, STANDIN):
                continue
            level = self.seats[seat].level if controller == BOT_ACTOR else self.spec.standin_level
            race = self._race if self.season is None or self.season.phase == SEASON_RACE else None
            view: SeatView | SeasonView = view_of(race, seat) if race is not None else season_view(self.season)  # type: ignore[arg-type]
            requests.append(
                BotRequest(
                    seat,
                    self.asked_at[seat],
                    level,
                    bot_seed_of(self.spec.seed, seat),
                    view,
                    tuple(self.legal(seat)),
                    controller == STANDIN,
                )
            )
        return requests

    def bot_decides(self, request: BotRequest, text: str, now: float) -> Change | Refused:
        """Apply a bot's answer to ``request`` if the seat is still asked the same question."""
        if self.asked_at.get(request.seat) != request.asked_at:
            return Refused("stale", _("the question changed while the bot thought"))
        actor = self.controller(request.seat)
        if actor not in (BOT_ACTOR, STANDIN):
            return Refused("stale", _("the player is back"))
        return self.decide(request.seat, request.asked_at, text, actor, now)

    # ------------------------------------------------------------------ what each seat is shown

    def state_for(self, seat: int | None, events_from: int = 0, entries_from: int = 0) -> dict[str, Any]:
        """Everything ``seat`` (None: a spectator) may know, as a ``state`` message without the
        transport's fields, ready for ``orjson`` given ``default=payloads.record_json`` (the view
        is the engine's ``Frozen`` record, the season view a dataclass, which orjson writes as an
        object); events from ``events_from`` on and notices logged after entry ``entries_from``.
        Never another seat's hand, any deck order or the seed."""
        data = self._state(seat, events_from, entries_from)
        data["legal"] = orjson.loads(data["legal"])
        data["events"] = orjson.loads(data["events"])
        return data

    def state_json(
        self,
        seat: int | None,
        events_from: int,
        entries_from: int,
        extra: dict[str, Any],
        views: dict[int | None, SeatView | None] | None = None,
    ) -> bytes:
        """``state_for`` with ``extra`` fields (the transport's), written as JSON: the same
        message, built from the JSON kept of the legal decisions and the events; ``views`` holds
        the seat's view if the caller made it already (``views``)."""
        data = self._state(seat, events_from, entries_from, views, extra.get("seats"))
        data["legal"] = orjson.Fragment(data["legal"])
        data["events"] = orjson.Fragment(data["events"])
        data.update(extra)
        return orjson.dumps(data, default=record_json)  # the view: a Frozen record

    def views(self, seats: Sequence[int | None]) -> dict[int | None, SeatView | None]:
        """The view of each of ``seats`` now, built together (``views_of``)."""
        race = self._race
        made = views_of(race, seats) if race is not None else [None] * len(seats)
        return dict(zip(seats, made, strict=True))

    def _state(
        self,
        seat: int | None,
        events_from: int,
        entries_from: int,
        views: dict[int | None, SeatView | None] | None = None,
        seats: Any = None,
    ) -> dict[str, Any]:
        """The state, its legal decisions and events as JSON text (``state_for``, ``state_json``),
        with the seat's view from ``views`` if it is there, and ``seats`` if given."""
        race = self._race
        season = self.season
        to_decide = self.to_decide()
        mine = seat is not None and seat in to_decide
        views = views if views is not None else {}
        view = views[seat] if seat in views else view_of(race, seat) if race is not None else None
        events = b"[]"
        if race is not None and race.log is not None and events_from < len(race.log):
            # race.events(seat)[events_from:], without filtering the whole log each time
            names = self.names
            if names != self._event_names:  # a sentence names the players as they are now
                self._events.clear()
                self._event_names = names
            events = b"[%b]" % b",".join(
                [self._event(index, event, seat) for index, event in enumerate(race.log[events_from:], events_from)]
            )
        return {
            "version": self.version,
            "epoch": self.epoch,
            "status": self.status,
            "seat": seat,
            "to_decide": list(to_decide),
            "legal": self.legal_json(seat) if mine and seat is not None else b"[]",
            "shift_heat": shift_heat(view) if mine else None,
            "asked_at": self.asked_at.get(seat) if seat is not None else None,
            "can_undo": seat is not None and self.can_undo(seat),
            "clocks": {str(s): t for s in to_decide if (t := self.effective_deadline(s)) is not None},
            "standins": sorted(self.standins),
            "seats": seats if seats is not None else [s.to_json() for s in self.seats],
            "view": view,
            "season": _season_shown(season_view(season)) if season is not None else None,
            "events_from": events_from,
            "events": events,
            "notices": [self._notice_json(e) for e in self.entries[entries_from:] if e.kind != DECISION],
            "result": self.result(),
        }

    def legal_json(self, seat: int) -> bytes:
        """``seat``'s legal decisions in text form, as a JSON list; kept while its question stays
        the same (like ``legal``)."""
        key = (seat, self.asked_at.get(seat, -1), self.epoch)
        cached = self._legal_json.get(key)
        if cached is None:
            cached = self._legal_json[key] = orjson.dumps([d.text() for d in self.legal(seat)])
        return cached

    def _event(self, index: int, event: Event, seat: int | None) -> bytes:
        """Event ``index`` as ``seat`` may see it, as JSON; made once for every seat that sees it
        the same (the newest are kept)."""
        shown = event.for_seat(seat)
        race = self._race
        assert race is not None
        # A private event (a draw) is kept by what the seat sees: the owner's and the others'.
        # ... and by language: the sentence is in the reader's (heat.i18n.using).
        language = i18n.language()
        key: tuple[Any, ...] = (self.epoch, index, language) if shown is event else (self.epoch, index, language, shown)
        cached = self._events.get(key)
        if cached is None:
            cached = self._events[key] = orjson.dumps(event_json(shown, self._event_names, race.laps))
            if len(self._events) > 2 * EVENTS_KEPT:
                newest = len(race.log) if race.log is not None else 0
                for old in [k for k in self._events if k[0] != self.epoch or k[1] < newest - EVENTS_KEPT]:
                    del self._events[old]
        return cached

    def result(self) -> dict[str, Any] | None:
        """Standings and points of the single race once it is over (a season: its scorepad is
        in the season view)."""
        race = self._race
        if self.season is not None or race is None or not race.is_over:
            return None
        points = event_book().points
        order = race.standings()
        return {
            "standings": order,
            "points": [points[order.index(s)] if order.index(s) < len(points) else 0 for s in range(len(self.seats))],
        }

    def record(self) -> dict[str, Any] | None:
        """The game's record (what ``heat replay`` or ``heat season status`` reads), with who drove
        each seat; None until it is over: the record holds the seed, which tells every card."""
        if self.status != OVER or self.game is None:
            return None
        roles = [SeatRole(HUMAN) if s.kind == HUMAN else SeatRole(s.kind, s.level) for s in self.seats]
        base = season_record(self.game) if isinstance(self.game, Season) else to_record(self.game)
        return {**base, "players": players_record(roles, self.spec.seed)}

    # ------------------------------------------------------------------ internals

    def _check_playing(self) -> Refused | None:
        if self.status == WAITING:
            return Refused("not_started", _("the race has not started: it waits for every player"))
        if self.status != PLAYING:
            return Refused(self.status, _table_is(self.status))
        return None

    def _current_race(self) -> Race | None:
        game = self.game
        if isinstance(game, Season):
            return game.race
        return game

    def _phase_key(self) -> tuple[object, ...]:
        game = self.game
        race = self._current_race()
        key: tuple[object, ...] = (id(race),)
        if isinstance(game, Season):
            key += (game.phase, len(game.state.results), game.state.year_index)
        if race is not None:
            key += (race.phase, race.round, race.turn_index)
        return key

    def _apply(self, seat: int, decision: Decision, stored: Entry | None, *, actor: str = "", at: float = 0.0) -> Entry:
        """Apply one decision (IllegalDecision changes nothing), log it (or take the ``stored``
        entry being replayed) and work out who is asked what and whether it is private."""
        game = self.game
        assert game is not None
        race = self._current_race()
        before = game.to_decide()
        key = self._phase_key()
        rng = race.rng.state if race is not None else None
        logged = len(race.log) if race is not None and race.log is not None else 0
        game.apply(seat, decision)
        if stored is None:
            self.version += 1
            entry = Entry(self.version, DECISION, seat, decision.text(), actor, at)
            self.entries.append(entry)
        else:
            entry = stored
        after = game.to_decide()
        same_phase = self._phase_key() == key
        for other in after:
            if other == seat or other not in before or not same_phase:
                self.asked_at[other] = entry.seq
        for other in list(self.asked_at):
            if other not in after:
                del self.asked_at[other]
        live = {(s, asked, self.epoch) for s, asked in self.asked_at.items()}
        for key in [k for k in self._legal if k not in live]:
            del self._legal[key]
        for key in [k for k in self._legal_json if k not in live]:
            del self._legal_json[key]
        entry.private = (
            entry.actor in (PLAYER, AUTO)
            and race is not None
            and undo.is_private(
                rng_unchanged=race.rng.state == rng,
                events=race.log[logged:] if race.log is not None else [],
                same_phase=same_phase,
                seat=seat,
                deciding_before=before,
                deciding_after=after,
            )
        )
        shown = self._current_race()
        if shown is not None and shown is not self._race:  # a season's next race: a new event log
            self._race = shown
            self.epoch += 1
        if game.is_over:
            self.status = OVER
        return entry

    def _auto(self, change: Change, now: float) -> None:
        """Take every decision that has only one legal option (the engine's forced decision)."""
        epoch = self.epoch
        while self.status == PLAYING:
            forced = next(((s, legal[0]) for s in self.to_decide() if len(legal := self.legal(s)) == 1), None)
            if forced is None:
                break
            change.entries.append(self._apply(forced[0], forced[1], None, actor=AUTO, at=now))
        if self.epoch != epoch:
            change.rebuilt = True

    def _set_clocks(self, asked: set[int], now: float) -> None:
        """New deadlines for the human seats newly ``asked``; none for seats not deciding."""
        deciding = set(self.to_decide())
        for seat in list(self.deadlines):
            if seat not in deciding:
                del self.deadlines[seat]
        for seat in asked & deciding:
            if self.seats[seat].kind == HUMAN and seat not in self.standins:
                self.deadlines[seat] = now + self.spec.seconds

    def _take_back_run(self, seat: int) -> tuple[list[Entry], str]:
        """The decisions ``seat`` would take back (its last own decision and the automatic ones
        after it), or none and why not."""
        run: list[Entry] = []  # the trailing private decisions of ``seat``, newest first
        last = None
        for entry in reversed(self.entries):
            if entry.kind != DECISION or entry.undone:
                continue
            last = last or entry
            if entry.seat != seat or not entry.private:
                break
            run.append(entry)
        run.reverse()
        chosen = [i for i, e in enumerate(run) if e.actor == PLAYER]
        if chosen:
            return run[chosen[-1] :], ""
        if last is None:
            return [], _("nothing to take back")
        if last.seat != seat:
            return [], _(
                "{name} has decided since: a decision is final once another acts", name=self.seats[last.seat].name
            )
        if last.actor not in (PLAYER, AUTO):
            return [], _("the stand-in's decisions cannot be taken back")
        return [], _("your last decision revealed cards or drew at random, or passed the turn: it is final")

    def _rebuild(self) -> None:
        """Replay every decision not taken back (a take-back)."""
        self.game = self.spec.build_game(self.names)
        self._race = self._current_race()
        self._legal.clear()
        self._legal_json.clear()
        self.asked_at = {}
        for entry in self.entries:
            if entry.kind == DECISION and not entry.undone:
                self._apply(entry.seat, parse_decision(entry.text), entry)
        self._race = self._current_race() or self._race
        self.epoch += 1

    def _notice(self, seat: int, text: str, now: float) -> Entry:
        self.version += 1
        race = self._race
        count = len(race.log) if race is not None and race.log is not None else 0
        entry = Entry(self.version, NOTICE, seat, text, SERVER, now, after_event=count)
        self.entries.append(entry)
        return entry

    def _notice_json(self, entry: Entry) -> dict[str, Any]:
        # Stored in English, shown in the reader's language (heat.server.notices).
        text = notice_shown(entry.text) if entry.kind == NOTICE else _(TAKES_BACK, name=self.seats[entry.seat].name)
        return {"seq": entry.seq, "seat": entry.seat, "text": text, "at": entry.at, "after_event": entry.after_event}

    def _over_text(self) -> str:
        season = self.season
        if season is not None:
            winner = season.standings()[0]
            return notice(CHAMPION, name=self.seats[winner].name)
        race = self._race
        assert race is not None
        return notice(WINS, name=self.seats[race.standings()[0]].name)

    @staticmethod
    def _merge(change: Change, other: Change | Refused) -> None:
        if isinstance(other, Change):
            change.entries.extend(other.entries)
            change.rebuilt = change.rebuilt or other.rebuilt


def _season_shown(view: SeasonView) -> SeasonView:
    """``view`` with its event card's title and text in the reader's language (heat.content_words)."""
    return replace(view, event_title=_(view.event_title), event_text=_(view.event_text))


_TABLE_IS = {
    "waiting": N_("the table is waiting for its players"),
    "playing": N_("the table is racing"),
    "over": N_("the table is over"),
    "closed": N_("the table is closed"),
}


def _table_is(status: str) -> str:
    """Why a table in ``status`` refuses, in the language spoken."""
    return _(_TABLE_IS[status]) if status in _TABLE_IS else status


def shift_heat(view: SeatView | None) -> dict[str, int] | None:
    """In the plan phase, the Heat the viewer's car pays to shift to each gear it can reach, by
    gear (a two-gear shift: 1, B-1.2; in Tournament mode the gear its number of cards sets, T-3),
    judged by the engine's ``gear_at_reveal``; None outside the plan phase or for a spectator."""
    car = view.me if view is not None else None
    if view is None or car is None or view.phase != "plan":
        return None
    return {
        str(gear): car.engine - gear_at_reveal(car.gear, car.engine, gear, gear, view.tournament)[1]
        for gear in reachable_gears(car.gear, car.engine)
    }
