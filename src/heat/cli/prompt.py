"""The plain prompt: ask a person for one decision, with list/status/save/help/quit commands."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from heat.cli.render import numbered
from heat.engine import Decision, HeatError, parse_decision

SHOW_OPTIONS_UP_TO = 12

HELP = """Type a decision, the number of an option, or a command:
  gear N play CARD ...   steps 1-2: your gear and as many cards as the gear (e.g. gear 3 play 2 4 stress)
  play CARD ...          Tournament mode: the cards alone, their number is your new gear
  boost | cooldown N | cooldown 1 from adrenaline | move 1 from adrenaline | done    step 5 React
  heat 1 from CARD | scrap 2 from CARD | adjust +1 from CARD | direct from CARD ...   Upgrade symbols
  slipstream | slipstream 3 | no slipstream                                           step 6
  discard CARD ... | discard nothing | refresh CARD | refresh nothing                 steps 8-9
  draft CARD | swap OWNED for MARKET | no swap | keep CARD                            building the car
  list      show every legal decision, numbered
  status    show the positions, your hand and the next corners again
  save FILE save (resume with the command shown)
  quit      leave (saved if you gave a save file)"""


class Prompt:
    """One person at the keyboard, talking through ``read`` and ``write``."""

    def __init__(
        self,
        read: Callable[[str], str],
        write: Callable[[str], None],
        save: Callable[[str], None],
        save_path: str | None,
        resume_command: str,
    ) -> None:
        self.read = read
        self.write = write
        self.save = save
        self.save_path = save_path
        self.resume_command = resume_command

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
    ) -> bool:
        """Ask until a legal decision is applied (True) or the person quits (False). A decision
        with one legal option is applied without asking."""
        if len(legal) == 1:
            self.write(f"(forced) {legal[0].text()}")
            apply(legal[0])
            self._autosave()
            return True
        self.write("")
        self.lines(status())
        self.write(hint)
        if len(legal) <= SHOW_OPTIONS_UP_TO:
            self.write("Options:")
            self.lines(numbered(legal))
        else:
            self.write(f"{len(legal)} legal decisions; type 'list' to see them numbered.")
        while True:
            try:
                text = self.read("> ").strip()
            except EOFError:
                text = "quit"
            command = text.lower()
            if not command:
                continue
            if command in ("quit", "exit"):
                if self.save_path:
                    self.save(self.save_path)
                    self.write(f"Saved. Resume with: {self.resume_command} {self.save_path}")
                else:
                    self.write("Abandoned (give a save file to be able to resume).")
                return False
            if command in ("help", "?"):
                self.write(HELP)
            elif command == "list":
                self.lines(numbered(legal))
            elif command == "status":
                self.lines(status())
            elif command.startswith("save"):
                path = text[4:].strip() or self.save_path
                if not path:
                    self.write("Say where: save FILE")
                    continue
                try:
                    self.save(path)
                except OSError as error:
                    self.write(f"Could not save to {path}: {error.strerror}")
                    continue
                self.write(f"Saved to {path}. Resume with: {self.resume_command} {path}")
            else:
                try:
                    if command.isdigit():
                        index = int(command)
                        if not 1 <= index <= len(legal):
                            self.write(f"There is no option {command}; type 'list' to see them.")
                            continue
                        decision = legal[index - 1]
                    else:
                        decision = parse_decision(text)
                    apply(decision)
                except HeatError as error:
                    self.write(f"Not allowed: {error}")
                    continue
                self._autosave()
                return True

    def _autosave(self) -> None:
        if self.save_path:
            self.save(self.save_path)
