"""Rule scenarios: Reveal & Move (B-3), Stress and the + symbol (B-12), Adrenaline (B-4),
React (B-5), Slipstream (B-6), running out of cards (B-15) and the rulings OQ-B-1, OQ-B-3,
OQ-B-12 and OQ-B-19 of the rules digest.

USA geometry used throughout: Corner Lines after spaces 12 (limit 7), 33 (3), 49 (3), 57 (2); the
race-line spot is lane 2 on spaces 13-57 and lane 1 elsewhere.
"""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

import pytest

from heat.engine import Race, RaceConfig, default_seats, to_position, view_of
from heat.engine.events import (
    AdrenalineGained,
    Boosted,
    CardFlipped,
    CardsRevealed,
    ClutteredHand,
    CooledDown,
    Event,
    HeatPaid,
    Moved,
    Shuffled,
    Slipstreamed,
    SpeedIncreased,
)
from scenario import car, corner_checks, of_type, options, play, position, race_from, refused, spot, state

RED, BLUE, GREEN, YELLOW, BLACK, GRAY = range(6)


# ---------------------------------------------------------------------------------- helpers


def at_step(step: str, cars: list[dict[str, Any]], **turn: Any) -> Race:
    """Red (seat 0) is the active car at ``step`` ("react", "slipstream" or "discard"); every
    other car has already had its turn this round. ``turn`` sets the turn fields (start_space,
    speed, adrenaline, boost_used, ...)."""
    order = [*range(1, len(cars)), RED]
    data = position(cars, phase="turn", step=step, order=order, turn_index=len(cars) - 1, turn=turn)
    return race_from(data)


def before_red_moves(red: dict[str, Any], others: list[dict[str, Any]]) -> Race:
    """``others`` (front to back) have had their turn; the last of them stands at its Discard
    step holding a '1'; red moves next with its ``play`` cards face down. ``play(race,
    'discard nothing')`` then runs red's Reveal & Move."""
    others[-1]["hand"] = others[-1]["hand"] or ["1"]
    cars = [red, *others]
    order = [*range(1, len(cars)), RED]
    data = position(cars, phase="turn", step="discard", order=order, turn_index=len(cars) - 2)
    return race_from(data)


# ------------------------------------------------------------------- B-3 Reveal & Move


def test_B_3_1_cards_revealed_only_at_the_start_of_own_turn():
    race = race_from(position([car(space=10, hand=["3", "4"]), car(space=5, hand=["2"])]))
    events = play(race, "red: gear 2 play 3 4", "blue: gear 1 play 2")
    # Red leads, so red reveals first; blue's card stays face down during red's turn.
    assert [(e.seat, e.cards) for e in of_type(events, CardsRevealed)] == [(RED, ("3", "4"))]
    assert view_of(race, BLUE).cars[RED].play == ("3", "4")
    assert view_of(race, RED).cars[BLUE].play is None
    events = play(race, "done")  # red ends its turn; blue's turn starts
    assert [(e.seat, e.cards) for e in of_type(events, CardsRevealed)] == [(BLUE, ("2",))]


def test_B_3_2_revealed_stress_card_is_resolved_by_a_flip():
    race = race_from(position([car(space=20, hand=["2", "stress"], deck=["heat", "3", "4"])]))
    events = play(race, "red: gear 2 play 2 stress")
    flips = [(e.card, e.kept, e.reason) for e in of_type(events, CardFlipped)]
    assert flips == [("heat", False, "stress"), ("3", True, "stress")]
    assert spot(race)[0] == 25  # 2 + 3
    assert state(race)["deck"] == ["4"]


def test_B_3_3_speed_sums_upgrades_and_the_basic_card_flipped_for_stress():
    race = race_from(position([car(space=20, gear=2, hand=["5", "0", "stress"], deck=["2", "4"])]))
    play(race, "red: gear 3 play 0 5 stress")
    assert to_position(race)["turn"]["speed"] == 7  # 0 + 5 + 2 (the Basic card replacing the Stress)
    assert spot(race)[0] == 27


def test_B_3_4_car_moves_exactly_speed_spaces():
    race = race_from(position([car(space=1, hand=["3", "4"])]))
    events = play(race, "red: gear 2 play 3 4")
    (move,) = of_type(events, Moved)
    assert (move.spaces, move.from_space, move.to_space, move.blocked) == (7, 1, 8, False)
    assert spot(race) == (8, 1)


def test_B_3_5_cars_never_stop_a_car_passing_through():
    blockers = [car(space=22, lane=1), car(space=22, lane=2), car(space=21)]
    race = before_red_moves(car(space=20, play=["4"]), blockers)
    events = play(race, "discard nothing")
    # Space 22 is full and 21 is taken, yet red passes them and ends its move on 24.
    assert [(e.seat, e.to_space, e.blocked) for e in of_type(events, Moved)] == [(RED, 24, False)]
    assert spot(race) == (24, 2)


@pytest.mark.parametrize(
    ("start", "other", "expected"),
    [
        (20, (30, None), (23, 2)),  # race-line spot (lane 2 on spaces 13-57) free
        (20, (23, 2), (23, 1)),  # race-line spot taken: the other spot
        (20, (23, 1), (23, 2)),
        (1, (30, None), (4, 1)),  # race-line spot is lane 1 on spaces 1-12
        (1, (4, 1), (4, 2)),
    ],
)
def test_B_3_6_arriving_car_takes_race_line_spot_if_free(start, other, expected):
    space, lane = other
    blue = car(space=space) if lane is None else car(space=space, lane=lane)
    race = before_red_moves(car(space=start, play=["3"]), [blue])
    play(race, "discard nothing")
    assert spot(race) == expected


@pytest.mark.parametrize(
    ("blockers", "expected"),
    [
        # 24 full, 23 race-line spot taken: stop on 23, other spot.
        ([(24, 1), (24, 2), (23, 2)], (23, 1)),
        # 24 and 23 full: the nearest space behind with a free spot is 22, race-line spot.
        ([(24, 1), (24, 2), (23, 1), (23, 2)], (22, 2)),
    ],
)
def test_B_3_7_blocked_car_stops_on_nearest_space_with_free_spot(blockers, expected):
    others = [car(space=space, lane=lane) for space, lane in blockers]
    race = before_red_moves(car(space=20, play=["4"]), others)
    events = play(race, "discard nothing")
    (move,) = [e for e in of_type(events, Moved) if e.seat == RED]
    assert (move.spaces, move.to_space, move.to_lane, move.blocked) == (4, *expected, True)
    assert spot(race) == expected


@pytest.mark.parametrize("speed", [1, 2])
def test_OQ_B_21_car_blocked_back_to_its_start_keeps_its_spot(speed):
    # Every space red could reach (21, then 22) is full, so red (on 20, off the race line:
    # lane 1) is blocked all the way back to 20, whose race-line spot (lane 2) is free. Red has
    # not moved: it keeps lane 1 (B-3.6 applies only to a car ending its move elsewhere).
    full = [car(space=space, lane=lane) for space in range(20 + speed, 20, -1) for lane in (1, 2)]
    race = before_red_moves(car(space=20, lane=1, play=[str(speed)]), full)
    events = play(race, "discard nothing")
    (move,) = [e for e in of_type(events, Moved) if e.seat == RED]
    assert (move.from_space, move.to_space, move.blocked) == (20, 20, True)
    assert spot(race) == (20, 1)


@pytest.mark.parametrize(("space", "race_line"), [(30, 2), (5, 1)])
def test_B_3_8_car_nearer_the_race_line_leads_side_by_side(space, race_line):
    other = 3 - race_line
    race = race_from(
        position(
            [car(space=space, lane=other, hand=["1"]), car(space=space, lane=race_line, hand=["1"])],
        )
    )
    assert race.standings() == [BLUE, RED]
    play(race, "red: gear 1 play 1", "blue: gear 1 play 1")
    assert race.order == [BLUE, RED]  # blue, on the race-line spot, takes its turn first
    assert race.to_decide() == (BLUE,)


# ------------------------------------------------------------ B-12 Stress and the + symbol


def test_B_12_1_stress_cards_start_in_every_draw_deck():
    race = Race(RaceConfig(seats=default_seats(4), track="usa", seed=3))
    for entry in to_position(race)["cars"]:
        cards = Counter(entry["hand"] + entry["deck"])
        assert cards["stress"] == 3  # USA board: 3 Stress per player
        assert sum(cards.values()) == 18  # 12 Basic + 3 Starting Upgrade + 3 Stress
    assert race.stress_reserve == 37 - 4 * 3


def test_B_12_2_stress_card_cannot_be_discarded():
    race = at_step("discard", [car(space=20, hand=["stress", "2"])])
    assert options(race) == {"discard nothing", "discard 2"}
    message = refused(race, "discard stress")
    assert "never be discarded" in message
    assert "B-8.3" in message


def test_B_12_2_stress_card_leaves_hand_by_being_played():
    race = race_from(position([car(space=20, hand=["stress", "stress", "1"], deck=["2"])]))
    play(race, "red: gear 1 play stress")
    assert Counter(state(race)["hand"]) == Counter({"stress": 1, "1": 1})
    assert "stress" in state(race)["play"]


def test_B_12_3_each_stress_card_flips_until_a_basic_card_which_replaces_it():
    deck = ["0", "3", "heat", "4", "1"]
    race = race_from(position([car(space=20, hand=["stress", "stress"], deck=deck)]))
    events = play(race, "red: gear 2 play stress stress")
    flips = [(e.card, e.kept) for e in of_type(events, CardFlipped)]
    assert flips == [("0", False), ("3", True), ("heat", False), ("4", True)]
    red = state(race)
    assert Counter(red["play"]) == Counter({"stress": 2, "3": 1, "4": 1})
    assert red["deck"] == ["1"]  # flipping stopped at each Basic card
    assert to_position(race)["turn"]["speed"] == 7
    assert red["space"] == 27


def test_B_12_4_plus_process_discards_until_first_basic_card():
    race = at_step("react", [car(space=20, engine=3, deck=["heat", "0", "2", "4"])], adrenaline=True)
    events = play(race, "boost")
    assert [(e.card, e.kept, e.reason) for e in of_type(events, CardFlipped)] == [
        ("heat", False, "boost"),
        ("0", False, "boost"),
        ("2", True, "boost"),
    ]
    red = state(race)
    assert red["deck"] == ["4"]
    assert red["discard"] == ["heat", "heat", "0"]  # the Heat paid, then the flipped cards
    assert red["play"] == ["2"]
    assert red["space"] == 22


def test_B_12_5_every_non_basic_flipped_card_is_discarded():
    deck = ["heat", "stress", "5", "0", "1", "3"]
    race = race_from(position([car(space=20, hand=["stress"], deck=deck)]))
    play(race, "red: gear 1 play stress")
    red = state(race)
    assert red["discard"] == ["heat", "stress", "5", "0"]
    assert red["play"] == ["stress", "1"]
    assert red["deck"] == ["3"]


def test_B_12_5_rulebook_stress_example_speed_8():
    # Base rules §8: the + flip for the Stress card discards 2 Heat, 1 Stress and a Starting
    # Upgrade card before a Basic card turns up; the Speed comes to 8 and the car moves 8.
    deck = ["heat", "stress", "5", "heat", "3", "2"]
    race = race_from(position([car(space=20, gear=2, hand=["4", "1", "stress"], deck=deck)]))
    events = play(race, "red: gear 3 play 1 4 stress")
    red = state(race)
    assert Counter(red["discard"]) == Counter({"heat": 2, "stress": 1, "5": 1})
    assert [e.card for e in of_type(events, CardFlipped) if e.kept] == ["3"]
    assert to_position(race)["turn"]["speed"] == 8
    assert [(e.spaces, e.from_space, e.to_space) for e in of_type(events, Moved)] == [(8, 20, 28)]
    assert red["deck"] == ["2"]


@pytest.mark.parametrize("value", [1, 2, 3, 4])
def test_B_12_6_plus_symbol_adds_the_flipped_basic_value(value):
    race = at_step("react", [car(space=20, engine=3, deck=[str(value)])], start_space=16, speed=4, adrenaline=True)
    events = play(race, "boost")
    assert [e.value for e in of_type(events, Boosted)] == [value]
    assert to_position(race)["turn"]["speed"] == 4 + value
    assert spot(race)[0] == 20 + value


def test_B_12_7_stress_value_counts_for_check_corner():
    race = race_from(position([car(space=8, hand=["4", "stress"], deck=["4"])]))
    events = play(race, "red: gear 2 play 4 stress", "done")
    # 8 -> 16 crosses the Corner Line after 12 (limit 7) with Speed 4 + 4 = 8: pay 1 Heat.
    assert corner_checks(events) == [(1, 8, 7, 1)]
    assert state(race)["engine"] == 5


def test_B_12_7_boost_value_counts_for_check_corner():
    race = at_step("react", [car(space=11, deck=["4"])], start_space=5, speed=6, adrenaline=True)
    events = play(race, "boost", "done")
    # Speed 6 + 4 = 10 at the limit-7 corner: 3 Heat, after 1 Heat for the Boost.
    assert corner_checks(events) == [(1, 10, 7, 3)]
    assert state(race)["engine"] == 6 - 1 - 3


def test_B_12_8_flip_from_empty_deck_shuffles_the_discard_pile():
    race = race_from(position([car(space=20, hand=["stress"], deck=[], discard=["heat", "2"])]))
    events = play(race, "red: gear 1 play stress")
    assert [e.cards for e in of_type(events, Shuffled)] == [2]
    red = state(race)
    assert red["play"] == ["stress", "2"]
    assert red["deck"] + red["discard"] == ["heat"]  # wherever the Heat card ended up
    assert red["space"] == 22


# ------------------------------------------------------------------------ B-4 Adrenaline


def test_B_4_1_last_car_in_race_order_gets_adrenaline():
    cars = [
        car(space=20, engine=0, hand=["1"]),
        car(space=15, engine=0, hand=["1"]),
        car(space=10, engine=0, hand=["1"]),
    ]
    race = race_from(position(cars))
    events = play(race, "red: gear 1 play 1", "blue: gear 1 play 1", "green: gear 1 play 1")
    assert race.adrenaline_seats == (GREEN,)
    assert [e.seat for e in of_type(events, AdrenalineGained)] == [GREEN]
    # Red and blue had nothing to decide (no Adrenaline, empty Engine); green stops in React.
    assert race.to_decide() == (GREEN,)
    assert "move 1 from adrenaline" in options(race, GREEN)


@pytest.mark.parametrize(("count", "expected"), [(4, (3,)), (5, (3, 4)), (6, (4, 5))])
def test_B_4_2_five_or_more_cars_give_the_last_two_adrenaline(count, expected):
    cars = [car(space=40 - 5 * seat, engine=0, hand=["1"]) for seat in range(count)]
    race = race_from(position(cars))
    colors = ["red", "blue", "green", "yellow", "black", "gray"]
    events = play(race, *(f"{colors[seat]}: gear 1 play 1" for seat in range(count)))
    assert race.adrenaline_seats == expected
    assert [e.seat for e in of_type(events, AdrenalineGained)] == [expected[0]]


@pytest.mark.parametrize(("seats", "expected"), [(5, (3, 4)), (4, (3,))])
def test_B_4_3_car_count_is_the_number_of_starting_cars(seats, expected):
    # Red and blue have finished and left the track: 3 (or 2) cars still race.
    finished = [car(space=5, lap=2, on_track=False, finished=True) for _ in range(2)]
    racing = [car(space=40 - 10 * i, engine=0, hand=["1"]) for i in range(seats - 2)]
    race = race_from(position(finished + racing, hall_of_fame=[RED, BLUE]))
    colors = ["green", "yellow", "black"][: seats - 2]
    play(race, *(f"{color}: gear 1 play 1" for color in colors))
    assert race.started_cars == seats
    assert race.adrenaline_seats == expected


def test_B_4_4_adrenaline_gives_plus_one_speed_and_cooldown_one():
    red = car(space=20, gear=3, engine=2, hand=["heat", "heat"])
    race = at_step("react", [red], start_space=16, speed=4, adrenaline=True)
    assert {"move 1 from adrenaline", "cooldown 1 from adrenaline"} <= options(race)
    assert "B-4.4" in refused(race, "cooldown 2 from adrenaline")
    events = play(race, "move 1 from adrenaline")
    assert [(e.amount, e.source) for e in of_type(events, SpeedIncreased)] == [(1, "adrenaline")]
    assert spot(race)[0] == 21
    assert to_position(race)["turn"]["speed"] == 5
    play(race, "cooldown 1 from adrenaline")
    assert state(race)["engine"] == 3
    assert state(race)["hand"] == ["heat"]


@pytest.mark.parametrize(
    ("entries", "space", "engine"),
    [
        (["done"], 20, 2),
        (["move 1 from adrenaline", "done"], 21, 2),
        (["cooldown 1 from adrenaline", "done"], 20, 3),
        (["cooldown 1 from adrenaline", "move 1 from adrenaline", "done"], 21, 3),
    ],
)
def test_B_4_5_either_both_or_neither_adrenaline_symbol(entries, space, engine):
    red = car(space=20, gear=3, engine=2, hand=["heat"])
    race = at_step("react", [red], start_space=16, speed=4, adrenaline=True)
    play(race, *entries)
    assert to_position(race)["phase"] == "plan"  # red's turn and the round are over
    assert (state(race)["space"], state(race)["engine"]) == (space, engine)


def test_B_4_6_adrenaline_plus_one_counts_for_check_corner():
    race = at_step("react", [car(space=12)], start_space=5, speed=7, adrenaline=True)
    events = play(race, "move 1 from adrenaline", "done")
    # The +1 carries red over the line after 12 (limit 7) and makes the Speed 8: pay 1 Heat.
    assert corner_checks(events) == [(1, 8, 7, 1)]
    assert state(race)["engine"] == 5


def test_B_4_7_adrenaline_cannot_be_saved_for_a_later_round():
    red = car(space=20, hand=["4", "4"], deck=["4"])
    blue = car(space=22, engine=0, hand=["1"], deck=["1"])
    race = race_from(position([red, blue]))
    events = play(race, "red: gear 2 play 4 4", "blue: gear 1 play 1")
    assert [e.seat for e in of_type(events, AdrenalineGained)] == [RED]
    play(race, "done")  # red leaves its Adrenaline unused
    # Round 2: red (28) now leads blue (23) and is not last.
    events = play(race, "red: gear 1 play 4", "blue: gear 1 play 1")
    assert race.order == [RED, BLUE]
    assert race.to_decide() == (RED,)
    assert not of_type(events, AdrenalineGained)
    assert not {"move 1 from adrenaline", "cooldown 1 from adrenaline"} & options(race)
    assert "no Adrenaline" in refused(race, "move 1 from adrenaline")


def test_B_4_8_adrenaline_place_taken_by_last_car_even_without_benefit():
    # What is testable before Legends: every car in the turn order counts for the last place.
    # Green is last but its hand is cluttered (no move, no Adrenaline benefit, OQ-B-6); blue,
    # second to last, still gets no Adrenaline in its place.
    cars = [car(space=20, engine=0, hand=["1"]), car(space=15, engine=1, hand=["1"]), car(space=10, hand=["heat"])]
    race = race_from(position(cars))
    play(race, "red: gear 1 play 1", "blue: gear 1 play 1", "green: gear 1 play heat")
    assert race.adrenaline_seats == (GREEN,)
    assert race.to_decide() == (BLUE,)  # blue stops in React for its Boost only
    assert options(race, BLUE) == {"boost", "done"}
    events = play(race, "done")
    assert [e.seat for e in of_type(events, ClutteredHand)] == [GREEN]
    assert not of_type(race.events(), AdrenalineGained)


def test_B_4_8_legend_counts_for_last_place_but_gets_no_adrenaline():
    """L-15: with a Legend last in a 4-car race, the Legend takes the Adrenaline place without
    benefit and the human car ahead of it gets no Adrenaline."""
    # Yellow is a Legend on 14; Legends card 1 gives it Top Speed 11. Green (30), the last
    # player, stops in React for its Boost only.
    cars = [car(space=40, engine=0, hand=["1"]), car(space=35, engine=0, hand=["1"]), car(space=30, hand=["1"])]
    cars.append(car(space=14, engine=0, legend=True))
    race = race_from(position(cars, legends={"deck": [1], "card": None}))
    play(race, "red: gear 1 play 1", "blue: gear 1 play 1", "green: gear 1 play 1")
    assert race.adrenaline_seats == (YELLOW,)
    assert race.to_decide() == (GREEN,)
    assert options(race, GREEN) == {"boost", "done"}
    assert "no Adrenaline" in refused(race, "move 1 from adrenaline")
    events = play(race, "done")
    # The Legend moves exactly its Top Speed: no +1 from Adrenaline.
    assert [(e.seat, e.from_space, e.to_space) for e in of_type(events, Moved)] == [(YELLOW, 14, 25)]
    assert not of_type(race.events(), AdrenalineGained)


def test_OQ_B_19_adrenaline_places_counted_over_every_car_in_turn_order():
    # 5 starting cars: the last two places are yellow and black. Black cannot use Adrenaline
    # (cluttered hand), but green, third to last, still gets none.
    cars = [car(space=40 - 5 * i, engine=0, hand=["1"]) for i in range(4)] + [car(space=20, hand=["heat"])]
    race = race_from(position(cars))
    play(
        race,
        "red: gear 1 play 1",
        "blue: gear 1 play 1",
        "green: gear 1 play 1",
        "yellow: gear 1 play 1",
        "black: gear 1 play heat",
    )
    assert race.adrenaline_seats == (YELLOW, BLACK)
    assert race.to_decide() == (YELLOW,)
    events = play(race, "done")
    assert not of_type(events, AdrenalineGained)  # black's cluttered turn takes no Adrenaline
    gained = [e.seat for e in of_type(race.events(), AdrenalineGained)]
    assert gained == [YELLOW]


def test_OQ_B_19_legends_in_last_places_give_no_human_adrenaline():
    """With fewer than 5 cars and a Legend last (or 5+ cars and Legends in both last places),
    no human car gets Adrenaline."""
    legends = {"deck": [1], "card": None}  # card 1: yellow Top Speed 11 / ◆0, black 16 / ◆2
    # 5 cars, Legends yellow (20) and black (14) in both last places: green (30), third to
    # last, stops in React for its Boost only, and nobody gets Adrenaline.
    players = [car(space=40, engine=0, hand=["1"]), car(space=35, engine=0, hand=["1"]), car(space=30, hand=["1"])]
    cars = [*players, car(space=20, engine=0, legend=True), car(space=14, engine=0, legend=True)]
    race = race_from(position(cars, legends=legends))
    play(race, "red: gear 1 play 1", "blue: gear 1 play 1", "green: gear 1 play 1")
    assert race.adrenaline_seats == (YELLOW, BLACK)
    assert options(race, GREEN) == {"boost", "done"}
    play(race, "done")
    assert race.phase == "plan"
    assert (spot(race, YELLOW), spot(race, BLACK)) == ((31, 1), (30, 2))  # exactly 11 and 16
    assert not of_type(race.events(), AdrenalineGained)
    # Counter-check: a Legend fourth and a player (black, 10) fifth: black gets Adrenaline, the
    # Legend holds the other place and green, third to last, still gets none.
    players = [car(space=40, engine=0, hand=["1"]), car(space=35, engine=0, hand=["1"]), car(space=30, hand=["1"])]
    cars = [*players, car(space=20, engine=0, legend=True), car(space=10, engine=0, hand=["1"])]
    race = race_from(position(cars, legends=legends))
    play(race, "red: gear 1 play 1", "blue: gear 1 play 1", "green: gear 1 play 1", "black: gear 1 play 1")
    assert race.adrenaline_seats == (YELLOW, BLACK)
    assert options(race, GREEN) == {"boost", "done"}
    play(race, "done")
    assert race.to_decide() == (BLACK,)
    assert "move 1 from adrenaline" in options(race, BLACK)
    assert [e.seat for e in of_type(race.events(), AdrenalineGained)] == [BLACK]


# ---------------------------------------------------------------------------- B-5 React


@pytest.mark.parametrize("entries", [("boost", "cooldown 2"), ("cooldown 2", "boost")])
def test_B_5_1_symbols_in_any_order_each_resolved_on_its_own(entries):
    red = car(space=20, gear=1, engine=1, hand=["heat", "heat"], deck=["3"])
    race = at_step("react", [red], start_space=16, speed=4, adrenaline=True)  # keeps React open
    first, second = entries
    play(race, first)
    # The first symbol is fully resolved before anything else is chosen.
    if first == "boost":
        assert (spot(race)[0], state(race)["engine"]) == (23, 0)
    else:
        assert (spot(race)[0], state(race)["engine"]) == (20, 3)
    assert race.step == "react"
    play(race, second)
    assert (spot(race)[0], state(race)["engine"]) == (23, 2)
    assert state(race)["hand"] == []
    assert to_position(race)["turn"]["speed"] == 7


@pytest.mark.parametrize(
    ("gear", "adrenaline", "expected"),
    [
        (1, False, {"cooldown 1", "cooldown 2", "cooldown 3", "boost", "done"}),
        (2, False, {"cooldown 1", "boost", "done"}),
        (4, False, {"boost", "done"}),
        (
            2,
            True,
            {"cooldown 1", "boost", "cooldown 1 from adrenaline", "move 1 from adrenaline", "done"},
        ),
    ],
)
def test_B_5_2_symbols_of_current_gear_plus_adrenaline(gear, adrenaline, expected):
    red = car(space=20, gear=gear, engine=2, hand=["heat", "heat", "heat"])
    race = at_step("react", [red], start_space=16, speed=4, adrenaline=adrenaline)
    assert options(race) == expected


def test_B_5_2_adrenaline_symbols_refused_without_adrenaline():
    race = at_step("react", [car(space=20, gear=2, hand=["heat"])], start_space=16, speed=4)
    assert "B-4.1" in refused(race, "move 1 from adrenaline")
    assert "B-4.1" in refused(race, "cooldown 1 from adrenaline")


def test_B_5_3_cooldown_moves_heat_from_hand_to_engine():
    red = car(space=20, gear=1, engine=0, hand=["heat", "heat", "heat", "2"], discard=["heat"])
    race = at_step("react", [red], start_space=16, speed=4)
    events = play(race, "cooldown 2")  # up to 3 in 1st gear; 2 chosen
    assert [(e.count, e.source) for e in of_type(events, CooledDown)] == [(2, "gear")]
    red = state(race)
    assert red["engine"] == 2
    assert Counter(red["hand"]) == Counter({"heat": 1, "2": 1})
    assert red["discard"] == ["heat"]  # never from the discard pile


def test_B_5_3_cooldown_cannot_exceed_heat_cards_in_hand():
    race = at_step("react", [car(space=20, gear=1, engine=0, hand=["heat"])], start_space=16, speed=4)
    assert "holds 1 Heat card" in refused(race, "cooldown 2")


@pytest.mark.parametrize(("gear", "limit"), [(1, 3), (2, 1)])
def test_B_5_4_first_gear_cools_three_second_gear_one(gear, limit):
    red = car(space=20, gear=gear, engine=0, hand=["heat"] * 4)
    race = at_step("react", [red], start_space=16, speed=4)
    amounts = {d.amount for d in race.legal_decisions(RED) if getattr(d, "symbol", "") == "cooldown"}
    assert amounts == set(range(1, limit + 1))
    assert "B-5.3" in refused(race, f"cooldown {limit + 1}")
    play(race, f"cooldown {limit}")
    assert state(race)["engine"] == limit


@pytest.mark.parametrize("gear", [3, 4])
def test_B_5_5_third_and_fourth_gear_give_no_cooldown(gear):
    red = car(space=20, gear=gear, engine=1, hand=["heat"])
    race = at_step("react", [red], start_space=16, speed=4)
    assert options(race) == {"boost", "done"}
    assert "gives no Cooldown" in refused(race, "cooldown 1")


def test_B_5_6_boost_pays_one_heat_flips_and_moves_with_blocking():
    red = car(space=20, gear=2, engine=3, play=["2", "2"], deck=["4"])
    blockers = [car(space=24, lane=1), car(space=24, lane=2)]
    race = at_step("react", [red, *blockers], start_space=16, speed=4)
    events = play(race, "boost")
    assert [(e.amount, e.reason) for e in of_type(events, HeatPaid)] == [(1, "boost")]
    (move,) = of_type(events, Moved)
    assert (move.spaces, move.reason, move.to_space, move.blocked) == (4, "boost", 23, True)
    red = state(race)
    assert (red["space"], red["lane"]) == (23, 2)  # 24 is full: nearest free spot behind it
    assert red["engine"] == 2
    assert red["discard"] == ["heat"]
    assert Counter(red["play"]) == Counter({"2": 2, "4": 1})


def test_B_5_7_boost_only_once_per_turn():
    race = at_step("react", [car(space=20, engine=3, deck=["1", "2"])], start_space=16, speed=4, adrenaline=True)
    play(race, "boost")
    assert "boost" not in options(race)
    assert "B-5.7" in refused(race, "boost")
    assert state(race)["engine"] == 2


def test_B_5_8_no_boost_with_an_empty_engine():
    race = at_step("react", [car(space=20, gear=1, engine=0, hand=["heat"], deck=["4"])], start_space=16, speed=4)
    assert "boost" not in options(race)
    assert "B-5.8" in refused(race, "boost")


def test_B_5_9_boost_value_counts_toward_speed():
    race = at_step("react", [car(space=10, deck=["3"])], start_space=5, speed=5, adrenaline=True)
    play(race, "boost")
    assert to_position(race)["turn"]["speed"] == 8
    events = play(race, "done")
    # Speed 8 (not 5) is checked at the limit-7 corner crossed by the Boost.
    assert corner_checks(events) == [(1, 8, 7, 1)]
    assert state(race)["engine"] == 4


# ------------------------------------------------------------------------ B-6 Slipstream


@pytest.mark.parametrize(("entry", "space"), [("no slipstream", 20), ("slipstream", 22)])
def test_B_6_1_slipstream_is_optional(entry, space):
    race = at_step("slipstream", [car(space=20, hand=["1"]), car(space=21)], start_space=16, speed=4)
    play(race, entry)
    assert spot(race)[0] == space


def test_B_6_1_slipstream_at_most_once_per_turn():
    # After slipstreaming red lands on 22, directly behind green on 23: no second slipstream.
    race = at_step("slipstream", [car(space=20, hand=["1"]), car(space=23), car(space=21)], start_space=16, speed=4)
    play(race, "slipstream")
    assert spot(race)[0] == 22
    assert race.step == "discard"
    assert "slipstream" not in options(race)
    refused(race, "slipstream")


@pytest.mark.parametrize(
    ("blue", "allowed"),
    [
        ((14, 1), True),  # beside, same space
        ((15, None), True),  # the space directly ahead holds a car
        ((16, None), False),  # two spaces ahead: too far (OQ-B-1)
        ((13, None), False),  # a car behind does not help
    ],
)
def test_B_6_2_slipstream_needs_car_beside_or_directly_ahead(blue, allowed):
    space, lane = blue
    other = car(space=space) if lane is None else car(space=space, lane=lane)
    race = at_step("react", [car(space=14, lane=2, hand=["1"]), other], start_space=10, speed=4)
    play(race, "done")
    assert (race.step == "slipstream") is allowed
    assert ("slipstream" in options(race)) is allowed


def test_B_6_2_slipstream_refused_with_no_car_beside_or_ahead():
    race = at_step("react", [car(space=14, hand=["1"]), car(space=30)], start_space=10, speed=4)
    play(race, "done")
    assert race.step == "discard"
    refused(race, "slipstream")


def test_B_6_3_slipstream_moves_two_spaces():
    race = at_step("slipstream", [car(space=20), car(space=21)], start_space=16, speed=4)
    events = play(race, "slipstream")
    assert [e.seat for e in of_type(events, Slipstreamed)] == [RED]
    (move,) = of_type(events, Moved)
    assert (move.spaces, move.reason, move.from_space, move.to_space, move.blocked) == (2, "slipstream", 20, 22, False)
    assert spot(race) == (22, 2)


def test_B_6_4_slipstream_into_full_space_stops_behind_it():
    cars = [car(space=20), car(space=21, lane=2), car(space=22, lane=1), car(space=22, lane=2)]
    race = at_step("slipstream", cars, start_space=16, speed=4)
    events = play(race, "slipstream")
    (move,) = of_type(events, Moved)
    assert (move.to_space, move.to_lane, move.blocked) == (21, 1, True)
    assert spot(race) == (21, 1)


def test_B_6_5_slipstream_does_not_add_to_speed():
    # Speed 7 is exactly the limit of the corner after 12; the 2 slipstream spaces must not count.
    race = at_step("slipstream", [car(space=11), car(space=12)], start_space=4, speed=7)
    events = play(race, "slipstream")
    assert spot(race)[0] == 13
    assert corner_checks(events) == [(1, 7, 7, 0)]
    assert state(race)["engine"] == 6


@pytest.mark.parametrize(("laps", "allowed"), [(1, False), (2, True)])
def test_B_6_6_no_slipstream_across_the_finish_line(laps, allowed):
    # Red on 68 behind blue on 69: slipstreaming would cross the line after 69. On the last lap
    # that is the finish line; in a 2-lap race it is only the end of lap 1.
    race = race_from(
        position(
            [car(space=68, hand=["1"]), car(space=69)],
            laps=laps,
            phase="turn",
            step="react",
            order=[BLUE, RED],
            turn_index=1,
            turn={"start_space": 64, "speed": 4},
        )
    )
    play(race, "done")
    assert (race.step == "slipstream") is allowed


def test_B_6_6_slipstream_up_to_the_last_space_before_the_finish_is_allowed():
    race = at_step("react", [car(space=67), car(space=68)], start_space=63, speed=4)
    play(race, "done")
    assert race.step == "slipstream"
    play(race, "slipstream")
    assert state(race)["space"] == 69
    assert not state(race)["finished"]


def test_B_6_6_no_slipstream_after_crossing_the_finish_line():
    # Both cars are past the finish line (lap 2 of a 1-lap race), red directly behind blue.
    cars = [car(space=2, lap=2, hand=["1"]), car(space=3, lap=2)]
    race = at_step("react", cars, start_space=64, start_lap=1, speed=7)
    play(race, "done")
    assert race.step == "discard"
    refused(race, "slipstream")


@pytest.mark.parametrize(("entry", "checks", "engine"), [("slipstream", [(1, 8, 7, 1)], 5), ("no slipstream", [], 6)])
def test_B_6_7_corner_crossed_by_slipstream_is_checked_with_unchanged_speed(entry, checks, engine):
    race = at_step("slipstream", [car(space=12), car(space=13)], start_space=4, speed=8)
    events = play(race, entry)
    assert corner_checks(events) == checks
    assert state(race)["engine"] == engine


def test_OQ_B_1_no_slipstream_two_spaces_behind():
    race = at_step("react", [car(space=14, hand=["1"]), car(space=16, lane=1), car(space=16, lane=2)])
    play(race, "done")
    assert race.step == "discard"
    refused(race, "slipstream")


def test_OQ_B_1_slipstream_directly_behind_a_car_on_either_spot():
    race = at_step("react", [car(space=14, lane=2), car(space=15, lane=1)], start_space=10, speed=4)
    play(race, "done")
    assert race.step == "slipstream"
    play(race, "slipstream")
    assert spot(race) == (16, 2)


def test_OQ_B_1_race_line_car_beside_another_may_slipstream():
    # Red is on the race-line spot, so red leads blue beside it; "beside" is enough.
    race = at_step("react", [car(space=14, lane=2), car(space=14, lane=1)], start_space=10, speed=4)
    assert race.standings() == [RED, BLUE]
    play(race, "done")
    assert race.step == "slipstream"
    play(race, "slipstream")
    assert spot(race) == (16, 2)


# ---------------------------------------------------------------- OQ-B-12 blocked extras


def test_OQ_B_12_blocked_adrenaline_plus_one_still_counts():
    # Red moved 7 -> 14 over the limit-7 corner; space 15 is full, so the +1 cannot move it.
    cars = [car(space=14), car(space=15, lane=1), car(space=15, lane=2)]
    race = at_step("react", cars, start_space=7, speed=7, adrenaline=True)
    events = play(race, "move 1 from adrenaline")
    assert [(e.spaces, e.to_space, e.blocked) for e in of_type(events, Moved)] == [(1, 14, True)]
    assert to_position(race)["turn"]["speed"] == 8
    events = play(race, "done", "no slipstream")
    assert corner_checks(events) == [(1, 8, 7, 1)]
    assert state(race)["engine"] == 5


def test_OQ_B_12_blocked_boost_value_still_counts():
    # Boost flips a 4 (11 -> 15) but 15 is full: red stops on 14. Speed is 6 + 4 = 10 anyway.
    cars = [car(space=11, deck=["4"]), car(space=15, lane=1), car(space=15, lane=2)]
    race = at_step("react", cars, start_space=5, speed=6, adrenaline=True)
    events = play(race, "boost")
    assert [(e.spaces, e.to_space, e.blocked) for e in of_type(events, Moved)] == [(4, 14, True)]
    assert to_position(race)["turn"]["speed"] == 10
    events = play(race, "done", "no slipstream")
    assert corner_checks(events) == [(1, 10, 7, 3)]
    assert state(race)["engine"] == 6 - 1 - 3


# ----------------------------------------------------------------- B-15 Running out of cards


def test_B_15_1_empty_deck_shuffles_discard_pile_and_drawing_goes_on():
    red = car(space=20, engine=0, hand=["1"], deck=["2", "3"], discard=["4", "4", "4", "4", "0"])
    race = race_from(position([red]))
    events = play(race, "red: gear 1 play 1", "done")
    # Step 9: the '1' is discarded (6 cards), 2 cards drawn, the deck runs out, the discard pile
    # is shuffled into a new deck and the other 5 cards are drawn.
    assert [e.cards for e in of_type(events, Shuffled)] == [6]
    red = state(race)
    assert len(red["hand"]) == 7
    assert red["hand"][:2] == ["2", "3"]
    assert Counter(red["hand"][2:] + red["deck"]) == Counter({"4": 4, "0": 1, "1": 1})
    assert red["discard"] == []


def test_B_15_2_play_area_is_not_shuffled_in_during_the_turn():
    red = car(space=20, hand=["3", "stress"], deck=[], discard=["heat", "heat", "1"])
    race = race_from(position([red]))
    events = play(race, "red: gear 2 play 3 stress")
    assert [e.cards for e in of_type(events, Shuffled)] == [3]  # the discard pile only
    red = state(race)
    assert Counter(red["play"]) == Counter({"3": 1, "stress": 1, "1": 1})
    assert Counter(red["deck"] + red["discard"]) == Counter({"heat": 2})
    assert to_position(race)["turn"]["speed"] == 4


# -------------------------------------------------------------- OQ-B-3 nothing left to flip


def within_seconds(race: Race, *entries: str, seconds: float = 5) -> list[Event]:
    """``play``, failing (instead of hanging) if the engine never returns."""
    result: list[list[Event]] = []
    worker = threading.Thread(target=lambda: result.append(play(race, *entries)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert result, f"{entries} did not finish: the + process never stopped (OQ-B-3)"
    return result[0]


def test_OQ_B_3_plus_with_empty_deck_and_discard_adds_zero():
    race = race_from(position([car(space=20, hand=["3", "stress"])]))
    events = within_seconds(race, "red: gear 2 play 3 stress")
    assert not of_type(events, Shuffled)
    assert to_position(race)["turn"]["speed"] == 3
    assert spot(race)[0] == 23


def test_OQ_B_3_plus_with_no_basic_card_left_adds_zero():
    race = race_from(position([car(space=20, hand=["3", "stress"], deck=["heat", "5"], discard=["stress"])]))
    events = within_seconds(race, "red: gear 2 play 3 stress")
    assert [e.card for e in of_type(events, CardFlipped)] == ["heat", "5"]
    assert to_position(race)["turn"]["speed"] == 3
    assert Counter(state(race)["discard"]) == Counter({"stress": 1, "heat": 1, "5": 1})


def test_OQ_B_3_boost_with_no_basic_card_left_adds_zero():
    race = at_step("react", [car(space=20, engine=2)], start_space=16, speed=4, adrenaline=True)
    events = within_seconds(race, "boost")
    assert [e.value for e in of_type(events, Boosted)] == [0]
    red = state(race)
    assert (red["space"], red["engine"]) == (20, 1)  # the Heat is still paid
    assert to_position(race)["turn"]["speed"] == 4


def test_OQ_B_3_draw_stops_short_when_deck_and_discard_are_empty():
    race = race_from(position([car(space=20, engine=0, hand=["4"], deck=["1"])]))
    play(race, "red: gear 1 play 4", "done")
    red = state(race)
    assert to_position(race)["phase"] == "plan"
    assert Counter(red["hand"]) == Counter({"1": 1, "4": 1})  # 2 cards, not 7
    assert red["deck"] == [] and red["discard"] == []
