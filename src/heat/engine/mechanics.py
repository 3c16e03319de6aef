"""The small mechanics every step uses, as functions of the race state: the board (a car's
spot, the order of cars, moving with blocking, the Corner Lines crossed) and the piles
(reshuffling, the + flip, drawing, paying Heat), and the caches of who owns which cards.

Positions on the track are kept as one integer per car, its *progress*: space ``s`` of lap ``k``
is progress ``(k - 1) * spaces + s``; the starting grid lies at progress 0 and below, and a car
has finished once its progress passes ``laps * spaces`` (the finish line, B-16.2).
"""

from __future__ import annotations

from heat.engine import board, content
from heat.engine.car import Car
from heat.engine.cardtable import any_marked
from heat.engine.errors import IllegalDecision
from heat.engine.events import CardFlipped, CrossedFinish, Drew, HeatPaid, Moved, Shuffled
from heat.engine.state import RaceState

# ------------------------------------------------------------------ the board


def slot(race: RaceState, pos: int, lane: int) -> int:
    return ((pos - 1) % race.setup.spaces + 1) * race.setup.track.spots_per_space + lane - 1


def position_key(race: RaceState, car: Car) -> tuple[int, bool]:
    # B-11.7: further along is ahead; on one space the race-line spot is ahead.
    return (car.pos, car.lane == race.setup.track.raceline[(car.pos - 1) % race.setup.spaces + 1])


def corner_limit(race: RaceState, corner: content.Corner) -> int:
    """A corner's Speed Limit with its Road Conditions token (W-12, W-13)."""
    if race.conditions is None:
        return corner.speed_limit
    return corner.speed_limit + race.conditions.corner_limit[corner.number - 1]


def corners_crossed(race: RaceState, start: int, end: int) -> list[tuple[int, content.Corner]]:
    """Corner Lines between progress ``start`` and ``end``, in crossing order, as
    (line progress, corner): ``board.lines_crossed`` (B-7.5, B-7.6, B-16.5)."""
    crossed = board.lines_crossed(race.setup.corner_lines, race.setup.spaces, start, end, race.setup.finish)
    if not crossed:
        return []
    corners = race.setup.track.corners
    return [(line, corners[index]) for line, index in crossed]


def place(race: RaceState, car: Car, target: int, floor: int) -> int:
    """Put ``car`` (already lifted off the board) where ``board.place`` stops it on its way to
    ``target``, never behind ``floor`` (B-3.6, B-3.7). Returns the progress where it stopped."""
    track = race.setup.track
    pos, lane = board.place(race.occupancy, track.spots_per_space, track.raceline, race.setup.spaces, target, floor)
    if lane:
        car.pos = pos
        car.lane = lane
        race.occupancy[slot(race, pos, lane)] = car.seat
    return pos


def move_to(race: RaceState, car: Car, target: int, reason: str) -> None:
    """Move ``car`` forward to progress ``target`` with blocking (B-3.4 to B-3.7)."""
    start = car.pos
    start_lane = car.lane
    if target <= start:
        if race.log is not None:
            _emit_move(race, car, 0, reason, start, False)
        return
    occupancy = race.occupancy
    occupancy[slot(race, start, start_lane)] = -1
    stopped = place(race, car, target, start)
    if stopped == start:  # blocked all the way back: the car keeps its own spot
        car.pos = start
        car.lane = start_lane
        occupancy[slot(race, start, start_lane)] = car.seat
    if race.log is not None:
        _emit_move(race, car, target - start, reason, start, car.pos != target)
    if car.pos > race.setup.finish and not car.finished:
        car.finished = True
        if race.log is not None:
            race.log.append(CrossedFinish(car.seat))


def _emit_move(race: RaceState, car: Car, spaces: int, reason: str, start: int, blocked: bool) -> None:
    assert race.log is not None
    race.log.append(
        Moved(
            car.seat,
            spaces,
            reason,
            race.space_of(start),
            race.lap_of(start),
            race.space_of(car.pos),
            race.lap_of(car.pos),
            car.lane,
            blocked,
        )
    )


# ------------------------------------------------------------------ cards


def reshuffle(race: RaceState, car: Car) -> bool:
    """B-15.1: shuffle the discard pile into a new draw deck (never the play area, B-15.2).
    Returns False when there is nothing to shuffle (OQ-B-3)."""
    if not car.discard:
        return False
    car.deck = car.discard
    car.discard = []
    race.rng.shuffle(car.deck)
    if race.log is not None:
        race.log.append(Shuffled(car.seat, len(car.deck)))
    return True


def flip_for_basic(race: RaceState, car: Car, reason: str) -> int:
    """The + process (B-12.4): flip until a Basic card, which goes to the play area; every
    other card flipped is discarded. Returns the value added (0 if none is left, OQ-B-3)."""
    basic = race.setup.cards.basic
    while True:
        # OQ-B-3: with no Basic card left in the deck or the discard pile, the + adds 0
        # (reshuffling a pile of only Heat/Stress/Upgrade cards would flip forever).
        if not car.deck and (not any_marked(basic, car.discard) or not reshuffle(race, car)):
            return 0
        kind = car.deck.pop()
        if basic[kind]:
            car.play.append(kind)
            if race.log is not None:
                race.log.append(CardFlipped(car.seat, race.setup.cards.ids[kind], True, reason))
            return race.setup.cards.speed[kind]
        car.discard.append(kind)
        if race.log is not None:
            race.log.append(CardFlipped(car.seat, race.setup.cards.ids[kind], False, reason))


def draw_to_hand_size(race: RaceState, car: Car) -> None:
    """B-9.2: draw until the hand holds hand-size cards (OQ-B-4: never discard down)."""
    hand = car.hand
    held = len(hand)
    need = race.setup.hand_size - held
    if need <= 0:
        return
    while need and (car.deck or reshuffle(race, car)):
        deck = car.deck
        take = min(need, len(deck))
        hand.extend(deck[: -take - 1 : -1])  # the top ``take`` cards, drawn one at a time
        del deck[-take:]
        need -= take
    if race.log is not None:
        drawn = hand[held:]
        race.log.append(Drew(car.seat, len(drawn), race.setup.cards.names(drawn)))


def pay_heat(race: RaceState, car: Car, amount: int, reason: str) -> None:
    """B-13.1: move ``amount`` Heat cards from the Engine to the discard pile."""
    if amount <= 0:
        return
    car.engine -= amount
    car.discard.extend([race.setup.cards.heat] * amount)
    if race.log is not None:
        race.log.append(HeatPaid(car.seat, amount, reason))


def update_card_caches(race: RaceState) -> None:
    """Recompute ``fast_base_cards`` and the ``owns_*`` caches (speed-ups, not rules) from the
    cards the cars hold."""
    symbolic = race.setup.cards.symbolic
    direct = race.setup.cards.direct
    costs = race.setup.cards.heat_cost
    owned = [set(car.hand + car.deck + car.discard + car.play) for car in race.cars]
    race.owns_heat_cost = [any(map(costs.__getitem__, kinds)) for kinds in owned]
    race.owns_direct = [any(map(direct.__getitem__, kinds)) for kinds in owned]
    one_time, refresh = race.setup.cards.one_time, race.setup.cards.refresh
    race.owns_one_time = [any(map(one_time.__getitem__, kinds)) for kinds in owned]
    race.owns_refresh = [any(map(refresh.__getitem__, kinds)) for kinds in owned]
    race.fast_base_cards = not any(any(map(symbolic.__getitem__, kinds)) for kinds in owned) and not any(
        race.owns_direct
    )


def check_in_hand(race: RaceState, car: Car, kind: int, wanted: int) -> None:
    """IllegalDecision naming the card unless ``car`` holds ``wanted`` cards of ``kind`` (a plan
    plays, a discard throws away, only cards in hand)."""
    have = car.hand.count(kind)
    if wanted <= have:
        return
    card = race.setup.cards.ids[kind]
    if have == 1:
        raise IllegalDecision("{car} has 1 '{card}' card in hand, not {count}", car=car.name, card=card, count=wanted)
    raise IllegalDecision(
        "{car} has {have} '{card}' cards in hand, not {count}", car=car.name, have=have, card=card, count=wanted
    )
