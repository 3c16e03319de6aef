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
from heat.tui.colors import letter, style

FINISH = "║"
LINE = "┃"
RACE_LINE = "━"
OTHER_SPOT = "─"
SECTOR_MARKS = {"weather": "W", "slipstream-plus": "S+", "heat-control": "H"}
"""Sector Road Conditions tokens (W-8) as drawn in the labels row."""
KEY = "║ finish  ┃7 corner, Speed Limit  ━ race line  L Legends Line  ▲ you  W/S+/H sector tokens"


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

    def put(self, at: int, text: str, mark: str = "", *, force: bool = False) -> None:
        if at < 0 or at + len(text) > len(self.cells):
            return
        if not force and any(self.cells[at + i][0] != " " for i in range(len(text))):
            return
        for i, char in enumerate(text):
            self.cells[at + i] = (char, mark)

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
    for _ in range(count):
        corner = board.next_corner(space)
        distance += board.spaces_to_next_corner(space)
        found.append((corner.number, distance))
        space = corner.line_after % board.spaces + 1
        distance += 1
    return found


def draw_track(view: SeatView, width: int, *, viewer: int | None = None, show_key: bool = False) -> list[Text]:
    """The lines of the map of ``view``'s track, ``width`` cells wide; ``viewer``'s car and next
    corners stand out."""
    board = track(view.track)
    cell, strips = _layout(board, width)
    corners = {corner.number: corner for corner in view.corners}
    spots: dict[tuple[int, int], tuple[str, bool, bool]] = {}
    for car in view.cars:
        if car.on_track:
            active = view.turn is not None and view.turn.seat == car.seat
            spots[car.space, car.lane] = (car.color, car.seat == viewer, active)
    me = view.cars[viewer] if viewer is not None else None
    ahead = {number for number, _ in next_corners(view, me.seat)} if me is not None and me.on_track else set()
    legends = any(car.legend for car in view.cars)
    legends_lines = {corner.legends_line_after for corner in board.corners}
    sector_after = {
        corner.line_after % board.spaces + 2: SECTOR_MARKS.get(corners[corner.number].sector_road or "", "")
        for corner in board.corners
    }
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
                if sector_after.get(space):
                    labels.put(at, sector_after[space], "bold cyan")
                if me is not None and me.on_track and me.space == space:
                    under.put(at, "▲", "bold reverse", force=True)
                if legends and space - 1 in legends_lines:
                    under.put(at, "L", "magenta")
                if space % (5 if cell > 1 else 10) == 0:
                    under.put(at, str(space), "dim")
            elif column.corner:
                shown = corners[column.corner]
                near = column.corner in ahead
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
                labels.put(at, "F", "bold")
        lines.append(labels.text())
        lines.extend(row.text() for row in lanes)
        lines.append(under.text())
    if show_key:
        lines.append(Text(KEY, style="dim"))
    for line in lines:
        line.truncate(width)
    return lines


class TrackMap(Widget):
    """The track map of the view being shown (nothing before a race starts)."""

    DEFAULT_CSS = "TrackMap { height: auto; }"

    view: reactive[SeatView | None] = reactive(None, layout=True)
    viewer: reactive[int | None] = reactive(None)
    show_key: reactive[bool] = reactive(False, layout=True)

    def show(self, view: SeatView | None, viewer: int | None) -> None:
        """Draw ``view`` with ``viewer``'s car standing out."""
        self.set_reactive(TrackMap.viewer, viewer)
        self.view = view
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as the strips need at ``width``."""
        return len(self._lines(width)) if self.view is not None else 0

    def _lines(self, width: int) -> list[Text]:
        assert self.view is not None
        return draw_track(self.view, max(1, width), viewer=self.viewer, show_key=self.show_key)

    def render(self) -> Text:
        """The map lines."""
        if self.view is None:
            return Text("")
        return Text("\n").join(self._lines(self.content_size.width))
