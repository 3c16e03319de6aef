"""The turn simulator the PlannerBot judges its decisions with: what the cards of a plan add up to
(``Tally``), one turn of the viewer's car from where it starts, every way of finishing it, valued
by the car's value table (``TurnSim``), and the value of a hand. It calls the engine's own rules
(``heat.engine.board``, ``heat.engine.reveal``) wherever it predicts one, and reads only a view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from heat.bots import forecast
from heat.bots.heuristic import card, held_cleared
from heat.bots.valuetable import BOOST, GEAR_COOLDOWN, FreeCard, ValueTable
from heat.engine import Plan
from heat.engine import board as rules
from heat.engine.content import CardDef
from heat.engine.reveal import gear_at_reveal, is_cluttered_play
from heat.engine.weather import Conditions

NEVER = float("inf")
"""The value of a choice the rules do not allow."""
ELIMINATED = 50.0
"""Rounds a spin-out costs where it eliminates the car (the 1963 finale, C-21)."""
WIN = 2.0
"""Rounds a race won (or lost) in the round being played is worth (B-16.2, B-16.3)."""


@dataclass(slots=True)
class Tally:
    """What the cards of a plan add up to."""

    fixed: int = 0
    """The Speed of the cards with one Speed value."""
    flips: int = 0
    """Basic cards flipped: one per Stress card and per + symbol (B-12)."""
    stress: int = 0
    """Stress cards played."""
    choices: list[tuple[int, ...]] = field(default_factory=list)
    """The Speed values of each choice card."""
    heat: int = 0
    """Heat to pay: the cards' Heat symbols and a two-gear shift (B-1.2)."""
    adjust: int = 0
    cooldown: int = 0
    reduce: int = 0
    slip: int = 0
    cards: int = 0
    """Cards played."""
    shift: int = 0
    """Heat paid for a two-gear shift (B-1.2), included in ``heat``."""
    heat_cards: int = 0
    """Heat cards played: only a cluttered hand's play holds them (B-14.1)."""
    others: list[CardDef] = field(default_factory=list)
    """The cards played other than Heat and Stress."""
    cluttered: bool = False
    """The play is a cluttered hand's (B-14), as the engine judges it at the reveal: it does not
    move."""

    def cluttered_value(self, table: ValueTable, start: int, engine: int, hand_heat: int, hand_stress: int) -> float:
        """The value of a cluttered hand's play (B-14): the car stays at ``start`` and goes to 1st
        gear, nothing of the play is resolved (OQ-B-6), its Heat and Stress cards leave the hand
        and a two-gear shift was paid at once (B-1.2). Minus the rounds the table says the car
        then needs, the round itself left out as in every plan's value; so the planner weighs
        clearing Heat cards from the hand against paying a shift from the Engine. The table does
        not see Upgrades held because the Engine cannot pay them (OQ-G-3): ``held_cleared``
        counts those the play clears that the Engine left after the shift cannot pay, a
        hundredth of a round each, enough to prefer the fill that clears most, and among fills
        that clear as many keeps the best cards in hand."""
        after = table.after(start, 1, engine - self.shift, hand_heat - self.heat_cards, hand_stress - self.stress)
        return -after + held_cleared(self.others, engine - self.shift)

    def hand_after(self, gear: int, hand_heat: int, hand_stress: int) -> tuple[int, int]:
        """The Heat cards the gear and the cards cool down, and the Stress cards left in hand."""
        cool = min(GEAR_COOLDOWN[gear] + self.cooldown, hand_heat)
        return cool, max(0, hand_stress - self.stress - self.reduce)


def tally_of(decision: Plan, gear: int, engine: int, tournament: bool) -> Tally:
    """The cards of ``decision`` played from ``gear`` with ``engine`` Heat in the Engine, in
    Tournament mode (T-2) or not."""
    revealed, left = gear_at_reveal(gear, engine, decision.gear, len(decision.cards), tournament)
    tally = Tally(heat=engine - left, shift=engine - left, cards=len(decision.cards))
    upgrade_heat = 0
    for card_id in decision.cards:
        c = card(card_id)
        if c.type == "heat":
            tally.heat_cards += 1
            continue
        if c.type == "stress":
            tally.flips += 1
            tally.stress += 1
            continue
        if len(c.speeds) > 1:
            tally.choices.append(c.speeds)
        elif c.speeds:
            tally.fixed += c.speeds[0]
        tally.flips += c.plus
        upgrade_heat += c.heat
        tally.others.append(c)
        tally.adjust += c.adjust
        tally.cooldown += c.cooldown
        tally.reduce += c.reduce_stress
        tally.slip += c.slipstream
    tally.heat += upgrade_heat
    # The engine's own judgement (B-14, B-2.4, OQ-G-3, OQ-T-2), so no play it leaves standing
    # is valued as a move.
    tally.cluttered = is_cluttered_play(tally.heat_cards, len(decision.cards), revealed, upgrade_heat, left)
    return tally


def free_card(card_id: str) -> FreeCard:
    """A card that is neither Heat nor Stress, as the value table sees it."""
    definition = card(card_id)
    return (tuple(definition.speeds) or (0,), definition.plus)


def hand_rounds(table: ValueTable, pos: int, gear: int, engine: int, hand: Sequence[str]) -> float:
    """``table.hand_value`` for a hand of card ids."""
    free = [free_card(c) for c in hand if card(c).type not in ("heat", "stress")]
    return table.hand_value(pos, gear, engine, hand.count("heat"), hand.count("stress"), free)


def drawn_rounds(
    table: ValueTable, pos: int, gear: int, engine: int, kept: Sequence[str], deals: Sequence[Sequence[str]]
) -> float:
    """``hand_rounds`` of the ``kept`` cards completed to a full hand by each of ``deals``, summed."""
    draws = max(0, table.model.hand - len(kept))
    total = 0.0
    for deal in deals:
        total += hand_rounds(table, pos, gear, engine, [*kept, *deal[:draws]])
    return total


def kept_delta(
    table: ValueTable, pos: int, gear: int, engine: int, kept: Sequence[str], deals: Sequence[Sequence[str]]
) -> float:
    """How many rounds more (negative: fewer) the ``kept`` cards, completed by each of ``deals``,
    leave the car at ``pos`` than a random hand of its cards would (the table's model)."""
    if pos > table.model.finish or not deals:
        return 0.0
    mean = drawn_rounds(table, pos, gear, engine, kept, deals) / len(deals)
    return mean - table.after(pos, gear, engine, kept.count("heat"), kept.count("stress"))


@dataclass(slots=True)
class TurnSim:
    """One turn of the viewer's car from ``start``: what each way of finishing it is worth."""

    table: ValueTable
    start: int
    gear: int
    hand_heat: int
    hand_stress: int
    finish: int
    spots: int
    spaces: int
    """Spaces in a lap of the track."""
    slip_boost: int
    """Slipstream boosts of the cards played (G-31); the sector's come from ``conditions``."""
    conditions: Conditions | None
    """The race's Weather and Road Conditions (W-15, W-25, W-26)."""
    adjust: int
    free_boost: bool
    eliminating: bool = False
    """A spin-out eliminates the car (C-21): it costs the race."""
    behind_from: int = -1_000_000
    """A car ending its move at or behind this progress gets Adrenaline next round..."""
    bonus: float = 0.0
    """... worth this many rounds."""
    rival: int = -1_000_000
    """The best progress of any other car at the round's end: a win or a loss is decided this
    round if either passes the finish line."""

    def react(
        self, speed: int, moved: int, engine: int, occupied: dict[int, int], adrenaline: bool, boost: bool
    ) -> float:
        """The best of what React may still add (Adrenaline's +1, a Boost), then slipstream."""
        best = self.land(speed, moved, engine, occupied)
        if adrenaline:
            best = min(best, self.land(speed + 1, moved + 1, engine, occupied))
        if boost:
            best = min(best, self.boost(speed, moved, engine, occupied, adrenaline))
        return best

    def boost(self, speed: int, moved: int, engine: int, occupied: dict[int, int], adrenaline: bool) -> float:
        """A Boost now (B-5.6): 1 Heat (none in a Heat control sector, W-16), then +1 to +4."""
        cost = 0 if self.free_boost else 1
        if engine < cost or (engine < 1 and not self.free_boost):
            return NEVER
        total = 0.0
        for gain in BOOST:
            value = self.land(speed + gain, moved + gain, engine - cost, occupied)
            if adrenaline:
                value = min(value, self.land(speed + gain + 1, moved + gain + 1, engine - cost, occupied))
            total += 0.25 * value
        return total

    def land(self, speed: int, moved: int, engine: int, occupied: dict[int, int]) -> float:
        """Where the move ends (blocked back if the space is full, B-3.7), then the better of
        slipstreaming or not (B-6), then the corners."""
        if engine < 0:
            return NEVER
        end = self.start + moved
        while end > self.start and self.cars_on(occupied, end) >= self.spots:
            end -= 1
        best = self.settle(speed, end, engine)
        for distance in self.slipstream_distances(end, occupied):
            target = end + distance
            while target > end and self.cars_on(occupied, target) >= self.spots:
                target -= 1
            best = min(best, self.settle(speed, target, engine))
        return best

    def cars_on(self, occupied: dict[int, int], pos: int) -> int:
        """The other cars on the board space of progress ``pos`` (``forecast.cars_on``)."""
        return forecast.cars_on(occupied, pos, self.spaces)

    def slipstream_distances(self, end: int, occupied: dict[int, int]) -> list[int]:
        """The Slipstream distances open to the car once its move ends at ``end``: beside a car or
        on the space behind one (B-6.2, OQ-B-1), then the engine's ``board.slipstream_distances``
        with the cards' boosts and the sector's Weather (G-31, W-15, W-25, W-26)."""
        if not (self.cars_on(occupied, end) or self.cars_on(occupied, end + 1)):
            return []
        boost = self.slip_boost
        no_slipstream = False
        conditions = self.conditions
        if conditions is not None:
            space = rules.space_of(end, self.spaces)
            no_slipstream = conditions.no_slipstream[space]
            boost += conditions.slipstream_boost[space]
        return rules.slipstream_distances(end, self.finish, boost, no_slipstream)

    def settle(self, speed: int, end: int, engine: int) -> float:
        """Rounds still needed after ending the move at ``end``: the Corner Lines crossed are paid
        at ``speed`` (B-7.4), or the car spins out at the first it cannot pay (B-7.7)."""
        table = self.table
        owed, spun = table.corner_heat(self.start, end, speed - self.adjust, engine)
        if spun is not None:
            stress = 1 if self.gear <= 2 else 2  # B-7.9
            value = table.after(spun, 1, 0, self.hand_heat, self.hand_stress + stress) + table.model.spin_extra
            if self.eliminating:
                value += ELIMINATED
            end = spun
        else:
            value = table.after(end, self.gear, engine - owed, self.hand_heat, self.hand_stress)
        if end < self.behind_from and end <= self.finish:
            value -= self.bonus
        if end > self.finish and end > self.rival:
            value -= WIN  # first past the line this round (ties lost: the race line is unknown)
        elif self.rival > self.finish:
            value += WIN
        return value
