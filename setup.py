"""Build Heat (the metadata is in pyproject.toml). Where a C compiler is present, also compile the
rules engine with mypyc (issue 33), unless ``HEAT_PURE=1``; otherwise the pure-Python package.

The compiled modules go to ``heat/_compiled/`` with a stamp of the source they were built from,
not beside the sources: ``src/heat/engine_build.py`` says why and how they are loaded.
``scripts/compile_engine.py`` runs ``setup.py build_ext --inplace`` for a development checkout.
"""

from __future__ import annotations

import runpy
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
ENGINE = HERE / "src" / "heat" / "engine"
engine_build: dict[str, Any] = runpy.run_path(str(HERE / "src" / "heat" / "engine_build.py"))


def has_c_compiler() -> bool:
    """True if the compiler Python's own build used (``CC``) is installed."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()
    return bool(compiler) and shutil.which(compiler[0]) is not None


def engine_extensions() -> list[Any]:
    """The engine's modules (and the bots' and heat.rl's hot paths) compiled by mypyc, or none (pure package)."""
    if not engine_build["compiled_requested"]() or not has_c_compiler():
        return []
    from mypyc.build import mypycify  # only a compiling build needs mypy

    sources = [str(path.relative_to(HERE)) for path in engine_build["compiled_sources"](ENGINE)]
    # pyproject.toml's mypy overrides name modules the engine never imports (the learning
    # extras'): mypy's warn_unused_configs would fail the compile over them.
    return mypycify(["--no-warn-unused-configs", *sources], group_name="heat._engine", opt_level="3")


class BuildCompiledEngine(build_ext):
    """``build_ext`` writing the engine's extensions to ``heat/_compiled/`` with their stamp."""

    compiled_source = ""
    """``source_hash`` of the source mypyc reads, taken before ``engine_extensions`` runs it."""

    def get_ext_fullpath(self, ext_name: str) -> str:
        path = Path(super().get_ext_fullpath(ext_name))
        in_subpackage = ext_name.startswith(("heat.engine.", "heat.bots.", "heat.rl."))
        heat_dir = path.parent.parent if in_subpackage else path.parent
        return str(heat_dir / "_compiled" / path.name)

    def copy_extensions_to_source(self) -> None:
        """For ``--inplace``: copy each built extension to ``src/heat/_compiled/`` (setuptools'
        own copy looks for it where ``get_ext_fullpath`` no longer puts it)."""
        for extension in self.extensions:
            self.inplace = False
            built = self.get_ext_fullpath(extension.name)
            self.inplace = True
            target = self.get_ext_fullpath(extension.name)
            self.mkpath(str(Path(target).parent))
            self.copy_file(built, target, level=self.verbose)

    def run(self) -> None:
        if not self.extensions:
            return
        compiled_dir = Path(self.get_ext_fullpath(self.extensions[0].name)).parent
        stamp = compiled_dir / engine_build["STAMP_NAME"]
        stamp.unlink(missing_ok=True)  # an interrupted build leaves no valid stamp
        super().run()
        # The stamp vouches for the source mypyc read: one edited during the compile (the C is
        # made first, then compiled for minutes) gets none, so the next start compiles again.
        if self.compiled_source and engine_build["source_hash"](ENGINE) == self.compiled_source:
            stamp.write_text(self.compiled_source + "\n")
        else:
            print("heat: the engine's source changed during the compile: no stamp; compile again", file=sys.stderr)


if __name__ == "__main__":  # scripts/compile_engine.py reads the functions above without building
    BuildCompiledEngine.compiled_source = engine_build["source_hash"](ENGINE)
    setup(ext_modules=engine_extensions(), cmdclass={"build_ext": BuildCompiledEngine})
