"""The preview of the decision being considered, before it is committed: the Speed and the
chance of each value, where the car would land, the Heat each corner would cost and the chance
of a spin-out (``heat.preview``, exact over the orders the draw deck may be in)."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from heat.preview import Preview, amount_text, percent_text
from heat.tui.translate import _

BAR = "█"


def landing_text(preview: Preview, laps: int, finish: int | None = None) -> Text:
    """Where the car would stand: ``Lands spaces 12-15 (lap 1)``; on the last lap the chance that
    it crosses the finish line instead (``finishes``) and, ``finish`` given, the distance to it."""
    out = Text()
    racing = [place for place in preview.landing if place[1] <= laps]
    finishing = sum(chance for _, lap, chance in preview.landing if lap > laps)
    if racing:
        first, last = racing[0], racing[-1]
        out.append(_("Lands") + " ", "bold")
        out.append(
            _("space {space}", space=first[0])
            if first[:2] == last[:2]
            else _("spaces {first}-{last}", first=first[0], last=last[0])
        )
        if first[1] != last[1] or first[1] > 0:
            laps_text = str(first[1]) if first[1] == last[1] else f"{first[1]}-{last[1]}"
            out.append(" " + _("(lap {lap})", lap=laps_text), "dim")
        if finishing:
            out.append(" · " + _("finishes {chance}", chance=percent_text(finishing)), "bold green")
    else:
        out.append(_("Finishes"), "bold green")
    if finish is not None:
        out.append(" · " + _("finish line in {distance}", distance=finish), "dim" if racing else "green")
    return out


def preview_text(preview: Preview, width: int, laps: int = 1, finish: int | None = None) -> Text:
    """The preview in a few lines for ``width`` cells: the Speed chances as bars when there is
    room, the landing (``landing_text``: a race of ``laps`` laps, ``finish`` spaces to the finish
    line on the last lap), each corner's Heat, the spin-out chance, and why a cost is not the
    usual one (``Preview.reasons``)."""
    out = Text()
    speeds = preview.speeds
    low, high = speeds[0][0], speeds[-1][0]
    out.append(_("Speed") + " ", "bold")
    out.append(str(low) if low == high else f"{low}-{high}")
    if len(speeds) > 1:
        cells = [f"{speed}:{percent_text(chance)}" for speed, chance in speeds]
        room = width - out.cell_len - 2
        if len(" ".join(cells)) <= room:
            out.append("  " + " ".join(cells), "dim")
        if width >= 60 and len(speeds) <= 8:
            top = max(chance for _, chance in speeds)
            for speed, chance in speeds:
                bar = BAR * max(1, round(chance / top * 12))
                out.append(f"\n  {speed:>2} {bar} {percent_text(chance)}", "cyan")
    out.append("\n")
    out.append_text(landing_text(preview, laps, finish))
    heat = Text()
    if preview.heat_now:
        heat.append(_("{heat} now", heat=preview.heat_now), "yellow")
    for risk in preview.corners:
        if heat:
            heat.append(" · ")
        if risk.chance >= 1.0:
            corner = _(
                "corner {corner} (limit {limit}): {heat}",
                corner=risk.corner,
                limit=risk.limit,
                heat=amount_text(risk.heat),
            )
        else:
            corner = _(
                "corner {corner} (limit {limit}, reached {chance}): {heat}",
                corner=risk.corner,
                limit=risk.limit,
                chance=percent_text(risk.chance),
                heat=amount_text(risk.heat),
            )
        heat.append(corner)
    if heat:
        out.append("\n" + _("Heat: "), "bold")
        out.append_text(heat)
    out.append("\n" + _("Spin-out") + " ", "bold")
    out.append(percent_text(preview.spin_chance), "bold red" if preview.spin_chance > 0 else "green")
    out.append(" · " + _("expected Heat {heat}", heat=amount_text(preview.expected_heat)), "dim")
    for reason in preview.reasons:  # why a cost is not the usual one (Road Conditions, cards)
        out.append(f"\n{reason}", "italic")
    return out


class PreviewBox(Widget):
    """What the highlighted decision would lead to, or a note on why there is no preview."""

    DEFAULT_CSS = "PreviewBox { height: auto; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.preview: Preview | None = None
        self.note = ""
        self.laps = 1
        self.finish: int | None = None

    def show(self, preview: Preview | None, note: str = "", *, laps: int = 1, finish: int | None = None) -> None:
        """Show ``preview`` (of a race of ``laps`` laps, ``finish`` spaces from the finish line on
        the last lap), or ``note`` when there is none."""
        self.preview, self.note, self.laps, self.finish = preview, note, laps, finish
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as the preview needs at ``width``."""
        return len(self._text(max(1, width)).wrap(self.app.console, max(1, width)))

    def _text(self, width: int) -> Text:
        if self.preview is None:
            return Text(self.note, style="dim italic")
        return preview_text(self.preview, width, self.laps, self.finish)

    def render(self) -> Text:
        """The preview lines."""
        return self._text(self.content_size.width)
