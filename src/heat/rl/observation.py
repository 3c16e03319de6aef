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
from typing import Final

import numpy as np
from librt.strings import BytesWriter, write_f32_le
from mypy_extensions import i64

from heat.engine import SeatView, track
from heat.engine.board import lines_ahead
from heat.engine.config import MAX_CARS
from heat.rl.actions import action_count, bit, card_ids

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
CORNERS_AHEAD: Final = 3
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


_FLOAT32: Final = np.dtype(np.float32)
"""The observation's type."""
_FROM_BUFFER: Final = np.frombuffer
"""NumPy's array over a buffer, held here: a compiled module reads a Final name without a lookup
(``np.frombuffer`` is two)."""
_CAR_WIDTH: Final = len(CAR_FEATURES)
_TURN_WIDTH: Final = len(TURN_FEATURES)


def _quarter_bytes(count: int) -> tuple[int, int]:
    """The two high bytes of ``count / 4`` as a little-endian float32, whose two low bytes are 0
    for every count below 256 (at most 8 significant bits: they fit the top 7 bits of the
    mantissa). ``_add`` writes a count's value with these two bytes."""
    low0, low1, high2, high3 = struct.pack("<f", count * 0.25)
    if low0 or low1:
        raise AssertionError(f"{count} / 4 needs more than two bytes as a float32")
    return high2, high3


class _Tables:
    """What every observation reads, made once per process (the card data is read then):
    ``_tables()``. Held in one object so that a compiled encoder reads each table as an
    attribute, not through ``functools.cache`` or a module dict."""

    def __init__(self) -> None:
        written_out = (("draft", "plan", "turn", "over"), ("choose", "react", "slipstream", "discard", "refresh"))
        if written_out != (PHASES, STEPS):
            raise AssertionError("encode_view writes PHASES and STEPS out one by one: change it with them")
        cards = card_ids()
        self.positions: dict[str, int] = {card: index for index, card in enumerate(cards)}
        """Card id -> its place in a section of card counts (``card_ids()``'s order)."""
        longest_run = max(MAX_CARS * _CAR_WIDTH, _TURN_WIDTH)  # absent cars, no turn
        self.zeros: list[bytes] = [bytes(4 * count) for count in range(longest_run + 1)]
        """``zeros[n]``: n float32 zeros as bytes (a run of absent values, written at once)."""
        self.section_bytes: i64 = 4 * len(cards)
        self.blank_tail = bytes(4 * (len(CARD_SECTIONS) * len(cards) + action_count()))
        """The card sections and the prefix, all zeros: written at once, then counted in place."""
        self.quarters = bytes([byte for count in range(256) for byte in _quarter_bytes(count)])
        """``quarters[2 * n]`` and ``quarters[2 * n + 1]``: the two high bytes of n / 4 as a float32."""
        counts = bytearray(1 << 16)
        for count in range(256):
            counts[self.quarters[2 * count] + 256 * self.quarters[2 * count + 1]] = count
        self.counts = bytes(counts)
        """``counts[b2 + 256 * b3]``: the n whose n / 4 has the high bytes b2, b3 (0 for any other)."""
        self.blank = bytes(4 * size())
        """A whole observation of zeros: written then truncated, so that a new writer has room for
        a whole observation at once (it would otherwise grow, and copy, several times)."""
        self.prefix_start: int = size() - action_count()
        """The index of the first token's value (``layout()``'s last section)."""
        self.spaces: dict[str, int] = {}
        """Track id -> its spaces, filled as tracks are met."""

    def track_spaces(self, track_id: str) -> int:
        spaces = self.spaces.get(track_id)
        if spaces is None:
            spaces = self.spaces[track_id] = track(track_id).spaces
        return spaces


_TABLES: Final[list[_Tables]] = []
"""The process's ``_Tables``, made at the first observation."""


def _tables() -> _Tables:
    if not _TABLES:
        _TABLES.append(_Tables())
    return _TABLES[0]


_AHEAD: Final[dict[str, list[list[tuple[int, int]] | None]]] = {}
"""The next Corner Lines from a progress on a track (``lines_ahead``), by track, then progress (a
list's index): a track's corners never move, so each (track, origin) is worked out once per
process."""
_AHEAD_KEPT: Final = 100_000
"""Progresses kept per track at most (a bound that real races, laps x spaces, never reach)."""


def _lines_ahead(view: SeatView, spaces: int, origin: int) -> list[tuple[int, int]]:
    by_origin = _AHEAD.get(view.track)
    if by_origin is None:
        by_origin = _AHEAD[view.track] = []
    if 0 <= origin < len(by_origin):
        ahead = by_origin[origin]
        if ahead is not None:
            return ahead
    lines = [corner.line_after for corner in view.corners]
    found = lines_ahead(lines, spaces, max(origin, 1), CORNERS_AHEAD)
    if 0 <= origin < _AHEAD_KEPT:
        if origin >= len(by_origin):
            by_origin.extend([None] * (origin + 1 - len(by_origin)))
        by_origin[origin] = found
    return found


def _plan_cards(plan: str | None) -> tuple[str, ...]:
    """The cards of ``CarView.plan`` (``gear 3 play 1 4``)."""
    if not plan:
        return ()
    words = plan.split()
    return tuple(words[3:]) if len(words) > 2 and words[2] == "play" else ()


def encode(view: SeatView, prefix: Sequence[int] = ()) -> np.ndarray:
    """The observation of ``view``'s seat, ``prefix`` the tokens of the decision spelled so far:
    a new array, the caller's to change."""
    return encode_view(view, prefix).copy()


def add_prefix(out: np.ndarray, prefix: Sequence[int]) -> None:
    """Add the tokens of the decision spelled so far to an observation of ``encode_view``."""
    at = _tables().prefix_start
    for token in prefix:
        out[at + token] += 0.25


def with_prefix(base: np.ndarray, prefix: Sequence[int]) -> np.ndarray:
    """A new observation: ``base`` (``encode_view``'s or a season's, with no prefix or with the
    first tokens of ``prefix``) with the tokens of ``prefix``; ``base`` is left as it was."""
    # Speed (issue 34): each token's value is set once, over what base holds (0, or the count
    # of the tokens it has, which only grows as a decision is spelled), without reading the
    # array back: a NumPy ``+=`` on one item costs two assignments.
    out = base.copy()
    at = _tables().prefix_start
    tokens = list(prefix)  # a list: compiled, counted without a Python call per token
    for token in tokens:
        count = 0
        for other in tokens:
            if other == token:
                count += 1
        out[at + token] = count * 0.25
    return out


def _flag(value: bool) -> float:
    return 1.0 if value else 0.0


def _seat_bits(seats: tuple[int, ...]) -> i64:
    """The set of ``seats`` as bits (seat n: bit n), so that a car's membership is a shift."""
    bits: i64 = 0
    for seat in seats:
        bits |= bit(1, seat)
    return bits


def _add(out: BytesWriter, at: i64, more: i64, tables: _Tables) -> None:
    """Move the count / 4 at byte ``at`` of ``out`` to (count + more) / 4 (a total below 256)."""
    # Speed (issue 34): both values are told by the float32's two high bytes alone (its two low
    # bytes are 0 below 256: _quarter_bytes), read back into the count through ``tables.counts``.
    count = 2 * (tables.counts[i64(out[at + 2]) + 256 * i64(out[at + 3])] + more)
    quarters = tables.quarters
    out[at + 2] = quarters[count]
    out[at + 3] = quarters[count + 1]


def _count_in_place(out: BytesWriter, start: i64, cards: tuple[str, ...] | None, tables: _Tables) -> None:
    """Write one section of card counts over its zeros at byte ``start`` of ``out``: count / 4
    for each card id, in ``card_ids()``'s order."""
    # Speed (issue 34): no sort, no list and no run of zeros per card: each run of equal cards
    # adds its length to its place's value in place, with one lookup (a deck's composition
    # comes sorted; a card met again later adds to what its place holds).
    if not cards:
        return
    if len(cards) > 255:
        raise ValueError(f"{len(cards)} cards in one section: more than a byte counts")
    positions = tables.positions
    last = cards[0]
    run: i64 = 0
    for card in cards:
        if card is last:  # the same object: the same card (an equal one starts a run of its own)
            run += 1
        else:
            _add(out, start + 4 * positions[last], run, tables)
            last = card
            run = 1
    _add(out, start + 4 * positions[last], run, tables)


def _write_prefix(out: BytesWriter, start: i64, prefix: Sequence[int], tables: _Tables) -> None:
    """The prefix section's values over its zeros at byte ``start``: count / 4 of each token."""
    if isinstance(prefix, list):  # a cursor's prefix: compiled, iterated without Python calls
        for token in prefix:
            _add(out, start + 4 * token, 1, tables)
    else:
        for token in prefix:
            _add(out, start + 4 * token, 1, tables)


def encode_view(view: SeatView, prefix: Sequence[int] = ()) -> np.ndarray:
    """``encode(view, prefix)`` as a read-only array: an environment makes it once per decision,
    with the tokens already taken when the agent is first asked, and ``with_prefix`` makes the
    next tokens' observations from it (``encode`` makes one to change)."""
    # Speed (issue 34): each value is written as a C float as it is worked out (librt's
    # BytesWriter, which mypyc compiles to a store: no Python float is made, no list, no
    # argument tuple), runs of zeros at once, the card counts counted in place, and the bytes
    # become the array with no copy. Each value is worked out in doubles (an int is a double
    # exactly) and rounded to float32 once, as before, so the array is the same, bit for bit
    # (tests/rl/test_rl_pinned.py).
    seat = view.seat
    assert seat is not None, "an observation is a seat's"
    tables = _tables()
    me = view.cars[seat]
    track_spaces = tables.track_spaces(view.track)
    spaces = float(track_spaces)
    turn = view.turn
    active = turn.seat if turn is not None else -1
    deciding = _seat_bits(view.to_decide)
    zeros = tables.zeros
    out = BytesWriter()
    out.write(tables.blank)
    out.truncate(0)
    # global (PHASES and STEPS written out: a loop over them iterates a Python tuple)
    phase = view.phase
    write_f32_le(out, _flag(phase == "draft"))
    write_f32_le(out, _flag(phase == "plan"))
    write_f32_le(out, _flag(phase == "turn"))
    write_f32_le(out, _flag(phase == "over"))
    step = turn.step if turn is not None else ""
    write_f32_le(out, _flag(step == "choose"))
    write_f32_le(out, _flag(step == "react"))
    write_f32_le(out, _flag(step == "slipstream"))
    write_f32_le(out, _flag(step == "discard"))
    write_f32_le(out, _flag(step == "refresh"))
    write_f32_le(out, float(view.round) / 20.0)
    write_f32_le(out, float(view.laps) / 5.0)
    write_f32_le(out, float(view.started_cars) / 6.0)
    write_f32_le(out, float(view.hand_size) / 10.0)
    write_f32_le(out, float(view.stress_reserve) / 10.0)
    write_f32_le(out, _flag(view.tournament))
    write_f32_le(out, _flag(view.weather is not None))
    write_f32_le(out, float(view.pro_legends) / 5.0)
    write_f32_le(out, _flag(view.legends_card is not None))
    write_f32_le(out, float(len(view.hall_of_fame)) / 6.0)
    write_f32_le(out, _flag((deciding >> seat) & 1 == 1))
    write_f32_le(out, _flag(active == seat))
    # cars, mine first
    cars = len(view.cars)
    total = float(max(1, view.laps * track_spaces))
    places: i64 = 0  # seat s's place in the standings (0: none yet) in bits 4s to 4s + 3
    standings = view.standings
    for rank in range(len(standings)):  # not enumerate(..., 1): compiled, that is a Python call
        places |= (rank + 1) << (4 * standings[rank])
    eliminated = _seat_bits(view.eliminated)
    adrenaline = _seat_bits(view.adrenaline_seats)
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
        write_f32_le(out, _flag((eliminated >> other) & 1 == 1))
        write_f32_le(out, float(car.progress - my_progress) / spaces)
        write_f32_le(out, float(car.progress) / total)
        write_f32_le(out, _flag(car.lane == 2))
        write_f32_le(out, _flag(gear == 1))
        write_f32_le(out, _flag(gear == 2))
        write_f32_le(out, _flag(gear == 3))
        write_f32_le(out, _flag(gear == 4))
        write_f32_le(out, float(car.engine) / 10.0)
        write_f32_le(out, float(car.hand_count) / 10.0)
        write_f32_le(out, float(car.deck_count) / 20.0)
        write_f32_le(out, float(car.discard_count) / 20.0)
        write_f32_le(out, float(car.play_count) / 4.0)
        write_f32_le(out, _flag(car.committed))
        write_f32_le(out, float((places >> (4 * other)) & 15) / 6.0)
        write_f32_le(out, _flag(active == other))
        write_f32_le(out, _flag((deciding >> other) & 1 == 1))
        write_f32_le(out, _flag((adrenaline >> other) & 1 == 1))
    out.write(zeros[(MAX_CARS - shown) * _CAR_WIDTH])
    # turn
    if turn is not None:
        write_f32_le(out, float(turn.speed) / 20.0)
        write_f32_le(out, float(turn.start_progress - my_progress) / spaces)
        write_f32_le(out, _flag(turn.adrenaline))
        write_f32_le(out, _flag(turn.adrenaline_move_used))
        write_f32_le(out, _flag(turn.adrenaline_cooldown_used))
        write_f32_le(out, _flag(turn.gear_cooldown_used))
        write_f32_le(out, _flag(turn.boost_used))
        write_f32_le(out, float(turn.speed_limit_adjust) / 5.0)
        write_f32_le(out, float(turn.slipstream_boost) / 4.0)
        write_f32_le(out, float(turn.accelerate) / 4.0)
        write_f32_le(out, float(turn.plus_used) / 4.0)
        write_f32_le(out, float(len(turn.symbols)) / 4.0)
    else:
        out.write(zeros[_TURN_WIDTH])
    # corners ahead (always CORNERS_AHEAD of them: the laps go on without end)
    origin = turn.start_progress if active == seat and turn is not None else my_progress
    corners = view.corners
    for line, index in _lines_ahead(view, track_spaces, origin):
        corner = corners[index]
        write_f32_le(out, float(line - origin) / spaces)
        write_f32_le(out, float(corner.speed_limit) / 10.0)
        write_f32_le(out, _flag(corner.press))
    # card counts (count / 4: exact in float32), then the prefix, none yet: zeros written at
    # once, then each section's counts over them
    start: i64 = len(out)
    out.write(tables.blank_tail)
    section = tables.section_bytes
    _count_in_place(out, start, me.hand, tables)
    _count_in_place(out, start + section, me.deck_cards, tables)
    _count_in_place(out, start + 2 * section, me.play, tables)
    _count_in_place(out, start + 3 * section, _plan_cards(me.plan), tables)
    _count_in_place(out, start + 4 * section, me.discard_pile, tables)
    _count_in_place(out, start + 5 * section, me.upgrades, tables)
    market = view.draft.market if view.draft is not None else None
    _count_in_place(out, start + 6 * section, market, tables)
    _write_prefix(out, start + 7 * section, prefix, tables)
    return _FROM_BUFFER(out.getvalue(), _FLOAT32)
