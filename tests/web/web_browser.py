"""The browser board tests' helpers: a page that records what it receives, and axe-core.

A module of its own name (not ``conftest``): the test folders share one import path, and
``tests/server`` has a ``conftest`` too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"


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
