"""React choices held back until they are committed or reveal hidden cards.

The engine has no undo. In step 5 (React) the player uses symbols one at a time in any order
(B-5.1); to let them take back a choice, the choices are first tried on a copy of the race. A
choice that reveals nothing (a Cooldown, Adrenaline's +1, an Adjust...) is held and can be
undone; one that turns up hidden cards (a Boost's flip, a Scrap, a Salvage, a draw) or ends the
React step must be committed at once, with every choice held before it, in order. Committed
choices go through the engine like any other decision.
"""

from __future__ import annotations

from heat.engine import Decision, EndReact, Race, SeatView, view_of
from heat.engine import events as ev

_QUIET = (ev.CooledDown, ev.Moved, ev.SpeedIncreased, ev.HeatPaid, ev.AdrenalineGained, ev.SpeedChosen)
"""Events that tell the player nothing they could not know before the choice."""


def reveals_nothing(event: ev.Event) -> bool:
    """Is ``event`` free of hidden information (so a choice causing it can be taken back)?"""
    if isinstance(event, ev.SymbolUsed):
        return not event.cards
    return isinstance(event, _QUIET)


class ReactStage:
    """The React choices of ``seat`` held back from ``race`` (the real race is never touched)."""

    def __init__(self, race: Race, seat: int) -> None:
        self.race = race
        self.seat = seat
        self.held: list[Decision] = []
        self._draft: Race | None = None

    def draft(self) -> Race:
        """The race as it would be with the held choices applied (a private copy)."""
        if self._draft is None:
            draft = self.race.copy()
            for decision in self.held:
                draft.apply(self.seat, decision)
            self._draft = draft
        return self._draft

    def view(self) -> SeatView:
        """The seat's view with the held choices applied."""
        return view_of(self.draft(), self.seat)

    def legal(self) -> list[Decision]:
        """The seat's legal decisions after the held choices."""
        return self.draft().legal_decisions(self.seat)

    def hold(self, decision: Decision) -> bool:
        """Try ``decision`` after the held choices (IllegalDecision: nothing changes). True if it
        is held back; False if it must be committed now with the others (``take``)."""
        draft = self.draft()
        before = len(draft.events(self.seat))
        draft.apply(self.seat, decision)
        self.held.append(decision)
        new = draft.events(self.seat)[before:]
        still_reacting = draft.to_decide() == (self.seat,) and draft.step == self.race.step
        return not isinstance(decision, EndReact) and still_reacting and all(reveals_nothing(e) for e in new)

    def take(self) -> list[Decision]:
        """The held choices, in order, to commit; the stage is empty afterwards."""
        held, self.held = self.held, []
        self._draft = None
        return held

    def undo(self) -> Decision | None:
        """Take back the last held choice (None if nothing is held)."""
        if not self.held:
            return None
        self._draft = None
        return self.held.pop()
