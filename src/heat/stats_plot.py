"""An SVG chart of a race, round by round: above, every car's position (its progress along the
track) at the end of each round, with the start of each lap and the finish line; below, how many
spaces each car was behind the leading car. Plain SVG text, like the arena's chart: no plotting
library, and it opens in any browser."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path

from heat.stats import CarStats, RaceStats, by_place
from heat.storage import write_text

LEFT = 70
RIGHT = 250
TOP = 50
CHART_WIDTH = 560
PROGRESS_HEIGHT = 280
GAP = 40
BEHIND_HEIGHT = 140
BOTTOM = 50
BEHIND_TOP = TOP + PROGRESS_HEIGHT + GAP
WIDTH = LEFT + CHART_WIDTH + RIGHT
HEIGHT = BEHIND_TOP + BEHIND_HEIGHT + BOTTOM

CAR_COLOURS = {
    "red": "#c62828",
    "blue": "#1565c0",
    "green": "#2e7d32",
    "yellow": "#e0a800",
    "black": "#000000",
    "gray": "#8a8a8a",
}
"""Line colours of the cars (yellow darkened to show on white)."""


def _car_label(car: CarStats) -> str:
    finished = f"round {car.finish_round}" if car.finish_round is not None else "not finished"
    legend = ", Legend" if car.legend and "legend" not in car.name.lower() else ""
    return f"{car.place}. {car.name} ({finished}{legend})"


def behind_leader(stats: RaceStats) -> list[list[int]]:
    """Per car (seat order), per round it raced: the spaces between it and the car furthest along
    at the end of that round (0 for the leader; round 0 is the grid)."""
    rounds = max((len(car.progress) for car in stats.cars), default=0)
    leader = [max(car.progress[r] for car in stats.cars if r < len(car.progress)) for r in range(rounds)]
    return [[leader[r] - value for r, value in enumerate(car.progress)] for car in stats.cars]


def _line(
    car: CarStats, values: list[int], x: Callable[[int], float], y: Callable[[int], float], kind: str, unit: str
) -> list[str]:
    """A car's polyline (class ``kind``) and a dot per round with its value as a tooltip."""
    colour = CAR_COLOURS.get(car.color, "#555")
    dash = ' stroke-dasharray="6 3"' if car.legend else ""
    points = " ".join(f"{x(n):.1f},{y(v):.1f}" for n, v in enumerate(values))
    parts = [
        f'<polyline class="{kind}" points="{points}" fill="none" stroke="{colour}" stroke-width="2"{dash}>'
        f"<title>{escape(car.name)}</title></polyline>"
    ]
    parts += [
        f'<circle cx="{x(n):.1f}" cy="{y(v):.1f}" r="2.5" fill="{colour}">'
        f"<title>{escape(car.name)}, round {n}: {v} {unit}</title></circle>"
        for n, v in enumerate(values)
    ]
    return parts


def progress_svg(stats: RaceStats, title: str) -> str:
    """The chart as an SVG document: x the round (0: the grid); above, the progress in spaces;
    below, the spaces behind the leader."""
    rounds = max((len(car.progress) - 1 for car in stats.cars), default=0)
    finish = stats.laps * stats.lap_spaces
    values = [value for car in stats.cars for value in car.progress] + [0, finish]
    low, high = min(values), max(values)
    behind = behind_leader(stats)
    most_behind = max([1, *(gap for gaps in behind for gap in gaps)])

    def x(round_number: int) -> float:
        return LEFT + CHART_WIDTH * round_number / max(1, rounds)

    def y(progress: int) -> float:
        return TOP + PROGRESS_HEIGHT * (high - progress) / max(1, high - low)

    def y_behind(gap: int) -> float:
        return BEHIND_TOP + BEHIND_HEIGHT * gap / most_behind

    parts: list[str] = []
    for lap in range(stats.laps + 1):  # the start of each lap, then the finish line
        line = lap * stats.lap_spaces
        label = "finish" if lap == stats.laps else f"lap {lap + 1}"
        dash = "" if lap == stats.laps else ' stroke-dasharray="4 4"'
        colour = "#333" if lap == stats.laps else "#bbb"
        parts.append(
            f'<line x1="{LEFT}" y1="{y(line):.1f}" x2="{LEFT + CHART_WIDTH}" y2="{y(line):.1f}" '
            f'stroke="{colour}"{dash}/>'
            f'<text x="{LEFT - 6}" y="{y(line) + 4:.1f}" text-anchor="end">{label}</text>'
        )
    for gap in sorted({0, most_behind // 2, most_behind}):
        parts.append(
            f'<line x1="{LEFT}" y1="{y_behind(gap):.1f}" x2="{LEFT + CHART_WIDTH}" y2="{y_behind(gap):.1f}" '
            f'stroke="#ddd"/><text x="{LEFT - 6}" y="{y_behind(gap) + 4:.1f}" text-anchor="end">{gap}</text>'
        )
    step = max(1, -(-rounds // 20))  # at most about 20 round labels
    bottom = BEHIND_TOP + BEHIND_HEIGHT
    for number in range(0, rounds + 1, step):
        parts.append(
            f'<line x1="{x(number):.1f}" y1="{TOP}" x2="{x(number):.1f}" y2="{bottom + 4}" stroke="#eee"/>'
            f'<text x="{x(number):.1f}" y="{bottom + 18}" text-anchor="middle">{number}</text>'
        )
    for index, car in enumerate(by_place(stats)):
        parts += _line(car, car.progress, x, y, "progress", "spaces from the start line")
        parts += _line(car, behind[car.seat], x, y_behind, "behind", "spaces behind the leader")
        colour = CAR_COLOURS.get(car.color, "#555")
        dash = ' stroke-dasharray="6 3"' if car.legend else ""
        key_x, key_y = LEFT + CHART_WIDTH + 16, TOP + 10 + index * 20
        parts.append(
            f'<line x1="{key_x}" y1="{key_y}" x2="{key_x + 20}" y2="{key_y}" stroke="{colour}" '
            f'stroke-width="3"{dash}/>'
            f'<text x="{key_x + 26}" y="{key_y + 4}">{escape(_car_label(car))}</text>'
        )
    frame = 'fill="none" stroke="#ccc"'
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
            f'font-family="sans-serif" font-size="12">',
            f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
            f'<text x="8" y="22" font-size="15" font-weight="bold">{escape(title)}</text>',
            f'<text x="{LEFT}" y="{TOP - 10}" fill="#555">each car\'s position at the end of each round</text>',
            f'<text x="{LEFT}" y="{BEHIND_TOP - 10}" fill="#555">spaces behind the leader</text>',
            f'<rect x="{LEFT}" y="{TOP}" width="{CHART_WIDTH}" height="{PROGRESS_HEIGHT}" {frame}/>',
            f'<rect x="{LEFT}" y="{BEHIND_TOP}" width="{CHART_WIDTH}" height="{BEHIND_HEIGHT}" {frame}/>',
            *parts,
            f'<text x="{LEFT + CHART_WIDTH / 2:.1f}" y="{HEIGHT - 10}" text-anchor="middle">'
            "round (0: the starting grid)</text>",
            "</svg>",
            "",
        ]
    )


def write_progress_plot(path: str | Path, stats: RaceStats, title: str) -> None:
    """Write ``progress_svg`` to ``path`` (atomically)."""
    write_text(path, progress_svg(stats, title))
