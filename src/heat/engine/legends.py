"""Legends (L-*): where an automated Legends car moves this round."""

from __future__ import annotations

from heat.engine import board
from heat.engine.content import LegendsCard, Track


def legend_target(
    track: Track,
    pos: int,
    finish: int,
    card: LegendsCard,
    color: str,
    pro: int,
    corner_limits: list[int],
    aggressive: bool,
) -> int:
    """The progress a Legend at ``pos`` aims for with ``card`` (before blocking).

    ``corner_limits`` are the Speed Limits with Road Conditions (OQ-L-4). Movement A past the
    Legends Line: Speed Limit + Diamond, never across a second Corner Line (L-9, L-10), or a third
    when it starts on a chevron space and ``aggressive`` (OQ-L-10). Movement B: Top Speed if it
    stays short of the Corner Line, else the Diamond space before it (L-12, L-13); on the last
    lap a finish line before the corner lets it run its Top Speed (OQ-L-3)."""
    spaces = track.spaces
    corners = track.corners
    lines = board.lines_ahead(tuple(corner.line_after for corner in corners), spaces, pos, 3)
    (first_line, first_index), (second_line, _), (third_line, _) = lines
    first = corners[first_index]
    diamond = card.diamond_of(color)
    legends_line = first_line - (first.line_after - first.legends_line_after)
    if pos > legends_line:  # A: between the Legends Line and the Corner Line (OQ-L-6)
        target = pos + corner_limits[first.number - 1] + diamond
        on_chevron = aggressive and first.chevron and (pos - 1) % spaces + 1 == first.line_after
        cap = third_line if on_chevron else second_line
        return min(target, cap)
    top = card.top(color) + pro  # L-17, OQ-L-9
    if pos + top <= first_line or first_line > finish:
        return pos + top
    return max(pos, first_line - diamond)
