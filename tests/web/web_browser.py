"""The browser board tests' helpers: ``heat serve`` in a temporary folder, a fresh browser
profile, a page that records what it receives, and axe-core.

A module of its own name (not ``conftest``): the test folders share one import path, and
``tests/server`` has a ``conftest`` too."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from services import HeatServe

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"


class WebServer(HeatServe):
    """``heat serve`` on a free loopback port, its database in ``folder``, with the test options
    (``--allow-positions``: a blocked move staged) and any ``more``."""

    def __init__(self, folder: Path, *more: str, away_grace: int = 60) -> None:
        options = ("--no-fsync", "--away-grace", str(away_grace), "--allow-positions", *more)
        super().__init__(folder / "heat.db", *options, log=folder / "server.log")

    def create(self, **body: Any) -> dict[str, Any]:
        """A table made through the HTTP API (for the tests that start from an invitation)."""
        body.setdefault("seconds", 3600)
        response = httpx.post(f"{self.base}/api/tables", json=body, timeout=30)
        response.raise_for_status()
        data: dict[str, Any] = response.json()
        return data


def serving(server: WebServer) -> Iterator[WebServer]:
    """A module fixture's body: ``server`` started, then stopped after the module's tests."""
    server.start()
    yield server
    server.stop()


def new_context(browser: Browser, **options: Any) -> BrowserContext:
    """A fresh browser profile (its own storage), desktop-sized unless ``options`` say otherwise,
    with no animations and a 30 s timeout."""
    options.setdefault("viewport", {"width": 1280, "height": 900})
    made = browser.new_context(reduced_motion="reduce", **options)
    made.set_default_timeout(30_000)
    return made


def new_page(context: BrowserContext) -> tuple[Page, list[dict[str, Any]], list[str]]:
    """A page, every WebSocket message it receives (parsed), and its console errors."""
    page = context.new_page()
    frames: list[dict[str, Any]] = []
    errors: list[str] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    return page, frames, errors


def pass_and_play(page: Page, base: str) -> None:
    """From the home page, a practice race of two players on this device and a Legend: the
    hand-off screen is shown (``#handoff-go``)."""
    page.goto(base + "/")
    page.wait_for_selector("#create-form")
    page.check("#f-practice")
    page.select_option("#seat-kind-1", "here")
    page.select_option("#seat-kind-2", "legend")
    page.select_option("#seat-kind-3", "none")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#handoff-go")


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` in web/ (scripts/test does)")
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate("async () => (await axe.run(document)).violations")
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in found
        if v["impact"] in ("serious", "critical")
    ]
