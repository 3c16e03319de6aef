"""Small dialogs over the main screens: help, the list of legal decisions, every car's facts,
the save file, quitting."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from heat.engine import SeatView
from heat.i18n import N_
from heat.narrate import legends_deck, legends_rules
from heat.tui.bindings import translate_bindings
from heat.tui.translate import _
from heat.tui.widgets.cars_table import WIDE_KEY, cars_table


class HelpScreen(ModalScreen[None]):
    """The keys and a rules reminder for the current step."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q,enter", "dismiss", N_("Close"))]

    def __init__(self, text: str) -> None:
        super().__init__()
        translate_bindings(self)
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog"):
            yield Static(Text(self.text), id="help-text")
            yield Static(_("escape: close"), classes="dim")


class ChoiceScreen(ModalScreen[int | None]):
    """Pick one of ``options`` (their index), or escape (None)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss_none", N_("Back"))]

    def __init__(self, title: str, options: list[str]) -> None:
        super().__init__()
        translate_bindings(self)
        self.title_text = title
        self.options = options

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield OptionList(*[Option(text, id=str(i)) for i, text in enumerate(self.options)], id="choices")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_dismiss_none(self) -> None:
        """Back without choosing."""
        self.dismiss(None)


class CarsScreen(ModalScreen[None]):
    """Every car's public facts with their Upgrade cards and play areas, however narrow the
    terminal."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,i,q,enter", "dismiss", N_("Close"))]

    def __init__(self, view: SeatView, viewer: int | None) -> None:
        super().__init__()
        translate_bindings(self)
        self.view = view
        self.viewer = viewer

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide"):
            yield Static(_("Every car (public facts)"), classes="dialog-title")
            yield Static(cars_table(self.view, self.viewer, 200))
            yield Static(_(WIDE_KEY), classes="dim")
            deck = legends_deck(self.view)
            if deck is not None:
                yield Static(deck, id="legends-deck")
            rules = legends_rules(self.view)
            if rules is not None:
                yield Static(rules, id="legends-rules")


class SaveScreen(ModalScreen[str | None]):
    """Ask for the file to save to; ``note`` (e.g. why the last save failed) above the question."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss_none", N_("Cancel"))]

    def __init__(self, default: str, note: str | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.default = default
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            if self.note:
                yield Static(Text(self.note, style="bold red"), id="save-note")
            yield Static(_("Save to which file? (enter: save, escape: cancel)"), classes="dialog-title")
            yield Input(value=self.default, id="save-path")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_dismiss_none(self) -> None:
        """Cancel."""
        self.dismiss(None)


class QuestionScreen(ModalScreen[str]):
    """A question in a dialog, answered by a key: the subclass's bindings call ``answer`` with
    what the screen closes with, and ``question`` gives the text."""

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    def question(self) -> str:
        """The question and its keys."""
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question())

    def action_answer(self, answer: str) -> None:
        """Close with ``answer``."""
        self.dismiss(answer)


class QuitScreen(QuestionScreen):
    """Quit? ``save`` (save, then quit), ``quit`` (without saving) or ``stay``. ``saved_to``: the
    file the game is saved in; ``problem``: why saving it there failed (then it is not saved)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "answer('save')", N_("Save and quit")),
        Binding("y", "answer('quit')", N_("Quit")),
        Binding("n,escape", "answer('stay')", N_("Stay")),
    ]

    def __init__(self, saved_to: str | None, problem: str | None = None) -> None:
        super().__init__()
        self.saved_to = saved_to
        self.problem = problem

    def question(self) -> str:
        if self.saved_to and self.problem:
            return _(
                "Quit? The game could not be saved in {path}: {problem}.\n"
                "s: save to another file, then quit   y: quit without saving   n: stay",
                path=self.saved_to,
                problem=self.problem,
            )
        if self.saved_to:
            return _("Quit? The game is saved in {path}.\ny: quit   n: stay", path=self.saved_to)
        return _("Quit? s: save, then quit   y: quit without saving   n: stay")


class ConfirmScreen(QuestionScreen):
    """Commit a decision that risks a spin-out or raises the Heat bill? ``commit``, ``always``
    (commit, and ask no more in this game) or ``back``. Enter does not answer: a decision the
    preview gives a sure spin-out is never one key away."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer('commit')", N_("Commit")),
        Binding("o", "answer('always')", N_("Commit, ask no more")),
        Binding("n,escape", "answer('back')", N_("Back")),
    ]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def question(self) -> str:
        keys = _("y: commit   n: back   o: commit, and ask no more in this game")
        return "\n".join([*self.lines, keys])


class ExistingFileScreen(QuestionScreen):
    """A question about ``path``, a file that already exists."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path


class ReplaceScreen(ExistingFileScreen):
    """A new game would be saved over the file ``path``: ``replace`` it, ``resume`` the game in
    it, or go ``back``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "answer('replace')", N_("Overwrite")),
        Binding("r", "answer('resume')", N_("Resume it")),
        Binding("n,escape", "answer('back')", N_("Back")),
    ]

    def question(self) -> str:
        return _(
            "{path} already exists: the new game would be saved over it.\n"
            "o: overwrite it   r: resume the game in it   n: back",
            path=self.path,
        )


class OverwriteScreen(ExistingFileScreen):
    """The file ``path`` chosen to save the game in already holds another saved game:
    ``replace`` it, or go ``back`` to choose another."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "answer('replace')", N_("Overwrite")),
        Binding("n,escape", "answer('back')", N_("Another file")),
    ]

    def question(self) -> str:
        return _("{path} already exists.\no: overwrite it   n: save to another file", path=self.path)
