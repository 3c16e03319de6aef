"""The setup screen's keys: the field with the focus stands out (colours or not), q quits there
as on every other screen, and a q typed into a name is a letter."""

from __future__ import annotations

import pytest
from driver import handled, on_setup_screen
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Input, Select
from textual.widgets._select import SelectCurrent

from heat.tui.app import HeatApp
from heat.tui.screens.setup import SetupScreen
from heat.tui.setup_model import GameSetup


def shown_style(widget: Widget) -> str:
    """The text style the focused field is drawn in (a drop-down's is its current value's)."""
    if isinstance(widget, Select):
        widget = widget.query_one(SelectCurrent)
    return str(widget.styles.text_style)


@pytest.mark.usefixtures("quick_pilot")
def test_every_field_shows_its_focus_in_reverse_video() -> None:
    """Tab moved an invisible focus: nothing showed which field the keys would change."""

    async def check(pilot: Pilot[None], screen: SetupScreen) -> None:
        chain = screen.focus_chain
        assert chain and all(isinstance(widget, Select | Input | Button) for widget in chain)
        seen: set[str] = set()
        for _ in range(4):  # Resume, Replay, the file, then Mode
            await pilot.press("tab")
            await handled(pilot)
            focused = pilot.app.focused
            assert isinstance(focused, Select | Input | Button), f"tab went to {focused!r}"
            assert "reverse" in shown_style(focused), focused
            seen.add(type(focused).__name__)
        assert {"Picker", "Input", "Button"} <= seen

    on_setup_screen(HeatApp(setup=GameSetup()), check)


def test_q_quits_the_setup_screen_but_is_a_letter_in_a_name() -> None:
    async def check(pilot: Pilot[None], screen: SetupScreen) -> None:
        name = screen.query_one("#name-0", Input)
        name.focus()
        await pilot.press("end", "q")
        assert name.value.endswith("q") and pilot.app.return_code is None
        screen.query_one("#start", Button).focus()
        await pilot.press("q")
        await pilot.pause()
        assert pilot.app.return_code == 0

    on_setup_screen(HeatApp(setup=GameSetup()), check)
