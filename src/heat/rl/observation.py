"""Observations: a fixed-size float32 vector made from one seat's view and nothing else.

``encode(view, prefix)`` reads only the ``SeatView`` (what the engine lets that seat know) and the
tokens of the decision the agent is spelling; so an observation can hold no other player's hand,
no deck order and no random state (``tests/rl/test_observation.py`` checks it as the engine's view
test does). The layout, section by section, is ``LAYOUT`` (docs/rl.md lists every feature).
Numbers are scaled to about 0..1 by the constants below; counts of cards are raw counts / 4.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from functools import cache

import numpy as np

from heat.engine import SeatView, track
from heat.engine.board import lines_ahead
from heat.engine.config import MAX_CARS
from heat.rl.actions import action_count, card_ids

PHASES = ("draft", "plan", "turn", "over")
STEPS = ("choose", "react", "slipstream", "discard", "refresh")
GLOBAL_FEATURES = (
    *(f"phase:{phase}" for phase in PHASES),
    *(f"step:{step}" for step in STEPS),
    "round / 20",
    "laps / 5",
    "started cars / 6",
    "hand size / 10",
    "Stress reserve / 10",
    "tournament",
    "weather",
    "Pro Legends / 5",
    "Legends card revealed",
    "cars in the Hall of Fame / 6",
    "I decide now",
    "my turn",
)
CAR_FEATURES = (
    "present",
    "legend",
    "on track",
    "finished",
    "eliminated",
    "progress ahead of mine / spaces",
    "progress / (laps * spaces)",
    "lane 2",
    *(f"gear {gear}" for gear in range(1, 5)),
    "Engine / 10",
    "hand / 10",
    "deck / 20",
    "discard pile / 20",
    "play area / 4",
    "committed",
    "place / 6",
    "active",
    "to decide",
    "Adrenaline",
)
"""One block per car, the viewer's own first, then the seats after it in seat order."""
TURN_FEATURES = (
    "Speed / 20",
    "turn start ahead of mine / spaces",
    "Adrenaline",
    "Adrenaline move used",
    "Adrenaline Cooldown used",
    "gear Cooldown used",
    "Boost used",
    "Speed Limit adjust / 5",
    "Slipstream boost / 4",
    "Accelerate / 4",
    "+ used / 4",
    "Upgrade symbols left / 4",
)
CORNERS_AHEAD = 3
CORNER_FEATURES = ("distance / spaces", "Speed Limit / 10", "Press Corner")
"""For each of the next ``CORNERS_AHEAD`` Corner Lines ahead of my car (of my turn's start
while it is my turn)."""
CARD_SECTIONS = ("hand", "deck", "play", "plan", "discard pile", "upgrades", "draft market")
"""Counts of each card id / 4: my hand, my deck's composition, my play area, my committed plan,
my discard pile (only while the engine shows it, G-34), my Upgrades, the Garage draft's market."""


@cache
def layout() -> tuple[tuple[str, int], ...]:
    """(section, width) in order: global, cars, turn, corners, card counts, decision prefix."""
    cards = len(card_ids())
    return (
        ("global", len(GLOBAL_FEATURES)),
        ("cars", MAX_CARS * len(CAR_FEATURES)),
        ("turn", len(TURN_FEATURES)),
        ("corners", CORNERS_AHEAD * len(CORNER_FEATURES)),
        *((f"cards:{name}", cards) for name in CARD_SECTIONS),
        ("prefix", action_count()),
    )


@cache
def size() -> int:
    """The length of every observation."""
    return sum(width for _, width in layout())


@cache
def _dense_width() -> int:
    """The values before the card counts (global, cars, turn, corners)."""
    cars = MAX_CARS * len(CAR_FEATURES)
    return len(GLOBAL_FEATURES) + cars + len(TURN_FEATURES) + CORNERS_AHEAD * len(CORNER_FEATURES)


@cache
def _dense_packer() -> struct.Struct:
    """Writes the values before the card counts as float32 (a C cast of each Python float, as
    NumPy's ``astype`` rounds)."""
    return struct.Struct(f"{_dense_width()}f")


_FLOAT32 = np.dtype(np.float32)
"""The observation's type."""


@cache
def _value_indices() -> list[dict[str, int]]:
    """For each of ``CARD_SECTIONS``: card id -> the index of its count in the observation."""
    width = len(card_ids())
    return [
        {card: _dense_width() + section * width + index for index, card in enumerate(card_ids())}
        for section in range(len(CARD_SECTIONS))
    ]


_AHEAD: dict[tuple[str, int], list[tuple[int, int]]] = {}
"""The next Corner Lines from a progress on a track (``lines_ahead``): a track's corners never
move, so each (track, origin) is worked out once per process."""


def _lines_ahead(view: SeatView, spaces: int, origin: int) -> list[tuple[int, int]]:
    key = (view.track, origin)
    ahead = _AHEAD.get(key)
    if ahead is None:
        if len(_AHEAD) > 100_000:  # a bound that real races (4 tracks, laps x spaces) never reach
            _AHEAD.clear()
        lines = [corner.line_after for corner in view.corners]
        ahead = _AHEAD[key] = lines_ahead(lines, spaces, max(origin, 1), CORNERS_AHEAD)
    return ahead


def _plan_cards(plan: str | None) -> tuple[str, ...]:
    """The cards of ``CarView.plan`` (``gear 3 play 1 4``)."""
    if not plan:
        return ()
    words = plan.split()
    return tuple(words[3:]) if len(words) > 2 and words[2] == "play" else ()


def encode(view: SeatView, prefix: Sequence[int] = ()) -> np.ndarray:
    """The observation of ``view``'s seat, ``prefix`` the tokens of the decision spelled so far."""
    out = encode_view(view)
    if prefix:
        add_prefix(out, prefix)
    return out


@cache
def _prefix_start() -> int:
    """The index of the first token's count (``layout()``'s last section)."""
    return size() - action_count()


def add_prefix(out: np.ndarray, prefix: Sequence[int]) -> None:
    """Add the tokens of the decision spelled so far to an observation of ``encode_view``."""
    at = _prefix_start()
    for token in prefix:
        out[at + token] += 0.25


def with_prefix(base: np.ndarray, prefix: Sequence[int]) -> np.ndarray:
    """A new observation: ``base`` (one with no prefix: ``encode_view``'s, or a season's) with
    the tokens of ``prefix``; ``base`` is left as it was."""
    out = base.copy()
    at = _prefix_start()
    # Speed (issue 34): each token's count is set once (base's prefix is all 0), without reading
    # the array back: a NumPy ``+=`` on one item costs two of a plain assignment.
    for token in prefix:
        out[at + token] = prefix.count(token) * 0.25
    return out


def encode_view(view: SeatView) -> np.ndarray:
    """``encode(view)`` with no decision spelled: what stays the same for every token of one
    decision (an environment makes it once per decision and adds the prefix to a copy)."""
    # Speed (issue 34): the values before the card counts are appended to one Python list,
    # section by section, and written as float32 at once into a zeroed buffer, the card counts
    # one index each after, and the buffer becomes the array with no copy (NumPy reads a list
    # item by item, and writes an array item by item, each several times slower). Each value is
    # worked out in Python floats as before and rounded to float32 once, so the array is the
    # same, bit for bit (tests/rl/test_rl_pinned.py).
    seat = view.seat
    assert seat is not None, "an observation is a seat's"
    me = view.cars[seat]
    spaces = track(view.track).spaces
    turn = view.turn
    active = turn.seat if turn is not None else -1
    to_decide = view.to_decide
    # global
    dense: list[float] = [0.0] * (len(PHASES) + len(STEPS))
    if view.phase in PHASES:
        dense[PHASES.index(view.phase)] = 1.0
    if turn is not None and turn.step in STEPS:
        dense[len(PHASES) + STEPS.index(turn.step)] = 1.0
    dense += (
        view.round / 20,
        view.laps / 5,
        view.started_cars / 6,
        view.hand_size / 10,
        view.stress_reserve / 10,
        view.tournament,
        view.weather is not None,
        view.pro_legends / 5,
        view.legends_card is not None,
        len(view.hall_of_fame) / 6,
        seat in to_decide,
        active == seat,
    )
    # cars, mine first
    cars = len(view.cars)
    total = max(1, view.laps * spaces)
    places = {s: place for place, s in enumerate(view.standings, 1)}
    eliminated = view.eliminated
    adrenaline = view.adrenaline_seats
    my_progress = me.progress
    for slot in range(min(cars, MAX_CARS)):
        car = view.cars[(seat + slot) % cars]
        gear = car.gear
        other = car.seat
        dense += (
            1,
            car.legend,
            car.on_track,
            car.finished,
            other in eliminated,
            (car.progress - my_progress) / spaces,
            car.progress / total,
            car.lane == 2,
            gear == 1,
            gear == 2,
            gear == 3,
            gear == 4,
            car.engine / 10,
            car.hand_count / 10,
            car.deck_count / 20,
            car.discard_count / 20,
            car.play_count / 4,
            car.committed,
            places.get(other, 0) / 6,
            active == other,
            other in to_decide,
            other in adrenaline,
        )
    if cars < MAX_CARS:
        dense += [0.0] * ((MAX_CARS - cars) * len(CAR_FEATURES))
    # turn
    if turn is not None:
        dense += (
            turn.speed / 20,
            (turn.start_progress - my_progress) / spaces,
            turn.adrenaline,
            turn.adrenaline_move_used,
            turn.adrenaline_cooldown_used,
            turn.gear_cooldown_used,
            turn.boost_used,
            turn.speed_limit_adjust / 5,
            turn.slipstream_boost / 4,
            turn.accelerate / 4,
            turn.plus_used / 4,
            len(turn.symbols) / 4,
        )
    else:
        dense += [0.0] * len(TURN_FEATURES)
    # corners ahead (always CORNERS_AHEAD of them: the laps go on without end)
    origin = turn.start_progress if active == seat and turn is not None else my_progress
    corners = view.corners
    for line, index in _lines_ahead(view, spaces, origin):
        corner = corners[index]
        dense += ((line - origin) / spaces, corner.speed_limit / 10, corner.press)
    out = bytearray(4 * size())  # zeros
    _dense_packer().pack_into(out, 0, *dense)
    # card counts: each card adds 0.25 at its index in its section, in place (exact in float32)
    floats = memoryview(out).cast("f")
    value_indices = _value_indices()
    for section, cards in enumerate(
        (
            me.hand,
            me.deck_cards,
            me.play,
            _plan_cards(me.plan),
            me.discard_pile,
            me.upgrades,
            view.draft.market if view.draft is not None else None,
        )
    ):
        if cards:
            value_index = value_indices[section]
            for card in cards:
                index = value_index[card]
                floats[index] += 0.25
    return np.frombuffer(out, _FLOAT32)
