"""SVG snapshots of the main screens at 80x24 and at 160x48, compared as text.

The reference SVGs are the screenshots of the docs (docs/screenshots/NAME-WxH.svg), so the docs
always show the app as it is. The comparison is of the characters on the screen (see svgtext),
not of colours or the SVG's generated ids. After a deliberate change of the screens, rewrite
them with ``HEAT_UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/tui/test_tui_snapshots.py``.
"""

from __future__ import annotations

import asyncio
import difflib
import os
from pathlib import Path

import pytest
from screens import SCENES, SIZES, screenshot
from svgtext import svg_lines

SHOTS = Path(__file__).parent.parent.parent / "docs" / "screenshots"
UPDATE = os.environ.get("HEAT_UPDATE_SNAPSHOTS") == "1"


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("name", sorted(SCENES))
def test_screen_matches_its_snapshot(name: str, size: tuple[int, int]) -> None:
    svg = asyncio.run(screenshot(name, size))
    file = SHOTS / f"{name}-{size[0]}x{size[1]}.svg"
    if UPDATE or not file.exists():
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(svg, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"{file} did not exist and was written; check it and run the test again")
    expected = svg_lines(file.read_text(encoding="utf-8"), size[1])
    actual = svg_lines(svg, size[1])
    assert len(actual) == size[1]
    assert all(len(line) <= size[0] for line in actual)
    diff = "\n".join(difflib.unified_diff(expected, actual, "snapshot", "now", lineterm=""))
    assert actual == expected, f"{name} at {size[0]}x{size[1]} changed:\n{diff}"
