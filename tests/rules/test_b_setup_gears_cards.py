"""Rule scenarios: components (B-0), setup (B-10), round structure (B-11), shifting gears (B-1),
playing cards (B-2), cluttered hand (B-14), Starting Upgrades (B-17) and the rulings
OQ-B-5, OQ-B-6, OQ-B-7, OQ-B-17, OQ-B-20 of the rules digest."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine_builds import pure_engine_only
from heat.engine import (
    COLORS,
    ConfigError,
    IllegalDecision,
    Plan,
    PositionError,
    Race,
    RaceConfig,
    SeatConfig,
    content,
    default_seats,
    parse_decision,
    to_position,
    track,
    track_ids,
    view_of,
)
from heat.engine.content import catalogue
from heat.engine.events import (
    AdrenalineGained,
    Boosted,
    CardFlipped,
    CardsRevealed,
    ClutteredHand,
    CooledDown,
    CornerChecked,
    CrossedFinish,
    Discarded,
    Drew,
    GearShifted,
    HeatPaid,
    Moved,
    PlanCommitted,
    RaceEnded,
    RaceStarted,
    RoundStarted,
    Slipstreamed,
    SpeedIncreased,
)
from heat.engine.frozen import replace
from scenario import car, of_type, play, position, race_from, snapshot

RED, BLUE, GREEN = 0, 1, 2
STARTING_DECK = {"1": 3, "2": 3, "3": 3, "4": 3, "0": 1, "5": 1, "heat": 1, "stress": 3}


def new_race(cars: int = 2, **config: Any) -> Race:
    return Race(RaceConfig(seats=default_seats(cars), **config))


def own_cards(race: Race, seat: int) -> Counter[str]:
    """Every card a car owns outside its Engine: hand, deck, discard pile and play area."""
    entry = to_position(race)["cars"][seat]
    return Counter(entry["hand"] + entry["deck"] + entry["discard"] + entry["play"])


def refused(race: Race, entry: str, match: str) -> None:
    """``entry`` must raise IllegalDecision (message matching ``match``) and change nothing."""
    before = snapshot(race)
    with pytest.raises(IllegalDecision, match=match):
        play(race, entry)
    assert snapshot(race) == before


def car_state(race: Race, seat: int) -> dict[str, Any]:
    return dict(to_position(race)["cars"][seat])


def plans(race: Race, seat: int) -> set[str]:
    return {decision.text() for decision in race.legal_decisions(seat)}


# ---------------------------------------------------------------- B-0 components, board and terms


def test_B_0_1_six_cars_one_per_colour():
    assert COLORS == ("red", "blue", "green", "yellow", "black", "gray")
    race = new_race(6)
    assert [c["color"] for c in to_position(race)["cars"]] == list(COLORS)
    assert all(c["gear"] == 1 for c in to_position(race)["cars"])  # each car has its gear pawn


def test_B_0_2_four_tracks_usa_france_great_britain_italy():
    assert track_ids() == ("france", "great-britain", "italia", "usa")
    assert {track(t).name for t in track_ids()} == {"USA", "France", "Great Britain", "Italia"}
    for track_id in track_ids():
        assert new_race(2, track=track_id).track.id == track_id


def test_B_0_3_card_counts_of_the_box():
    cat = catalogue()
    assert dict(cat.basic_deck) == {"1": 3, "2": 3, "3": 3, "4": 3}
    assert sum(n for _, n in cat.basic_deck) * len(COLORS) == 72
    assert sum(n for _, n in cat.starting_upgrades) * len(COLORS) == 18
    assert (cat.box_stress, cat.box_heat) == (37, 48)


def test_B_0_4_only_basic_cards_end_a_flip():
    basic = {card.id for card in catalogue().cards if card.is_basic}
    assert basic == {"1", "2", "3", "4"}
    race = race_from(position([car(hand=["stress"], deck=["0", "5", "heat", "stress", "2"])]))
    events = play(race, "red: gear 1 play stress")
    flips = [(e.card, e.kept) for e in of_type(events, CardFlipped)]
    assert flips == [("0", False), ("5", False), ("heat", False), ("stress", False), ("2", True)]
    assert of_type(events, Moved)[0].spaces == 2


def test_B_0_5_starting_upgrades_are_their_own_cards_in_each_players_deck():
    starting = [card.id for card in catalogue().cards if card.type == "starting"]
    assert starting == ["0", "5"]
    race = new_race(3)
    for seat in range(3):
        cards = own_cards(race, seat)
        assert (cards["0"], cards["5"]) == (1, 1)


def test_B_0_6_at_most_six_cars_one_per_colour():
    seven = tuple(SeatConfig(f"P{i}", COLORS[i % 6]) for i in range(7))
    with pytest.raises(ConfigError, match="1 to 6 cars"):
        Race(RaceConfig(seats=seven))
    with pytest.raises(ConfigError, match="own colour"):
        Race(RaceConfig(seats=(SeatConfig("A", "red"), SeatConfig("B", "red"))))
    with pytest.raises(PositionError):
        race_from(position([car(space=s) for s in range(1, 8)]))
    assert len(new_race(6).cars) == 6


def test_B_0_7_gears_run_from_1_to_4():
    race = race_from(position([car(gear=3, hand=["1", "2", "3", "4", "4"])]))
    legal = race.legal_decisions(RED)
    assert {d.gear for d in legal} == {1, 2, 3, 4}
    assert all(isinstance(d, Plan) and len(d.cards) == d.gear for d in legal)
    refused(race, "red: gear 5 play 1 2 3 4 4", "gears are 1 to 4")
    refused(race, "red: gear 0 play", "gears are 1 to 4")


def test_B_0_8_player_mat_deck_face_down_engine_face_up_gear_shown():
    race = new_race(2)
    other = view_of(race, BLUE).cars[RED]
    assert "deck" not in set(other.FIELDS)
    assert other.deck_count == 11
    assert other.hand is None
    assert (other.engine, other.gear) == (6, 1)


def test_B_0_9_each_player_has_hand_deck_discard_play_area_and_engine():
    race = new_race(2)
    entry = to_position(race)["cars"][RED]
    sizes = {key: len(entry[key]) for key in ("hand", "deck", "discard", "play")}
    assert sizes == {"hand": 7, "deck": 11, "discard": 0, "play": 0}
    assert entry["engine"] == 6


def test_B_0_10_only_the_top_of_a_discard_pile_is_visible():
    race = race_from(position([car(space=20, discard=["1", "4", "2"]), car(space=10)]))
    assert "discard" not in set(view_of(race, RED).cars[RED].FIELDS)
    for viewer in (RED, BLUE, None):
        seen = view_of(race, viewer).cars[RED]
        assert (seen.discard_top, seen.discard_count) == ("2", 3)


def test_B_0_11_undealt_stress_cards_form_a_shared_reserve():
    race = new_race(2)
    assert race.stress_reserve == 37 - 2 * 3
    assert {view_of(race, seat).stress_reserve for seat in (RED, BLUE, None)} == {31}


def test_B_0_12_spaces_have_two_spots_one_car_each():
    assert all(track(t).spots_per_space == 2 for t in track_ids())
    race = race_from(
        position(
            [
                car(space=10, lane=1, engine=0, hand=["0"]),
                car(space=10, lane=2, engine=0, hand=["0"]),
                car(space=6, engine=0, hand=["4"]),
            ]
        )
    )
    events = play(race, "red: gear 1 play 0", "blue: gear 1 play 0", "green: gear 1 play 4")
    events += play(race, "no slipstream", "no slipstream")  # red and blue are side by side
    move = next(e for e in of_type(events, Moved) if e.seat == GREEN)
    assert (move.to_space, move.blocked) == (9, True)  # both spots of space 10 are taken


def test_B_0_13_one_spot_is_nearer_the_race_line():
    usa = track("usa")
    assert (usa.raceline_lane(5), usa.raceline_lane(20), usa.raceline_lane(60)) == (1, 2, 1)
    race = race_from(position([car(space=16, engine=0, hand=["4"])]))
    move = of_type(play(race, "red: gear 1 play 4"), Moved)[0]
    assert (move.to_space, move.to_lane) == (20, 2)


TRACK_DATA = {  # game-data.md §1.1: laps, spaces, speed limits in driving order
    "usa": (2, 69, (7, 3, 3, 2)),
    "italia": (3, 54, (5, 2, 3)),
    "france": (2, 60, (5, 2, 4, 3, 4)),
    "great-britain": (2, 63, (10, 6, 5, 4, 3)),
}


def test_B_0_14_each_corner_has_a_corner_line_and_a_speed_limit():
    usa = track("usa")
    assert [(c.line_after, c.speed_limit) for c in usa.corners] == [(12, 7), (33, 3), (49, 3), (57, 2)]
    for track_id, (_, _, limits) in TRACK_DATA.items():
        assert tuple(c.speed_limit for c in track(track_id).corners) == limits


def test_B_0_15_legends_line_exists_but_does_nothing_in_the_base_game():
    assert [c.legends_line_after for c in track("usa").corners] == [2, 27, 43, 52]
    race = race_from(position([car(space=24, hand=["4"])]))
    events = play(race, "red: gear 1 play 4", "done")  # 24 -> 28 crosses the Legends Line after 27
    assert of_type(events, Moved)[0].to_space == 28
    assert of_type(events, CornerChecked) == []
    assert of_type(events, HeatPaid) == []


def test_B_0_16_each_space_shows_spaces_to_the_next_corner():
    usa = track("usa")
    assert [usa.spaces_to_next_corner(s) for s in (1, 12, 13, 50, 58, 69)] == [11, 0, 20, 7, 23, 12]
    gb = track("great-britain")
    assert (gb.spaces_to_next_corner(63), gb.spaces_to_next_corner(1)) == (15, 14)  # game-data.md §1.0


def test_B_0_17_board_gives_laps_corners_spaces_heat_stress_and_hall_of_fame():
    for track_id, (laps, spaces, limits) in TRACK_DATA.items():
        board = track(track_id)
        assert (board.laps, board.spaces, len(board.corners)) == (laps, spaces, len(limits))
        assert (board.heat, board.stress) == (6, 3)
    assert new_race(2).hall_of_fame == []


def test_B_0_18_numbered_grid_and_the_finish_line_ends_a_lap():
    assert track("usa").grid[:6] == ((69, 1), (69, 2), (68, 1), (68, 2), (67, 1), (67, 2))
    assert {c.lap for c in view_of(new_race(2), None).cars} == {0}  # the grid is behind the line
    race = race_from(position([car(space=67, engine=0, hand=["4"])], laps=2))
    events = play(race, "red: gear 1 play 4")
    move = of_type(events, Moved)[0]
    assert (move.to_space, move.to_lap) == (2, 2)
    assert of_type(events, CrossedFinish) == []  # one lap of two done


# ---------------------------------------------------------------- B-10 setup


def test_B_10_1_every_seat_sees_the_same_board():
    race = new_race(3)
    views = [view_of(race, seat) for seat in (RED, BLUE, GREEN, None)]
    assert {v.track for v in views} == {"usa"}
    assert len({tuple((c.space, c.lane) for c in v.cars) for v in views}) == 1


def test_B_10_2_practice_race_is_one_lap_on_usa():
    assert new_race(2).laps == 2  # the printed laps by default
    race = new_race(2, laps=1)
    assert (race.track.id, race.laps, view_of(race, RED).laps) == ("usa", 1, 1)
    one_lap = race_from(position([car(space=67, engine=0, hand=["4"])], laps=1))
    events = play(one_lap, "red: gear 1 play 4", "done")
    assert len(of_type(events, CrossedFinish)) == 1
    assert one_lap.is_over


def test_B_10_3_each_player_takes_basic_and_starting_cards_of_their_colour():
    race = new_race(4)
    for seat in range(4):
        assert own_cards(race, seat) == Counter(STARTING_DECK)
    with pytest.raises(ConfigError, match="unknown colour"):
        Race(RaceConfig(seats=(SeatConfig("A", "pink"),)))


@pure_engine_only
def test_B_10_4_heat_and_stress_per_player_come_from_the_board(monkeypatch):
    board = replace(track("usa"), heat=5, stress=2)
    monkeypatch.setattr(content, "track", lambda track_id: board)
    race = new_race(2)
    assert [c.engine for c in race.cars] == [5, 5]
    assert [own_cards(race, seat)["stress"] for seat in (RED, BLUE)] == [2, 2]
    assert race.stress_reserve == 37 - 2 * 2


def test_B_10_5_draw_deck_is_the_shuffled_18_cards():
    decks = []
    for seed in range(3):
        race = new_race(2, seed=seed)
        for seat in (RED, BLUE):
            entry = to_position(race)["cars"][seat]
            assert Counter(entry["hand"] + entry["deck"]) == Counter(STARTING_DECK)
            decks.append(tuple(entry["hand"] + entry["deck"]))
    assert len(set(decks)) == len(decks)  # every deck in a different order


def test_B_10_6_engine_holds_the_boards_heat_and_the_upgrade_heat_is_in_the_deck():
    race = new_race(3)
    assert [c.engine for c in race.cars] == [6, 6, 6]
    assert [own_cards(race, seat)["heat"] for seat in range(3)] == [1, 1, 1]


def test_B_10_7_every_car_starts_in_first_gear():
    assert {c["gear"] for c in to_position(new_race(6))["cars"]} == {1}


def test_B_10_8_remaining_stress_cards_form_the_reserve():
    assert [new_race(n).stress_reserve for n in range(1, 7)] == [37 - 3 * n for n in range(1, 7)]


def test_B_10_9_cars_fill_the_grid_in_random_order():
    orders = set()
    for seed in range(12):
        race = new_race(4, seed=seed)
        grid = of_type(race.events(), RaceStarted)[0].grid
        assert sorted(grid) == [0, 1, 2, 3]
        cars = to_position(race)["cars"]
        for place, seat in enumerate(grid):  # grid positions filled in ascending order
            assert (cars[seat]["space"], cars[seat]["lane"]) == track("usa").grid[place]
        orders.add(grid)
    assert len(orders) > 3


def test_B_10_10_grid_order_is_the_first_rounds_order():
    race = new_race(4, seed=5)
    grid = of_type(race.events(), RaceStarted)[0].grid
    for seat in range(4):
        race.apply(seat, race.legal_decisions(seat)[0])
    assert race.order == list(grid)
    assert [e.seat for e in of_type(race.events(), CardsRevealed)][:1] == [grid[0]]


def test_B_10_11_each_player_draws_seven_cards():
    race = new_race(3)
    assert [e.count for e in of_type(race.events(), Drew)] == [7, 7, 7]
    assert [len(c["hand"]) for c in to_position(race)["cars"]] == [7, 7, 7]
    assert [len(c["deck"]) for c in to_position(race)["cars"]] == [11, 11, 11]


def test_B_10_12_handicap_removes_one_or_two_heat():
    seats = (SeatConfig("A", "red", 1), SeatConfig("B", "blue", 2), SeatConfig("C", "green"))
    assert [c.engine for c in Race(RaceConfig(seats=seats)).cars] == [5, 4, 6]
    for bad in (3, -1):
        with pytest.raises(ConfigError, match="handicap"):
            Race(RaceConfig(seats=(SeatConfig("A", "red", bad),)))


def test_B_10_13_only_base_game_cards_are_used():
    base_ids = {card.id for card in catalogue().cards if card.type in ("basic", "starting", "heat", "stress")}
    assert base_ids == {"1", "2", "3", "4", "0", "5", "heat", "stress"}
    owned = own_cards(new_race(1), RED)
    assert set(owned) <= base_ids  # no Upgrade or Sponsorship card without the modules
    assert sum(owned.values()) == 18


# ---------------------------------------------------------------- B-11 round structure


def test_B_11_1_rounds_repeat_until_every_car_has_finished():
    race = race_from(
        position(
            [car(space=66, engine=0, hand=["4"]), car(space=60, engine=0, hand=["4", "4"], deck=["4", "4"])],
        )
    )
    play(race, "red: gear 1 play 4", "blue: gear 2 play 4 4", "done")
    assert (race.hall_of_fame, race.round, race.to_decide()) == ([RED], 2, (BLUE,))
    assert not race.is_over
    events = play(race, "blue: gear 2 play 4 4", "done", "discard nothing")
    assert race.is_over
    assert of_type(events, RaceEnded)[0].standings == (RED, BLUE)
    assert [e.round for e in of_type(race.events(), RoundStarted)] == [2]  # the position began in round 1


def test_B_11_2_steps_of_a_turn_run_in_order():
    race = race_from(
        position(
            [
                car(space=14, engine=0, hand=["0"]),
                car(space=5, hand=["3", "4", "heat", "1"], deck=["2"] * 7),
            ]
        )
    )
    events = play(
        race,
        "red: gear 1 play 0",
        "blue: gear 2 play 3 4",
        "cooldown 1",
        "move 1 from adrenaline",
        "done",
        "slipstream",
        "discard 1",
    )
    blue = [type(e) for e in events if e.seat == BLUE and not isinstance(e, PlanCommitted | GearShifted)]
    assert blue == [
        CardsRevealed,  # 3
        Moved,
        AdrenalineGained,  # 4
        CooledDown,  # 5
        SpeedIncreased,
        Moved,
        Slipstreamed,  # 6
        Moved,
        CornerChecked,  # 7: speed 8 over the limit 7
        HeatPaid,
        Discarded,  # 8
        Drew,  # 9
    ]


def test_B_11_3_mandatory_steps_run_every_turn_and_the_others_only_when_they_apply():
    race = race_from(
        position([car(space=20, engine=0, hand=["2"], deck=["1"] * 7), car(space=5, engine=0, hand=["1"])])
    )
    events = play(race, "red: gear 1 play 2", "blue: gear 1 play 1")
    red = [type(e) for e in events if e.seat == RED and not isinstance(e, PlanCommitted)]
    assert red == [GearShifted, CardsRevealed, Moved, Drew]  # steps 1-2, 3, 9; nothing else applied
    assert race.to_decide() == (BLUE,)


def test_B_11_4_plans_are_made_simultaneously_in_any_order():
    race = race_from(position([car(space=20, hand=["1", "2"]), car(space=10, hand=["3"])]))
    assert race.to_decide() == (RED, BLUE)
    play(race, "blue: gear 1 play 3")
    assert race.to_decide() == (RED,)
    assert race.phase == "plan"
    refused(race, "blue: gear 1 play 3", "already committed")
    play(race, "red: gear 2 play 1 2")
    assert race.phase == "turn"


def test_B_11_5_one_car_at_a_time_finishes_its_turn_before_the_next():
    race = race_from(position([car(space=20, hand=["4"]), car(space=10, hand=["1"])]))
    play(race, "red: gear 1 play 4", "blue: gear 1 play 1")
    assert race.to_decide() == (RED,)
    assert race.step == "react"
    assert car_state(race, BLUE)["space"] == 10  # blue has not moved yet
    refused(race, "blue: done", "not Blue's decision")
    events = play(race, "red: done")
    assert [e.seat for e in of_type(events, Moved)] == [BLUE]


def test_B_11_6_the_leader_takes_the_first_turn():
    race = race_from(
        position(
            [
                car(space=5, engine=0, hand=["1"]),
                car(space=30, engine=0, hand=["1"]),
                car(space=15, engine=0, hand=["1"]),
            ]
        )
    )
    events = play(race, "red: gear 1 play 1", "blue: gear 1 play 1", "green: gear 1 play 1")
    assert race.order == [BLUE, GREEN, RED]
    assert [e.seat for e in of_type(events, CardsRevealed)] == [BLUE, GREEN, RED]


def test_B_11_7_further_along_is_ahead_and_the_race_line_spot_breaks_ties():
    # Space 20: the race line is lane 2; space 5: lane 1.
    race = race_from(position([car(space=20, lane=1), car(space=20, lane=2), car(space=21, lane=1)]))
    assert race.standings() == [GREEN, BLUE, RED]
    race = race_from(position([car(space=5, lane=2), car(space=5, lane=1)]))
    assert race.standings() == [BLUE, RED]


def test_B_11_8_each_car_has_exactly_one_turn_per_round():
    race = race_from(
        position([car(space=20, engine=0, hand=["1"], deck=["1"] * 7), car(space=10, hand=["1"], deck=["1"] * 7)])
    )
    events = play(race, "red: gear 1 play 1", "blue: gear 1 play 1", "boost")
    assert [e.seat for e in of_type(events, CardsRevealed)] == [RED, BLUE]
    refused(race, "boost", "only once per turn")
    play(race, "done")
    assert race.round == 2
    assert race.phase == "plan"


def test_B_11_9_order_of_cars_still_to_move_is_fixed_at_the_start_of_the_round():
    race = race_from(
        position(
            [
                car(space=30, engine=0, hand=["1"]),
                car(space=20, gear=3, engine=0, hand=["4", "4", "4"]),
                car(space=10, engine=0, hand=["1"]),
            ]
        )
    )
    events = play(race, "red: gear 1 play 1", "blue: gear 3 play 4 4 4", "green: gear 1 play 1")
    assert [e.seat for e in of_type(events, CardsRevealed)] == [RED, BLUE, GREEN]
    assert race.standings()[:2] == [BLUE, RED]  # blue overtook red, but red had already moved
    assert race.order == [RED, BLUE, GREEN]


# ---------------------------------------------------------------- B-1 shift gears


@pytest.mark.parametrize("gear", [1, 2, 3])
def test_B_1_1_keep_or_shift_one_gear_for_free(gear):
    cards = " ".join(["1"] * gear)
    race = race_from(position([car(gear=2, hand=["1"] * 4, deck=["2"] * 7)]))
    events = play(race, f"red: gear {gear} play {cards}")
    assert of_type(events, GearShifted)[0].new == gear
    assert of_type(events, HeatPaid) == []
    assert car_state(race, RED)["engine"] == 6


@pytest.mark.parametrize(("old", "new"), [(1, 3), (3, 1), (2, 4), (4, 2)])
def test_B_1_2_two_gear_shift_costs_one_heat(old, new):
    cards = " ".join(["1"] * new)
    race = race_from(position([car(gear=old, hand=["1"] * 4, deck=["2"] * 7)]))
    events = play(race, f"red: gear {new} play {cards}")
    assert [(e.amount, e.reason) for e in of_type(events, HeatPaid)][:1] == [(1, "shift")]
    state = car_state(race, RED)
    assert (state["gear"], state["engine"], state["discard"]) == (new, 5, ["heat"])


def test_B_1_3_two_gear_shift_is_paid_and_shown_when_plans_are_revealed():
    race = race_from(position([car(space=20, hand=["1", "1", "1"]), car(space=10, hand=["1"])]))
    play(race, "red: gear 3 play 1 1 1")
    assert view_of(race, BLUE).cars[RED].engine == 6  # nothing paid or shown before the reveal
    events = play(race, "blue: gear 1 play 1")
    assert (view_of(race, BLUE).cars[RED].engine, view_of(race, BLUE).cars[RED].gear) == (5, 3)
    seen = race.events(BLUE)[-len(events) :]
    assert [(e.old, e.new) for e in of_type(seen, GearShifted) if e.seat == RED] == [(1, 3)]
    assert [(e.seat, e.reason) for e in of_type(seen, HeatPaid)] == [(RED, "shift")]


def test_B_1_4_no_shift_beyond_two_gears_nor_outside_1_to_4():
    race = race_from(position([car(gear=1, hand=["1", "1", "1", "1"])]))
    assert {d.gear for d in race.legal_decisions(RED)} == {1, 2, 3}
    refused(race, "red: gear 4 play 1 1 1 1", "at most two gears")
    refused(race, "red: gear 0 play", "gears are 1 to 4")
    race = race_from(position([car(gear=4, hand=["1"] * 5)]))
    refused(race, "red: gear 5 play 1 1 1 1 1", "gears are 1 to 4")
    refused(race, "red: gear 1 play 1", "at most two gears")


# ---------------------------------------------------------------- B-2 play cards


def test_B_2_1_play_exactly_as_many_cards_as_the_gear():
    race = race_from(position([car(gear=2, hand=["4", "4", "4", "1"], deck=["1"] * 7)]))
    assert all(len(d.cards) == d.gear for d in race.legal_decisions(RED) if isinstance(d, Plan))
    refused(race, "red: gear 2 play 4", "exactly 2 cards")
    refused(race, "red: gear 2 play 4 4 4", "exactly 2 cards")
    events = play(race, "red: gear 2 play 4 4")
    assert of_type(events, CardsRevealed)[0].cards == ("4", "4")
    assert of_type(events, Moved)[0].spaces == 8


def test_B_2_2_any_card_but_heat_may_be_played():
    race = race_from(position([car(hand=["1", "heat", "stress", "0", "5"])]))
    assert {d.text() for d in race.legal_decisions(RED) if d.gear == 1} == {
        "gear 1 play 1",
        "gear 1 play stress",
        "gear 1 play 0",
        "gear 1 play 5",
    }
    refused(race, "red: gear 1 play heat", "Heat cards cannot be played")
    for ok in ("gear 1 play stress", "gear 1 play 0", "gear 1 play 5"):
        race.check(RED, parse_decision(ok))


def test_B_2_3_played_cards_stay_face_down_until_the_cars_turn():
    race = race_from(position([car(space=20, hand=["4", "2"]), car(space=10, hand=["1", "3"])]))
    play(race, "red: gear 1 play 4")
    assert view_of(race, BLUE).cars[RED].plan is None
    assert view_of(race, RED).cars[RED].plan == "gear 1 play 4"
    play(race, "blue: gear 1 play 3")
    assert race.to_decide() == (RED,)  # red's turn, React step
    assert view_of(race, RED).cars[BLUE].play is None
    assert view_of(race, RED).cars[BLUE].play_count == 1
    assert view_of(race, BLUE).cars[BLUE].play == ("3",)  # the owner knows
    assert view_of(race, BLUE).cars[RED].play == ("4",)  # revealed at red's step 3


def test_B_2_4_too_few_playable_cards_make_a_cluttered_hand():
    # 4th gear with an empty Engine reaches only gears 3 and 4; two playable cards fill neither.
    race = race_from(position([car(gear=4, engine=0, hand=["1", "2"] + ["heat"] * 5)]))
    assert plans(race, RED) == {"gear 3 play 1 2 heat", "gear 4 play 1 2 heat heat"}
    events = play(race, "red: gear 3 play 1 2 heat")
    assert len(of_type(events, ClutteredHand)) == 1


# ---------------------------------------------------------------- B-14 cluttered hand


def cluttered_race() -> Race:
    """Red in 4th gear, Engine empty (only gears 3-4), two playable cards: cluttered either way."""
    return race_from(position([car(space=30, gear=4, engine=0, hand=["1", "2"] + ["heat"] * 5, deck=["3"] * 7)]))


def test_B_14_1_cluttered_hand_plays_every_playable_card_and_fills_with_heat():
    race = cluttered_race()
    refused(race, "red: gear 3 play 1 heat heat", "play every playable card and fill with Heat")
    refused(race, "red: gear 3 play 1 2", "cluttered")
    events = play(race, "red: gear 3 play 1 2 heat")
    assert sorted(of_type(events, CardsRevealed)[0].cards) == ["1", "2", "heat"]


def test_B_14_2_cluttered_car_does_not_move():
    race = cluttered_race()
    events = play(race, "red: gear 4 play 1 2 heat heat")
    assert [e for e in of_type(events, Moved) if e.spaces] == []
    assert car_state(race, RED)["space"] == 30


def test_B_14_3_cluttered_car_goes_to_first_gear():
    race = cluttered_race()
    events = play(race, "red: gear 4 play 1 2 heat heat")
    assert car_state(race, RED)["gear"] == 1
    assert of_type(events, GearShifted)[0].new == 4  # revealed in 4th, then put in 1st


def test_B_14_4_all_cards_of_the_play_area_go_to_the_discard_pile():
    race = cluttered_race()
    play(race, "red: gear 3 play 1 2 heat")
    state = car_state(race, RED)
    assert sorted(state["discard"]) == ["1", "2", "heat"]
    assert state["play"] == []
    assert Counter(state["hand"]) == Counter({"heat": 4, "3": 3})  # step 9 drew back to 7


def test_B_14_5_cluttered_car_skips_steps_4_to_8():
    race = cluttered_race()  # a lone car is last: it would get Adrenaline and React
    events = play(race, "red: gear 3 play 1 2 heat")
    skipped = (AdrenalineGained, Boosted, CooledDown, Slipstreamed, CornerChecked, Discarded)
    assert all(of_type(events, kind) == [] for kind in skipped)
    assert of_type(events, Drew)[0].count == 3  # step 9
    assert race.round == 2
    assert race.phase == "plan"


# ---------------------------------------------------------------- B-17 Starting Upgrade cards


def test_B_17_1_every_deck_holds_a_0_a_5_and_an_extra_heat():
    assert dict(catalogue().starting_upgrades) == {"0": 1, "5": 1, "heat": 1}
    race = new_race(6)
    for seat in range(6):
        cards = own_cards(race, seat)
        assert (cards["0"], cards["5"], cards["heat"]) == (1, 1, 1)


def test_B_17_2_starting_upgrades_are_a_separate_set_kept_out_of_the_basic_cards():
    # The Garage module is not implemented; the base game must use the set, kept apart so
    # that a Garage race could leave it out.
    basic = dict(catalogue().basic_deck)
    assert not {"0", "5", "heat"} & set(basic)
    assert sum(own_cards(new_race(1), RED).values()) == sum(basic.values()) + 3 + track("usa").stress


def test_B_17_3_the_0_and_the_5_are_played_like_basic_cards():
    race = race_from(position([car(space=20, gear=2, engine=0, hand=["0", "5"], deck=["1"] * 7)]))
    events = play(race, "red: gear 2 play 0 5")
    assert (of_type(events, Moved)[0].spaces, of_type(events, Moved)[0].to_space) == (5, 25)


def test_B_17_4_a_flipped_0_or_5_is_discarded():
    race = race_from(position([car(space=20, hand=["stress"], deck=["5", "0", "3"])]))
    events = play(race, "red: gear 1 play stress")
    assert [(e.card, e.kept) for e in of_type(events, CardFlipped)] == [("5", False), ("0", False), ("3", True)]
    assert car_state(race, RED)["discard"] == ["5", "0"]
    assert of_type(events, Moved)[0].spaces == 3


def test_B_17_5_the_upgrade_heat_starts_in_the_deck_and_works_like_any_heat():
    race = new_race(1)
    assert race.cars[RED].engine == 6
    assert own_cards(race, RED)["heat"] == 1
    race = race_from(position([car(space=20, hand=["heat", "heat", "1", "2"], deck=["3"] * 7)]))
    refused(race, "red: gear 1 play heat", "Heat cards cannot be played")
    play(race, "red: gear 1 play 1", "cooldown 1", "done")  # 1st gear: Cooldown into the Engine
    assert car_state(race, RED)["engine"] == 7
    assert race.step == "discard"
    refused(race, "discard heat", "never be discarded")


# ---------------------------------------------------------------- open questions


def test_OQ_B_5_must_choose_a_fillable_gear():
    race = race_from(position([car(gear=2, hand=["1"] + ["heat"] * 6)]))
    assert plans(race, RED) == {"gear 1 play 1"}
    refused(race, "red: gear 2 play 1 heat", "choose a gear you can fill")
    refused(race, "red: gear 3 play 1 heat heat", "choose a gear you can fill")


def test_OQ_B_5_cluttered_only_when_no_reachable_gear_can_be_filled():
    race = race_from(position([car(gear=2, hand=["heat"] * 7)]))
    assert plans(race, RED) == {
        "gear 1 play heat",
        "gear 2 play heat heat",
        "gear 3 play heat heat heat",
        "gear 4 play heat heat heat heat",
    }
    events = play(race, "red: gear 1 play heat")
    assert len(of_type(events, ClutteredHand)) == 1


def test_OQ_B_6_cluttered_hand_resolves_nothing():
    race = race_from(
        position(
            [
                car(space=31, engine=0, hand=["0"]),
                car(space=30, gear=4, engine=0, hand=["stress", "1"] + ["heat"] * 5, deck=["4", "2", "3"]),
            ]
        )
    )
    # Blue is last (Adrenaline), right behind red (slipstream) and 3 spaces from corner 2.
    events = play(race, "red: gear 1 play 0", "blue: gear 3 play 1 stress heat")
    blue = [e for e in events if e.seat == BLUE]
    assert of_type(blue, CardFlipped) == []
    assert of_type(blue, AdrenalineGained) == []
    assert of_type(blue, CornerChecked) == []
    assert of_type(blue, Discarded) == []
    state = car_state(race, BLUE)
    assert (state["space"], state["gear"]) == (30, 1)
    assert sorted(state["discard"]) == ["1", "heat", "stress"]
    assert state["hand"][-3:] == ["4", "2", "3"]  # the deck was drawn, not flipped for the Stress
    assert race.round == 2


def test_OQ_B_7_two_gear_shift_needs_heat_in_the_engine():
    race = race_from(position([car(gear=1, engine=0, hand=["1", "1", "1"])]))
    assert {d.gear for d in race.legal_decisions(RED)} == {1, 2}
    refused(race, "red: gear 3 play 1 1 1", "Engine is empty")
    race = race_from(position([car(gear=4, engine=0, hand=["1", "1", "1", "1"])]))
    refused(race, "red: gear 2 play 1 1", "Engine is empty")


def test_OQ_B_17_plans_are_secret_until_everyone_has_committed():
    race = race_from(position([car(space=20, gear=2, hand=["4", "4", "1"]), car(space=10, hand=["1"])]))
    play(race, "red: gear 3 play 1 4 4")
    others = view_of(race, BLUE).cars[RED]
    assert (others.committed, others.plan, others.gear, others.play_count) == (True, None, 2, 0)
    assert view_of(race, RED).cars[RED].plan == "gear 3 play 1 4 4"
    assert [type(e) for e in race.events(BLUE)[-1:]] == [PlanCommitted]
    assert of_type(race.events(BLUE), GearShifted) == []
    play(race, "blue: gear 1 play 1")
    assert view_of(race, BLUE).cars[RED].gear == 3
    assert {e.seat for e in of_type(race.events(BLUE), GearShifted)} == {RED, BLUE}


def test_OQ_B_20_flips_resolve_in_plan_order_deterministically():
    def run() -> tuple[list[tuple[str, bool]], int, list[str]]:
        race = race_from(
            position([car(space=20, gear=3, hand=["stress", "4", "stress"], deck=["heat", "3", "5", "2"])])
        )
        events = play(race, "red: gear 3 play stress 4 stress")
        flips = [(e.card, e.kept) for e in of_type(events, CardFlipped)]
        return flips, of_type(events, Moved)[0].spaces, car_state(race, RED)["discard"]

    first = run()
    assert first == run()
    # First Stress: Heat discarded, 3 kept; second Stress: 5 discarded, 2 kept. Speed 4 + 3 + 2.
    assert first == ([("heat", False), ("3", True), ("5", False), ("2", True)], 9, ["heat", "5"])
