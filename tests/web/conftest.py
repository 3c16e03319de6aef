"""The browser board's end-to-end tests: a real ``heat serve`` and Debian's Chromium driven by
Playwright (its own browser download is not used: ``executable_path``). Nothing is skipped: a
machine without Chromium fails here, naming the command that installs it (``scripts/test``
installs it when missing)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, sync_playwright
from web_browser import WebServer, new_context, serving

from services import CHROMIUM, CHROMIUM_FLAGS


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    yield from serving(WebServer(tmp_path_factory.mktemp("web")))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists() or shutil.which("chromium") is None:
        pytest.fail(f"{CHROMIUM} is missing: `apt-get install -y chromium` (scripts/test installs it)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh browser profile (its own storage), desktop-sized."""
    made = new_context(browser)
    yield made
    made.close()
