"""`heat` starts fast: its help and a mistyped option load nothing of the game, and the plain
prompt loads neither numpy, rich nor Textual (which modules, not how long: the times are printed
by benchmarks/startup_bench.py)."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest

from heat.cli.parser import Command, build_parser

HELP_MODULES = {
    "heat",
    "heat.engine_build",
    "heat.cli",
    "heat.cli.main",
    "heat.cli.parser",
    "heat.bots",
    "heat.bots.names",
    "heat.i18n",
}
"""Every module of the project that `heat --help` may load: the parser, the level names, the
message catalogue (standard gettext; Babel is loaded only to format a number), and the hook
choosing which build of the engine to load (``heat/__init__`` installs it; standard library)."""
HEAVY = ("numpy", "rich", "textual")


def after_heat(argv: list[str], report: str) -> list[str]:
    """Run ``heat ARGV`` in a fresh interpreter (standard input empty), then evaluate ``report``
    there, a Python expression giving a sorted list of strings, and return that list."""
    code = (
        "import json, sys\n"
        "from heat.cli.main import main\n"
        "try:\n"
        f"    main({argv!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        f"print('\\nREPORT ' + json.dumps({report}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, stdin=subprocess.DEVNULL
    )
    line = next(line for line in done.stdout.splitlines() if line.startswith("REPORT "))
    found: list[str] = json.loads(line.removeprefix("REPORT "))
    return found


def loaded_by(argv: list[str]) -> set[str]:
    """The modules loaded when ``heat ARGV`` runs in a fresh interpreter (standard input empty)."""
    return set(after_heat(argv, "sorted(sys.modules)"))


def commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command and subcommand of ``parser``, as the words that name it."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.append((*path, name))
                found.extend(commands(sub, (*path, name)))
    return found


def project_and_heavy(modules: set[str]) -> set[str]:
    return {m for m in modules if m == "heat" or m.startswith("heat.") or m.split(".")[0] in HEAVY}


@pytest.mark.parametrize(
    "argv",
    [["--help"], ["play", "--help"], ["arena", "--help"], ["season", "new", "--help"], ["race", "--lapz", "2"]],
)
def test_the_help_and_a_usage_error_load_only_the_parser(argv: list[str]) -> None:
    modules = loaded_by(argv)
    assert project_and_heavy(modules) == HELP_MODULES
    assert "shutil" not in modules


def test_every_command_help_loads_only_the_parser() -> None:
    """All in one interpreter, one command's help after the other (each exits through argparse)."""
    every = commands(build_parser())
    code = (
        "import json, sys\n"
        "from heat.cli.main import main\n"
        f"for words in {every!r}:\n"
        "    try:\n"
        "        main([*words, '--help'])\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print('\\nMODULES ' + json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    modules = set(json.loads(next(line for line in out.splitlines() if line.startswith("MODULES ")).split(" ", 1)[1]))
    assert project_and_heavy(modules) == HELP_MODULES
    assert ("season", "resume") in every and ("tracks",) in every


PROMPT_NEVER_LOADS = {
    "heat.bots.planner",  # the club bots need no value table
    "heat.engine.championship",  # nor a race the season code: issue 28
    "heat.engine.season",
    "heat.engine.season_config",
    "heat.engine.season_events",
    "heat.engine.season_record",
    "heat.engine.season_view",
    "heat.cli.season_cmd",
    "heat.tui.setup_model",  # the setup screen's models: only the app shows them
    "heat.tui.replay_model",
    "heat.tui.table",
    "importlib.resources",  # the data files are read as files
    "tomllib",  # ... and their parsed content from its cache (heat.engine.content.cached_toml)
    "shutil",  # argparse's help formatter loads it (with bz2 and lzma) to measure the terminal
    "dataclasses",  # the records are Frozen (engine) or Record (the rest): no dataclass to create
    "inspect",
}
"""Modules of the project (and standard ones that cost a start) that the plain prompt has no use for."""


def test_the_plain_prompt_loads_neither_numpy_nor_rich_nor_textual() -> None:
    loaded_by(["play", "--plain", "--practice", "--seed", "1"])  # a first run parses the data files
    modules = loaded_by(["play", "--plain", "--practice", "--seed", "1"])
    assert "heat.cli.prompt" in modules and "heat.engine.race" in modules  # it got to the prompt
    assert not {m for m in modules if m.split(".")[0] in HEAVY}
    assert not modules & PROMPT_NEVER_LOADS


def test_the_prompt_creates_no_dataclass() -> None:
    """A frozen dataclass costs about 3M instructions when its module loads, and ``import
    dataclasses`` 42M more (issue 28): the events, decisions, content records, views and configs are
    ``heat.engine.frozen.Frozen`` records, the previews', players' and planner settings'
    ``heat.record.Record`` ones."""
    dataclass_modules = (
        "sorted({kind.__module__ for module in list(sys.modules.values())"
        " for kind in vars(module).values() if isinstance(kind, type) and '__dataclass_fields__' in vars(kind)"
        " and kind.__module__.startswith('heat')})"
    )
    assert after_heat(["play", "--plain", "--practice", "--seed", "1"], dataclass_modules) == []


def test_a_race_with_bots_at_the_prompt_loads_no_season_code() -> None:
    modules = loaded_by(["play", "--plain", "--seed", "3", "--bots", "3", "--garage", "all", "--weather"])
    assert "heat.cli.prompt" in modules and "heat.engine.garage" in modules
    assert not modules & PROMPT_NEVER_LOADS


def test_the_engine_package_imports_each_name_from_its_module_on_first_use() -> None:
    """``heat.engine`` re-exports the public names lazily (PEP 562): each is the very object of
    its module, ``from heat.engine import *`` gives them all, and a misspelt name is an
    AttributeError naming it. In a fresh interpreter, where nothing else loaded the modules."""
    code = (
        "import sys, heat.engine as engine\n"
        "assert 'heat.engine.position' not in sys.modules\n"
        "from heat.engine import Race\n"
        "assert 'heat.engine.position' not in sys.modules, 'a race needs no positions'\n"
        "homes = engine._HOME_OF\n"
        "assert sorted(homes) == sorted(engine.__all__)\n"
        "for name, home in homes.items():\n"
        "    assert getattr(engine, name) is getattr(sys.modules['heat.engine.' + home], name), name\n"
        "assert set(engine.__all__) <= set(dir(engine))\n"
        "namespace = {}\n"
        "exec('from heat.engine import *', namespace)\n"
        "assert set(engine.__all__) <= set(namespace)\n"
        "try:\n"
        "    engine.Rcae\n"
        "except AttributeError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "'Rcae'" in done.stdout


def test_a_planner_still_loads_when_a_pro_or_champion_drives() -> None:
    from heat.bots.levels import make_bot

    assert type(make_bot("champion", 1)).__name__ == "PlannerBot"
    assert make_bot("pro", 1).name == "pro"


def test_every_command_names_a_function_that_exists() -> None:
    """A command's module is named as text: a typo would show only when the command runs."""
    parser = build_parser()
    for words in commands(parser):
        sub = parser
        for word in words:
            sub = next(a for a in sub._actions if isinstance(a, argparse._SubParsersAction)).choices[word]
        run = sub.get_default("run")
        if run is None:  # a command with subcommands of its own
            continue
        assert isinstance(run, Command)
        assert callable(run.resolve()), run.target


@pytest.mark.parametrize("columns", ["57", "200", "0", "wide"])
def test_the_help_is_as_wide_as_argparse_would_make_it(monkeypatch: pytest.MonkeyPatch, columns: str) -> None:
    """The parser measures the terminal without ``shutil`` (issue 28), to the same width."""
    monkeypatch.setenv("COLUMNS", columns)
    ours = build_parser()
    theirs = build_parser()
    for parser in (theirs, *(sub for action in theirs._actions if isinstance(action, argparse._SubParsersAction)
                             for sub in action.choices.values())):  # fmt: skip
        parser.formatter_class = argparse.HelpFormatter
    assert ours.format_help() == theirs.format_help()
    assert ours._subparsers is not None
    play = next(a for a in ours._actions if isinstance(a, argparse._SubParsersAction)).choices["play"]
    assert play.formatter_class is not argparse.HelpFormatter
