"""Every base-game rule id of the rules digest has a test named after it."""

from __future__ import annotations

import ast
from pathlib import Path

RULES = Path(__file__).parent


def _test_names() -> set[str]:
    names: set[str] = set()
    for file in RULES.glob("test_*.py"):
        tree = ast.parse(file.read_text(encoding="utf-8"))
        names.update(node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef))
    return names


def _mentions(name: str, rule_id: str) -> bool:
    token = rule_id.replace("-", "_").replace(".", "_")
    # B_1_1 must not be satisfied by B_1_10: the id must end the name or be followed by '_' + a letter.
    at = name.find(token)
    while at >= 0:
        rest = name[at + len(token) :]
        if not rest or (rest[0] == "_" and rest[1:2].isalpha()):
            return True
        at = name.find(token, at + 1)
    return False


def _missing(file: str) -> list[str]:
    ids = (RULES / file).read_text(encoding="utf-8").split()
    names = _test_names()
    return [rule_id for rule_id in ids if not any(_mentions(name, rule_id) for name in names)]


def test_every_base_rule_id_has_a_named_test():
    missing = _missing("base_rule_ids.txt")
    assert not missing, f"rule ids without a test named after them: {missing}"


def test_every_module_rule_id_has_a_named_test():
    missing = _missing("module_rule_ids.txt")
    assert not missing, f"rule ids without a test named after them: {missing}"


def test_every_championship_and_tournament_rule_id_has_a_named_test():
    missing = _missing("championship_rule_ids.txt")
    assert not missing, f"rule ids without a test named after them: {missing}"
