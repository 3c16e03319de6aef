"""Every car's public facts, in race order: the standings.

Place, where the car is (lap:space, ``g67`` on the grid), gear, Heat in the Engine, cards in
hand, deck and discard pile. Wide, the top of the discard pile, the Upgrade cards and the
revealed play area too (the ``i`` key shows them however narrow the terminal).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from heat.engine import CarView, SeatView
from heat.i18n import N_
from heat.tui.colors import badge
from heat.tui.translate import _

WIDE = 60


def where(view: SeatView, car: CarView, *, short: bool = False) -> str:
    """Where a car is: ``lap 1 space 12`` (short ``1:12``), ``grid 67`` (``g67``), its place in
    the Hall of Fame, ``finish`` across the line before the round ends, or ``out`` (eliminated)."""
    if car.seat in view.hall_of_fame:
        place = _ordinal(view.hall_of_fame.index(car.seat) + 1)
        return place if short else _("finished {place}", place=place)
    if car.finished:
        return _("fin") if short else _("across the line")
    if not car.on_track:
        return _("out")
    if car.lap <= 0:
        return _("g{space}", space=car.space) if short else _("grid {space}", space=car.space)
    lap = min(car.lap, view.laps)
    return f"{lap}:{car.space}" if short else _("lap {lap} space {space}", lap=lap, space=car.space)


def _ordinal(place: int) -> str:
    """``place`` as an ordinal: 1st, 2nd, 3rd, 4th (1., 2. in Finnish and German; 1er, 2e in French)."""
    if place == 1:
        return _("{place}st", place=place)
    if place == 2:
        return _("{place}nd", place=place)
    if place == 3:
        return _("{place}rd", place=place)
    return _("{place}th", place=place)


def short_names(names: Sequence[str], width: int) -> list[str]:
    """Each name in at most ``width`` cells, no two alike when the names differ: the leading
    words of names too long cut to their initial, in every name that starts with the same word
    (``Bot Black`` -> ``B.Black``, and then ``Bot Blue`` -> ``B.Blue``), then the end cut
    (``L.Yello…``), or the middle (``Chri…ine``) where two would still read the same."""
    long_words = {name.split()[0] for name in names if len(name) > width and len(name.split()) > 1}
    short = [_shorten(name, width, abbreviate=name.split()[0] in long_words) for name in names]
    alike = [
        index
        for index, name in enumerate(names)
        if any(short[index] == short[other] and names[other] != name for other in range(len(names)))
    ]
    for index in alike:
        short[index] = _middle_cut(names[index], width)
    return short


def _shorten(name: str, width: int, *, abbreviate: bool) -> str:
    words = name.split()
    if abbreviate and len(words) > 1:
        name = ".".join(word[0] for word in words[:-1]) + "." + words[-1]
    return name if len(name) <= width else name[: max(1, width - 1)] + "…"


def _middle_cut(name: str, width: int) -> str:
    if len(name) <= width:
        return name
    head = max(1, (width - 1) // 2)
    tail = max(0, width - 1 - head)
    return name[:head] + "…" + (name[-tail:] if tail else "")


WIDE_KEY = N_("Engine: Heat in the Engine · Hand, Deck, Discard: cards · Top: top of the discard pile")
"""What the wide table's headers stand for (under the ``i`` screen's table): translated where shown."""


def cars_table(view: SeatView, viewer: int | None, width: int) -> Table:
    """The table of every car, first to last, for ``width`` cells. Narrow: where, gear, Engine
    and the card counts in one column; wide: every count, the top of the discard pile, the
    Upgrade cards and the cards in play. Names are shortened to tell them apart (``short_names``)."""
    wide = width >= WIDE
    upgrades = wide and any(car.upgrades for car in view.cars)
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, pad_edge=False, expand=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("", no_wrap=True)
    table.add_column(_("Driver"), no_wrap=True)
    table.add_column(_("Lap:Sp") if wide else _("Pos"), no_wrap=True)
    table.add_column(_("Gear"), justify="right", no_wrap=True)
    if wide:
        for title in (N_("Engine"), N_("Hand"), N_("Deck"), N_("Discard")):
            table.add_column(_(title), justify="right", no_wrap=True)
        table.add_column(_("Top"), no_wrap=True)
        if upgrades:
            table.add_column(_("Upgrades"), no_wrap=False, overflow="fold")
        table.add_column(_("Played"), no_wrap=False, overflow="fold")
    else:
        table.add_column(_("Eng"), justify="right", no_wrap=True)
        table.add_column(_("Hnd/Dck/Dsc"), no_wrap=True)
    names = short_names([car.name for car in view.cars], NAME_WIDTH[wide])
    for place, seat in enumerate(view.standings, 1):
        car = view.cars[seat]
        mine = seat == viewer
        mark = " *" if view.phase == "plan" and car.committed else ""
        name = Text(names[seat] + mark, style="bold" if mine else "")
        row: list[Text | str] = [str(place), badge(car.color, mine=mine), name, where(view, car, short=True)]
        if car.legend:
            legend = _("Legend")
            row += ["", "", legend] if not wide else ["", "", "", "", "", legend] + ([""] if upgrades else [])
        elif wide:
            row += [
                str(car.gear),
                str(car.engine),
                str(car.hand_count),
                str(car.deck_count),
                str(car.discard_count),
                car.discard_top or "-",
            ]
            if upgrades:
                row.append(" ".join(car.upgrades))
        else:
            row += [str(car.gear), str(car.engine), f"{car.hand_count}/{car.deck_count}/{car.discard_count}"]
        if wide:
            row.append(" ".join(car.play) if car.play else "")
        table.add_row(*row)
    return table


NAME_WIDTH = {False: 8, True: 14}
"""The widest name in the narrow and the wide table (names are shortened to fit)."""


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
