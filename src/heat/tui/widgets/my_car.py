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
from heat.tui.translate import _
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
        "  " + _("gear {gear}", gear=me.gear) + "  ",
        (_("Engine") + " ", ""),
        (str(me.engine), "bold"),
        "  " + _("deck {deck}  discard {discard}", deck=me.deck_count, discard=me.discard_count),
        " " + _("(top {card})", card=me.discard_top) if me.discard_top else "",
        f"  {where(view, me)}",
    )
    if me.on_track:
        place = view.standings.index(me.seat) + 1
        out.append(" " + _("P{place}", place=place))
        marks = []
        for number, distance in ahead(view, me.seat):
            if number:
                limit = view.corners[number - 1].speed_limit
                marks.append(
                    _("corner {corner} limit {limit} in {distance}", corner=number, limit=limit, distance=distance)
                )
            else:
                marks.append(_("finish line in {distance}", distance=distance))
        out.append("\n" + _("Next: "), "bold")
        out.append(" · ".join(marks), "yellow")
        sector = view.corners[track(view.track).sector_corner(me.space)].sector_road
        if sector is not None:
            out.append("\n" + _("Sector: "), "bold")
            out.append(sector_words(sector, view.weather), "cyan")
    turn = view.turn
    if turn is not None and turn.seat == me.seat:
        extras = [_("Speed {speed}", speed=turn.speed), _("played {cards}", cards=" ".join(me.play or ()) or "-")]
        if turn.adrenaline:
            extras.append(_("Adrenaline"))
        if turn.boost_used:
            extras.append(_("boosted"))
        if turn.speed_limit_adjust:
            extras.append(_("limits {change}", change=f"{turn.speed_limit_adjust:+d}"))
        out.append("\n" + _("Turn: "), "bold")
        out.append(" · ".join(extras))
        symbols = [(s, a, c) for s, a, c in turn.symbols if usable is None or (s, c) in usable]
        if symbols:
            out.append("\n" + _("To use: "), "bold")
            out.append(", ".join(f"{s} {a} ({c})" if a else f"{s} ({c})" for s, a, c in symbols))
    if me.discard_pile is not None:
        out.append("\n" + _("Discard pile: "), "bold")
        out.append(" ".join(me.discard_pile) or _("(empty)"))
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
