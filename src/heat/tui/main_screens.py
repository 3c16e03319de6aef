"""What the local app and the online one share: the main screen under the dialogs, and showing
one of a kind (kept when it is already there)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from textual.app import App
from textual.screen import ModalScreen, Screen

MainScreen = TypeVar("MainScreen", bound=Screen[None])


class MainScreensApp(App[None]):
    """A Heat app whose screens are main screens (setup, race, season hub...) under dialogs."""

    def _main(self) -> Screen[object] | None:
        """The main screen under any dialogs."""
        main: Screen[object] | None = None
        for screen in self.screen_stack:
            if not isinstance(screen, ModalScreen):
                main = screen
        return main

    async def _show_main(
        self,
        kind: type[MainScreen],
        make: Callable[[], MainScreen],
        fits: Callable[[MainScreen], bool] = lambda _: True,
    ) -> MainScreen:
        """The main screen of ``kind`` (kept if it ``fits``, else a new one from ``make``, in
        place of the main screen shown, the dialogs over it closed)."""
        current = self._main()
        if isinstance(current, kind) and fits(current):
            return current
        while isinstance(self.screen, ModalScreen):
            self.pop_screen()
        screen = make()
        if len(self.screen_stack) <= 1:  # only Textual's default screen: the first main screen
            await self.push_screen(screen)
        else:
            await self.switch_screen(screen)
        return screen
