"""Save, load and replay: a race is its start plus its decisions."""

from __future__ import annotations

import json

import pytest

from heat.bots import RandomBot, play_out
from heat.engine import (
    RULES_VERSION,
    PositionError,
    Race,
    RaceConfig,
    default_seats,
    from_position,
    replay,
    to_position,
    to_record,
)
from heat.storage import load_race, save_race


def finished_race(seed: int = 2) -> Race:
    race = Race(RaceConfig(default_seats(3), track="italia", laps=1, seed=seed))
    play_out(race, {seat: RandomBot(seat) for seat in range(3)})
    return race


def test_save_and_load_give_the_identical_race(tmp_path):
    race = finished_race()
    save_race(race, tmp_path / "race.json")
    loaded = load_race(tmp_path / "race.json")
    assert to_position(loaded) == to_position(race)
    assert loaded.events() == race.events()


def test_a_race_saved_midway_resumes_where_it_stopped(tmp_path):
    race = Race(RaceConfig(default_seats(2), seed=5))
    play_out(race, {0: RandomBot(1), 1: RandomBot(2)}, stop=lambda r: r.round == 4)
    save_race(race, tmp_path / "mid.json")
    loaded = load_race(tmp_path / "mid.json")
    assert to_position(loaded) == to_position(race)
    assert loaded.to_decide() == race.to_decide()


def test_the_record_carries_the_rules_version_and_text_decisions():
    record = to_record(finished_race())
    assert record["rules_version"] == RULES_VERSION
    assert all(isinstance(entry["decision"], str) for entry in record["decisions"])
    json.dumps(record)  # plain JSON


def test_a_record_from_a_position_replays():
    start = Race(RaceConfig(default_seats(2), seed=8))
    play_out(start, {0: RandomBot(1), 1: RandomBot(2)}, stop=lambda r: r.round == 3)
    race = from_position(to_position(start))
    play_out(race, {0: RandomBot(3), 1: RandomBot(4)})
    again = replay(to_record(race))
    assert to_position(again) == to_position(race)


def test_a_wrong_rules_version_is_refused():
    record = to_record(finished_race())
    record["rules_version"] = "0"
    with pytest.raises(PositionError, match="rules version"):
        replay(record)


def test_a_record_with_an_illegal_decision_names_it():
    record = to_record(finished_race())
    record["decisions"][3]["decision"] = "gear 4 play heat heat heat heat"
    with pytest.raises(PositionError, match=r"decisions\[3\]"):
        replay(record)


@pytest.mark.parametrize("content", ["{not json", "[]", '{"format": "heat-record"}'])
def test_a_corrupt_save_is_a_clear_error(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(PositionError, match=r"bad\.json"):
        load_race(path)


def test_saving_never_leaves_a_half_written_file(tmp_path):
    race = finished_race()
    path = tmp_path / "race.json"
    save_race(race, path)
    assert [p.name for p in tmp_path.iterdir()] == ["race.json"]


@pytest.mark.parametrize("entry", [[], {}, 7, "no-such-token"])
def test_W_6_a_malformed_road_conditions_token_is_named(entry):
    """W-6: a position names one Road Conditions token (or null) per corner; anything else is named."""
    position = to_position(Race(RaceConfig(default_seats(2), track="usa", seed=3, weather=True)))
    position["weather"]["road"][0] = entry
    with pytest.raises(PositionError, match=r"weather\.road\[0\]"):
        from_position(position)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("round", -3, "round: must be between 1 and 1000, got -3"),  # every count has its bound since issue 28
        ("stress_reserve", -4, "stress_reserve: must be between 0 and 999, got -4"),
    ],
)
def test_a_number_below_its_least_value_says_the_least_value(field, value, message):
    """An unbounded field said 'must be between 0 and None'."""
    position = to_position(Race(RaceConfig(default_seats(2), track="usa", seed=3)))
    position[field] = value
    with pytest.raises(PositionError) as error:
        from_position(position)
    assert str(error.value) == message
