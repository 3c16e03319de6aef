"""Rule scenarios for the Garage module, part 2: Upgrade cards in play. Reveal (fixed values,
+ symbols, value choices), the React symbols (mandatory Heat, Scrap, Adjust Speed Limit; optional
Cooldown, Slipstream boost, Reduce Stress, Refresh, Salvage, Direct Play, Accelerate), One-time
use (G-19 to G-38) and the rulings OQ-G-1 to OQ-G-7 and OQ-G-9 of the rules digest.

USA geometry used throughout: Corner Lines after spaces 12 (limit 7), 33 (3), 49 (3), 57 (2); the
race-line spot is lane 2 on spaces 13-57. A race of one car gives that car Adrenaline (B-4), so
its React step always offers something.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from heat.engine import Race, RaceConfig, SeatConfig, to_position, view_of
from heat.engine.events import (
    Boosted,
    CardFlipped,
    CardsRemoved,
    ClutteredHand,
    CooledDown,
    Drew,
    Event,
    HeatPaid,
    Moved,
    Refreshed,
    Salvaged,
    SpeedChosen,
    SymbolUsed,
)
from heat.engine.rng import Rng
from scenario import car, corner_checks, of_type, options, play, position, race_from, refused, state, turn

RED, BLUE, GREEN = range(3)
ONES = ["1"] * 12


# ---------------------------------------------------------------------------------- helpers


def revealed(plan: str, **red: Any) -> tuple[Race, list[Event]]:
    """Red alone on the track (space 20 unless given, a deck of 1s) commits ``plan``; returns
    the race at red's first decision after the plan and the events so far."""
    fields: dict[str, Any] = {"space": 20, "deck": ONES}
    fields.update(red)
    hand_size = fields.pop("hand_size", 7)
    road = fields.pop("road", None)
    extra: dict[str, Any] = {"hand_size": hand_size}
    if road is not None:
        extra["weather"] = {"token": None, "road": road}
    race = race_from(position([car(**fields)], **extra))
    events = play(race, f"red: {plan}")
    return race, events


def at_react(cars: list[dict[str, Any]], **turn: Any) -> Race:
    """Red (seat 0) is the active car in its React step; every other car has had its turn."""
    order = [*range(1, len(cars)), RED]
    return race_from(position(cars, phase="turn", step="react", order=order, turn_index=len(cars) - 1, turn=turn))


def flips(events: list[Event]) -> list[tuple[str, bool, str]]:
    return [(e.card, e.kept, e.reason) for e in of_type(events, CardFlipped)]


# ------------------------------------------------------------ G-19 to G-21 Reveal & Move


def test_G_19_fixed_value_upgrade_adds_its_value_like_a_basic_card():
    race, events = revealed("gear 2 play body-5 3", hand=["body-5", "3"])
    assert not flips(events)
    assert turn(race)["speed"] == 8
    (move,) = of_type(events, Moved)
    assert (move.from_space, move.to_space, move.spaces) == (20, 28, 8)


def test_G_20_plus_symbols_resolved_first_each_by_the_plus_process():
    deck = ["heat", "1", "2", "turbo-7", "3", "4", "1"]
    race, events = revealed(
        "gear 3 play stress 4wd-triple brakes-13",
        space=14,
        gear=2,
        hand=["stress", "4wd-triple", "brakes-13"],
        deck=deck,
    )
    # The Stress card flips first (OQ-B-20), then the three + of 4wd-triple, each until a Basic card.
    assert flips(events) == [
        ("heat", False, "stress"),
        ("1", True, "stress"),
        ("2", True, "upgrade"),
        ("turbo-7", False, "upgrade"),
        ("3", True, "upgrade"),
        ("4", True, "upgrade"),
    ]
    # Only then the value of brakes-13 is chosen; the car has not moved yet.
    assert race.step == "choose" and not of_type(events, Moved)
    assert turn(race)["speed"] == 1 + 2 + 3 + 4
    assert turn(race)["plus_used"] == 4
    events = play(race, "speed 3 for brakes-13")
    assert [(e.card, e.value) for e in of_type(events, SpeedChosen)] == [("brakes-13", 3)]
    (move,) = of_type(events, Moved)
    assert (move.from_space, move.to_space) == (14, 27)


def test_G_21_choose_the_value_of_a_card_offering_several():
    race, _ = revealed("gear 1 play brakes-15", hand=["brakes-15"])
    assert race.step == "choose"
    assert options(race) == {"speed 1 for brakes-15", "speed 5 for brakes-15"}
    message = refused(race, "speed 3 for brakes-15")
    assert "G-21" in message and "speed 1 for brakes-15, speed 5 for brakes-15" in message
    assert "G-21" in refused(race, "speed 5 for brakes-13")  # a card red did not play
    assert "G-21" in refused(race, "done")  # the value must be chosen before anything else
    play(race, "speed 5 for brakes-15")
    assert turn(race)["speed"] == 5
    assert state(race)["space"] == 25


def test_G_21_each_choice_card_is_chosen_once():
    race, _ = revealed("gear 2 play brakes-13 brakes-24", hand=["brakes-13", "brakes-24"])
    assert options(race) == {
        "speed 1 for brakes-13",
        "speed 3 for brakes-13",
        "speed 2 for brakes-24",
        "speed 4 for brakes-24",
    }
    play(race, "speed 4 for brakes-24")
    assert race.step == "choose"
    assert options(race) == {"speed 1 for brakes-13", "speed 3 for brakes-13"}
    assert "G-21" in refused(race, "speed 2 for brakes-24")
    play(race, "speed 1 for brakes-13")
    assert state(race)["space"] == 25


# ------------------------------------------------------------------- G-22 to G-24 React


def wings_played(**red: Any) -> Race:
    race, _ = revealed("gear 1 play wings-4", hand=["wings-4"], deck=["4", "heat", "1", "3", "2"], **red)
    return race


def test_G_22_symbols_wait_for_react_and_apply_in_any_order():
    race = wings_played()
    # Nothing of wings-4 (Heat 1, Scrap 2, Speed Limit +2) has happened at reveal.
    assert race.step == "react"
    assert state(race)["engine"] == 6 and state(race)["deck"] == ["4", "heat", "1", "3", "2"]
    assert turn(race)["symbols"] == [["heat", 1, "wings-4"], ["scrap", 2, "wings-4"], ["adjust", 2, "wings-4"]]
    ends = []
    for order in (
        ["heat 1 from wings-4", "scrap 2 from wings-4", "adjust 2 from wings-4"],
        ["adjust 2 from wings-4", "scrap 2 from wings-4", "heat 1 from wings-4"],
        ["scrap 2 from wings-4", "heat 1 from wings-4", "adjust 2 from wings-4"],
    ):
        race = wings_played()
        for entry in order:
            assert entry in options(race)
            play(race, entry)
        red = state(race)
        ends.append((red["engine"], red["deck"], Counter(red["discard"]), turn(race)["adjust"]))
    assert ends[0] == (5, ["1", "3", "2"], Counter({"heat": 2, "4": 1}), 2)
    assert ends[1] == ends[0] and ends[2] == ends[0]


def test_G_23_mandatory_symbols_must_be_used_before_done():
    race = wings_played()
    assert "done" not in options(race)
    message = refused(race, "done")
    assert "G-23" in message
    assert "heat 1 from wings-4" in message and "scrap 2 from wings-4" in message and "adjust 2" in message
    play(race, "heat 1 from wings-4", "scrap 2 from wings-4")
    message = refused(race, "done")
    assert "adjust 2 from wings-4" in message and "heat 1" not in message
    play(race, "adjust 2 from wings-4")
    assert "done" in options(race)
    play(race, "done")
    assert race.round == 2


def test_G_23_optional_symbols_need_not_be_applied():
    race, _ = revealed("gear 3 play cooling-3 1 2", gear=3, engine=4, hand=["cooling-3", "1", "2", "heat"])
    assert {"cooldown 1 from cooling-3", "done"} <= options(race)
    play(race, "done")
    assert state(race)["engine"] == 4  # the Cooldown was not used
    assert "heat" in state(race)["hand"]


def test_G_24_card_with_mandatory_and_optional_symbols():
    # cooling-6: Heat 1 (mandatory) and Cooldown 1 (optional).
    race, _ = revealed("gear 3 play cooling-6 1 2", gear=3, hand=["cooling-6", "1", "2", "heat"])
    assert {"heat 1 from cooling-6", "cooldown 1 from cooling-6"} <= options(race)
    assert "done" not in options(race)
    play(race, "heat 1 from cooling-6")
    assert "done" in options(race) and "cooldown 1 from cooling-6" in options(race)


def test_G_24_one_time_use_is_applied_without_a_choice():
    race, _ = revealed("gear 1 play sp-turbo", hand=["sp-turbo"])
    assert not any("sp-turbo" in option for option in options(race))  # nothing to decide about it
    events = play(race, "done")
    assert [e.cards for e in of_type(events, CardsRemoved)] == [("sp-turbo",)]


# ----------------------------------------------------------------- G-25 to G-29 mandatory


def test_G_25_heat_symbol_moves_heat_from_engine_to_discard_pile():
    race, _ = revealed("gear 1 play turbo-7", hand=["turbo-7"])
    assert "heat 1 from turbo-7" not in options(race)  # the printed amount, not less
    assert "'heat 1 from turbo-7' is not a symbol" in refused(race, "heat 1 from turbo-7")
    refused(race, "heat 2 from wings-4")  # a card red did not play
    events = play(race, "heat 2 from turbo-7")
    assert [(e.amount, e.reason) for e in of_type(events, HeatPaid)] == [(2, "turbo-7")]
    assert state(race)["engine"] == 4
    assert state(race)["discard"] == ["heat", "heat"]
    refused(race, "heat 2 from turbo-7")  # used once only


def test_G_26_unpayable_upgrade_cannot_be_played_so_the_accident_rule_never_applies():
    race = race_from(position([car(space=20, engine=1, hand=["turbo-7", "3", "2", "1"], deck=ONES)]))
    assert not any("turbo-7" in option for option in options(race))
    assert "OQ-G-3" in refused(race, "red: gear 1 play turbo-7")
    # With nothing else to play, the hand is cluttered: the Heat card fills it first, then the
    # unpayable card (held like a Heat card); no move, no Heat owed (B-14, OQ-B-5, OQ-B-6) and
    # never a replacement card.
    race = race_from(position([car(space=20, engine=0, hand=["turbo-7", "heat"], deck=ONES)]))
    assert options(race) == {"gear 1 play heat", "gear 2 play heat turbo-7"}
    events = play(race, "red: gear 1 play heat")
    assert of_type(events, ClutteredHand)
    assert not of_type(events, CardFlipped)
    assert state(race)["space"] == 20 and state(race)["engine"] == 0
    assert "turbo-7" in state(race)["hand"]
    race = race_from(position([car(space=20, engine=0, hand=["turbo-7", "heat"], deck=ONES)]))
    events = play(race, "red: gear 2 play heat turbo-7")
    assert of_type(events, ClutteredHand) and not of_type(events, HeatPaid)
    assert state(race)["space"] == 20 and state(race)["engine"] == 0
    assert sorted(state(race)["discard"]) == ["heat", "turbo-7"]


def test_G_27_scrap_discards_the_top_card_of_the_draw_deck_n_times():
    race, _ = revealed("gear 1 play pedal-2", hand=["pedal-2"], deck=["4", "heat", "1", "3"])
    assert "scrap 2 from pedal-2" in options(race) and "done" not in options(race)
    refused(race, "scrap 1 from pedal-2")
    events = play(race, "scrap 2 from pedal-2")
    assert [(e.symbol, e.amount, e.cards) for e in of_type(events, SymbolUsed)] == [("scrap", 2, ("4", "heat"))]
    assert state(race)["deck"] == ["1", "3"]
    assert state(race)["discard"] == ["4", "heat"]


def test_G_28_positive_adjust_raises_the_speed_limit_this_turn():
    race, _ = revealed("gear 1 play wings-6", space=28, engine=8, hand=["wings-6"])
    assert view_of(race, RED).corners[1].speed_limit == 3
    play(race, "heat 2 from wings-6", "adjust 3 from wings-6")
    assert view_of(race, RED).corners[1].speed_limit == 6  # for red, this turn
    events = play(race, "done")
    assert corner_checks(events) == [(2, 6, 6, 0)]  # without the +3 it would cost 3 Heat
    assert state(race)["engine"] == 6
    assert view_of(race, RED).corners[1].speed_limit == 3  # next round: the printed limit again


def test_G_28_negative_adjust_lowers_the_speed_limit():
    race, _ = revealed("gear 1 play tires-3", space=31, hand=["tires-3"])
    play(race, "adjust -1 from tires-3")
    events = play(race, "done")
    assert corner_checks(events) == [(2, 3, 2, 1)]  # Speed 3 is 1 over the lowered limit
    assert state(race)["engine"] == 5


def test_G_28_adjust_applies_to_every_corner_line_crossed():
    race, _ = revealed("gear 3 play wings-6 4 1", space=47, gear=3, engine=20, hand=["wings-6", "4", "1"])
    play(race, "heat 2 from wings-6", "adjust 3 from wings-6")
    events = play(race, "done")
    assert corner_checks(events) == [(3, 11, 6, 5), (4, 11, 5, 6)]


def test_G_29_one_time_use_card_leaves_the_game_in_step_9():
    race, _ = revealed("gear 1 play sp-turbo", hand=["sp-turbo", "sp-wings", "3"])
    play(race, "done")
    assert race.step == "discard"
    events = play(race, "discard sp-wings")
    assert [e.cards for e in of_type(events, CardsRemoved)] == [("sp-turbo",)]
    red = state(race)
    everywhere = red["hand"] + red["deck"] + red["discard"] + red["play"]
    assert "sp-turbo" not in everywhere
    # Only a card in the play area is removed: a discarded Sponsorship card stays in the game.
    assert red["discard"] == ["sp-wings"]


# ----------------------------------------------------------------- G-30 to G-37 optional


def test_G_30_cooldown_returns_up_to_n_heat_cards_from_hand_to_engine():
    race, _ = revealed(
        "gear 3 play cooling-1 1 2", gear=3, engine=3, hand=["cooling-1", "1", "2", "heat", "heat", "heat"]
    )
    assert {"cooldown 1 from cooling-1", "cooldown 2 from cooling-1"} <= options(race)
    assert "G-30" in refused(race, "cooldown 3 from cooling-1")
    events = play(race, "cooldown 2 from cooling-1")
    assert [(e.count, e.source) for e in of_type(events, CooledDown)] == [(2, "cooling-1")]
    assert state(race)["engine"] == 5
    assert state(race)["hand"].count("heat") == 1
    assert "G-30" in refused(race, "cooldown 1 from cooling-1")  # the symbol is used up


def test_G_30_cooldown_needs_heat_cards_in_hand():
    race, _ = revealed("gear 3 play cooling-1 1 2", gear=3, engine=3, hand=["cooling-1", "1", "2"])
    assert not any("cooling-1" in option for option in options(race))
    refused(race, "cooldown 1 from cooling-1")


def slipstream_race(card: str) -> Race:
    """Blue (space 22) moves to 23 first; red plays ``card`` (Speed 2) from 20 to 22, right
    behind blue, and is at its Slipstream step."""
    red = car(space=20, hand=[card], deck=ONES)
    blue = car(space=22, hand=["1"], deck=ONES)
    race = race_from(position([red, blue]))
    play(race, f"red: gear 1 play {card}", "blue: gear 1 play 1", "blue: done", "red: done")
    assert race.step == "slipstream" and state(race)["space"] == 22
    return race


def test_G_31_slipstream_boost_lengthens_the_slipstream():
    race = slipstream_race("rpm-2")  # Slipstream boost +2
    assert options(race) == {"slipstream", "slipstream 3", "slipstream 4", "no slipstream"}
    assert "G-31" in refused(race, "slipstream 5")
    speed = turn(race)["speed"]
    events = play(race, "slipstream 4")
    (move,) = [e for e in of_type(events, Moved) if e.reason == "slipstream"]
    assert (move.from_space, move.to_space) == (22, 26)
    assert speed == 2  # Speed unchanged by the slipstream (B-6.5)


def test_G_31_without_boost_the_slipstream_is_two_spaces():
    race = slipstream_race("2")
    assert options(race) == {"slipstream", "no slipstream"}
    assert "G-31" in refused(race, "slipstream 3")


def test_G_32_reduce_stress_discards_up_to_n_stress_cards_from_hand():
    race, _ = revealed("gear 1 play body-3", hand=["body-3", "stress", "stress", "stress"])
    assert {"reduce-stress 1 from body-3", "reduce-stress 2 from body-3"} <= options(race)
    refused(race, "reduce-stress 3 from body-3")
    events = play(race, "reduce-stress 2 from body-3")
    assert [e.cards for e in of_type(events, SymbolUsed)] == [("stress", "stress")]
    # An exception to B-8.3: Stress cards reach the discard pile.
    assert state(race)["discard"] == ["stress", "stress"]
    assert state(race)["hand"] == ["stress"]


def refresh_race(hand_size: int) -> Race:
    race, _ = revealed("gear 1 play susp-4", hand=["susp-4", "3", "2"], hand_size=hand_size)
    play(race, "done", "discard nothing")
    assert race.step == "refresh"
    return race


def test_G_33_refresh_puts_the_card_back_on_the_deck_in_step_9():
    race = refresh_race(hand_size=2)
    assert options(race) == {"refresh nothing", "refresh susp-4"}
    assert "G-33" in refused(race, "refresh susp-1")
    events = play(race, "refresh susp-4")
    assert [e.cards for e in of_type(events, Refreshed)] == [("susp-4",)]
    red = state(race)
    assert red["deck"][0] == "susp-4"  # on top of the draw deck (the hand was full: no draw)
    assert "susp-4" not in red["discard"]


def test_G_33_refresh_is_optional():
    race = refresh_race(hand_size=2)
    play(race, "refresh nothing")
    assert state(race)["discard"] == ["susp-4"]
    assert "susp-4" not in state(race)["deck"]


def salvage_race() -> Race:
    race, _ = revealed("gear 1 play fuel-2", hand=["fuel-2"], discard=["1", "stress", "4"])
    return race


def test_G_34_salvage_shuffles_up_to_n_cards_from_discard_pile_into_deck():
    race = salvage_race()
    assert {"salvage 4 stress from fuel-2", "salvage 1 from fuel-2", "done"} <= options(race)
    assert "salvage 1 4 stress from fuel-2" not in options(race)
    refused(race, "salvage 1 4 stress from fuel-2")  # more than 2
    refused(race, "salvage 3 from fuel-2")  # not in the discard pile
    refused(race, "salvage 1 from body-3")  # no such symbol
    deck = state(race)["deck"]
    events = play(race, "salvage 4 stress from fuel-2")
    assert [(e.count, e.source) for e in of_type(events, Salvaged)] == [(2, "fuel-2")]
    red = state(race)
    assert red["discard"] == ["1"]
    assert Counter(red["deck"]) == Counter(deck) + Counter({"4": 1, "stress": 1})
    refused(race, "salvage 1 from fuel-2")  # used once


def test_G_34_only_the_owner_sees_the_discard_pile_while_salvage_is_open():
    before = race_from(position([car(space=20, hand=["fuel-2"], deck=ONES, discard=["1", "stress", "4"])]))
    assert view_of(before, RED).me.discard_pile is None  # plan phase: only the top card
    race = salvage_race()
    assert view_of(race, RED).me.discard_pile == ("1", "stress", "4")
    assert view_of(race, None).cars[RED].discard_pile is None
    assert view_of(race, None).cars[RED].discard_top == "4"
    play(race, "salvage 1 from fuel-2")
    assert view_of(race, RED).me.discard_pile is None  # the Salvage is used: closed again
    # Another player never sees it.
    blue = car(space=30)
    two = at_react(
        [car(space=22, play=["fuel-2"], discard=["1", "4"], deck=ONES), blue],
        start_space=20,
        speed=2,
        symbols=[["salvage", 2, "fuel-2"]],
    )
    assert view_of(two, RED).me.discard_pile == ("1", "4")
    assert view_of(two, BLUE).cars[RED].discard_pile is None


def test_G_35_direct_play_from_hand_in_react():
    race, _ = revealed("gear 1 play 3", hand=["3", "pedal-2"], deck=["4", "heat", "1", "1"])
    assert {"direct from pedal-2", "done"} <= options(race)
    assert "G-35" in refused(race, "direct from pedal-3")  # not in hand
    refused(race, "direct from 3")  # no Direct Play symbol
    events = play(race, "direct from pedal-2")
    assert [(e.symbol, e.amount, e.source) for e in of_type(events, SymbolUsed)] == [("direct", 2, "pedal-2")]
    red = state(race)
    assert red["hand"] == [] and red["play"] == ["3", "pedal-2"]
    assert red["space"] == 25 and turn(race)["speed"] == 5
    # Its mandatory Scrap 2 now applies, as if revealed in step 3.
    assert "done" not in options(race) and "scrap 2 from pedal-2" in options(race)
    play(race, "scrap 2 from pedal-2")
    assert state(race)["discard"] == ["4", "heat"]


def test_G_35_direct_play_card_may_also_be_planned_normally():
    race, _ = revealed("gear 1 play pedal-3", hand=["pedal-3"])
    assert state(race)["space"] == 23
    assert "scrap 3 from pedal-3" in options(race)


def accelerate_race(space: int, deck: list[str]) -> Race:
    race, _ = revealed("gear 2 play 4wd-accel stress", space=space, gear=2, hand=["4wd-accel", "stress"], deck=deck)
    return race


def test_G_36_accelerate_adds_one_speed_per_plus_symbol_used():
    race = accelerate_race(20, ["heat", "2", "4", *ONES])
    assert turn(race)["speed"] == 6 and turn(race)["plus_used"] == 2  # the Stress and 4wd-accel's +
    assert "accelerate from 4wd-accel" in options(race) and "done" in options(race)
    events = play(race, "accelerate from 4wd-accel")
    assert [(e.symbol, e.amount) for e in of_type(events, SymbolUsed)] == [("accelerate", 2)]
    (move,) = of_type(events, Moved)
    assert (move.from_space, move.to_space) == (26, 28)
    assert turn(race)["speed"] == 8


def test_G_37_accelerate_is_all_or_nothing_and_counts_for_corners():
    race = accelerate_race(30, ONES)  # Speed 2: 30 -> 32, short of the line after 33
    refused(race, "accelerate 1 from 4wd-accel")  # must count every + symbol
    events = play(race, "done")
    assert corner_checks(events) == []
    race = accelerate_race(30, ONES)
    play(race, "accelerate from 4wd-accel")
    assert state(race)["space"] == 34
    events = play(race, "done")
    assert corner_checks(events) == [(2, 4, 3, 1)]


def test_G_38_upgrade_cards_flipped_by_a_plus_are_discarded():
    deck = ["turbo-7", "sp-turbo", "brakes-13", "heat", "2", "1"]
    race, events = revealed("gear 1 play stress", hand=["stress"], deck=deck)
    assert flips(events) == [
        ("turbo-7", False, "stress"),
        ("sp-turbo", False, "stress"),
        ("brakes-13", False, "stress"),
        ("heat", False, "stress"),
        ("2", True, "stress"),
    ]
    red = state(race)
    assert red["discard"] == ["turbo-7", "sp-turbo", "brakes-13", "heat"]
    assert red["play"] == ["stress", "2"]
    # The same for an Upgrade card's own + symbol.
    race, events = revealed("gear 1 play 4wd-4", hand=["4wd-4"], deck=["pedal-2", "3", "1"])
    assert flips(events) == [("pedal-2", False, "upgrade"), ("3", True, "upgrade")]
    assert state(race)["discard"] == ["pedal-2"]


# ----------------------------------------------------------------------------- rulings


@pytest.mark.parametrize(
    ("hand", "plan", "extra", "mandatory"),
    [
        (["rpm-1-heat"], "gear 1 play rpm-1-heat", {}, "heat 1 from rpm-1-heat"),
        (["pedal-1"], "gear 1 play pedal-1", {}, "scrap 1 from pedal-1"),
        (["tires-3"], "gear 1 play tires-3", {}, "adjust -1 from tires-3"),
        (["cooling-1", "heat"], "gear 1 play cooling-1", {}, None),
        (["body-1", "stress"], "gear 1 play body-1", {}, None),
        (["fuel-2"], "gear 1 play fuel-2", {"discard": ["3"]}, None),
        (["4wd-accel"], "gear 1 play 4wd-accel", {}, None),
        (["3", "pedal-3"], "gear 1 play 3", {}, None),
    ],
)
def test_OQ_G_1_heat_scrap_adjust_mandatory_the_others_optional(hand, plan, extra, mandatory):
    race, _ = revealed(plan, hand=hand, **extra)
    assert race.step == "react"
    if mandatory is None:
        assert "done" in options(race)
        play(race, "done")  # every optional symbol left unused
    else:
        assert mandatory in options(race) and "done" not in options(race)
        assert mandatory in refused(race, "done")


def test_OQ_G_1_slipstream_boost_and_refresh_are_optional():
    race = slipstream_race("rpm-2")
    assert {"slipstream", "no slipstream"} <= options(race)
    play(race, "no slipstream")
    assert state(race)["space"] == 22
    race = refresh_race(hand_size=7)
    play(race, "refresh nothing")
    assert "susp-4" in state(race)["discard"]


def test_OQ_G_2_an_upgrade_heat_cost_is_always_payable():
    """The accident rule (G-26) is never reached: in random races with Heat-hungry Upgrades and
    a small Engine, every Heat symbol is paid in full and no Engine ever runs below zero."""
    hungry = ("turbo-7", "wings-6", "turbo-8", "brakes-1234", "pedal-4", "cooling-6")
    used = 0
    for seed in range(10):
        seats = (
            SeatConfig("Red", "red", upgrades=hungry[:3]),
            SeatConfig("Blue", "blue", upgrades=hungry[3:]),
        )
        race = Race(RaceConfig(seats=seats, laps=2, seed=seed, starting_upgrades=False, heat_bonus=-3))
        rng = Rng(seed)
        while not race.is_over:
            seat = race.to_decide()[0]
            start = len(race.events())
            race.apply(seat, race.random_decision(seat, rng))
            events = race.events()[start:]
            assert all(c.engine >= 0 for c in race.cars)
            for index, event in enumerate(events):
                if isinstance(event, SymbolUsed) and event.symbol == "heat":
                    used += 1
                    paid = events[index - 1]
                    assert isinstance(paid, HeatPaid) and (paid.amount, paid.reason) == (event.amount, event.source)
    assert used >= 20, used
    # The corner case: only unpayable Upgrades in hand. The hand is cluttered and they fill it
    # like Heat cards (B-14.1, OQ-G-3); their Heat is never owed (OQ-B-6). With room for one of
    # the two, the player picks which.
    race = race_from(position([car(space=20, engine=0, hand=["turbo-7", "turbo-8"], deck=ONES)]))
    assert options(race) == {"gear 1 play turbo-7", "gear 1 play turbo-8", "gear 2 play turbo-7 turbo-8"}
    events = play(race, "red: gear 1 play turbo-8")
    assert of_type(events, ClutteredHand) and state(race)["engine"] == 0
    assert "turbo-7" in state(race)["hand"] and "turbo-8" in state(race)["discard"]


def test_OQ_G_3_the_player_picks_the_unpayable_upgrades_that_fill_a_cluttered_hand():
    """Heat cards fill a cluttered hand first (B-14.1); the Upgrades the Engine cannot pay fill
    what they leave, the player's pick of them. A pick of anything else is refused with every
    play the hand allows, and changes nothing."""
    hand = ["heat", "turbo-7", "turbo-8", "turbo-8"]
    race = race_from(position([car(space=20, gear=2, engine=0, hand=hand, deck=ONES)]))
    assert options(race) == {
        "gear 1 play heat",
        "gear 2 play heat turbo-7",
        "gear 2 play heat turbo-8",
        "gear 3 play heat turbo-7 turbo-8",
        "gear 3 play heat turbo-8 turbo-8",
    }
    before = to_position(race)
    message = refused(race, "red: gear 3 play turbo-7 turbo-8 turbo-8")
    assert "'gear 3 play heat turbo-7 turbo-8', 'gear 3 play heat turbo-8 turbo-8'" in message
    assert "OQ-G-3" in message and to_position(race) == before
    events = play(race, "red: gear 3 play heat turbo-8 turbo-8")
    assert of_type(events, ClutteredHand) and not of_type(events, HeatPaid)
    assert sorted(state(race)["discard"]) == ["heat", "turbo-8", "turbo-8"]
    assert "turbo-7" in state(race)["hand"]


def test_OQ_G_3_a_hand_of_unpayable_upgrades_clears():
    """A hand of two cards, both Upgrades whose Heat an empty Engine cannot pay: they used to
    stay in hand, the hand cluttered every round and the race never ended. Played to fill the
    cluttered hand, they go to the discard pile and the car draws playable cards."""
    race = race_from(position([car(space=20, engine=0, hand=["turbo-7", "turbo-8"], deck=ONES)], hand_size=2))
    events = play(race, "red: gear 2 play turbo-7 turbo-8")
    assert of_type(events, ClutteredHand)
    assert not of_type(events, HeatPaid)
    entry = state(race)
    assert (entry["space"], entry["gear"], entry["engine"]) == (20, 1, 0)
    assert sorted(entry["discard"]) == ["turbo-7", "turbo-8"] and entry["hand"] == ["1", "1"]
    play(race, "red: gear 2 play 1 1")
    assert state(race)["space"] == 22


def test_OQ_G_3_plan_whose_heat_and_shift_exceed_the_engine_is_refused():
    race = race_from(position([car(space=20, engine=1, hand=["brakes-1234", "3", "2", "1"], deck=ONES)]))
    # 1 Heat for the card plus 1 for the two-gear shift: 2 > 1.
    assert "gear 3 play 2 3 brakes-1234" not in options(race)
    message = refused(race, "red: gear 3 play brakes-1234 3 2")
    assert "OQ-G-3" in message and "2 Heat" in message
    assert {"gear 3 play 1 2 3", "gear 2 play 3 brakes-1234"} <= options(race)
    play(race, "red: gear 2 play brakes-1234 3")  # no shift cost: the card's Heat alone is payable


def test_OQ_G_3_direct_play_refused_when_heat_would_be_unpayable():
    plan = "gear 1 play brakes-1234"
    race, _ = revealed(plan, engine=1, hand=["brakes-1234", "pedal-4"])
    play(race, "speed 2 for brakes-1234")
    # brakes-1234 still owes 1 Heat; pedal-4 would owe 1 more; the Engine holds 1.
    assert "direct from pedal-4" not in options(race)
    assert "G-35" in refused(race, "direct from pedal-4")
    race, _ = revealed(plan, engine=2, hand=["brakes-1234", "pedal-4"])
    play(race, "speed 2 for brakes-1234", "direct from pedal-4")
    assert turn(race)["symbols"] == [["heat", 1, "brakes-1234"], ["heat", 1, "pedal-4"], ["cooldown", 1, "pedal-4"]]


def test_OQ_G_3_boost_cannot_make_a_mandatory_heat_unpayable():
    race, _ = revealed("gear 1 play turbo-7", engine=2, hand=["turbo-7"])
    assert "boost" not in options(race)
    assert "OQ-G-3" in refused(race, "boost")
    play(race, "heat 2 from turbo-7")
    assert state(race)["engine"] == 0
    race, _ = revealed("gear 1 play turbo-7", engine=3, hand=["turbo-7"])
    play(race, "boost")
    assert state(race)["engine"] == 2
    assert "boost" not in options(race)
    play(race, "heat 2 from turbo-7")
    assert state(race)["engine"] == 0


def test_OQ_G_4_direct_play_moves_at_once_with_blocking():
    blockers = [car(space=28, lane=1), car(space=28, lane=2)]
    race = at_react([car(space=26, play=["4"], hand=["pedal-2"], deck=ONES), *blockers], start_space=22, speed=4)
    events = play(race, "direct from pedal-2")
    (move,) = of_type(events, Moved)
    assert (move.from_space, move.to_space, move.spaces, move.blocked) == (26, 27, 2, True)
    assert turn(race)["speed"] == 6  # the whole value counts for step 7


def test_OQ_G_4_direct_play_speed_counts_for_the_corner_check():
    race, _ = revealed("gear 1 play 2", space=30, hand=["2", "pedal-2"])
    play(race, "direct from pedal-2", "scrap 2 from pedal-2")
    assert state(race)["space"] == 34
    events = play(race, "done")
    assert corner_checks(events) == [(2, 4, 3, 1)]


def test_OQ_G_5_accelerate_counts_plus_symbols_used_before_and_after():
    race = accelerate_race(20, ["heat", "2", "4", *ONES])
    play(race, "accelerate from 4wd-accel")  # +2 for the two + already used
    events = play(race, "boost")  # a later + counts too: the flipped 1, plus 1
    assert [e.value for e in of_type(events, Boosted)] == [2]
    (move,) = of_type(events, Moved)
    assert (move.from_space, move.to_space) == (28, 30)
    assert turn(race)["speed"] == 10 and turn(race)["plus_used"] == 3


def test_OQ_G_6_adjust_modifiers_and_road_conditions_add_up_on_every_corner():
    race, _ = revealed(
        "gear 3 play wings-4 tires-1 4",
        space=49,
        gear=3,
        engine=20,
        hand=["wings-4", "tires-1", "4"],
        road=[None, None, "limit-minus", None],
    )
    for entry in (
        "heat 1 from wings-4",
        "scrap 2 from wings-4",
        "adjust 2 from wings-4",
        "scrap 2 from tires-1",
        "adjust 1 from tires-1",
    ):
        play(race, entry)
    assert turn(race)["adjust"] == 3
    events = play(race, "done")
    # Corner 3: 3 - 1 (Road Conditions) + 2 + 1; corner 4: 2 + 2 + 1. Speed 4 + 1 + 4 = 9.
    assert corner_checks(events) == [(3, 9, 5, 4), (4, 9, 5, 4)]
    assert state(race)["engine"] == 20 - 1 - 4 - 4


def test_OQ_G_7_refreshed_card_goes_on_the_deck_before_the_hand_is_refilled():
    race = refresh_race(hand_size=7)
    start = len(race.events(RED))
    play(race, "refresh susp-4")
    (drew,) = of_type(race.events(RED)[start:], Drew)
    assert drew.cards[0] == "susp-4"  # drawn straight back
    assert "susp-4" in state(race)["hand"]


def test_OQ_G_9_reduce_stress_applies_in_react_not_at_reveal():
    race, events = revealed("gear 2 play body-3 stress", hand=["body-3", "stress", "stress"], deck=["3", *ONES])
    # At reveal the Stress card played is resolved by a flip; the one in hand stays there.
    assert race.step == "react"
    assert state(race)["hand"] == ["stress"]
    assert not of_type(events, SymbolUsed)
    # Only Stress cards in hand count: 1, although body-3 allows 2.
    assert "reduce-stress 1 from body-3" in options(race)
    assert "reduce-stress 2 from body-3" not in options(race)
    play(race, "reduce-stress 1 from body-3")
    assert state(race)["hand"] == []
