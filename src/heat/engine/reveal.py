"""The reveal's two judgements, shared by the engine, the preview and the bots so that they can
never disagree: the gear and Engine a car has when its cards are revealed, and whether its play
is a cluttered hand's (B-14), which does not move."""

from __future__ import annotations


def reachable_gears(gear: int, engine: int) -> range:
    """The gears a car in ``gear`` with ``engine`` Heat cards in its Engine can shift to: one gear
    up or down free, two for 1 Heat (B-1.1, B-1.2, OQ-B-7), within 1 to 4 (B-1.4)."""
    reach = 2 if engine >= 1 else 1
    return range(max(1, gear - reach), min(4, gear + reach) + 1)


def gear_at_reveal(gear: int, engine: int, plan_gear: int, cards: int, tournament: bool) -> tuple[int, int]:
    """The gear and Engine of a car, in ``gear`` with ``engine`` Heat before its shift, when its
    play of ``cards`` cards in ``plan_gear`` is revealed. The plan's gear (B-1), or in Tournament
    mode the gear its number of cards sets (T-2); a two-gear shift pays 1 Heat (B-1.2, T-3). A
    gear the car cannot reach (a cluttered hand's cards in Tournament mode) is not shifted to, and
    nothing is paid (OQ-T-2)."""
    target = cards if tournament else plan_gear
    if target not in reachable_gears(gear, engine):
        return gear, engine
    return target, engine - (1 if abs(target - gear) == 2 else 0)


def is_cluttered_play(heat_cards: int, cards: int, gear: int, upgrade_heat: int, engine: int) -> bool:
    """Is a play of ``cards`` cards, ``heat_cards`` of them Heat cards, whose Upgrades' Heat
    symbols add up to ``upgrade_heat``, a cluttered hand's, judged at the reveal in ``gear`` with
    ``engine`` Heat? Heat cards fill only a cluttered hand (B-14.1); fewer cards than the gear
    means the hand had too few playable ones (B-2.4); an Upgrade whose Heat the Engine cannot pay
    is held like a Heat card (OQ-G-3)."""
    return heat_cards > 0 or cards < gear or upgrade_heat > engine
