"""The words of the ``?`` screen: the keys and a reminder of the rules for the current step.

A reminder, not the rules: the engine decides what is legal and says why when it refuses.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from heat.engine.content import CardDef
from heat.i18n import N_
from heat.tui.translate import _, ngettext

WIDTH = 66
"""The key rows are wrapped to this many cells, the dialog's inside (less its scroll bar) at 80
columns, each description under itself (the dialog wraps the reminders' paragraphs)."""

KeyRows = Sequence[tuple[str, str]]
"""(keys, what they do) rows; both marked with ``N_`` where they are words."""

GLOBAL_KEYS: KeyRows = (
    ("?", N_("this help")),
    ("i", N_("every car's public facts")),
    ("ctrl+s", N_("save (asks for a file the first time)")),
    ("q", N_("quit (asks first)")),
)

CARD_KEYS: KeyRows = (
    ("1-9, 0", N_("pick or put back card 1 to 10")),
    ("left, right", N_("move along the hand")),
    ("space", N_("pick or put back the card under the cursor")),
    ("up, down (+, -)", N_("gear up or down")),
    ("enter", N_("commit the selection")),
    ("u, backspace", N_("undo the last change")),
    ("escape", N_("put every picked card back")),
    ("l", N_("every legal decision, to select one")),
    (N_("mouse"), N_("click a card to pick it, a gear to choose it")),
)

OPTION_KEYS: KeyRows = (
    ("up, down", N_("highlight an option (its preview shows below the list)")),
    ("enter", N_("take the highlighted option")),
    ("1-9", N_("take option 1 to 9")),
    ("u, backspace", N_("take back a held React choice (until it is committed)")),
)

REPLAY_KEYS: KeyRows = (
    ("right, n", N_("the next decision")),
    ("left, p", N_("the previous decision")),
    ("pgdn, ]", N_("the next round")),
    ("pgup, [", N_("back to the start of the round")),
    ("home, end", N_("the start, the end")),
    ("escape, q", N_("close the replay")),
)


def rows_text(rows: KeyRows, indent: int = 2) -> str:
    """``rows`` translated, in two columns (the second as wide as the longest first), each
    description wrapped to ``WIDTH`` under itself."""
    translated = [(_(first), _(second)) for first, second in rows]
    column = max(len(first) for first, _second in translated) + 2
    lines = []
    for first, second in translated:
        head = " " * indent + first.ljust(column)
        lines.append(textwrap.fill(second, WIDTH, initial_indent=head, subsequent_indent=" " * len(head)))
    return "\n".join(lines) + "\n"


REMINDERS: dict[str, str] = {
    "draft": N_(
        "Garage draft (G-11 to G-16): the market holds one card per player plus 3. Picks go from "
        "the back of the grid to the front, then front to back, then back to front; 3 rounds in "
        "all. Upgrade cards are shuffled into your deck (G-9); their symbols work when you play "
        "them."
    ),
    "plan": N_(
        "Steps 1-2 (B-1, B-2): choose a gear - one up or down for free, two for 1 Heat (B-1.2) - "
        "and play exactly as many cards as your gear (B-2.1). Heat cards cannot be played "
        "(B-2.2). Each Stress card flips cards from your deck until a Basic card turns up "
        "(B-12.3).\n\nCorners: a Speed over the limit costs the difference in Heat; with too "
        "little Heat you spin out (B-7). With too few playable cards the hand is cluttered "
        "(B-14): no move, back to 1st gear."
    ),
    "plan-tournament": N_(
        "Step 2, Tournament mode (T-1 to T-3): play 1 to 4 cards; their number becomes your gear "
        "when they are revealed, a two-gear change costing 1 Heat. Heat cards cannot be played."
    ),
    "choose": N_("Step 3 (G-21): this card offers several Speed values: choose one."),
    "react": N_(
        "Step 5 React (B-5): use your symbols one at a time, in any order, then 'done'. Cooldown "
        "(1st gear 3, 2nd gear 1, B-5.4) puts Heat cards from your hand back in the Engine. "
        "Boost (B-5.6): pay 1 Heat, flip until a Basic card and add it to your Speed; once per "
        "turn. Adrenaline (B-4.4): +1 Speed and move 1, and/or Cooldown 1. Upgrade symbols "
        "(G-22 to G-37): Heat, Scrap and Adjust must be used before 'done' (G-23)."
    ),
    "slipstream": N_(
        "Step 6 Slipstream (B-6): with a car beside you or on the space just ahead, move 2 more "
        "spaces (more with Slipstream boosts, G-31). It does not add to your Speed, but the "
        "corners crossed are checked (B-6.7). Never across the finish line of the last lap "
        "(B-6.6)."
    ),
    "discard": N_(
        "Step 8 Discard (B-8): discard any cards from your hand, or none. Heat and Stress cards "
        "cannot be discarded (B-8.3). Then you draw back up to your hand size (B-9.2)."
    ),
    "refresh": N_("Step 9 (G-33): you may put played Refresh cards back on top of your deck."),
    "build": N_(
        "Build your car (C-15): take one Upgrade card from the market; picks go from the last "
        "player on the grid up. Your Upgrade cards stay with your car all season (C-25)."
    ),
    "swap": N_("Last on the grid (C-16): you may swap one of your Upgrade cards for a leftover of the market."),
    "keep": N_("GOAT (C-44): keep one of your Upgrade cards for the next season; the others go back."),
    "waiting": N_("Other drivers are deciding. Your turn comes next."),
}
"""The rules reminder of each step (``step_key``), in English: translated where shown."""


def step_key(phase: str, step: str | None, *, tournament: bool = False) -> str:
    """The reminder key for a race phase and turn step (or a season phase)."""
    if phase == "plan":
        return "plan-tournament" if tournament else "plan"
    if phase == "turn" and step:
        return step
    return phase


def help_text(key: str, *, cards: bool) -> str:
    """The whole help for the step ``key``: its keys, the app's keys and the reminder, in the
    language spoken."""
    keys = rows_text((*(CARD_KEYS if cards else OPTION_KEYS), *GLOBAL_KEYS))  # one column of keys
    reminder = _(REMINDERS[key]) if key in REMINDERS else ""
    return _("Keys") + "\n" + keys + "\n" + _("Rules reminder") + "\n" + reminder.rstrip() + "\n"


def replay_help() -> str:
    """The replay viewer's keys, in the language spoken."""
    return _("Replay keys") + "\n" + rows_text(REPLAY_KEYS)


def symbol_lines(card: CardDef) -> list[str]:
    """What each value and symbol of ``card`` (an Upgrade or Sponsorship card) does, one line
    each with its rule id: a reminder shown when the card is highlighted in a market."""
    lines = []
    if len(card.speeds) > 1:
        values = "/".join(map(str, card.speeds))
        lines.append(_("Speed {values}: choose one of these values after the + symbols (G-21)", values=values))
    elif card.speeds:
        lines.append(_("Speed {value}: added to your Speed when the card is revealed (G-19)", value=card.speeds[0]))
    if card.plus == 1:
        lines.append(_("+ x1: flip cards until a Basic card turns up, add it to your Speed (G-20)"))
    elif card.plus:
        lines.append(
            ngettext(
                "+ x{count}: flip cards until a Basic card turns up, add it to your Speed, {count} time (G-20)",
                "+ x{count}: flip cards until a Basic card turns up, add it to your Speed, {count} times (G-20)",
                card.plus,
            )
        )
    if card.heat:
        lines.append(
            _("Heat {count} (mandatory): move {count} Heat from your Engine to your discard (G-25)", count=card.heat)
        )
    if card.scrap:
        lines.append(
            ngettext(
                "Scrap {count} (mandatory): discard the top card of your deck, {count} time (G-27)",
                "Scrap {count} (mandatory): discard the top card of your deck, {count} times (G-27)",
                card.scrap,
            )
        )
    if card.adjust:
        lines.append(
            _(
                "Speed Limit {change} (mandatory): every Speed Limit you cross this turn is {change} for you (G-28)",
                change=f"{card.adjust:+d}",
            )
        )
    if card.cooldown:
        lines.append(
            _("Cooldown {count}: up to {count} Heat from your hand back to the Engine (G-30)", count=card.cooldown)
        )
    if card.slipstream:
        lines.append(
            _("Slipstream +{count}: when you slipstream, up to {count} more spaces (G-31)", count=card.slipstream)
        )
    if card.reduce_stress:
        lines.append(
            _("Reduce Stress {count}: discard up to {count} Stress from hand (G-32)", count=card.reduce_stress)
        )
    if card.salvage:
        lines.append(
            _(
                "Salvage {count}: shuffle up to {count} cards of your discard pile into your deck (G-34)",
                count=card.salvage,
            )
        )
    if card.refresh:
        lines.append(_("Refresh: in step 9 you may put it back on top of your deck instead of discarding it (G-33)"))
    if card.direct:
        lines.append(_("Direct Play: play it from your hand in React, as if revealed (G-35)"))
    if card.accelerate:
        lines.append(_("Accelerate: +1 Speed for every + symbol you used this turn, all of them or none (G-36, G-37)"))
    if card.one_time:
        lines.append(_("One-time use: removed from the game at the end of the turn it is played (G-29)"))
    if card.becomes:
        lines.append(_("In your deck it is a {card} card (G-8)", card=_(card.becomes.capitalize())))
    return lines
