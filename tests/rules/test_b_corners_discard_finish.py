"""Rule scenarios: step 7 (corners, spin outs), step 8 (discard), step 9 (replenish), Heat,
and the finish (B-7, B-8, B-9, B-13, B-16 and their open-question rulings).

USA track: Corner Lines after spaces 12 (limit 7), 33 (3), 49 (3) and 57 (2), numbered corners
1 to 4; the race-line spot is lane 2 on spaces 13-57 and lane 1 elsewhere.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from heat.engine import IllegalDecision, Race, RaceConfig, default_seats
from heat.engine.decisions import Discard
from heat.engine.events import (
    CardsRevealed,
    ClutteredHand,
    CornerChecked,
    CrossedFinish,
    Discarded,
    Drew,
    Event,
    HeatPaid,
    Moved,
    RaceEnded,
    RoundEnded,
    Shuffled,
    Slipstreamed,
    SpunOut,
)
from scenario import car, of_type, play, position, race_from, snapshot, state

DECK = ["1"] * 10
"""Enough cards for step 9, so that no reshuffle mixes paid Heat back into the hand."""

PASS = {"react": "done", "slipstream": "no slipstream", "discard": "discard nothing"}


def stay(*colors: str) -> list[str]:
    """Plans that keep a car where it is: 1st gear, the Starting Upgrade 0 (Speed 0)."""
    return [f"{color}: gear 1 play 0" for color in colors]


def parked(space: int, **fields: Any) -> dict[str, Any]:
    """A car that will play its 0 and stay put, with nothing to decide in its turn."""
    return car(space=space, hand=["0"], engine=0, **fields)


def run(race: Race, *entries: str) -> list[Event]:
    """Apply ``entries``, then decline every remaining choice until the round is over."""
    events = play(race, *entries)
    while race.phase == "turn":
        events += play(race, PASS[race.step])
    return events


def advance_to(race: Race, seat: int, step: str) -> list[Event]:
    """Decline every choice until ``seat`` reaches ``step`` of its turn."""
    events: list[Event] = []
    while not (race.phase == "turn" and race.to_decide() == (seat,) and race.step == step):
        assert race.phase == "turn", f"{seat} never reached {step}"
        events += play(race, PASS[race.step])
    return events


def where(race: Race, seat: int = 0) -> tuple[int, int, int]:
    """(lap, space, lane) of a car."""
    entry = state(race, seat)
    return entry["lap"], entry["space"], entry["lane"]


def checks(events: list[Event]) -> list[tuple[int, int, int, int]]:
    """(corner, speed, limit, heat) of every corner check."""
    return [(e.corner, e.speed, e.limit, e.heat) for e in of_type(events, CornerChecked)]


def payments(events: list[Event]) -> list[tuple[int, str]]:
    return [(e.amount, e.reason) for e in of_type(events, HeatPaid)]


def solo(**fields: Any) -> Race:
    """A one-car race (red), 1 lap, plan phase."""
    fields.setdefault("deck", DECK)
    return race_from(position([car(**fields)]))


def at_discard(hand: list[str], **fields: Any) -> Race:
    """Blue has had its turn; red stands at its Discard step with ``hand``, having played a 4."""
    red = car(space=20, hand=hand, play=["4"], deck=["2"] * 10, **fields)
    blue = car(space=40, discard=["3"])
    return race_from(position([red, blue], phase="turn", step="discard", order=[1, 0], turn_index=1))


# ---------------------------------------------------------------- B-7 Check Corner and Spin out


def test_B_7_1_ending_before_the_corner_line_is_no_check() -> None:
    # Speed 4 over limit 3, but the car stops on space 33: the line after 33 is not crossed.
    race = solo(space=29, gear=2, hand=["2", "2"])
    events = run(race, "red: gear 2 play 2 2")
    assert where(race)[1] == 33
    assert checks(events) == []
    assert state(race)["engine"] == 6


def test_B_7_1_corner_crossed_by_boost_is_checked() -> None:
    # The cards stop on 32; the Boost crosses the line after 33 "during this turn".
    race = solo(space=30, hand=["2"], deck=["3", *DECK])
    events = play(race, "red: gear 1 play 2", "boost")
    events += run(race, "done")
    assert where(race)[1] == 35
    assert checks(events) == [(2, 5, 3, 2)]
    assert state(race)["engine"] == 6 - 1 - 2  # Boost 1, corner 5 - 3


def test_B_7_2_adrenaline_plus_one_counts_for_the_corner() -> None:
    race = race_from(position([car(space=30, hand=["1", "2"], deck=DECK), parked(40)]))
    events = play(race, *stay("blue"), "red: gear 2 play 1 2")
    assert where(race)[1] == 33  # cards alone stop before the line
    events += run(race, "move 1 from adrenaline")
    assert where(race)[1] == 34
    assert checks(events) == [(2, 4, 3, 1)]  # Speed 3 + 1
    assert state(race)["engine"] == 5


def test_B_7_2_slipstream_spaces_not_in_corner_speed() -> None:
    # Red reaches 32 with Speed 3, slipstreams behind blue (33) to 34 across the line:
    # checked at Speed 3 (= limit), not 5, so the empty-ish Engine pays nothing.
    race = race_from(position([car(space=29, engine=2, hand=["1", "2"], deck=DECK), parked(33)]))
    events = play(race, *stay("blue"), "red: gear 2 play 1 2")
    events += advance_to(race, 0, "slipstream")
    events += run(race, "slipstream")
    assert of_type(events, Slipstreamed)
    assert where(race)[1] == 34
    assert checks(events) == [(2, 3, 3, 0)]
    assert state(race)["engine"] == 2


def test_B_7_3_speed_equal_to_limit_costs_nothing() -> None:
    race = solo(space=31, hand=["3"])
    events = run(race, "red: gear 1 play 3")
    assert where(race)[1] == 34
    assert checks(events) == [(2, 3, 3, 0)]
    assert payments(events) == []
    assert state(race)["engine"] == 6


def test_B_7_4_speed_over_limit_pays_the_difference() -> None:
    race = solo(space=30, hand=["4", "3"])
    events = run(race, "red: gear 2 play 3 4")
    assert where(race)[1] == 37
    assert payments(events) == [(4, "corner 2")]  # 7 - 3
    assert state(race)["engine"] == 2
    assert state(race)["discard"].count("heat") == 4  # B-13.1: paid Heat goes to the discard pile


def test_B_7_5_corners_paid_in_crossing_order() -> None:
    # 47 -> 58 crosses the lines after 49 (limit 3) and 57 (limit 2) at Speed 11.
    race = solo(space=47, gear=3, engine=17, hand=["4", "4", "3"])
    events = run(race, "red: gear 3 play 3 4 4")
    assert checks(events) == [(3, 11, 3, 8), (4, 11, 2, 9)]
    assert payments(events) == [(8, "corner 3"), (9, "corner 4")]
    assert state(race)["engine"] == 0
    assert where(race)[1] == 58
    assert not of_type(events, SpunOut)


@pytest.mark.parametrize(("laps", "checked", "engine"), [(1, [], 10), (2, [(1, 16, 7, 9)], 1)])
def test_B_7_6_corner_after_the_finish_line_is_ignored(laps: int, checked: list[Any], engine: int) -> None:
    # 66 -> lap 2 space 13 crosses the finish line and then corner 1's line. On the last lap
    # that corner lies after the finish (ignored); in a 2-lap race it is checked.
    race = race_from(position([car(space=66, gear=4, engine=10, hand=["4"] * 4, deck=DECK)], laps=laps))
    events = run(race, "red: gear 4 play 4 4 4 4")
    assert where(race)[:2] == (2, 13)
    assert checks(events) == checked
    assert state(race)["engine"] == engine


def spin_out_race(engine: int, gear: int = 2, **fields: Any) -> Race:
    """Red on 30 plays gear ``gear`` with 4s (Speed 4 x gear, the 1st gear plays the 5) and crosses
    corner 2 (limit 3) on the way to 34..46."""
    hand = ["5"] if gear == 1 else ["4"] * gear
    return solo(space=30, gear=gear, engine=engine, hand=hand, **fields)


def plan_of(gear: int) -> str:
    return "red: gear 1 play 5" if gear == 1 else f"red: gear {gear} play {' '.join(['4'] * gear)}"


def test_B_7_7_too_little_heat_pays_all_and_spins_out() -> None:
    race = spin_out_race(engine=3)  # Speed 8 costs 5
    events = run(race, plan_of(2))
    assert payments(events) == [(3, "corner 2")]
    assert state(race)["engine"] == 0
    assert [e.corner for e in of_type(events, SpunOut)] == [2]
    # The events say so (the statistics read them): the check owed 5 and could not be paid,
    # and the spin-out took the 3 the Engine held.
    assert [(e.heat, e.spin_out) for e in of_type(events, CornerChecked)] == [(5, True)]
    assert [e.heat for e in of_type(events, SpunOut)] == [3]


def test_B_7_8_spin_out_goes_back_before_the_corner_line() -> None:
    race = spin_out_race(engine=0)
    events = run(race, plan_of(2))
    assert of_type(events, Moved)[0].to_space == 38  # the cards took it past the corner
    assert where(race) == (1, 33, 2)  # last space before the line, race-line spot
    spun = of_type(events, SpunOut)[0]
    assert (spun.to_space, spun.to_lane) == (33, 2)


def test_B_7_8_spin_out_before_the_finish_line_does_not_finish() -> None:
    # 55 -> lap 2 space 3 crosses corner 4 (after 57) and then the finish line; the spin out
    # puts the car back on space 57 of lap 1, so it has not finished the race.
    race = solo(space=55, gear=4, engine=0, hand=["5", "4", "4", "4"])
    events = run(race, "red: gear 4 play 4 4 4 5")
    assert of_type(events, SpunOut)
    assert where(race)[:2] == (1, 57)
    assert state(race)["on_track"] and not state(race)["finished"]
    assert race.hall_of_fame == []
    assert not race.is_over


@pytest.mark.parametrize(("gear", "stress"), [(1, 1), (2, 1), (3, 2), (4, 2)])
def test_B_7_9_spin_out_stress_by_gear(gear: int, stress: int) -> None:
    race = spin_out_race(engine=0, gear=gear)
    events = run(race, plan_of(gear))
    assert [e.stress for e in of_type(events, SpunOut)] == [stress]
    assert state(race)["hand"].count("stress") == stress
    assert race.stress_reserve == 20 - stress  # taken from the reserve


def test_B_7_10_spin_out_resets_gear_to_first() -> None:
    race = spin_out_race(engine=0, gear=4)
    run(race, plan_of(4))
    assert state(race)["gear"] == 1
    assert {d.gear for d in race.legal_decisions(0)} == {1, 2}  # next round starts from 1st gear


# ---------------------------------------------------------------- B-8 Discard


def test_B_8_1_any_subset_of_the_hand_may_be_discarded() -> None:
    race = at_discard(["1", "2", "3"])
    texts = {d.text() for d in race.legal_decisions(0)}
    assert texts == {
        "discard nothing",
        "discard 1",
        "discard 2",
        "discard 3",
        "discard 1 2",
        "discard 1 3",
        "discard 2 3",
        "discard 1 2 3",
    }
    play(race, "discard 1 3")
    assert state(race)["discard"] == ["1", "3", "4"]
    assert state(race)["hand"] == ["2"] * 7  # the kept 2, then six 2s drawn in step 9


def test_B_8_1_discarding_nothing_keeps_the_hand() -> None:
    race = at_discard(["1", "3"])
    events = play(race, "discard nothing")
    assert of_type(events, Discarded) == []
    assert state(race)["hand"] == ["1", "3"] + ["2"] * 5
    assert state(race)["discard"] == ["4"]  # only the played card (step 9)


def test_B_8_2_discarded_cards_go_on_the_own_discard_pile() -> None:
    race = at_discard(["1", "2", "3"], discard=["0"])
    events = play(race, "discard 3 1")
    assert [e.cards for e in of_type(events, Discarded)] == [("1", "3")]
    assert state(race, 0)["discard"] == ["0", "1", "3", "4"]  # then step 9 adds the played 4
    assert state(race, 0)["hand"] == ["2"] + ["2"] * 6
    assert state(race, 1)["discard"] == ["3"]  # blue's pile is untouched


@pytest.mark.parametrize("card", ["heat", "stress"])
def test_B_8_3_heat_and_stress_can_never_be_discarded(card: str) -> None:
    race = at_discard(["1", "heat", "stress"])
    assert all(card not in d.cards for d in race.legal_decisions(0) if isinstance(d, Discard))
    before = snapshot(race)
    for text in (f"discard {card}", f"discard 1 {card}"):
        with pytest.raises(IllegalDecision, match="can never be discarded"):
            play(race, text)
        assert snapshot(race) == before


def test_B_8_3_no_discard_step_with_only_heat_and_stress_in_hand() -> None:
    race = solo(space=20, engine=0, hand=["1", "heat", "stress"])
    play(race, "red: gear 1 play 1", "done")
    assert race.phase == "plan"  # no Discard decision was asked for
    assert state(race)["hand"][:2] == ["heat", "stress"]


def test_OQ_B_16_upgrade_cards_other_than_heat_and_stress_can_be_discarded() -> None:
    race = at_discard(["0", "5", "heat"])
    assert Discard(("0", "5")) in race.legal_decisions(0)
    events = play(race, "discard 0 5")
    assert [e.cards for e in of_type(events, Discarded)] == [("0", "5")]
    assert state(race)["discard"] == ["0", "5", "4"]
    assert "0" not in state(race)["hand"] and "5" not in state(race)["hand"]


# ---------------------------------------------------------------- B-9 Replenish Hand


def test_B_9_1_play_area_goes_to_the_discard_pile() -> None:
    # The Stress flip discards the 0 and puts the 3 on the Stress card; both play-area cards
    # (Stress and the 3) go to the discard pile in step 9.
    race = solo(space=20, hand=["stress", "1"], deck=["0", "3"] + ["2"] * 6)
    run(race, "red: gear 1 play stress")
    assert where(race)[1] == 23
    assert state(race)["play"] == []
    assert state(race)["discard"] == ["0", "stress", "3"]


def test_B_9_2_draw_until_seven_cards_from_the_top() -> None:
    race = solo(space=20, engine=0, hand=["1", "heat", "heat"], deck=["1", "2", "3", "4", "1", "2", "3"])
    events = run(race, "red: gear 1 play 1")
    assert [e.count for e in of_type(events, Drew)] == [5]
    assert state(race)["hand"] == ["heat", "heat", "1", "2", "3", "4", "1"]
    assert state(race)["deck"] == ["2", "3"]


def test_B_9_3_next_car_starts_after_step_9() -> None:
    race = race_from(position([car(space=20, hand=["1"], deck=DECK), car(space=10, hand=["1"], deck=DECK)]))
    events = run(race, "red: gear 1 play 1", "blue: gear 1 play 1")
    sequence = [(type(e).__name__, e.seat) for e in events if isinstance(e, CardsRevealed | Drew)]
    assert sequence == [("CardsRevealed", 0), ("Drew", 0), ("CardsRevealed", 1), ("Drew", 1)]
    assert len(state(race, 0)["hand"]) == 7


def test_OQ_B_4_hand_above_seven_draws_nothing_and_keeps_every_card() -> None:
    # 6 Heat stay in hand; the spin out in 3rd gear adds 2 Stress: 8 cards.
    race = solo(space=30, gear=3, engine=0, hand=["4"] * 3 + ["heat"] * 6, deck=["1"] * 5)
    events = run(race, plan_of(3))
    assert Counter(state(race)["hand"]) == Counter({"heat": 6, "stress": 2})
    assert state(race)["deck"] == ["1"] * 5
    assert not of_type(events, Drew)


# ---------------------------------------------------------------- spin-out rulings


def test_OQ_B_2_card_move_blocked_behind_the_corner_line_is_not_a_crossing() -> None:
    # Red aims at 34 (Speed 4 > limit 3, empty Engine); 34 is full, so it stops on 33.
    race = race_from(position([car(space=30, engine=0, hand=["2", "2"], deck=DECK), parked(34), parked(34)]))
    events = run(race, *stay("blue", "green"), "red: gear 2 play 2 2")
    red_move = next(e for e in of_type(events, Moved) if e.seat == 0)
    assert red_move.blocked and red_move.to_space == 33
    assert checks(events) == []
    assert not of_type(events, SpunOut)
    assert "stress" not in state(race)["hand"]


def test_OQ_B_2_slipstream_blocked_behind_the_corner_line_is_not_a_crossing() -> None:
    # Red reaches 32 at Speed 4 and slipstreams behind blue (33); 34 is full, so it ends beside
    # blue on 33 and never crosses the line after 33.
    cars = [car(space=28, engine=0, hand=["2", "2"], deck=DECK), parked(33), parked(34), parked(34)]
    race = race_from(position(cars))
    events = play(race, *stay("blue", "green", "yellow"), "red: gear 2 play 2 2")
    events += advance_to(race, 0, "slipstream")
    events += run(race, "slipstream")
    assert where(race) == (1, 33, 1)
    assert checks(events) == []
    assert not of_type(events, SpunOut)


def test_OQ_B_8_turn_goes_on_with_discard_and_replenish_after_a_spin_out() -> None:
    race = solo(space=30, gear=2, engine=0, hand=["4", "4", "1"], deck=["2"] * 10)
    events = play(race, "red: gear 2 play 4 4", "done")
    assert of_type(events, SpunOut)
    assert (race.phase, race.step, race.to_decide()) == ("turn", "discard", (0,))
    play(race, "discard 1")
    assert state(race)["hand"] == ["stress"] + ["2"] * 6
    assert state(race)["discard"][-3:] == ["1", "4", "4"]


def test_OQ_B_9_earlier_corner_heat_stays_paid() -> None:
    # Corner 3 costs 8 (paid), corner 4 costs 9 with only 2 left: spin out behind corner 4.
    race = solo(space=47, gear=3, engine=10, hand=["4", "4", "3"])
    events = run(race, "red: gear 3 play 3 4 4")
    assert payments(events) == [(8, "corner 3"), (2, "corner 4")]
    assert [e.corner for e in of_type(events, SpunOut)] == [4]
    assert where(race) == (1, 57, 2)
    assert state(race)["engine"] == 0
    assert state(race)["discard"].count("heat") == 10


def test_OQ_B_10_spin_out_to_nearest_free_spot_behind_the_line() -> None:
    # 33 is full and the race-line spot of 32 is taken: red lands on 32, lane 1.
    cars = [car(space=30, gear=2, engine=0, hand=["4", "4"], deck=DECK)]
    cars += [parked(33, lane=2), parked(33, lane=1), parked(32, lane=2)]
    race = race_from(position(cars))
    events = run(race, *stay("blue", "green", "yellow"), "red: gear 2 play 4 4")
    spun = of_type(events, SpunOut)
    assert [(e.to_space, e.to_lane) for e in spun] == [(32, 1)]
    assert where(race) == (1, 32, 1)


def test_OQ_B_11_spin_out_stress_uses_the_gear_driven_this_round() -> None:
    # From 1st gear to 3rd (1 Heat for the two-gear shift): 2 Stress, not 1.
    race = solo(space=30, gear=1, engine=1, hand=["4", "4", "4"])
    events = run(race, "red: gear 3 play 4 4 4")
    assert payments(events)[0] == (1, "shift")
    assert [e.stress for e in of_type(events, SpunOut)] == [2]
    assert state(race)["hand"].count("stress") == 2
    assert state(race)["gear"] == 1


@pytest.mark.parametrize(("reserve", "taken"), [(1, 1), (0, 0)])
def test_OQ_B_18_empty_stress_reserve_gives_no_stress(reserve: int, taken: int) -> None:
    race = race_from(position([car(space=30, gear=3, engine=0, hand=["4"] * 3, deck=DECK)], stress_reserve=reserve))
    events = run(race, plan_of(3))
    assert [e.stress for e in of_type(events, SpunOut)] == [taken]
    assert state(race)["hand"].count("stress") == taken
    assert race.stress_reserve == 0


# ---------------------------------------------------------------- B-13 Heat


def test_B_13_1_paying_heat_moves_it_from_engine_to_discard() -> None:
    race = solo(space=14, hand=["4", "4", "4"])
    events = run(race, "red: gear 3 play 4 4 4")  # two-gear shift (B-1.2)
    assert payments(events) == [(1, "shift")]
    assert state(race)["engine"] == 5
    assert state(race)["discard"].count("heat") == 1
    assert "heat" not in state(race)["hand"]


def test_B_13_2_heat_cannot_be_played() -> None:
    race = solo(space=20, hand=["1", "2", "heat"])
    before = snapshot(race)
    with pytest.raises(IllegalDecision, match="Heat cards cannot be played"):
        play(race, "red: gear 2 play 1 heat")
    assert snapshot(race) == before
    assert all("heat" not in d.cards for d in race.legal_decisions(0))


def test_B_13_2_heat_cannot_be_discarded() -> None:
    race = at_discard(["2", "heat"])
    before = snapshot(race)
    with pytest.raises(IllegalDecision, match="Heat and Stress stay in hand"):
        play(race, "discard heat")
    assert snapshot(race) == before


def test_B_13_2_cluttered_hand_plays_heat() -> None:
    # 3rd gear, empty Engine: gears 2-4 are reachable and one playable card fills none (B-14).
    race = solo(space=20, gear=3, engine=0, hand=["1", "heat", "heat", "heat"])
    assert {d.text() for d in race.legal_decisions(0)} == {
        "gear 2 play 1 heat",
        "gear 3 play 1 heat heat",
        "gear 4 play 1 heat heat heat",
    }
    events = run(race, "red: gear 2 play 1 heat")
    assert of_type(events, ClutteredHand)
    assert where(race)[1] == 20
    assert Counter(state(race)["discard"]) == Counter({"1": 1, "heat": 1})


def test_B_13_3_only_cooldown_returns_heat_to_the_engine() -> None:
    race = solo(space=20, engine=0, hand=["1", "heat", "heat"])
    play(race, "red: gear 1 play 1")
    cooled = race.copy()
    run(cooled, "cooldown 2")
    run(race, "done")
    assert (state(cooled)["engine"], state(cooled)["hand"].count("heat")) == (2, 0)
    # Without Cooldown, Discard and Replenish leave both Heat cards in hand.
    assert (state(race)["engine"], state(race)["hand"].count("heat")) == (0, 2)


def test_B_13_4_heat_cycle_engine_discard_deck_hand_engine() -> None:
    race = solo(space=31, engine=1, hand=["4"], deck=[])
    events = run(race, "red: gear 1 play 4")  # corner 2 at Speed 4: 1 Heat
    assert payments(events) == [(1, "corner 2")]
    assert of_type(events, Shuffled)  # step 9: empty deck, the discard pile is shuffled in
    assert Counter(state(race)["hand"]) == Counter({"heat": 1, "4": 1})
    play(race, "red: gear 1 play 4")
    run(race, "cooldown 1")
    assert state(race)["engine"] == 1
    assert "heat" not in state(race)["hand"] + state(race)["deck"] + state(race)["discard"]


@pytest.mark.parametrize(("engine", "spins"), [(5, False), (4, True)])
def test_B_13_5_too_little_heat_for_a_corner_spins_out(engine: int, spins: bool) -> None:
    race = spin_out_race(engine=engine)  # Speed 8 at limit 3 costs 5
    events = run(race, plan_of(2))
    assert bool(of_type(events, SpunOut)) is spins
    assert where(race)[1] == (33 if spins else 38)
    assert state(race)["engine"] == 0


# ---------------------------------------------------------------- B-16 Finish


def test_B_16_1_race_lasts_the_laps_printed_on_the_board() -> None:
    race = Race(RaceConfig(seats=default_seats(2), track="usa", laps=None, seed=0, hand_size=7))
    assert race.laps == 2


@pytest.mark.parametrize(("laps", "finished"), [(1, True), (2, False)])
def test_B_16_1_crossing_the_line_finishes_only_on_the_last_lap(laps: int, finished: bool) -> None:
    race = race_from(position([car(space=66, hand=["4", "4"], deck=DECK)], laps=laps))
    events = run(race, "red: gear 2 play 4 4")
    assert where(race)[:2] == (2, 5)
    assert bool(of_type(events, CrossedFinish)) is finished
    assert race.hall_of_fame == ([0] if finished else [])
    assert race.is_over is finished


def two_rounds_to_finish() -> Race:
    """Red crosses the line in round 1; blue (behind) only in round 2."""
    red = car(space=67, engine=0, hand=["4"], deck=DECK)
    blue = car(space=60, engine=0, hand=["4"], deck=["4"] * 10)
    return race_from(position([red, blue]))


def test_B_16_2_first_car_across_the_line_wins() -> None:
    race = two_rounds_to_finish()
    run(race, "red: gear 1 play 4", "blue: gear 1 play 4")
    events = run(race, "blue: gear 2 play 4 4")
    assert where(race, 1)[:2] == (2, 3)  # blue ends further along than red (lap 2 space 2)
    assert race.hall_of_fame == [0, 1]
    assert race.standings() == [0, 1]
    assert [e.standings for e in of_type(events, RaceEnded)] == [(0, 1)]


def test_B_16_3_same_round_car_furthest_ahead_wins() -> None:
    # Red crosses first (lap 2 space 1), blue crosses later but ends on lap 2 space 5.
    race = race_from(position([car(space=68, hand=["2"], deck=DECK), car(space=66, hand=["4", "4"], deck=DECK)]))
    events = run(race, "red: gear 1 play 2", "blue: gear 2 play 4 4")
    assert [e.seat for e in of_type(events, CrossedFinish)] == [0, 1]
    assert race.hall_of_fame == [1, 0]


def test_B_16_3_side_by_side_the_race_line_spot_wins() -> None:
    # Both finished on lap 2 space 3; blue (moving last) holds the race-line spot (lane 1).
    red = car(space=3, lap=2, lane=2)
    blue = car(space=3, lap=2, lane=1, hand=["1"], play=["4"], deck=DECK)
    race = race_from(position([red, blue], phase="turn", step="discard", order=[0, 1], turn_index=1))
    play(race, "discard nothing")
    assert race.hall_of_fame == [1, 0]


def test_B_16_4_slipstream_cannot_cross_the_finish_line() -> None:
    # Red ends on 68 right behind blue on 69: a slipstream would cross the line on the last lap.
    cars = [car(space=66, engine=0, hand=["2"], deck=DECK), parked(69)]
    one_lap = race_from(position(cars))
    play(one_lap, *stay("blue"), "red: gear 1 play 2", "done")
    assert one_lap.phase == "plan"  # no Slipstream decision was offered
    assert where(one_lap)[:2] == (1, 68)
    two_laps = race_from(position(cars, laps=2))
    play(two_laps, *stay("blue"), "red: gear 1 play 2", "done")
    assert two_laps.step == "slipstream"  # the same spot allows it when it is not the last lap


def test_B_16_4_no_slipstream_after_the_finish_line() -> None:
    # Blue finished on lap 2 space 3; red has just crossed to lap 2 space 2, right behind it.
    blue = car(space=3, lap=2)
    red = car(space=2, lap=2, engine=0, hand=[], play=["4"], deck=DECK)
    race = race_from(
        position(
            [red, blue],
            phase="turn",
            step="react",
            order=[1, 0],
            turn_index=1,
            turn={"start_space": 67, "start_lap": 1, "speed": 4, "adrenaline": True},
        )
    )
    events = play(race, "done")
    assert not of_type(events, Slipstreamed)
    assert race.phase == "over"
    assert where(race)[:2] == (2, 2)


def test_B_16_5_speed_limits_after_the_finish_line_are_ignored() -> None:
    # Speed 17 from 66 to lap 2 space 14, across corner 1 (limit 7) with an empty Engine.
    race = solo(space=66, gear=4, engine=0, hand=["5", "4", "4", "4"])
    events = run(race, "red: gear 4 play 4 4 4 5")
    assert where(race)[:2] == (2, 14)
    assert checks(events) == []
    assert not of_type(events, SpunOut)
    assert race.hall_of_fame == [0]


def test_B_16_6_finished_cars_join_the_hall_of_fame_at_the_end_of_the_round() -> None:
    race = race_from(position([car(space=68, engine=0, hand=["4"], deck=DECK), car(space=40, hand=["1"], deck=DECK)]))
    play(race, "red: gear 1 play 4", "blue: gear 1 play 1")
    assert race.to_decide() == (1,)  # blue's React step, same round
    assert state(race, 0)["finished"] and state(race, 0)["on_track"]
    assert race.hall_of_fame == []
    events = run(race, "done")
    assert [e.finishers for e in of_type(events, RoundEnded)] == [(0,)]
    assert [e.order for e in of_type(events, RoundEnded)] == [(0, 1)]  # the order at the end of the round
    assert race.hall_of_fame == [0]
    assert not state(race, 0)["on_track"]


def test_B_16_7_play_goes_on_until_every_car_has_finished() -> None:
    race = two_rounds_to_finish()
    run(race, "red: gear 1 play 4", "blue: gear 1 play 4")
    assert race.hall_of_fame == [0]
    assert not race.is_over
    assert (race.phase, race.to_decide()) == ("plan", (1,))
    run(race, "blue: gear 2 play 4 4")
    assert race.is_over
    assert race.to_decide() == ()


def test_B_16_8_earlier_round_finishers_rank_above_later_ones() -> None:
    # Blue finished in an earlier round on lap 2 space 2; red now finishes far further along.
    blue = car(space=2, lap=2, on_track=False, finished=True)
    red = car(space=60, gear=4, engine=0, hand=["5", "4", "4", "4"], deck=DECK)
    race = race_from(position([red, blue], hall_of_fame=[1]))
    events = run(race, "red: gear 4 play 4 4 4 5")
    assert where(race)[:2] == (2, 8)
    assert race.hall_of_fame == [1, 0]
    assert [e.standings for e in of_type(events, RaceEnded)] == [(1, 0)]


def test_OQ_B_13_finished_cars_stay_and_block_until_the_end_of_the_round() -> None:
    # Red and green finish on lap 2 space 3 (both spots); blue then aims at that space too and
    # is blocked back to space 2, still across the finish line.
    cars = [car(space=68, engine=0, hand=["4"]), car(space=65, engine=0, hand=["3", "4"])]
    cars.append(car(space=67, engine=0, hand=["5"]))
    race = race_from(position(cars))
    events = play(race, "red: gear 1 play 4", "green: gear 1 play 5", "blue: gear 2 play 3 4")
    blue_move = next(e for e in of_type(events, Moved) if e.seat == 1)
    assert blue_move.blocked and (blue_move.to_lap, blue_move.to_space) == (2, 2)
    assert state(race, 0)["on_track"] and state(race, 2)["on_track"]
    run(race, "done")
    assert race.hall_of_fame == [0, 2, 1]  # red on the race-line spot, then green, then blue
    assert race.is_over


def test_OQ_B_14_hall_of_fame_uses_the_position_at_the_end_of_the_round() -> None:
    # Blue crosses to lap 2 space 1 behind red (space 2), then boosts 4 to space 5.
    red = car(space=68, engine=0, hand=["3"], deck=DECK)
    blue = car(space=66, engine=1, hand=["2", "2"], deck=["4", *DECK])
    race = race_from(position([red, blue]))
    play(race, "red: gear 1 play 3", "blue: gear 2 play 2 2")
    assert where(race, 1)[:2] == (2, 1)
    run(race, "boost")
    assert where(race, 1)[:2] == (2, 5)
    assert race.hall_of_fame == [1, 0]


def test_OQ_B_15_after_the_finish_the_car_simply_moves_its_speed() -> None:
    # Speed Limits no longer apply, but nothing forces extra movement: the Boost stays optional.
    race = solo(space=66, gear=4, engine=1, hand=["5", "4", "4", "4"], deck=["4", *DECK])
    events = play(race, "red: gear 4 play 4 4 4 5")
    assert race.step == "react" and any(d.text() == "done" for d in race.legal_decisions(0))
    events += run(race, "done")
    moves = of_type(events, Moved)
    assert [(m.spaces, m.blocked) for m in moves] == [(17, False)]
    assert where(race)[:2] == (2, 14)
    assert state(race)["engine"] == 1
