"""Which build of the rules engine runs: the same source compiled by mypyc (the default), or the
pure-Python one.

``scripts/setup`` compiles ``heat.engine`` with mypyc where a C compiler is present, and so does
``pip install .`` (issue 33). The extension modules go to ``heat/_compiled/``, beside this file
and apart from the sources, with a stamp holding the hash of the source they were built from. At
import ``heat`` calls :func:`use_compiled_engine`, which puts an import hook first on
``sys.meta_path`` that loads ``heat.engine.*`` (and the bots' ``COMPILED_BOTS``, ``heat.rl``'s
``COMPILED_RL``) from those modules, unless

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

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from types import ModuleType

TYPE_CHECKING = False  # typing, pathlib, hashlib, ast and inspect load where used: `import heat` stays light (issue 28)
if TYPE_CHECKING:
    import ast
    from pathlib import Path
    from typing import Any, Final

PACKAGE_DIR: Final = os.path.dirname(os.path.realpath(__file__))
ENGINE_DIR: Final = os.path.join(PACKAGE_DIR, "engine")
COMPILED_DIR: Final = os.path.join(PACKAGE_DIR, "_compiled")
STAMP_NAME: Final = "SOURCE_HASH"
STAT_NAME: Final = "SOURCE_STAT"
"""Beside the stamp: the hash it holds, then the size, modification time and inode of each source
file when that hash was last found to be theirs. While they are unchanged the source is not read
and hashed again at each start (issue 28); any change to them, a rebuild or a missing file means
hashing once more."""
SHARED_LIBRARY: Final = "heat._engine__mypyc"
"""The module mypyc puts the compiled code of every engine module in (the group ``heat._engine``);
each ``heat.engine.X`` extension is a small shim importing it."""
ENGINE_PACKAGE: Final = "heat.engine"


def pure_requested() -> bool:
    """True when ``HEAT_PURE`` asks for the pure-Python engine."""
    return os.environ.get("HEAT_PURE", "") not in ("", "0")


def compiled_requested() -> bool:
    """True unless ``HEAT_PURE`` forbids the compiled engine (it is the default)."""
    return not pure_requested()


COMPILED_BOTS: Final = ("forecast", "heuristic", "planner", "turnsim")
"""The bots' modules compiled with the engine, in its group (issue 33): the planner's turn
simulator and what it calls per plan. Not ``valuetable``, whose work is numpy's
(docs/benchmarks.md, "The bots compiled"). Their names differ from every engine module's: the
extensions of both packages lie side by side in ``_compiled``."""
BOTS_PACKAGE: Final = "heat.bots"
COMPILED_RL: Final = ("actions", "observation")
"""The learning environment's modules compiled with the engine, in its group (issue 34): the
spelling of the legal decisions and their mask, and the encoding of a view, which cost more than
the compiled engine step while pure (docs/rl.md, "Speed"). Neither imports torch, gymnasium or
anything beyond numpy at module level; their names differ from every engine and bots module's."""
RL_PACKAGE: Final = "heat.rl"


def _source_files(engine_dir: str | os.PathLike[str]) -> list[tuple[str, str]]:
    """(module name, path) of each module mypyc compiles: every engine ``.py`` but
    ``__init__.py``, sorted, then the bots' ``COMPILED_BOTS`` from the ``bots`` folder beside
    ``engine_dir`` and ``heat.rl``'s ``COMPILED_RL`` from the ``rl`` folder (where they are)."""
    engine_dir = os.fspath(engine_dir)
    names = sorted(name for name in os.listdir(engine_dir) if name.endswith(".py") and name != "__init__.py")
    engine = [(f"{ENGINE_PACKAGE}.{name[:-3]}", os.path.join(engine_dir, name)) for name in names]
    bots_dir = os.path.join(os.path.dirname(engine_dir), "bots")
    bots = [(f"{BOTS_PACKAGE}.{name}", os.path.join(bots_dir, f"{name}.py")) for name in COMPILED_BOTS]
    rl_dir = os.path.join(os.path.dirname(engine_dir), "rl")
    rl = [(f"{RL_PACKAGE}.{name}", os.path.join(rl_dir, f"{name}.py")) for name in COMPILED_RL]
    return engine + [(module, path) for module, path in bots + rl if os.path.isfile(path)]


def compiled_sources(engine_dir: str | os.PathLike[str] = ENGINE_DIR) -> list[Path]:
    """The modules mypyc compiles (:func:`_source_files`), as paths."""
    from pathlib import Path

    return [Path(path) for _module, path in _source_files(engine_dir)]


def module_name(source: Path) -> str:
    """The module of a compiled source: ``heat.engine.race``, ``heat.bots.turnsim``."""
    return f"heat.{source.parent.name}.{source.stem}"


def source_hash(engine_dir: str | os.PathLike[str] = ENGINE_DIR) -> str:
    """A hash of the compiled modules' names and source, and of the interpreter's version."""
    import hashlib

    digest = hashlib.sha256(sys.implementation.cache_tag.encode())
    for _module, path in _source_files(engine_dir):
        with open(path, "rb") as source:
            digest.update(os.path.basename(path).encode() + b"\0" + source.read() + b"\0")
    return digest.hexdigest()


def _source_stats(engine_dir: str | os.PathLike[str]) -> str:
    """One line naming each source file with its size, modification time and inode."""
    stats = ((path, os.stat(path)) for _module, path in _source_files(engine_dir))
    return ";".join(f"{os.path.basename(path)} {s.st_size} {s.st_mtime_ns} {s.st_ino}" for path, s in stats)


def _stamp_holds(compiled_dir: str | os.PathLike[str], engine_dir: str | os.PathLike[str]) -> bool:
    """True when the build's stamp is the hash of today's source. The source is hashed only when
    its files' sizes, times or inodes differ from those noted in ``STAT_NAME`` after the last
    match (or there is no such note); a new match is noted where the folder can be written."""
    try:
        with open(os.path.join(compiled_dir, STAMP_NAME)) as stamp_file:
            stamp = stamp_file.read().strip()
        stats = _source_stats(engine_dir)
    except OSError:
        return False
    noted = os.path.join(compiled_dir, STAT_NAME)
    try:
        with open(noted) as noted_file:
            if noted_file.read() == f"{stamp}\n{stats}\n":
                return True
    except OSError:
        pass
    if stamp != source_hash(engine_dir):
        return False
    try:  # best effort: a read-only install hashes at each start, as before
        partial = f"{noted}.{os.getpid()}"
        with open(partial, "w") as noted_file:
            noted_file.write(f"{stamp}\n{stats}\n")
        os.replace(partial, noted)
    except OSError:
        pass
    return True


def _compiled_files(compiled_dir: str | os.PathLike[str], engine_dir: str | os.PathLike[str]) -> dict[str, str]:
    """``compiled_modules``, as paths in text: what the import hook needs, without ``pathlib``."""
    if not _stamp_holds(compiled_dir, engine_dir):
        return {}
    suffix = EXTENSION_SUFFIXES[0]  # this interpreter's own tag, e.g. .cpython-311-x86_64-linux-gnu.so
    wanted = [module for module, _path in _source_files(engine_dir)] + [SHARED_LIBRARY]
    present = set(os.listdir(compiled_dir))
    found = {name: name.rpartition(".")[2] + suffix for name in wanted}
    if not all(file in present for file in found.values()):
        return {}
    return {name: os.path.join(compiled_dir, file) for name, file in found.items()}


def compiled_modules(
    compiled_dir: str | os.PathLike[str] = COMPILED_DIR, engine_dir: str | os.PathLike[str] = ENGINE_DIR
) -> dict[str, Path]:
    """Module name -> extension file of a complete, up-to-date compiled build; empty when there
    is none (no build, a build of older source, or one for another interpreter)."""
    from pathlib import Path

    return {name: Path(file) for name, file in _compiled_files(compiled_dir, engine_dir).items()}


def _rebuilt(kind: type, values: dict[str, Any]) -> Any:
    """An engine object rebuilt by unpickling: through its constructor, as mypyc requires."""
    return kind(**values)


def _reduce_frozen(instance: Any) -> tuple[Any, ...]:
    import dataclasses

    values = {field.name: getattr(instance, field.name) for field in dataclasses.fields(instance)}
    return _rebuilt, (type(instance), values)


def make_frozen_dataclasses_picklable(module: ModuleType) -> None:
    """Let ``pickle`` copy the frozen dataclasses of a compiled engine module (the season's views,
    configs and state: the server sends a bot's view to its worker process; the race's records are
    ``Frozen``, which pickle through their constructor by themselves). mypyc's own unpickling
    sets each field, which a frozen dataclass refuses (FrozenInstanceError); this registers, with
    ``copyreg``, a reduction that rebuilds each through its constructor (whose parameters are the
    fields, ``Plan`` and ``Discard`` included). The pure classes pickle as they are."""
    classes = [
        value for value in vars(module).values() if isinstance(value, type) and value.__module__ == module.__name__
    ]
    if not any("__dataclass_fields__" in vars(kind) for kind in classes):
        return  # no dataclass: `dataclasses` (and `inspect`) need not load (issue 28)
    import copyreg
    import dataclasses

    for value in classes:
        if dataclasses.is_dataclass(value):
            params = getattr(value, "__dataclass_params__", None)
            if params is not None and params.frozen:
                copyreg.pickle(value, _reduce_frozen)


def _is_compiled(module: ModuleType) -> bool:
    return not (getattr(module, "__file__", None) or "").endswith(".py")


class EnginePackage(ModuleType):
    """The type of the ``heat.engine``, ``heat.bots`` and ``heat.rl`` packages once a compiled module of theirs
    is found: each compiled submodule's frozen dataclasses are made picklable
    (:func:`make_frozen_dataclasses_picklable`) when the submodule is bound to its package.

    Both loaders bind a submodule so, once its body has run: Python's import system, and mypyc's
    own, which loads the modules a compiled module imports (at its start, or inside a function at
    any later time: ``invariants`` imports the season code when first asked) without asking the
    import hook. Registering in the hook's loader alone missed those (issue 33)."""

    def __setattr__(self, name: str, value: object) -> None:
        super().__setattr__(name, value)
        if isinstance(value, ModuleType) and value.__name__ == f"{self.__name__}.{name}" and _is_compiled(value):
            make_frozen_dataclasses_picklable(value)


def _watch_package(package_name: str) -> None:
    """Give the package ``package_name`` (imported, as the parent of the module being found) the
    type :class:`EnginePackage`, and register the compiled submodules already bound to it."""
    package = sys.modules.get(package_name)
    if package is None or isinstance(package, EnginePackage):
        return
    package.__class__ = EnginePackage
    for name, loaded in list(sys.modules.items()):
        if name.startswith(f"{package_name}.") and loaded is not None and _is_compiled(loaded):
            make_frozen_dataclasses_picklable(loaded)


class CompiledEngineFinder:
    """Finds the compiled ``heat.engine`` (and bots') modules before Python's own finders see the sources (a
    meta path finder; not derived from ``importlib.abc``, whose import costs more than the rest)."""

    def __init__(self, modules: dict[str, str]) -> None:
        self.modules = modules

    def find_spec(self, fullname: str, path: object = None, target: ModuleType | None = None) -> ModuleSpec | None:
        """The spec of the compiled module ``fullname``, or None for any other module."""
        location = self.modules.get(fullname)
        if location is None:
            return None
        package_name = fullname.rpartition(".")[0]
        if package_name in (ENGINE_PACKAGE, BOTS_PACKAGE, RL_PACKAGE):
            _watch_package(package_name)
        spec = ModuleSpec(fullname, ExtensionFileLoader(fullname, location), origin=location)
        spec.has_location = True  # sets __file__, as importlib.util.spec_from_file_location does
        return spec


def use_compiled_engine() -> bool:
    """Install the import hook for the compiled engine unless ``HEAT_PURE`` forbids it, where
    there is an up-to-date build; True if it is installed. Call before importing ``heat.engine``."""
    if not compiled_requested() or any(isinstance(finder, CompiledEngineFinder) for finder in sys.meta_path):
        return False
    modules = _compiled_files(COMPILED_DIR, ENGINE_DIR)
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
    if os.path.isfile(os.path.join(COMPILED_DIR, STAMP_NAME)):
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


_CLASS_SOURCES: dict[type, tuple[ast.ClassDef, str]] = {}


def _class_source(kind: type) -> tuple[ast.ClassDef, str]:
    """The definition of the engine class ``kind`` in its module's source, and that source's path."""
    import ast

    if kind not in _CLASS_SOURCES:
        source = os.path.join(ENGINE_DIR, f"{kind.__module__.rpartition('.')[2]}.py")
        with open(source, encoding="utf-8") as source_file:
            tree = ast.parse(source_file.read(), source)
        node = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == kind.__name__)
        _CLASS_SOURCES[kind] = node, source
    return _CLASS_SOURCES[kind]


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
        from typing import get_type_hints

        _FIELD_TYPES[kind] = get_type_hints(kind) if _is_pure(kind) else _declared_in_source(kind)
    return _FIELD_TYPES[kind]


def _declared_in_source(kind: type) -> dict[str, Any]:
    import ast

    node, source = _class_source(kind)
    namespace = vars(sys.modules[kind.__module__])
    return {
        statement.target.id: eval(compile(ast.Expression(statement.annotation), source, "eval"), namespace)
        for statement in node.body
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
    }


NO_DEFAULT: Final = object()
"""The default of a field that has none (``record_fields``)."""


def is_record(kind: object) -> bool:
    """True for a class of engine records: a dataclass (``SeasonView``), or a ``Frozen`` record
    (the views, the configs) whose fields its ``FIELDS`` names."""
    return isinstance(kind, type) and (
        hasattr(kind, "__dataclass_fields__") or isinstance(getattr(kind, "FIELDS", None), tuple)
    )


def record_fields(kind: type) -> tuple[tuple[str, Any], ...]:
    """(name, default) of each field of the record class ``kind`` (``is_record``), in order;
    ``NO_DEFAULT`` for a field without one. A ``Frozen`` record's defaults are its ``__init__``'s,
    read from the module's source on the compiled engine (a compiled function has no signature);
    they are literals there (``None``, ``()``, numbers)."""
    if hasattr(kind, "__dataclass_fields__"):
        import dataclasses

        return tuple(
            (field.name, NO_DEFAULT if field.default is dataclasses.MISSING else field.default)
            for field in dataclasses.fields(kind)
        )
    names: tuple[str, ...] = getattr(kind, "FIELDS")  # noqa: B009 - a ClassVar of Frozen, not declared on type
    defaults = _init_defaults(kind)
    return tuple((name, defaults.get(name, NO_DEFAULT)) for name in names)


def _init_defaults(kind: type) -> dict[str, Any]:
    """The defaults of the parameters of the ``__init__`` that ``kind`` runs, by name."""
    if _is_pure(kind):
        import inspect

        parameters = inspect.signature(kind).parameters
        return {name: p.default for name, p in parameters.items() if p.default is not inspect.Parameter.empty}
    import ast

    owner = next(cls for cls in kind.__mro__ if "__init__" in vars(cls))
    node, _source = _class_source(owner)
    init = next(item for item in node.body if isinstance(item, ast.FunctionDef) and item.name == "__init__")
    arguments = init.args.args[1:]
    defaults = init.args.defaults
    with_defaults = arguments[len(arguments) - len(defaults) :]
    return {argument.arg: ast.literal_eval(default) for argument, default in zip(with_defaults, defaults, strict=True)}


def class_doc(kind: type) -> str:
    """The docstring of an engine class, whichever build is loaded (a compiled class has none)."""
    import ast
    import inspect

    if _is_pure(kind):
        return inspect.cleandoc(kind.__doc__ or "")
    return ast.get_docstring(_class_source(kind)[0]) or ""
