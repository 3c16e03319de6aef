"""The examples in the README and the docs work as written."""

from __future__ import annotations

import io
import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from heat.cli.main import main
from heat.engine import from_position

ROOT = Path(__file__).parent.parent


def blocks(file: str, language: str) -> list[str]:
    text = (ROOT / file).read_text(encoding="utf-8")
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.S)


def run_example(file: str) -> dict[str, Any]:
    """Run the first ``python`` block of ``file``; its global names afterwards."""
    names: dict[str, Any] = {}
    exec(compile(blocks(file, "python")[0], file, "exec"), names)
    return names


def test_the_readme_python_example_runs(capsys):
    names = run_example("README.md")
    race = names["race"]
    assert race.is_over and sorted(race.standings()) == [0, 1, 2]
    # It prints the standings, then seat 0's view as JSON data.
    view = names["view_of"](race, 0).to_json()
    assert capsys.readouterr().out == f"{race.standings()} {view}\n"
    assert view["seat"] == 0 and view["round"] == race.round


def test_the_engine_doc_python_example_runs(capsys):
    names = run_example("docs/engine.md")
    race = names["race"]
    assert race.is_over and race.to_decide() == ()
    assert capsys.readouterr().out == f"{race.standings()}\n"
    assert sorted(race.standings()) == [0, 1, 2]
    # The example takes the first legal decision every time: the same race replays from its record.
    again = names["Race"](race.config)
    while not again.is_over:
        for seat in again.to_decide():
            again.apply(seat, again.legal_decisions(seat)[0])
    assert again.standings() == race.standings()


def test_the_position_example_loads_and_plays():
    (example,) = blocks("docs/positions.md", "json")
    race = from_position(json.loads(example))
    assert race.to_decide() == (0, 1)
    assert race.legal_decisions(0)


# The quick commands of the ``sh`` blocks: a new user copies them first. The commands that open
# the app, play a season or run an arena are left out: they wait for a person or take minutes.
QUICK_COMMAND = re.compile(r"^heat (race|position|replay|stats|tracks)\b", flags=re.M)


def shell_examples(file: str) -> list[str]:
    """The lines of ``file``'s ``sh`` blocks that run a quick ``heat`` command, in order."""
    return [line for code in blocks(file, "sh") for line in code.splitlines() if QUICK_COMMAND.match(line)]


DOCS = [
    str(path.relative_to(ROOT))
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    if shell_examples(str(path.relative_to(ROOT)))
]


def test_the_docs_have_commands_to_run():
    assert {"README.md", "docs/positions.md", "docs/stats.md"} <= set(DOCS)


@pytest.mark.parametrize("file", DOCS)
def test_every_command_example_runs_as_shown(file: str, tmp_path: Path, monkeypatch, capsys):
    """Each line runs in the order of its file, in one folder per file (a line may read what an
    earlier one wrote with ``> FILE``, or take it as standard input with ``< FILE``). The
    position example of the README and docs/positions.md played cards Blue did not hold."""
    monkeypatch.chdir(tmp_path)
    for line in shell_examples(file):
        words = shlex.split(line, comments=True)[1:]
        target = None
        if ">" in words:
            words, target = words[: words.index(">")], words[words.index(">") + 1]
        if "<" in words:
            source = Path(words[words.index("<") + 1]).read_text(encoding="utf-8")
            words = words[: words.index("<")]
            monkeypatch.setattr("sys.stdin", io.StringIO(source))
        status = main(words)
        out, err = capsys.readouterr()
        assert (status, err) == (0, ""), f"{file}: {line}"
        if target:
            Path(target).write_text(out, encoding="utf-8")
