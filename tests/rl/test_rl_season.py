"""A championship season as one episode (``season=``, docs/rl.md): the agents race every event,
take their decisions between races (C-15, C-16, C-44) as tokens or leave them to the club bot,
and are rewarded once, by the championship's standings (C-30)."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import heat.rl  # noqa: E402
from heat.engine import ConfigError, view_of  # noqa: E402
from heat.engine.championship import BUILD, KEEP, RACE, SWAP, event_book, season_view  # noqa: E402
from heat.rl.actions import index_of  # noqa: E402
from heat.rl.observation import encode, size  # noqa: E402
from heat.rl.season_observation import observation_size, season_size  # noqa: E402

SEASON_TOKENS = {index_of()[name] for name in ("draft", "swap", "no-swap", "keep")}


def play_season(env, seed: int) -> tuple[list[int], float, dict, set[str]]:
    """One season of ``HeatEnv`` with random allowed tokens: the tokens, the last reward and
    info, and the season's phases in which the agent was asked."""
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    taken, reward, done, asked = [], 0.0, False, set()
    while not done:
        assert observation.shape == (observation_size(),)
        asked.add(env.table.season.phase)
        allowed = np.flatnonzero(info["action_mask"])
        action = int(allowed[rng.integers(len(allowed))])
        taken.append(action)
        observation, reward, terminated, truncated, info = env.step(action)
        assert reward == 0.0 or terminated
        done = terminated or truncated
    return taken, reward, info, asked


def test_a_season_is_one_episode_rewarded_by_the_championship() -> None:
    """1961: three races; the agent drafts and swaps between them; one reward at the end, by
    the championship's standings, not the last race's."""
    env = heat.rl.HeatEnv(season="1961", opponents="club,legend")
    _, reward, info, asked = play_season(env, 3)
    season = env.table.season
    assert season.is_over and len(season.state.results) == len(event_book().season(1961))
    standings = season.standings()
    assert info["standings"] == standings
    place = standings.index(env.seat) + 1
    assert reward == pytest.approx((3 - place) / 2)
    assert {BUILD, RACE} <= asked and KEEP not in asked


def test_the_points_reward_is_the_championship_points() -> None:
    env = heat.rl.HeatEnv(season="1962", opponents="legend*2", reward="points")
    _, reward, _, _ = play_season(env, 5)
    season = env.table.season
    assert reward == pytest.approx(season.totals()[env.seat] / (9 * 3))
    assert reward > 0


def test_decisions_between_races_may_be_left_to_the_club_bot() -> None:
    """With ``season_decisions='club'`` the agent is asked only in races: no season token is
    ever allowed, and it still owns the Upgrade cards the club bot drafted for it (C-15)."""
    env = heat.rl.HeatEnv(season="1961", opponents="legend*2", season_decisions="club")
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=1)
    done = False
    while not done:
        assert env.table.season.phase == RACE
        allowed = np.flatnonzero(info["action_mask"])
        assert not SEASON_TOKENS & set(allowed.tolist())
        _, _, terminated, truncated, info = env.step(int(allowed[rng.integers(len(allowed))]))
        done = terminated or truncated
    assert len(env.table.season.state.upgrades[env.seat]) == 3


def test_the_agent_spells_its_builds_and_swaps_as_tokens() -> None:
    """Between races the mask allows exactly the season's decisions, spelled as tokens."""
    env = heat.rl.HeatEnv(season="1961", opponents="rookie*2", skip_forced=False)
    _, info = env.reset(seed=2)
    table = env.table
    while table.season.phase not in (BUILD, SWAP):
        allowed = np.flatnonzero(info["action_mask"])
        _, _, _, _, info = env.step(int(allowed[0]))
    legal = table.season.legal_decisions(env.seat)
    first = {index_of()[name] for name in {"draft", "swap", "no-swap"} if any(d.text().startswith(name) for d in legal)}
    assert set(np.flatnonzero(info["action_mask"]).tolist()) == first


def test_a_race_of_a_season_is_observed_as_a_single_race_then_the_season() -> None:
    """In a race, the first values are the race's observation (the same encoder a single race
    uses); then the season block, whose phase says race."""
    env = heat.rl.HeatEnv(season="1963", opponents="club", season_decisions="club")
    observation, _ = env.reset(seed=4)
    race = env.table.race
    assert race is not None
    race_observation = encode(view_of(race, env.seat), env.table.cursor.prefix)  # 'plan', forced
    np.testing.assert_array_equal(observation[: size()], np.clip(race_observation, -100, 100))
    assert observation.shape == (size() + season_size(),)
    assert observation[size() + 3] == 1.0  # season phase: race


def test_a_seed_gives_the_same_season() -> None:
    first = play_season(heat.rl.HeatEnv(season="custom", opponents="legend"), 8)
    again = play_season(heat.rl.HeatEnv(season="custom", opponents="legend"), 8)
    assert first[0] == again[0] and first[1] == again[1]


def test_a_season_env_passes_check_env() -> None:
    check_env(heat.rl.HeatEnv(season="1961", opponents="club,legend"), skip_render_check=True)


@pytest.mark.filterwarnings("ignore:Observation")  # a dict with the mask: PettingZoo's own convention
def test_a_season_aec_env_passes_api_test() -> None:
    api_test(heat.rl.env(agents=2, opponents="legend", season="goat"), num_cycles=300)


def test_a_goat_run_asks_each_agent_which_card_to_keep() -> None:
    """Between the seasons of a GOAT run each player keeps one Upgrade card (C-44)."""
    env = heat.rl.env(agents=2, opponents="", season="goat", season_decisions="agent")
    env.reset(seed=6)
    rng = np.random.default_rng(6)
    kept = set()
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        if env.table.season.phase == KEEP:
            kept.add(agent)
            assert set(np.flatnonzero(observation["action_mask"]).tolist()) <= {index_of()["keep"]} | {
                index_of()[f"card:{card}"] for card in season_view(env.table.season).upgrades[env._seat(agent)]
            }
        if env.table.season.state.year_index == 1:
            break
        allowed = np.flatnonzero(observation["action_mask"])
        env.step(int(allowed[rng.integers(len(allowed))]))
    assert kept == set(env.agents)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"season": "1964"}, "season is one of 1961, 1962, 1963, custom, goat"),
        ({"season": "1961", "track": "usa"}, "drop track"),
        ({"season": "1961", "laps": 1}, "drop laps and weather"),
        ({"season": "1961", "garage": "quick"}, "the Upgrade deck"),
        ({"season": "1961", "reward": "rounds"}, "a season's rewards are place, win and points"),
        ({"season": "1961", "season_decisions": "me"}, "season_decisions is 'agent' or 'club'"),
        ({"season": "1961", "opponents": "legend*6"}, "1 to 6"),
    ],
)
def test_bad_season_options_are_refused_in_a_line(options: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        heat.rl.HeatEnv(**options)
