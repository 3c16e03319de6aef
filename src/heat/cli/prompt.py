"""The plain prompt: ask a person for one decision, with list/status/save/help/quit commands."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from shlex import quote

from heat.cli import commands
from heat.cli.render import numbered
from heat.engine import Decision, HeatError, Plan, parse_decision
from heat.i18n import N_, _, error_text
from heat.storage import SAVE_FORMATS, existing_kind, real_path, replace_problem, save_error_text, save_problem

SHOW_OPTIONS_UP_TO = 12

Previewer = Callable[[Decision], tuple[str, str | None] | None]
"""A decision's preview in words and why to confirm it (None: nothing to confirm), or None for
a decision without a preview (``render.decision_preview``)."""

HELP = N_(
    """Type a decision, the number of an option, or a command:
  gear N play CARD ...   steps 1-2: your gear and as many cards as the gear (e.g. gear 3 play 2 4 stress)
  play CARD ...          Tournament mode: the cards alone, their number is your new gear
  boost | cooldown N | cooldown 1 from adrenaline | move 1 from adrenaline | done    step 5 React
  heat 1 from CARD | scrap 2 from CARD | adjust +1 from CARD | direct from CARD ...   Upgrade symbols
  slipstream | slipstream 3 | no slipstream                                           step 6
  discard CARD ... | discard nothing | refresh CARD | refresh nothing                 steps 8-9
  draft CARD | swap OWNED for MARKET | no swap | keep CARD                            building the car
  preview DECISION   where a plan, React symbol or Slipstream leads, without playing it (or: preview N)
  confirm on|off     ask yes/no before a decision that may spin out or costs Heat (on at a terminal)
  list      show every legal decision, numbered
  status    show the positions, your hand and the next corners again
  save FILE save now and after every decision (asks before replacing another save; never replaces
            a file that is not a Heat save)
  quit      leave (saved if you gave a save file)"""
)


def confirm_at_prompt(args: argparse.Namespace) -> bool:
    """Whether the prompt asks yes/no before a decision that may spin out or costs Heat: at a
    terminal, unless ``--no-confirm`` (a script piping its decisions is never asked)."""
    return not getattr(args, "no_confirm", False) and sys.stdin.isatty()


class Prompt:
    """One person at the keyboard, talking through ``read`` and ``write``. ``save(path)`` writes
    the game; ``save_path``, when set, is saved after every decision: when that fails the person
    is told why and the game goes on. ``save FILE`` saves to FILE and moves those saves there."""

    def __init__(
        self,
        read: Callable[[str], str],
        write: Callable[[str], None],
        save: Callable[[str], None],
        save_path: str | None,
        resume_command: str,
        *,
        confirm: bool = False,
    ) -> None:
        self.read = read
        self.write = write
        self.save = save
        self.save_path = save_path
        self.resume_command = resume_command
        self.unsaved: str | None = None
        """Why the last automatic save failed (None: it did not fail)."""
        self.own_files: set[str] = {real_path(save_path)} if save_path else set()
        """The files this game is saved in: ``save FILE`` replaces another save only if asked."""
        self.confirm = confirm
        """Ask yes/no before applying a decision that may spin out or costs Heat (``confirm``)."""

    def lines(self, lines: Sequence[str]) -> None:
        """Write several lines."""
        for line in lines:
            self.write(line)

    def ask(
        self,
        legal: Sequence[Decision],
        status: Callable[[], list[str]],
        hint: str,
        apply: Callable[[Decision], None],
        preview: Previewer | None = None,
    ) -> bool:
        """Ask until a legal decision is applied (True) or the person quits (False). A decision
        with one legal option is applied without asking. ``preview`` gives a decision's preview
        in words, shown beside each option listed and before a decision typed is applied, and
        why to confirm it (asked when ``confirm`` is on)."""
        if len(legal) == 1:
            self.write(_("(forced) {decision}", decision=legal[0].text()))
            apply(legal[0])
            self.autosave()
            return True
        self.write("")
        self.lines(status())
        self.write(hint)
        if len(legal) <= SHOW_OPTIONS_UP_TO:
            self.write(_("Options:"))
            self.lines(self._options(legal, preview))
        else:
            self.write(_("{count} legal decisions; type 'list' to see them numbered.", count=len(legal)))
        leaving = False  # the game could not be saved on 'quit': the next 'quit' leaves anyway
        while True:
            try:
                text = self.read("> ").strip()
            except EOFError:
                text = "quit"
            command = commands.english(text.lower())
            words = command.split()
            if not command:
                continue
            if command in ("quit", "exit"):
                if not self.save_path:
                    self.write(_("Abandoned (give a save file to be able to resume)."))
                    return False
                if leaving:
                    self.write(_("Abandoned: the game is not saved (saving to {file} failed).", file=self.save_path))
                    return False
                problem = self._try_save(self.save_path)
                if problem is None:
                    self.write(
                        _("Saved. Resume with: {command}", command=f"{self.resume_command} {quote(self.save_path)}")
                    )
                    return False
                self.write(
                    _(
                        "Could not save the game to {file}: {problem}. Type 'save FILE' to save it "
                        "elsewhere, or 'quit' again to leave without saving.",
                        file=self.save_path,
                        problem=problem,
                    )
                )
                leaving = True
            elif command in ("help", "?"):
                self.write(_(HELP))
            elif command == "list":
                self.lines(self._options(legal, preview))
            elif words[0] == "preview":
                self._preview_command(text.split(maxsplit=1)[1] if len(words) > 1 else "", legal, preview)
            elif words[0] == "confirm" and words[1:] in (["on"], ["off"]):
                self.confirm = words[1] == "on"
                self.write(
                    _("Confirmations on: the prompt asks yes/no before a decision that may spin out or costs Heat.")
                    if self.confirm
                    else _(
                        "Confirmations off: the prompt no longer asks before a decision that may spin out "
                        "or costs Heat."
                    )
                )
            elif command == "status":
                self.lines(status())
            elif words[0] == "save":
                if self._save_command(text.split(maxsplit=1)[1] if len(words) > 1 else None):
                    leaving = False
            elif words == ["play"] and any(isinstance(option, Plan) for option in legal):
                self.write(_("Not allowed: 'play' needs the cards to play. {hint}", hint=hint))
            else:
                try:
                    if command.isascii() and command.isdigit():  # "²" is a digit to isdigit, not to int
                        index = int(command) if len(command) <= len(str(len(legal))) else 0
                        if not 1 <= index <= len(legal):
                            self.write(_("There is no option {number}; type 'list' to see them.", number=command))
                            continue
                        decision = legal[index - 1]
                    else:
                        decision = parse_decision(commands.english_decision(text))
                    if not self._confirmed(decision, legal, preview):
                        continue
                    apply(decision)
                except HeatError as error:
                    self.write(_("Not allowed: {reason}", reason=error_text(error)))
                    continue
                self.autosave()
                return True

    def _options(self, legal: Sequence[Decision], preview: Previewer | None) -> list[str]:
        """The options numbered, each with its preview on the line below when it has one (and
        the options are few enough to be shown at once)."""
        lines = []
        shown = preview is not None and len(legal) <= SHOW_OPTIONS_UP_TO
        for decision, line in zip(legal, numbered(legal), strict=True):
            lines.append(line)
            seen = preview(decision) if shown and preview is not None else None
            if seen is not None:
                lines.append(f"       {seen[0]}")
        return lines

    def _preview_command(self, what: str, legal: Sequence[Decision], preview: Previewer | None) -> None:
        """``preview DECISION`` or ``preview N``: the preview of a legal decision, nothing applied."""
        if not what:
            self.write(_("Say what to preview: preview DECISION (e.g. preview gear 2 play 3 4) or preview N"))
            return
        try:
            number = what.isascii() and what.isdigit()
            decision = (
                legal[int(what) - 1]
                if number and 1 <= int(what) <= len(legal)
                else parse_decision(commands.english_decision(what))
            )
        except HeatError as error:
            self.write(_("Not allowed: {reason}", reason=error_text(error)))
            return
        if decision not in legal:
            self.write(
                _("'{decision}' is not a legal decision now; type 'list' to see them.", decision=decision.text())
            )
            return
        seen = preview(decision) if preview is not None else None
        if seen is None:
            self.write(_("'{decision}' has no preview: it moves no car.", decision=decision.text()))
            return
        line, reason = seen
        self.write(f"{decision.text()}: {line}")
        if reason:
            self.write(_("It {reason}.", reason=reason))

    def _confirmed(self, decision: Decision, legal: Sequence[Decision], preview: Previewer | None) -> bool:
        """Show the preview of a legal ``decision`` about to be applied and, when ``confirm`` is on
        and it may spin out or costs Heat, ask yes/no; True to apply it. An illegal decision is
        left for ``apply`` to refuse with its reason."""
        seen = preview(decision) if preview is not None and decision in legal else None
        if seen is None:
            return True
        line, reason = seen
        self.write(f"{decision.text()}: {line}")
        if reason is None or not self.confirm:
            return True
        try:
            answer = self.read(_("It {reason}. Apply it? (yes/no) ", reason=reason)).strip().lower()
        except EOFError:
            answer = "no"
        if commands.is_yes(answer):
            return True
        self.write(_("Not applied; decide again ('confirm off' stops these questions)."))
        return False

    def autosave(self) -> bool:
        """Save to ``save_path``, if there is one. If that fails, say why (once for the same
        reason) and that the game goes on unsaved; False."""
        if not self.save_path:
            return True
        problem = self._try_save(self.save_path)
        if problem is not None and problem != self.unsaved:
            self.write(
                _(
                    "Could not save the game to {file}: {problem}. The game goes on unsaved; "
                    "type 'save FILE' to save it elsewhere.",
                    file=self.save_path,
                    problem=problem,
                )
            )
        self.unsaved = problem
        return problem is None

    def final_save(self, what: str) -> bool:
        """Save ``what`` (the finished race or season) to ``save_path``, if there is one; if that
        fails, say so whatever was said before (the exit status says it too); False."""
        if not self.save_path:
            return True
        problem = self._try_save(self.save_path)
        if problem is not None:
            self.write(
                _("Could not save {what} to {file}: {problem}.", what=what, file=self.save_path, problem=problem)
            )
        return problem is None

    def _save_command(self, path: str | None) -> bool:
        """``save [FILE]``: save now, saying where or why not; True if saved. FILE then takes the
        saves after every decision (as ``ctrl+s`` in the app); an existing file this game is not
        saved in is replaced only if the person says so."""
        path = path or self.save_path
        if not path:
            self.write(_("Say where: save FILE"))
            return False
        if real_path(path) not in self.own_files and not save_problem(path):
            refused = replace_problem(path)
            if refused is not None:
                self.write(_("Not saved: {reason}. Type 'save FILE' with another file.", reason=refused))
                return False
            if existing_kind(path) in SAVE_FORMATS and not self._replace(path):
                self.write(_("Not saved."))
                return False
        problem = self._try_save(path)
        if problem is not None:
            self.write(_("Could not save to {file}: {problem}", file=path, problem=problem))
            return False
        moved = path != self.save_path
        self.save_path, self.unsaved = path, None
        command = f"{self.resume_command} {quote(path)}"
        self.write(
            _(
                "Saved to {file}, and after every decision from now on. Resume with: {command}",
                file=path,
                command=command,
            )
            if moved
            else _("Saved to {file}. Resume with: {command}", file=path, command=command)
        )
        return True

    def _replace(self, path: str) -> bool:
        """Ask whether to replace ``path``, a save of another game; True for yes."""
        try:
            answer = self.read(_("{file} already exists: replace it? (yes/no) ", file=path)).strip().lower()
        except EOFError:
            return False
        return commands.is_yes(answer)

    def _try_save(self, path: str) -> str | None:
        """Save to ``path``; None, or why it failed in words."""
        try:
            self.save(path)
        except OSError as error:
            return save_error_text(path, error)
        self.own_files.add(real_path(path))
        if path == self.save_path:
            self.unsaved = None
        return None
