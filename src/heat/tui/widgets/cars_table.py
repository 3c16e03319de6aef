"""Every car's public facts, in race order: the standings.

Place, where the car is (lap:space, ``g67`` on the grid), gear, Heat in the Engine, cards in
hand, deck and discard pile, the top of the discard pile and the Upgrade cards. Narrow, the
Upgrades are a count (the ``i`` key shows them all); wide, their names and the revealed play
area too.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from heat.engine import CarView, SeatView
from heat.tui.colors import badge

WIDE = 60


def where(view: SeatView, car: CarView, *, short: bool = False) -> str:
    """Where a car is: ``lap 1 space 12`` (short ``1:12``), ``grid 67`` (``g67``), its place in
    the Hall of Fame, ``finish`` across the line before the round ends, or ``out`` (eliminated)."""
    if car.seat in view.hall_of_fame:
        place = _ordinal(view.hall_of_fame.index(car.seat) + 1)
        return place if short else f"finished {place}"
    if car.finished:
        return "fin" if short else "across the line"
    if not car.on_track:
        return "out"
    if car.lap <= 0:
        return f"g{car.space}" if short else f"grid {car.space}"
    lap = min(car.lap, view.laps)
    return f"{lap}:{car.space}" if short else f"lap {lap} space {car.space}"


def _ordinal(place: int) -> str:
    return f"{place}{'st' if place == 1 else 'nd' if place == 2 else 'rd' if place == 3 else 'th'}"


def cars_table(view: SeatView, viewer: int | None, width: int) -> Table:
    """The table of every car, first to last, for ``width`` cells (narrow: short columns)."""
    wide = width >= WIDE
    upgrades = any(car.upgrades for car in view.cars)
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, pad_edge=False, expand=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("", no_wrap=True)
    table.add_column("Driver", no_wrap=True, max_width=14 if wide else 7, overflow="ellipsis")
    table.add_column("Lap:Sp" if wide else "Pos", no_wrap=True)
    for title in ("Gear", "Eng", "Hand", "Deck", "Disc") if wide else ("G", "E", "H", "D", "X"):
        table.add_column(title, justify="right", no_wrap=True)
    table.add_column("Top", no_wrap=True, max_width=None if wide else 5, overflow="ellipsis")
    if upgrades:
        table.add_column("Upgrades" if wide else "U", no_wrap=not wide, overflow="fold")
    if wide:
        table.add_column("Played", no_wrap=False, overflow="fold")
    for place, seat in enumerate(view.standings, 1):
        car = view.cars[seat]
        mine = seat == viewer
        name = Text(car.name + (" *" if view.phase == "plan" and car.committed else ""), style="bold" if mine else "")
        row: list[Text | str] = [str(place), badge(car.color, mine=mine), name, where(view, car, short=True)]
        if car.legend:
            row += ["", "", "", "", "", "Legend" if wide else "L"]
            if upgrades:
                row.append("")
        else:
            row += [
                str(car.gear),
                str(car.engine),
                str(car.hand_count),
                str(car.deck_count),
                str(car.discard_count),
                car.discard_top or "-",
            ]
            if upgrades:
                row.append(" ".join(car.upgrades) if wide else str(len(car.upgrades)))
        if wide:
            row.append(" ".join(car.play) if car.play else "")
        table.add_row(*row)
    return table


class CarsTable(Widget):
    """The standings with every car's public facts."""

    DEFAULT_CSS = "CarsTable { height: auto; }"

    view: reactive[SeatView | None] = reactive(None, layout=True)
    viewer: reactive[int | None] = reactive(None)

    def show(self, view: SeatView | None, viewer: int | None) -> None:
        """Show ``view`` with ``viewer``'s row in bold."""
        self.set_reactive(CarsTable.viewer, viewer)
        self.view = view
        self.refresh(layout=True)

    def render(self) -> Table | Text:
        """The table, or nothing before a race."""
        if self.view is None:
            return Text("")
        return cars_table(self.view, self.viewer, self.content_size.width)
