"""The race screen: the track, the player's car and hand, the decision of the moment with its
preview, every car's public facts, and the story so far.

Decisions are built here from the player's selections and sent to the app (``Decided``); the
engine judges them. Card steps (1-2, 8) select cards from the hand; the other steps list the
legal decisions. React choices are held back, and can be undone, until they are committed or
reveal hidden cards (``ReactStage``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from heat.engine import Decision, Discard, IllegalDecision, Plan, Race, React, SeatView, track
from heat.engine.decisions import Salvage
from heat.i18n import N_, error_text
from heat.narrate import weather_words
from heat.preview import Preview, preview_decision
from heat.tui.bindings import show_bindings, translate_bindings
from heat.tui.helptext import help_text, step_key
from heat.tui.messages import Decided, TakeBack
from heat.tui.race_source import GameTable, LocalRace, RaceSource
from heat.tui.risk import Risk, question_lines, risk_of
from heat.tui.screens.dialogs import CarsScreen, ChoiceScreen, ConfirmScreen, HelpScreen
from heat.tui.selection import HandSelection
from heat.tui.staging import ReactStage
from heat.tui.translate import _, ngettext
from heat.tui.widgets.cars_table import CarsTable
from heat.tui.widgets.gear_bar import GEARS, GearBar
from heat.tui.widgets.hand import HandBar
from heat.tui.widgets.my_car import MyCar
from heat.tui.widgets.option_menu import OptionMenu
from heat.tui.widgets.preview_box import PreviewBox
from heat.tui.widgets.race_log import RaceLog
from heat.tui.widgets.track_map import TrackMap, finish_in

PLAN = "plan"
DISCARD = "discard"
OPTIONS = "options"
WAIT = "wait"
SHORT = 30
"""Below this many rows, the instructions are left to the footer and the ? screen."""
TALL = 36
"""From this many rows, the map's key shows and the car table moves under the decision, so
that the left column is filled and the log has the whole right one."""
NARROW = 70
"""Below this many columns the footer leaves out ``l`` and ``i`` (the ``?`` screen has them), so
that its other keys fit in every language."""

STEP_WORDS = {
    "plan": N_("steps 1-2"),
    "choose": N_("step 3 Speed"),
    "react": N_("step 5 React"),
    "slipstream": N_("step 6 Slipstream"),
    "discard": N_("step 8 Discard"),
    "refresh": N_("step 9 Refresh"),
    "draft": N_("Garage draft"),
    "over": N_("race over"),
}

PROMPTS = {
    PLAN: N_("Pick cards (1-9, click, arrows+space), gear with up/down; enter commits. u undo, l list."),
    DISCARD: N_("Pick the cards to discard (none is fine); enter commits. u undo, escape clears."),
    OPTIONS: N_("Choose with up/down and enter, or 1-9. The preview shows the highlighted option."),
    WAIT: "",
}


STEP_SHORT = {
    "plan": N_("plan"),
    "choose": N_("Speed"),
    "react": N_("React"),
    "slipstream": N_("Slipstream"),
    "discard": N_("Discard"),
}
"""The steps in a word, for a narrow status line."""


def status_text(view: SeatView, viewer: int | None, waiting: str, width: int = 1000, clock: str = "") -> Text:
    """The top line: track, laps, round, whose decision and which step, weather, Legends card
    (and ``clock``, an online table's time left, first), in ``width`` cells: when it does not
    fit, the weather loses its effects, the step its number, the laps and round their words,
    then the track its name; the Legends card and the step stay."""
    for level in range(5):
        out = _status(view, viewer, waiting, level)
        if clock:
            out = Text.assemble((clock, "bold yellow"), " · ", out)
        if out.cell_len <= width:
            return out
    out.truncate(width)
    return out


def _status(view: SeatView, viewer: int | None, waiting: str, short: int) -> Text:
    """The status line at shortening level ``short`` (0: in full)."""
    step = view.turn.step if view.turn is not None else view.phase
    me = view.cars[viewer] if viewer is not None else None
    lap = me is not None and me.on_track and me.lap >= 1
    parts = [] if short >= 4 else [track(view.track).name]
    if short < 3 or not lap:
        parts += [ngettext("{count} lap", "{count} laps", view.laps), _("round {round}", round=view.round)]
    else:
        parts.append(_("R{round}", round=view.round))
    out = Text(" · ".join(parts), style="bold")
    if me is not None:
        if out:
            out.append(" · ")
        out.append(me.name, "bold reverse")
        if lap:
            out.append(" " + _("lap {lap}/{laps}", lap=min(me.lap, view.laps), laps=view.laps))
    if waiting:
        out.append(" · " + _("waiting for {names}", names=waiting), "italic")
    elif view.turn is None or view.turn.seat == viewer:
        words = STEP_SHORT.get(step, step) if short >= 2 else STEP_WORDS.get(step, step)
        out.append(f" · {_(words)}")
    weather = weather_words(view.weather)
    if weather:
        out.append(f" · {weather.split(' (')[0] if short >= 1 else weather}", "cyan")
    if view.legends_card is not None:
        out.append(" · " + _("Legends {card}", card=view.legends_card), "magenta")
    return out


def usable_symbols(options: Sequence[Decision]) -> frozenset[tuple[str, str]]:
    """The (symbol, card) of every Upgrade symbol that one of the React ``options`` uses."""
    usable = set()
    for decision in options:
        if isinstance(decision, React):
            usable.add((decision.symbol, decision.source))
        elif isinstance(decision, Salvage):
            usable.add(("salvage", decision.source))
    return frozenset(usable)


class RaceScreen(Screen[None]):
    """One race (``source``) at ``table``, seen by one human at a time (``viewer``)."""

    AUTO_FOCUS = None

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", N_("Help")),
        Binding("enter", "commit", N_("Commit")),
        Binding("u,backspace", "undo", N_("Undo")),
        Binding("l", "list", N_("List")),
        Binding("i", "cars", N_("Cars")),
        Binding("ctrl+s", "app.save", N_("Save")),
        Binding("q", "app.quit_game", N_("Quit")),
        Binding("escape", "clear", N_("Clear"), show=False),
        Binding("left", "cursor(-1)", N_("Left"), show=False),
        Binding("right", "cursor(1)", N_("Right"), show=False),
        Binding("space", "toggle_cursor", N_("Pick"), show=False),
        Binding("up,plus", "gear(1)", N_("Gear up"), show=False),
        Binding("down,minus", "gear(-1)", N_("Gear down"), show=False),
        *[Binding(key, f"number({index})", key, show=False) for index, key in enumerate("1234567890")],
    ]

    def __init__(self, table: GameTable, source: RaceSource) -> None:
        super().__init__()
        translate_bindings(self)
        self.table = table
        self.source = source
        self.race: Race | None = source.race if isinstance(source, LocalRace) else None
        """The local race shown (None: an online one)."""
        self.clock = ""
        """The time left to decide, on an online table (shown first on the status line)."""
        self.viewer: int | None = None
        self.seat: int | None = None
        self.mode = WAIT
        self.waiting = ""
        self.legal: list[Decision] = []
        self.options: list[Decision] = []
        self.selection: HandSelection | None = None
        self.stage: ReactStage | None = None
        self._confirming: tuple[object, ...] | None = None
        """The question whose confirmation is open (None: none)."""

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield TrackMap(id="map")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                with VerticalScroll(id="decide"):
                    yield MyCar(id="me")
                    yield HandBar(id="hand")
                    yield Static(id="prompt")
                    yield GearBar(id="gear")
                    yield OptionMenu(id="options")
                    yield PreviewBox(id="preview")
                yield CarsTable(id="cars-left")  # tall terminals: the cars under the decision
            with Vertical(id="right"):
                yield CarsTable(id="cars")  # short ones: the cars over the log
                yield RaceLog(id="log")
        yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()

    def on_resize(self) -> None:
        tall = self.size.height >= TALL
        self.query_one(TrackMap).show_key = tall
        self.set_class(tall, "tall")  # heat.tcss: the car table moves under the decision
        self.query_one(HandBar).set_detailed(tall)
        show_bindings(self, ("l", "i"), shown=self.size.width >= NARROW)
        self._draw_status(self.current_view())

    # ------------------------------------------------------------------ what the app tells it

    def ask(self, seat: int) -> None:
        """``seat`` (a human at the keyboard) must decide now."""
        self.viewer = self.seat = seat
        self.waiting = ""
        view = self.source.view(seat)
        me = view.me
        assert me is not None
        self.legal = self.table.legal(seat)
        self.selection = None
        self.stage = None
        self.options = []
        step = view.turn.step if view.turn is not None else view.phase
        if view.phase == "plan":
            self.mode = PLAN
            self.selection = HandSelection(me.hand or (), gear=me.gear)
        elif step == "discard":
            self.mode = DISCARD
            self.selection = HandSelection(me.hand or ())
        else:
            self.mode = OPTIONS
            self.stage = self.source.stage(seat) if step == "react" else None
            self.options = self.stage.legal() if self.stage is not None else list(self.legal)
        self.redraw()

    def wait(self, viewer: int | None, waiting: str) -> None:
        """Nothing to decide for ``viewer``: ``waiting`` (a name) is deciding."""
        self.viewer = viewer
        self.seat = None
        self.mode = WAIT
        self.waiting = waiting
        self.selection = None
        self.stage = None
        self.redraw()

    def forget(self) -> None:
        """Forget the player at the keyboard (hotseat, before it changes hands): their hand, plan,
        preview, held React choices, options and message leave the screen, and the log is told
        as a spectator sees it until the next player's turn is drawn (``ask``)."""
        self.legal = []
        self.options = []
        self._confirming = None  # its dialog is closed by the handoff
        self.wait(None, "")
        self.say("")
        self.query_one("#decide", VerticalScroll).scroll_home(animate=False)

    def say(self, text: str, *, error: bool = False) -> None:
        """Show ``text`` on the message line."""
        self.query_one("#message", Static).update(Text(text, style="bold red" if error else ""))

    # ------------------------------------------------------------------ drawing

    def current_view(self) -> SeatView:
        """The viewer's view of this screen's race, with held React choices applied. The race
        may be over and the table between the races of a season: the screen still shows it
        until the app replaces it (blanked for a handoff, or waiting for a bot)."""
        if self.stage is not None:
            return self.stage.view()
        return self.source.view(self.viewer)

    def redraw(self) -> None:
        """Draw everything for the current viewer and decision."""
        if not self.is_mounted:
            return
        view = self.current_view()
        source = self.source
        self._draw_status(view)
        self.query_one(TrackMap).show(view, self.viewer)
        my_car = self.query_one(MyCar)
        my_car.usable = self._usable()
        my_car.view = view if self.viewer is not None else None
        my_car.refresh(layout=True)
        for table in self.query(CarsTable):
            table.show(view, self.viewer)
        self.query_one(RaceLog).show(
            source.log_key, source.events(self.viewer), self.table.names, source.laps, self.viewer
        )
        options = self.query_one("#options", OptionList)
        options.display = self.mode == OPTIONS
        self.query_one(GearBar).display = self.mode == PLAN
        prompt = self._prompt()
        self.query_one("#prompt", Static).update(prompt)
        self.query_one("#prompt", Static).display = bool(prompt.plain)
        if self.mode == OPTIONS:
            options.clear_options()
            options.add_options(
                [Option(f"{i}. {d.text()}" if i <= 9 else d.text()) for i, d in enumerate(self.options, 1)]
            )
            options.highlighted = 0 if self.options else None
            options.focus()
        else:
            options.clear_options()  # nothing of the last question stays, even hidden
            self.set_focus(None)
        self._draw_selection()

    def _draw_status(self, view: SeatView) -> None:
        width = max(20, self.size.width - 2)  # the status line's padding
        self.query_one("#status", Static).update(status_text(view, self.viewer, self.waiting, width, self.clock))

    def set_clock(self, clock: str) -> None:
        """Show ``clock`` (the time left to decide, online) on the status line."""
        if clock != self.clock:
            self.clock = clock
            if self.is_mounted:
                self._draw_status(self.current_view())

    def _prompt(self) -> Text:
        if self.mode == WAIT:
            return Text(_("Waiting for {names}...", names=self.waiting) if self.waiting else "", style="italic")
        text = Text(_(PROMPTS[self.mode]) if self.size.height >= SHORT else "", style="dim")
        if self.stage is not None and self.stage.held:
            text = Text.assemble(
                (_("Held (u takes back): "), "bold"),
                ", ".join(d.text() for d in self.stage.held),
                "\n" if text else "",
                text,
            )
        return text

    def _draw_selection(self) -> None:
        view = self.current_view()
        hand = self.query_one(HandBar)
        me = view.me if self.viewer is not None else None
        if me is None:
            hand.show((), title=_("Hand"))
            self._show_preview(None, "")
            return
        selection = self.selection
        if selection is None:
            hand.show(me.hand or (), title=_("Hand"))
            if self.mode != OPTIONS:
                self._show_preview(None, "")
            else:
                self._preview_option(self.query_one("#options", OptionList).highlighted)
            return
        title = _("Discard") if self.mode == DISCARD else _("Hand")
        hand.show(selection.hand, tuple(selection.picked), selection.cursor, title, kept=self._kept())
        if self.mode == PLAN:
            usable = frozenset(d.gear for d in self.legal if isinstance(d, Plan))
            self.query_one(GearBar).show(
                selection.gear, me.gear, usable, tournament=view.tournament, cards=len(selection.picked)
            )
        decision = self._selected()
        if self.mode == PLAN and not selection.picked:
            self._show_preview(None, _("Pick your cards, choose your gear: the preview shows here."))
        elif decision in self.legal:
            preview = preview_decision(view, decision) if isinstance(decision, Plan) else None
            self._show_preview(preview, _("enter: {decision}", decision=decision.text()))
        else:
            self._show_preview(None, self._refusal(decision))

    def _show_preview(self, preview: Preview | None, note: str) -> None:
        """The preview (or ``note``) in its box, and where it would leave the car on the map."""
        view = self.current_view()
        me = view.me if self.viewer is not None else None
        finish = finish_in(view, me.seat) if me is not None else None
        self.query_one(PreviewBox).show(preview, note, laps=view.laps, finish=finish)
        landing = frozenset(space for space, lap, _ in preview.landing if lap <= view.laps) if preview else frozenset()
        self.query_one(TrackMap).mark_landing(landing)

    def _kept(self) -> frozenset[int]:
        """In step 8, the cards of the hand that no legal discard holds (Heat, Stress: B-8.3)."""
        if self.mode != DISCARD or self.selection is None:
            return frozenset()
        discardable = {card for decision in self.legal if isinstance(decision, Discard) for card in decision.cards}
        return frozenset(i for i, card in enumerate(self.selection.hand) if card not in discardable)

    def _usable(self) -> frozenset[tuple[str, str]]:
        """The Upgrade symbols a legal choice uses now: in React, those of the options; none
        at any other moment."""
        return usable_symbols(self.options) if self.stage is not None else frozenset()

    def _refusal(self, decision: Decision) -> str:
        assert self.seat is not None
        try:
            self.table.check(self.seat, decision)
        except IllegalDecision as error:
            return _("{decision}: not possible: {reason}", decision=decision.text(), reason=error_text(error))
        return ""

    def _selected(self) -> Decision:
        assert self.selection is not None
        if self.mode == DISCARD:
            return self.selection.discard()
        return self.selection.plan(tournament=self.current_view().tournament)

    def _preview_option(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self.options):
            self._show_preview(None, "")
            return
        decision = self.options[index]
        preview = preview_decision(self.current_view(), decision)
        self._show_preview(preview, "" if preview is not None else _("enter: {decision}", decision=decision.text()))

    # ------------------------------------------------------------------ deciding

    def _send(self, decisions: Sequence[Decision]) -> None:
        seat = self.seat
        assert seat is not None
        self.say(_("You: {decisions}", decisions="; ".join(d.text() for d in decisions)))
        self.mode = WAIT
        self.seat = None
        self.selection = None
        self.stage = None
        self.post_message(Decided(seat, decisions))

    def _question(self) -> tuple[object, ...]:
        """What identifies the question being asked: the seat, the decisions so far, the React
        stage (a confirmation answered for another question is ignored)."""
        return (self.seat, self.source.moment(), self.stage)

    def _confirmed(self, risk: Risk | None, commit: Callable[[], None], back: Callable[[], None]) -> None:
        """``commit`` now if ``risk`` is None or the confirmations are off; otherwise once the
        player says so (``back`` if they do not). One confirmation at a time: keys typed faster
        than the app answers do not open a second one."""
        if risk is None or not self.table.confirm:
            commit()
            return
        if self._confirming is not None:
            return
        question = self._confirming = self._question()

        def answered(answer: str | None) -> None:
            self._confirming = None
            if self.seat is None or self._question() != question:  # no longer the question asked
                return
            if answer in ("commit", "always"):
                if answer == "always":
                    self.table.confirm = False
                commit()
            else:
                back()
                self.say(_("Not committed: change your choice, or commit it again."))

        self.app.push_screen(ConfirmScreen(question_lines(risk)), answered)

    def _choose(self, index: int) -> None:
        if not 0 <= index < len(self.options):
            self.say(_("There is no option {number}.", number=index + 1), error=True)
            return
        decision = self.options[index]
        before = self.current_view()
        if self.stage is None:
            self._confirmed(risk_of(before, decision), lambda: self._send([decision]), lambda: None)
            return
        stage = self.stage
        try:
            held = stage.hold(decision)
        except IllegalDecision as error:
            self.say(_("Not allowed: {reason}", reason=error_text(error)), error=True)
            return
        if not held:  # committed now with the choices held before it: asked first if risky
            stage.undo()  # not tried on the copy meanwhile: the copy would know the cards it turns up

            def commit() -> None:
                stage.hold(decision)
                self._send(stage.take())

            risk = risk_of(before, decision, self.source.view(self.seat) if stage.held else None)
            self._confirmed(risk, commit, lambda: None)
            return
        self.options = self.stage.legal()
        self.redraw()
        self.say(
            _(
                "Held {decision}: u takes it back; it is committed with your next choice that reveals cards.",
                decision=decision.text(),
            )
        )

    @on(OptionList.OptionSelected, "#options")
    def _option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.mode == OPTIONS:
            self._choose(event.option_index)

    @on(OptionList.OptionHighlighted, "#options")
    def _option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if self.mode == OPTIONS:
            self._preview_option(event.option_index)

    @on(HandBar.Clicked)
    def _card_clicked(self, event: HandBar.Clicked) -> None:
        self.action_number(event.index)

    @on(GearBar.Clicked)
    def _gear_clicked(self, event: GearBar.Clicked) -> None:
        if self.mode == PLAN and self.selection is not None and self.selection.set_gear(event.gear):
            self._draw_selection()

    # ------------------------------------------------------------------ keys

    def action_commit(self) -> None:
        """Commit the selection (card steps) or the highlighted option."""
        if self.mode in (PLAN, DISCARD):
            decision = self._selected()
            assert self.seat is not None
            try:
                self.table.check(self.seat, decision)
            except IllegalDecision as error:
                if not self.source.server_judges:
                    self.say(_("Not allowed: {reason}", reason=error_text(error)), error=True)
                    return
                # Online: the server judges it, and its refusal (the engine's reason) is shown.
            risk = risk_of(self.current_view(), decision) if self.mode == PLAN else None
            self._confirmed(risk, lambda: self._send([decision]), lambda: None)
        elif self.mode == OPTIONS:
            highlighted = self.query_one("#options", OptionList).highlighted
            if highlighted is not None:
                self._choose(highlighted)
        else:
            self.say(_("Nothing to decide right now."))

    def action_number(self, index: int) -> None:
        """Card ``index`` (card steps) or option ``index`` (other steps). A card that cannot be
        discarded is not picked in step 8: the engine says why."""
        if self.mode in (PLAN, DISCARD):
            assert self.selection is not None
            if self.mode == DISCARD and index in self._kept() and index not in self.selection.picked:
                assert self.seat is not None
                try:
                    self.table.check(self.seat, Discard((self.selection.hand[index],)))
                except IllegalDecision as error:
                    self.say(_("Not allowed: {reason}", reason=error_text(error)), error=True)
                    return
            if not self.selection.toggle(index):
                self.say(_("There is no card {number} in your hand.", number=index + 1), error=True)
                return
            self.say("")
            self._draw_selection()
        elif self.mode == OPTIONS:
            self._choose(index)

    def action_cursor(self, step: int) -> None:
        """Move along the hand."""
        if self.selection is not None:
            self.selection.move_cursor(step)
            self._draw_selection()

    def action_toggle_cursor(self) -> None:
        """Pick or put back the card under the cursor."""
        if self.selection is not None:
            self.action_number(self.selection.cursor)

    def action_gear(self, step: int) -> None:
        """Select the next gear up or down."""
        if self.mode != PLAN or self.selection is None:
            return
        if self.current_view().tournament:
            self.say(_("Tournament mode: the number of cards you play sets the gear (T-2)."))
            return
        gear = self.selection.gear + step
        if gear not in GEARS:
            self.say(_("There is no gear {gear}: gears are 1 to 4.", gear=gear), error=True)
            return
        self.selection.set_gear(gear)
        self._draw_selection()

    def action_undo(self) -> None:
        """Take back the last selection, or the last held React choice."""
        if self.selection is not None and self.selection.undo():
            self.say(_("Undone."))
            self._draw_selection()
            return
        if self.stage is not None:
            taken = self.stage.undo()
            if taken is not None:
                self.options = self.stage.legal()
                self.redraw()
                self.say(_("Took back {decision}.", decision=taken.text()))
                return
        if self.source.can_take_back():  # online: the server takes it back (docs/server.md)
            self.say(_("Taking back your last decision..."))
            self.post_message(TakeBack())
            return
        self.say(_("Nothing to undo (committed choices are final)."))

    def action_clear(self) -> None:
        """Put back every picked card."""
        if self.selection is not None and self.selection.clear():
            self._draw_selection()

    def action_list(self) -> None:
        """Every legal decision, to choose one (it is selected, not yet committed)."""
        if self.mode == WAIT or self.seat is None:
            self.say(_("Nothing to decide right now."))
            return
        choices = self.options if self.mode == OPTIONS else self.legal

        def picked(index: int | None) -> None:
            if index is None:
                return
            decision = choices[index]
            if self.mode == OPTIONS:
                self.query_one("#options", OptionList).highlighted = index
            elif self.selection is not None and isinstance(decision, Plan | Discard):
                gear = decision.gear if isinstance(decision, Plan) else self.selection.gear
                self.selection.select_cards(decision.cards, gear)
                self._draw_selection()
                self.say(_("Selected {decision}: enter commits.", decision=decision.text()))

        self.app.push_screen(
            ChoiceScreen(
                ngettext("{count} legal decision", "{count} legal decisions", len(choices)), [d.text() for d in choices]
            ),
            picked,
        )

    def action_cars(self) -> None:
        """Every car's public facts, Upgrades included."""
        self.app.push_screen(CarsScreen(self.current_view(), self.viewer))

    def action_help(self) -> None:
        """Keys and a rules reminder for this step."""
        view = self.current_view()
        step = view.turn.step if view.turn is not None else None
        key = step_key(view.phase, step, tournament=view.tournament) if self.mode != WAIT else "waiting"
        self.app.push_screen(HelpScreen(help_text(key, cards=self.mode in (PLAN, DISCARD))))
