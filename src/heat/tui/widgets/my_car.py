"""The player's own car: gear, Engine, deck and discard pile, the next corners (on the last lap,
those before the finish line, and the finish line), and the turn in progress (Speed, cards in
play, Adrenaline, symbols still to use)."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from heat.engine import SeatView, track
from heat.narrate import sector_words
from heat.tui.colors import badge
from heat.tui.widgets.cars_table import where
from heat.tui.widgets.track_map import ahead


def my_car_lines(view: SeatView, usable: frozenset[tuple[str, str]] | None = None) -> Text:
    """The lines about the viewer's car (``view.seat`` must be a seat). ``usable``: the (symbol,
    card) of the Upgrade symbols a legal choice uses now; the others are not listed (a Cooldown
    with no Heat in hand to cool)."""
    me = view.me
    assert me is not None
    out = Text.assemble(
        badge(me.color, mine=True),
        " ",
        (me.name, "bold"),
        f"  gear {me.gear}  ",
        ("Engine ", ""),
        (str(me.engine), "bold"),
        f"  deck {me.deck_count}  discard {me.discard_count}",
        f" (top {me.discard_top})" if me.discard_top else "",
        f"  {where(view, me)}",
    )
    if me.on_track:
        place = view.standings.index(me.seat) + 1
        out.append(f" P{place}")
        marks = []
        for number, distance in ahead(view, me.seat):
            if number:
                marks.append(f"corner {number} limit {view.corners[number - 1].speed_limit} in {distance}")
            else:
                marks.append(f"finish line in {distance}")
        out.append("\nNext: ", "bold")
        out.append(" · ".join(marks), "yellow")
        sector = view.corners[track(view.track).sector_corner(me.space)].sector_road
        if sector is not None:
            out.append("\nSector: ", "bold")
            out.append(sector_words(sector, view.weather), "cyan")
    turn = view.turn
    if turn is not None and turn.seat == me.seat:
        extras = [f"Speed {turn.speed}", f"played {' '.join(me.play or ()) or '-'}"]
        if turn.adrenaline:
            extras.append("Adrenaline")
        if turn.boost_used:
            extras.append("boosted")
        if turn.speed_limit_adjust:
            extras.append(f"limits {turn.speed_limit_adjust:+d}")
        out.append("\nTurn: ", "bold")
        out.append(" · ".join(extras))
        symbols = [(s, a, c) for s, a, c in turn.symbols if usable is None or (s, c) in usable]
        if symbols:
            out.append("\nTo use: ", "bold")
            out.append(", ".join(f"{s} {a} ({c})" if a else f"{s} ({c})" for s, a, c in symbols))
    if me.discard_pile is not None:
        out.append("\nDiscard pile: ", "bold")
        out.append(" ".join(me.discard_pile) or "(empty)")
    return out


class MyCar(Widget):
    """The viewer's car and turn."""

    DEFAULT_CSS = "MyCar { height: auto; }"

    view: reactive[SeatView | None] = reactive(None, layout=True)
    usable: frozenset[tuple[str, str]] | None = None
    """The Upgrade symbols usable now (``my_car_lines``); None: every one."""

    def render(self) -> Text:
        """The lines, or a note for a spectator."""
        if self.view is None or self.view.me is None:
            return Text("")
        return my_car_lines(self.view, self.usable)
