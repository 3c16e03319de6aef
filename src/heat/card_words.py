"""A card in words in the language spoken: its name, Speed values and symbols, as
``CardDef.describe`` says them in English (``Brakes: 1/2/3/4, Heat 1``); the card id stays as it is."""

from __future__ import annotations

from heat.engine.content import CardDef
from heat.i18n import N_, _

_AMOUNTS = (
    ("heat", N_("Heat {amount}")),
    ("scrap", N_("Scrap {amount}")),
    ("adjust", N_("Speed Limit {amount}")),
    ("cooldown", N_("Cooldown {amount}")),
    ("slipstream", N_("Slipstream +{amount}")),
    ("reduce_stress", N_("Reduce Stress {amount}")),
    ("salvage", N_("Salvage {amount}")),
)
"""The symbols with an amount (G-4 to G-9, B-4), in the order ``describe`` gives them."""
_FLAGS = (
    ("refresh", N_("Refresh")),
    ("direct", N_("Direct Play")),
    ("accelerate", N_("Accelerate")),
    ("one_time", N_("One-time use")),
)
"""The symbols without an amount (G-7, G-8, G-9, G-29)."""


def card_words(card: CardDef) -> str:
    """``card``'s name, Speed values and symbols in the language spoken."""
    parts = ["/".join(str(speed) for speed in card.speeds)] if card.speeds else []
    if card.plus:
        parts.append(_("+ x{amount}", amount=card.plus))
    for field, words in _AMOUNTS:
        value: int = getattr(card, field)
        if value:
            amount = f"+{value}" if field == "adjust" and value > 0 else str(value)
            parts.append(_(words, amount=amount))
    parts.extend(_(words) for field, words in _FLAGS if getattr(card, field))
    if card.becomes:
        parts.append(_("a {card} card in your deck", card=_(card.becomes.capitalize())))
    head = _(card.category or card.name)
    return f"{head}: {', '.join(parts)}" if parts else head
