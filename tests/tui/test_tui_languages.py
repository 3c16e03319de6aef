"""The main screens in Finnish, French and German (issue 32), as SVG snapshots compared as text.

The scenes are those of the English snapshots (``screens.SCENES``: setup, race, season hub, Hall
of Fame), made and drawn while the app speaks the language, at 80x24 and, for the screens that
work there in English too (not the setup screen, whose fields need 80 columns), in a narrow
terminal of 60 columns. Besides matching its snapshot, a screen must show every label, button,
drop-down value and footer key whole: a translation longer than its field is cut by the field's width,
which the text would not show. The snapshots (docs/screenshots/i18n/NAME-WxH-LANG.svg) were
looked at; ``HEAT_UPDATE_SNAPSHOTS=1`` rewrites them.
"""

from __future__ import annotations

import asyncio
import difflib
import os
from pathlib import Path

import pytest
from rich.cells import cell_len
from screens import SCENES
from svgtext import svg_lines
from textual.app import App
from textual.widgets import Button, Label, Static
from textual.widgets._footer import FooterKey
from textual.widgets._select import SelectCurrent

from heat import i18n

SHOTS = Path(__file__).parent.parent.parent / "docs" / "screenshots" / "i18n"
UPDATE = os.environ.get("HEAT_UPDATE_SNAPSHOTS") == "1"
LANGUAGES = ("fi", "fr", "de")
SHOTS_TAKEN = [
    *[(name, (80, 24)) for name in ("setup", "race", "season", "results")],
    *[(name, (60, 24)) for name in ("race", "season", "results")],
]


def cut_texts(app: App[None]) -> list[str]:
    """The labels, buttons and drop-down values on the screen that their field cuts, and the
    footer's keys that do not fit in the terminal."""
    cut = [key.description for key in app.screen.query(FooterKey) if key.region.right > app.size.width]
    for widget in app.screen.query("Label, Button, SelectCurrent Static"):
        if not widget.display or not widget.region.area:
            continue
        text = str(widget.render())
        room = widget.content_region.width
        if isinstance(widget, Static) and isinstance(widget.parent, SelectCurrent):
            room = widget.region.width  # the value, with the arrow beside it
        if isinstance(widget, Label | Button | Static) and cell_len(text) > room:
            cut.append(text)
    return cut


def snapshot_of(name: str, size: tuple[int, int], language: str) -> tuple[str, list[str]]:
    """The SVG of scene ``name`` at ``size``, in ``language``, and the texts cut on it."""

    async def shoot() -> tuple[str, list[str]]:
        app, act = SCENES[name]()
        async with app.run_test(size=size) as pilot:
            await act(app, pilot)
            return app.export_screenshot(title=f"heat: {name} ({language})"), cut_texts(app)

    with i18n.speaking(language):
        return asyncio.run(shoot())


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("name", "size"), SHOTS_TAKEN, ids=lambda shot: str(shot) if isinstance(shot, str) else "x".join(map(str, shot))
)
def test_screen_in_each_language_matches_its_snapshot(name: str, size: tuple[int, int], language: str) -> None:
    svg, cut = snapshot_of(name, size, language)
    assert cut == []
    file = SHOTS / f"{name}-{size[0]}x{size[1]}-{language}.svg"
    if UPDATE or not file.exists():
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(svg, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"{file} did not exist and was written; check it and run the test again")
    actual = svg_lines(svg, size[1])
    assert len(actual) == size[1]
    expected = svg_lines(file.read_text(encoding="utf-8"), size[1])
    diff = "\n".join(difflib.unified_diff(expected, actual, "snapshot", "now", lineterm=""))
    assert actual == expected, f"{name} at {size[0]}x{size[1]} in {language} changed:\n{diff}"


def test_the_snapshots_are_in_the_language() -> None:
    """A few words each screen must show in each language (the snapshots are not English)."""
    words = {
        "fi": {"setup": "Paikat", "race": "Käsi", "season": "Mestaruussarja", "results": "Kunniagalleria"},
        "fr": {"setup": "Places", "race": "Main", "season": "Championnat", "results": "Hall of Fame"},
        "de": {"setup": "Plätze", "race": "Hand", "season": "Meisterschaft", "results": "Ruhmeshalle"},
    }
    for language, screens in words.items():
        for name, word in screens.items():
            file = SHOTS / f"{name}-80x24-{language}.svg"
            text = "\n".join(svg_lines(file.read_text(encoding="utf-8"), 24))
            assert word in text, f"{file.name} has no {word!r}"
