"""The race screen's pieces as text, from precise positions: the track map (your car, where you
would land, the sectors of the Road Conditions), the finish line on the last lap, the preview."""

from __future__ import annotations

import re

from driver import played
from rich.console import Console

from heat.engine import EndReact, Race, RaceConfig, React, SeatView, default_seats, track, view_of
from heat.engine.events import ConditionsDrawn
from heat.engine.frozen import replace
from heat.narrate import describe
from heat.preview import Preview, preview_react
from heat.tui.screens.race import status_text, usable_symbols
from heat.tui.setup_model import GameSetup, SeatChoice, build_table
from heat.tui.widgets.cars_table import cars_table, short_names
from heat.tui.widgets.my_car import my_car_lines
from heat.tui.widgets.preview_box import landing_text, preview_text
from heat.tui.widgets.track_map import YOU, ahead, draw_track
from scenario import car, position, race_from


def a_view(track_id: str = "usa", laps: int = 2) -> SeatView:
    """Seat 0's view of a new 3-car race."""
    return view_of(Race(RaceConfig(default_seats(3), track=track_id, laps=laps, seed=1)), 0)


def moved(view: SeatView, seat: int, space: int, lap: int = 1, lane: int = 1) -> SeatView:
    """``view`` with ``seat``'s car at ``space`` of ``lap`` (the others off the map's way)."""
    cars = [replace(car, on_track=car.seat == seat) for car in view.cars]
    cars[seat] = replace(cars[seat], space=space, lap=lap, lane=lane, on_track=True)
    return replace(view, cars=tuple(cars))


def under_row(view: SeatView, width: int = 78, **options: object) -> str:
    """The row under the track (one strip: USA fits 78 cells at one cell a space)."""
    lines = draw_track(view, width, viewer=0, **options)  # type: ignore[arg-type]
    assert len(lines) == 4, "one strip expected"
    return lines[-1].plain


def x_of_space(view: SeatView, space: int) -> int:
    """The column of ``space`` on the map (where a car standing there is drawn)."""
    there = moved(view, 1, space)
    lane_row = draw_track(there, 78, viewer=0)[1].plain
    return lane_row.index("B")  # seat 1 is blue


def test_your_car_marker_never_cuts_a_space_number() -> None:
    """The ▲ under the car overwrote half of a number: "4▲" under space 41 read as space 4."""
    board = track("usa")
    for space in range(1, board.spaces + 1):
        view = moved(a_view(), 0, space)
        row = under_row(view)
        assert row.count(YOU) == 1
        assert row[x_of_space(view, space)] == YOU
        for match in re.finditer(r"\d+", row):
            number = int(match.group())
            assert number % 10 == 0, f"space {space}: a number cut short: {row!r}"
            assert match.start() == x_of_space(view, number), f"space {space}: {number} misplaced"


def test_the_spaces_where_the_car_may_land_are_marked_under_the_track() -> None:
    view = moved(a_view(), 0, 5)
    row = under_row(view, landing=frozenset({19, 20, 21}))
    assert [row[x_of_space(view, space)] for space in (19, 20, 21)] == ["△", "△", "△"]
    assert row.count("△") == 3 and "20" not in row  # the number under a mark is left out whole
    assert "△" not in under_row(view)


def test_a_sector_with_a_road_conditions_token_is_drawn_to_its_end() -> None:
    """Only an H at the sector's start was drawn: where a Heat control sector ends was not shown."""
    view = a_view()
    board = track("usa")
    corners = list(view.corners)
    corners[1] = replace(corners[1], sector_road="heat-control")  # the sector after corner 2
    view = moved(replace(view, corners=tuple(corners)), 0, 1)
    labels = draw_track(view, 78, viewer=0)[0].plain
    sector = [space for space in range(1, board.spaces + 1) if board.sector_corner(space) == 1]
    shown = "".join(labels[x_of_space(view, space)] for space in sector)
    assert shown.count("H") == 1 and set(shown) == {"H", "╌"}, shown
    assert labels.count("╌") + labels.count("H") == len(sector)


def test_on_the_last_lap_the_finish_line_comes_before_the_corners_beyond_it() -> None:
    board = track("usa")
    last = board.corners[-1]
    view = moved(a_view(laps=2), 0, last.line_after - 3, lap=2)
    assert ahead(view, 0) == [(last.number, 3), (0, board.spaces - last.line_after + 3)]
    assert f"finish line in {board.spaces - last.line_after + 3}" in my_car_lines(view).plain
    early = moved(a_view(laps=2), 0, last.line_after - 3, lap=1)  # not the last lap: two corners
    assert [number for number, _ in ahead(early, 0)] == [last.number, board.corners[0].number]
    assert "finish line" not in my_car_lines(early).plain


def a_preview(*landing: tuple[int, int, float]) -> Preview:
    return Preview(((9, 1.0),), landing, (), heat_now=0, expected_heat=0.0, spin_chance=0.0)


def test_the_preview_says_finishes_not_a_space_on_the_next_lap() -> None:
    """It said "Lands spaces 68-2 (lap 1-2)" for a move across the finish line of the last lap."""
    across = a_preview((66, 1, 0.25), (68, 1, 0.25), (1, 2, 0.25), (2, 2, 0.25))
    text = landing_text(across, laps=1, finish=4).plain
    assert text == "Lands spaces 66-68 (lap 1) · finishes 50% · finish line in 4"
    assert landing_text(a_preview((1, 2, 0.5), (3, 2, 0.5)), laps=1, finish=2).plain == ("Finishes · finish line in 2")
    assert "lap 1-2" in landing_text(across, laps=2).plain  # not the last lap: the next lap
    assert "Finishes" in preview_text(a_preview((2, 2, 1.0)), 40, laps=1, finish=1).plain


def table_rows(view: SeatView, width: int) -> list[str]:
    console = Console(width=width + 2, record=True)
    console.print(cars_table(view, 0, width))
    return console.export_text().splitlines()


def test_the_car_table_tells_every_car_apart_and_says_what_its_columns_are() -> None:
    """Narrow, "Bot Bl…" was Bot Blue and Bot Black, "Bot Gr…" Bot Green and Bot Gray, and
    the header H (the hand) read as Heat."""
    choices = (
        SeatChoice("human", "Ann", color="red"),
        *(SeatChoice("bot", color=color) for color in ("blue", "black", "green", "gray")),
        SeatChoice("legend", color="yellow"),
    )
    table = build_table(GameSetup(seed=1, seats=choices))
    view = table.view(0)
    for width in (38, 80):
        header, *rows = table_rows(view, width)
        start, end = header.index("Driver"), header.index("Pos" if width < 60 else "Lap:Sp")
        drivers = [row[start:end].strip() for row in rows]
        assert len(set(drivers)) == len(drivers) == 6, drivers
        for each in view.cars:  # every colour word is there whole
            assert any(each.name.split()[-1] in driver for driver in drivers)
        titles = header.split()
        assert "Gear" in titles and not {"G", "E", "H", "D", "X"} & set(titles)
    assert short_names(["Christine", "Christina"], 8) == ["Chr…tine", "Chr…tina"]
    assert short_names(["Bot Blue", "Ann"], 8) == ["Bot Blue", "Ann"]


def reacting_on(space: int, speed: int, road: list[str | None], weather: str | None = None) -> SeatView:
    """Red's view in React on USA (Corner Lines after 12, 33, 49, 57; limits 7, 3, 3, 2), moved
    to ``space`` at ``speed`` this turn, with these Road Conditions tokens by corner."""
    cars = [car(space=space, engine=3, gear=3, deck=["3", "4"]), car(space=1)]
    data = position(
        cars,
        phase="turn",
        step="react",
        order=[1, 0],
        turn_index=1,
        turn={"start_space": space - speed, "start_lap": 1, "speed": speed},
        weather={"token": weather, "road": road},
    )
    return view_of(race_from(data), 0)


def test_the_preview_says_why_a_boost_is_free_and_a_limit_is_not_the_printed_one() -> None:
    """A Boost in a Heat control sector showed 'expected Heat 0' and nothing said why."""
    view = reacting_on(31, 10, ["heat-control", "limit-minus", None, "overheat"])
    boost = preview_react(view, React("boost"))
    assert boost.heat_now == 0
    assert boost.reasons[0] == "Boost: no Heat in a Heat control sector (W-16)"
    assert "corner 2: limit 2, printed 3: Speed Limit -1 (W-13)" in boost.reasons
    text = preview_text(boost, 40).plain
    assert "Boost: no Heat in a Heat control sector (W-16)" in text
    paid = preview_react(reacting_on(30, 10, [None, "limit-minus", None, None]), React("boost"))
    assert paid.heat_now == 1 and not any("Boost" in reason for reason in paid.reasons)
    overheat = preview_react(reacting_on(50, 10, [None, None, "overheat", None]), EndReact())
    assert overheat.reasons == ("corner 3: Overheat, 1 more Heat if over the limit (W-14)",)
    assert "Sector: Heat control: a Boost costs no Heat (W-16)" in my_car_lines(view).plain


def test_the_log_names_the_weather_and_road_conditions_in_words() -> None:
    """It printed the tokens' ids: 'Road Conditions: corner 1: heat-control, corner 2: limit-minus'."""
    event = ConditionsDrawn(-1, "fog", ("heat-control", "limit-minus", "overheat", "weather"))
    assert describe(event, ["Ann"], 1) == (
        "Weather: Fog (W: no slipstream); Road Conditions: corner 1: Heat control (its sector), "
        "corner 2: Speed Limit -1, corner 3: Overheat, corner 4: Weather (its sector)"
    )


def test_the_status_line_keeps_the_step_and_the_legends_card_in_80_columns() -> None:
    """At 80x24 the line was cut at the right: the Legends card (and the weather) were lost."""
    choices = (SeatChoice("human", "Ann", color="red"), SeatChoice("bot"), SeatChoice("legend"))
    table = build_table(GameSetup(seed=7, track="great-britain", weather=True, seats=choices))
    played(table, lambda t: t.race is not None and t.race.legends_card is not None and t.race.phase == "turn")
    view = table.view(0)
    full = status_text(view, 0, "").plain
    assert len(full) > 78 and f"Legends {view.legends_card}" in full
    short = status_text(view, 0, "", 78).plain
    assert len(short) <= 78 and short.endswith(f"Legends {view.legends_card}")
    assert "Great Britain" in short and "Ann" in short
    assert status_text(view, 0, "", 200).plain == full


def test_a_symbol_with_nothing_to_use_it_on_is_not_offered() -> None:
    """'To use: cooldown 3 (4wd-cool)' showed with no Heat card in hand to cool."""

    def reacting(hand: list[str]) -> tuple[SeatView, Race]:
        cars = [car(space=22, play=["4wd-cool"], hand=hand, deck=["1", "1"]), car(space=30)]
        data = position(
            cars,
            phase="turn",
            step="react",
            order=[1, 0],
            turn_index=1,
            turn={"start_space": 20, "speed": 2, "symbols": [["cooldown", 3, "4wd-cool"]]},
        )
        race = race_from(data)
        return view_of(race, 0), race

    view, race = reacting(["3"])
    usable = usable_symbols(race.legal_decisions(0))
    assert "cooldown 3 (4wd-cool)" in my_car_lines(view).plain  # every symbol, as before
    assert "cooldown" not in my_car_lines(view, usable).plain
    view, race = reacting(["heat", "3"])
    usable = usable_symbols(race.legal_decisions(0))
    assert "To use: cooldown 3 (4wd-cool)" in my_car_lines(view, usable).plain
