"""The browser board's end-to-end tests: a real ``heat serve`` and Debian's Chromium driven by
Playwright (its own browser download is not used: ``executable_path``). Nothing is skipped: a
machine without Chromium fails here, naming the command that installs it (``scripts/test``
installs it when missing)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, sync_playwright

from services import CHROMIUM, CHROMIUM_FLAGS, HeatServe


class WebServer(HeatServe):
    """``heat serve`` on a free loopback port, its database in a temporary folder."""

    def __init__(self, folder: Path) -> None:
        options = ("--no-fsync", "--away-grace", "60", "--allow-positions")  # positions: a blocked move staged
        super().__init__(folder / "heat.db", *options, log=folder / "server.log")

    def create(self, **body: Any) -> dict[str, Any]:
        """A table made through the HTTP API (for the tests that start from an invitation)."""
        body.setdefault("seconds", 3600)
        response = httpx.post(f"{self.base}/api/tables", json=body, timeout=30)
        response.raise_for_status()
        data: dict[str, Any] = response.json()
        return data


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    server = WebServer(tmp_path_factory.mktemp("web"))
    server.start()
    yield server
    server.stop()


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
    made = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    made.set_default_timeout(30_000)
    yield made
    made.close()
