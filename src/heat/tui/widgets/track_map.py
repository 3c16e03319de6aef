"""The track as a strip of its spaces, from the finish line onward, with both spots of every
space, the Corner Lines and their (effective) Speed Limits, the Legends Lines, the Road
Conditions tokens and every car.

Rows of a strip: labels (limits and tokens) above, one row per spot (the race-line spot drawn
heavy), and a row below with space numbers, the Legends Lines and a ``▲`` under the player's
own car. The strip uses wider cells when there is room, and wraps when there is not.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from heat.engine import SeatView, Track, track
from heat.i18n import N_
from heat.tui.colors import letter, style
from heat.tui.translate import _

FINISH = "║"
LINE = "┃"
RACE_LINE = "━"
OTHER_SPOT = "─"
SECTOR_MARKS = {"weather": "W", "slipstream-plus": "S+", "heat-control": "H"}
"""Sector Road Conditions tokens (W-8) as drawn in the labels row."""
SECTOR_FILL = "╌"
"""The rest of a sector with a token, to the next Corner Line."""
YOU = "▲"
LANDING = "△"
"""Under each space where the decision being considered may leave the car."""
KEY = N_(
    "║ finish  ┃7 corner, Speed Limit  ━ race line  L Legends Line  ▲ you  △ you would land  W╌╌ S+╌╌ H╌╌ sector tokens"
)
"""The map's key, in English: translated where shown."""


@dataclass(frozen=True, slots=True)
class _Column:
    """One column of the strip: a space (``space`` > 0) or a line after ``line_after``."""

    space: int = 0
    corner: int = 0
    """For a Corner Line: the corner's number; 0 for the finish line or a space."""


def _columns(board: Track, first: int, last: int) -> list[_Column]:
    lines = {corner.line_after: corner.number for corner in board.corners}
    columns = [_Column()] if first == 1 else []
    for space in range(first, last + 1):
        columns.append(_Column(space=space))
        if space in lines:
            columns.append(_Column(corner=lines[space]))
    return columns


def _layout(board: Track, width: int) -> tuple[int, list[tuple[int, int]]]:
    """Cell width of a space and the (first, last) spaces of each strip."""
    lines = len(board.corners) + 1
    for cell in (3, 2, 1):
        if board.spaces * cell + lines <= width:
            return cell, [(1, board.spaces)]
    strips = -(-(board.spaces + lines) // max(1, width))
    size = -(-board.spaces // strips)
    return 1, [(start, min(board.spaces, start + size - 1)) for start in range(1, board.spaces + 1, size)]


class _Row:
    """A row of cells that labels are written into without overwriting each other."""

    def __init__(self, width: int) -> None:
        self.cells: list[tuple[str, str]] = [(" ", "")] * width

    def put(self, at: int, text: str, mark: str = "", *, force: bool = False, over: str = "") -> bool:
        """Write ``text`` at ``at`` if it fits and (unless ``force``) every cell is free, or holds
        one of the characters ``over``; True if written."""
        if at < 0 or at + len(text) > len(self.cells):
            return False
        free = " " + over
        if not force and any(self.cells[at + i][0] not in free for i in range(len(text))):
            return False
        for i, char in enumerate(text):
            self.cells[at + i] = (char, mark)
        return True

    def text(self) -> Text:
        line = Text()
        for char, mark in self.cells:
            line.append(char, mark)
        return line


def next_corners(view: SeatView, seat: int, count: int = 2) -> list[tuple[int, int]]:
    """(corner number, spaces to its line) of the next ``count`` corners ahead of ``seat``."""
    board = track(view.track)
    car = view.cars[seat]
    found = []
    space, distance = car.space, 0
    for _corner in range(count):
        corner = board.next_corner(space)
        distance += board.spaces_to_next_corner(space)
        found.append((corner.number, distance))
        space = corner.line_after % board.spaces + 1
        distance += 1
    return found


def finish_in(view: SeatView, seat: int) -> int | None:
    """On the last lap, the spaces from ``seat``'s car to the finish line, counted as the corners'
    countdown is (a Speed above it crosses the line); None before the last lap or off the track."""
    car = view.cars[seat]
    if not car.on_track or car.finished or car.lap != view.laps:
        return None
    return track(view.track).spaces - car.space


def ahead(view: SeatView, seat: int, count: int = 2) -> list[tuple[int, int]]:
    """(corner number, distance) of the next ``count`` corners, and on the last lap only those
    before the finish line, then (0, distance) for the finish line itself."""
    corners = next_corners(view, seat, count)
    finish = finish_in(view, seat)
    if finish is None:
        return corners
    return [(number, distance) for number, distance in corners if distance < finish] + [(0, finish)]


def _sector_spaces(view: SeatView, board: Track) -> set[int]:
    """The spaces of the sectors that have a sector token (W-8): a sector runs from after its
    corner's line to the next corner's line."""
    return {
        space
        for space in range(1, board.spaces + 1)
        if view.corners[board.sector_corner(space)].sector_road is not None
    }


def draw_track(
    view: SeatView,
    width: int,
    *,
    viewer: int | None = None,
    show_key: bool = False,
    landing: frozenset[int] = frozenset(),
) -> list[Text]:
    """The lines of the map of ``view``'s track, ``width`` cells wide; ``viewer``'s car and next
    corners stand out, and the spaces in ``landing`` (where the decision being considered may
    leave the car) are marked under the track."""
    board = track(view.track)
    cell, strips = _layout(board, width)
    corners = {corner.number: corner for corner in view.corners}
    spots: dict[tuple[int, int], tuple[str, bool, bool]] = {}
    for car in view.cars:
        if car.on_track:
            active = view.turn is not None and view.turn.seat == car.seat
            spots[car.space, car.lane] = (car.color, car.seat == viewer, active)
    me = view.cars[viewer] if viewer is not None else None
    here = me.space if me is not None and me.on_track else None
    ahead_of_me = {number for number, _ in next_corners(view, me.seat)} if here is not None and me else set()
    legends = any(car.legend for car in view.cars)
    legends_lines = {corner.legends_line_after for corner in board.corners}
    sectors = _sector_spaces(view, board)
    lines: list[Text] = []
    for first, last in strips:
        columns = _columns(board, first, last)
        xs: list[int] = []
        x = 0
        for column in columns:
            xs.append(x)
            x += cell if column.space else 1
        labels, under = _Row(x), _Row(x)
        lanes = [_Row(x) for _ in range(board.spots_per_space)]
        sector_runs: dict[int, list[list[tuple[int, int]]]] = {}
        """Corner index -> runs of consecutive spaces of its sector: (space, x)."""
        for column, at in zip(columns, xs, strict=True):
            if column.space:
                space = column.space
                for lane, row in enumerate(lanes, 1):
                    if (space, lane) in spots:
                        color, mine, active = spots[space, lane]
                        mark = style(color) + (" reverse" if mine else "") + (" underline" if active else "")
                        row.put(at, letter(color) + ">" * (cell - 1), mark, force=True)
                    else:
                        heavy = board.raceline_lane(space) == lane
                        row.put(at, (RACE_LINE if heavy else OTHER_SPOT) * cell, "dim" if not heavy else "", force=True)
                if space in sectors:  # the extent now, the token's mark in the middle of each run below
                    for offset in range(cell):
                        labels.put(at + offset, SECTOR_FILL, "cyan")
                    runs = sector_runs.setdefault(board.sector_corner(space), [])
                    if not runs or runs[-1][-1][0] != space - 1:
                        runs.append([])
                    runs[-1].append((space, at))
                # the marks first, so that a space number is drawn whole or not at all
                if space == here:
                    under.put(at, YOU, "bold reverse", force=True)
                elif space in landing:
                    under.put(at, LANDING, "bold green", force=True)
            elif column.corner:
                shown = corners[column.corner]
                near = column.corner in ahead_of_me
                mark = "bold reverse yellow" if near else "bold red"
                for row in lanes:
                    row.put(at, LINE, "bold yellow" if near else "red", force=True)
                label = str(shown.speed_limit)
                if shown.speed_limit != shown.printed_limit:
                    label += "^" if shown.speed_limit > shown.printed_limit else "v"
                if shown.road == "overheat":
                    label += "!"
                if shown.press:
                    label += "P"
                labels.put(at, label, mark, force=True)
            else:
                for row in lanes:
                    row.put(at, FINISH, "bold", force=True)
                labels.put(at, "F", "bold", force=True)
        for index, runs in sector_runs.items():
            mark = SECTOR_MARKS.get(view.corners[index].sector_road or "", "?")
            for run in runs:  # a sector across the finish line is two runs
                labels.put(run[len(run) // 2][1], mark, "bold cyan", over=SECTOR_FILL)
        for column, at in zip(columns, xs, strict=True):
            space = column.space
            if space and legends and space - 1 in legends_lines:
                under.put(at, "L", "magenta")
            if space and space % (5 if cell > 1 else 10) == 0:
                under.put(at, str(space), "dim")
        lines.append(labels.text())
        lines.extend(row.text() for row in lanes)
        lines.append(under.text())
    if show_key:
        lines.append(Text(_(KEY), style="dim"))
    for line in lines:
        line.truncate(width)
    return lines


class TrackMap(Widget):
    """The track map of the view being shown (nothing before a race starts)."""

    DEFAULT_CSS = "TrackMap { height: auto; }"

    view: reactive[SeatView | None] = reactive(None, layout=True)
    viewer: reactive[int | None] = reactive(None)
    show_key: reactive[bool] = reactive(False, layout=True)
    landing: reactive[frozenset[int]] = reactive(frozenset())

    def show(self, view: SeatView | None, viewer: int | None) -> None:
        """Draw ``view`` with ``viewer``'s car standing out."""
        self.set_reactive(TrackMap.viewer, viewer)
        self.set_reactive(TrackMap.landing, frozenset())
        self.view = view
        self.refresh(layout=True)

    def mark_landing(self, spaces: frozenset[int]) -> None:
        """Mark ``spaces`` as where the decision being considered may leave the car."""
        self.landing = spaces

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as the strips need at ``width``."""
        return len(self._lines(width)) if self.view is not None else 0

    def _lines(self, width: int) -> list[Text]:
        assert self.view is not None
        return draw_track(self.view, max(1, width), viewer=self.viewer, show_key=self.show_key, landing=self.landing)

    def render(self) -> Text:
        """The map lines."""
        if self.view is None:
            return Text("")
        return Text("\n").join(self._lines(self.content_size.width))
