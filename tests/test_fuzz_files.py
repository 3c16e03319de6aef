"""Fuzzing the files a player may hand the engine: position files, race records and season
records with one or two values replaced by something odd (a wrong type, a huge or negative
number, a name that does not exist). Each is either refused with a HeatError, whose message
names what is wrong, or it loads, writes back to what it loaded, and plays on to the end with
legal decisions. Never any other exception (that would be a traceback for a user)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from heat.engine import (
    HeatError,
    Race,
    RaceConfig,
    default_seats,
    from_position,
    replay,
    to_position,
    to_record,
)
from heat.engine.championship import Season, SeasonConfig, replay_season, season_record
from heat.engine.rng import Rng

TRACKS = ("usa", "italia", "france", "great-britain")

ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    99,
    10**20,
    -(10**20),
    1.5,
    "",
    "x",
    "usa",
    "1961",
    "heat",
    "stress",
    "1",
    "red",
    "done",
    "gear 2 play 1 2",
    [],
    {},
    [1],
    ["x"],
    [None],
    {"a": 1},
    {"seat": 0, "decision": "done"},
    {"seat": 9, "decision": "done"},
)
"""What a mutation writes in place of a value."""

PLAY_LIMIT = 400
"""Decisions played after loading; enough to finish the 1-lap races and reach a season's next phase."""


def _random_play(game: Race | Season, seed: int, decisions: int = PLAY_LIMIT) -> None:
    """Legal decisions at random until the game is over or ``decisions`` are made."""
    rng = Rng(seed)
    for _ in range(decisions):
        if game.is_over:
            return
        seat = game.to_decide()[0]
        legal = game.legal_decisions(seat)
        assert legal, f"seat {seat} must decide but has no legal decision"
        game.apply(seat, legal[rng.below(len(legal))])


def _race_config(index: int) -> RaceConfig:
    """A 1-lap race; the modules vary with ``index``."""
    return RaceConfig(
        default_seats(4, legends=index % 2),
        track=TRACKS[index % 4],
        laps=1,
        seed=index,
        garage="all" if index % 3 == 0 else None,
        draft=index % 2 == 0,
        weather=index % 2 == 1,
        tournament=index == 4,
        pro_legends=2 if index == 5 else 0,
    )


@cache
def _positions() -> tuple[str, ...]:
    """Positions of races stopped at various points, as JSON text."""
    found = []
    for index in range(6):
        race = Race(_race_config(index))
        rng = Rng(index)
        for _ in range(40 + 25 * index):
            if race.is_over:
                break
            seat = race.to_decide()[0]
            race.apply(seat, race.random_decision(seat, rng))
        found.append(json.dumps(to_position(race)))
    return tuple(found)


@cache
def _records() -> tuple[tuple[str, str], ...]:
    """(kind, JSON text) of race records and season records stopped at various points."""
    found = []
    for index in range(4):
        race = Race(_race_config(index))
        _random_play(race, index, 80)
        found.append(("race", json.dumps(to_record(race))))
    for index, year in enumerate(("1961", "1962", "1963", "custom")):
        season = Season(SeasonConfig(default_seats(3, legends=1), season=year, seed=index))
        _random_play(season, index, 150 + 100 * index)
        found.append(("season", json.dumps(season_record(season))))
    return tuple(found)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every key path inside ``value`` (not the empty one)."""
    if prefix:
        yield prefix
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _paths(inner, (*prefix, index))


NAMES = (
    "usa",
    "italia",
    "france",
    "great-britain",
    "red",
    "blue",
    "green",
    "1",
    "2",
    "3",
    "4",
    "5",
    "0",
    "heat",
    "stress",
)
"""Strings a nudge writes: real track, colour and card names, in the wrong place or not."""


def _nudged(value: Any, rng: random.Random) -> Any:
    """A value near ``value``: a number off by a little, a flipped flag, another real name, a
    list one item shorter or longer, an object one key short; an odd value for anything else."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + rng.choice((-2, -1, 1, 2))
    if isinstance(value, str):
        return rng.choice(NAMES)
    if isinstance(value, list) and value:
        changed = list(value)
        if rng.random() < 0.5:
            del changed[rng.randrange(len(changed))]
        else:
            changed.insert(rng.randrange(len(changed) + 1), rng.choice(changed))
        return changed
    if isinstance(value, dict) and value:
        return {key: inner for key, inner in value.items() if key != rng.choice(list(value))}
    return rng.choice(ODD_VALUES)


def mutate(data: Any, rng: random.Random, mutations: int) -> list[tuple[Any, ...]]:
    """Replace the values at ``mutations`` random paths of ``data`` (in place), half of them by a
    nudge and half by an odd value; the paths. A record's decisions are most of its paths: a
    path inside them is drawn only a third of the time, so that the config is mutated too."""
    changed = []
    for _ in range(mutations):
        paths = list(_paths(data))
        outside = [path for path in paths if path[0] != "decisions" or len(path) == 1]
        path = rng.choice(outside if outside and rng.random() < 2 / 3 else paths)
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        value = _nudged(parent[path[-1]], rng) if rng.random() < 0.5 else rng.choice(ODD_VALUES)
        parent[path[-1]] = json.loads(json.dumps(value))
        changed.append(path)
    return changed


def _check_position(text: str, rng: random.Random, trial: int) -> bool:
    """Mutate and load one position; True if it loaded."""
    data = json.loads(text)
    changed = mutate(data, rng, rng.choice((1, 1, 2)))
    try:
        race = from_position(data)
    except HeatError as error:
        assert str(error), f"an empty refusal for {changed}"
        return False
    except Exception as error:  # pragma: no cover - the failure itself
        raise AssertionError(f"position with {changed} changed: {error!r}") from error
    written = to_position(race)
    assert to_position(from_position(written)) == written, f"position with {changed} does not write back"
    _random_play(race, trial)
    return True


def _check_record(kind: str, text: str, rng: random.Random, trial: int) -> bool:
    """Mutate and replay one record; True if it replayed."""
    data = json.loads(text)
    changed = mutate(data, rng, 1)
    try:
        game: Race | Season = replay(data) if kind == "race" else replay_season(data)
    except HeatError as error:
        assert str(error), f"an empty refusal for {changed}"
        return False
    except Exception as error:  # pragma: no cover - the failure itself
        raise AssertionError(f"{kind} record with {changed} changed: {error!r}") from error
    if isinstance(game, Race):
        assert to_record(replay(to_record(game))) == to_record(game)
    else:
        assert season_record(replay_season(season_record(game))) == season_record(game)
    _random_play(game, trial)
    return True


def fuzz(seed: int, positions: int, records: int) -> tuple[int, int]:
    """``positions`` mutated positions and ``records`` mutated records; how many of each loaded."""
    rng = random.Random(seed)
    loaded_positions = sum(_check_position(rng.choice(_positions()), rng, t) for t in range(positions))
    loaded_records = 0
    for trial in range(records):
        kind, text = rng.choice(_records())
        loaded_records += _check_record(kind, text, rng, trial)
    return loaded_positions, loaded_records


@pytest.mark.parametrize("seed", range(4))
def test_mutated_files_are_refused_in_words_or_load_and_play(seed: int) -> None:
    loaded_positions, loaded_records = fuzz(seed, positions=300, records=100)
    # Both outcomes occur: the fuzzing reaches the checks and the games behind them.
    assert 0 < loaded_positions < 300
    assert 0 < loaded_records < 100


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 120))
def test_many_mutated_files_are_refused_in_words_or_load_and_play(seed: int) -> None:
    loaded_positions, loaded_records = fuzz(seed, positions=2000, records=500)
    assert 0 < loaded_positions < 2000
    assert 0 < loaded_records < 500


def test_a_car_off_the_track_read_without_a_lane_writes_back() -> None:
    """Found by the fuzzing: a finished car given no lane was written back with lane 0, which
    the reader refuses (lanes are 1 or 2)."""
    for text in _positions():
        data = json.loads(text)
        off = [car for car in data["cars"] if not car["on_track"]]
        if off:
            off[0]["lane"] = None
            written = to_position(from_position(data))
            assert written == to_position(from_position(written))
            assert written["cars"][data["cars"].index(off[0])]["lane"] is None
            return
    pytest.fail("no position with a car off the track")
