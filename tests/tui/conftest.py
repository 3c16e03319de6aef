"""Fixtures shared by the terminal app's tests."""

from __future__ import annotations

import asyncio

import pytest
import textual.app
import textual.pilot

import heat.tui.app
from heat.tui import launch
from heat.tui.app import HeatApp


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[HeatApp]:
    """The apps ``heat`` starts, in a terminal (they are collected, not run)."""
    apps: list[HeatApp] = []
    monkeypatch.setattr(launch, "interactive", lambda: True)
    monkeypatch.setattr(heat.tui.app, "run_app", lambda app: apps.append(app) or 0)
    return apps


@pytest.fixture
def quick_pilot(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pilot waits for the process to look idle (20 ms at least) after every key: the monkey
    waits instead until every message is handled (``quiet``), several times quicker."""

    async def idle(*_: object, **__: object) -> None:
        await asyncio.sleep(0)

    monkeypatch.setattr(textual.app, "wait_for_idle", idle)
    monkeypatch.setattr(textual.pilot, "wait_for_idle", idle)
