"""Which engine build the tests run on (issue 33), and the marker of the few tests that need the
pure one."""

from __future__ import annotations

import pytest

from heat.engine_build import engine_is_compiled

pure_engine_only = pytest.mark.skipif(
    engine_is_compiled(),
    reason="replaces an engine function or method, which the compiled engine's own calls do not look "
    "up (nor may a compiled class's method be replaced); scripts/test runs it on the pure engine",
)
"""For a test that monkeypatches the engine: it runs in scripts/test's pure pass (HEAT_PURE=1)."""
