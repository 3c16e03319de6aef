"""The terminal app at an online seat (``heat play --join LINK``): the same race screens as a
local race, driven by the server's messages over one WebSocket in the app's own asyncio loop.

The client is thin: it shows the seat's view and events as sent, previews decisions from that
view (``heat.preview``), and sends the player's decisions in the engine's text form with the
version they were made on; the server judges them and its refusals are shown as it words them.
A dropped socket is opened again (with growing pauses) and the table resumes at the server's
state; the seat's clock is shown on the status line.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from itertools import count
from pathlib import Path
from typing import Any, ClassVar

import httpx
from textual import on, work
from textual.binding import Binding, BindingType
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from heat.engine import HeatError, Race, replay
from heat.i18n import N_, error_text
from heat.tui.bindings import translate_bindings
from heat.tui.main_screens import MainScreensApp
from heat.tui.messages import Decided, TakeBack
from heat.tui.online.connection import FATAL_CODES, language_headers, open_seat
from heat.tui.online.link import JoinError, Link, SeatRefused
from heat.tui.online.lobby import LobbyScreen
from heat.tui.online.remote import OutOfStep, RemoteTable
from heat.tui.screens.draft import DraftScreen
from heat.tui.screens.race import OPTIONS, RaceScreen
from heat.tui.screens.results import REMATCH, ResultsScreen
from heat.tui.screens.season import SeasonScreen
from heat.tui.translate import _

RETRY_SECONDS = (1.0, 2.0, 4.0, 8.0, 15.0)
"""Pauses between attempts to reconnect (the last one repeats)."""


def clock_text(seconds: float) -> str:
    """Time left as ``m:ss`` (``h:mm:ss`` past an hour, ``Nd hh:mm`` past a day)."""
    left = max(0, int(seconds))
    days, rest = divmod(left, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{days}d {hours:02d}:{minutes:02d}"
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


class RemoteApp(MainScreensApp):
    """Play the seat of ``link`` under ``name``. ``problem`` says, once the app has stopped, why
    the seat could not be played on (None: the player left or the game ended)."""

    CSS_PATH = str(Path(__file__).resolve().parent.parent / "heat.tcss")
    TITLE = "Heat"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit_game", N_("Quit"), show=False, priority=True),
        Binding("b", "back", N_("Back at the wheel"), show=False),
        Binding("enter", "on_to_the_race", N_("On to the race"), show=False),
    ]

    def __init__(self, link: Link, name: str | None, *, confirm: bool = True) -> None:
        super().__init__()
        translate_bindings(self)
        self.link = link
        self.player_name = name
        self.confirm = confirm
        self.table: RemoteTable | None = None
        self.socket: ClientConnection | None = None
        self.problem: str | None = None
        """Why this seat cannot be played any more (the server refused or removed it)."""
        self.pending = False
        """A decision is sent and not yet answered."""
        self.results_shown = False
        self._asked: tuple[object, int] | None = None
        """The question last put on the screen (the event log's key, its version)."""
        self._ids = count(1)
        self._noticed: set[int] = set()
        self._standin = False
        """A stand-in bot drives this seat (as last shown)."""
        self.rematch: str | None = None
        """The rematch table of this one, once the server has opened one."""
        self._races_shown = 0
        """The championship's races whose points the hub has shown (it stops after each race)."""

    def on_mount(self) -> None:
        self.push_screen(LobbyScreen(self.link.page))
        self.set_interval(1.0, self._tick)
        self.connection()

    # ------------------------------------------------------------------ the socket

    @work(exclusive=True, group="socket")
    async def connection(self) -> None:
        """Keep a socket open to the table and show what it sends, until the app stops or the
        seat is refused; reconnect when it drops (the server sends its full state again)."""
        attempt = 0
        while self.problem is None:
            try:
                socket, welcome = await open_seat(self.link, self.player_name)
            except SeatRefused as error:  # trying again cannot help
                self._fail(error_text(error))
                return
            except JoinError as error:  # unreachable: the server may be back soon
                pause = RETRY_SECONDS[min(attempt, len(RETRY_SECONDS) - 1)]
                attempt += 1
                self._say(
                    _("{reason}; trying again in {seconds} s", reason=error_text(error), seconds=f"{pause:.0f}"),
                    error=True,
                )
                await asyncio.sleep(pause)
                continue
            if self.table is not None:
                self._say(_("Connected again: the table goes on where the server stands."))
            attempt = 0
            self.socket, self.pending = socket, False
            if self.table is None:
                self.table = RemoteTable(self.link, int(welcome["seat"]))
                self.table.confirm = self.confirm
            try:
                async for raw in socket:
                    await self._receive(json.loads(raw))
                    if self.problem is not None:  # the seat cannot be played on: stop here
                        await socket.close()
                        break
            except ConnectionClosed:
                pass
            except (ValueError, TypeError, KeyError, AttributeError) as error:  # a server this client cannot read
                self._fail(
                    _(
                        "the server at {server} sent a message this client cannot read ({error})",
                        server=self.link.base,
                        error=repr(error),
                    )
                )
                await socket.close()
            finally:
                self.socket = None
            if self.problem is None:
                self._say(_("The connection to the server dropped: reconnecting..."), error=True)
                await asyncio.sleep(RETRY_SECONDS[0])

    async def _send(self, **message: Any) -> bool:
        """Send ``message``; False if there is no open socket."""
        socket = self.socket
        if socket is None:
            return False
        try:
            await socket.send(json.dumps(message))
        except ConnectionClosed:
            return False
        return True

    async def _receive(self, message: dict[str, Any]) -> None:
        table = self.table
        assert table is not None
        kind = message.get("type")
        if kind == "state":
            try:
                notices = table.update(message)
            except OutOfStep:
                await self._send(type="sync")
                return
            except JoinError as error:
                self._fail(error_text(error))
                return
            for notice in notices:
                seq = int(notice.get("seq", -1))
                if seq not in self._noticed:
                    self._noticed.add(seq)
                    self.notify(str(notice.get("text", "")), timeout=6)
            await self._show()
        elif kind == "accepted":
            self.pending = False
            if message.get("id") is None:  # a take-back (decisions carry an id)
                self._say(_("Taken back."))
        elif kind == "refused":
            self.pending = False
            await self._show(ask_again=True)
            self._say(_("Refused by the server: {reason}", reason=message.get("message")), error=True)
        elif kind == "error":
            text = str(message.get("message") or message.get("code"))
            if message.get("code") in FATAL_CODES:
                self._fail(_("cannot play table {table} on: {reason}", table=self.link.table, reason=text))
            elif message.get("code") == "store_failed":  # nothing was applied: decide again
                self.pending = False
                await self._show(ask_again=True)
                self._say(_("The server says: {message}", message=text), error=True)
            else:
                self._say(_("The server says: {message}", message=text), error=True)
        elif kind == "rematch":
            self.rematch = str(message.get("table"))
            self._say(_("A rematch is open (table {table}): m joins it.", table=self.rematch))

    def _fail(self, problem: str) -> None:
        """The seat cannot be played on: say why (printed again once the app stops)."""
        self.problem = problem
        self._say(_("{problem} (q quits)", problem=problem), error=True)

    # ------------------------------------------------------------------ the screens

    async def _show(self, *, ask_again: bool = False) -> None:
        """Show the latest state on the screen that fits it; put a new question to the player
        (``ask_again``: the same one, after a refusal), but never redraw a question they are
        answering because another seat's state changed."""
        table = self.table
        assert table is not None
        if table.is_season and len(table.season_view().results) > self._races_shown:
            # A race of the championship is over: its points on the hub, until the player goes on.
            await self._show_season(table, ask_again=ask_again)
            return
        if not table.racing:
            if table.has_season_view:  # a championship between its races, or over
                await self._show_season(table, ask_again=ask_again)
                return
            lobby = await self._show_main(LobbyScreen, lambda: LobbyScreen(self.link.page))
            lobby.show(table)
            return
        if table.is_over:
            if not self.results_shown:
                self.results_shown = True
                await self._results(table)
            return
        view = table.view()
        asked = table.asked_at
        waiting = ", ".join(table.deciding())
        if table.standin != self._standin:  # said when it starts and when it stops
            self._standin = table.standin
            if table.standin:
                self._say(_("Your stand-in bot drives for you now: b (or your next decision) takes your seat back."))
        if table.standin:
            waiting = waiting or _("your stand-in bot (b: take your seat back)")
        if view.phase == "draft":
            draft = await self._show_main(DraftScreen, lambda: DraftScreen(table))
            if asked is not None and not self.pending:
                if ask_again or draft.seat is None or self._asked != (table.log_key, asked):
                    self._asked = (table.log_key, asked)
                    draft.ask(table.seat)
                    draft.say("")  # no "waiting for" left over
            elif not self.pending:
                draft.wait(table.seat, waiting)
            return
        race = await self._show_main(RaceScreen, lambda: RaceScreen(table, table))
        if asked is not None and not self.pending:
            if ask_again or race.seat is None or self._asked != (table.log_key, asked):
                self._asked = (table.log_key, asked)
                race.ask(table.seat)
            elif race.mode != OPTIONS:  # the plan in hand stays; the view is new (others' commits)
                race.redraw()
        elif not self.pending or asked is None:
            race.wait(table.seat, waiting)
        self._tick()

    async def _show_season(self, table: RemoteTable, *, ask_again: bool) -> None:
        """The championship's hub (scorepad, next event, market, every car's Upgrades) as the
        server's season view has it; this seat's build, swap or keep question when it is asked."""
        hub = await self._show_main(SeasonScreen, lambda: SeasonScreen(table))
        asked = table.asked_at if not table.racing else None  # a race's question waits for its screen
        if asked is not None and not self.pending:
            if ask_again or hub.seat is None or self._asked != (table.log_key, asked):
                self._asked = (table.log_key, asked)
                hub.ask(table.seat)
            return
        if not self.pending:
            hub.seat, hub.options = None, []
            hub.redraw()
            season = table.season_view()
            waiting = ", ".join(table.deciding())
            if table.is_over:
                hub.say(_("The championship is over: q leaves the table."))
            elif len(season.results) > self._races_shown:
                hub.say(
                    _(
                        "Race {race} is over. Enter: on to race {next}.",
                        race=len(season.results),
                        next=len(season.results) + 1,
                    )
                )
            elif waiting:
                hub.say(_("Waiting for {names}.", names=waiting))

    async def action_on_to_the_race(self) -> None:
        """After a championship race, leave its points on the hub for the next race."""
        table = self.table
        if table is None or not table.is_season or table.is_over:
            return
        shown = len(table.season_view().results)
        if shown > self._races_shown:
            self._races_shown = shown
            await self._show()

    async def _results(self, table: RemoteTable) -> None:
        """The Hall of Fame and statistics, from the race's record (the server gives it once the
        race is over: the seed no longer hides anything); ``m`` goes on to the rematch."""
        race = await self._record(table)
        if race is None:
            return
        answer = await self.push_screen_wait(
            ResultsScreen(
                table,
                race,
                bindings_text=_(
                    "enter or q: leave the table · r: replay this race · m: rematch (the same seats again)"
                ),
                online=True,
            )
        )
        if answer == REMATCH:
            await self._to_rematch()
        elif answer is not None:
            self.exit()

    async def _to_rematch(self) -> None:
        """Ask the server for the rematch (it opens one, or names the one already open) and play
        this seat there: the rematch keeps the seats and their tokens (docs/protocol.md)."""
        url = f"{self.link.base}/api/tables/{self.link.table}/rematch"
        try:
            async with httpx.AsyncClient(timeout=30.0, headers=language_headers()) as client:
                response = await client.post(url, headers={"authorization": f"Bearer {self.link.token}"})
            body = response.json()
            if response.status_code != 200:
                raise ValueError(body.get("message") or body.get("code") or response.status_code)
            table_id = str(body["table"])
        except (httpx.HTTPError, ValueError, KeyError, TypeError) as error:
            self.results_shown = False  # the results come back, with the reason on the line
            await self._show()
            self._say(_("No rematch: {reason}", reason=error_text(error)), error=True)
            return
        self.link = replace(self.link, table=table_id)
        self.table, self.rematch, self.results_shown, self.pending = None, None, False, False
        self._asked, self._standin = None, False
        self._noticed.clear()
        await self._show_main(LobbyScreen, lambda: LobbyScreen(self.link.page))
        old = self.socket
        self.connection()  # a new worker for the new table; the old one is cancelled (one per group)
        if old is not None:
            await old.close()

    async def _record(self, table: RemoteTable) -> Race | None:
        url = f"{self.link.base}/api/tables/{self.link.table}/record"
        try:
            async with httpx.AsyncClient(timeout=30.0, headers=language_headers()) as client:
                response = await client.get(url)
            response.raise_for_status()
            return replay(response.json())
        except (httpx.HTTPError, ValueError, HeatError) as error:
            standings = ", ".join(table.names[seat] for seat in table.view().standings)
            self._say(
                _(
                    "The race is over: {standings}. (Its record could not be read: {reason}.) q quits.",
                    standings=standings,
                    reason=error_text(error),
                )
            )
            return None

    def _tick(self) -> None:
        """The clock on the status line, every second."""
        table = self.table
        screen = self._main()
        if table is None or not isinstance(screen, RaceScreen):
            return
        clock = table.clock() if not table.is_over else None
        if clock is None:
            screen.set_clock("")
            return
        seat, left = clock
        whose = "" if seat == table.seat else f"{table.names[seat]} "
        screen.set_clock(f"⏱ {whose}{clock_text(left)}")

    @on(Decided)
    async def _decided(self, message: Decided) -> None:
        table = self.table
        if table is None:
            return
        for decision in message.decisions:
            sent = await self._send(type="decide", seq=table.version, decision=decision.text(), id=next(self._ids))
            if not sent:
                self._say(
                    _("Not connected: the decision was not sent. It is asked again once reconnected."), error=True
                )
                self._asked = None
                return
            self.pending = True

    @on(TakeBack)
    async def _take_back(self, message: TakeBack) -> None:
        table = self.table
        if table is not None and not self.pending and await self._send(type="undo", seq=table.version):
            self.pending = True
            self._asked = None  # the question comes back: put it again, fresh

    def _say(self, text: str, *, error: bool = False) -> None:
        """A message on the main screen's message line (or a notification)."""
        say = getattr(self._main(), "say", None)
        if callable(say):
            say(text, error=error)
        else:
            self.notify(text, severity="error" if error else "information")

    # ------------------------------------------------------------------ keys

    def action_save(self) -> None:
        """Nothing to save: the server keeps the race."""
        self._say(_("The server keeps this race: rejoin it with your link ({page}#...).", page=self.link.page))

    async def action_back(self) -> None:
        """Take the seat back from the stand-in bot (the server's ``back``)."""
        table = self.table
        if table is None or not table.standin:
            self._say(_("You are at the wheel: no stand-in drives for you."))
        elif await self._send(type="back"):
            self._say(_("Back at the wheel: the stand-in stops."))

    def action_quit_game(self) -> None:
        """Leave the table (the seat stays yours: the same link joins it again)."""
        self.exit()


def run_remote(app: RemoteApp) -> int:
    """Run ``app``; 2 and a line on standard error if the seat was refused on the way."""
    import sys

    app.run()
    if app.problem is not None:
        print(f"heat: {app.problem}", file=sys.stderr)
        return 2
    table = app.table
    if table is not None and not table.is_over:
        print(
            _(
                "Left table {table}: your stand-in bot drives until you join again with the same link.",
                table=app.link.table,
            )
        )
    return 0
