"""The examples in the README and the docs work as written."""

from __future__ import annotations

import json
import re
from pathlib import Path

from heat.engine import from_position

ROOT = Path(__file__).parent.parent


def blocks(file: str, language: str) -> list[str]:
    text = (ROOT / file).read_text(encoding="utf-8")
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.S)


def test_the_readme_python_example_runs(capsys):
    for code in blocks("README.md", "python"):
        exec(compile(code, "README.md", "exec"), {})
    assert "[" in capsys.readouterr().out


def test_the_engine_doc_python_example_runs(capsys):
    for code in blocks("docs/engine.md", "python"):
        exec(compile(code, "docs/engine.md", "exec"), {})


def test_the_position_example_loads_and_plays():
    (example,) = blocks("docs/positions.md", "json")
    race = from_position(json.loads(example))
    assert race.to_decide() == (0, 1)
    assert race.legal_decisions(0)
