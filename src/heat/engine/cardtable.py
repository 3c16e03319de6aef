"""Per-kind card attributes as flat tuples, built once from the catalogue for the hot loops."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from heat.engine import content
from heat.engine.errors import IllegalDecision


class CardTable:
    """Per-kind card attributes as flat tuples, for the hot loops."""

    __slots__ = ("basic", "catalogue", "discardable", "heat", "ids", "index_of", "playable", "speed", "stress")

    def __init__(self, catalogue: content.Catalogue) -> None:
        self.catalogue = catalogue
        self.ids = tuple(card.id for card in catalogue.cards)
        self.index_of = {card_id: kind for kind, card_id in enumerate(self.ids)}
        self.speed = tuple(card.speed or 0 for card in catalogue.cards)
        self.basic = tuple(card.is_basic for card in catalogue.cards)
        self.playable = tuple(card.playable for card in catalogue.cards)
        self.discardable = tuple(card.discardable for card in catalogue.cards)
        self.heat = next(i for i, card in enumerate(catalogue.cards) if card.type == "heat")
        self.stress = next(i for i, card in enumerate(catalogue.cards) if card.type == "stress")

    def kind(self, card_id: str) -> int:
        """Kind number of a card id; IllegalDecision for an unknown id."""
        try:
            return self.index_of[card_id]
        except KeyError:
            known = ", ".join(self.ids)
            raise IllegalDecision(f"unknown card {card_id!r}; cards are: {known}") from None

    def names(self, kinds: Iterable[int]) -> tuple[str, ...]:
        """Card ids of ``kinds``, in order."""
        ids = self.ids
        return tuple(ids[k] for k in kinds)


@cache
def card_table() -> CardTable:
    """The CardTable of the game's card catalogue."""
    return CardTable(content.catalogue())
