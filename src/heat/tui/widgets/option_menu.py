"""OptionMenu: Textual's OptionList whose page keys never fail."""

from __future__ import annotations

from textual.widgets import OptionList


class OptionMenu(OptionList):
    """An OptionList whose PageUp and PageDown work before the list has been laid out.

    Textual (8.2.8) places each option on a line only once the list has a region to draw in; a
    page move made before that, as when a key arrives right after the options were replaced and
    the list shown, looks up a line that is not there and raises KeyError, which ended the app.
    Until the list has a region, a page move goes to the first or the last option, as it does
    when nothing is highlighted."""

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
