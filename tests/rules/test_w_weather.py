"""Rule scenarios: the Weather & Road Conditions module (W-1 to W-28) and the rulings OQ-W-1 to
OQ-W-9 of the rules digest.

USA geometry used throughout: Corner Lines after spaces 12 (limit 7), 33 (3), 49 (3), 57 (2); the
race-line spot is lane 2 on spaces 13-57 and lane 1 elsewhere. A sector token drawn for corner k
covers the spaces after its line up to the next line (OQ-W-3): corner 1 -> 13..33, corner 2 ->
34..49, corner 3 -> 50..57, corner 4 -> 58..69 and 1..12 (wrapping past the finish line).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from heat.engine import (
    ConfigError,
    Race,
    RaceConfig,
    SeatConfig,
    content,
    default_seats,
    to_position,
    view_of,
)
from heat.engine.events import (
    Boosted,
    ConditionsDrawn,
    CooledDown,
    CornerChecked,
    HeatPaid,
    Moved,
    Slipstreamed,
    SpunOut,
    UpgradeDrafted,
)
from heat.engine.rng import Rng
from scenario import car, corner_checks, of_type, options, play, position, race_from, refused, state

RED, BLUE, GREEN, YELLOW = range(4)

USA_LINES = (12, 33, 49, 57)
USA_LIMITS = (7, 3, 3, 2)
BOX_STRESS = 37
WEATHER_IDS = ("cloud", "fog", "storm", "snow", "rain", "sun")
ROAD_IDS = ("limit-plus", "limit-minus", "overheat", "heat-control", "slipstream-plus", "weather")


# ---------------------------------------------------------------------------------- helpers


def conditions(token: str | None = None, **road: str) -> dict[str, Any]:
    """The ``weather`` field of a USA position: the Weather token and the Road Conditions tokens
    by corner number, e.g. ``conditions("fog", c1="weather")``."""
    tokens: list[str | None] = [None] * len(USA_LINES)
    for key, token_id in road.items():
        tokens[int(key[1:]) - 1] = token_id
    return {"token": token, "road": tokens}


def at_step(step: str, cars: list[dict[str, Any]], weather: dict[str, Any], laps: int = 1, **turn: Any) -> Race:
    """Red (seat 0) is the active car at ``step`` ("react" or "slipstream"); every other car has
    already had its turn this round. ``turn`` sets the turn fields (start_space, speed, ...)."""
    order = [*range(1, len(cars)), RED]
    turn.setdefault("start_space", cars[RED]["space"])
    turn.setdefault("start_lap", cars[RED].get("lap", 1))
    data = position(
        cars, phase="turn", step=step, order=order, turn_index=len(cars) - 1, turn=turn, weather=weather, laps=laps
    )
    return race_from(data)


def before_red_moves(red: dict[str, Any], others: list[dict[str, Any]], weather: dict[str, Any]) -> Race:
    """``others`` have had their turn; the last of them stands at its Discard step holding a
    '1'; red moves next with its ``play`` cards face down. ``play(race, 'discard nothing')`` then
    runs red's Reveal & Move. Nobody has Adrenaline."""
    others[-1]["hand"] = others[-1]["hand"] or ["1"]
    cars = [red, *others]
    order = [*range(1, len(cars)), RED]
    data = position(
        cars, phase="turn", step="discard", order=order, turn_index=len(cars) - 2, weather=weather, adrenaline_seats=[]
    )
    return race_from(data)


def planned(red: dict[str, Any], weather: dict[str, Any], **fields: Any) -> Race:
    """A one-car race in the plan phase with these conditions."""
    return race_from(position([red], weather=weather, **fields))


def new_race(players: int = 2, **config: Any) -> Race:
    config.setdefault("seed", 1)
    return Race(RaceConfig(seats=default_seats(players), **config))


def cards_of(entry: dict[str, Any]) -> Counter[str]:
    """Hand and draw deck of a car: the cards shuffled into its deck before the first draw."""
    return Counter(entry["hand"] + entry["deck"])


def slipstream_options(red_space: int, weather: dict[str, Any], lap: int = 1) -> set[str]:
    """The step-6 options of red on ``red_space`` with blue beside it (OQ-B-1), 2 laps."""
    cars = [car(space=red_space, lap=lap, lane=2), car(space=red_space, lap=lap, lane=1)]
    return options(at_step("slipstream", cars, weather, laps=2, speed=0))


# ------------------------------------------------------------------ W-1, W-2, OQ-W-2 data


def test_W_1_six_weather_tokens_and_twelve_road_conditions_tokens():
    weather, road = content.weather_tokens()
    assert tuple(token.id for token in weather) == WEATHER_IDS
    assert len(weather) == 6
    assert sum(token.copies for token in road) == 12
    assert {token.id: token.copies for token in road} == dict.fromkeys(ROAD_IDS, 2)


def test_OQ_W_2_weather_token_faces_follow_game_data_section_7():
    weather, road = content.weather_tokens()
    faces = {
        t.id: (
            (t.stress, t.heat, t.heat_to_deck, t.heat_to_discard),
            (t.no_cooling, t.no_slipstream, t.slipstream_boost, t.cooling_bonus),
        )
        for t in weather
    }
    assert faces == {
        "cloud": ((-1, 0, 0, 0), (True, False, 0, 0)),  # -1 Stress / No cooling
        "fog": ((0, 1, 0, 0), (False, True, 0, 0)),  # +1 Heat / No slipstream
        "storm": ((1, 0, 0, 0), (False, False, 2, 0)),  # +1 Stress / Slipstream +2
        "snow": ((0, -1, 0, 0), (False, False, 0, 1)),  # -1 Heat / Cooling bonus
        "rain": ((0, 0, 3, 0), (False, False, 0, 1)),  # 3 Heat to deck / Cooling bonus
        "sun": ((0, 0, 0, 3), (False, False, 2, 0)),  # 3 Heat to discard / Slipstream +2
    }
    kinds = {t.id: (t.is_sector, t.limit, t.overheat, t.free_boost, t.slipstream_boost, t.weather) for t in road}
    assert kinds == {
        "limit-plus": (False, 1, 0, False, 0, False),
        "limit-minus": (False, -1, 0, False, 0, False),
        "overheat": (False, 0, 1, False, 0, False),
        "heat-control": (True, 0, 0, True, 0, False),
        "slipstream-plus": (True, 0, 0, False, 1, False),
        "weather": (True, 0, 0, False, 0, True),
    }


@pytest.mark.parametrize("track", content.track_ids())
def test_W_2_any_track_can_take_weather_and_road_conditions(track):
    race = Race(RaceConfig(seats=default_seats(2), track=track, seed=4, weather=True))
    corners = content.track(track).corners
    (drawn,) = of_type(race.events(), ConditionsDrawn)
    assert drawn.weather in WEATHER_IDS
    assert len(drawn.road) == len(corners)
    view = view_of(race, RED)
    assert view.weather == drawn.weather
    assert [c.road or c.sector_road for c in view.corners] == list(drawn.road)
    # Fixed tokens work on every track too: all corners at Speed Limit +1.
    fixed = Race(
        RaceConfig(
            seats=default_seats(2),
            track=track,
            weather=True,
            weather_token="sun",
            road_tokens=("limit-plus",) * len(corners),
        )
    )
    assert [c.speed_limit for c in view_of(fixed, None).corners] == [c.speed_limit + 1 for c in corners]


# ------------------------------------------------------------------ W-3 to W-7 preparation


def test_W_3_conditions_are_prepared_before_drafting_upgrades():
    race = new_race(2, garage="regular", weather=True, weather_token="fog")
    assert race.phase == "draft"
    view = view_of(race, RED)
    assert view.weather == "fog"  # known while the players build their cars
    assert len(view.corners) == 4 and all(c.road or c.sector_road for c in view.corners)
    while race.phase == "draft":
        (seat,) = race.to_decide()
        race.apply(seat, race.legal_decisions(seat)[0])
    events = race.events()
    drawn = [i for i, e in enumerate(events) if isinstance(e, ConditionsDrawn)]
    drafted = [i for i, e in enumerate(events) if isinstance(e, UpgradeDrafted)]
    assert len(drawn) == 1 and len(drafted) == 6
    assert drawn[0] < drafted[0]
    # The cars built after the draft carry the Fog setup: 6 + 1 Heat in the Engine (W-21).
    assert [entry["engine"] for entry in to_position(race)["cars"]] == [7, 7]


def test_W_4_one_weather_token_drawn_at_random_for_the_whole_race():
    drawn = {seed: new_race(2, seed=seed, weather=True).conditions.weather.id for seed in range(40)}
    assert set(drawn.values()) == set(WEATHER_IDS)  # each of the 6 tokens can come up
    for seed in (0, 7, 21):  # seeded: the same seed draws the same token
        assert new_race(2, seed=seed, weather=True).conditions.weather.id == drawn[seed]
    race = new_race(2, seed=5, weather=True)
    (event,) = of_type(race.events(), ConditionsDrawn)
    assert event.weather == drawn[5] == to_position(race)["weather"]["token"] == view_of(race, BLUE).weather
    rng = Rng(3)
    for _ in range(40):  # the token stays on the Billboard round after round
        if race.is_over:
            break
        for seat in race.to_decide():
            race.apply(seat, race.random_decision(seat, rng))
        assert view_of(race, None).weather == drawn[5]
    assert len(of_type(race.events(), ConditionsDrawn)) == 1


def test_W_4_without_the_module_there_is_no_weather():
    race = new_race(2)
    assert view_of(race, RED).weather is None
    assert all(c.road is None and c.sector_road is None for c in view_of(race, RED).corners)
    assert "weather" not in to_position(race)
    assert not of_type(race.events(), ConditionsDrawn)


def test_W_5_every_player_adjusts_heat_and_stress_for_the_weather():
    seats = (*default_seats(3), SeatConfig("Gray", "gray", legend=True))
    race = Race(RaceConfig(seats=seats, seed=2, weather=True, weather_token="storm"))
    cars = to_position(race)["cars"]
    for entry in cars[:3]:
        assert cards_of(entry)["stress"] == 4  # USA: 3 Stress, +1 for the Heavy rain token
        assert entry["engine"] == 6
    assert cards_of(cars[3]) == Counter()  # a Legend has no cards to adjust (L-14)
    assert race.stress_reserve == BOX_STRESS - 3 * 4


def test_W_6_road_tokens_one_per_corner_from_a_pile_of_twelve():
    seen: Counter[str] = Counter()
    for seed in range(30):
        for track, corners in (("usa", 4), ("great-britain", 5)):
            race = Race(RaceConfig(seats=default_seats(2), track=track, seed=seed, weather=True))
            road = to_position(race)["weather"]["road"]
            assert len(road) == corners  # as many as the track has corners
            assert all(token in ROAD_IDS for token in road)
            assert max(Counter(road).values()) <= 2  # only 2 of each kind in the pile
            seen.update(road)
    assert set(seen) == set(ROAD_IDS)
    # Different seeds draw different sets; the same seed draws the same tokens.
    roads = {tuple(to_position(new_race(2, seed=s, weather=True))["weather"]["road"]) for s in range(10)}
    assert len(roads) > 1
    assert (
        to_position(new_race(2, seed=3, weather=True))["weather"]
        == to_position(new_race(2, seed=3, weather=True))["weather"]
    )


def test_W_7_one_token_revealed_per_corner_in_racing_order():
    road = ("overheat", "heat-control", "limit-minus", "weather")
    race = new_race(2, weather=True, weather_token="snow", road_tokens=road)
    (event,) = of_type(race.events(), ConditionsDrawn)
    assert (event.weather, event.road) == ("snow", road)
    corners = view_of(race, RED).corners
    assert [(c.number, c.line_after) for c in corners] == [(1, 12), (2, 33), (3, 49), (4, 57)]
    assert [(c.road, c.sector_road) for c in corners] == [
        ("overheat", None),
        (None, "heat-control"),
        ("limit-minus", None),
        (None, "weather"),
    ]
    assert [(c.printed_limit, c.speed_limit) for c in corners] == [(7, 7), (3, 3), (3, 2), (2, 2)]
    assert to_position(race)["weather"] == {"token": "snow", "road": list(road)}


# ------------------------------------------------------------------ W-8 to W-11, OQ-W-1, OQ-W-3


@pytest.mark.parametrize(("space", "free"), [(12, False), (13, True), (20, True), (33, True), (34, False)])
def test_W_8_sector_token_covers_the_spaces_up_to_the_next_corner(space, free):
    # Heat control drawn for corner 1 changes spaces 13..33 only.
    race = at_step("react", [car(space=space, engine=3, deck=["2"])], conditions(c1="heat-control"))
    events = play(race, "boost")
    assert [e.value for e in of_type(events, Boosted)] == [2]
    assert state(race)["engine"] == (3 if free else 2)
    assert [e.amount for e in of_type(events, HeatPaid) if e.reason == "boost"] == ([] if free else [1])


def test_W_8_sector_token_does_not_change_its_corner():
    race = new_race(
        2, weather=True, weather_token="sun", road_tokens=("heat-control", "slipstream-plus", "weather", "heat-control")
    )
    corners = view_of(race, RED).corners
    assert [c.speed_limit for c in corners] == list(USA_LIMITS)
    assert [c.road for c in corners] == [None] * 4
    assert [c.sector_road for c in corners] == ["heat-control", "slipstream-plus", "weather", "heat-control"]


def test_W_9_corner_token_modifies_only_its_corner():
    road = ("limit-plus", "limit-minus", "overheat", "limit-plus")
    race = new_race(2, weather=True, weather_token="sun", road_tokens=road)
    for seat in (RED, BLUE, None):  # public information
        corners = view_of(race, seat).corners
        assert [c.speed_limit for c in corners] == [8, 2, 3, 3]
        assert [c.road for c in corners] == list(road)
        assert [c.sector_road for c in corners] == [None] * 4
    # A corner token has no effect on the sector after it: boosting on space 20 costs Heat.
    race = at_step(
        "react",
        [car(space=20, engine=3, deck=["2"])],
        conditions("sun", c1="limit-plus", c2="limit-minus", c3="overheat"),
    )
    play(race, "boost")
    assert state(race)["engine"] == 2


def test_W_10_road_conditions_last_the_whole_race():
    road = ("limit-minus", "limit-plus", "overheat", "limit-minus")
    race = Race(
        RaceConfig(seats=default_seats(3), laps=2, seed=9, weather=True, weather_token="cloud", road_tokens=road)
    )
    rng = Rng(11)
    checks = []
    while not race.is_over:
        for seat in race.to_decide():
            race.apply(seat, race.random_decision(seat, rng))
        assert [c.speed_limit for c in view_of(race, None).corners] == [6, 4, 3, 1]
    for e in of_type(race.events(), CornerChecked):
        checks.append((e.corner, e.limit))
    # Every corner check of the race, on both laps, used the modified limit.
    assert checks
    assert all(limit == {1: 6, 2: 4, 3: 3, 4: 1}[corner] for corner, limit in checks)
    assert to_position(race)["weather"]["road"] == list(road)


def test_W_11_mandatory_tokens_apply_without_a_decision():
    # Speed Limit -1 on corner 2: a Speed 3 crossing pays 1 Heat though the printed limit is 3.
    race = planned(car(space=32, hand=["1", "2"], engine=4), conditions(c2="limit-minus"))
    events = play(race, "red: gear 2 play 1 2", "done")
    assert corner_checks(events) == [(2, 3, 2, 1)]


def test_W_11_optional_tokens_are_applied_when_the_player_chooses():
    # Slipstream boost is optional: the player may still slipstream the usual 2 spaces.
    race = at_step("slipstream", [car(space=20), car(space=21)], conditions(c1="slipstream-plus"), speed=0)
    play(race, "slipstream")
    assert state(race)["space"] == 22


def test_OQ_W_1_optional_tokens_can_be_declined():
    # Slipstream boost: 2 spaces, 3 spaces, or none.
    race = at_step("slipstream", [car(space=20), car(space=21)], conditions(c1="slipstream-plus"), speed=0)
    assert options(race) == {"slipstream", "slipstream 3", "no slipstream"}
    # Heat control: the free Boost may be left unused.
    race = at_step("react", [car(space=20, engine=2, deck=["3"])], conditions(c1="heat-control"))
    assert options(race) == {"boost", "done"}
    play(race, "done")
    assert state(race)["space"] == 20
    # Cooling Bonus: the player may end React with the Heat card still in hand.
    race = at_step("react", [car(space=20, gear=3, engine=0, hand=["heat"])], conditions("snow", c1="weather"))
    assert options(race) == {"cooldown 1 from weather", "done"}
    play(race, "done")
    assert state(race)["hand"] == ["heat"]


def test_OQ_W_1_mandatory_tokens_leave_no_choice():
    # No slipstream and No cooling are not offered to decline: the options simply disappear.
    race = at_step("react", [car(space=20, gear=1, engine=1, hand=["heat"])], conditions("cloud", c1="weather"))
    assert options(race) == {"boost", "done"}  # no Cooldown to decline
    race = before_red_moves(car(space=15, play=["3", "2"], gear=2), [car(space=21)], conditions("fog", c1="weather"))
    play(race, "discard nothing", "done")
    assert state(race)["space"] == 20
    assert race.phase == "plan"  # no Slipstream step to decline: the round is over


@pytest.mark.parametrize(
    ("corner", "inside", "outside"),
    [
        ("c1", (13, 33), (12, 34)),
        ("c2", (34, 49), (33, 50)),
        ("c3", (50, 57), (49, 58)),
        ("c4", (58, 69, 1, 12), (57, 13)),  # the last sector wraps past the finish line
    ],
)
def test_OQ_W_3_sector_runs_from_after_its_corner_line_to_the_next_line(corner, inside, outside):
    weather = conditions(**{corner: "slipstream-plus"})
    for space in inside:
        assert "slipstream 3" in slipstream_options(space, weather), space
    for space in outside:
        assert slipstream_options(space, weather) == {"slipstream", "no slipstream"}, space


def test_OQ_W_3_last_sector_boost_carries_the_car_over_the_finish_line():
    weather = conditions(c4="slipstream-plus")
    race = at_step("slipstream", [car(space=68, lane=1), car(space=68, lane=2)], weather, laps=2, speed=0)
    events = play(race, "slipstream 3")
    (move,) = of_type(events, Moved)
    assert (move.from_space, move.from_lap, move.to_space, move.to_lap) == (68, 1, 2, 2)


# ------------------------------------------------------------------ W-12 to W-14, OQ-W-8 corners


@pytest.mark.parametrize(
    ("token", "cards", "limit", "heat"),
    [
        (None, ("2", "3"), 3, 2),  # printed limit 3, Speed 5
        ("limit-plus", ("2", "3"), 4, 1),
        ("limit-plus", ("1", "3"), 4, 0),  # Speed 4 = the raised limit: no Heat
    ],
)
def test_W_12_speed_limit_plus_one(token, cards, limit, heat):
    race = planned(car(space=32, hand=list(cards), engine=5), conditions(c2=token) if token else conditions())
    events = play(race, f"red: gear 2 play {' '.join(cards)}", "done")
    speed = sum(int(c) for c in cards)
    assert corner_checks(events) == [(2, speed, limit, heat)]
    assert state(race)["engine"] == 5 - heat


@pytest.mark.parametrize(("cards", "heat"), [(("1", "2"), 1), (("1", "1"), 0)])
def test_W_13_speed_limit_minus_one(cards, heat):
    race = planned(car(space=32, hand=list(cards), engine=5), conditions(c2="limit-minus"))
    events = play(race, f"red: gear 2 play {' '.join(cards)}", "done")
    assert corner_checks(events) == [(2, sum(int(c) for c in cards), 2, heat)]
    assert state(race)["engine"] == 5 - heat
    assert view_of(race, RED).corners[1].speed_limit == 2


@pytest.mark.parametrize(
    ("cards", "heat"),
    [
        (("2", "3"), 3),  # 2 over the limit + 1 for Overheat
        (("1", "3"), 2),  # 1 over + 1
        (("1", "2"), 0),  # at the limit: no Overheat
    ],
)
def test_W_14_overheat_adds_one_heat_when_over_the_limit(cards, heat):
    race = planned(car(space=32, hand=list(cards), engine=5), conditions(c2="overheat"))
    events = play(race, f"red: gear 2 play {' '.join(cards)}", "done")
    assert corner_checks(events) == [(2, sum(int(c) for c in cards), 3, heat)]
    assert [(e.overheat, e.spin_out) for e in of_type(events, CornerChecked)] == [(1 if heat else 0, False)]
    assert state(race)["engine"] == 5 - heat
    assert sum(e.amount for e in of_type(events, HeatPaid) if e.reason == "corner 2") == heat


def test_W_14_overheat_only_on_its_own_corner():
    # Overheat on corner 2; crossing corner 1 (limit 7) at Speed 8 costs the usual 1 Heat.
    race = planned(car(space=8, hand=["4", "4"], engine=5), conditions(c2="overheat"))
    events = play(race, "red: gear 2 play 4 4", "done")
    assert corner_checks(events) == [(1, 8, 7, 1)]


@pytest.mark.parametrize(("token", "spun"), [(None, False), ("overheat", True)])
def test_OQ_W_8_overheat_counts_when_deciding_a_spin_out(token, spun):
    # Speed 5 at corner 2 (limit 3): 2 Heat, or 3 with Overheat; the Engine holds only 2.
    race = planned(car(space=32, hand=["2", "3"], engine=2), conditions(c2=token) if token else conditions())
    events = play(race, "red: gear 2 play 2 3", "done")
    red = state(race)
    if spun:
        (spin,) = of_type(events, SpunOut)
        assert (spin.corner, spin.to_space) == (2, 33)
        assert red["engine"] == 0 and red["gear"] == 1
        assert red["space"] == 33
    else:
        assert not of_type(events, SpunOut)
        assert red["engine"] == 0 and red["space"] == 37


# ------------------------------------------------------------------ W-15, W-16, OQ-W-9 sectors


def test_W_15_slipstream_boost_adds_one_space():
    race = at_step("slipstream", [car(space=20), car(space=21)], conditions(c1="slipstream-plus"), speed=0)
    assert options(race) == {"slipstream", "slipstream 3", "no slipstream"}
    events = play(race, "slipstream 3")
    assert len(of_type(events, Slipstreamed)) == 1
    assert state(race)["space"] == 23


def test_W_15_slipstream_4_refused_where_only_3_is_allowed():
    race = at_step("slipstream", [car(space=20), car(space=21)], conditions(c1="slipstream-plus"), speed=0)
    message = refused(race, "slipstream 4")
    assert "2, 3" in message and "not 4" in message


def test_W_15_car_must_be_in_the_sector_before_it_slipstreams():
    # Red on 11 (sector of corner 4, no token) would slipstream into the boosted sector 13..33.
    race = at_step("slipstream", [car(space=11), car(space=12)], conditions(c1="slipstream-plus"), speed=0)
    assert options(race) == {"slipstream", "no slipstream"}
    refused(race, "slipstream 3")


def test_W_16_heat_control_boost_costs_no_heat():
    race = at_step("react", [car(space=20, engine=3, deck=["4", "2"])], conditions(c1="heat-control"))
    events = play(race, "boost")
    assert [e.value for e in of_type(events, Boosted)] == [4]
    assert not [e for e in of_type(events, HeatPaid) if e.amount]
    assert [(e.reason, e.to_space) for e in of_type(events, Moved)] == [("boost", 24)]
    red = state(race)
    assert (red["space"], red["engine"]) == (24, 3)


def test_W_16_heat_control_still_one_boost_per_turn():
    red = car(space=20, engine=3, hand=["heat"], deck=["4", "2"])
    race = at_step("react", [red], conditions(c1="heat-control"))
    play(race, "boost")
    assert options(race) == {"cooldown 1", "done"}
    message = refused(race, "boost")
    assert "once per turn" in message


def test_W_16_heat_control_outside_its_sector_boost_pays_heat():
    race = at_step("react", [car(space=20, engine=3, deck=["4"])], conditions(c2="heat-control"))
    events = play(race, "boost")
    assert [(e.amount, e.reason) for e in of_type(events, HeatPaid)] == [(1, "boost")]
    assert state(race)["engine"] == 2


def test_OQ_W_9_heat_control_boost_allowed_with_an_empty_engine():
    race = at_step("react", [car(space=20, engine=0, deck=["3"])], conditions(c1="heat-control"))
    assert "boost" in options(race)
    play(race, "boost")
    red = state(race)
    assert (red["space"], red["engine"]) == (23, 0)


def test_OQ_W_9_empty_engine_still_cannot_boost_outside_heat_control():
    race = at_step("react", [car(space=40, engine=0, hand=["heat"], deck=["3"])], conditions(c1="heat-control"))
    assert "boost" not in options(race)
    assert "Engine holds no Heat" in refused(race, "boost")


# ------------------------------------------------------------------ W-17, W-18 Weather sectors


def test_W_17_weather_effect_applies_in_the_weather_sector():
    # Cloudy: No cooling in sector 13..33 (Weather token on corner 1), cooling elsewhere.
    weather = conditions("cloud", c1="weather")
    inside = at_step("react", [car(space=20, engine=1, hand=["heat"], deck=["1"])], weather)
    assert options(inside) == {"boost", "done"}
    outside = at_step("react", [car(space=40, engine=1, hand=["heat"], deck=["1"])], weather)
    assert options(outside) == {"boost", "cooldown 1", "done"}


def test_W_18_weather_effect_needs_a_weather_road_token():
    # Cloudy without a Weather road token: cooling is allowed everywhere...
    weather = conditions("cloud", c1="limit-plus", c2="heat-control", c3="slipstream-plus", c4="overheat")
    for space in (5, 20, 40, 55, 60):
        race = at_step("react", [car(space=space, engine=0, hand=["heat"], deck=["1"])], weather)
        assert "cooldown 1" in options(race), space
    # ... yet the car setup still changed before the race: 2 Stress instead of 3.
    race = new_race(
        2,
        weather=True,
        weather_token="cloud",
        road_tokens=("limit-plus", "heat-control", "slipstream-plus", "overheat"),
    )
    assert all(cards_of(entry)["stress"] == 2 for entry in to_position(race)["cars"])


# ------------------------------------------------------------------ W-19 to W-24, OQ-W-4 setup


def _setup(token: str | None, **config: Any) -> list[dict[str, Any]]:
    return to_position(new_race(3, seed=6, weather=token is not None, weather_token=token, **config))["cars"]


def test_W_19_plus_one_stress_shuffled_into_the_deck():
    base, storm = _setup(None), _setup("storm")
    for before, after in zip(base, storm, strict=True):
        assert cards_of(after)["stress"] == cards_of(before)["stress"] + 1 == 4
        assert sum(cards_of(after).values()) == sum(cards_of(before).values()) + 1
        assert after["engine"] == before["engine"] == 6


def test_W_20_minus_one_stress_removed_from_the_deck():
    base, cloud = _setup(None), _setup("cloud")
    for before, after in zip(base, cloud, strict=True):
        assert cards_of(after)["stress"] == cards_of(before)["stress"] - 1 == 2
        assert cards_of(after) - Counter({"stress": 2}) == cards_of(before) - Counter({"stress": 3})


def test_W_21_plus_one_heat_in_the_engine():
    base, fog = _setup(None), _setup("fog")
    for before, after in zip(base, fog, strict=True):
        assert after["engine"] == before["engine"] + 1 == 7
        assert cards_of(after) == cards_of(before)


def test_W_22_minus_one_heat_from_the_engine():
    base, snow = _setup(None), _setup("snow")
    for before, after in zip(base, snow, strict=True):
        assert after["engine"] == before["engine"] - 1 == 5
        assert cards_of(after) == cards_of(before)


def test_W_23_three_heat_shuffled_into_the_draw_deck():
    base, rain = _setup(None), _setup("rain")
    for before, after in zip(base, rain, strict=True):
        assert cards_of(after) == cards_of(before) + Counter({"heat": 3})
        assert after["engine"] == 3  # OQ-W-4: out of the Engine allotment
        assert after["discard"] == []
    # Shuffled in: the Heat cards are spread, not stacked on top or bottom for every seed.
    spots = set()
    for seed in range(8):
        entry = to_position(new_race(1, seed=seed, weather=True, weather_token="rain"))["cars"][0]
        cards = entry["hand"] + entry["deck"]
        spots.update(i for i, card in enumerate(cards) if card == "heat")
    assert len(spots) > 6


def test_W_24_three_heat_placed_in_the_discard_pile():
    base, sun = _setup(None), _setup("sun")
    for before, after in zip(base, sun, strict=True):
        assert after["discard"] == ["heat", "heat", "heat"]
        assert cards_of(after) == cards_of(before)
        assert after["engine"] == 3  # OQ-W-4: out of the Engine allotment


def test_OQ_W_4_removed_stress_goes_back_to_the_reserve():
    players = 3
    assert new_race(players, weather=True, weather_token="cloud").stress_reserve == BOX_STRESS - players * 2
    assert new_race(players, weather=True, weather_token="storm").stress_reserve == BOX_STRESS - players * 4
    assert new_race(players).stress_reserve == BOX_STRESS - players * 3


@pytest.mark.parametrize(("token", "engine", "deck_heat", "discard_heat"), [("rain", 3, 3, 0), ("sun", 3, 0, 3)])
def test_OQ_W_4_rain_and_sun_heat_comes_out_of_the_engine_allotment(token, engine, deck_heat, discard_heat):
    entry = _setup(token)[0]
    base = _setup(None)[0]
    assert entry["engine"] == engine
    assert cards_of(entry)["heat"] - cards_of(base)["heat"] == deck_heat
    assert entry["discard"].count("heat") == discard_heat
    # In all, the car still owns the same 6 Heat cards of the track's allotment.
    assert entry["engine"] + deck_heat + discard_heat == base["engine"] == 6


def test_OQ_W_4_handicap_then_weather():
    # Handicap 2 leaves 4 Heat; Rain then moves 3 of them into the draw deck.
    seats = (SeatConfig("Red", "red", handicap=2), SeatConfig("Blue", "blue"))
    race = Race(RaceConfig(seats=seats, seed=1, weather=True, weather_token="rain"))
    red, blue = to_position(race)["cars"]
    assert (red["engine"], blue["engine"]) == (1, 3)
    assert cards_of(red)["heat"] == cards_of(blue)["heat"]


# ------------------------------------------------------------------ W-25 to W-28 weather effects


@pytest.mark.parametrize("token", ["storm", "sun"])
def test_W_25_weather_slipstream_boost_adds_two_spaces(token):
    weather = conditions(token, c1="weather")
    race = at_step("slipstream", [car(space=20), car(space=21)], weather, speed=0)
    assert options(race) == {"slipstream", "slipstream 3", "slipstream 4", "no slipstream"}
    play(race, "slipstream 4")
    assert state(race)["space"] == 24


def test_W_25_weather_slipstream_boost_not_from_outside_the_sector():
    weather = conditions("sun", c1="weather")
    race = at_step("slipstream", [car(space=34), car(space=35)], weather, speed=0)
    assert options(race) == {"slipstream", "no slipstream"}
    assert "not 4" in refused(race, "slipstream 4")


@pytest.mark.parametrize(("token", "slipstreams"), [("fog", False), ("sun", True)])
def test_W_26_no_slipstream_from_a_fog_sector(token, slipstreams):
    red = car(space=15, gear=2, engine=0, play=["3", "2"])  # no Boost: React is skipped
    race = before_red_moves(red, [car(space=21)], conditions(token, c1="weather"))
    play(race, "discard nothing")
    assert state(race)["space"] == 20  # red ends its move right behind blue
    if slipstreams:
        assert (race.step, race.to_decide()) == ("slipstream", (RED,))
    else:
        assert race.phase == "plan"  # no Slipstream step: the turn (and round) ended
        assert state(race)["space"] == 20


def test_W_26_fog_slipstream_refused_inside_the_sector():
    race = at_step("react", [car(space=20, engine=1, deck=["1"]), car(space=21)], conditions("fog", c1="weather"))
    play(race, "done")
    assert race.step != "slipstream"
    assert state(race)["space"] == 20


def test_W_26_may_slipstream_into_a_fog_sector():
    race = at_step("slipstream", [car(space=11), car(space=12)], conditions("fog", c1="weather"), speed=3)
    assert options(race) == {"slipstream", "no slipstream"}
    play(race, "slipstream")
    assert state(race)["space"] == 13  # inside the Fog sector 13..33


@pytest.mark.parametrize(
    "weather",
    [conditions(c1="slipstream-plus"), conditions("sun", c1="weather"), conditions("fog", c1="weather")],
    ids=["W-15 slipstream-plus", "W-25 sun", "W-26 fog"],
)
def test_W_15_W_25_W_26_react_in_a_slipstream_sector_works_as_in_the_base_game(weather):
    """A sector whose effects touch only Slipstream leaves the React step as in the base game:
    2nd gear's Cooldown 1, a Boost for 1 Heat, 'done'; nothing from the weather (W-27, W-16)."""
    race = at_step("react", [car(space=20, gear=2, engine=3, hand=["heat"], deck=["4"])], weather)
    assert options(race) == {"cooldown 1", "boost", "done"}
    assert "no unused Cooldown 1 from 'weather'" in refused(race, "cooldown 1 from weather")
    events = play(race, "boost")
    assert [(e.amount, e.reason) for e in of_type(events, HeatPaid)] == [(1, "boost")]
    assert state(race)["engine"] == 2


@pytest.mark.parametrize("token", ["snow", "rain"])
def test_W_27_cooling_bonus_gives_one_more_cooldown(token):
    # 1st gear: Cooldown 3 from the gear plus Cooldown 1 from the weather.
    weather = conditions(token, c1="weather")
    race = at_step("react", [car(space=20, gear=1, engine=0, hand=["heat"] * 4, deck=["1"])], weather)
    assert {"cooldown 3", "cooldown 1 from weather"} <= options(race)
    events = play(race, "cooldown 3", "cooldown 1 from weather")
    assert [(e.count, e.source) for e in of_type(events, CooledDown)] == [(3, "gear"), (1, "weather")]
    red = state(race)
    assert (red["engine"], red["hand"]) == (4, [])


def test_W_27_cooling_bonus_once_per_turn():
    weather = conditions("snow", c1="weather")
    race = at_step("react", [car(space=20, gear=3, engine=0, hand=["heat"] * 2, deck=["1"])], weather)
    assert "cooldown 2 from weather" not in options(race)
    refused(race, "cooldown 2 from weather")
    play(race, "cooldown 1 from weather")
    assert not any(o.startswith("cooldown") for o in options(race))
    message = refused(race, "cooldown 1 from weather")
    assert "weather" in message
    assert state(race)["hand"] == ["heat"]


def test_W_27_no_cooling_bonus_outside_the_weather_sector():
    weather = conditions("snow", c1="weather")
    race = at_step("react", [car(space=40, gear=3, engine=1, hand=["heat"], deck=["1"])], weather)
    assert options(race) == {"boost", "done"}
    refused(race, "cooldown 1 from weather")


@pytest.mark.parametrize("gear", [3, 4])
def test_OQ_W_6_cooling_bonus_is_a_cooldown_of_its_own_in_any_gear(gear):
    weather = conditions("rain", c1="weather")
    race = at_step("react", [car(space=20, gear=gear, engine=2, hand=["heat", "heat"], deck=["1"])], weather)
    cooldowns = {o for o in options(race) if o.startswith("cooldown")}
    assert cooldowns == {"cooldown 1 from weather"}  # 3rd/4th gear give no Cooldown themselves
    events = play(race, "cooldown 1 from weather")
    assert [(e.count, e.source) for e in of_type(events, CooledDown)] == [(1, "weather")]
    red = state(race)
    assert (red["engine"], red["hand"]) == (3, ["heat"])


def test_W_28_no_cooling_in_the_weather_sector():
    weather = conditions("cloud", c1="weather")
    race = at_step("react", [car(space=20, gear=1, engine=1, hand=["heat", "heat"], deck=["1"])], weather)
    assert options(race) == {"boost", "done"}
    message = refused(race, "cooldown 1")
    assert "W-28" in message and "no Cooldown" in message
    assert state(race)["hand"] == ["heat", "heat"]


def test_OQ_W_7_no_cooling_blocks_adrenaline_and_upgrade_cooldowns():
    weather = conditions("cloud", c1="weather")
    red = car(space=20, gear=2, engine=0, hand=["heat", "heat"], play=["cooling-1"], deck=["1"])
    race = at_step("react", [red], weather, adrenaline=True, speed=1, symbols=[["cooldown", 2, "cooling-1"]])
    assert options(race) == {"move 1 from adrenaline", "done"}
    for entry in ("cooldown 1", "cooldown 1 from adrenaline", "cooldown 2 from cooling-1", "cooldown 1 from cooling-1"):
        assert "W-28" in refused(race, entry)
    # The same turn outside the sector: every one of those Cooldowns is offered.
    red = car(space=40, gear=2, engine=0, hand=["heat", "heat"], play=["cooling-1"], deck=["1"])
    race = at_step("react", [red], weather, adrenaline=True, speed=1, symbols=[["cooldown", 2, "cooling-1"]])
    assert {"cooldown 1", "cooldown 1 from adrenaline", "cooldown 2 from cooling-1"} <= options(race)


# ------------------------------------------------------------------ OQ-W-5 timing


def test_OQ_W_5_heat_control_uses_the_position_when_boosting():
    weather = conditions(c1="heat-control")
    # Turn started outside the sector (space 8), cards moved red to 20: the Boost is free.
    race = at_step("react", [car(space=20, engine=12, deck=["4"])], weather, start_space=8, speed=12)
    events = play(race, "boost")
    assert [(e.amount, e.reason) for e in of_type(events, HeatPaid)] == [(9, "corner 1")]  # Speed 16, limit 7
    # Turn started inside (space 30), cards moved red to 36: the Boost costs Heat.
    race = at_step("react", [car(space=36, engine=12, deck=["4"])], weather, start_space=30, speed=6)
    events = play(race, "boost")
    assert [(e.amount, e.reason) for e in of_type(events, HeatPaid)] == [(1, "boost"), (7, "corner 2")]


def test_OQ_W_5_cooling_uses_the_position_when_cooling():
    # Rain Cooling Bonus on 13..33: offered on 31, gone once a Boost carries red to 35.
    race = at_step(
        "react", [car(space=31, gear=3, engine=3, hand=["heat"], deck=["4"])], conditions("rain", c1="weather")
    )
    assert "cooldown 1 from weather" in options(race)
    play(race, "boost")
    assert state(race)["space"] == 35
    assert "cooldown 1 from weather" not in options(race)
    # Cloudy No cooling on 13..33: refused on 31, allowed once a Boost carries red to 35.
    race = at_step(
        "react", [car(space=31, gear=1, engine=3, hand=["heat"], deck=["4"])], conditions("cloud", c1="weather")
    )
    assert "cooldown 1" not in options(race)
    play(race, "boost")
    assert "cooldown 1" in options(race)
    events = play(race, "cooldown 1")
    assert [(e.count, e.source) for e in of_type(events, CooledDown)] == [(1, "gear")]


def test_OQ_W_5_slipstream_uses_the_position_when_it_starts():
    # Red moved by its cards from 8 into the Slipstream-boost sector: it is there when it starts.
    red = car(space=8, gear=2, engine=0, play=["4", "4"])  # no Boost: React is skipped
    race = before_red_moves(red, [car(space=17)], conditions(c1="slipstream-plus"))
    play(race, "discard nothing")
    assert state(race)["space"] == 16
    assert options(race) == {"slipstream", "slipstream 3", "no slipstream"}
    # A Boost that carries red out of the Fog sector lets it slipstream after all.
    weather = conditions("fog", c1="weather")
    race = at_step("react", [car(space=31, engine=2, deck=["3"]), car(space=35)], weather, speed=2)
    assert "no slipstream" not in options(race)
    play(race, "boost")
    assert state(race)["space"] == 34  # just past the Fog sector 13..33, right behind blue
    assert race.step == "slipstream"
    assert options(race) == {"slipstream", "no slipstream"}


# ------------------------------------------------------------------ bad configuration


def test_W_4_unknown_weather_token_in_the_config_is_refused():
    with pytest.raises(ConfigError) as error:
        new_race(2, weather=True, weather_token="hail")
    assert "unknown Weather token 'hail'" in str(error.value)


@pytest.mark.parametrize(
    "road",
    [
        ("limit-plus", "limit-minus", "overheat"),  # USA has 4 corners
        ("limit-plus", "limit-minus", "overheat", "weather", "weather"),
        ("limit-plus", "limit-minus", "overheat", "ice"),
    ],
)
def test_W_6_road_tokens_in_the_config_must_be_one_known_token_per_corner(road):
    with pytest.raises(ConfigError) as error:
        new_race(2, weather=True, road_tokens=road)
    message = str(error.value)
    assert "one Road Conditions token per corner (4)" in message
    assert "heat-control" in message
