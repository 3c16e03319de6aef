"""The statistics on the results screen: under the Hall of Fame, columns in its order, every row
reachable by scrolling at 80x24."""

from __future__ import annotations

import asyncio

from driver import played, settle
from svgtext import svg_lines

from heat.stats import by_place, race_stats, table_rows
from heat.tui.app import HeatApp
from heat.tui.screens.results import ResultsScreen
from heat.tui.setup_model import GameSetup, SeatChoice, build_table

SEATS = (SeatChoice("human", "Ann", color="red"), SeatChoice("bot", level="club"), SeatChoice("legend"))


def test_the_results_screen_shows_every_statistic_when_scrolled() -> None:
    table = build_table(GameSetup(practice=True, seed=11, weather=True, seats=SEATS))
    played(table, lambda t: t.is_over)
    assert table.race is not None
    stats = race_stats(table.race)
    rows = table_rows(stats)

    async def scenario() -> None:
        app = HeatApp(table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, ResultsScreen)
            shown = svg_lines(app.export_screenshot())
            assert any(line.strip().startswith("Statistics") for line in shown)
            assert any(line.strip().startswith("Place") for line in shown)  # the first row on the first page
            seen = set(shown)
            for _ in range(len(rows)):  # page down to the end, collecting every line shown
                await pilot.press("pagedown")
                await pilot.pause()
                seen.update(svg_lines(app.export_screenshot()))
            drawn = {" ".join(word for word in line.split() if word.isascii()) for line in seen}  # no scrollbar
            for label, cells in rows:  # each row as it is drawn: its label, the figures from first to last
                assert " ".join([label.strip(), *cells]) in drawn, label
            assert next(car.name for car in by_place(stats)) in "\n".join(seen)

    asyncio.run(scenario())
