"""Which build of the rules engine runs: the same source compiled by mypyc (the default), or the
pure-Python one.

``scripts/setup`` compiles ``heat.engine`` with mypyc where a C compiler is present, and so does
``pip install .`` (issue 33). The extension modules go to ``heat/_compiled/``, beside this file
and apart from the sources, with a stamp holding the hash of the source they were built from. At
import ``heat`` calls :func:`use_compiled_engine`, which puts an import hook first on
``sys.meta_path`` that loads ``heat.engine.*`` from those modules, unless

- ``HEAT_PURE`` is set (to anything but ``0``): the pure engine is forced;
- there is no build (no C compiler, or a failed compile), or its stamp does not match the source
  (a developer edited a ``.py`` since the build): a stale module is never loaded, the pure one
  is; the next ``scripts/setup`` compiles again.

:func:`build_description` says which build runs, and why not the compiled one (``heat --version``).
``heat.engine/__init__.py`` itself stays pure Python (it only re-exports). This module uses the
standard library only: ``setup.py`` and ``scripts/compile_engine.py`` run it before Heat is
installed.
"""

from __future__ import annotations

import hashlib
import os
import sys
from functools import cache
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from importlib.util import spec_from_file_location
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final, get_type_hints

if TYPE_CHECKING:  # ast and inspect are imported where used: `import heat` stays light (issue 28)
    import ast

PACKAGE_DIR: Final = Path(__file__).resolve().parent
ENGINE_DIR: Final = PACKAGE_DIR / "engine"
COMPILED_DIR: Final = PACKAGE_DIR / "_compiled"
STAMP_NAME: Final = "SOURCE_HASH"
SHARED_LIBRARY: Final = "heat._engine__mypyc"
"""The module mypyc puts the compiled code of every engine module in (the group ``heat._engine``);
each ``heat.engine.X`` extension is a small shim importing it."""


def pure_requested() -> bool:
    """True when ``HEAT_PURE`` asks for the pure-Python engine."""
    return os.environ.get("HEAT_PURE", "") not in ("", "0")


def compiled_requested() -> bool:
    """True unless ``HEAT_PURE`` forbids the compiled engine (it is the default)."""
    return not pure_requested()


COMPILED_BOTS: Final = ("forecast", "heuristic", "planner", "turnsim")
"""The bots' modules compiled with the engine, in its group (issue 33): the planner's turn
simulator and what it calls per plan. Not ``valuetable``, whose work is numpy's
(docs/benchmarks.md, "The bots compiled")."""


def compiled_sources(engine_dir: Path = ENGINE_DIR) -> list[Path]:
    """The modules mypyc compiles: every engine ``.py`` but ``__init__.py``, sorted, then the
    bots' ``COMPILED_BOTS`` from the ``bots`` folder beside ``engine_dir`` (where it has them)."""
    bots = [engine_dir.parent / "bots" / f"{name}.py" for name in COMPILED_BOTS]
    engine = sorted(path for path in engine_dir.glob("*.py") if path.name != "__init__.py")
    return engine + [path for path in bots if path.is_file()]


def module_name(source: Path) -> str:
    """The module of a compiled source: ``heat.engine.race``, ``heat.bots.turnsim``."""
    return f"heat.{source.parent.name}.{source.stem}"


def source_hash(engine_dir: Path = ENGINE_DIR) -> str:
    """A hash of the compiled modules' names and source, and of the interpreter's version."""
    digest = hashlib.sha256(sys.implementation.cache_tag.encode())
    for path in compiled_sources(engine_dir):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def compiled_modules(compiled_dir: Path = COMPILED_DIR, engine_dir: Path = ENGINE_DIR) -> dict[str, Path]:
    """Module name -> extension file of a complete, up-to-date compiled build; empty when there
    is none (no build, a build of older source, or one for another interpreter)."""
    stamp = compiled_dir / STAMP_NAME
    try:
        if stamp.read_text().strip() != source_hash(engine_dir):
            return {}
    except OSError:
        return {}
    suffix = EXTENSION_SUFFIXES[0]  # this interpreter's own tag, e.g. .cpython-311-x86_64-linux-gnu.so
    wanted = [module_name(path) for path in compiled_sources(engine_dir)] + [SHARED_LIBRARY]
    found = {name: compiled_dir / (name.rpartition(".")[2] + suffix) for name in wanted}
    return found if all(path.is_file() for path in found.values()) else {}


def _rebuilt(kind: type, values: dict[str, Any]) -> Any:
    """An engine object rebuilt by unpickling: through its constructor, as mypyc requires."""
    return kind(**values)


def _reduce_frozen(instance: Any) -> tuple[Any, ...]:
    import dataclasses

    values = {field.name: getattr(instance, field.name) for field in dataclasses.fields(instance)}
    return _rebuilt, (type(instance), values)


def make_frozen_dataclasses_picklable(module: ModuleType) -> None:
    """Let ``pickle`` copy the frozen dataclasses of a compiled engine module (views, decisions,
    configs, events: the server sends a bot's view to its worker process). mypyc's own unpickling
    sets each field, which a frozen dataclass refuses (FrozenInstanceError); this registers, with
    ``copyreg``, a reduction that rebuilds each through its constructor (whose parameters are the
    fields, ``Plan`` and ``Discard`` included). The pure classes pickle as they are."""
    import copyreg
    import dataclasses

    for value in vars(module).values():
        if isinstance(value, type) and value.__module__ == module.__name__ and dataclasses.is_dataclass(value):
            params = getattr(value, "__dataclass_params__", None)
            if params is not None and params.frozen:
                copyreg.pickle(value, _reduce_frozen)


class CompiledEngineLoader(ExtensionFileLoader):
    """Loads a compiled engine (or bots') module as Python's own loader does, then makes the
    frozen dataclasses of every compiled module loaded so far picklable
    (:func:`make_frozen_dataclasses_picklable`): the modules a compiled module imports while it
    loads do not come through this loader (mypyc loads its group's modules itself)."""

    def exec_module(self, module: ModuleType) -> None:
        super().exec_module(module)
        for name, loaded in list(sys.modules.items()):
            if not name.startswith(("heat.engine.", "heat.bots.")) or loaded is None:
                continue
            if not (loaded.__file__ or "").endswith(".py"):
                make_frozen_dataclasses_picklable(loaded)


class CompiledEngineFinder:
    """Finds the compiled ``heat.engine`` modules before Python's own finders see the sources (a
    meta path finder; not derived from ``importlib.abc``, whose import costs more than the rest)."""

    def __init__(self, modules: dict[str, Path]) -> None:
        self.modules = modules

    def find_spec(self, fullname: str, path: object = None, target: ModuleType | None = None) -> ModuleSpec | None:
        """The spec of the compiled module ``fullname``, or None for any other module."""
        location = self.modules.get(fullname)
        if location is None:
            return None
        return spec_from_file_location(fullname, location, loader=CompiledEngineLoader(fullname, str(location)))


def use_compiled_engine() -> bool:
    """Install the import hook for the compiled engine unless ``HEAT_PURE`` forbids it, where
    there is an up-to-date build; True if it is installed. Call before importing ``heat.engine``."""
    if not compiled_requested() or any(isinstance(finder, CompiledEngineFinder) for finder in sys.meta_path):
        return False
    modules = compiled_modules()
    if modules:
        sys.meta_path.insert(0, CompiledEngineFinder(modules))
    return bool(modules)


def engine_is_compiled() -> bool:
    """True when the loaded engine is the compiled one (imports ``heat.engine.race`` to know)."""
    import heat.engine.race as race  # the question is about this very import

    return not (race.__file__ or "").endswith(".py")


def N_(message: str) -> str:  # noqa: N802 - heat.i18n's marker, restated: this module imports only the standard library
    """``message`` unchanged: marks it for the catalogue (``heat --version`` translates it)."""
    return message


COMPILED_BUILD = N_("compiled (mypyc)")
PURE_BUILD = N_("pure Python ({why})")
PURE_ASKED = N_("HEAT_PURE is set")
STALE_BUILD = N_("the compiled build is not of this source: scripts/setup compiles it again")
NO_BUILD = N_("not compiled: no C compiler, or the compile failed")


def build_state() -> tuple[bool, str]:
    """Whether this process runs the compiled engine, and if not why (``PURE_ASKED``,
    ``STALE_BUILD`` or ``NO_BUILD``; ``""`` when compiled). Imports no engine module."""
    if "heat.engine.race" in sys.modules:
        compiled = engine_is_compiled()
    else:  # heat's import installed the hook, or not, before any engine module loaded
        compiled = any(isinstance(finder, CompiledEngineFinder) for finder in sys.meta_path)
    if compiled:
        return True, ""
    if pure_requested():
        return False, PURE_ASKED
    if (COMPILED_DIR / STAMP_NAME).is_file():
        return False, STALE_BUILD
    return False, NO_BUILD


def build_description() -> str:
    """Which build of the engine this process runs, in English: ``compiled (mypyc)``, or
    ``pure Python`` and why (``heat --version`` shows it translated)."""
    compiled, why = build_state()
    return COMPILED_BUILD if compiled else PURE_BUILD.format(why=why)


def _is_pure(kind: type) -> bool:
    """True when ``kind`` comes from a module of Python source (not one compiled by mypyc)."""
    return (sys.modules[kind.__module__].__file__ or "").endswith(".py")


@cache
def _class_source(kind: type) -> tuple[ast.ClassDef, Path]:
    """The definition of the engine class ``kind`` in its module's source, and that source's path."""
    import ast

    source = ENGINE_DIR / f"{kind.__module__.rpartition('.')[2]}.py"
    tree = ast.parse(source.read_text(encoding="utf-8"), str(source))
    node = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == kind.__name__)
    return node, source


_FIELD_TYPES: dict[type, dict[str, Any]] = {}


def field_types(kind: type) -> dict[str, Any]:
    """The types the fields of an engine class declare (a view dataclass, say), evaluated as
    ``typing.get_type_hints`` gives them on the pure engine, whichever build is loaded.

    mypyc replaces a compiled class's annotations by the classes it checks at run time
    (``int | None`` becomes ``type``, ``tuple[CarView, ...]`` becomes ``tuple``: mypy issue
    11330), so on the compiled engine they are read from the module's source, the very source the
    build's stamp vouches for, and evaluated in the compiled module's namespace. Clients that read
    the views from JSON (``heat.tui.online.wire``, ``heat.server.messages``) call this, never
    ``get_type_hints`` on an engine class."""
    if kind not in _FIELD_TYPES:
        _FIELD_TYPES[kind] = get_type_hints(kind) if _is_pure(kind) else _declared_in_source(kind)
    return _FIELD_TYPES[kind]


def _declared_in_source(kind: type) -> dict[str, Any]:
    import ast

    node, source = _class_source(kind)
    namespace = vars(sys.modules[kind.__module__])
    return {
        statement.target.id: eval(compile(ast.Expression(statement.annotation), str(source), "eval"), namespace)
        for statement in node.body
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
    }


def class_doc(kind: type) -> str:
    """The docstring of an engine class, whichever build is loaded (a compiled class has none)."""
    import ast
    import inspect

    if _is_pure(kind):
        return inspect.cleandoc(kind.__doc__ or "")
    return ast.get_docstring(_class_source(kind)[0]) or ""
