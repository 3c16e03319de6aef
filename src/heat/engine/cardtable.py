"""Per-kind card attributes as flat tuples, built once from the catalogue for the hot loops."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from heat.engine import content
from heat.engine.errors import IllegalDecision


class CardTable:
    """Per-kind card attributes as flat tuples, indexed by card kind."""

    __slots__ = (
        "accelerate",
        "adjust",
        "basic",
        "basic_deck",
        "becomes",
        "catalogue",
        "choices",
        "cooldown",
        "defs",
        "direct",
        "discardable",
        "entries",
        "heat",
        "heat_cost",
        "ids",
        "index_of",
        "one_time",
        "playable",
        "plus",
        "reduce_stress",
        "refresh",
        "salvage",
        "scrap",
        "slipstream",
        "speed",
        "starting_upgrades",
        "stress",
        "symbolic",
        "upgrade_decks",
    )

    def __init__(self, catalogue: content.Catalogue) -> None:
        cards = catalogue.cards
        self.catalogue = catalogue
        self.defs = cards
        self.ids = tuple(card.id for card in cards)
        self.index_of = {card_id: kind for kind, card_id in enumerate(self.ids)}
        self.speed = tuple(card.speed or 0 for card in cards)
        """The fixed Speed value (0 for choice cards and cards without one)."""
        self.choices = tuple(card.speeds if len(card.speeds) > 1 else () for card in cards)
        self.basic = tuple(card.is_basic for card in cards)
        self.playable = tuple(card.playable for card in cards)
        self.discardable = tuple(card.discardable for card in cards)
        self.plus = tuple(card.plus for card in cards)
        self.heat_cost = tuple(card.heat for card in cards)
        self.scrap = tuple(card.scrap for card in cards)
        self.adjust = tuple(card.adjust for card in cards)
        self.cooldown = tuple(card.cooldown for card in cards)
        self.slipstream = tuple(card.slipstream for card in cards)
        self.reduce_stress = tuple(card.reduce_stress for card in cards)
        self.salvage = tuple(card.salvage for card in cards)
        self.refresh = tuple(card.refresh for card in cards)
        self.direct = tuple(card.direct for card in cards)
        self.accelerate = tuple(card.accelerate for card in cards)
        self.one_time = tuple(card.one_time for card in cards)
        self.symbolic = tuple(
            bool(
                card.plus
                or card.heat
                or card.scrap
                or card.adjust
                or card.cooldown
                or card.slipstream
                or card.reduce_stress
                or card.salvage
                or card.refresh
                or card.accelerate
                or card.one_time
                or len(card.speeds) > 1
            )
            for card in cards
        )
        """Does the card do anything beyond its fixed Speed when played?"""
        self.entries = tuple(_symbol_entries(kind, card) for kind, card in enumerate(cards))
        """The React symbols a played card brings, as (symbol, amount, kind), in the order the
        engine offers them: Heat, Scrap, Adjust Speed Limit, Cooldown, Reduce Stress, Salvage,
        Accelerate (G-22)."""
        self.heat = next(i for i, card in enumerate(cards) if card.type == "heat")
        self.stress = next(i for i, card in enumerate(cards) if card.type == "stress")
        self.becomes = tuple(self.index_of[card.becomes] if card.becomes else kind for kind, card in enumerate(cards))
        """The kind a drafted card adds to the deck (Extra Heat is a Heat card, G-8)."""
        self.basic_deck = self._deck_kinds(catalogue.basic_deck)
        """The basic deck every car starts with (B-10.5), as kinds, every copy listed."""
        self.starting_upgrades = self._deck_kinds(catalogue.starting_upgrades)
        """The base game's Starting Upgrades (B-17), as kinds, every copy listed."""
        self.upgrade_decks = {
            name: tuple(self.index_of[card_id] for card_id in ids) for name, ids in catalogue.upgrade_decks
        }
        """``Catalogue.deck`` of each upgrade deck, as kinds."""

    def _deck_kinds(self, counts: tuple[tuple[str, int], ...]) -> tuple[int, ...]:
        return tuple(self.index_of[card_id] for card_id, n in counts for _ in range(n))

    def kind(self, card_id: str) -> int:
        """Kind number of a card id; IllegalDecision for an unknown id."""
        try:
            return self.index_of[card_id]
        except KeyError:
            raise IllegalDecision("unknown card {card}", card=repr(card_id)) from None

    def kinds(self, card_ids: Iterable[str]) -> list[int]:
        """Kind numbers of card ids, in order; IllegalDecision for an unknown id."""
        index_of = self.index_of
        try:
            return [index_of[card_id] for card_id in card_ids]
        except KeyError as error:
            raise IllegalDecision("unknown card {card}", card=repr(error.args[0])) from None

    def names(self, kinds: Iterable[int]) -> tuple[str, ...]:
        """Card ids of ``kinds``, in order."""
        ids = self.ids
        return tuple(ids[k] for k in kinds)


def any_marked(marks: tuple[int, ...], kinds: list[int]) -> bool:
    """Is any of ``kinds`` marked (true or non-zero) in ``marks``, a per-kind column of the table?"""
    # A loop, not any(map(marks.__getitem__, kinds)): compiled by mypyc, that looks the builtins
    # up and calls into the interpreter (about 3k instructions for a hand); any(generator) is
    # slower than both in pure Python.
    for kind in kinds:  # noqa: SIM110
        if marks[kind]:
            return True
    return False


def _symbol_entries(kind: int, card: content.CardDef) -> tuple[tuple[str, int, int], ...]:
    entries = [
        (name, amount, kind)
        for name, amount in (
            ("heat", card.heat),
            ("scrap", card.scrap),
            ("adjust", card.adjust),
            ("cooldown", card.cooldown),
            ("reduce-stress", card.reduce_stress),
            ("salvage", card.salvage),
        )
        if amount
    ]
    if card.accelerate:
        entries.append(("accelerate", 0, kind))
    return tuple(entries)


@cache
def card_table() -> CardTable:
    """The CardTable of the game's card catalogue."""
    return CardTable(content.catalogue())
