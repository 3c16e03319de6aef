"""Fixtures shared by the terminal app's tests."""

from __future__ import annotations

import pytest

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
