"""Decisions: the small value objects a player chooses, each with a text form that parses back.

``parse_decision(d.text()) == d`` for every decision ``d``. Card lists are kept in a canonical
(sorted) order, so two plans with the same cards are equal whatever order they were typed in.
"""

from __future__ import annotations

from typing import Any, ClassVar

from heat.engine.errors import DecisionSyntaxError, shown
from heat.engine.frozen import Frozen


def _canonical(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(sorted(cards))


class Plan(Frozen):
    """Steps 1 and 2 (B-1, B-2): the gear to drive in and the cards to play, committed secretly."""

    gear: int
    cards: tuple[str, ...]

    FIELDS: ClassVar[tuple[str, ...]] = ("gear", "cards")
    __slots__ = ("cards", "gear")

    def field_values(self) -> tuple[Any, ...]:
        return (self.gear, self.cards)

    def __init__(self, gear: int, cards: tuple[str, ...] | list[str]) -> None:
        object.__setattr__(self, "gear", gear)
        object.__setattr__(self, "cards", tuple(sorted(cards)))

    def text(self) -> str:
        """``gear 3 play 1 4 stress``."""
        return f"gear {self.gear} play {' '.join(self.cards)}".rstrip()


class React(Frozen):
    """Step 5 (B-5): use one symbol. ``amount`` is the number of cards for a Cooldown."""

    symbol: str
    amount: int
    source: str

    FIELDS: ClassVar[tuple[str, ...]] = ("symbol", "amount", "source")
    __slots__ = ("amount", "source", "symbol")

    def __init__(self, symbol: str, amount: int = 0, source: str = "gear") -> None:
        object.__setattr__(self, "symbol", symbol)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "source", source)

    def field_values(self) -> tuple[Any, ...]:
        return (self.symbol, self.amount, self.source)

    def text(self) -> str:
        """``boost``, ``cooldown 3``, ``cooldown 1 from adrenaline``, ``move 1 from adrenaline``."""
        words = [self.symbol]
        if self.amount:
            words.append(str(self.amount))
        if self.source != "gear":
            words.append(f"from {self.source}")
        return " ".join(words)


class EndReact(Frozen):
    """Step 5: use no more symbols this turn."""

    __slots__ = ()

    def text(self) -> str:
        """``done``."""
        return "done"


class Slipstream(Frozen):
    """Step 6 (B-6): slipstream or not; ``spaces`` is 2, or more with Slipstream boosts (G-31)."""

    take: bool
    spaces: int

    FIELDS: ClassVar[tuple[str, ...]] = ("take", "spaces")
    __slots__ = ("spaces", "take")

    def __init__(self, take: bool, spaces: int = 2) -> None:
        object.__setattr__(self, "take", take)
        object.__setattr__(self, "spaces", spaces)

    def field_values(self) -> tuple[Any, ...]:
        return (self.take, self.spaces)

    def text(self) -> str:
        """``slipstream``, ``slipstream 4`` or ``no slipstream``."""
        if not self.take:
            return "no slipstream"
        return "slipstream" if self.spaces == 2 else f"slipstream {self.spaces}"


class ChooseSpeed(Frozen):
    """Step 3 (G-21): the Speed value of a card that offers several."""

    card: str
    value: int

    FIELDS: ClassVar[tuple[str, ...]] = ("card", "value")
    __slots__ = ("card", "value")

    def __init__(self, card: str, value: int) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "value", value)

    def field_values(self) -> tuple[Any, ...]:
        return (self.card, self.value)

    def text(self) -> str:
        """``speed 3 for brakes-13``."""
        return f"speed {self.value} for {self.card}"


class Salvage(Frozen):
    """Step 5 (G-34): cards from the discard pile to shuffle into the draw deck."""

    cards: tuple[str, ...]
    source: str

    FIELDS: ClassVar[tuple[str, ...]] = ("cards", "source")
    __slots__ = ("cards", "source")

    def __init__(self, cards: tuple[str, ...], source: str) -> None:
        object.__setattr__(self, "cards", _canonical(cards))
        object.__setattr__(self, "source", source)

    def field_values(self) -> tuple[Any, ...]:
        return (self.cards, self.source)

    def text(self) -> str:
        """``salvage 3 4 from fuel-2``."""
        return f"salvage {' '.join(self.cards)} from {self.source}"


class Refresh(Frozen):
    """Step 9 (G-33): played cards with Refresh to put back on top of the draw deck."""

    cards: tuple[str, ...]

    FIELDS: ClassVar[tuple[str, ...]] = ("cards",)
    __slots__ = ("cards",)

    def __init__(self, cards: tuple[str, ...]) -> None:
        object.__setattr__(self, "cards", _canonical(cards))

    def field_values(self) -> tuple[Any, ...]:
        return (self.cards,)

    def text(self) -> str:
        """``refresh susp-4`` or ``refresh nothing``."""
        return f"refresh {' '.join(self.cards)}" if self.cards else "refresh nothing"


class Draft(Frozen):
    """Building the car (G-11, C-15): take one Upgrade card from the market."""

    card: str

    FIELDS: ClassVar[tuple[str, ...]] = ("card",)
    __slots__ = ("card",)

    def __init__(self, card: str) -> None:
        object.__setattr__(self, "card", card)

    def field_values(self) -> tuple[Any, ...]:
        return (self.card,)

    def text(self) -> str:
        """``draft turbo-7``."""
        return f"draft {self.card}"


class Swap(Frozen):
    """Championship build (C-16): give up an owned Upgrade card for a market leftover, or not."""

    give: str | None
    take: str | None

    FIELDS: ClassVar[tuple[str, ...]] = ("give", "take")
    __slots__ = ("give", "take")

    def __init__(self, give: str | None, take: str | None) -> None:
        object.__setattr__(self, "give", give)
        object.__setattr__(self, "take", take)

    def field_values(self) -> tuple[Any, ...]:
        return (self.give, self.take)

    def text(self) -> str:
        """``swap rpm-1 for turbo-7`` or ``no swap``."""
        return f"swap {self.give} for {self.take}" if self.give and self.take else "no swap"


class Keep(Frozen):
    """GOAT (C-44): the one Upgrade card kept for the next season."""

    card: str

    FIELDS: ClassVar[tuple[str, ...]] = ("card",)
    __slots__ = ("card",)

    def __init__(self, card: str) -> None:
        object.__setattr__(self, "card", card)

    def field_values(self) -> tuple[Any, ...]:
        return (self.card,)

    def text(self) -> str:
        """``keep turbo-7``."""
        return f"keep {self.card}"


class Discard(Frozen):
    """Step 8 (B-8): the cards to discard from hand (possibly none)."""

    cards: tuple[str, ...]

    FIELDS: ClassVar[tuple[str, ...]] = ("cards",)
    __slots__ = ("cards",)

    def field_values(self) -> tuple[Any, ...]:
        return (self.cards,)

    def __init__(self, cards: tuple[str, ...] | list[str]) -> None:
        object.__setattr__(self, "cards", tuple(sorted(cards)))

    def text(self) -> str:
        """``discard 1 3`` or ``discard nothing``."""
        return f"discard {' '.join(self.cards)}" if self.cards else "discard nothing"


Decision = Plan | React | EndReact | Slipstream | Discard | ChooseSpeed | Salvage | Refresh | Draft | Swap | Keep


def _words(text: str) -> list[str]:
    return text.replace(",", " ").lower().split()


MAX_DIGITS = 6
"""Digits a number in a decision may have: every number the rules ask for (a gear, a Cooldown, a
Slipstream, a Speed) has one or two; a longer one is refused before ``int`` reads it (Python
refuses more than 4,300 digits with a ValueError, and a million would be slow)."""


def _is_int(word: str) -> bool:
    """A whole number, signed or not (``adjust +2`` as the card prints it, ``adjust -1``), in
    ASCII digits: ``int`` refuses "²", a digit to ``str.isdigit``, and reads Arabic-Indic digits as 1.
    DecisionSyntaxError for a number longer than ``MAX_DIGITS`` digits."""
    digits = word[1:] if word[:1] in ("+", "-") else word
    if not (digits.isascii() and digits.isdigit()):
        return False
    if len(digits) > MAX_DIGITS:
        raise DecisionSyntaxError(
            "{word}: a number of {digits} digits is too large", word=shown(word), digits=len(digits)
        )
    return True


def parse_decision(text: str) -> Decision:
    """Parse the text form of a decision; raise DecisionSyntaxError naming what is wrong."""
    words = _words(text)
    if not words:
        raise DecisionSyntaxError("empty decision")
    head = words[0]
    if head == "gear":
        if len(words) < 2 or not _is_int(words[1]):
            raise DecisionSyntaxError("{text}: expected 'gear N play CARD ...'", text=shown(text))
        rest = words[2:]
        if rest and rest[0] == "play":
            rest = rest[1:]
        return Plan(int(words[1]), tuple(rest))
    if head == "play":  # Tournament mode (T-1): the cards alone; their number is the gear
        return Plan(len(words) - 1, tuple(words[1:]))
    if head == "done" and len(words) == 1:
        return EndReact()
    if head == "slipstream" and len(words) == 1:
        return Slipstream(True)
    if head == "slipstream" and len(words) == 2 and _is_int(words[1]):
        return Slipstream(True, int(words[1]))
    if words == ["no", "slipstream"]:
        return Slipstream(False)
    if head == "speed" and len(words) == 4 and _is_int(words[1]) and words[2] == "for":
        return ChooseSpeed(words[3], int(words[1]))
    if head == "salvage":
        if len(words) < 3 or words[-2] != "from":
            raise DecisionSyntaxError("{text}: expected 'salvage CARD ... from SOURCE'", text=shown(text))
        return Salvage(tuple(words[1:-2]), words[-1])
    if head == "refresh":
        rest = words[1:]
        return Refresh(() if rest in (["nothing"], ["none"]) else tuple(rest))
    if head == "draft" and len(words) == 2:
        return Draft(words[1])
    if head == "keep" and len(words) == 2:
        return Keep(words[1])
    if words == ["no", "swap"]:
        return Swap(None, None)
    if head == "swap" and len(words) == 4 and words[2] == "for":
        return Swap(words[1], words[3])
    if head == "discard":
        rest = words[1:]
        if rest in (["nothing"], ["none"]):
            rest = []
        return Discard(tuple(rest))
    if head[0].isalpha() and head.replace("-", "").isalnum():
        symbol, amount, source = head, 0, "gear"
        rest = words[1:]
        if rest and _is_int(rest[0]):
            amount = int(rest[0])
            rest = rest[1:]
        if rest:
            if len(rest) != 2 or rest[0] != "from":
                raise DecisionSyntaxError("{text}: expected 'SYMBOL [AMOUNT] [from SOURCE]'", text=shown(text))
            source = rest[1]
        return React(symbol, amount, source)
    raise DecisionSyntaxError("{text} is not a decision", text=shown(text))
