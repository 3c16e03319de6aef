"""OptionMenu, the option list of the race, draft and season screens, and Picker, the setup
screen's drop-down: their page keys work even before the list has been laid out (Textual's own
lists raise KeyError there, which a seeded monkey at the keyboard found as a crash of the app)."""

from __future__ import annotations

import asyncio
import inspect

import pytest
from textual.app import App, ComposeResult
from textual.widgets import OptionList, Select
from textual.widgets._select import SelectOverlay
from textual.widgets.option_list import Option

from heat.tui.widgets.option_menu import OptionMenu, Picker


class MenuApp(App[None]):
    """One hidden option list, shown and refilled on demand as the race screen does."""

    CSS = "#menu { height: auto; max-height: 8; }"

    def __init__(self, kind: type[OptionList]) -> None:
        super().__init__()
        self.kind = kind

    def compose(self) -> ComposeResult:
        yield self.kind(id="menu")

    def on_mount(self) -> None:
        self.query_one("#menu").display = False

    def refill(self, count: int) -> OptionList:
        menu = self.query_one("#menu", OptionList)
        menu.display = True
        menu.clear_options()
        menu.add_options([Option(f"option {i}") for i in range(count)])
        menu.highlighted = 0
        menu.focus()
        return menu


def run(kind: type[OptionList], key: str, start: int, before_layout: bool) -> int | None:
    """The option highlighted after ``key`` (pagedown or pageup) in a list of 20 just refilled,
    ``start`` highlighted: the key handled at once, before the list is laid out (as when it
    arrives together with the refill), or after a pause."""

    async def scenario() -> int | None:
        app = MenuApp(kind)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            menu = app.refill(20)
            menu.highlighted = start
            if before_layout and key == "pagedown":
                menu.action_page_down()
            elif before_layout:
                menu.action_page_up()
            else:
                await pilot.pause()
                await pilot.press(key)
            await pilot.pause()
            return menu.highlighted

    return asyncio.run(scenario())


def test_textuals_option_list_fails_on_a_page_key_before_its_layout():
    """The failure OptionMenu exists for (if a Textual release fixes it, this test says so)."""
    with pytest.raises(KeyError):
        run(OptionList, "pagedown", 0, before_layout=True)


def test_a_page_key_before_the_layout_goes_to_the_last_or_the_first_option():
    assert run(OptionMenu, "pagedown", 0, before_layout=True) == 19
    assert run(OptionMenu, "pageup", 19, before_layout=True) == 0


def test_a_page_key_after_the_layout_moves_a_page_as_textuals_does():
    """A list of at most 8 lines: a page is 8 options, so neither key reaches an end."""
    down = run(OptionMenu, "pagedown", 0, before_layout=False)
    up = run(OptionMenu, "pageup", 19, before_layout=False)
    assert down == run(OptionList, "pagedown", 0, before_layout=False)
    assert up == run(OptionList, "pageup", 19, before_layout=False)
    assert down is not None and 0 < down < 19
    assert up is not None and 0 < up < 19


class PickerApp(App[None]):
    """One drop-down of 20 values."""

    def __init__(self, kind: type[Select[object]]) -> None:
        super().__init__()
        self.kind = kind

    def compose(self) -> ComposeResult:
        yield self.kind([(str(i), i) for i in range(20)], value=0, allow_blank=False, id="picker")


def open_and_page(kind: type[Select[object]], before_layout: bool) -> int | None:
    """The option highlighted in the drop-down after it opens and PageDown is pressed: at once,
    before its list is laid out, or after a pause."""

    async def scenario() -> int | None:
        app = PickerApp(kind)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            picker = app.query_one("#picker", Select)
            picker.focus()
            picker.expanded = True
            overlay = picker.query_one(SelectOverlay)
            if before_layout:
                overlay.action_page_down()
            else:
                await pilot.pause()
                await pilot.press("pagedown")
            await pilot.pause()
            return overlay.highlighted

    return asyncio.run(scenario())


def test_textuals_drop_down_fails_on_a_page_key_as_it_opens():
    with pytest.raises(KeyError):
        open_and_page(Select, before_layout=True)


def test_the_setup_screens_drop_down_pages_as_soon_as_it_opens():
    assert open_and_page(Picker, before_layout=True) == 19
    after = open_and_page(Picker, before_layout=False)
    assert after == open_and_page(Select, before_layout=False)
    assert after is not None and 0 < after < 19


def test_the_screens_use_the_option_lists_whose_page_keys_work():
    """Every list of choices the app shows is one of these (the monkey at the keyboard found the
    race screen's crash)."""
    from heat.tui.screens import draft, race, season, setup

    assert "OptionMenu(" in inspect.getsource(race) and "OptionList(" not in inspect.getsource(race)
    assert "OptionMenu(" in inspect.getsource(draft) and "OptionList(" not in inspect.getsource(draft)
    assert "OptionMenu(" in inspect.getsource(season) and "OptionList(" not in inspect.getsource(season)
    assert isinstance(setup._picker([("a", 1)], value=1, id="x"), Picker)
