"""An SVG chart of a race: every car's position (its progress along the track) at the end of each
round, with the start of each lap and the finish line. Plain SVG text, like the arena's chart:
no plotting library, and it opens in any browser."""

from __future__ import annotations

from html import escape
from pathlib import Path

from heat.stats import CarStats, RaceStats
from heat.storage import write_text

LEFT = 70
RIGHT = 250
TOP = 50
BOTTOM = 50
CHART_WIDTH = 560
CHART_HEIGHT = 340
WIDTH = LEFT + CHART_WIDTH + RIGHT
HEIGHT = TOP + CHART_HEIGHT + BOTTOM

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


def progress_svg(stats: RaceStats, title: str) -> str:
    """The chart as an SVG document: x the round (0: the grid), y the progress in spaces."""
    rounds = max((len(car.progress) - 1 for car in stats.cars), default=0)
    finish = stats.laps * stats.lap_spaces
    values = [value for car in stats.cars for value in car.progress] + [0, finish]
    low, high = min(values), max(values)
    span = max(1, high - low)

    def x(round_number: int) -> float:
        return LEFT + CHART_WIDTH * round_number / max(1, rounds)

    def y(progress: int) -> float:
        return TOP + CHART_HEIGHT * (high - progress) / span

    parts: list[str] = []
    for lap in range(stats.laps + 1):  # the start of each lap, then the finish line
        line = lap * stats.lap_spaces
        label = "finish" if lap == stats.laps else f"lap {lap + 1}"
        dash = "" if lap == stats.laps else ' stroke-dasharray="4 4"'
        colour = "#333" if lap == stats.laps else "#bbb"
        parts.append(
            f'<line x1="{LEFT}" y1="{y(line):.1f}" x2="{LEFT + CHART_WIDTH}" y2="{y(line):.1f}" '
            f'stroke="{colour}"{dash}/>'
        )
        parts.append(f'<text x="{LEFT - 6}" y="{y(line) + 4:.1f}" text-anchor="end">{label}</text>')
    step = max(1, -(-rounds // 20))  # at most about 20 round labels
    for number in range(0, rounds + 1, step):
        parts.append(
            f'<line x1="{x(number):.1f}" y1="{TOP + CHART_HEIGHT}" x2="{x(number):.1f}" '
            f'y2="{TOP + CHART_HEIGHT + 4}" stroke="#333"/>'
            f'<text x="{x(number):.1f}" y="{TOP + CHART_HEIGHT + 18}" text-anchor="middle">{number}</text>'
        )
    parts.append(
        f'<text x="{LEFT + CHART_WIDTH / 2:.1f}" y="{HEIGHT - 10}" text-anchor="middle">'
        "round (0: the starting grid)</text>"
    )
    for index, car in enumerate(sorted(stats.cars, key=lambda c: c.place)):
        colour = CAR_COLOURS.get(car.color, "#555")
        dash = ' stroke-dasharray="6 3"' if car.legend else ""
        points = " ".join(f"{x(n):.1f},{y(p):.1f}" for n, p in enumerate(car.progress))
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"{dash}>'
            f"<title>{escape(car.name)}</title></polyline>"
        )
        for number, value in enumerate(car.progress):
            parts.append(
                f'<circle cx="{x(number):.1f}" cy="{y(value):.1f}" r="2.5" fill="{colour}">'
                f"<title>{escape(car.name)}, round {number}: progress {value}</title></circle>"
            )
        key_y = TOP + 10 + index * 20
        key_x = LEFT + CHART_WIDTH + 16
        parts.append(
            f'<line x1="{key_x}" y1="{key_y}" x2="{key_x + 20}" y2="{key_y}" stroke="{colour}" '
            f'stroke-width="3"{dash}/>'
            f'<text x="{key_x + 26}" y="{key_y + 4}">{escape(_car_label(car))}</text>'
        )
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
            f'font-family="sans-serif" font-size="12">',
            f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
            f'<text x="8" y="22" font-size="15" font-weight="bold">{escape(title)}</text>',
            f'<text x="{LEFT}" y="40" fill="#555">each car\'s position (spaces from the start line) '
            "at the end of each round</text>",
            f'<rect x="{LEFT}" y="{TOP}" width="{CHART_WIDTH}" height="{CHART_HEIGHT}" fill="none" stroke="#ccc"/>',
            *parts,
            "</svg>",
            "",
        ]
    )


def write_progress_plot(path: str | Path, stats: RaceStats, title: str) -> None:
    """Write ``progress_svg`` to ``path`` (atomically)."""
    write_text(path, progress_svg(stats, title))
