"""``heat arena --ray ADDRESS``: the arena's races on a Ray cluster, the same races as the local
pool for the same seeds; without the option nothing of Ray is imported (docs/rl.md)."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from heat.arena import ArenaConfig, RaceOutcome, run_arena
from heat.cli.main import main
from heat.engine import ConfigError

CONFIG = ArenaConfig(lineup=("club", "rookie", "legend"), tracks=("usa", "italia"), races=3, laps=1, seed=3)


def played(outcomes: list[RaceOutcome]) -> list[dict[str, Any]]:
    """What a race decides (places, rounds, grid, statistics), without its decision times."""
    return [{k: v for k, v in asdict(o).items() if k not in ("seconds", "plan_seconds")} for o in outcomes]


def test_an_arena_without_ray_never_imports_it() -> None:
    code = (
        "import sys; import heat.cli.arena_cmd, heat.rl; from heat.arena import ArenaConfig, run_arena; "
        "run_arena(ArenaConfig(lineup=('random', 'random'), races=2, laps=1), workers=2); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'ray'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_ray_without_its_extra_is_refused_in_a_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if not installed: `import ray` fails
    with pytest.raises(ConfigError, match=r"--ray needs the ray extra: pip install -e '\.\[ray\]'"):
        run_arena(CONFIG, ray="127.0.0.1:6379")


def test_workers_beside_ray_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--lineup", "random,random", "--races", "1", "--workers", "2", "--ray", "auto"]) != 0
    assert "--workers and --ray" in capsys.readouterr().err


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    """A Ray instance of 2 CPUs started here, in a temporary folder, stopped after the tests."""
    reason = "the ray extra is not installed: pip install -e '.[ray]' (scripts/setup test installs it)"
    ray = pytest.importorskip("ray", reason=reason)
    folder = tempfile.mkdtemp(prefix="ray", dir="/tmp")  # short: Ray's socket paths must fit 107 bytes
    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        _temp_dir=folder,
        logging_level="ERROR",
        log_to_driver=False,
    )
    try:
        yield ray
    finally:
        ray.shutdown()
        shutil.rmtree(folder, ignore_errors=True)


def test_the_arena_on_ray_plays_the_races_of_the_local_pool(local_ray: Any) -> None:
    local = run_arena(CONFIG, workers=2)
    seen: list[int] = []
    on_ray = run_arena(CONFIG, progress=seen.append, ray="auto")  # joins the instance this process started
    assert played(on_ray) == played(local)
    assert sum(seen) == len(local) == 6
    assert local_ray.is_initialized()  # it joined an instance it did not start, so it left it running


def test_heat_arena_ray_writes_the_results_of_the_local_pool(
    local_ray: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    options = ["arena", "--lineup", "club,legend*2", "--races", "4", "--laps", "1", "--seed", "5"]
    assert main([*options, "--workers", "2", "--json", str(tmp_path / "local.json")]) == 0
    assert main([*options, "--ray", "auto", "--json", str(tmp_path / "ray.json")]) == 0
    capsys.readouterr()
    local, on_ray = (json.loads((tmp_path / name).read_text()) for name in ("local.json", "ray.json"))
    assert on_ray["races"] == local["races"]
    timing = ("median_ms", "max_ms", "plan_median_ms")
    for summary in (local["summary"], on_ray["summary"]):
        for row in summary:
            for key in timing:
                row.pop(key)
    assert on_ray["summary"] == local["summary"]


def test_the_vector_env_on_ray_steps_the_races_of_the_local_one(local_ray: Any) -> None:
    """Same seeds, same actions: the same observations, rewards, ends and masks as
    ``SyncVectorEnv``, through a race's end and its next-step reset."""
    gymnasium = pytest.importorskip("gymnasium")
    import numpy as np

    import heat.rl
    from heat.rl.vector import sample_masked

    options = {"opponents": "legend", "laps": 1}
    local = heat.rl.vector_env(2, **options)
    on_ray = heat.rl.vector_env(2, ray="auto", **options)
    assert isinstance(local, gymnasium.vector.SyncVectorEnv)
    first, infos = local.reset(seed=7)
    again, ray_infos = on_ray.reset(seed=7)
    np.testing.assert_array_equal(first, again)
    rng = np.random.default_rng(7)
    ends = 0
    for _ in range(300):
        actions = sample_masked(infos["action_mask"], rng)
        expected = local.step(actions)
        got = on_ray.step(actions)
        for one, other in zip(expected[:4], got[:4], strict=True):
            np.testing.assert_array_equal(one, other)
        infos, ray_infos = expected[4], got[4]
        np.testing.assert_array_equal(infos["action_mask"], ray_infos["action_mask"])
        ends += int(expected[2].sum())
    assert ends >= 1
    local.close()
    on_ray.close()
    assert local_ray.is_initialized()


def test_an_address_where_no_cluster_listens_is_refused_in_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Ray itself would keep trying for minutes: the arena says at once that nothing answers."""
    pytest.importorskip("ray", reason="the ray extra is not installed: pip install -e '.[ray]'")
    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert main(["arena", "--lineup", "random,random", "--races", "1", "--ray", f"127.0.0.1:{port}"]) != 0
    err = capsys.readouterr().err
    assert f"--ray 127.0.0.1:{port}: no Ray cluster answers there" in err
    assert "Traceback" not in err and "racing" not in err
