"""The engine is pure: it imports only its own modules and a few harmless standard modules,
and never prints, opens files, reads the clock or uses the global random generator."""

from __future__ import annotations

import ast
from pathlib import Path

import heat.engine

ENGINE = Path(heat.engine.__file__).parent
ALLOWED = {
    "__future__",
    "mypy_extensions",  # rng.py, for the type checker only (TYPE_CHECKING): mypyc's i64
    "collections",
    "dataclasses",
    "typing",
    "functools",
    "importlib",
    "tomllib",
    "unicodedata",
    "heat",
}
FORBIDDEN_CALLS = {"print", "open", "input", "exec", "eval"}
DATA_READER = "content.py"
"""The one module that reads files: the game's own data files in ``heat/data``, with ``os`` and
``open`` (``importlib.resources`` cost each start more than the reading: issue 28), and ``marshal``
for the parsed files' cache (``content.cached_toml``)."""
DATA_READER_IMPORTS = {(DATA_READER, "os"), (DATA_READER, "marshal")}


def test_the_engine_imports_nothing_it_should_not():
    for file in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(file.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                root = name.split(".")[0]
                assert root in ALLOWED or (file.name, root) in DATA_READER_IMPORTS, f"{file.name} imports {name}"
                if root == "heat":
                    assert name.startswith("heat.engine"), f"{file.name} imports {name}: the engine must not"


def test_the_engine_does_no_io():
    for file in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(file.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if (file.name, node.func.id) == (DATA_READER, "open"):
                    continue
                assert node.func.id not in FORBIDDEN_CALLS, f"{file.name} calls {node.func.id}()"


def test_no_engine_module_reaches_into_another_objects_private_members():
    """Issue 33: the rules are public functions of their modules; no module calls a private
    method of the race (position.py once built races with ``race._init_common``)."""
    for file in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                owner = node.value.id if isinstance(node.value, ast.Name) else ""
                assert owner in ("self", "cls"), f"{file.name}:{node.lineno} reads {owner or '...'}.{node.attr}"


def test_no_engine_function_catches_two_kinds_of_error_under_one_name():
    """mypyc gives a local name one type per function: ``except DataError as error`` then
    ``except IllegalDecision as error`` made the compiled engine raise TypeError instead of the
    PositionError (a mutated position file, tests/test_fuzz_files.py under -m slow)."""
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            kinds: dict[str, str] = {}
            for node in ast.walk(function):
                if isinstance(node, ast.ExceptHandler) and node.name and node.type is not None:
                    kind = ast.unparse(node.type)
                    if kinds.setdefault(node.name, kind) != kind:
                        found.append(
                            f"{path.name}:{node.lineno} {function.name}: {node.name} is {kinds[node.name]} and {kind}"
                        )
    assert found == []
