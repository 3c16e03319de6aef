"""The race screen's layout at the sizes people use: a tall terminal fills the left column (the
car table moves under the decision), and the log wraps its lines again when the width changes."""

from __future__ import annotations

import asyncio

from screens import race_scene
from svgtext import svg_lines

from heat.tui.widgets.race_log import RaceLog

SEPARATOR = "▏"


def left_column_blank_rows(lines: list[str]) -> tuple[int, int]:
    """(blank rows, rows) of the left column: the rows with the column separator."""
    body = [line for line in lines if SEPARATOR in line]
    blank = sum(1 for line in body if not line[: line.index(SEPARATOR)].strip())
    return blank, len(body)


def test_at_120x40_the_left_column_is_not_left_empty() -> None:
    """The left column (your car, hand, decision, preview) left about 20 of its rows empty while
    the car table and the log shared the right one."""

    async def scenario() -> list[str]:
        app, act = race_scene()
        async with app.run_test(size=(120, 40)) as pilot:
            await act(app, pilot)
            return svg_lines(app.export_screenshot(), 40)

    lines = asyncio.run(scenario())
    blank, rows = left_column_blank_rows(lines)
    assert rows >= 25 and blank <= rows // 3, "\n".join(lines)
    assert any("Driver" in line.split(SEPARATOR)[0] for line in lines if SEPARATOR in line)


def test_the_log_wraps_its_lines_again_when_the_terminal_is_resized() -> None:
    """A line wrapped at 80 columns stayed cut in two at 160."""

    async def scenario() -> None:
        app, act = race_scene()
        async with app.run_test(size=(80, 24)) as pilot:
            await act(app, pilot)
            log = app.screen.query_one(RaceLog)
            long = [entry for entry in log.entries_text if len(entry) > log.size.width]
            assert long, "no line long enough to wrap at 80 columns"
            assert not any(entry in log.lines_text for entry in long)
            await pilot.resize_terminal(160, 48)
            await pilot.pause()
            width = log.scrollable_content_region.width
            assert all(
                entry.rstrip() in [line.rstrip() for line in log.lines_text] for entry in long if len(entry) <= width
            )
            assert [line for line in log.lines_text if line.strip()]

    asyncio.run(scenario())
