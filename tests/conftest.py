import os
import sys
from pathlib import Path

import pytest

from heat import i18n

sys.path.insert(0, str(Path(__file__).parent))
# benchmarks/services.py starts the programs the tests need (heat serve, PostgreSQL, Redis, Chromium's flags)
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

# Tests compare English text: whatever the machine's locale (CI may have any), Heat and every
# `heat` started by a test speak English unless a test asks for a language (tests/test_i18n.py).
for _variable in ("LANGUAGE", *i18n.ENVIRONMENT_VARIABLES):
    os.environ.pop(_variable, None)
os.environ["LANG"] = "C.UTF-8"


@pytest.fixture(autouse=True)
def _english_after_each_test() -> object:
    """A test that switches the language (``heat --lang fi`` in-process) leaves English behind."""
    yield
    i18n.set_language("en")
