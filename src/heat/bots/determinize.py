"""Determinization: a full race position consistent with one seat's view.

A search bot may not look at hidden cards. It samples them instead: its own draw deck order and
discard pile, other players' hands, decks and discard piles, the Legends deck order and the
random state, all drawn from what the view allows (each car's card counts, the cards that are
face up, and the composition a car can own). The sample is a position (see docs/positions.md),
so the engine itself plays it out.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from heat.engine import SeatView, track
from heat.engine.content import CardDef, cards_by_id, catalogue, weather_tokens
from heat.engine.rng import Rng


def _defs() -> dict[str, CardDef]:
    return cards_by_id()


@cache
def _basic_deck() -> tuple[str, ...]:
    cards = catalogue()
    return tuple(card_id for card_id, count in cards.basic_deck for _ in range(count))


@cache
def _starting() -> tuple[str, ...]:
    cards = catalogue()
    return tuple(card_id for card_id, count in cards.starting_upgrades for _ in range(count))


def owned_cards(view: SeatView, seat: int) -> Counter[str]:
    """The cards a car most likely owns outside its Engine: Basic cards, Starting Upgrades or its
    Upgrade cards, and Stress; the count is matched to the car's piles by adding Stress (from
    spin-outs) or removing cards the view cannot account for."""
    car = view.cars[seat]
    defs = _defs()
    owned: Counter[str] = Counter(_basic_deck())
    if car.upgrades:
        owned.update(defs[c].becomes or c for c in car.upgrades)
    elif not any(c.upgrades for c in view.cars):
        owned.update(_starting())
    board = track(view.track)
    owned["stress"] += board.stress
    engine_start = board.heat + _weather_heat(view)
    owned["heat"] += max(0, engine_start - car.engine)  # Heat paid and not yet cooled down
    total = car.hand_count + car.deck_count + car.discard_count + car.play_count
    missing = total - sum(owned.values())
    if missing > 0:
        owned["stress"] += missing  # spin-outs (and Sponsorship cards, which are rare)
    while missing < 0 and owned:
        # fewer cards than expected (weather or events removed some): drop Stress, then Heat
        for card_id in ("stress", "heat", "1", "2", "3", "4"):
            if owned[card_id] > 0:
                owned[card_id] -= 1
                missing += 1
                break
        else:
            break
    return +owned


def _weather_heat(view: SeatView) -> int:
    if view.weather is None:
        return 0
    weather, _ = weather_tokens()
    token = next((t for t in weather if t.id == view.weather), None)
    return token.heat if token is not None else 0


def sample_position(view: SeatView, rng: Rng) -> dict[str, Any]:
    """A complete position consistent with ``view`` (the hidden cards drawn at random)."""
    assert view.seat is not None, "a spectator's view cannot be determinized"
    cars: list[dict[str, Any]] = []
    for car in view.cars:
        entry: dict[str, Any] = {
            "name": car.name,
            "color": car.color,
            "space": car.space,
            "lap": car.lap,
            "lane": car.lane,
            "on_track": car.on_track,
            "finished": car.finished,
            "gear": car.gear,
            "engine": car.engine,
            "legend": car.legend,
            "upgrades": list(car.upgrades),
        }
        if not car.legend:
            entry.update(_sample_cards(view, car.seat, rng))
        cars.append(entry)
    data: dict[str, Any] = {
        "track": view.track,
        "laps": view.laps,
        "hand_size": view.hand_size,
        "started_cars": view.started_cars,
        "round": max(1, view.round),
        "phase": view.phase,
        "stress_reserve": view.stress_reserve,
        "rng": rng.next64(),
        "hall_of_fame": list(view.hall_of_fame),
        "cars": cars,
        "eliminated": list(view.eliminated),
    }
    options: dict[str, Any] = {}
    if view.pro_legends:
        options["pro_legends"] = view.pro_legends
    if not view.aggressive_legends:
        options["aggressive_legends"] = False
    if view.tournament:
        options["tournament"] = True
    press = [corner.number for corner in view.corners if corner.press]
    if press:
        options["press_corners"] = press
    if options:
        data["options"] = options
    if view.weather is not None:
        road = []
        for corner in view.corners:
            road.append(corner.road or corner.sector_road)
        data["weather"] = {"token": view.weather, "road": road}
    if any(car.legend for car in view.cars):
        deck = list(view.legends_to_come)
        rng.shuffle(deck)
        current = view.legends_card
        data["legends"] = {"deck": deck, "card": current}
    if view.turn is not None:
        turn = view.turn
        data["step"] = turn.step
        data["order"] = list(view.order)
        data["turn_index"] = view.order.index(turn.seat)
        data["adrenaline_seats"] = list(view.adrenaline_seats)
        data["turn"] = {
            "start_space": turn.start_space,
            "start_lap": turn.start_lap,
            "speed": turn.speed,
            "adrenaline": turn.adrenaline,
            "adrenaline_move_used": turn.adrenaline_move_used,
            "adrenaline_cooldown_used": turn.adrenaline_cooldown_used,
            "gear_cooldown_used": turn.gear_cooldown_used,
            "boost_used": turn.boost_used,
            "adjust": turn.speed_limit_adjust,
            "plus_used": turn.plus_used,
            "accelerate": turn.accelerate,
            "slip_boost": turn.slipstream_boost,
            "symbols": [list(symbol) for symbol in turn.symbols],
        }
    return data


def _sample_cards(view: SeatView, seat: int, rng: Rng) -> dict[str, Any]:
    """Hand, deck, discard pile and play area of one car, hidden parts drawn at random."""
    car = view.cars[seat]
    own = seat == view.seat
    unknown = owned_cards(view, seat)
    known: list[str] = []
    hand = list(car.hand) if own and car.hand is not None else []
    known += hand
    play = list(car.play) if car.play is not None else []
    known += play
    if car.discard_top is not None:
        known.append(car.discard_top)
    plan = None
    if own and car.plan is not None:
        plan = car.plan
    for card_id in known:
        if unknown[card_id] > 0:
            unknown[card_id] -= 1
    pool = list((+unknown).elements())
    rng.shuffle(pool)
    heat = "heat"

    def take(count: int) -> list[str]:
        drawn = [pool.pop() for _ in range(min(count, len(pool)))]
        while len(drawn) < count:
            drawn.append(heat)  # the view promises more cards than the composition: pad with Heat
        return drawn

    if not own:
        hand = take(car.hand_count)
    if car.play is None:  # a face-down plan: playable cards, most likely
        playable = [c for c in pool if c != heat]
        play = playable[-car.play_count :] if car.play_count else []
        for card_id in play:
            pool.remove(card_id)
        play += [heat] * (car.play_count - len(play))
    discard_rest = take(max(0, car.discard_count - (1 if car.discard_top is not None else 0)))
    discard = discard_rest + ([car.discard_top] if car.discard_top is not None else [])
    deck = take(car.deck_count)
    entry: dict[str, Any] = {"hand": hand, "deck": deck, "discard": discard, "play": play}
    if plan is not None:
        gear_text, cards_text = plan.split(" play ")
        entry["plan"] = {"gear": int(gear_text.split()[1]), "cards": cards_text.split()}
    return entry
