"""The words of the ``?`` screen: the keys and a reminder of the rules for the current step.

A reminder, not the rules: the engine decides what is legal and says why when it refuses.
"""

from __future__ import annotations

from heat.engine.content import CardDef

GLOBAL_KEYS = """\
  ?                  this help
  i                  every car's public facts
  ctrl+s             save (asks for a file the first time)
  q                  quit (asks first)
"""

CARD_KEYS = """\
  1-9, 0             pick or put back card 1 to 10
  left, right        move along the hand
  space              pick or put back the card under the cursor
  up, down (+, -)    gear up or down
  enter              commit the selection
  u, backspace       undo the last change
  escape             put every picked card back
  l                  every legal decision, to select one
  mouse              click a card to pick it, a gear to choose it
"""

OPTION_KEYS = """\
  up, down           highlight an option (its preview shows below the list)
  enter              take the highlighted option
  1-9                take option 1 to 9
  u, backspace       take back a held React choice (until it is committed)
"""

REMINDERS: dict[str, str] = {
    "draft": (
        "Garage draft (G-11 to G-16): the market holds one card per player plus 3. Picks go from "
        "the back of the grid to the front, then front to back, then back to front; 3 rounds in "
        "all. Upgrade cards are shuffled into your deck (G-9); their symbols work when you play "
        "them."
    ),
    "plan": (
        "Steps 1-2 (B-1, B-2): choose a gear - one up or down for free, two for 1 Heat (B-1.2) - "
        "and play exactly as many cards as your gear (B-2.1). Heat cards cannot be played "
        "(B-2.2). Each Stress card flips cards from your deck until a Basic card turns up "
        "(B-12.3).\n\nCorners: a Speed over the limit costs the difference in Heat; with too "
        "little Heat you spin out (B-7). With too few playable cards the hand is cluttered "
        "(B-14): no move, back to 1st gear."
    ),
    "plan-tournament": (
        "Step 2, Tournament mode (T-1 to T-3): play 1 to 4 cards; their number becomes your gear "
        "when they are revealed, a two-gear change costing 1 Heat. Heat cards cannot be played."
    ),
    "choose": "Step 3 (G-21): this card offers several Speed values: choose one.",
    "react": (
        "Step 5 React (B-5): use your symbols one at a time, in any order, then 'done'. Cooldown "
        "(1st gear 3, 2nd gear 1, B-5.4) puts Heat cards from your hand back in the Engine. "
        "Boost (B-5.6): pay 1 Heat, flip until a Basic card and add it to your Speed; once per "
        "turn. Adrenaline (B-4.4): +1 Speed and move 1, and/or Cooldown 1. Upgrade symbols "
        "(G-22 to G-37): Heat, Scrap and Adjust must be used before 'done' (G-23)."
    ),
    "slipstream": (
        "Step 6 Slipstream (B-6): with a car beside you or on the space just ahead, move 2 more "
        "spaces (more with Slipstream boosts, G-31). It does not add to your Speed, but the "
        "corners crossed are checked (B-6.7). Never across the finish line of the last lap "
        "(B-6.6)."
    ),
    "discard": (
        "Step 8 Discard (B-8): discard any cards from your hand, or none. Heat and Stress cards "
        "cannot be discarded (B-8.3). Then you draw back up to your hand size (B-9.2)."
    ),
    "refresh": "Step 9 (G-33): you may put played Refresh cards back on top of your deck.",
    "build": (
        "Build your car (C-15): take one Upgrade card from the market; picks go from the last "
        "player on the grid up. Your Upgrade cards stay with your car all season (C-25)."
    ),
    "swap": "Last on the grid (C-16): you may swap one of your Upgrade cards for a leftover of the market.",
    "keep": "GOAT (C-44): keep one of your Upgrade cards for the next season; the others go back.",
    "waiting": "Other drivers are deciding. Your turn comes next.",
}


def step_key(phase: str, step: str | None, *, tournament: bool = False) -> str:
    """The reminder key for a race phase and turn step (or a season phase)."""
    if phase == "plan":
        return "plan-tournament" if tournament else "plan"
    if phase == "turn" and step:
        return step
    return phase


def help_text(key: str, *, cards: bool) -> str:
    """The whole help for the step ``key``: its keys, the app's keys and the reminder."""
    keys = CARD_KEYS if cards else OPTION_KEYS
    reminder = REMINDERS.get(key, "")
    return f"Keys\n{keys}{GLOBAL_KEYS}\nRules reminder\n{reminder}".rstrip() + "\n"


def symbol_lines(card: CardDef) -> list[str]:
    """What each value and symbol of ``card`` (an Upgrade or Sponsorship card) does, one line
    each with its rule id: a reminder shown when the card is highlighted in a market."""
    lines = []
    if len(card.speeds) > 1:
        values = "/".join(map(str, card.speeds))
        lines.append(f"Speed {values}: choose one of these values after the + symbols (G-21)")
    elif card.speeds:
        lines.append(f"Speed {card.speeds[0]}: added to your Speed when the card is revealed (G-19)")
    if card.plus:
        times = f", {card.plus} times" if card.plus > 1 else ""
        lines.append(f"+ x{card.plus}: flip cards until a Basic card turns up, add it to your Speed{times} (G-20)")
    if card.heat:
        lines.append(f"Heat {card.heat} (mandatory): move {card.heat} Heat from your Engine to your discard (G-25)")
    if card.scrap:
        lines.append(f"Scrap {card.scrap} (mandatory): discard the top card of your deck, {card.scrap} times (G-27)")
    if card.adjust:
        lines.append(
            f"Speed Limit {card.adjust:+d} (mandatory): every Speed Limit you cross this turn is {card.adjust:+d} "
            "for you (G-28)"
        )
    if card.cooldown:
        lines.append(f"Cooldown {card.cooldown}: up to {card.cooldown} Heat from your hand back to the Engine (G-30)")
    if card.slipstream:
        lines.append(f"Slipstream +{card.slipstream}: when you slipstream, up to {card.slipstream} more spaces (G-31)")
    if card.reduce_stress:
        lines.append(f"Reduce Stress {card.reduce_stress}: discard up to {card.reduce_stress} Stress from hand (G-32)")
    if card.salvage:
        lines.append(
            f"Salvage {card.salvage}: shuffle up to {card.salvage} cards of your discard pile into your deck (G-34)"
        )
    if card.refresh:
        lines.append("Refresh: in step 9 you may put it back on top of your deck instead of discarding it (G-33)")
    if card.direct:
        lines.append("Direct Play: play it from your hand in React, as if revealed (G-35)")
    if card.accelerate:
        lines.append("Accelerate: +1 Speed for every + symbol you used this turn, all of them or none (G-36, G-37)")
    if card.one_time:
        lines.append("One-time use: removed from the game at the end of the turn it is played (G-29)")
    if card.becomes:
        lines.append(f"In your deck it is a {card.becomes.capitalize()} card (G-8)")
    return lines
