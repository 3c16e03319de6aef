"""The environments pass their libraries' API checks, are deterministic for a seed, and keep the
game's rules: bad options and illegal actions are refused in a line (docs/rl.md)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import heat.rl  # noqa: E402
from heat.engine import ConfigError  # noqa: E402
from heat.rl.actions import index_of  # noqa: E402
from heat.rl.vector import sample_masked  # noqa: E402


def random_episode(env, seed: int) -> tuple[list[int], float, dict]:
    """Play one episode of ``HeatEnv`` with random allowed tokens; the tokens, reward, last info."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    taken, reward, done = [], 0.0, False
    while not done:
        allowed = np.flatnonzero(info["action_mask"])
        action = int(allowed[rng.integers(len(allowed))])
        taken.append(action)
        _, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    return taken, reward, info


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"opponents": "rookie,legend*2", "garage": "quick", "weather": True, "laps": 1},
        {"opponents": ["club", "legend*4"], "garage": "draft", "pro_legends": 1, "laps": 1, "track": "italia"},
        {"opponents": "random*2", "tournament": True, "laps": 1, "reward": "points"},
    ],
)
def test_the_gymnasium_env_passes_check_env(options: dict) -> None:
    check_env(heat.rl.HeatEnv(**options), skip_render_check=True)


@pytest.mark.parametrize(
    "options",
    [
        {"agents": 2, "opponents": "club,legend", "laps": 1},
        {"agents": 3, "opponents": "", "garage": "draft", "weather": True, "laps": 1},
        {"agents": 2, "opponents": "legend*2", "tournament": True, "laps": 1, "track": "france"},
    ],
)
@pytest.mark.filterwarnings("ignore:Observation")  # a dict with the mask: PettingZoo's own convention
def test_the_pettingzoo_env_passes_api_test(options: dict) -> None:
    api_test(heat.rl.env(**options), num_cycles=400)


def test_an_aec_race_ends_with_each_agent_rewarded_by_its_place() -> None:
    env = heat.rl.env(agents=3, opponents="legend", laps=1)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert env.observe(agent)["action_mask"].any()
        env.step(int(sample_masked(observation["action_mask"][None, :], rng)[0]))
    standings = info["standings"]
    race = env.table.race
    rewards = {seat: env.table.reward(seat) for seat in env.table.agent_seats}
    places = {seat: standings.index(seat) + 1 for seat in rewards}
    assert all(rewards[a] > rewards[b] for a in rewards for b in rewards if places[a] < places[b])
    assert race.is_over and len(race.cars) == 4


def test_a_seed_gives_the_same_episode() -> None:
    first = random_episode(heat.rl.HeatEnv(laps=1), 11)
    again = random_episode(heat.rl.HeatEnv(laps=1), 11)
    other = random_episode(heat.rl.HeatEnv(laps=1), 12)
    assert first[0] == again[0] and first[1] == again[1]
    assert first[0] != other[0]


@pytest.mark.parametrize(("reward", "second"), [("place", 0.0), ("win", 0.0), ("points", 6 / 9)])
def test_the_reward_is_the_final_place(reward: str, second: float) -> None:
    """Two cars: the winner gets 1, the second 0 (place, win) or 6 of 9 Championship points."""
    env = heat.rl.HeatEnv(opponents="random", laps=1, reward=reward)
    places = set()
    for seed in range(8):
        _, got, info = random_episode(env, seed)
        place = info["standings"].index(env.seat) + 1
        places.add(place)
        assert got == pytest.approx(1.0 if place == 1 else second)
    assert places == {1, 2}


def test_the_rounds_reward_counts_the_rounds_to_finish() -> None:
    env = heat.rl.HeatEnv(opponents="legend", laps=1, reward="rounds")
    _, got, _ = random_episode(env, 3)
    car = env.table.race.cars[env.seat]
    assert car.finished and got == -car.finish_round / 10


def test_lineups_are_sampled_per_episode() -> None:
    env = heat.rl.HeatEnv(opponents=["club", "legend*3"], track=["usa", "italia"], laps=1)
    seen = set()
    for seed in range(12):
        env.reset(seed=seed)
        race = env.table.race
        seen.add((len(race.cars), race.config.track))
    assert seen == {(2, "usa"), (2, "italia"), (4, "usa"), (4, "italia")}


def test_an_illegal_action_changes_nothing() -> None:
    env = heat.rl.HeatEnv()
    observation, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info_after = env.step(illegal)
    assert reward == -1.0 and info_after["illegal_action"] and not terminated and not truncated
    assert np.array_equal(after, observation) and np.array_equal(info_after["action_mask"], info["action_mask"])
    strict = heat.rl.HeatEnv(illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match=r"action 2 \(done\) is not allowed now; allowed: n:1, n:2"):
        strict.step(index_of()["done"])


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"opponents": "club,wizard"}, "unknown entrant 'wizard'"),
        ({"track": "mars"}, "unknown track 'mars'"),
        ({"opponents": "club*6"}, "1 to 6 cars"),
        ({"garage": "deluxe"}, "garage is None, 'quick' or 'draft'"),
        ({"reward": "money"}, "unknown reward 'money'"),
        ({"laps": 99}, "lap"),
    ],
)
def test_bad_options_are_refused_in_a_line(options: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        heat.rl.HeatEnv(**options)


def test_the_vector_env_steps_races_together() -> None:
    envs = heat.rl.vector_env(3, laps=1, opponents="legend")
    _, infos = envs.reset(seed=5)
    rng = np.random.default_rng(5)
    finished = 0
    for _ in range(400):
        _, rewards, terminated, _, infos = envs.step(sample_masked(infos["action_mask"], rng))
        finished += int(terminated.sum())
        assert ((rewards >= 0) & (rewards <= 1)).all()  # place: 0 until the end, then 0 to 1
        assert infos["action_mask"].shape == (3, heat.rl.HeatEnv().action_space.n)
    envs.close()
    assert finished >= 1


def test_importing_heat_rl_loads_neither_gymnasium_nor_pettingzoo() -> None:
    code = (
        "import sys, heat.rl, heat.bots.levels, heat.arena; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('gymnasium', 'pettingzoo', 'torch')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_vector_env_without_ray_never_imports_it() -> None:
    code = (
        "import sys, heat.rl; envs = heat.rl.vector_env(2, laps=1); envs.reset(seed=0); envs.close(); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'ray'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_vector_env_is_local_or_on_ray_not_both() -> None:
    with pytest.raises(ValueError, match="asynchronous or ray"):
        heat.rl.vector_env(2, asynchronous=True, ray="auto")
