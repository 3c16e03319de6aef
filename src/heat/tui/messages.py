"""Messages the screens send to the app."""

from __future__ import annotations

from collections.abc import Sequence

from textual.message import Message

from heat.engine import Decision
from heat.tui.setup_model import GameSetup


class Decided(Message):
    """A human at ``seat`` committed ``decisions`` (in order); the app applies them."""

    def __init__(self, seat: int, decisions: Sequence[Decision]) -> None:
        super().__init__()
        self.seat = seat
        self.decisions = tuple(decisions)


class TakeBack(Message):
    """The player asks to take back their last committed decision (an online table whose server
    offers it: ``can_undo``)."""


class StartGame(Message):
    """The setup screen asks for a new game."""

    def __init__(self, setup: GameSetup) -> None:
        super().__init__()
        self.setup = setup


class OpenFile(Message):
    """The setup screen asks to resume a saved game, or to replay a race record."""

    def __init__(self, path: str, *, replay: bool) -> None:
        super().__init__()
        self.path = path
        self.replay = replay
