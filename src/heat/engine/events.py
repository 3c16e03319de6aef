"""The typed event log: what happened in a race, in order.

Every event names the seat it concerns (``-1`` for the whole race). ``for_seat`` gives the
version another seat may see: only ``Drew`` carries private cards, which are hidden from others.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of all events."""

    seat: int

    def for_seat(self, viewer: int | None) -> Event:
        """This event as ``viewer`` may see it (``None``: a spectator)."""
        return self

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict with the event's type name and fields."""
        data: dict[str, Any] = {"type": type(self).__name__}
        for field in fields(self):
            value = getattr(self, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
        return data


@dataclass(frozen=True, slots=True)
class RaceStarted(Event):
    """The cars took their grid places; ``grid`` lists seats from pole position back (B-10.9)."""

    grid: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A new round began (B-11.1)."""

    round: int


@dataclass(frozen=True, slots=True)
class PlanCommitted(Event):
    """A player committed gear and cards face down (B-11.4); nothing else is revealed."""


@dataclass(frozen=True, slots=True)
class GearShifted(Event):
    """Gears were revealed at the start of the turns (OQ-B-17)."""

    old: int
    new: int


@dataclass(frozen=True, slots=True)
class HeatPaid(Event):
    """Heat moved from the Engine to the discard pile (B-13.1)."""

    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class CardsRevealed(Event):
    """The play area was turned face up (B-3.1)."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ClutteredHand(Event):
    """The player could not fill their gear and does not move this round (B-14)."""


@dataclass(frozen=True, slots=True)
class CardFlipped(Event):
    """A card was flipped from the draw deck for a + symbol (B-12.4); kept if Basic."""

    card: str
    kept: bool
    reason: str


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A car moved; ``blocked`` if it stopped short of where its move would take it (B-3.7)."""

    spaces: int
    reason: str
    from_space: int
    from_lap: int
    to_space: int
    to_lap: int
    to_lane: int
    blocked: bool


@dataclass(frozen=True, slots=True)
class AdrenalineGained(Event):
    """The car is among the last and gets the Adrenaline symbols (B-4)."""


@dataclass(frozen=True, slots=True)
class CooledDown(Event):
    """Heat cards went from hand back to the Engine (B-5.3)."""

    count: int
    source: str


@dataclass(frozen=True, slots=True)
class Boosted(Event):
    """A Boost was used: 1 Heat paid and a + symbol resolved (B-5.6)."""

    value: int


@dataclass(frozen=True, slots=True)
class SpeedIncreased(Event):
    """Speed rose by ``amount`` from a symbol (Adrenaline's +1, B-4.4)."""

    amount: int
    source: str


@dataclass(frozen=True, slots=True)
class Slipstreamed(Event):
    """The car slipstreamed (B-6); the move itself is a ``Moved`` event."""


@dataclass(frozen=True, slots=True)
class CornerChecked(Event):
    """A Corner Line crossed this turn was checked (B-7): ``heat`` is what it costs, of which
    ``overheat`` is the Road Conditions' Overheat token's (W-14); ``spin_out`` if the Engine
    cannot pay it (B-7.7: the ``SpunOut`` event follows)."""

    corner: int
    speed: int
    limit: int
    heat: int
    overheat: int = 0
    spin_out: bool = False


@dataclass(frozen=True, slots=True)
class SpunOut(Event):
    """The car could not pay a corner and spun out (B-7.7 to B-7.10); ``heat`` is what it paid:
    all its Engine held."""

    corner: int
    to_space: int
    to_lap: int
    to_lane: int
    stress: int
    heat: int = 0


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """Cards were discarded from hand face up in step 8 (B-8)."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Shuffled(Event):
    """The discard pile was shuffled into a new draw deck (B-15.1)."""

    cards: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """Cards were drawn into hand (B-9.2). Other seats see only how many."""

    count: int
    cards: tuple[str, ...] | None

    def for_seat(self, viewer: int | None) -> Event:
        return self if viewer == self.seat else replace(self, cards=None)


@dataclass(frozen=True, slots=True)
class CrossedFinish(Event):
    """The car crossed the finish line after its last lap (B-16.2)."""


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """The round ended; ``finishers`` entered the Hall of Fame in this order (B-16.6); ``order``
    is every car from first to last at that moment (``Race.standings``: the Hall of Fame, then
    the cars on the track by position, B-11.7, then the eliminated)."""

    round: int
    finishers: tuple[int, ...]
    order: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class RaceEnded(Event):
    """Every car has finished; ``standings`` lists seats from first to last (B-16.7)."""

    standings: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ConditionsDrawn(Event):
    """The race's Weather token and one Road Conditions token per corner, in corner order (W-4..W-9)."""

    weather: str
    road: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class UpgradeDrafted(Event):
    """A player took an Upgrade card from the market (G-11)."""

    card: str
    round: int


@dataclass(frozen=True, slots=True)
class UpgradesDealt(Event):
    """Quick start: a player was dealt 3 random Regular Upgrade cards (G-18)."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LegendsCardRevealed(Event):
    """The Legends card every Legend uses this round (L-6)."""

    card: int


@dataclass(frozen=True, slots=True)
class SpeedChosen(Event):
    """The value of a card offering several Speed values (G-21)."""

    card: str
    value: int


@dataclass(frozen=True, slots=True)
class SymbolUsed(Event):
    """An Upgrade symbol was applied in React (G-22): Heat, Scrap, Adjust Speed Limit,
    Reduce Stress, Accelerate, Direct Play; ``cards`` are the cards it moved, if any."""

    symbol: str
    amount: int
    source: str
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Salvaged(Event):
    """Cards went from the discard pile into the draw deck (G-34). Others see only how many."""

    count: int
    cards: tuple[str, ...] | None
    source: str

    def for_seat(self, viewer: int | None) -> Event:
        return self if viewer == self.seat else replace(self, cards=None)


@dataclass(frozen=True, slots=True)
class Refreshed(Event):
    """Played cards went back on top of the draw deck instead of the discard pile (G-33)."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardsRemoved(Event):
    """One-time use cards left the game at the end of the turn (G-29)."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SponsorGained(Event):
    """A Sponsorship card went from the Sponsorship deck into the hand (C-34). Others see only why."""

    card: str | None
    reason: str

    def for_seat(self, viewer: int | None) -> Event:
        return self if viewer == self.seat else replace(self, card=None)


@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    """The car spun out in a race where that eliminates it (Championship event, C-21)."""
