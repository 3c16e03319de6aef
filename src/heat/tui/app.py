"""The Heat terminal app: set up a game, race it, save, resume, replay.

The app holds the table (the race or season and who drives each seat) and runs the game loop:
bots decide on their own (the slow levels on a worker thread), a decision with one legal
option is taken for the player, and every other decision is asked of the human on the main
screen that fits it: the Garage draft, the race, the season hub. With several humans at one
keyboard (hotseat), a "pass the keyboard" screen comes between them and no hand stays on the
screen across it.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from shlex import quote
from typing import ClassVar, TypeVar

from textual import on, work
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen, Screen

from heat.engine import HeatError, IllegalDecision
from heat.i18n import N_, error_text
from heat.storage import existing_kind, real_path, replace_problem, save_error_text, save_problem
from heat.tui.bindings import translate_bindings
from heat.tui.main_screens import MainScreensApp
from heat.tui.messages import Decided, OpenFile, StartGame
from heat.tui.race_source import LocalRace
from heat.tui.replay_model import ReplayCursor, open_replay
from heat.tui.screens.dialogs import OverwriteScreen, QuitScreen, ReplaceScreen, SaveScreen
from heat.tui.screens.draft import DraftScreen
from heat.tui.screens.handoff import HandoffScreen
from heat.tui.screens.pick import PickScreen
from heat.tui.screens.race import RaceScreen
from heat.tui.screens.replay import ReplayScreen
from heat.tui.screens.results import NEW, QUIT, ResultsScreen
from heat.tui.screens.season import SeasonScreen
from heat.tui.screens.setup import SetupScreen
from heat.tui.setup_model import GameSetup, build_table
from heat.tui.table import Table
from heat.tui.translate import _

ScreenResult = TypeVar("ScreenResult")


def resume_command(table: Table, path: str) -> str:
    """The command that resumes ``path``."""
    command = "heat season resume" if table.season is not None else "heat play --resume"  # commands: never translated
    return f"{command} {quote(path)}"  # a path with spaces, quoted for the shell


class HeatApp(MainScreensApp):
    """Heat in the terminal. Start it with a setup to show (default), a table to play at once,
    or a record to replay. A game started from the setup is saved to ``save_path`` (if given)
    after every decision; an existing file there is replaced only if ``overwrite`` or the player
    agrees."""

    CSS_PATH = "heat.tcss"
    TITLE = "Heat"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit_game", N_("Quit"), show=False, priority=True)]

    def __init__(
        self,
        *,
        setup: GameSetup | None = None,
        table: Table | None = None,
        replay: ReplayCursor | None = None,
        save_path: str | None = None,
        overwrite: bool = False,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.setup = setup or GameSetup()
        self.table = table
        self.replay = replay
        self.save_path = save_path
        self.overwrite = overwrite
        self.save_reported: str | None = None
        """The failure of the automatic saves last reported (None: none since the last success)."""
        self.viewer: int | None = None
        """The human whose screen is showing (hotseat: the one holding the keyboard)."""
        self.busy = False
        """The game loop is working (bots deciding); False while it waits for a human."""

    def on_mount(self) -> None:
        if self.table is not None:
            self.begin(self.table)
        elif self.replay is not None:
            self.push_screen(ReplayScreen(self.replay))
        else:
            self.push_screen(SetupScreen(self.setup, self.save_path or "race.json"))

    # ------------------------------------------------------------------ starting

    def begin(self, table: Table) -> None:
        """Play ``table`` from where it stands."""
        self.table = table
        self.viewer = None
        self.busy = True
        self.drive()

    @on(StartGame)
    def _start_game(self, message: StartGame) -> None:
        path = self.save_path
        problem = (save_problem(path) or replace_problem(path)) if path else None
        if path and problem:
            self._say(_("Cannot start: cannot save to {path}: {problem}", path=path, problem=problem), error=True)
        elif path and not self.overwrite and existing_kind(path) is not None:

            def answered(answer: str | None) -> None:
                if answer == "replace":
                    self._start(message)
                elif answer == "resume":
                    self._open_file(OpenFile(path, replay=False))

            self.push_screen(ReplaceScreen(path), answered)
        else:
            self._start(message)

    def _start(self, message: StartGame) -> None:
        try:
            table = build_table(message.setup, save_path=self.save_path)
        except HeatError as error:
            self._say(_("Cannot start: {reason}", reason=error_text(error)), error=True)
            return
        self.setup = message.setup
        self.begin(table)

    @on(OpenFile)
    def _open_file(self, message: OpenFile) -> None:
        try:
            if message.replay:
                self.push_screen(ReplayScreen(open_replay(message.path)))
            else:
                self.begin(Table.load(message.path))
        except HeatError as error:  # it names the file
            self._say(_("Cannot open it: {reason}", reason=error_text(error)), error=True)

    # ------------------------------------------------------------------ the game loop

    @work(exclusive=True, group="drive")
    async def drive(self) -> None:
        """Let bots and forced decisions play until a human must decide (then ask them), a race
        ends (its Hall of Fame) or the game is over."""
        self.busy = True
        try:
            await self._drive()
        finally:
            self.busy = False

    async def _wait_for(self, screen: Screen[ScreenResult]) -> ScreenResult:
        """Show ``screen`` and wait for a human to close it (the loop is not busy meanwhile)."""
        self.busy = False
        try:
            return await self.push_screen_wait(screen)
        finally:
            self.busy = True

    async def _drive(self) -> None:
        table = self.table
        assert table is not None
        while True:
            self._report_save(table)
            finished = table.take_finished()
            if finished is not None:
                answer = await self._wait_for(ResultsScreen(table, finished))
                if answer == QUIT:
                    self.exit()
                    return
                if answer == NEW:
                    self.table = None
                    await self._show_main(SetupScreen, lambda: SetupScreen(self.setup, self.save_path or "race.json"))
                    return
            if table.is_over:
                if table.season is not None:
                    await self._show_main(SeasonScreen, lambda: SeasonScreen(table), lambda s: s.table is table)
                return
            actor = table.next_actor()
            if actor is None:
                return
            seat, is_bot = actor
            if is_bot:
                await self._bot_decides(table, seat)
                continue
            legal = table.legal(seat)
            if len(legal) == 1:  # forced decisions are skipped
                table.apply(seat, legal[0])
                continue
            await self._ask(table, seat)
            return

    async def _bot_decides(self, table: Table, seat: int) -> None:
        bot, view, legal = table.bot_inputs(seat)
        if table.slow_bot(seat):
            screen = self._main()
            if isinstance(screen, RaceScreen):
                screen.wait(self.viewer, table.names[seat])
            decision = await asyncio.to_thread(bot.choose, view, legal)
        else:
            decision = bot.choose(view, legal)
        table.apply(seat, decision)
        await asyncio.sleep(0)  # let the interface breathe between bot decisions

    async def _ask(self, table: Table, seat: int) -> None:
        """Show ``seat``'s decision on the screen that fits it, after a handoff if the keyboard
        changes hands."""
        if table.hotseat and seat != self.viewer:
            self._hand_off()
            car = table.game.config.seats[seat]
            await self._wait_for(HandoffScreen(car.name, car.color))
        self.viewer = seat
        race = table.race
        if race is None:
            hub = await self._show_main(SeasonScreen, lambda: SeasonScreen(table), lambda s: s.table is table)
            hub.ask(seat)
        elif race.phase == "draft":
            draft = await self._show_main(DraftScreen, lambda: DraftScreen(table), lambda s: s.table is table)
            draft.ask(seat)
        else:
            screen = await self._show_main(
                RaceScreen, lambda: RaceScreen(table, LocalRace(race)), lambda s: s.race is race
            )
            screen.ask(seat)

    def _hand_off(self) -> None:
        """Before the keyboard changes hands (hotseat): nothing of the player who had it stays,
        whatever the step. The dialogs they opened are closed, the notices cleared, and the main
        screen forgets them (message line, hand, plan, preview, held choices, highlighted option,
        the log as they saw it); the next player's screen is drawn afresh after the handoff."""
        while isinstance(self.screen, ModalScreen):
            self.pop_screen()
        self.clear_notifications()
        current = self._main()
        if isinstance(current, RaceScreen | PickScreen):
            current.forget()
        self.viewer = None

    @on(Decided)
    def _decided(self, message: Decided) -> None:
        table = self.table
        if table is None:
            return
        try:
            for decision in message.decisions:
                table.apply(message.seat, decision)
        except IllegalDecision as error:  # the screens check first; this is a safety net
            self._say(_("Not allowed: {reason}", reason=error_text(error)), error=True)
        self.busy = True
        self.drive()

    # ------------------------------------------------------------------ screens

    def _report_save(self, table: Table) -> None:
        """Tell the player when the automatic saves start failing (once for the same reason):
        the game goes on unsaved."""
        problem = table.save_error
        if problem is not None and problem != self.save_reported:
            self.notify(
                _(
                    "Could not save the game to {path}: {problem}. The game goes on unsaved; "
                    "ctrl+s saves it to another file.",
                    path=table.save_path,
                    problem=problem,
                ),
                severity="error",
                timeout=15,
            )
        self.save_reported = problem

    def _say(self, text: str, *, error: bool = False) -> None:
        """A message on the main screen's message line (or a notification)."""
        screen = self._main()
        say = getattr(screen, "say", None)
        if callable(say):
            say(text, error=error)
        else:
            self.notify(text, severity="error" if error else "information")

    # ------------------------------------------------------------------ saving and quitting

    def action_save(self) -> None:
        """Save the game (asking for a file the first time, or when its file cannot be written)."""
        table = self.table
        if table is None:
            self._say(_("Nothing to save yet."))
            return
        if table.save_path is None:
            self._ask_save(table)
            return
        problem = self._save_to(table, table.save_path)
        if problem is not None:
            self._ask_save(table, note=_("Could not save to {path}: {problem}.", path=table.save_path, problem=problem))

    def _ask_save(
        self, table: Table, then: Callable[[], None] | None = None, note: str | None = None, default: str | None = None
    ) -> None:
        """Ask for a file and save there, then ``then``; if that fails, say why and ask again
        (escape gives up). Another saved game is replaced only if the player says so, and a file
        that is not a Heat save never is; otherwise the question comes again."""
        default = default or ("season.json" if table.season is not None else "race.json")

        def chosen(path: str | None) -> None:
            if not path:
                return
            if self._saved_in(table, path) or save_problem(path):
                save(path)  # the game's own file, or one that cannot be written: saving says why
                return
            refused = replace_problem(path)
            if refused is not None:  # never replaced, whatever the player would answer: ask again
                self._ask_save(table, then, _("Not saved: {reason}.", reason=refused), default=path)
            elif existing_kind(path) is not None:

                def answered(answer: str | None) -> None:
                    if answer == "replace":
                        save(path)
                    else:
                        self._ask_save(table, then, note, default=path)

                self.push_screen(OverwriteScreen(path), answered)
            else:
                save(path)

        def save(path: str) -> None:
            problem = self._save_to(table, path)
            if problem is None:
                if then is not None:
                    then()
            else:
                self._ask_save(table, then, _("Could not save to {path}: {problem}.", path=path, problem=problem))

        self.push_screen(SaveScreen(default, note), chosen)

    @staticmethod
    def _saved_in(table: Table, path: str) -> bool:
        """Is ``path`` the file the game is saved in (after every decision)?"""
        return table.save_path is not None and real_path(table.save_path) == real_path(path)

    def _save_to(self, table: Table, path: str) -> str | None:
        """Save to ``path``, which then takes the automatic saves, and say so; or say why it
        failed and return that (the automatic saves stay where they were)."""
        try:
            table.save(path)
        except OSError as error:
            problem = save_error_text(path, error)
            if path == table.save_path:
                table.save_error = self.save_reported = problem  # said here: no notice as well
            self._say(_("Could not save to {path}: {problem}", path=path, problem=problem), error=True)
            return problem
        table.save_path, table.save_error, self.save_reported = path, None, None
        self._say(
            _(
                "Saved to {path} (and after every decision). Resume with: {command}",
                path=path,
                command=resume_command(table, path),
            )
        )
        return None

    def action_quit_game(self) -> None:
        """Quit, offering to save a game in progress. The game's file is saved first, so the
        question says truly whether it is saved (and if not, why)."""
        table = self.table
        if table is None or table.is_over:
            self.exit()
            return
        saved = table.save_path is not None and table.autosave()
        problem = table.save_error

        def answered(answer: str | None) -> None:
            if saved and answer in ("quit", "save"):
                if table.save_error is not None:  # a bot's decision since could not be saved
                    self._report_save(table)
                    return
                self.exit()
            elif answer == "quit":
                self.exit()
            elif answer == "save":
                note = (
                    _("Could not save to {path}: {problem}.", path=table.save_path, problem=problem)
                    if problem
                    else None
                )
                self._ask_save(table, self.exit, note)

        self.push_screen(QuitScreen(table.save_path, problem), answered)


def run_app(app: HeatApp) -> int:
    """Run ``app`` in the terminal; the exit status: 1, and a line saying why, if the game's
    last save failed (a full disk at the end of the race...)."""
    app.run()
    table = app.table
    if table is not None and table.save_path and table.save_error:
        print(
            _("heat: the game could not be saved to {path}: {problem}", path=table.save_path, problem=table.save_error),
            file=sys.stderr,
        )
        return 1
    return 0
