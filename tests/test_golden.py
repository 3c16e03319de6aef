"""Seeded races must narrate exactly as the checked-in golden transcripts."""

from __future__ import annotations

import difflib

import pytest

from golden.transcripts import CASES, HERE, transcript


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name: str) -> None:
    expected = (HERE / f"{name}.txt").read_text(encoding="utf-8")
    actual = transcript(*CASES[name])
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), "golden", "now", n=2))
        pytest.fail(f"{name} changed (regenerate with tests/golden/transcripts.py if intended):\n{diff[:4000]}")
