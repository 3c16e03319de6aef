"""The board's rules, shared by the engine, the preview and the bots so that they can never
disagree: progress, Corner Line crossing, placement and blocking, Slipstream's distances and a
corner's cost. Pure functions of plain values (no race, no view).

Positions are *progress* values: space ``s`` of lap ``k`` is ``(k - 1) * spaces + s``; the grid
lies at 0 and below, and a car has finished once its progress passes the finish line,
``laps * spaces`` (B-16.2).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

SLIPSTREAM_SPACES: Final = 2
"""A Slipstream moves 2 spaces (B-6.3), before any boost (G-31, W-15, W-25)."""


def progress(space: int, lap: int, spaces: int) -> int:
    """The progress of ``space`` on ``lap`` of a track of ``spaces`` spaces."""
    return (lap - 1) * spaces + space


def space_of(pos: int, spaces: int) -> int:
    """The board space (1..spaces) of a progress value."""
    return (pos - 1) % spaces + 1


def lap_of(pos: int, spaces: int) -> int:
    """The lap a progress value lies on: 0 on the grid, laps + 1 past the finish."""
    return (pos - 1) // spaces + 1


# ---------------------------------------------------------------------------- Corner Lines


def crosses(start: int, end: int, line: int) -> bool:
    """Does a turn from progress ``start`` to ``end`` cross the Corner Line after progress
    ``line``? It does when it starts at or before the line and ends after it (B-7.1); a car
    blocked back behind the line has not crossed it (OQ-B-2). The finish line is the caller's."""
    return start <= line < end


def lines_crossed(lines: Sequence[int], spaces: int, start: int, end: int, finish: int) -> list[tuple[int, int]]:
    """The Corner Lines a turn from progress ``start`` to ``end`` crosses, in crossing order
    (B-7.5), as (line progress, index of the corner in ``lines``). ``lines`` are the corners'
    ``line_after`` spaces, ascending. Lines at or past the finish line ``finish`` are ignored
    (B-7.6, B-16.5)."""
    crossed: list[tuple[int, int]] = []
    stop = min(end, finish)
    if stop <= start or not lines:
        return crossed
    count = len(lines)
    base = ((start - 1) // spaces) * spaces  # the lap of ``start``
    index = 0
    while index < count and base + lines[index] < start:
        index += 1  # to the lap's first line at or after ``start``
    while True:
        if index == count:  # on to the next lap
            index = 0
            base += spaces
        line = base + lines[index]
        if line >= stop:
            return crossed
        crossed.append((line, index))
        index += 1


def lines_ahead(lines: Sequence[int], spaces: int, pos: int, count: int) -> list[tuple[int, int]]:
    """The next ``count`` Corner Lines at or ahead of progress ``pos`` (laps without end), as
    (line progress, index of the corner in ``lines``)."""
    found: list[tuple[int, int]] = []
    base = ((pos - 1) // spaces) * spaces
    while len(found) < count:
        for index, line_after in enumerate(lines):
            line = base + line_after
            if line >= pos:
                found.append((line, index))
                if len(found) == count:
                    break
        base += spaces
    return found


def corner_cost(speed: int, limit: int, overheat: int) -> int:
    """The Heat owed at a Corner Line taken at ``speed`` where the Speed Limit is ``limit``: the
    Speed over the limit (B-7.3, B-7.4), plus an Overheat token's ``overheat`` when there is any
    (W-14, OQ-W-8: part of the cost to pay). 0 at or under the limit."""
    return speed - limit + overheat if speed > limit else 0


# ---------------------------------------------------------------------------- placement


def occupancy_of(spaces: int, spots: int, cars: Iterable[tuple[int, int, int]]) -> list[int]:
    """An occupancy table for ``place``: slot ``space * spots + lane - 1`` holds the seat standing
    there, or -1. ``cars`` are (seat, space, lane) of the cars on the board."""
    occupancy = [-1] * ((spaces + 1) * spots)
    for seat, space, lane in cars:
        occupancy[space * spots + lane - 1] = seat
    return occupancy


def free_spot(occupancy: Sequence[int], spots: int, raceline: Sequence[int], space: int) -> int:
    """The free spot of board ``space`` nearest the race line (B-3.6), or 0 if both are taken."""
    base = space * spots
    first = raceline[space]
    if occupancy[base + first - 1] < 0:
        return first
    for lane in range(1, spots + 1):
        if occupancy[base + lane - 1] < 0:
            return lane
    return 0


def place(
    occupancy: Sequence[int], spots: int, raceline: Sequence[int], spaces: int, target: int, floor: int
) -> tuple[int, int]:
    """Where a car (not on ``occupancy``) moving to progress ``target`` stops: the free spot
    nearest the race line of ``target``, or of the nearest space behind it with a free spot, never
    at or behind ``floor`` (B-3.4 to B-3.7), as (progress, lane). (``floor``, 0) when every space
    down to it is full: a moving car then keeps its own spot, and a car that spun out is put
    behind the line (B-7.8, OQ-B-10)."""
    pos = target
    while pos > floor:
        lane = free_spot(occupancy, spots, raceline, (pos - 1) % spaces + 1)
        if lane:
            return pos, lane
        pos -= 1
    return floor, 0


# ---------------------------------------------------------------------------- Slipstream


def slipstream_distances(pos: int, finish: int, boost: int, no_slipstream: bool) -> list[int]:
    """The distances a car at progress ``pos`` that may slipstream (beside a car or on the space
    behind one, B-6.2, OQ-B-1) can choose: 2 spaces (B-6.3), or any of 2 to 2 + ``boost`` with
    Slipstream boosts (G-31, W-15, W-25); none from a No slipstream sector (W-26), and never
    across the finish line of the last lap (B-6.6, OQ-B-13)."""
    if no_slipstream or pos + SLIPSTREAM_SPACES > finish:
        return []
    if not boost:
        return [SLIPSTREAM_SPACES]
    return [n for n in range(SLIPSTREAM_SPACES, SLIPSTREAM_SPACES + boost + 1) if pos + n <= finish]
