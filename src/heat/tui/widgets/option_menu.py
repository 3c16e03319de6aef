"""Textual's option lists with page keys that never fail: OptionMenu for the screens' lists of
choices, Picker for the setup screen's drop-downs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import OptionList, Select
from textual.widgets._select import SelectCurrent, SelectOverlay


class OptionMenu(OptionList):
    """An OptionList whose PageUp and PageDown work before the list has been laid out.

    Textual (8.2.8) places each option on a line only once the list has a region to draw in; a
    page move made before that, as when a key arrives right after the options were replaced and
    the list shown, or the drop-down opened, looks up a line that is not there and raises
    KeyError, which ended the app. Until the list has a region, a page move goes to the first or
    the last option, as it does when nothing is highlighted."""

    def action_page_down(self) -> None:
        """Move the highlight down one page (to the last option before the list is laid out)."""
        if self.scrollable_content_region:
            super().action_page_down()  # type: ignore[no-untyped-call]  # unannotated in Textual
        else:
            self.action_last()

    def action_page_up(self) -> None:
        """Move the highlight up one page (to the first option before the list is laid out)."""
        if self.scrollable_content_region:
            super().action_page_up()  # type: ignore[no-untyped-call]  # unannotated in Textual
        else:
            self.action_first()


class _PickerOverlay(SelectOverlay, OptionMenu):
    """A drop-down's list of options, with page keys that work as soon as it opens.

    SelectOverlay comes first: Textual matches a type in a query or a style through each class's
    first base only, and Select finds its overlay with ``query_one(SelectOverlay)``. SelectOverlay
    has no page actions of its own, so those of ``OptionMenu`` apply."""


class Picker(Select[object]):
    """A Select whose drop-down has page keys that work as soon as it opens."""

    def compose(self) -> ComposeResult:
        # Select's own composition (Textual 8.2.8) with the overlay swapped; Select finds its
        # overlay by type, which the subclass keeps.
        yield SelectCurrent(self.prompt)
        yield _PickerOverlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)
