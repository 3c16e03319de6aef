"""Rule scenarios: the Legends module (L-1 to L-18) and the rulings OQ-L-1 to OQ-L-10.

Legends cards are numbered 1-10 in the order of src/heat/data/modules/legends.toml, which is the
table of ../shared/reference/game-data.md section 6. Card 1 is used most below:

    card 1   black 16/◆2  blue 18/◆3  green 15/◆2  red 13/◆1  gray 14/◆1  yellow 11/◆0

USA: Corner Lines after spaces 12 (limit 7), 33 (3), 49 (3), 57 (2); Legends Lines after 2, 27,
43, 52; the race-line spot is lane 2 on spaces 13-57 and lane 1 elsewhere. Great Britain: Corner
Lines after 15 (10), 30 (6, chevron), 37 (5, chevron), 43 (4, chevron), 48 (3); Legends Lines
after 2, 21, 30, 37, 43; race line lane 1 on 16-37 and 49-15, lane 2 on 38-48.

Most scenarios put one player's car ("the player", black unless a test needs black as a Legend)
far ahead of the Legends: it plays its Speed 0 card and stays put, so the round runs without a
decision once the player has planned.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from heat.engine import (
    ConfigError,
    IllegalDecision,
    PositionError,
    Race,
    RaceConfig,
    SeatConfig,
    default_seats,
    to_position,
    track,
    view_of,
)
from heat.engine.content import legends_cards
from heat.engine.decisions import Plan
from heat.engine.events import (
    AdrenalineGained,
    CornerChecked,
    CrossedFinish,
    Event,
    LegendsCardRevealed,
    Moved,
    RaceStarted,
    RoundStarted,
    Slipstreamed,
    SpunOut,
)
from heat.engine.rng import Rng
from scenario import car, of_type, play, position, race_from, snapshot

CARD_1 = {
    "black": (16, 2),
    "blue": (18, 3),
    "green": (15, 2),
    "red": (13, 1),
    "gray": (14, 1),
    "yellow": (11, 0),
}

# game-data.md section 6: Top Speed / Diamond per card (1-10) and colour (OQ-L-10).
CARD_TABLE = {
    1: {"black": (16, 2), "blue": (18, 3), "green": (15, 2), "red": (13, 1), "gray": (14, 1), "yellow": (11, 0)},
    2: {"black": (18, 3), "blue": (16, 2), "green": (12, 1), "red": (17, 2), "gray": (19, 3), "yellow": (13, 1)},
    3: {"black": (17, 2), "blue": (14, 1), "green": (10, 0), "red": (11, 0), "gray": (13, 1), "yellow": (15, 2)},
    4: {"black": (14, 1), "blue": (12, 1), "green": (18, 3), "red": (15, 2), "gray": (16, 2), "yellow": (17, 2)},
    5: {"black": (13, 1), "blue": (17, 2), "green": (16, 2), "red": (10, 0), "gray": (12, 1), "yellow": (19, 3)},
    6: {"black": (19, 3), "blue": (10, 0), "green": (13, 1), "red": (14, 1), "gray": (18, 3), "yellow": (12, 1)},
    7: {"black": (15, 2), "blue": (13, 1), "green": (19, 3), "red": (18, 3), "gray": (11, 0), "yellow": (14, 1)},
    8: {"black": (11, 0), "blue": (19, 3), "green": (14, 1), "red": (12, 1), "gray": (10, 0), "yellow": (16, 2)},
    9: {"black": (12, 1), "blue": (11, 0), "green": (17, 2), "red": (19, 3), "gray": (15, 2), "yellow": (10, 0)},
    10: {"black": (10, 0), "blue": (15, 2), "green": (11, 0), "red": (16, 2), "gray": (17, 2), "yellow": (18, 3)},
}

LEGEND_EVENTS = (LegendsCardRevealed, Moved, CrossedFinish)
"""The only events a Legend ever causes: no Heat, Cooldown, Boost, Slipstream, corner check,
spin-out or Adrenaline (L-14, L-15, OQ-L-5)."""


# ---------------------------------------------------------------------------------- helpers


def legend(color: str, space: int, **fields: Any) -> dict[str, Any]:
    """A Legends car: no cards and an empty Engine, as a race built from a config has it."""
    return car(color=color, legend=True, space=space, engine=0, **fields)


def player(color: str = "black", space: int = 60, **fields: Any) -> dict[str, Any]:
    """A player's car that plays its Speed 0 card every round and stays put (hand size 1)."""
    entry = {"hand": ["0"], "deck": ["0"] * 9, "engine": 0}
    entry.update(fields)
    return car(color=color, space=space, **entry)


def legends_race(cars: list[dict[str, Any]], deck: list[int] | None = None, **fields: Any) -> Race:
    """A plan-phase race whose Legends deck is ``deck`` (top first; default: card 1 on top)."""
    legends = {"deck": [1] if deck is None else deck, "card": None}
    return race_from(position(cars, hand_size=1, legends=legends, **fields))


def stay(race: Race, color: str = "black") -> list[Event]:
    """The player commits Speed 0; the whole round then runs by itself."""
    events = play(race, f"{color}: gear 1 play 0")
    assert race.phase == "plan", "the round should have run without a decision"
    return events


def seat_of(race: Race, color: str) -> int:
    return next(c.seat for c in race.cars if c.color == color)


def entry(race: Race, color: str) -> dict[str, Any]:
    return to_position(race)["cars"][seat_of(race, color)]


def space(race: Race, color: str) -> int:
    return entry(race, color)["space"]


def spot(race: Race, color: str) -> tuple[int, int]:
    data = entry(race, color)
    return data["space"], data["lane"]


def legend_moves(events: list[Event]) -> list[tuple[int, int, int]]:
    """(seat, from space, to space) of every Legend move."""
    return [(e.seat, e.from_space, e.to_space) for e in of_type(events, Moved) if e.reason == "legend"]


def revealed(events: list[Event]) -> list[tuple[int, int]]:
    return [(e.seat, e.card) for e in of_type(events, LegendsCardRevealed)]


def refused(race: Race, seat: int, decision: Any) -> str:
    """Apply an illegal decision: it must raise IllegalDecision and change nothing."""
    before = snapshot(race)
    with pytest.raises(IllegalDecision) as error:
        race.apply(seat, decision)
    assert snapshot(race) == before
    return str(error.value)


def mid_round(
    cars: list[dict[str, Any]],
    order: list[int],
    active: int,
    card: int | None,
    deck: tuple[int, ...] = (2,),
    **fields: Any,
) -> Race:
    """A turn-phase position: the cars before ``active`` in ``order`` have had their turn, the
    player ``active`` stands at its Discard step holding a '1', the rest still have to move
    ('discard nothing' continues the round). ``card`` is the Legends card face up this round."""
    cars[active] = {**cars[active], "hand": ["1"]}
    data = position(
        cars,
        phase="turn",
        step="discard",
        order=order,
        turn_index=order.index(active),
        hand_size=1,
        legends={"deck": list(deck), "card": card},
        **fields,
    )
    return race_from(data)


def run_solo(seed: int, track_id: str = "usa", legends: int = 2, laps: int = 1, **options: Any) -> Race:
    """One player (random decisions) against ``legends`` Legends, played to the end."""
    seats = default_seats(1 + legends, legends=legends)
    race = Race(RaceConfig(seats, track=track_id, laps=laps, seed=seed, **options))
    rng = Rng(seed + 100)
    while not race.is_over:
        (seat,) = race.to_decide()
        assert not race.cars[seat].legend
        race.apply(seat, race.random_decision(seat, rng))
    return race


# ------------------------------------------------------------------ components and setup


def test_L_1_ten_legends_cards_and_a_mat_holding_the_deck():
    cards = legends_cards()
    assert len(cards) == 10
    assert [card.number for card in cards] == list(range(1, 11))
    for card in cards:
        assert {color for color, _ in card.top_speed} == set(CARD_1)
        assert {color for color, _ in card.diamond} == set(CARD_1)
    # The mat holds the face-down deck and the card revealed this round.
    race = Race(RaceConfig(default_seats(3, legends=2), seed=4))
    mat = to_position(race)["legends"]
    assert sorted(mat["deck"]) == list(range(1, 11))
    assert mat["card"] is None
    # No Legend, no Legends mat.
    assert "legends" not in to_position(Race(RaceConfig(default_seats(3), seed=4)))


def test_L_2_legends_are_automated_and_one_shared_deck_drives_them_all():
    # Multiplayer: two players and two Legends; only the players decide.
    seats = (
        SeatConfig("Ann", "red"),
        SeatConfig("Bob", "blue"),
        SeatConfig("Legend Green", "green", legend=True),
        SeatConfig("Legend Yellow", "yellow", legend=True),
    )
    race = Race(RaceConfig(seats, seed=7))
    rng = Rng(1)
    rounds = 0
    while not race.is_over and rounds < 4:
        assert set(race.to_decide()) == {0, 1}
        assert race.legal_decisions(2) == [] and race.legal_decisions(3) == []
        for seat in race.to_decide():
            race.apply(seat, race.random_decision(seat, rng))
        while race.phase == "turn":
            (seat,) = race.to_decide()
            assert seat in (0, 1)
            race.apply(seat, race.random_decision(seat, rng))
        rounds += 1
    # Each round one card from the one deck, revealed once for both Legends.
    events = race.events()
    assert len(revealed(events)) == rounds
    assert {seat for seat, _, _ in legend_moves(events)} == {2, 3}


def test_L_2_a_legend_never_has_a_decision():
    race = legends_race([player(), legend("green", 20)])
    green = seat_of(race, "green")
    assert race.to_decide() == (0,)
    assert race.legal_decisions(green) == []
    message = refused(race, green, Plan(1, ("1",)))
    assert "Green is a Legend" in message
    with pytest.raises(IllegalDecision, match="Green is a Legend"):
        race.check(green, Plan(1, ()))
    with pytest.raises(IllegalDecision, match="Green is a Legend"):
        play(race, "green: gear 1 play 1")


def test_L_2_a_legend_has_no_decision_in_a_players_turn_either():
    # Green (Legend) has moved; black stops at React (it may Boost); then yellow moves.
    cars = [legend("green", 30), player(space=20, engine=1, deck=["1"] * 5), legend("yellow", 14)]
    race = legends_race(cars)
    play(race, "black: gear 1 play 0")
    assert race.step == "react" and race.to_decide() == (1,)
    for color in ("green", "yellow"):
        seat = seat_of(race, color)
        assert race.legal_decisions(seat) == []
        assert f"{color.capitalize()} is a Legend" in refused(race, seat, race.legal_decisions(1)[0])


def test_L_3_legends_recommended_with_fewer_than_four_players_but_not_required():
    # The recommendation (fewer than 4 players, at least two Legends) is a setup option...
    for players in (1, 2, 3):
        config = RaceConfig(default_seats(players + 2, legends=2), seed=players)
        race = Race(config)
        assert [car.legend for car in race.cars] == [False] * players + [True, True]
        assert set(race.to_decide()) == set(range(players))
    # ...not a rule: one Legend, or Legends with 4 players, are allowed too.
    assert sum(car.legend for car in Race(RaceConfig(default_seats(3, legends=1))).cars) == 1
    assert sum(car.legend for car in Race(RaceConfig(default_seats(6, legends=2))).cars) == 2
    with pytest.raises(ConfigError, match=r"B-0\.6"):
        RaceConfig(default_seats(7, legends=2))


def test_L_4_legends_deck_shuffled_face_down_at_setup():
    decks = set()
    for seed in range(8):
        race = Race(RaceConfig(default_seats(3, legends=2), seed=seed))
        mat = to_position(race)["legends"]
        assert sorted(mat["deck"]) == list(range(1, 11))  # all 10 cards, none revealed yet
        assert mat["card"] is None
        decks.add(tuple(mat["deck"]))
        # Face down: nobody sees the order; the view shows only the revealed card.
        view = view_of(race, 0)
        assert view.legends_card is None
        assert "legends_deck" not in view.to_json()
    assert len(decks) == 8


def test_L_5_legends_join_the_random_filling_of_the_grid():
    grid = track("usa").grid
    places: dict[int, set[int]] = {2: set(), 3: set()}
    for seed in range(30):
        race = Race(RaceConfig(default_seats(4, legends=2), seed=seed))
        (started,) = of_type(race.events(), RaceStarted)
        assert sorted(started.grid) == [0, 1, 2, 3]
        for place, seat in enumerate(started.grid):
            data = to_position(race)["cars"][seat]
            assert (data["space"], data["lane"], data["lap"]) == (*grid[place], 0)
            if seat in places:
                places[seat].add(place)
    # Each Legend has started from every one of the four grid places.
    assert places == {2: {0, 1, 2, 3}, 3: {0, 1, 2, 3}}
    # A fixed grid may put a Legend on pole (a Championship grid by standings, OQ-L-7).
    race = Race(RaceConfig(default_seats(3, legends=1), grid=(2, 0, 1)))
    assert race.standings()[0] == 2 and race.cars[2].legend


# ---------------------------------------------------------------- the round's Legends card


def test_L_6_first_legend_to_move_reveals_one_card_for_every_legend_this_round():
    # Race order: green (Legend), black (player, stops at React), yellow (Legend).
    cars = [legend("green", 30), player(space=20, engine=1, deck=["1"] * 5), legend("yellow", 14)]
    race = legends_race(cars, deck=[1, 2])
    assert view_of(race, 1).legends_card is None  # nothing is revealed in the plan phase
    events = play(race, "black: gear 1 play 0")
    # Green, the first Legend in race order, revealed the top card before moving.
    assert revealed(events) == [(0, 1)]
    assert events.index(of_type(events, LegendsCardRevealed)[0]) < events.index(of_type(events, Moved)[0])
    assert race.step == "react"
    assert view_of(race, 1).legends_card == 1
    assert to_position(race)["legends"] == {"deck": [2], "card": 1}
    events = play(race, "done")
    # Yellow uses the same card 1 (Top Speed 11: 14 -> 25; card 2 would give 13 -> 27).
    assert revealed(events) == []
    assert legend_moves(events) == [(2, 14, 25)]
    # Next round: a new card (2) from the top of the deck.
    events = play(race, "black: gear 1 play 1")
    assert revealed(events) == [(0, 2)]


def test_L_6_player_ahead_moves_before_the_card_is_revealed():
    # Black leads and stops at React: the Legends' card is not revealed until a Legend moves.
    cars = [player(space=40, engine=1, deck=["1"] * 5), legend("green", 30), legend("yellow", 14)]
    race = legends_race(cars)
    events = play(race, "black: gear 1 play 0")
    assert race.step == "react" and revealed(events) == []
    assert to_position(race)["legends"] == {"deck": [1], "card": None}
    events = play(race, "done")
    assert revealed(events) == [(1, 1)]


def test_L_6_card_already_revealed_this_round_is_used_by_the_later_legends():
    # Mid-round: green (Legend) has moved, card 4 is face up; black (player) ends its turn; then
    # yellow moves with card 4 (Top Speed 17: 15 -> 32), not with card 2 from the deck (13 -> 28).
    cars = [legend("green", 40), player(space=20), legend("yellow", 15)]
    race = mid_round(cars, order=[0, 1, 2], active=1, card=4)
    events = play(race, "discard nothing")
    assert revealed(events) == []
    assert legend_moves(events) == [(2, 15, 32)]
    assert to_position(race)["legends"]["deck"] == [2]


def test_L_7_each_card_gives_each_colour_a_top_speed_and_a_diamond():
    card = legends_cards()[0]
    for color, (top, diamond) in CARD_1.items():
        assert (card.top(color), card.diamond_of(color)) == (top, diamond)
    for card in legends_cards():
        for color, _ in card.top_speed:
            assert 10 <= card.top(color) <= 19
            assert 0 <= card.diamond_of(color) <= 3
    # The same card moves two Legends on the same kind of space by their own colour's numbers.
    race = legends_race([player(), legend("blue", 15), legend("yellow", 14)])
    events = stay(race)
    assert legend_moves(events) == [(1, 15, 33), (2, 14, 25)]  # Top Speeds 18 and 11


# -------------------------------------------------------------------- movements A and B


@pytest.mark.parametrize(("start", "end"), [(27, 31), (28, 33)])
def test_L_8_movement_depends_on_the_legends_line(start, end):
    # Green, card 1 (15, ◆2). The Legends Line of corner 2 is after space 27 (OQ-L-6: judged by
    # the space the car stands on). On 27: movement B, 27 + 15 crosses the line after 33, so
    # the ◆2 space 31. On 28: movement A, Speed Limit 3 + ◆2 = 5 spaces, to 33.
    race = legends_race([player(), legend("green", start)])
    stay(race)
    assert space(race, "green") == end


@pytest.mark.parametrize(
    ("color", "start", "end"),
    [
        ("black", 28, 33),  # 3 + ◆2
        ("blue", 28, 34),  # 3 + ◆3: clears the corner
        ("yellow", 28, 31),  # 3 + ◆0
        ("red", 33, 37),  # on the ◆0 space: 3 + ◆1
        ("green", 5, 14),  # corner 1 (limit 7, Legends Line after 2): 7 + ◆2
        ("gray", 44, 48),  # corner 3 (limit 3, Legends Line after 43): 3 + ◆1
        ("blue", 53, 58),  # corner 4 (limit 2, Legends Line after 52): 2 + ◆3
    ],
)
def test_L_9_movement_a_speed_limit_plus_diamond(color, start, end):
    cars = [player(color="gray" if color != "gray" else "red", space=62), legend(color, start)]
    race = legends_race(cars)
    events = stay(race, cars[0]["color"])
    assert space(race, color) == end
    assert not of_type(events, CornerChecked)


@pytest.mark.parametrize(
    ("start", "end"),
    [
        (29, 37),  # corner 2 (limit 6): 29 + 6 + 3 = 38 would cross the line after 37
        (36, 43),  # corner 3 (limit 5): 36 + 5 + 3 = 44 would cross the line after 43
        (42, 48),  # corner 4 (limit 4): 42 + 4 + 3 = 49 would cross the line after 48
    ],
)
def test_L_10_never_crosses_two_corner_lines(start, end):
    # Great Britain, blue with card 1 (◆3). Not starting on a chevron space (OQ-L-10).
    race = legends_race([player(space=55), legend("blue", start)], track="great-britain")
    stay(race)
    assert space(race, "blue") == end


def test_L_10_stops_on_the_first_space_with_a_free_spot_before_the_second_line():
    # Two players already on space 37: blue (29 + 6 + 3 = 38, capped at 37) goes to 36.
    cars = [player(space=37, lane=1), player(color="gray", space=37, lane=2), legend("blue", 29)]
    race = mid_round(cars, order=[0, 1, 2], active=1, card=1, track="great-britain")
    events = play(race, "discard nothing")
    assert legend_moves(events) == [(2, 29, 36)]
    assert spot(race, "blue") == (36, 1)


def test_L_11_movement_a_may_leave_the_legend_short_of_the_corner():
    # Red, card 1 (◆1), just past the Legends Line: 28 + 3 + 1 = 32, still before the line.
    race = legends_race([player(), legend("red", 28)])
    events = stay(race)
    assert space(race, "red") == 32
    assert legend_moves(events) == [(1, 28, 32)]


@pytest.mark.parametrize(
    ("color", "start", "end"),
    [
        ("yellow", 14, 25),  # 11
        ("red", 20, 33),  # 13 reaches the ◆0 space exactly: no line crossed
        ("blue", 15, 33),  # 18, exactly to the line
        ("yellow", 34, 45),  # passing corner 3's Legends Line (after 43) on the way is fine
        ("gray", 58, 3),  # 58 + 14 = 72 = space 3 of lap 2, short of corner 1 (after 12)
    ],
)
def test_L_12_movement_b_moves_top_speed_when_it_stays_short_of_the_line(color, start, end):
    # Card 1; two laps, so that the finish line plays no part (OQ-L-3).
    race = legends_race([player(color="green", space=62), legend(color, start)], laps=2)
    stay(race, "green")
    assert space(race, color) == end


@pytest.mark.parametrize(
    ("color", "start", "end"),
    [
        ("red", 21, 32),  # 21 + 13 = 34 crosses the line after 33: ◆1 space
        ("blue", 16, 30),  # 16 + 18: ◆3 space
        ("yellow", 23, 33),  # 23 + 11 = 34: ◆0 space, the last space before the line
        ("black", 40, 47),  # corner 3 (after 49): 40 + 16 = 56, ◆2 space
    ],
)
def test_L_13_movement_b_stops_on_the_diamond_space_when_top_speed_is_too_much(color, start, end):
    race = legends_race([player(color="gray", space=62), legend(color, start)])
    stay(race, "gray")
    assert space(race, color) == end


# ----------------------------------------------------------------- what Legends never do


def test_L_14_legends_never_slipstream():
    # Black (player) moves 25 -> 26; yellow lands on 25, right behind it, and stays there.
    cars = [player(space=25, hand=["1"], deck=["1"] * 5), legend("yellow", 14)]
    race = legends_race(cars)
    events = play(race, "black: gear 1 play 1")
    assert race.phase == "plan"
    assert spot(race, "black") == (26, 2)
    assert spot(race, "yellow") == (25, 2)
    assert not of_type(events, Slipstreamed)


def test_L_14_legends_never_use_heat_nor_cool_down_nor_hold_cards():
    for seed in range(3):
        race = run_solo(seed)
        for seat in (1, 2):
            assert {type(e) for e in race.events() if e.seat == seat} <= set(LEGEND_EVENTS)
            data = to_position(race)["cars"][seat]
            assert (data["engine"], data["hand"], data["deck"], data["discard"]) == (0, [], [], [])
    with pytest.raises(ConfigError, match="L-14"):
        Race(RaceConfig((SeatConfig("Red", "red"), SeatConfig("Legend", "blue", legend=True, upgrades=("4wd-4",)))))
    with pytest.raises(ConfigError, match="L-14"):
        Race(RaceConfig((SeatConfig("Red", "red"), SeatConfig("Legend", "blue", legend=True, handicap=1))))


def test_L_14_position_with_cards_or_a_plan_for_a_legend_is_refused():
    with pytest.raises(PositionError, match="Legend"):
        race_from(position([player(), legend("green", 20, hand=["1"])]))
    with pytest.raises(PositionError, match="Legend"):
        race_from(position([player(), legend("green", 20, deck=["1"])]))
    with pytest.raises(PositionError, match="Legend"):
        race_from(position([player(), legend("green", 20, plan={"gear": 1, "cards": []})]))


def test_L_15_legend_last_takes_adrenaline_without_benefit():
    # 3 cars: yellow (Legend) is last and takes the only Adrenaline place; it still moves
    # exactly its Top Speed (11), and black, second to last, gets no Adrenaline.
    cars = [player(color="red", space=62), player(space=40, hand=["1"], deck=["1"] * 5), legend("yellow", 14)]
    race = legends_race(cars)
    events = play(race, "red: gear 1 play 0", "black: gear 1 play 1")
    assert race.phase == "plan"
    assert not of_type(events, AdrenalineGained)
    assert legend_moves(events) == [(2, 14, 25)]
    assert space(race, "black") == 41


def test_L_15_legend_holds_the_adrenaline_place_while_the_player_reacts():
    # Black (player, second to last) stops at React for its Boost: no Adrenaline symbols.
    cars = [player(color="red", space=62), player(space=40, engine=1, deck=["1"] * 5), legend("yellow", 14)]
    race = legends_race(cars)
    play(race, "red: gear 1 play 0", "black: gear 1 play 0")
    assert race.step == "react" and race.to_decide() == (1,)
    assert race.adrenaline_seats == (2,)
    assert {d.text() for d in race.legal_decisions(1)} == {"boost", "done"}
    assert to_position(race)["turn"]["adrenaline"] is False


# ------------------------------------------------------------------ deck and Pro Legends


def test_L_16_empty_legends_deck_is_reshuffled_from_all_ten_cards():
    race = legends_race([player(), legend("yellow", 14)], deck=[5])
    events = stay(race)
    assert revealed(events) == [(1, 5)]
    assert to_position(race)["legends"] == {"deck": [], "card": None}
    events = stay(race)
    ((_, card),) = revealed(events)
    deck = to_position(race)["legends"]["deck"]
    assert len(deck) == 9
    assert sorted([card, *deck]) == list(range(1, 11))  # card 5 was shuffled back in too


def test_L_6_L_16_views_show_which_legends_cards_are_still_to_come_never_their_order():
    # The revealed cards lie face up, so which cards remain in the deck is public; the order is not.
    race = legends_race([player(), legend("yellow", 14)], deck=[5, 2, 9])
    assert view_of(race, 0).legends_to_come == (2, 5, 9)
    stay(race)
    assert view_of(race, 0).legends_to_come == (2, 9)  # card 5 revealed and used
    stay(race)
    stay(race)
    assert view_of(race, 0).legends_to_come == ()  # empty: the next reveal reshuffles all ten
    stay(race)
    assert len(view_of(race, 0).legends_to_come) == 9
    # Two races whose Legends decks hold the same cards in another order look alike to a player.
    first = legends_race([player(), legend("yellow", 14)], deck=[3, 1, 7])
    second = legends_race([player(), legend("yellow", 14)], deck=[7, 3, 1])
    assert view_of(first, 0).to_json() == view_of(second, 0).to_json()
    assert view_of(first, 0).legends_to_come == (1, 3, 7)


def test_L_16_position_with_an_unknown_legends_card_is_refused():
    # A position's Legends deck may hold any of the ten cards, or none (the next reveal
    # reshuffles); anything else names the field that is wrong.
    cars = [player(), legend("yellow", 14)]
    assert view_of(legends_race(cars, deck=[]), 0).legends_to_come == ()
    for deck in ([0], [11], ["3"]):
        with pytest.raises(PositionError, match=r"legends\.deck"):
            legends_race(cars, deck=deck)
    with pytest.raises(PositionError, match=r"legends\.card"):
        race_from(position(cars, hand_size=1, legends={"deck": [1], "card": 12}))


def test_L_16_reshuffle_keeps_one_reveal_per_round_over_a_whole_race():
    race = run_solo(3, laps=3)
    events = race.events()
    cards = [card for _, card in revealed(events)]
    assert len(cards) > 10  # the deck ran out at least once
    assert sorted(cards[:10]) == list(range(1, 11))  # the first deck, each card once
    assert len(set(cards[10:20])) == len(cards[10:20])  # the second deck too


@pytest.mark.parametrize(("pro", "end"), [(0, 31), (1, 32), (2, 33), (3, 32)])
def test_L_17_pro_legends_raise_top_speed(pro, end):
    # Red, card 1 (13, ◆1) on 18: Top Speed 13 + pro. 18 + 15 = 33 still stops short of the line
    # after 33; 18 + 16 crosses it, so red goes to its ◆1 space 32 (the Diamond is not raised).
    race = legends_race([player(), legend("red", 18)], options={"pro_legends": pro} if pro else {})
    stay(race)
    assert space(race, "red") == end


def test_L_17_pro_legends_option_range_and_view():
    race = Race(RaceConfig(default_seats(3, legends=2), pro_legends=2))
    assert view_of(race, 0).pro_legends == 2
    assert to_position(race)["options"] == {"pro_legends": 2}
    for bad in (-1, 11):
        with pytest.raises(ConfigError, match="L-17"):
            Race(RaceConfig(default_seats(3, legends=2), pro_legends=bad))


def test_OQ_L_9_pro_legends_raise_only_top_speed_not_the_diamond():
    # Pro +2: blue (18 + 2, ◆3) still stops on its ◆3 space 30; green past the Legends Line
    # still moves Speed Limit 3 + ◆2 = 5; yellow (11 + 2) moves 13.
    cars = [player(), legend("green", 28), legend("blue", 16), legend("yellow", 14)]
    race = legends_race(cars, options={"pro_legends": 2})
    events = stay(race)
    assert legend_moves(events) == [(1, 28, 33), (2, 16, 30), (3, 14, 27)]


# ------------------------------------------------------------------ the booklet's example


def test_L_18_booklet_legends_example():
    """The booklet's example, on USA corner 2 (Speed Limit 3, Legends Line after 27, Corner Line
    after 33) with Legends card 1, whose values are the example's: green ◆2, red ◆1, blue Top
    Speed 18 with ◆3, yellow Top Speed 11."""
    cars = [
        player(space=60),
        legend("green", 30),  # past the Legends Line
        legend("red", 28),  # past the Legends Line
        legend("blue", 16),  # behind it
        legend("yellow", 14),  # behind it
    ]
    race = legends_race(cars, deck=[1])
    events = stay(race)
    assert revealed(events) == [(1, 1)]
    assert legend_moves(events) == [
        (1, 30, 35),  # green: 3 + 2 = 5, clears the corner
        (2, 28, 32),  # red: 3 + 1 = 4, does not clear it
        (3, 16, 30),  # blue: 16 + 18 would cross the line: placed on spot #3 (space 30)
        (4, 14, 25),  # yellow: 14 + 11 = 25
    ]
    assert space(race, "green") > 33 >= space(race, "red")
    assert not of_type(events, CornerChecked)


# ------------------------------------------------------------------------------ rulings


@pytest.mark.parametrize(
    ("color", "start", "full", "end"),
    [
        ("yellow", 14, 25, 24),  # Top Speed target taken
        ("blue", 16, 30, 29),  # ◆ space taken
        ("green", 29, 34, 33),  # Speed Limit + ◆ target taken
    ],
)
def test_OQ_L_1_blocked_legend_takes_nearest_free_space_behind(color, start, full, end):
    cars = [player(space=full, lane=1), player(color="gray", space=full, lane=2), legend(color, start)]
    race = mid_round(cars, order=[0, 1, 2], active=1, card=1)
    events = play(race, "discard nothing")
    (move,) = of_type(events, Moved)
    assert (move.from_space, move.to_space, move.blocked) == (start, end, True)
    assert spot(race, color) == (end, 2)


def test_OQ_L_2_legend_takes_the_race_line_spot_like_a_car():
    # Yellow to 25 (race line lane 2 on 13-57); gray to 58 + 14 = 72 = space 3 of lap 2 (race
    # line lane 1 there); blue to its ◆3 space 30, whose race-line spot red already holds.
    cars = [player(color="red", space=30, lane=2), legend("yellow", 14), legend("gray", 58), legend("blue", 16)]
    race = legends_race(cars, laps=2)
    stay(race, "red")
    assert spot(race, "yellow") == (25, 2)
    assert spot(race, "gray") == (3, 1)
    assert spot(race, "blue") == (30, 1)


@pytest.mark.parametrize(("laps", "space_", "lap", "finished"), [(1, 15, 2, True), (2, 9, 2, False)])
def test_OQ_L_3_last_lap_legend_runs_its_top_speed_over_the_finish(laps, space_, lap, finished):
    # Blue with card 8 (19, ◆3) on space 65; the next Corner Line is after space 12 of the next
    # lap (progress 81). On the last lap the finish line comes first: blue moves its full 19
    # (progress 84) and crosses the finish, ignoring the corner beyond it. With a lap to go it
    # stops on the ◆3 space before that line (progress 78 = space 9 of lap 2).
    race = legends_race([player(space=66), legend("blue", 65)], deck=[8], laps=laps)
    events = stay(race)
    data = entry(race, "blue")
    assert (data["space"], data["lap"], data["finished"]) == (space_, lap, finished)
    assert bool(of_type(events, CrossedFinish)) == finished
    if finished:
        assert to_position(race)["hall_of_fame"] == [1]  # the Legend takes the finishing place
    assert not of_type(events, CornerChecked)


@pytest.mark.parametrize(("token", "end"), [(None, 34), ("limit-plus", 35), ("limit-minus", 33)])
def test_OQ_L_4_movement_a_uses_the_speed_limit_with_road_conditions(token, end):
    # Green, card 1 (◆2), on 29 past corner 2's Legends Line: Speed Limit 3 (+1 / -1) + 2.
    weather = {"token": None, "road": [None, token, None, None]}
    race = legends_race([player(), legend("green", 29)], weather=weather)
    stay(race)
    assert space(race, "green") == end


def test_OQ_L_5_legends_never_check_corners_nor_spin_out():
    # Green with an empty Engine crosses corner 2 at 5 spaces (limit 3): a car would spin out.
    race = legends_race([player(), legend("green", 30)])
    events = stay(race)
    assert spot(race, "green") == (35, 2)
    assert not of_type(events, CornerChecked) and not of_type(events, SpunOut)
    assert entry(race, "green")["engine"] == 0


@pytest.mark.parametrize(
    ("start_lap", "start", "lap", "end"),
    [
        (1, 27, 1, 31),  # on the Legends Line's space boundary (after 27): still behind, B
        (1, 28, 1, 33),  # past it: A, 3 + 2
        (2, 2, 2, 10),  # after the finish line, before corner 1's Legends Line (after 2): B, ◆2
        (2, 3, 2, 12),  # past it: A, 7 + 2
        (0, 69, 1, 10),  # on the grid: B, 0 + 15 crosses the line after 12: ◆2 space
    ],
)
def test_OQ_L_6_position_relative_to_the_legends_line(start_lap, start, lap, end):
    race = legends_race([player(space=50, lap=2), legend("green", start, lap=start_lap)], laps=2)
    stay(race)
    data = entry(race, "green")
    assert (data["lap"], data["space"]) == (lap, end)


def test_OQ_L_7_legends_take_finishing_places_in_the_standings():
    # Only partly testable: the engine has no Championship yet (points, grids by standings,
    # sponsors). What a race gives the Championship: Legends take finishing places in the
    # Hall of Fame and the standings like players; they are never in a draft (OQ-G-8) and
    # cannot be given Sponsorship cards.
    winners = set()
    for seed in range(4):
        race = run_solo(seed)
        assert sorted(race.hall_of_fame) == [0, 1, 2]
        assert race.standings() == race.hall_of_fame
        winners.add(race.hall_of_fame[0])
    assert winners & {1, 2}  # a Legend has won a race (the player decides at random)
    race = Race(RaceConfig(default_seats(3, legends=2), garage="regular", seed=2))
    assert race.phase == "draft"
    assert not any(race.cars[seat].legend for seat in race.draft.order)  # type: ignore[union-attr]
    with pytest.raises(ConfigError, match="L-14"):
        Race(RaceConfig((SeatConfig("Red", "red"), SeatConfig("L", "blue", legend=True, sponsors=("sp-brakes",)))))


def test_OQ_L_8_no_card_revealed_when_no_legend_is_still_racing():
    # Green (Legend) is already in the Hall of Fame; only black races (last: it stops at React
    # for its Adrenaline).
    cars = [player(space=60), legend("green", 3, lap=2, on_track=False, finished=True)]
    race = legends_race(cars, deck=[1, 2], hall_of_fame=[1])
    events = play(race, "black: gear 1 play 0", "done")
    assert race.phase == "plan" and race.round == 2
    assert revealed(events) == []
    assert to_position(race)["legends"] == {"deck": [1, 2], "card": None}


def test_OQ_L_8_first_legend_still_on_the_track_reveals():
    # Green (Legend) has finished; yellow, the only Legend still racing, reveals the card.
    cars = [player(space=60), legend("green", 3, lap=2, on_track=False, finished=True), legend("yellow", 14)]
    race = legends_race(cars, deck=[1, 2], hall_of_fame=[1])
    events = stay(race)
    assert revealed(events) == [(2, 1)]
    assert legend_moves(events) == [(2, 14, 25)]


def test_OQ_L_10_legends_cards_data_match_the_reference_table():
    for card in legends_cards():
        assert {color: (card.top(color), card.diamond_of(color)) for color in CARD_1} == CARD_TABLE[card.number]
    for color in CARD_1:
        tops = sorted(CARD_TABLE[n][color][0] for n in CARD_TABLE)
        assert tops == list(range(10, 20))  # every Top Speed 10-19 once per colour
    for row in CARD_TABLE.values():
        for top, diamond in row.values():
            assert diamond == (0 if top <= 11 else 1 if top <= 14 else 2 if top <= 17 else 3)


def test_OQ_L_10_great_britain_chevrons_and_option():
    assert [c.chevron for c in track("great-britain").corners] == [False, True, True, True, False]
    for track_id in ("usa", "italia", "france"):
        assert not any(c.chevron for c in track(track_id).corners)
    assert RaceConfig(default_seats(2, legends=1)).aggressive_legends is True


@pytest.mark.parametrize(
    ("start", "aggressive", "end"),
    [
        (30, True, 39),  # on corner 2's ◆0 space (chevron): 30 + 6 + 3 crosses 30 and 37
        (30, False, 37),  # option off: stops before the second line
        (37, True, 45),  # corner 3 (chevron): 37 + 5 + 3 crosses 37 and 43
        (37, False, 43),
        (43, True, 50),  # corner 4 (chevron): 43 + 4 + 3 crosses 43 and 48
        (43, False, 48),
        (29, True, 37),  # not on the chevron space: the normal rule (L-10)
        (36, True, 43),
    ],
)
def test_OQ_L_10_aggressive_legend_on_a_chevron_may_cross_one_extra_line(start, aggressive, end):
    options = {} if aggressive else {"aggressive_legends": False}
    race = legends_race([player(space=55), legend("blue", start)], track="great-britain", options=options)
    stay(race)
    assert space(race, "blue") == end


# ------------------------------------------------------------------------------ solo race


@pytest.mark.parametrize("track_id", ["usa", "great-britain"])
def test_L_2_solo_race_one_player_against_legends(track_id):
    race = run_solo(11, track_id)
    assert race.is_over
    assert sorted(race.hall_of_fame) == [0, 1, 2]
    events = race.events()
    # Per round: one card exactly when a Legend moved (L-6, OQ-L-8).
    rounds: list[list[Event]] = []
    for event in events:
        if isinstance(event, RoundStarted):
            rounds.append([])
        elif rounds:
            rounds[-1].append(event)
    for round_events in rounds:
        moved = legend_moves(round_events)
        assert len(revealed(round_events)) == (1 if moved else 0)
    decided = Counter(seat for seat, _ in race.decisions)
    assert set(decided) == {0}
