"""Compile the rules engine with mypyc into src/heat/_compiled/, unless it is already compiled from
today's source. Run by scripts/setup with the venv's Python; prints one line when it compiles.

Does nothing when HEAT_PURE=1 forbids the compiled engine or no C compiler is installed (Heat then
runs the pure-Python engine). A failed compile is reported in one line with its log and is not
fatal: the pure engine runs, and the same source is not tried again (every ``scripts/play`` would
wait for it) unless ``--again`` is given (``scripts/test`` does). ``--expected`` prints 1 if a
compiled engine is wanted here, else 0. Needs mypy (for mypyc): installed in the venv, at the
version pyproject.toml pins, if absent.
"""

from __future__ import annotations

import importlib.util
import runpy
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOG = ROOT / "build" / "compile_engine.log"
FAILED = ROOT / "build" / "compile_engine.failed"
"""Holds the source hash of a compile that failed, so that it is not tried again for that source."""


def mypy_requirement() -> str:
    """The pinned mypy of the build requirements, e.g. ``mypy==2.4.1``."""
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    return next(item for item in requires if item.startswith("mypy=="))


def main() -> int:
    setup: dict[str, Any] = runpy.run_path(str(ROOT / "setup.py"), run_name="heat_setup_probe")
    build: dict[str, Any] = setup["engine_build"]
    wanted = build["compiled_requested"]() and setup["has_c_compiler"]()
    if sys.argv[1:] == ["--expected"]:  # scripts/test: must the tests find a compiled engine?
        print(int(wanted))
        return 0
    if not wanted:
        return 0
    if build["compiled_modules"](ROOT / "src" / "heat" / "_compiled", setup["ENGINE"]):
        return 0  # up to date
    source = build["source_hash"](setup["ENGINE"])
    if "--again" not in sys.argv[1:] and FAILED.is_file() and FAILED.read_text().strip() == source:
        return 0  # this very source failed to compile: the pure engine runs (heat --version says so)
    print(
        "Compiling the rules engine with mypyc (once per change of its source, a few minutes)... ", end="", flush=True
    )
    started = time.monotonic()
    LOG.parent.mkdir(exist_ok=True)
    try:
        with LOG.open("w") as log:
            if importlib.util.find_spec("mypyc") is None:
                pip = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
                subprocess.run([*pip, mypy_requirement()], stdout=log, stderr=subprocess.STDOUT, check=False)
            command = [sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"]
            done = subprocess.run(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, check=False)
    except KeyboardInterrupt:  # the build leaves no stamp: the pure engine runs, the next setup compiles
        print("interrupted; Heat runs the pure-Python engine until the next start compiles it.")
        return 130
    if done.returncode != 0:
        FAILED.write_text(source + "\n")
        print(f"failed (see {LOG}); Heat runs the pure-Python engine.")
    else:
        FAILED.unlink(missing_ok=True)
        if build["compiled_modules"](ROOT / "src" / "heat" / "_compiled", setup["ENGINE"]):
            print(f"done in {time.monotonic() - started:.0f} s.")
        else:  # setup.py left no stamp: a module was edited while it compiled
            print("done, but the source changed meanwhile: Heat runs the pure-Python engine until this runs again.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
