"""The bot protocol, and a loop that lets bots drive a race."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from heat.engine import Decision, Race, SeatView, view_of

if TYPE_CHECKING:  # the season code loads only for a season (issue 28)
    from heat.engine.championship import SeasonView


class Bot(Protocol):
    """A driver: given its seat's view and the legal decisions, it returns one of them."""

    name: str

    def choose(self, view: SeatView | SeasonView, legal: Sequence[Decision]) -> Decision:
        """One of ``legal``; must not look at anything but ``view`` and ``legal``."""
        ...


def play_out(
    race: Race,
    bots: Mapping[int, Bot],
    *,
    stop: Callable[[Race], bool] | None = None,
) -> None:
    """Let ``bots`` (seat -> bot) decide until the race is over, a seat without a bot must decide,
    or ``stop(race)`` is true."""
    while not race.is_over and not (stop and stop(race)):
        waiting = race.to_decide()
        seat = next((s for s in waiting if s in bots), None)
        if seat is None:
            return
        legal = race.legal_decisions(seat)
        race.apply(seat, bots[seat].choose(view_of(race, seat), legal))
