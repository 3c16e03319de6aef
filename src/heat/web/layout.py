"""Where each thing of a track is drawn: the geometry the browser board draws in SVG.

A track's drawing is our own, kept as data beside the track file
(``heat/data/tracks/layouts/ID.toml``): a closed loop of points in driving order, the first at
the finish line, some marked as where a Corner Line crosses the road. This module runs a smooth
curve (centripetal Catmull-Rom) through the points, spreads each stretch's spaces evenly between
the marks, and returns every space's outline and both spots, the race line, the Corner Lines
with their Speed Limit signs, the Legends Lines and Diamond spaces, the chevron spaces, the
finish line, the grid and the sectors, as plain numbers. The page draws them and knows no rule:
every number of the game here (spaces, corners, limits, lanes, the grid) is the track file's.
"""

from __future__ import annotations

import itertools
import math
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from heat.engine import track as engine_track
from heat.engine.content import Track
from heat.engine.errors import DataError

Point = tuple[float, float]

WIDTH = 34.0
"""Width of the road: two spots side by side (B-0.13)."""
SAMPLES = 40
"""Curve samples between two points of the loop."""


@dataclass(frozen=True, slots=True)
class LayoutPoint:
    """A point of the drawn loop; ``corner``: the Corner Line of that corner crosses here."""

    x: float
    y: float
    corner: int | None = None


@dataclass(frozen=True, slots=True)
class Layout:
    """A track's drawing: the loop's points and where its labels go."""

    track: str
    points: tuple[LayoutPoint, ...]
    title_at: Point


def _number(raw: Any, where: str) -> float:
    if isinstance(raw, bool) or not isinstance(raw, int | float):
        raise DataError(f"{where}: expected a number, got {raw!r}")
    return float(raw)


def parse_layout(text: str, source: str, track: Track) -> Layout:
    """The layout in ``text``; DataError naming ``source`` and the field when it is malformed or
    does not fit ``track`` (a mark for every corner, in driving order)."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{source}: {error}") from None
    points_raw = raw.get("points")
    if not isinstance(points_raw, list) or len(points_raw) < 4:
        raise DataError(f"{source}: points: expected a list of at least 4 [x, y] or [x, y, corner]")
    points = []
    for index, item in enumerate(points_raw):
        where = f"{source}: points[{index}]"
        if not isinstance(item, list) or len(item) not in (2, 3):
            raise DataError(f"{where}: expected [x, y] or [x, y, corner]")
        corner = None
        if len(item) == 3:
            if isinstance(item[2], bool) or not isinstance(item[2], int):
                raise DataError(f"{where}: the corner must be a corner number")
            corner = item[2]
        points.append(LayoutPoint(_number(item[0], where), _number(item[1], where), corner))
    marks = [p.corner for p in points if p.corner is not None]
    numbers = [c.number for c in track.corners]
    if marks != numbers:
        raise DataError(f"{source}: points: corners marked {marks}, the track has corners {numbers} in this order")
    title = raw.get("title_at", [0, 0])
    if not isinstance(title, list) or len(title) != 2:
        raise DataError(f"{source}: title_at: expected [x, y]")
    return Layout(track.id, tuple(points), (_number(title[0], source), _number(title[1], source)))


@cache
def layout(track_id: str) -> Layout:
    """The shipped layout of ``track_id``; DataError for an unknown or malformed one."""
    track = engine_track(track_id)
    name = f"tracks/layouts/{track_id}.toml"
    try:
        text = resources.files("heat.data").joinpath("tracks", "layouts", f"{track_id}.toml").read_text("utf-8")
    except FileNotFoundError:
        raise DataError(f"{name}: no drawing of track {track_id!r}") from None
    return parse_layout(text, name, track)


# ---------------------------------------------------------------------- the curve


def _catmull_rom(p0: Point, p1: Point, p2: Point, p3: Point, steps: int) -> list[Point]:
    """Points from ``p1`` to ``p2`` (``p2`` excluded) on the centripetal Catmull-Rom curve."""

    def knot(t: float, a: Point, b: Point) -> float:
        return t + math.sqrt(max(math.dist(a, b), 1e-6))

    t0 = 0.0
    t1 = knot(t0, p0, p1)
    t2 = knot(t1, p1, p2)
    t3 = knot(t2, p2, p3)

    def lerp(a: Point, b: Point, ta: float, tb: float, t: float) -> Point:
        wa, wb = (tb - t) / (tb - ta), (t - ta) / (tb - ta)
        return (wa * a[0] + wb * b[0], wa * a[1] + wb * b[1])

    out = []
    for i in range(steps):
        t = t1 + (t2 - t1) * i / steps
        a1 = lerp(p0, p1, t0, t1, t)
        a2 = lerp(p1, p2, t1, t2, t)
        a3 = lerp(p2, p3, t2, t3, t)
        b1 = lerp(a1, a2, t0, t2, t)
        b2 = lerp(a2, a3, t1, t3, t)
        out.append(lerp(b1, b2, t1, t2, t))
    return out


class _Curve:
    """The closed curve through a layout's points, measured by arc length."""

    def __init__(self, points: list[Point]) -> None:
        n = len(points)
        samples: list[Point] = []
        self.at_point: list[float] = []
        for i in range(n):
            segment = _catmull_rom(points[i - 1], points[i], points[(i + 1) % n], points[(i + 2) % n], SAMPLES)
            samples.extend(segment)
        samples.append(samples[0])
        self.samples = samples
        self.arcs = [0.0]
        for a, b in itertools.pairwise(samples):
            self.arcs.append(self.arcs[-1] + math.dist(a, b))
        self.length = self.arcs[-1]
        self.at_point = [self.arcs[i * SAMPLES] for i in range(n)]

    def point(self, arc: float) -> Point:
        """The point at arc length ``arc`` (taken around the loop)."""
        arc %= self.length
        lo, hi = 0, len(self.arcs) - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.arcs[mid] <= arc:
                lo = mid
            else:
                hi = mid
        span = self.arcs[hi] - self.arcs[lo] or 1.0
        w = (arc - self.arcs[lo]) / span
        a, b = self.samples[lo], self.samples[hi]
        return (a[0] + (b[0] - a[0]) * w, a[1] + (b[1] - a[1]) * w)

    def left(self, arc: float) -> Point:
        """The unit vector to the driver's left at ``arc`` (y grows downwards on screen)."""
        a, b = self.point(arc - 1.0), self.point(arc + 1.0)
        dx, dy = b[0] - a[0], b[1] - a[1]
        size = math.hypot(dx, dy) or 1.0
        return (dy / size, -dx / size)

    def offset(self, arc: float, by: float) -> Point:
        """The point ``by`` to the left of the curve at ``arc`` (negative: to the right)."""
        x, y = self.point(arc)
        lx, ly = self.left(arc)
        return (x + lx * by, y + ly * by)

    def turn(self, arc: float, span: float) -> float:
        """Positive where the road bends right around ``arc``, negative where it bends left."""
        a, b, c = self.point(arc - span), self.point(arc), self.point(arc + span)
        return (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])


def _r(point: Point) -> list[float]:
    return [round(point[0], 1), round(point[1], 1)]


# ---------------------------------------------------------------------- the geometry


def geometry(track_id: str) -> dict[str, Any]:
    """Everything the board draws for ``track_id``, as JSON-ready numbers (docs/web.md)."""
    track = engine_track(track_id)
    drawing = layout(track_id)
    curve = _Curve([(p.x, p.y) for p in drawing.points])
    n = track.spaces
    # Boundary b lies between space b and b + 1 (0 and n: the finish line). The marks pin the
    # finish line (the first point) and each Corner Line; spaces between two marks are spread
    # evenly along the road.
    pins = [(0, 0.0)]
    for index, point in enumerate(drawing.points):
        if point.corner is not None:
            pins.append((track.corners[point.corner - 1].line_after, curve.at_point[index]))
    pins.append((n, curve.length))

    def arc(boundary: float) -> float:
        for (b0, s0), (b1, s1) in itertools.pairwise(pins):
            if b0 <= boundary <= b1:
                return s0 + (boundary - b0) / (b1 - b0) * (s1 - s0)
        return arc(boundary % n)

    half = WIDTH / 2
    lane_at = {1: WIDTH / 4, 2: -WIDTH / 4}

    def spot(space: int, lane: int) -> list[float]:
        return _r(curve.offset(arc(space - 0.5), lane_at[lane]))

    def across(boundary: float, reach: float = half) -> list[list[float]]:
        s = arc(boundary)
        return [_r(curve.offset(s, reach)), _r(curve.offset(s, -reach))]

    spaces: list[dict[str, Any]] = []
    for space in range(1, n + 1):
        a, b = arc(space - 1), arc(space)
        edge = [a + (b - a) * k / 3 for k in range(4)]
        outline = [_r(curve.offset(s, half)) for s in edge] + [_r(curve.offset(s, -half)) for s in reversed(edge)]
        spaces.append(
            {
                "space": space,
                "outline": outline,
                "spots": [spot(space, 1), spot(space, 2)],
                "raceline": track.raceline_lane(space),
                "label": _r(curve.offset(arc(space - 0.5), 0)),
            }
        )
    corners: list[dict[str, Any]] = []
    for corner in track.corners:
        s = arc(corner.line_after)
        bend = curve.turn(s, 60.0)
        outside = -1.0 if bend > 0 else 1.0  # to the left of a right-hand bend, and back
        legends = corner.legends_line_after
        corners.append(
            {
                "number": corner.number,
                "line_after": corner.line_after,
                "speed_limit": corner.speed_limit,
                "line": across(corner.line_after, half + 4),
                "sign": _r(curve.offset(s, outside * (half + 26))),
                "marker": _r(curve.offset(s, -outside * (half + 22))),
                "legends_line": across(legends, half + 2),
                # L-13: the spaces numbered 0 to 3 just before the Corner Line.
                "diamonds": [
                    {"value": d, "at": _r(curve.offset(arc(corner.line_after - d - 0.5), outside * (half + 9)))}
                    for d in range(4)
                ],
                # OQ-L-10: the printed chevrons mark the space just before the Corner Line.
                "chevron": corner.chevron,
                "chevron_space": corner.line_after if corner.chevron else None,
                "press_letters": list(corner.press_letters),
            }
        )
    sectors: list[dict[str, Any]] = []
    for index, corner in enumerate(track.corners):
        following = track.corners[(index + 1) % len(track.corners)]
        first = corner.line_after + 1
        last = following.line_after if following.line_after > corner.line_after else following.line_after + n
        middle = (first + last) / 2 - 0.5
        s = arc(middle % n)
        bend = curve.turn(s, 80.0)
        inside = 1.0 if bend < 0 else -1.0
        sectors.append(
            {
                "after_corner": corner.number,
                "first_space": (first - 1) % n + 1,
                "last_space": (last - 1) % n + 1,
                "label": _r(curve.offset(s, inside * (half + 30))),
            }
        )
    grid = [{"place": place, "space": space, "lane": lane} for place, (space, lane) in enumerate(track.grid, 1)]
    road = [_r(curve.point(curve.length * k / 400)) for k in range(400)]
    every = [p for cell in spaces for p in cell["outline"]] + [c["sign"] for c in corners]
    every += [s["label"] for s in sectors]
    xs = [p[0] for p in every]
    ys = [p[1] for p in every]
    margin = 30
    return {
        "track": track.id,
        "name": track.name,
        "laps": track.laps,
        "spaces": n,
        "width": WIDTH,
        "view_box": [
            round(min(xs) - margin),
            round(min(ys) - margin),
            round(max(xs) - min(xs) + 2 * margin),
            round(max(ys) - min(ys) + 2 * margin),
        ],
        "title_at": list(drawing.title_at),
        "road": road,
        "finish": across(0, half + 4),
        "cells": spaces,
        "corners": corners,
        "sectors": sectors,
        "grid": grid,
    }
