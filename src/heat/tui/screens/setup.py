"""The setup screen: a single race (track, laps or the practice race, modules) or a
championship season, and the seats: a human (with a name), a bot (with a level) or a Legend,
each in a chosen or random colour. Also: resume a saved game, replay a race record."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from heat.bots.levels import LEVELS
from heat.engine import (
    COLORS,
    MAX_LAPS,
    MAX_NAME_LENGTH,
    MAX_PRO_LEGENDS,
    MAX_SEED_DIGITS,
    HeatError,
    shown,
    track,
    track_ids,
)
from heat.i18n import N_, error_text
from heat.players import BOT, HUMAN, LEGEND
from heat.tui.bindings import translate_bindings
from heat.tui.helptext import rows_text
from heat.tui.messages import OpenFile, StartGame
from heat.tui.screens.dialogs import HelpScreen
from heat.tui.setup_model import (
    OFF,
    RACE_MODE,
    RANDOM_COLOR,
    SEASON_KINDS,
    SEASON_MODE,
    GameSetup,
    SeatChoice,
)
from heat.tui.translate import _
from heat.tui.widgets.option_menu import Picker
from heat.tui.words import COLOR_WORDS, LEVEL_WORDS, SEASON_WORDS

MAX_SEATS = len(COLORS)


def kind_options() -> list[tuple[str, str]]:
    """The choices of a seat's kind, in the language spoken."""
    bots = [(_("Bot: {level}", level=_(LEVEL_WORDS.get(level, level))), f"{BOT}:{level}") for level in LEVELS]
    return [(_("Human"), HUMAN), *bots, (_("Legend"), LEGEND), (_("(empty)"), OFF)]


def on_off() -> list[tuple[str, bool]]:
    """Off and on, in the language spoken."""
    return [(_("off"), False), (_("on"), True)]


SETUP_ROWS = (
    (N_("Mode"), N_("a single race, or a championship season (its events choose the tracks and laps)")),
    (N_("Laps"), N_("as printed on the track, the 1-lap practice race (B-10.2), or 1-20")),
    (N_("Garage"), N_("Upgrade cards: drafted (G-11) or 3 random ones each (G-18)")),
    (
        N_("Confirm"),
        N_(
            "ask before committing a decision whose preview shows a chance of spinning out or more Heat "
            "to pay (y commits, n goes back)"
        ),
    ),
    (
        N_("Seats"),
        N_(
            "a human at this keyboard (several humans: hotseat, the keyboard is passed between turns), "
            "a bot (random, rookie, club, pro, champion: weakest to strongest) or a Legend (L-1 to L-17)"
        ),
    ),
    (N_("Resume"), N_("a game saved with ctrl+s (a race or a season), from the file named beside the buttons")),
    (N_("Replay"), N_("step through a race record (any saved race)")),
)


def setup_help() -> str:
    """How to set up a game, in the language spoken."""
    intro = _(
        "Set up a game, then press Start. tab and shift+tab move between the fields (the field with "
        "the focus is in reverse video); enter or space opens a list, up/down and enter choose; q "
        "quits (ctrl+q in a name, seed or file field)."
    )
    return intro + "\n\n" + rows_text(SETUP_ROWS, indent=0)


def _kind_value(choice: SeatChoice) -> str:
    return f"{BOT}:{choice.level}" if choice.kind == BOT else choice.kind


def _picker(
    options: Sequence[tuple[str, object]], *, value: object, id: str, classes: str | None = None
) -> Select[object]:
    """A compact drop-down of ``options`` (label, value) that always holds one of them."""
    return Picker(options, value=value, allow_blank=False, compact=True, id=id, classes=classes)


class SetupScreen(Screen[None]):
    """Choose the game; ``Start`` hands a GameSetup to the app."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", N_("Help")),
        Binding("q", "app.quit", N_("Quit")),  # a name or file field takes the letter; ctrl+q quits there
        Binding("ctrl+q", "app.quit", N_("Quit"), show=False),
    ]

    def __init__(self, setup: GameSetup | None = None, file: str = "race.json") -> None:
        super().__init__()
        translate_bindings(self)
        self.setup = setup or GameSetup()
        self.file = file

    def compose(self) -> ComposeResult:
        setup = self.setup
        laps = [
            (_("as printed"), "track"),
            (_("practice (1 lap)"), "practice"),
            *[(str(n), str(n)) for n in range(1, MAX_LAPS + 1)],
        ]
        lap_value = "practice" if setup.practice else str(setup.laps) if setup.laps else "track"
        with VerticalScroll(id="setup"):
            yield Static(Text(_("Heat: Pedal to the Metal · new game"), style="bold"), id="setup-title")
            with Horizontal(classes="row"):
                yield Label(_("Mode"), classes="label")
                yield _picker(
                    [(_("Single race"), RACE_MODE), (_("Championship season"), SEASON_MODE)],
                    value=setup.mode,
                    id="mode",
                )
                yield Label(_("Season"), classes="label")
                yield _picker(
                    [(_(SEASON_WORDS[kind]) if kind in SEASON_WORDS else kind, kind) for kind in SEASON_KINDS],
                    value=setup.season,
                    id="season",
                )
            with Horizontal(classes="row race-only"):
                yield Label(_("Track"), classes="label")
                yield _picker(
                    [(track(t).name, t) for t in track_ids()],
                    value=setup.track,
                    id="track",
                )
                yield Label(_("Laps"), classes="label")
                yield _picker(laps, value=lap_value, id="laps")
            with Horizontal(classes="row"):
                yield Label(_("Garage"), classes="label")
                yield _picker(
                    [(_("off"), "off"), (_("regular"), "regular"), (_("advanced"), "advanced"), (_("all"), "all")],
                    value=setup.garage or "off",
                    id="garage",
                )
                yield Label(_("Upgrades"), classes="label race-only")
                yield _picker(
                    [(_("draft"), True), (_("quick (3 random)"), False)],
                    value=setup.draft,
                    id="draft",
                    classes="race-only",
                )
            with Horizontal(classes="row"):
                yield Label(_("Weather"), classes="label race-only")
                yield _picker(on_off(), value=setup.weather, id="weather", classes="race-only")
                yield Label(_("Tournament"), classes="label")
                yield _picker(on_off(), value=setup.tournament, id="tournament")
            with Horizontal(classes="row"):
                yield Label(_("Pro Legends"), classes="label")
                yield _picker(
                    [(_("+{count} Top Speed", count=n), n) for n in range(MAX_PRO_LEGENDS + 1)],
                    value=setup.pro_legends,
                    id="pro",
                )
                yield Label(_("GB chevrons"), classes="label")
                yield _picker(
                    [(_("aggressive Legends"), True), (_("off"), False)],
                    value=setup.aggressive_legends,
                    id="aggressive",
                )
            with Horizontal(classes="row"):
                yield Label(_("Seed"), classes="label")
                yield Input(
                    "" if setup.seed is None else str(setup.seed), placeholder=_("random"), compact=True, id="seed"
                )
                yield Label(_("Confirm"), classes="label")
                yield _picker(
                    [(_("ask before risks"), True), (_("off"), False)],
                    value=setup.confirm,
                    id="confirm",
                )
            yield Static(Text(_("Seats: who drives each car"), style="bold"), classes="section")
            for index in range(MAX_SEATS):
                choice = setup.seats[index] if index < len(setup.seats) else SeatChoice()
                with Horizontal(classes="row seat"):
                    yield Label(f"{index + 1}", classes="seat-number")
                    yield _picker(kind_options(), value=_kind_value(choice), id=f"kind-{index}")
                    yield Input(
                        choice.name,
                        placeholder=_("name (humans)"),
                        max_length=MAX_NAME_LENGTH,
                        compact=True,
                        id=f"name-{index}",
                    )
                    yield _picker(
                        [(_("random colour"), RANDOM_COLOR), *[(_(COLOR_WORDS[color]), color) for color in COLORS]],
                        value=choice.color,
                        id=f"color-{index}",
                    )
            with Horizontal(classes="row buttons"):
                yield Button(_("Start"), variant="primary", compact=True, id="start")
                yield Button(_("Resume"), compact=True, id="resume")
                yield Button(_("Replay"), compact=True, id="replay")
                yield Label(_("file"), classes="label")
                yield Input(self.file, compact=True, id="file")
        yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self._show_mode()
        self.query_one("#setup").can_focus = False  # tab goes from field to field, never to the frame
        self.query_one("#start", Button).focus()

    @on(Select.Changed, "#mode")
    def _mode_changed(self) -> None:
        self._show_mode()

    def _show_mode(self) -> None:
        season = self.query_one("#mode", Select).value == SEASON_MODE
        for widget in self.query(".race-only"):
            widget.display = not season
        self.query_one("#season", Select).disabled = not season

    def say(self, text: str, *, error: bool = False) -> None:
        """Show ``text`` on the message line."""
        self.query_one("#message", Static).update(Text(text, style="bold red" if error else ""))

    def gather(self) -> GameSetup:
        """The setup as the fields show it (HeatError if the seed is not a number)."""

        def value(widget_id: str) -> str:
            return str(self.query_one(f"#{widget_id}", Select).value)

        seed_text = self.query_one("#seed", Input).value.strip()
        digits = seed_text.removeprefix("-")
        # ASCII: int() refuses "²", a digit to isdigit; and a seed has at most 20 digits
        if seed_text and not (digits.isascii() and digits.isdigit() and len(digits) <= MAX_SEED_DIGITS):
            raise HeatError(
                N_("the seed must be a whole number of at most {digits} digits, not {seed}"),
                digits=MAX_SEED_DIGITS,
                seed=shown(seed_text),
            )
        seats = []
        for index in range(MAX_SEATS):
            kind, _, level = value(f"kind-{index}").partition(":")
            seats.append(
                SeatChoice(
                    kind,
                    self.query_one(f"#name-{index}", Input).value,
                    level or "club",
                    value(f"color-{index}"),
                )
            )
        laps = value("laps")
        garage = value("garage")
        return replace(
            self.setup,
            mode=value("mode"),
            season=value("season"),
            track=value("track"),
            laps=int(laps) if laps.isdigit() else None,
            practice=laps == "practice",
            garage=None if garage == "off" else garage,
            draft=bool(self.query_one("#draft", Select).value),
            weather=bool(self.query_one("#weather", Select).value),
            tournament=bool(self.query_one("#tournament", Select).value),
            pro_legends=int(self.query_one("#pro", Select).value),  # type: ignore[arg-type]
            aggressive_legends=bool(self.query_one("#aggressive", Select).value),
            confirm=bool(self.query_one("#confirm", Select).value),
            seed=int(seed_text) if seed_text else None,
            seats=tuple(seats),
        )

    @on(Button.Pressed, "#start")
    def _start(self) -> None:
        try:
            setup = self.gather()
        except HeatError as error:
            self.say(_("Cannot start: {reason}", reason=error_text(error)), error=True)
            return
        self.post_message(StartGame(setup))

    @on(Button.Pressed, "#resume")
    def _resume(self) -> None:
        self.post_message(OpenFile(self.query_one("#file", Input).value.strip(), replay=False))

    @on(Button.Pressed, "#replay")
    def _replay(self) -> None:
        self.post_message(OpenFile(self.query_one("#file", Input).value.strip(), replay=True))

    def action_help(self) -> None:
        """How to set up a game."""
        self.app.push_screen(HelpScreen(setup_help()))
