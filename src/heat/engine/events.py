"""The typed event log: what happened in a race, in order.

Every event names the seat it concerns (``-1`` for the whole race). ``for_seat`` gives the
version another seat may see: only ``Drew`` carries private cards, which are hidden from others.
"""

from __future__ import annotations

from typing import Any, ClassVar

from heat.engine.frozen import Frozen


class Event(Frozen):
    """Base class of all events."""

    seat: int

    FIELDS: ClassVar[tuple[str, ...]] = ("seat",)
    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat,)

    def for_seat(self, viewer: int | None) -> Event:
        """This event as ``viewer`` may see it (``None``: a spectator)."""
        return self

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict with the event's type name and fields."""
        data: dict[str, Any] = {"type": type(self).__name__}
        for name, value in zip(self.FIELDS, self.field_values(), strict=True):
            data[name] = list(value) if isinstance(value, tuple) else value
        return data


class RaceStarted(Event):
    """The cars took their grid places; ``grid`` lists seats from pole position back (B-10.9)."""

    grid: tuple[int, ...]

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "grid")
    __slots__ = ("grid",)

    def __init__(self, seat: int, grid: tuple[int, ...]) -> None:
        super().__init__(seat)
        object.__setattr__(self, "grid", grid)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.grid)


class RoundStarted(Event):
    """A new round began (B-11.1)."""

    round: int

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "round")
    __slots__ = ("round",)

    def __init__(self, seat: int, round: int) -> None:
        super().__init__(seat)
        object.__setattr__(self, "round", round)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.round)


class PlanCommitted(Event):
    """A player committed gear and cards face down (B-11.4); nothing else is revealed."""

    __slots__ = ()


class GearShifted(Event):
    """Gears were revealed at the start of the turns (OQ-B-17)."""

    old: int
    new: int

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "old", "new")
    __slots__ = ("new", "old")

    def __init__(self, seat: int, old: int, new: int) -> None:
        super().__init__(seat)
        object.__setattr__(self, "old", old)
        object.__setattr__(self, "new", new)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.old, self.new)


class HeatPaid(Event):
    """Heat moved from the Engine to the discard pile (B-13.1)."""

    amount: int
    reason: str

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "amount", "reason")
    __slots__ = ("amount", "reason")

    def __init__(self, seat: int, amount: int, reason: str) -> None:
        super().__init__(seat)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "reason", reason)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.amount, self.reason)


class CardsRevealed(Event):
    """The play area was turned face up (B-3.1)."""

    cards: tuple[str, ...]

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "cards")
    __slots__ = ("cards",)

    def __init__(self, seat: int, cards: tuple[str, ...]) -> None:
        super().__init__(seat)
        object.__setattr__(self, "cards", cards)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.cards)


class ClutteredHand(Event):
    """The player could not fill their gear and does not move this round (B-14)."""

    __slots__ = ()


class CardFlipped(Event):
    """A card was flipped from the draw deck for a + symbol (B-12.4); kept if Basic."""

    card: str
    kept: bool
    reason: str

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "card", "kept", "reason")
    __slots__ = ("card", "kept", "reason")

    def __init__(self, seat: int, card: str, kept: bool, reason: str) -> None:
        super().__init__(seat)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "kept", kept)
        object.__setattr__(self, "reason", reason)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.card, self.kept, self.reason)


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

    FIELDS: ClassVar[tuple[str, ...]] = (
        "seat",
        "spaces",
        "reason",
        "from_space",
        "from_lap",
        "to_space",
        "to_lap",
        "to_lane",
        "blocked",
    )
    __slots__ = ("blocked", "from_lap", "from_space", "reason", "spaces", "to_lane", "to_lap", "to_space")

    def __init__(
        self,
        seat: int,
        spaces: int,
        reason: str,
        from_space: int,
        from_lap: int,
        to_space: int,
        to_lap: int,
        to_lane: int,
        blocked: bool,
    ) -> None:
        super().__init__(seat)
        object.__setattr__(self, "spaces", spaces)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "from_space", from_space)
        object.__setattr__(self, "from_lap", from_lap)
        object.__setattr__(self, "to_space", to_space)
        object.__setattr__(self, "to_lap", to_lap)
        object.__setattr__(self, "to_lane", to_lane)
        object.__setattr__(self, "blocked", blocked)

    def field_values(self) -> tuple[Any, ...]:
        return (
            self.seat,
            self.spaces,
            self.reason,
            self.from_space,
            self.from_lap,
            self.to_space,
            self.to_lap,
            self.to_lane,
            self.blocked,
        )


class AdrenalineGained(Event):
    """The car is among the last and gets the Adrenaline symbols (B-4)."""

    __slots__ = ()


class CooledDown(Event):
    """Heat cards went from hand back to the Engine (B-5.3)."""

    count: int
    source: str

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "count", "source")
    __slots__ = ("count", "source")

    def __init__(self, seat: int, count: int, source: str) -> None:
        super().__init__(seat)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "source", source)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.count, self.source)


class Boosted(Event):
    """A Boost was used: 1 Heat paid and a + symbol resolved (B-5.6)."""

    value: int

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "value")
    __slots__ = ("value",)

    def __init__(self, seat: int, value: int) -> None:
        super().__init__(seat)
        object.__setattr__(self, "value", value)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.value)


class SpeedIncreased(Event):
    """Speed rose by ``amount`` from a symbol (Adrenaline's +1, B-4.4)."""

    amount: int
    source: str

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "amount", "source")
    __slots__ = ("amount", "source")

    def __init__(self, seat: int, amount: int, source: str) -> None:
        super().__init__(seat)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "source", source)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.amount, self.source)


class Slipstreamed(Event):
    """The car slipstreamed (B-6); the move itself is a ``Moved`` event."""

    __slots__ = ()


class CornerChecked(Event):
    """A Corner Line crossed this turn was checked (B-7): ``heat`` is what it costs, of which
    ``overheat`` is the Road Conditions' Overheat token's (W-14); ``spin_out`` if the Engine
    cannot pay it (B-7.7: the ``SpunOut`` event follows)."""

    corner: int
    speed: int
    limit: int
    heat: int
    overheat: int
    spin_out: bool

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "corner", "speed", "limit", "heat", "overheat", "spin_out")
    __slots__ = ("corner", "heat", "limit", "overheat", "speed", "spin_out")

    def __init__(
        self, seat: int, corner: int, speed: int, limit: int, heat: int, overheat: int = 0, spin_out: bool = False
    ) -> None:
        super().__init__(seat)
        object.__setattr__(self, "corner", corner)
        object.__setattr__(self, "speed", speed)
        object.__setattr__(self, "limit", limit)
        object.__setattr__(self, "heat", heat)
        object.__setattr__(self, "overheat", overheat)
        object.__setattr__(self, "spin_out", spin_out)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.corner, self.speed, self.limit, self.heat, self.overheat, self.spin_out)


class SpunOut(Event):
    """The car could not pay a corner and spun out (B-7.7 to B-7.10); ``heat`` is what it paid:
    all its Engine held."""

    corner: int
    to_space: int
    to_lap: int
    to_lane: int
    stress: int
    heat: int

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "corner", "to_space", "to_lap", "to_lane", "stress", "heat")
    __slots__ = ("corner", "heat", "stress", "to_lane", "to_lap", "to_space")

    def __init__(
        self, seat: int, corner: int, to_space: int, to_lap: int, to_lane: int, stress: int, heat: int = 0
    ) -> None:
        super().__init__(seat)
        object.__setattr__(self, "corner", corner)
        object.__setattr__(self, "to_space", to_space)
        object.__setattr__(self, "to_lap", to_lap)
        object.__setattr__(self, "to_lane", to_lane)
        object.__setattr__(self, "stress", stress)
        object.__setattr__(self, "heat", heat)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.corner, self.to_space, self.to_lap, self.to_lane, self.stress, self.heat)


class Discarded(Event):
    """Cards were discarded from hand face up in step 8 (B-8)."""

    cards: tuple[str, ...]

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "cards")
    __slots__ = ("cards",)

    def __init__(self, seat: int, cards: tuple[str, ...]) -> None:
        super().__init__(seat)
        object.__setattr__(self, "cards", cards)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.cards)


class Shuffled(Event):
    """The discard pile was shuffled into a new draw deck (B-15.1)."""

    cards: int

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "cards")
    __slots__ = ("cards",)

    def __init__(self, seat: int, cards: int) -> None:
        super().__init__(seat)
        object.__setattr__(self, "cards", cards)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.cards)


class Drew(Event):
    """Cards were drawn into hand (B-9.2). Other seats see only how many."""

    count: int
    cards: tuple[str, ...] | None

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "count", "cards")
    __slots__ = ("cards", "count")

    def __init__(self, seat: int, count: int, cards: tuple[str, ...] | None) -> None:
        super().__init__(seat)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "cards", cards)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.count, self.cards)

    def for_seat(self, viewer: int | None) -> Event:
        return self if viewer == self.seat else Drew(self.seat, self.count, None)


class CrossedFinish(Event):
    """The car crossed the finish line after its last lap (B-16.2)."""

    __slots__ = ()


class RoundEnded(Event):
    """The round ended; ``finishers`` entered the Hall of Fame in this order (B-16.6); ``order``
    is every car from first to last at that moment (``Race.standings``: the Hall of Fame, then
    the cars on the track by position, B-11.7, then the eliminated)."""

    round: int
    finishers: tuple[int, ...]
    order: tuple[int, ...]

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "round", "finishers", "order")
    __slots__ = ("finishers", "order", "round")

    def __init__(self, seat: int, round: int, finishers: tuple[int, ...], order: tuple[int, ...] = ()) -> None:
        super().__init__(seat)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "finishers", finishers)
        object.__setattr__(self, "order", order)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.round, self.finishers, self.order)


class RaceEnded(Event):
    """Every car has finished; ``standings`` lists seats from first to last (B-16.7)."""

    standings: tuple[int, ...]

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "standings")
    __slots__ = ("standings",)

    def __init__(self, seat: int, standings: tuple[int, ...]) -> None:
        super().__init__(seat)
        object.__setattr__(self, "standings", standings)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.standings)


class ConditionsDrawn(Event):
    """The race's Weather token and one Road Conditions token per corner, in corner order (W-4..W-9)."""

    weather: str
    road: tuple[str, ...]

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "weather", "road")
    __slots__ = ("road", "weather")

    def __init__(self, seat: int, weather: str, road: tuple[str, ...]) -> None:
        super().__init__(seat)
        object.__setattr__(self, "weather", weather)
        object.__setattr__(self, "road", road)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.weather, self.road)


class UpgradeDrafted(Event):
    """A player took an Upgrade card from the market (G-11)."""

    card: str
    round: int

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "card", "round")
    __slots__ = ("card", "round")

    def __init__(self, seat: int, card: str, round: int) -> None:
        super().__init__(seat)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "round", round)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.card, self.round)


class UpgradesDealt(Event):
    """Quick start: a player was dealt 3 random Regular Upgrade cards (G-18)."""

    cards: tuple[str, ...]

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "cards")
    __slots__ = ("cards",)

    def __init__(self, seat: int, cards: tuple[str, ...]) -> None:
        super().__init__(seat)
        object.__setattr__(self, "cards", cards)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.cards)


class LegendsCardRevealed(Event):
    """The Legends card every Legend uses this round (L-6)."""

    card: int

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "card")
    __slots__ = ("card",)

    def __init__(self, seat: int, card: int) -> None:
        super().__init__(seat)
        object.__setattr__(self, "card", card)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.card)


class SpeedChosen(Event):
    """The value of a card offering several Speed values (G-21)."""

    card: str
    value: int

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "card", "value")
    __slots__ = ("card", "value")

    def __init__(self, seat: int, card: str, value: int) -> None:
        super().__init__(seat)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "value", value)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.card, self.value)


class SymbolUsed(Event):
    """An Upgrade symbol was applied in React (G-22): Heat, Scrap, Adjust Speed Limit,
    Reduce Stress, Accelerate, Direct Play; ``cards`` are the cards it moved, if any."""

    symbol: str
    amount: int
    source: str
    cards: tuple[str, ...]

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "symbol", "amount", "source", "cards")
    __slots__ = ("amount", "cards", "source", "symbol")

    def __init__(self, seat: int, symbol: str, amount: int, source: str, cards: tuple[str, ...] = ()) -> None:
        super().__init__(seat)
        object.__setattr__(self, "symbol", symbol)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "cards", cards)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.symbol, self.amount, self.source, self.cards)


class Salvaged(Event):
    """Cards went from the discard pile into the draw deck (G-34). Others see only how many."""

    count: int
    cards: tuple[str, ...] | None
    source: str

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "count", "cards", "source")
    __slots__ = ("cards", "count", "source")

    def __init__(self, seat: int, count: int, cards: tuple[str, ...] | None, source: str) -> None:
        super().__init__(seat)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "source", source)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.count, self.cards, self.source)

    def for_seat(self, viewer: int | None) -> Event:
        return self if viewer == self.seat else Salvaged(self.seat, self.count, None, self.source)


class Refreshed(Event):
    """Played cards went back on top of the draw deck instead of the discard pile (G-33)."""

    cards: tuple[str, ...]

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "cards")
    __slots__ = ("cards",)

    def __init__(self, seat: int, cards: tuple[str, ...]) -> None:
        super().__init__(seat)
        object.__setattr__(self, "cards", cards)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.cards)


class CardsRemoved(Event):
    """One-time use cards left the game at the end of the turn (G-29)."""

    cards: tuple[str, ...]

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "cards")
    __slots__ = ("cards",)

    def __init__(self, seat: int, cards: tuple[str, ...]) -> None:
        super().__init__(seat)
        object.__setattr__(self, "cards", cards)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.cards)


class SponsorGained(Event):
    """A Sponsorship card went from the Sponsorship deck into the hand (C-34). Others see only why."""

    card: str | None
    reason: str

    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "card", "reason")
    __slots__ = ("card", "reason")

    def __init__(self, seat: int, card: str | None, reason: str) -> None:
        super().__init__(seat)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "reason", reason)

    def field_values(self) -> tuple[Any, ...]:
        return (self.seat, self.card, self.reason)

    def for_seat(self, viewer: int | None) -> Event:
        return self if viewer == self.seat else SponsorGained(self.seat, None, self.reason)


class Eliminated(Event):
    """The car spun out in a race where that eliminates it (Championship event, C-21)."""

    __slots__ = ()
