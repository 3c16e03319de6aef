"""The text of a Textual SVG screenshot, line by line: what a snapshot test compares.

Rich writes one ``<text>`` element per run of equally styled characters, with its x position in
pixels and the clip path of its line; this puts the characters back on a grid of cells. Styles,
colours and the SVG's generated ids are left out, so a snapshot changes only when the words or
the layout on the screen change.
"""

from __future__ import annotations

import html
import re

CELL = 12.2
"""Width of one cell in Rich's SVG export, in pixels."""

_TEXT = re.compile(
    r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="[\d.]+" '
    r'clip-path="url\(#[\w-]*-line-(\d+)\)">(.*?)</text>',
    re.S,
)


def svg_lines(svg: str, height: int | None = None) -> list[str]:
    """The screen's lines of text, trailing spaces removed; at least ``height`` lines (Rich
    writes nothing for empty lines at the bottom)."""
    rows: dict[int, dict[int, str]] = {}
    for x, line, content in _TEXT.findall(svg):
        text = html.unescape(content).replace("\xa0", " ")
        if text.strip("\n") == "" and text != " " * len(text):
            continue
        column = round(float(x) / CELL)
        row = rows.setdefault(int(line), {})
        for offset, char in enumerate(text):
            if char != "\n":
                row[column + offset] = char
    height = max(height or 0, max(rows, default=-1) + 1)
    lines = []
    for index in range(height):
        cells = rows.get(index, {})
        width = max(cells, default=-1) + 1
        lines.append("".join(cells.get(i, " ") for i in range(width)).rstrip())
    return lines
