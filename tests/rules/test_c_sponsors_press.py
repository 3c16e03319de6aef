"""Rule scenarios: Sponsorship cards (C-31 to C-36), Press Corners (C-37 to C-41) and the event
challenges inside a Championship race (C-21, C-45), with the rulings OQ-C-4, OQ-C-5, OQ-C-6,
OQ-C-9, OQ-C-12 and OQ-L-7 (Legends gain nothing).

Races are built as positions: ``options.press_corners`` places the Press Corner standees,
``sponsors.deck`` is the Sponsorship deck (top first), ``weather.road`` the Road Conditions.
USA geometry: Corner Lines after spaces 12 (limit 7), 33 (3), 49 (3), 57 (2); the race-line spot
is lane 2 on spaces 13-57 and lane 1 elsewhere.
"""

from __future__ import annotations

from typing import Any

import pytest

from heat.engine import PositionError, Race, parse_entry, to_position
from heat.engine.events import (
    CardFlipped,
    CardsRemoved,
    CornerChecked,
    Discarded,
    Eliminated,
    Event,
    HeatPaid,
    Moved,
    Slipstreamed,
    SponsorGained,
    SpunOut,
)
from scenario import car, of_type, position, race_from, refused, state

RED, BLUE, GREEN, YELLOW = range(4)
ONES = ["1"] * 8
DECK = ["sp-turbo", "sp-wings", "sp-rpm", "sp-brakes", "sp-cooling"]


# ---------------------------------------------------------------------------------- helpers


def championship(
    cars: list[dict[str, Any]],
    press: tuple[int, ...] = (2,),
    road: tuple[str | None, ...] = (None, None, None, None),
    deck: list[str] | None = None,
    used: list[str] | None = None,
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> Race:
    """A USA race in the plan phase with Press Corners, Road Conditions and a Sponsorship deck."""
    return race_from(
        position(
            cars,
            weather={"token": None, "road": list(road)},
            options={"press_corners": list(press), **(options or {})},
            sponsors={"deck": DECK if deck is None else deck, "used": used or [], "first_lap": 0},
            **fields,
        )
    )


def act(race: Race, *entries: str) -> list[Event]:
    """Like ``scenario.play``, but the events as the engine logged them (private cards shown)."""
    assert race.log is not None
    start = len(race.log)
    for text in entries:
        race.apply(*parse_entry(race, text))
    return list(race.log[start:])


def settle(race: Race) -> list[Event]:
    """Answer every pending turn decision with the do-nothing choice until the next plan phase
    (or the end): 'done', 'no slipstream', 'discard nothing', 'refresh nothing'."""
    events: list[Event] = []
    while race.phase == "turn":
        texts = {d.text() for d in race.legal_decisions(race.to_decide()[0])}
        choice = next(t for t in ("done", "no slipstream", "discard nothing", "refresh nothing") if t in texts)
        events += act(race, choice)
    return events


def gained(events: list[Event]) -> list[tuple[int, str | None, str]]:
    return [(e.seat, e.card, e.reason) for e in of_type(events, SponsorGained)]


def sponsors(race: Race) -> dict[str, Any]:
    return to_position(race).get("sponsors", {"deck": [], "used": [], "first_lap": 0})


def red_moves_next(red: dict[str, Any], others: list[dict[str, Any]], **kwargs: Any) -> Race:
    """``others`` have had their turn (the last of them is at its Discard step holding a '1');
    red's ``play`` cards are face down: 'discard nothing' runs red's Reveal & Move."""
    others[-1]["hand"] = ["1"]
    cars = [red, *others]
    order = [*range(1, len(cars)), RED]
    return championship(
        cars, phase="turn", step="discard", order=order, turn_index=len(cars) - 2, adrenaline_seats=[], **kwargs
    )


# ------------------------------------------------------------------ C-31 to C-36: Sponsorship cards


def test_C_31_played_sponsorship_card_is_removed_at_the_end_of_the_turn():
    race = championship([car(space=1, hand=["sp-turbo", "1", "2"], deck=ONES)], press=())
    events = act(race, "red: gear 2 play sp-turbo 1")
    assert [e.spaces for e in of_type(events, Moved)] == [7]  # 6 + 1
    assert race.step == "react"
    assert sorted(state(race)["play"]) == ["1", "sp-turbo"]  # still in play during the turn
    events = settle(race)
    assert [e.cards for e in of_type(events, CardsRemoved)] == [("sp-turbo",)]
    red = state(race)
    assert "sp-turbo" not in red["hand"] + red["deck"] + red["discard"] + red["play"]
    assert red["discard"] == ["1"]
    assert sponsors(race)["used"] == ["sp-turbo"]  # out of the player's cards for good


def test_C_32_sponsorship_card_can_be_discarded_and_stays_in_the_deck():
    race = championship([car(space=1, hand=["sp-wings", "2", "1"], deck=[], discard=["3", "4"])], press=())
    act(race, "red: gear 1 play 1", "done")
    assert race.step == "discard"
    assert "discard sp-wings" in {d.text() for d in race.legal_decisions(RED)}
    events = act(race, "discard sp-wings")
    assert [e.cards for e in of_type(events, Discarded)] == [("sp-wings",)]
    assert not of_type(events, CardsRemoved)  # not played: not removed
    # The deck was empty: the discard pile (with the Sponsorship card) became the new deck.
    red = state(race)
    assert sorted(red["hand"]) == ["1", "2", "3", "4", "sp-wings"]
    assert sponsors(race)["used"] == []


def test_C_34_gaining_draws_the_top_sponsorship_card_into_hand():
    race = championship([car(space=30, gear=1, hand=["3", "3", "1"], deck=ONES)], deck=["sp-rpm", "sp-turbo"])
    events = act(race, "red: gear 2 play 3 3")
    events += settle(race)
    assert gained(events) == [(RED, "sp-rpm", "press corner 2")]
    assert "sp-rpm" in state(race)["hand"]
    assert sponsors(race)["deck"] == ["sp-turbo"]
    # Others see that a card was gained, not which.
    public = [e for e in race.events(BLUE) if isinstance(e, SponsorGained)]
    assert [(e.seat, e.card) for e in public] == [(RED, None)]


def test_C_35_empty_sponsorship_deck_reshuffles_the_cards_played_this_race():
    race = championship([car(space=30, hand=["3", "3", "1"], deck=ONES)], deck=[], used=["sp-wings", "sp-brakes"])
    events = act(race, "red: gear 2 play 3 3")
    events += settle(race)
    ((seat, card, _),) = gained(events)
    assert seat == RED and card in ("sp-wings", "sp-brakes")
    other = "sp-brakes" if card == "sp-wings" else "sp-wings"
    assert sponsors(race)["deck"] == [other] and sponsors(race)["used"] == []
    assert card in state(race)["hand"]


def test_C_35_nothing_gained_when_no_sponsorship_card_is_left():
    race = championship([car(space=30, hand=["3", "3", "1"], deck=ONES)], deck=[], used=[])
    events = act(race, "red: gear 2 play 3 3")
    events += settle(race)
    assert [(e.corner, e.speed, e.limit) for e in of_type(events, CornerChecked)] == [(2, 6, 3)]
    assert gained(events) == []
    assert not any(card.startswith("sp-") for card in state(race)["hand"])


def test_C_36_no_sponsorship_card_in_a_turn_with_a_spin_out():
    # Red crosses Press Corner 2 at Speed 8 (limit 3): 5 Heat, only 4 in the Engine.
    race = championship([car(space=27, gear=1, engine=4, hand=["4", "4", "1"], deck=ONES)])
    events = act(race, "red: gear 2 play 4 4")
    events += settle(race)
    assert [e.corner for e in of_type(events, SpunOut)] == [2]
    assert gained(events) == []
    assert sponsors(race)["deck"] == DECK


def test_C_36_no_event_challenge_card_either_in_a_spin_out_turn():
    # 'New speed record!': Speed 15 would earn a card, but the car spins out at corner 2.
    race = championship(
        [car(space=20, gear=3, engine=2, hand=["4", "4", "4", "3"], deck=ONES)], press=(), options={"speed_sponsor": 15}
    )
    events = act(race, "red: gear 4 play 4 4 4 3")
    events += settle(race)
    assert of_type(events, SpunOut)
    assert gained(events) == []


# ------------------------------------------------------------------ C-37 to C-41: Press Corners


def test_C_37_press_corner_challenges_every_car_for_the_whole_race():
    cars = [car(space=30, hand=["3", "3", "1", "1"], deck=ONES), car(space=26, hand=["1", "1", "3", "3"], deck=ONES)]
    race = championship(cars, laps=1)
    events = act(race, "red: gear 2 play 3 3", "blue: gear 2 play 1 1")
    events += settle(race)
    assert gained(events) == [(RED, "sp-turbo", "press corner 2")]
    assert race.round == 2
    events = act(race, "red: gear 2 play 1 1", "blue: gear 2 play 3 3")
    events += settle(race)
    assert gained(events) == [(BLUE, "sp-wings", "press corner 2")]  # still there in round 2
    assert [(e.seat, e.speed, e.heat) for e in of_type(events, CornerChecked)] == [(BLUE, 6, 3)]


def test_C_37_only_the_named_corners_are_press_corners():
    race = championship([car(space=30, hand=["3", "3", "1"], deck=ONES)], press=(1, 3))
    events = act(race, "red: gear 2 play 3 3")
    events += settle(race)
    assert [(e.corner, e.heat) for e in of_type(events, CornerChecked)] == [(2, 3)]
    assert gained(events) == []


def test_C_38_slipstream_across_the_press_corner_line_earns_a_card_at_any_speed():
    # Red at 31 plays a 1 (Speed 1) to 32, right behind blue on 33, and slipstreams to 34.
    red = car(space=31, hand=["1", "2"], deck=ONES, play=["1"])
    race = red_moves_next(red, [car(space=33, deck=ONES)])
    act(race, "discard nothing", "done")
    assert race.step == "slipstream"
    events = act(race, "slipstream")
    events += settle(race)
    assert [(e.corner, e.speed, e.limit, e.heat) for e in of_type(events, CornerChecked)] == [(2, 1, 3, 0)]
    assert gained(events) == [(RED, "sp-turbo", "press corner 2")]
    assert state(race)["engine"] == 6


def test_C_38_no_card_without_the_slipstream():
    red = car(space=31, hand=["1", "2"], deck=ONES, play=["1"])
    race = red_moves_next(red, [car(space=33, deck=ONES)])
    act(race, "discard nothing", "done")
    events = act(race, "no slipstream")
    events += settle(race)
    assert state(race)["space"] == 32
    assert gained(events) == []


@pytest.mark.parametrize(
    ("road", "cards", "heat", "earned"),
    [
        (None, ["2", "3"], 2, True),  # Speed 5 = limit 3 + 2
        (None, ["1", "3"], 1, False),  # Speed 4: only 1 over
        ("limit-plus", ["2", "3"], 1, False),  # limit 4: Speed 5 is 1 over
        ("limit-plus", ["3", "3"], 2, True),  # limit 4: Speed 6 is 2 over
        ("limit-minus", ["1", "3"], 2, True),  # limit 2: Speed 4 is 2 over
        ("limit-minus", ["1", "2"], 1, False),  # limit 2: Speed 3 is 1 over
    ],
)
def test_C_39_speed_two_over_the_limit_with_road_conditions_earns_a_card(road, cards, heat, earned):
    race = championship([car(space=31, hand=[*cards, "1"], deck=ONES)], road=(None, road, None, None))
    events = act(race, f"red: gear 2 play {' '.join(cards)}")
    events += settle(race)
    assert [e.heat for e in of_type(events, CornerChecked)] == [heat]
    assert gained(events) == ([(RED, "sp-turbo", "press corner 2")] if earned else [])


@pytest.mark.parametrize(("cards", "earned"), [(["sp-wings", "2"], False), (["sp-wings", "3"], True)])
def test_C_39_adjust_speed_limit_moves_the_press_threshold_too(cards, earned):
    # OQ-G-6: De Angeli Wings (Speed 3, Speed Limit +1) makes corner 2's limit 4 for red.
    race = championship([car(space=29, hand=[*cards, "1"], deck=ONES)], deck=["sp-rpm"])
    act(race, f"red: gear 2 play {' '.join(cards)}")
    events = act(race, "adjust 1 from sp-wings")
    events += settle(race)
    speed = 3 + int(cards[1])
    assert [(e.speed, e.limit, e.heat) for e in of_type(events, CornerChecked)] == [(speed, 4, speed - 4)]
    assert gained(events) == ([(RED, "sp-rpm", "press corner 2")] if earned else [])


def test_C_40_one_card_per_press_corner_even_meeting_both_conditions():
    # Red plays Speed 5 to 33, right behind blue (34), slipstreams across the line to 35: both
    # the slipstream and the Speed (limit 3 + 2) would earn a card; it gets one.
    red = car(space=28, hand=["1"], deck=ONES, play=["2", "3"], gear=2)
    race = red_moves_next(red, [car(space=34, deck=ONES)])
    act(race, "discard nothing", "done")
    events = act(race, "slipstream")
    events += settle(race)
    assert [(e.corner, e.speed, e.heat) for e in of_type(events, CornerChecked)] == [(2, 5, 2)]
    assert gained(events) == [(RED, "sp-turbo", "press corner 2")]


def test_C_40_two_press_corners_in_one_move_earn_one_card_each():
    # Limit +1 on corners 3 and 4 (limits 4 and 3): Speed 9 from 49 crosses both, 2+ over each.
    race = championship(
        [car(space=49, gear=2, engine=12, hand=["3", "3", "3", "1"], deck=ONES)],
        press=(3, 4),
        road=(None, None, "limit-plus", "limit-plus"),
    )
    events = act(race, "red: gear 3 play 3 3 3")
    events += settle(race)
    assert [(e.corner, e.limit, e.heat) for e in of_type(events, CornerChecked)] == [(3, 4, 5), (4, 3, 6)]
    assert gained(events) == [(RED, "sp-turbo", "press corner 3"), (RED, "sp-wings", "press corner 4")]


def test_C_41_press_corner_example_from_the_booklet():
    # Press Corner 2, printed limit 3 + Road Conditions +1 = 4. Yellow (Speed 6) pays 2 Heat and
    # gains a card; Blue (Speed 5) pays 1 Heat, only 1 over: nothing (OQ-C-9); Red (Speed 4)
    # pays nothing and slipstreams behind Blue across the line: a card.
    red = car(color="red", space=29, lane=1, hand=["1", "3", "2", "2"], deck=ONES)
    blue = car(color="blue", space=29, lane=2, hand=["2", "3", "1", "1"], deck=ONES)
    yellow = car(color="yellow", space=30, hand=["3", "3", "1", "1"], deck=ONES)
    race = championship([red, blue, yellow], road=(None, "limit-plus", None, None))
    red_, blue_, yellow_ = 0, 1, 2
    events = act(race, "red: gear 2 play 1 3", "blue: gear 2 play 2 3", "yellow: gear 2 play 3 3")
    assert race.order == [yellow_, blue_, red_]
    events += act(race, "done", "discard nothing")  # yellow
    events += act(race, "done", "discard nothing")  # blue
    events += act(race, "done")  # red: no Adrenaline move
    assert race.step == "slipstream"
    events += act(race, "slipstream")
    events += settle(race)
    checks = [(e.seat, e.corner, e.speed, e.limit, e.heat) for e in of_type(events, CornerChecked)]
    assert checks == [(yellow_, 2, 6, 4, 2), (blue_, 2, 5, 4, 1), (red_, 2, 4, 4, 0)]
    assert [(e.seat, e.amount) for e in of_type(events, HeatPaid)] == [(yellow_, 2), (blue_, 1)]
    assert gained(events) == [(yellow_, "sp-turbo", "press corner 2"), (red_, "sp-wings", "press corner 2")]
    assert [state(race, s)["engine"] for s in (red_, blue_, yellow_)] == [6, 5, 4]
    assert [e.seat for e in of_type(events, Slipstreamed)] == [red_]


def test_OQ_C_9_one_over_the_limit_pays_one_heat_and_earns_nothing():
    # The booklet's "3 Heat" for Blue is a misprint: 1 over the limit costs 1 Heat, no card.
    blue = car(space=29, hand=["2", "3", "1"], deck=ONES)
    race = championship([blue], road=(None, "limit-plus", None, None))
    events = act(race, "red: gear 2 play 2 3")
    events += settle(race)
    assert [(e.speed, e.limit, e.heat) for e in of_type(events, CornerChecked)] == [(5, 4, 1)]
    assert state(race)["engine"] == 5
    assert gained(events) == []


def test_OQ_C_5_press_corner_met_then_a_spin_out_later_earns_nothing():
    # Speed 9 from 49: corner 3 (limit 4) costs 5 and meets the Press Corner; corner 4 (limit 2)
    # then costs 7 with no Heat left: spin-out, so no card for corner 3 either.
    race = championship(
        [car(space=49, gear=2, engine=5, hand=["3", "3", "3", "1"], deck=ONES)],
        press=(3,),
        road=(None, None, "limit-plus", None),
    )
    events = act(race, "red: gear 3 play 3 3 3")
    events += settle(race)
    assert [(e.corner, e.heat) for e in of_type(events, CornerChecked)] == [(3, 5), (4, 7)]
    assert [e.corner for e in of_type(events, SpunOut)] == [4]
    assert gained(events) == []
    assert sponsors(race)["deck"] == DECK


def test_OQ_C_6_slipstream_that_does_not_itself_cross_the_line_earns_nothing():
    # Red crosses corner 2 with its cards at Speed 4 (1 over), then slipstreams 34 -> 36.
    red = car(space=30, hand=["1"], deck=ONES, play=["1", "3"], gear=2)
    race = red_moves_next(red, [car(space=35, deck=ONES)])
    act(race, "discard nothing", "done")
    assert race.step == "slipstream"
    events = act(race, "slipstream")
    events += settle(race)
    assert [e.seat for e in of_type(events, Slipstreamed)] == [RED]
    assert state(race)["space"] == 36
    assert [(e.corner, e.speed, e.heat) for e in of_type(events, CornerChecked)] == [(2, 4, 1)]
    assert gained(events) == []


def test_OQ_C_6_slipstream_across_a_corner_without_a_standee_earns_nothing():
    red = car(space=31, hand=["1", "2"], deck=ONES, play=["1"])
    race = red_moves_next(red, [car(space=33, deck=ONES)], press=(1, 3))
    act(race, "discard nothing", "done")
    events = act(race, "slipstream")
    events += settle(race)
    assert state(race)["space"] == 34
    assert gained(events) == []


def test_OQ_C_12_card_drawn_at_the_end_of_step_7_and_discardable_in_step_8():
    red = car(space=31, hand=["1", "2"], deck=ONES, play=["1"])
    race = red_moves_next(red, [car(space=33, deck=ONES)])
    act(race, "discard nothing", "done")
    events = act(race, "slipstream")
    names = [type(e).__name__ for e in events if e.seat == RED]
    assert names == ["Slipstreamed", "Moved", "CornerChecked", "SponsorGained"]
    assert race.step == "discard" and "sp-turbo" in state(race)["hand"]
    assert "discard sp-turbo" in {d.text() for d in race.legal_decisions(RED)}
    events = act(race, "discard sp-turbo")
    assert [e.cards for e in of_type(events, Discarded)] == [("sp-turbo",)]
    red_now = state(race)
    assert "sp-turbo" in red_now["discard"] and "sp-turbo" not in red_now["hand"]
    assert sponsors(race)["used"] == []  # discarded, not played: it stays the player's card


def test_OQ_C_4_sponsorship_card_flipped_by_a_plus_symbol_is_discarded_not_removed():
    race = championship([car(space=1, hand=["stress", "1"], deck=["sp-turbo", "3", *ONES])], press=())
    events = act(race, "red: gear 1 play stress")
    events += settle(race)
    assert [(e.card, e.kept) for e in of_type(events, CardFlipped)] == [("sp-turbo", False), ("3", True)]
    assert [e.spaces for e in of_type(events, Moved)] == [3]
    assert not of_type(events, CardsRemoved)
    red = state(race)
    assert "sp-turbo" in red["discard"]
    assert sponsors(race)["used"] == []


# ------------------------------------------------------------------ C-21, C-45: event challenges


def test_C_45_first_three_across_the_line_on_lap_1_gain_a_card():
    cars = [car(space=69 - i, lane=1, hand=["4", "1"], deck=ONES) for i in range(4)]
    race = championship(cars, press=(), laps=2, options={"first_lap_sponsors": 3})
    events = act(race, "red: gear 1 play 4", "blue: gear 1 play 4", "green: gear 1 play 4", "yellow: gear 1 play 4")
    events += settle(race)
    assert [(e.seat, e.to_lap) for e in of_type(events, Moved)] == [(s, 2) for s in range(4)]
    assert gained(events) == [
        (RED, "sp-turbo", "first across the line"),
        (BLUE, "sp-wings", "first across the line"),
        (GREEN, "sp-rpm", "first across the line"),
    ]
    assert sponsors(race)["first_lap"] == 4
    # Crossing it again on lap 2 earns nothing more.
    events = act(race, *(f"{c}: gear 1 play 1" for c in ("red", "blue", "green", "yellow")))
    events += settle(race)
    assert gained(events) == []


def test_C_45_later_crossings_earn_nothing_once_three_have_crossed():
    cars = [car(space=68, hand=["4", "1"], deck=ONES), car(space=3, lap=2, hand=["1"], deck=ONES)]
    race = championship(cars, press=(), laps=2, options={"first_lap_sponsors": 3})
    data = to_position(race)
    data["sponsors"]["first_lap"] = 3
    race = race_from(data)
    events = act(race, "blue: gear 1 play 1", "red: gear 1 play 4")
    events += settle(race)
    assert [(e.seat, e.to_lap) for e in of_type(events, Moved) if e.seat == RED] == [(RED, 2)]
    assert gained(events) == []


def test_OQ_L_7_a_legend_takes_a_place_across_the_line_but_gains_nothing():
    cars = [
        car(space=68, lane=1, hand=["4", "1"], deck=ONES),
        car(space=67, lane=1, hand=["4", "1"], deck=ONES),
        car(space=66, lane=1, hand=["4", "1"], deck=ONES),
        car(color="yellow", legend=True, space=69, lane=1, engine=0),
    ]
    race = championship(cars, press=(), laps=2, options={"first_lap_sponsors": 3}, legends={"deck": [1], "card": None})
    events = act(race, "red: gear 1 play 4", "blue: gear 1 play 4", "green: gear 1 play 4")
    events += settle(race)
    assert next(e.seat for e in of_type(events, Moved)) == YELLOW  # the Legend crossed first
    assert gained(events) == [(RED, "sp-turbo", "first across the line"), (BLUE, "sp-wings", "first across the line")]
    assert state(race, YELLOW)["hand"] == []


def test_OQ_L_7_legends_earn_no_press_corner_reward():
    # A Legend past corner 2's Legends Line moves to its limit + 2 (the ◆ of card 1): the Speed a
    # player would need for the Press Corner, and across its line.
    legend = car(color="green", legend=True, space=29, engine=0)
    player = car(color="black", space=60, hand=["0"], deck=["0"] * 9, engine=0)
    race = championship([player, legend], hand_size=1, legends={"deck": [1], "card": None})
    events = act(race, "black: gear 1 play 0")
    assert [(e.from_space, e.to_space) for e in of_type(events, Moved) if e.seat == 1] == [(29, 34)]
    assert gained(events) == []
    assert state(race, 1)["hand"] == []


def test_C_21_speed_15_or_more_gains_a_card():
    race = championship(
        [car(space=13, gear=3, hand=["4", "4", "4", "3", "2"], deck=ONES)], press=(), options={"speed_sponsor": 15}
    )
    events = act(race, "red: gear 4 play 4 4 4 3")
    events += settle(race)
    assert [e.spaces for e in of_type(events, Moved)] == [15]
    assert gained(events) == [(RED, "sp-turbo", "Speed 15")]


def test_C_21_speed_14_gains_nothing():
    race = championship(
        [car(space=13, gear=3, hand=["4", "4", "4", "2", "3"], deck=ONES)], press=(), options={"speed_sponsor": 15}
    )
    events = act(race, "red: gear 4 play 4 4 4 2")
    events += settle(race)
    assert [e.spaces for e in of_type(events, Moved)] == [14]
    assert gained(events) == []


def test_C_21_passing_three_cars_in_a_round_gains_a_card():
    red = car(space=14, hand=["1"], deck=ONES, play=["4", "4"], gear=2)
    others = [car(space=15, deck=ONES), car(space=16, deck=ONES), car(space=18, deck=ONES)]
    race = red_moves_next(red, others, press=(), options={"pass_sponsor": 3})
    events = act(race, "discard nothing")
    events += settle(race)
    assert state(race)["space"] == 22
    assert gained(events) == [(RED, "sp-turbo", "passed 3 cars")]


def test_C_21_passing_two_cars_gains_nothing():
    red = car(space=14, hand=["1"], deck=ONES, play=["4", "4"], gear=2)
    others = [car(space=15, deck=ONES), car(space=16, deck=ONES), car(space=25, deck=ONES)]
    race = red_moves_next(red, others, press=(), options={"pass_sponsor": 3})
    events = act(race, "discard nothing")
    events += settle(race)
    assert state(race)["space"] == 22
    assert gained(events) == []


def test_C_21_spin_out_eliminates_the_car_in_the_1963_finale():
    cars = [
        car(space=27, gear=1, engine=1, hand=["4", "4", "1"], deck=ONES),
        car(space=20, hand=["1", "1"], deck=ONES),
    ]
    race = championship(cars, press=(), options={"spin_out_eliminates": True})
    events = act(race, "red: gear 2 play 4 4", "blue: gear 1 play 1")
    events += settle(race)
    assert [e.seat for e in of_type(events, SpunOut)] == [RED]
    assert [e.seat for e in of_type(events, Eliminated)] == [RED]
    assert race.eliminated == [RED]
    assert not race.cars[RED].on_track
    assert to_position(race)["eliminated"] == [RED]
    assert race.to_decide() == (BLUE,)  # the race goes on without red
    assert race.standings() == [BLUE, RED]
    assert "red" in refused(race, "red: gear 1 play 1").lower()


def test_C_21_without_the_event_a_spin_out_does_not_eliminate():
    cars = [car(space=27, gear=1, engine=1, hand=["4", "4", "1"], deck=ONES), car(space=20, hand=["1"], deck=ONES)]
    race = championship(cars, press=())
    events = act(race, "red: gear 2 play 4 4", "blue: gear 1 play 1")
    events += settle(race)
    assert of_type(events, SpunOut) and not of_type(events, Eliminated)
    assert race.cars[RED].on_track and race.eliminated == []
    assert RED in race.to_decide()


def test_C_31_sponsorship_card_played_in_an_elimination_turn_still_leaves_the_game():
    # Red plays Lord&Co. (6) + 4 into corner 2 with 1 Heat: spin-out, eliminated (1963 finale).
    cars = [
        car(space=27, gear=1, engine=1, hand=["sp-turbo", "4", "1"], deck=ONES),
        car(space=20, hand=["1", "1"], deck=ONES),
    ]
    race = championship(cars, press=(), deck=["sp-rpm"], options={"spin_out_eliminates": True})
    events = act(race, "red: gear 2 play sp-turbo 4", "blue: gear 1 play 1", "done")
    assert [e.seat for e in of_type(events, Eliminated)] == [RED]
    assert [(e.seat, e.cards) for e in of_type(events, CardsRemoved)] == [(RED, ("sp-turbo",))]
    red = state(race)
    assert red["play"] == [] and "sp-turbo" not in red["hand"] + red["deck"] + red["discard"]
    assert sponsors(race) == {"deck": ["sp-rpm"], "used": ["sp-turbo"], "first_lap": 0}
    # The position mid-round, with the eliminated car still in the round's order, reloads.
    data = to_position(race)
    assert data["order"] == [RED, BLUE] and data["eliminated"] == [RED]
    assert to_position(race_from(data)) == data
    with pytest.raises(PositionError, match="active car"):
        race_from({**data, "turn_index": 0})
