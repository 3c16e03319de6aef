"""Observations: a fixed-size float32 vector made from one seat's view and nothing else.

``encode(view, prefix)`` reads only the ``SeatView`` (what the engine lets that seat know) and the
tokens of the decision the agent is spelling; so an observation can hold no other player's hand,
no deck order and no random state (``tests/rl/test_observation.py`` checks it as the engine's view
test does). The layout, section by section, is ``LAYOUT`` (docs/rl.md lists every feature).
Numbers are scaled to about 0..1 by the constants below; counts of cards are raw counts / 4.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

import numpy as np
from librt.strings import BytesWriter, write_f32_le

from heat.engine import SeatView, track
from heat.engine.board import lines_ahead
from heat.engine.config import MAX_CARS
from heat.rl.actions import action_count, card_ids

PHASES: Final = ("draft", "plan", "turn", "over")
STEPS: Final = ("choose", "react", "slipstream", "discard", "refresh")
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


_FLOAT32 = np.dtype(np.float32)
"""The observation's type."""


@cache
def _card_positions() -> dict[str, int]:
    """Card id -> its place in a section of card counts (``card_ids()``'s order)."""
    return {card: index for index, card in enumerate(card_ids())}


@cache
def _zeros() -> list[bytes]:
    """``_zeros()[n]``: n float32 zeros as bytes (a run of absent cards or tokens, written at once)."""
    return [bytes(4 * count) for count in range(max(len(card_ids()), action_count()) + 1)]


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
    return with_prefix(encode_view(view), prefix)


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


def _flag(value: bool) -> float:
    return 1.0 if value else 0.0


def _write_counts(
    out: BytesWriter, cards: tuple[str, ...] | None, positions: dict[str, int], zeros: list[bytes]
) -> None:
    """One section of card counts: count / 4 for each card id in ``card_ids()``'s order
    (``positions``: ``_card_positions()``; ``zeros``: ``_zeros()``)."""
    width = len(positions)
    if not cards:
        out.write(zeros[width])
        return
    places = sorted([positions[card] for card in cards])
    at = 0  # the next place of the section to write
    count = 0
    for index, place in enumerate(places):
        count += 1
        if index + 1 < len(places) and places[index + 1] == place:
            continue  # the same card again: counted once it is written
        out.write(zeros[place - at])
        write_f32_le(out, count * 0.25)
        at, count = place + 1, 0
    out.write(zeros[width - at])


def encode_view(view: SeatView) -> np.ndarray:
    """``encode(view)`` with no decision spelled: what stays the same for every token of one
    decision (an environment makes it once per decision and adds the prefix to a copy). A
    read-only array: ``with_prefix`` and ``encode`` make the ones to change."""
    # Speed (issue 34): each value is written as a C float as it is worked out (librt's
    # BytesWriter, which mypyc compiles to a store: no Python float is made, no list, no
    # argument tuple), runs of zeros at once, and the bytes become the array with no copy. Each
    # value is worked out in doubles and rounded to float32 once, as before, so the array is
    # the same, bit for bit (tests/rl/test_rl_pinned.py).
    seat = view.seat
    assert seat is not None, "an observation is a seat's"
    me = view.cars[seat]
    spaces = track(view.track).spaces
    turn = view.turn
    active = turn.seat if turn is not None else -1
    to_decide = view.to_decide
    zeros = _zeros()
    positions = _card_positions()
    out = BytesWriter()
    # global
    phase = view.phase
    for name in PHASES:
        write_f32_le(out, _flag(phase == name))
    step = turn.step if turn is not None else ""
    for name in STEPS:
        write_f32_le(out, _flag(step == name))
    write_f32_le(out, view.round / 20)
    write_f32_le(out, view.laps / 5)
    write_f32_le(out, view.started_cars / 6)
    write_f32_le(out, view.hand_size / 10)
    write_f32_le(out, view.stress_reserve / 10)
    write_f32_le(out, _flag(view.tournament))
    write_f32_le(out, _flag(view.weather is not None))
    write_f32_le(out, view.pro_legends / 5)
    write_f32_le(out, _flag(view.legends_card is not None))
    write_f32_le(out, len(view.hall_of_fame) / 6)
    write_f32_le(out, _flag(seat in to_decide))
    write_f32_le(out, _flag(active == seat))
    # cars, mine first
    cars = len(view.cars)
    total = max(1, view.laps * spaces)
    standings = view.standings
    eliminated = view.eliminated
    adrenaline = view.adrenaline_seats
    my_progress = me.progress
    shown = min(cars, MAX_CARS)
    for slot in range(shown):
        car = view.cars[(seat + slot) % cars]
        gear = car.gear
        other = car.seat
        write_f32_le(out, 1.0)
        write_f32_le(out, _flag(car.legend))
        write_f32_le(out, _flag(car.on_track))
        write_f32_le(out, _flag(car.finished))
        write_f32_le(out, _flag(other in eliminated))
        write_f32_le(out, (car.progress - my_progress) / spaces)
        write_f32_le(out, car.progress / total)
        write_f32_le(out, _flag(car.lane == 2))
        write_f32_le(out, _flag(gear == 1))
        write_f32_le(out, _flag(gear == 2))
        write_f32_le(out, _flag(gear == 3))
        write_f32_le(out, _flag(gear == 4))
        write_f32_le(out, car.engine / 10)
        write_f32_le(out, car.hand_count / 10)
        write_f32_le(out, car.deck_count / 20)
        write_f32_le(out, car.discard_count / 20)
        write_f32_le(out, car.play_count / 4)
        write_f32_le(out, _flag(car.committed))
        write_f32_le(out, (standings.index(other) + 1 if other in standings else 0) / 6)
        write_f32_le(out, _flag(active == other))
        write_f32_le(out, _flag(other in to_decide))
        write_f32_le(out, _flag(other in adrenaline))
    out.write(zeros[(MAX_CARS - shown) * len(CAR_FEATURES)])
    # turn
    if turn is not None:
        write_f32_le(out, turn.speed / 20)
        write_f32_le(out, (turn.start_progress - my_progress) / spaces)
        write_f32_le(out, _flag(turn.adrenaline))
        write_f32_le(out, _flag(turn.adrenaline_move_used))
        write_f32_le(out, _flag(turn.adrenaline_cooldown_used))
        write_f32_le(out, _flag(turn.gear_cooldown_used))
        write_f32_le(out, _flag(turn.boost_used))
        write_f32_le(out, turn.speed_limit_adjust / 5)
        write_f32_le(out, turn.slipstream_boost / 4)
        write_f32_le(out, turn.accelerate / 4)
        write_f32_le(out, turn.plus_used / 4)
        write_f32_le(out, len(turn.symbols) / 4)
    else:
        out.write(zeros[len(TURN_FEATURES)])
    # corners ahead (always CORNERS_AHEAD of them: the laps go on without end)
    origin = turn.start_progress if active == seat and turn is not None else my_progress
    corners = view.corners
    for line, index in _lines_ahead(view, spaces, origin):
        corner = corners[index]
        write_f32_le(out, (line - origin) / spaces)
        write_f32_le(out, corner.speed_limit / 10)
        write_f32_le(out, _flag(corner.press))
    # card counts (count / 4: exact in float32), then the prefix, none yet
    _write_counts(out, me.hand, positions, zeros)
    _write_counts(out, me.deck_cards, positions, zeros)
    _write_counts(out, me.play, positions, zeros)
    _write_counts(out, _plan_cards(me.plan), positions, zeros)
    _write_counts(out, me.discard_pile, positions, zeros)
    _write_counts(out, me.upgrades, positions, zeros)
    _write_counts(out, view.draft.market if view.draft is not None else None, positions, zeros)
    out.write(zeros[action_count()])
    return np.frombuffer(out.getvalue(), _FLOAT32)
