"""Where the other cars will stand when a car takes its turn, as a bot can foresee it.

Cars move in race order, the leader first (B-11.6). When a car takes its turn, the cars ahead of
it have moved and the cars behind it have not. A Legend's move follows from the round's Legends
card (L-6 to L-13), so the bot weighs every card it may be; other players' moves are unknown
and their cars are left where they stand. The result, one occupancy map per Legends card with
its chance, tells a plan where its car would be blocked (B-3.7) and where it could slipstream
(B-6.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from heat.engine import SeatView, track
from heat.engine.content import LegendsCard, Track, legends_cards
from heat.engine.legends import legend_target


@dataclass(frozen=True, slots=True)
class Scenario:
    """One way the cars ahead may move: its chance, how many cars stand on each progress when the
    viewer's turn comes, and where the other cars will stand at the end of the round (Legends
    behind moved with the same card; other players left where they are), best first."""

    chance: float
    occupied: dict[int, int]
    final: tuple[int, ...] = ()


def progress(view: SeatView, seat: int) -> int:
    """A car's progress (laps and spaces in one number)."""
    return view.cars[seat].progress


def race_order(view: SeatView) -> list[int]:
    """The seats on the track from first to last, as the engine orders them (B-11.6, B-3.6)."""
    board = track(view.track)
    racing = [car for car in view.cars if car.on_track]
    racing.sort(key=lambda car: (progress(view, car.seat), car.lane == board.raceline_lane(car.space)), reverse=True)
    return [car.seat for car in racing]


def has_adrenaline(view: SeatView) -> bool:
    """Will the viewer's car take one of the last turns of the round (B-4.1, B-4.2)?"""
    assert view.seat is not None
    if view.adrenaline_seats:
        return view.seat in view.adrenaline_seats
    last = 2 if view.started_cars >= 5 else 1
    return view.seat in race_order(view)[-last:]


def scenarios(view: SeatView) -> list[Scenario]:
    """At the plan phase: the other cars' spots at the viewer's turn this round, one occupancy
    map per Legends card the round may reveal (identical maps merged, their chances added)."""
    assert view.seat is not None
    if view.seat not in race_order(view):
        return [Scenario(1.0, {})]
    choices = _possible_cards(view, any(car.legend and car.on_track for car in view.cars))
    merged: dict[tuple[tuple[tuple[int, int], ...], tuple[int, ...]], int] = {}
    for card in choices:
        occupied, final = moves(view, card)
        key = (tuple(sorted(occupied.items())), final)
        merged[key] = merged.get(key, 0) + 1
    total = sum(merged.values())
    return [Scenario(count / total, dict(key[0]), key[1]) for key, count in merged.items()]


def moves(view: SeatView, card: LegendsCard) -> tuple[dict[int, int], tuple[int, ...]]:
    """If the round reveals ``card``: how many cars stand on each progress when the viewer's
    turn comes (the cars ahead have moved), and every other car's progress at the end of the
    round, best first (Legends behind moved too; other players left where they are)."""
    assert view.seat is not None
    board = track(view.track)
    finish = view.laps * board.spaces
    order = race_order(view)
    mine = order.index(view.seat)
    limits = [corner.speed_limit for corner in view.corners]
    occupied: dict[int, int] = {}
    for seat in order[mine + 1 :]:
        where = progress(view, seat)
        occupied[where] = occupied.get(where, 0) + 1
    for seat in order[:mine]:
        car = view.cars[seat]
        where = progress(view, seat)
        if car.legend:
            where = _legend_move(view, board, where, finish, card, car.color, limits, occupied)
        occupied[where] = occupied.get(where, 0) + 1
    final = dict(occupied)
    for seat in order[mine + 1 :]:
        car = view.cars[seat]
        if car.legend:
            where = progress(view, seat)
            final[where] -= 1
            where = _legend_move(view, board, where, finish, card, car.color, limits, final)
            final[where] = final.get(where, 0) + 1
    ends = tuple(sorted((where for where, count in final.items() for _ in range(count)), reverse=True))
    return occupied, ends


def rest_of_round(view: SeatView) -> list[tuple[float, int]]:
    """During the viewer's turn: the best progress any other car will have at the end of the
    round, with its chance (the Legends still to move follow the round's card, or every card it
    may be; other players still to move are left where they stand)."""
    assert view.seat is not None
    board = track(view.track)
    finish = view.laps * board.spaces
    limits = [corner.speed_limit for corner in view.corners]
    if view.turn is not None and view.turn.seat == view.seat:
        limits = [limit - view.turn.speed_limit_adjust for limit in limits]
    waiting = still_to_move(view)
    choices = _possible_cards(view, any(view.cars[seat].legend for seat in waiting))
    found: dict[int, int] = {}
    now = occupancy_now(view)
    for card in choices:
        occupied = dict(now)
        for seat in waiting:
            car = view.cars[seat]
            if car.legend and car.on_track:
                where = progress(view, seat)
                occupied[where] -= 1
                where = _legend_move(view, board, where, finish, card, car.color, limits, occupied)
                occupied[where] = occupied.get(where, 0) + 1
        best = max((where for where, count in occupied.items() if count > 0), default=-1_000_000)
        found[best] = found.get(best, 0) + 1
    total = sum(found.values())
    return [(count / total, best) for best, count in found.items()]


def still_to_move(view: SeatView) -> list[int]:
    """During the viewer's turn: the seats that take their turns after it this round."""
    order = list(view.order)
    return order[order.index(view.seat) + 1 :] if view.seat in order else []


def _possible_cards(view: SeatView, legends_move: bool) -> list[LegendsCard]:
    """The Legends cards the round may use: the revealed one, else, if a Legend is still to
    move, every card still in the Legends deck (every card if it is empty: L-16), else one card
    (it moves nobody)."""
    cards = legends_cards()
    if view.legends_card is not None:
        return [card for card in cards if card.number == view.legends_card]
    if not legends_move:
        return list(cards[:1])
    to_come = set(view.legends_to_come)
    return [card for card in cards if card.number in to_come] or list(cards)


def _legend_move(
    view: SeatView,
    board: Track,
    where: int,
    finish: int,
    card: LegendsCard,
    color: str,
    limits: list[int],
    occupied: dict[int, int],
) -> int:
    pro, aggressive = view.pro_legends, view.aggressive_legends
    target = legend_target(board, where, finish, card, color, pro, limits, aggressive)
    while target > where and cars_on(occupied, target, board.spaces) >= board.spots_per_space:
        target -= 1  # OQ-L-1: blocked like any car
    return target


def cars_on(occupied: dict[int, int], pos: int, spaces: int) -> int:
    """The cars of ``occupied`` (progress -> cars) on the board space of progress ``pos``,
    whatever their lap: the board has one space for every lap, so a car a lap ahead blocks
    (B-3.7) and gives a Slipstream (B-6.2) too."""
    space = pos % spaces
    return sum([count for where, count in occupied.items() if where % spaces == space])


def occupancy_now(view: SeatView) -> dict[int, int]:
    """How many other cars stand on each progress right now."""
    occupied: dict[int, int] = {}
    for car in view.cars:
        if car.on_track and car.seat != view.seat:
            where = progress(view, car.seat)
            occupied[where] = occupied.get(where, 0) + 1
    return occupied
