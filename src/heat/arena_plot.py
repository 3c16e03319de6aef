"""An SVG chart of an arena's results: each entrant's win rate, overall and on each track, with
its 95% Wilson interval as a whisker. Plain SVG text, so it needs no plotting library and opens
in any browser."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from heat.arena import EntrantStats, wilson
from heat.storage import write_text

BAR = 16
GAP = 6
LABEL = 170
CHART = 440
WIDTH = LABEL + CHART + 110
PALETTE = ("#c0392b", "#2471a3", "#229954", "#b7950b", "#6c3483", "#ca6f1e")
SUBTITLE = "win rate, with its 95% Wilson interval"
"""The chart's subtitle, on its fourth line (also how ``--overwrite`` knows a chart it drew)."""


def arena_svg(stats: Sequence[EntrantStats], title: str) -> str:
    """The chart as an SVG document (one bar per entrant and group, whiskers for the 95% CI)."""
    tracks = sorted({track for entrant in stats for track in entrant.track_wins})
    rows: list[str] = []
    y = 50
    for entrant in stats:
        name = entrant.entrant
        groups = [("all tracks", (entrant.wins, entrant.races))]
        if len(tracks) > 1:
            groups += [(track, entrant.track_wins.get(track, (0, 0))) for track in tracks]
        rows.append(f'<text x="8" y="{y + BAR - 3}" font-weight="bold">{escape(name)}</text>')
        for index, (label, (wins, races)) in enumerate(groups):
            if not races:
                continue
            rate = wins / races
            low, high = wilson(wins, races)
            colour = PALETTE[index % len(PALETTE)]
            rows.append(f'<text x="{LABEL - 8}" y="{y + BAR - 3}" text-anchor="end">{escape(label)}</text>')
            rows.append(
                f'<rect x="{LABEL}" y="{y}" width="{rate * CHART:.1f}" height="{BAR}" fill="{colour}">'
                f"<title>{escape(name)} on {escape(label)}: {wins} of {races}</title></rect>"
            )
            middle = y + BAR / 2
            rows.append(
                f'<line x1="{LABEL + low * CHART:.1f}" y1="{middle}" x2="{LABEL + high * CHART:.1f}" '
                f'y2="{middle}" stroke="black"/>'
            )
            for end in (low, high):
                rows.append(
                    f'<line x1="{LABEL + end * CHART:.1f}" y1="{middle - 4}" x2="{LABEL + end * CHART:.1f}" '
                    f'y2="{middle + 4}" stroke="black"/>'
                )
            rows.append(f'<text x="{LABEL + CHART + 8}" y="{y + BAR - 3}">{100 * rate:.1f}% of {races}</text>')
            y += BAR + GAP
        y += 2 * GAP
    height = y + 30
    axis = [
        f'<line x1="{LABEL + f * CHART:.1f}" y1="40" x2="{LABEL + f * CHART:.1f}" y2="{y}" stroke="#ccc"/>'
        f'<text x="{LABEL + f * CHART:.1f}" y="{y + 16}" text-anchor="middle">{int(100 * f)}%</text>'
        for f in (0, 0.25, 0.5, 0.75, 1)
    ]
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'font-family="sans-serif" font-size="12">',
            f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
            f'<text x="8" y="22" font-size="15" font-weight="bold">{escape(title)}</text>',
            f'<text x="{LABEL}" y="36" fill="#555">{SUBTITLE}</text>',
            *axis,
            *rows,
            "</svg>",
            "",
        ]
    )


def write_plot(path: str | Path, stats: Sequence[EntrantStats], title: str) -> None:
    """Write ``arena_svg`` to ``path``."""
    write_text(path, arena_svg(stats, title))
