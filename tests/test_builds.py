"""The two builds of the engine (issue 33): the pure-Python one and the one compiled by mypyc
play the very same races, the compiled one is loaded by default where it is built and up to date,
and ``heat --version`` says which runs."""

from __future__ import annotations

import json
import os
import runpy
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from heat import engine_build
from heat.engine_build import STAMP_NAME, compiled_modules, compiled_sources, source_hash

DRIVER = Path(__file__).with_name("build_races.py")


def compiled_expected() -> bool:
    """True when this run must use a compiled engine: ``scripts/test`` sets
    ``HEAT_REQUIRE_COMPILED=1`` where a C compiler is present, so a failed or stale build fails
    here rather than letting the comparison below run the pure engine twice."""
    return os.environ.get("HEAT_REQUIRE_COMPILED", "") not in ("", "0")


def build_env(**settings: str) -> dict[str, str]:
    """This process's environment with ``HEAT_PURE`` as given (else unset)."""
    env = {key: value for key, value in os.environ.items() if key not in ("HEAT_PURE", "HEAT_COMPILED")}
    return env | settings


def run_driver(*, pure: bool) -> list[str]:
    """The driver's output lines, on the pure engine or on the compiled one."""
    env = build_env(HEAT_PURE="1") if pure else build_env()
    done = subprocess.run([sys.executable, str(DRIVER)], capture_output=True, text=True, check=True, env=env)
    return done.stdout.splitlines()


def loads_compiled(**settings: str) -> bool:
    """Whether a fresh interpreter loads the compiled engine, with these ``HEAT_*`` settings."""
    env = build_env(**settings)
    code = "from heat.engine_build import engine_is_compiled; print(engine_is_compiled())"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    return done.stdout.strip() == "True"


@pytest.fixture(scope="module")
def built() -> None:
    """Skip where there is no up-to-date compiled build, unless one is required."""
    if not compiled_modules():
        assert not compiled_expected(), "a C compiler is present but there is no up-to-date compiled engine"
        pytest.skip("no compiled engine: the pure one is the only build here")


def heat_version(**settings: str) -> str:
    """What ``heat --version`` prints, with these ``HEAT_*`` settings."""
    code = "import sys; from heat.cli.main import main; sys.exit(main(['--version']))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=build_env(**settings)
    )
    return done.stdout


def test_the_compiled_engine_is_loaded_by_default_when_built(built: None) -> None:
    assert loads_compiled()
    assert loads_compiled(HEAT_PURE="0")
    assert loads_compiled(HEAT_COMPILED="0")  # the opt-in of old no longer matters
    assert heat_version().splitlines()[1] == "engine: compiled (mypyc)"


def test_HEAT_PURE_forces_the_pure_engine(built: None) -> None:
    assert not loads_compiled(HEAT_PURE="1")
    assert heat_version(HEAT_PURE="1").splitlines()[1] == "engine: pure Python (HEAT_PURE is set)"


def stamped_build(folder: Path) -> tuple[Path, Path]:
    """A copy of the engine's source in ``folder/engine`` and an empty stand-in of its complete
    build in ``folder/_compiled``, stamped with that source's hash."""
    engine, compiled = folder / "engine", folder / "_compiled"
    engine.mkdir()
    compiled.mkdir()
    for path in compiled_sources():
        if path.parent.name == "engine":
            (engine / path.name).write_bytes(path.read_bytes())
    shared = engine_build.SHARED_LIBRARY.rpartition(".")[2]
    for name in [path.stem for path in compiled_sources(engine)] + [shared]:
        (compiled / f"{name}{EXTENSION_SUFFIXES[0]}").touch()
    (compiled / STAMP_NAME).write_text(source_hash(engine) + "\n")
    return engine, compiled


def test_a_build_of_other_source_is_never_loaded(tmp_path: Path) -> None:
    """A stamp vouches for the very source it was built from: a build of yesterday's engine (a
    developer edited a module since) is not found, and the pure engine runs until the next compile."""
    engine, compiled = stamped_build(tmp_path)
    assert set(compiled_modules(compiled, engine)) == {f"heat.engine.{p.stem}" for p in compiled_sources(engine)} | {
        engine_build.SHARED_LIBRARY
    }
    with (engine / "race.py").open("a") as edited:
        edited.write("# edited since the build\n")
    assert compiled_modules(compiled, engine) == {}
    (compiled / STAMP_NAME).write_text(source_hash(engine) + "\n")
    (compiled / f"race{EXTENSION_SUFFIXES[0]}").unlink()  # an incomplete build
    assert compiled_modules(compiled, engine) == {}


@pytest.mark.parametrize("edited", [False, True])
def test_a_source_edited_during_the_compile_gets_no_stamp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, edited: bool
) -> None:
    """setup.py stamps a build with the source mypyc read (hashed before it reads it), never with
    the source found once the C is compiled: a module edited in those minutes leaves the build
    unstamped, so the pure engine runs until the next compile instead of a stale build."""
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    setup_module = runpy.run_path(str(Path(__file__).parents[1] / "setup.py"), run_name="heat_setup_probe")
    command_class = setup_module["BuildCompiledEngine"]
    engine, compiled = stamped_build(tmp_path)
    monkeypatch.setitem(command_class.run.__globals__, "ENGINE", engine)

    def compile_c(self: object) -> None:  # build_ext's minutes of compiling, stood in for
        if edited:
            with (engine / "race.py").open("a") as source:
                source.write("# edited during the compile\n")

    monkeypatch.setattr(build_ext, "run", compile_c)
    command = command_class(Distribution({"name": "probe"}))
    command.extensions = [Extension("heat.engine.race", ["race.c"])]
    monkeypatch.setattr(command, "get_ext_fullpath", lambda name: str(compiled / f"race{EXTENSION_SUFFIXES[0]}"))
    command.compiled_source = source_hash(engine)
    command.run()
    if edited:
        assert not (compiled / STAMP_NAME).exists()
        assert compiled_modules(compiled, engine) == {}
    else:
        assert (compiled / STAMP_NAME).read_text() == source_hash(engine) + "\n"
        assert compiled_modules(compiled, engine)


def test_the_source_is_hashed_again_only_when_its_files_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: each start compared the stamp with a hash of every source file. Once they match,
    the files' sizes, times and inodes are noted (``STAT_NAME``) and the next starts only compare
    those; an edit that keeps a file's size still changes its time, and the build is refused."""
    engine, compiled = stamped_build(tmp_path)
    note = compiled / engine_build.STAT_NAME
    assert not note.exists()
    assert compiled_modules(compiled, engine)
    assert note.read_text().startswith(source_hash(engine) + "\n")
    hashed: list[str] = []
    real_hash = engine_build.source_hash

    def counted_hash(engine_dir: str | os.PathLike[str] = engine) -> str:
        hashed.append(str(engine_dir))
        return real_hash(engine_dir)

    monkeypatch.setattr(engine_build, "source_hash", counted_hash)
    assert compiled_modules(compiled, engine)
    assert hashed == []  # the note vouched for the files: nothing read
    race = engine / "race.py"
    text = race.read_text()
    race.write_text(text.replace("a", "b", 1))  # the same size
    assert compiled_modules(compiled, engine) == {}
    assert len(hashed) == 1
    race.write_text(text)  # the very source again, at a new time: hashed once, then noted
    assert compiled_modules(compiled, engine)
    assert compiled_modules(compiled, engine)
    assert len(hashed) == 2


def test_both_builds_play_byte_identical_records_and_events(built: None) -> None:
    compiled, pure = run_driver(pure=False), run_driver(pure=True)
    assert json.loads(compiled[0]) == {"compiled": True}
    assert json.loads(pure[0]) == {"compiled": False}
    assert len(compiled) == len(pure) > 50
    for compiled_line, pure_line in zip(compiled[1:], pure[1:], strict=True):
        if compiled_line != pure_line:
            race = json.loads(pure_line)["race"]
            pytest.fail(f"the builds differ in race {race}")


def test_the_engine_benchmark_sets_the_builds_side_by_side(built: None) -> None:
    bench = Path(__file__).resolve().parent.parent / "benchmarks" / "engine_bench.py"
    command = [sys.executable, str(bench), "--races", "2", "--repeat", "1", "--cars", "2"]
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=build_env())
    header = done.stdout.splitlines()[1].split()
    assert header == ["pure", "compiled", "speed-up"]
    pure, compiled = (
        float(value)
        for value in next(line for line in done.stdout.splitlines() if line.startswith("car-rounds per race:")).split()[
            3:5
        ]
    )
    assert pure == compiled  # the same races


BOT_RACES = """
import json
from heat.bots.levels import make_bot
from heat.engine import Race, RaceConfig, default_seats, to_record, view_of
import heat.bots.turnsim as turnsim

print(json.dumps({"compiled": not (turnsim.__file__ or "").endswith(".py")}))
for track, modules in (("usa", {}), ("italia", {"garage": "all", "weather": True})):
    race = Race(RaceConfig(default_seats(4), track=track, laps=1, seed=7, **modules))
    bots = [make_bot(level, seed) for seed, level in enumerate(("champion", "pro", "club", "rookie"))]
    while not race.is_over:
        seat = race.to_decide()[0]
        race.apply(seat, bots[seat].choose(view_of(race, seat), race.legal_decisions(seat)))
    print(json.dumps(to_record(race), sort_keys=True))
"""


def test_the_bots_hot_paths_are_compiled_and_decide_as_the_pure_ones(built: None) -> None:
    """The bots' modules compiled with the engine (``COMPILED_BOTS``, issue 33) load by default
    and not with ``HEAT_PURE=1``, and every level takes the same decisions on both builds: the
    same records, with every module and without."""
    outputs = {}
    for pure in (False, True):
        env = build_env(HEAT_PURE="1") if pure else build_env()
        done = subprocess.run([sys.executable, "-c", BOT_RACES], capture_output=True, text=True, check=True, env=env)
        outputs[pure] = done.stdout.splitlines()
    assert json.loads(outputs[False][0]) == {"compiled": True}
    assert json.loads(outputs[True][0]) == {"compiled": False}
    assert len(outputs[False]) == 3
    assert outputs[False][1:] == outputs[True][1:]


RL_EPISODE = """
import hashlib, json
import numpy as np
import heat.rl.actions as actions
import heat.rl.observation as observation
from heat.engine import Race, RaceConfig, default_seats, view_of

print(json.dumps({module.__name__: not (module.__file__ or "").endswith(".py") for module in (actions, observation)}))
digest = hashlib.sha256()
rng = np.random.default_rng(3)
race = Race(RaceConfig(default_seats(3), track="italia", laps=1, seed=5, garage="all", weather=True))
while not race.is_over:
    seat = race.to_decide()[0]
    cursor = actions.DecisionCursor(race.legal_decisions(seat))
    base = observation.encode_view(view_of(race, seat))
    digest.update(base.tobytes())
    decision = cursor.advance_forced()
    while decision is None:
        digest.update(observation.encode(view_of(race, seat), cursor.prefix).tobytes() + cursor.mask().tobytes())
        allowed = cursor.allowed()
        decision = cursor.choose(allowed[int(rng.integers(len(allowed)))])
    race.apply(seat, decision)
print(len(race.decisions), digest.hexdigest())
"""


def test_the_learning_environments_hot_paths_are_compiled_and_encode_as_the_pure_ones(built: None) -> None:
    """``heat.rl``'s modules compiled with the engine (``COMPILED_RL``, issue 34) load by default
    and not with ``HEAT_PURE=1``, and give the same observations, masks and decisions, bit for
    bit, over a race with every module."""
    outputs = {}
    for pure in (False, True):
        env = build_env(HEAT_PURE="1") if pure else build_env()
        done = subprocess.run([sys.executable, "-c", RL_EPISODE], capture_output=True, text=True, check=True, env=env)
        outputs[pure] = done.stdout.splitlines()
    assert set(json.loads(outputs[False][0]).values()) == {True}
    assert set(json.loads(outputs[True][0]).values()) == {False}
    assert len(outputs[False]) == 2
    assert outputs[False][1] == outputs[True][1]
