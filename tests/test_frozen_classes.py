"""Every ``Frozen`` record names each field four times: its annotation, ``FIELDS``, its
``__init__``'s parameters and ``field_values()``; ``__slots__`` holds the class's own fields
(``heat.engine.frozen``, issue 28). A record whose four lists disagree would compare, hash,
pickle or print wrongly without any other test noticing, so each class is read from its source
(the compiled build keeps neither annotations nor signatures) and the four are compared."""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

import heat
from heat.engine.frozen import Frozen
from heat.record import Record

SOURCE_ROOT = Path(heat.__file__).parent
# The modules that define records; importing them makes their classes subclasses of Frozen (or of
# its pure-Python twin Record, for the modules mypyc does not compile).
RECORD_MODULES = (
    "heat.engine.events",
    "heat.engine.decisions",
    "heat.engine.content",
    "heat.engine.view",
    "heat.engine.config",
    "heat.bots.heuristic",
    "heat.bots.planner_settings",
    "heat.preview",
    "heat.players",
    "heat.legend_options",
)


def every_record_class() -> list[type[Frozen | Record]]:
    for name in RECORD_MODULES:
        importlib.import_module(name)

    def below(cls: type[Frozen | Record]) -> Iterator[type[Frozen | Record]]:
        for sub in cls.__subclasses__():
            yield sub
            yield from below(sub)

    return sorted({*below(Frozen), *below(Record)}, key=lambda cls: (cls.__module__, cls.__qualname__))


def class_source(cls: type) -> ast.ClassDef:
    path = SOURCE_ROOT.joinpath(*cls.__module__.split(".")[1:]).with_suffix(".py")
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__qualname__:
            return node
    raise AssertionError(f"{cls.__qualname__} not found in {path}")


def own_fields(node: ast.ClassDef) -> list[str]:
    """The class's annotated names that are not ``ClassVar``s, in order."""
    names = []
    for item in node.body:
        if (
            isinstance(item, ast.AnnAssign)
            and isinstance(item.target, ast.Name)
            and "ClassVar" not in ast.unparse(item.annotation)
        ):
            names.append(item.target.id)
    return names


def method(node: ast.ClassDef, name: str) -> ast.FunctionDef | None:
    found = [item for item in node.body if isinstance(item, ast.FunctionDef) and item.name == name]
    return found[0] if found else None


CLASSES = every_record_class()


def test_every_module_of_records_is_listed() -> None:
    """A new module of records must be added to RECORD_MODULES, or its classes go unchecked."""
    assert {cls.__module__ for cls in CLASSES} == set(RECORD_MODULES)
    assert len(CLASSES) >= 50


@pytest.mark.parametrize("cls", CLASSES, ids=[cls.__qualname__ for cls in CLASSES])
def test_fields_init_field_values_and_slots_agree(cls: type[Frozen | Record]) -> None:
    node = class_source(cls)
    parent = cls.__mro__[1]
    inherited = parent.FIELDS if issubclass(parent, Frozen | Record) else ()
    own = own_fields(node)
    assert (*inherited, *own) == cls.FIELDS, "FIELDS must be the parent's fields, then the annotated ones"

    slots = [item for item in node.body if isinstance(item, ast.Assign) and ast.unparse(item.targets[0]) == "__slots__"]
    assert len(slots) == 1, "each record declares __slots__ (no instance dict)"
    assert set(ast.literal_eval(slots[0].value)) == set(own), "__slots__ holds the class's own fields"

    init = method(node, "__init__")
    values = method(node, "field_values")
    if not own:
        assert init is None and values is None, "a record without fields of its own inherits both"
        return
    assert init is not None and values is not None, "a record with fields writes __init__ and field_values"
    parameters = [argument.arg for argument in init.args.args[1:]]
    assert parameters == list(cls.FIELDS), "__init__ takes every field, in the order of FIELDS"
    assert not init.args.kwonlyargs and init.args.vararg is None and init.args.kwarg is None

    stored = {
        call.args[1].value
        for call in ast.walk(init)
        if isinstance(call, ast.Call)
        and ast.unparse(call.func) == "object.__setattr__"
        and isinstance(call.args[1], ast.Constant)
    }
    assert stored == set(own), "__init__ stores each of its own fields once through object.__setattr__"

    returned = [item for item in ast.walk(values) if isinstance(item, ast.Return)]
    assert len(returned) == 1 and isinstance(returned[0].value, ast.Tuple)
    assert [ast.unparse(element) for element in returned[0].value.elts] == [f"self.{name}" for name in cls.FIELDS]
