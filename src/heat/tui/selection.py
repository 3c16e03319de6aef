"""The player's choices before they commit: cards picked from the hand and a gear.

Nothing here knows the rules: a selection becomes a decision (``plan``, ``discard``) that the
engine accepts or refuses with its reason. Every change can be undone until then.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from heat.engine import Discard, Plan

Snapshot = tuple[int, tuple[int, ...]]


@dataclass(slots=True)
class HandSelection:
    """Cards picked from ``hand`` by position (in the order picked), a gear and a cursor."""

    hand: tuple[str, ...]
    gear: int = 1
    picked: list[int] = field(default_factory=list)
    cursor: int = 0
    history: list[Snapshot] = field(default_factory=list)

    def _remember(self) -> None:
        self.history.append((self.gear, tuple(self.picked)))

    def toggle(self, index: int) -> bool:
        """Pick or put back the card at ``index``; False (nothing changes) if there is none."""
        if not 0 <= index < len(self.hand):
            return False
        self._remember()
        if index in self.picked:
            self.picked.remove(index)
        else:
            self.picked.append(index)
        self.cursor = index
        return True

    def set_gear(self, gear: int) -> bool:
        """Select ``gear``; False if it is already selected."""
        if gear == self.gear:
            return False
        self._remember()
        self.gear = gear
        return True

    def move_cursor(self, step: int) -> None:
        """Move the cursor along the hand, wrapping around."""
        if self.hand:
            self.cursor = (self.cursor + step) % len(self.hand)

    def clear(self) -> bool:
        """Put every picked card back; False if none was picked."""
        if not self.picked:
            return False
        self._remember()
        self.picked.clear()
        return True

    def undo(self) -> bool:
        """Take back the last change; False if there is nothing to undo."""
        if not self.history:
            return False
        self.gear, picked = self.history.pop()
        self.picked = list(picked)
        return True

    @property
    def cards(self) -> tuple[str, ...]:
        """The picked cards, in the order picked."""
        return tuple(self.hand[index] for index in self.picked)

    def plan(self, *, tournament: bool = False) -> Plan:
        """Steps 1-2 as selected. In Tournament mode the number of cards is the gear (T-2)."""
        return Plan(len(self.picked) if tournament else self.gear, self.cards)

    def discard(self) -> Discard:
        """Step 8 as selected: the picked cards (possibly none)."""
        return Discard(self.cards)

    def select_cards(self, cards: tuple[str, ...], gear: int) -> None:
        """Pick exactly ``cards`` (first matching positions) in ``gear``, as one undoable change."""
        self._remember()
        self.gear = gear
        self.picked = []
        for card in cards:
            index = next(i for i, c in enumerate(self.hand) if c == card and i not in self.picked)
            self.picked.append(index)
