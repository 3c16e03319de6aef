"""Rule scenarios for the Garage module, part 1: components, building the car (the 3-round
draft and quick start), where the Upgrade cards start (G-1 to G-18) and the rulings OQ-G-8,
OQ-G-10 and OQ-G-11 of the rules digest. The symbols in play are in test_g_garage_symbols.py.

USA board: 6 Heat in the Engine and 3 Stress cards per player; the grid lies on spaces 69 (pole,
race-line spot lane 1), 69, 68, 68, 67, 67.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from heat.engine import (
    ConfigError,
    PositionError,
    Race,
    RaceConfig,
    SeatConfig,
    content,
    default_seats,
    from_position,
    to_position,
    view_of,
)
from heat.engine.events import Drew, RaceStarted, RoundStarted, UpgradeDrafted, UpgradesDealt
from heat.engine.rng import Rng
from scenario import car, of_type, play, position, race_from, refused

RED, BLUE, GREEN, YELLOW, BLACK, GRAY = range(6)

REGULAR = content.catalogue().deck("regular")
ADVANCED = content.catalogue().deck("advanced")
BASIC_DECK = Counter({"1": 3, "2": 3, "3": 3, "4": 3})


# ---------------------------------------------------------------------------------- helpers


def drafting(cars: int = 3, *, legends: int = 0, garage: str = "regular", **config: Any) -> Race:
    """A new race with the Garage draft, still in the draft phase."""
    race = Race(RaceConfig(seats=default_seats(cars, legends=legends), garage=garage, **config))
    assert race.phase == "draft"
    return race


def market(race: Race) -> list[str]:
    return list(to_position(race)["draft"]["market"])


def pool(race: Race) -> list[str]:
    """The face-down Upgrade deck of the draft, top first."""
    return list(to_position(race)["draft"]["pool"])


def draft_round(race: Race) -> list[int]:
    """Let every player of the current draft round take the first card of the market; return
    the seats in the order they picked."""
    number = view_of(race, None).draft.round
    picked = []
    while race.phase == "draft" and view_of(race, None).draft.round == number:
        (seat,) = race.to_decide()
        picked.append(seat)
        race.apply(seat, race.legal_decisions(seat)[0])
    return picked


def finish_draft(race: Race) -> list[list[int]]:
    """Complete the draft; the pick order of each round."""
    rounds = []
    while race.phase == "draft":
        rounds.append(draft_round(race))
    return rounds


def owned(race: Race, seat: int) -> Counter[str]:
    """Every card a player holds in hand and draw deck (a new race: nothing else yet)."""
    entry = to_position(race)["cars"][seat]
    return Counter(entry["hand"] + entry["deck"])


def draft_position(cars: list[dict[str, Any]], **draft: Any) -> Race:
    """A race in the draft phase from a position: cars on the grid (lap 0), a given market,
    pick order and face-down Upgrade deck (``pool``, top first)."""
    return race_from(position(cars, phase="draft", round=0, draft=draft))


def grid_car(space: int, lane: int, **fields: Any) -> dict[str, Any]:
    return car(space=space, lane=lane, lap=0, engine=0, **fields)


# ----------------------------------------------------------------- G-1 to G-9 components


def test_G_1_components_34_regular_and_62_advanced_upgrade_cards():
    assert len(REGULAR) == 34
    assert len(ADVANCED) == 62
    # The Advanced cards are marked: every card knows its deck, and only Extra Heat is in both.
    assert set(REGULAR) & set(ADVANCED) == {"extra-heat"}
    # A Garage race draws from the chosen deck(s): the market plus the face-down deck.
    for garage, size in (("regular", 34), ("advanced", 62), ("all", 96)):
        race = drafting(2, garage=garage)
        assert len(market(race)) + len(pool(race)) == size


def test_G_2_garage_combines_with_weather_and_legends():
    config = RaceConfig(seats=default_seats(3, legends=1), garage="all", weather=True, laps=1, seed=11, grid=(2, 0, 1))
    race = Race(config)
    assert race.phase == "draft"
    assert race.conditions is not None  # Weather & Road Conditions drawn before the draft (W-3)
    assert set(view_of(race, RED).draft.order) == {RED, BLUE}  # the Legend does not draft
    finish_draft(race)
    assert race.phase == "plan"
    rng = Rng(5)
    for _ in range(3000):
        if race.is_over:
            break
        seat = race.to_decide()[0]
        race.apply(seat, race.random_decision(seat, rng))
    assert race.is_over
    assert sorted(race.standings()) == [RED, BLUE, GREEN]
    # Each module also works alone.
    assert Race(RaceConfig(seats=default_seats(2), garage="regular")).phase == "draft"
    assert Race(RaceConfig(seats=default_seats(2), weather=True)).phase == "plan"


def test_G_3_starting_upgrades_stay_in_the_box_with_the_garage():
    base = Race(RaceConfig(seats=default_seats(2), seed=4))
    assert owned(base, RED)["5"] == 1 and owned(base, RED)["0"] == 1  # B-17: used without the Garage
    for race in (
        drafting(2, seed=4, starting_upgrades=True),
        Race(RaceConfig(seats=default_seats(2), garage="regular", draft=False, seed=4)),
    ):
        finish_draft(race)
        for seat in (RED, BLUE):
            cards = owned(race, seat)
            upgrades = to_position(race)["cars"][seat]["upgrades"]
            assert cards["0"] == 0 and cards["5"] == 0
            assert sum(cards.values()) == 12 + 3 + 3  # Basic cards, 3 Upgrades, 3 Stress
            assert cards["heat"] == upgrades.count("extra-heat")  # no Starting Upgrade Heat card


def test_G_3_draft_resumed_from_a_position_builds_cars_without_starting_upgrades():
    race = drafting(2, seed=8)
    resumed = from_position(to_position(race))
    assert to_position(resumed) == to_position(race)
    for _ in range(6):
        (seat,) = race.to_decide()
        decision = race.legal_decisions(seat)[-1]
        race.apply(seat, decision)
        resumed.apply(seat, decision)
    assert resumed.phase == "plan" and resumed.round == 1
    assert to_position(resumed)["cars"] == to_position(race)["cars"]
    assert owned(resumed, RED)["5"] == 0


@pytest.mark.parametrize("cars", [1, 2, 4, 6])
def test_G_4_each_player_builds_the_car_with_three_upgrade_cards(cars):
    race = drafting(cars, seed=cars)
    finish_draft(race)
    for seat in range(cars):
        upgrades = view_of(race, None).cars[seat].upgrades  # public: they lay face up
        assert len(upgrades) == 3
        assert all(card in REGULAR for card in upgrades)


def test_G_4_legends_get_no_upgrade_cards():
    race = drafting(4, legends=2, seed=2)
    finish_draft(race)
    cars = view_of(race, None).cars
    assert [len(cars[seat].upgrades) for seat in range(4)] == [3, 3, 0, 0]


def test_G_5_regular_only_is_an_option_and_advanced_cards_may_be_added():
    regular = drafting(2, garage="regular", seed=3)
    assert set(market(regular) + pool(regular)) <= set(REGULAR)
    advanced = drafting(2, garage="advanced", seed=3)
    assert set(market(advanced) + pool(advanced)) <= set(ADVANCED)
    both = drafting(2, garage="all", seed=3)
    assert Counter(market(both) + pool(both)) == Counter(REGULAR) + Counter(ADVANCED)
    with pytest.raises(ConfigError, match="regular, advanced, all"):
        Race(RaceConfig(seats=default_seats(2), garage="expert"))


def test_G_6_no_restriction_on_upgrade_categories():
    # Red already owns two Brakes cards and may take a third in the last draft round.
    race = draft_position(
        [grid_car(69, 1, upgrades=["brakes-13", "brakes-24"])],
        round=3,
        market=["brakes-15", "turbo-7", "rpm-1", "body-3"],
        order=[RED],
        pool=[],
    )
    assert "draft brakes-15" in {d.text() for d in race.legal_decisions(RED)}
    play(race, "red: draft brakes-15")
    assert to_position(race)["cars"][RED]["upgrades"] == ["brakes-13", "brakes-24", "brakes-15"]
    assert race.phase == "plan"
    # A car may also start a race with Upgrades of one category only.
    seats = (SeatConfig("Red", "red", upgrades=("rpm-1", "rpm-2", "rpm-3")),)
    assert owned(Race(RaceConfig(seats=seats, starting_upgrades=False)), RED)["rpm-2"] == 1


def test_G_7_upgrade_categories():
    categories = {card.category for card in content.catalogue().cards if card.id in set(REGULAR) | set(ADVANCED)}
    assert categories == {
        "Extra Heat",
        "4 Wheel Drive",
        "Brakes",
        "Cooling system",
        "Body",
        "R.P.M.",
        "Tires",
        "Wings",
        "Turbocharger",
        "Fuel",
        "Gas Pedal",
        "Suspension",
    }
    by_id = {card.id: card for card in content.catalogue().cards}
    # The descriptions match the cards: 4 Wheel Drive adds + symbols, Brakes offer several
    # values, Cooling cools, Body discards Stress, R.P.M. boosts slipstream, Gas Pedal is played
    # directly, Suspension refreshes, Turbochargers and Wings cost Heat.
    for card_id in set(REGULAR) | set(ADVANCED):
        card = by_id[card_id]
        described = {
            "4 Wheel Drive": lambda c: c.plus > 0,
            "Brakes": lambda c: len(c.speeds) > 1,
            "Cooling system": lambda c: c.cooldown > 0,
            "Body": lambda c: c.reduce_stress > 0,
            "R.P.M.": lambda c: c.slipstream > 0,
            "Gas Pedal": lambda c: c.direct,
            "Suspension": lambda c: c.refresh,
            "Turbocharger": lambda c: c.heat > 0 and max(c.speeds) >= 7,
            "Wings": lambda c: c.heat > 0 and c.adjust > 0,
            "Fuel": lambda c: c.salvage > 0,
            "Tires": lambda c: c.adjust != 0,
            "Extra Heat": lambda c: c.becomes == "heat",
        }[card.category]
        assert described(card), card_id


def test_G_8_extra_heat_is_a_heat_card_that_starts_in_the_draw_deck():
    race = draft_position(
        [grid_car(69, 1, upgrades=["turbo-7", "rpm-1"])],
        round=3,
        market=["extra-heat", "body-3", "rpm-2", "brakes-13"],
        order=[RED],
        pool=[],
    )
    play(race, "red: draft extra-heat")
    red = to_position(race)["cars"][RED]
    assert red["upgrades"] == ["turbo-7", "rpm-1", "extra-heat"]
    assert red["engine"] == 6  # the Engine holds only the track's Heat cards
    cards = Counter(red["hand"] + red["deck"])
    # A Heat card (the same card as the Engine's, B-13) among the cards to draw, not an Upgrade.
    assert cards["heat"] == 1 and cards["extra-heat"] == 0
    assert cards == BASIC_DECK + Counter({"turbo-7": 1, "rpm-1": 1, "heat": 1, "stress": 3})


def test_G_9_upgrade_cards_start_the_race_in_the_draw_deck():
    race = drafting(3, seed=21)
    finish_draft(race)
    for seat, entry in enumerate(to_position(race)["cars"]):
        assert entry["engine"] == 6
        assert entry["discard"] == [] and entry["play"] == []
        cards = owned(race, seat)
        for upgrade in entry["upgrades"]:
            kind = "heat" if upgrade == "extra-heat" else upgrade
            assert cards[kind] >= entry["upgrades"].count(upgrade)


# ----------------------------------------------------------------- G-10 to G-18 the draft


def test_G_10_draft_after_the_grid_and_before_the_first_hands():
    race = drafting(3, seed=6, grid=(2, 0, 1))
    (started,) = of_type(race.events(), RaceStarted)
    assert started.grid == (2, 0, 1)
    cars = to_position(race)["cars"]
    assert [(c["space"], c["lap"]) for c in cars] == [(69, 0), (68, 0), (69, 0)]  # on the grid
    assert all(c["hand"] == [] and c["deck"] == [] for c in cars)  # no cards drawn yet
    assert race.round == 0 and not of_type(race.events(), Drew)
    events = finish_draft_events(race)
    # The hands are drawn only after the last pick, then round 1 begins.
    last_pick = max(i for i, e in enumerate(events) if isinstance(e, UpgradeDrafted))
    draws = [i for i, e in enumerate(events) if isinstance(e, Drew)]
    assert len(draws) == 3 and min(draws) > last_pick
    assert all(len(c["hand"]) == 7 for c in to_position(race)["cars"])
    assert [e.round for e in of_type(events, RoundStarted)] == [1]


def finish_draft_events(race: Race) -> list[Any]:
    start = len(race.events())
    finish_draft(race)
    return race.events()[start:]


def test_G_11_three_rounds_one_card_per_player_each():
    race = drafting(4, seed=9)
    events = finish_draft_events(race)
    picks = of_type(events, UpgradeDrafted)
    assert len(picks) == 12
    for number in (1, 2, 3):
        assert sorted(e.seat for e in picks if e.round == number) == [RED, BLUE, GREEN, YELLOW]
    for seat in range(4):
        assert [e.card for e in picks if e.seat == seat] == to_position(race)["cars"][seat]["upgrades"]


@pytest.mark.parametrize(("cars", "legends"), [(1, 0), (2, 0), (3, 0), (5, 0), (6, 0), (4, 2)])
def test_G_12_market_holds_one_card_per_player_plus_three(cars, legends):
    race = drafting(cars, legends=legends, seed=cars)
    players = cars - legends
    for _ in range(3):
        assert len(market(race)) == players + 3
        draft_round(race)
    assert race.phase == "plan"


def test_G_12_upgrade_deck_is_shuffled_before_the_market_is_laid_out():
    markets = {tuple(market(drafting(2, seed=seed))) for seed in range(6)}
    assert len(markets) > 1
    assert all(Counter(m) <= Counter(REGULAR) for m in markets)


def test_G_13_first_round_picks_from_back_to_front():
    race = drafting(4, seed=1, grid=(2, 0, 3, 1))  # pole: green, then red, yellow, blue last
    assert view_of(race, RED).draft.order == (BLUE, YELLOW, RED, GREEN)
    assert race.to_decide() == (BLUE,)
    assert draft_round(race) == [BLUE, YELLOW, RED, GREEN]


def test_G_14_leftovers_discarded_and_a_new_market_laid_out():
    race = drafting(2, seed=12)
    for _ in range(2):
        assert len(market(race)) == 5
        deck = pool(race)
        draft_round(race)
        # The new market is the next players + 3 cards of the deck; the 3 leftovers are gone.
        assert market(race) == deck[:5]
        assert pool(race) == deck[5:]


def test_G_15_second_round_picks_from_front_to_back():
    race = drafting(4, seed=1, grid=(2, 0, 3, 1))
    draft_round(race)
    assert view_of(race, RED).draft.round == 2
    assert view_of(race, RED).draft.order == (GREEN, RED, YELLOW, BLUE)
    assert draft_round(race) == [GREEN, RED, YELLOW, BLUE]


def test_G_16_third_round_back_to_front_then_leftovers_discarded():
    race = drafting(4, seed=1, grid=(2, 0, 3, 1))
    draft_round(race)
    draft_round(race)
    assert view_of(race, RED).draft.round == 3
    third_market = market(race)
    assert draft_round(race) == [BLUE, YELLOW, RED, GREEN]
    assert race.phase == "plan" and race.draft is None
    assert "draft" not in to_position(race)
    assert view_of(race, RED).draft is None
    # The 3 leftovers are in no car's cards: each car owns exactly its 3 Upgrades.
    assert len(third_market) == 7
    for seat in range(4):
        upgrades = to_position(race)["cars"][seat]["upgrades"]
        cards = owned(race, seat)
        for card_id in set(third_market) - {"extra-heat"}:
            assert cards[card_id] == upgrades.count(card_id)


def test_G_17_players_shuffle_their_upgrade_cards_into_the_draw_deck():
    places = set()
    for seed in range(6):
        race = drafting(1, seed=seed)
        finish_draft(race)
        entry = to_position(race)["cars"][RED]
        cards = entry["hand"] + entry["deck"]
        upgrades = [u if u != "extra-heat" else "heat" for u in entry["upgrades"]]
        assert Counter(cards) == BASIC_DECK + Counter(upgrades) + Counter({"stress": 3})
        places.add(tuple(i for i, card in enumerate(cards) if card in set(upgrades)))
    assert len(places) > 1  # not always in the same place: shuffled in


def test_G_18_quick_start_deals_three_random_regular_cards_to_each_player():
    deals = []
    for seed in range(4):
        race = Race(RaceConfig(seats=default_seats(4, legends=1), garage="all", draft=False, seed=seed))
        assert race.phase == "plan" and race.draft is None  # no draft at all
        dealt = {e.seat: e.cards for e in of_type(race.events(), UpgradesDealt)}
        assert sorted(dealt) == [RED, BLUE, GREEN]  # the Legend gets none
        everything: Counter[str] = Counter()
        for seat, cards in dealt.items():
            assert len(cards) == 3
            assert to_position(race)["cars"][seat]["upgrades"] == list(cards)
            everything.update(cards)
        assert everything <= Counter(REGULAR)  # Regular cards only, even with garage='all'
        deals.append(tuple(sorted(dealt.items())))
    assert len(set(deals)) > 1  # random


# ------------------------------------------------------------------------ draft: bad input


def test_G_11_drafting_a_card_not_in_the_market_is_refused():
    race = drafting(2, seed=3, grid=(0, 1))
    absent = next(card for card in REGULAR if card not in market(race))
    message = refused(race, f"blue: draft {absent}")
    assert "not in the market" in message
    assert all(card in message for card in market(race))
    assert "not in the market" in refused(race, "blue: draft warp-drive")


def test_G_13_drafting_out_of_turn_is_refused():
    race = drafting(2, seed=3, grid=(0, 1))  # blue is last on the grid: blue picks first
    assert race.to_decide() == (BLUE,)
    assert race.legal_decisions(RED) == []
    card = market(race)[0]
    message = refused(race, f"red: draft {card}")
    assert "not Red's decision" in message and "Blue" in message
    assert "draft an Upgrade card" in refused(race, "blue: gear 1 play 1")
    play(race, f"blue: draft {card}")
    assert race.to_decide() == (RED,)
    assert "not Blue's decision" in refused(race, f"blue: draft {market(race)[0]}")


def test_G_14_a_position_whose_draft_would_run_dry_is_refused():
    """Every player takes a card in every draft round (G-11): a position whose market or pool
    cannot go round was once loaded, and its second round stuck on an empty market."""
    start = to_position(drafting(2, seed=3, grid=(0, 1)))
    assert start["draft"]["round"] == 1 and len(start["draft"]["pool"]) >= 4
    dry = {**start, "draft": {**start["draft"], "pool": start["draft"]["pool"][:3]}}
    with pytest.raises(PositionError, match=r"draft\.pool: the 2 round\(s\) still to come need at least 4"):
        from_position(dry)
    short = {**start, "draft": {**start["draft"], "market": start["draft"]["market"][:1]}}
    with pytest.raises(PositionError, match=r"draft\.market: 2 player\(s\) still pick this round"):
        from_position(short)
    from_position({**start, "draft": {**start["draft"], "pool": start["draft"]["pool"][:4]}})  # just enough


# ----------------------------------------------------------------------------- rulings


def test_OQ_G_8_legends_are_ignored_in_every_draft_order():
    # Grid from pole: yellow (Legend), red, green (Legend), blue, gray (Legend) ... players are
    # red (front) and blue (back); the Legends hold places but never count.
    seats = default_seats(5, legends=3)
    race = Race(RaceConfig(seats=seats, garage="regular", seed=2, grid=(3, 0, 2, 1, 4)))
    assert race.cars[GREEN].legend and race.cars[YELLOW].legend and race.cars[BLACK].legend
    rounds = finish_draft(race)
    assert rounds == [[BLUE, RED], [RED, BLUE], [BLUE, RED]]


def test_OQ_G_8_a_legend_cannot_draft():
    race = drafting(3, legends=1, seed=2, grid=(2, 0, 1))
    assert GREEN not in view_of(race, RED).draft.order
    message = refused(race, f"green: draft {market(race)[0]}")
    assert "Legend" in message


# The 48 designs of game-data.md section 5 (OQ-G-10): deck, Speed value(s), symbols.
DESIGNS: dict[str, tuple[str, tuple[int, ...], dict[str, int]]] = {
    "4wd-4": ("regular", (4,), {"plus": 1}),
    "4wd-triple": ("regular", (0,), {"plus": 3}),
    "4wd-cool": ("regular", (0,), {"plus": 1, "cooldown": 3}),
    "body-3": ("regular", (3,), {"reduce_stress": 2}),
    "body-5": ("regular", (5,), {"reduce_stress": 1}),
    "body-1": ("regular", (1,), {"reduce_stress": 3}),
    "brakes-1234": ("regular", (1, 2, 3, 4), {"heat": 1}),
    "brakes-13": ("regular", (1, 3), {}),
    "brakes-24": ("regular", (2, 4), {}),
    "brakes-15": ("regular", (1, 5), {}),
    "cooling-6": ("regular", (6,), {"heat": 1, "cooldown": 1}),
    "cooling-1": ("regular", (1,), {"cooldown": 2}),
    "cooling-3": ("regular", (3,), {"cooldown": 1}),
    "rpm-1": ("regular", (1,), {"slipstream": 2}),
    "rpm-2": ("regular", (2,), {"slipstream": 2}),
    "rpm-3": ("regular", (3,), {"slipstream": 2}),
    "body-6": ("advanced", (6,), {"reduce_stress": 3, "heat": 1}),
    "body-2-scrap": ("advanced", (2,), {"reduce_stress": 1, "cooldown": 1, "scrap": 2}),
    "body-2-slip": ("advanced", (2,), {"reduce_stress": 1, "slipstream": 1}),
    "cooling-4": ("advanced", (4,), {"scrap": 2, "cooldown": 1}),
    "fuel-2": ("advanced", (2,), {"salvage": 2}),
    "fuel-0": ("advanced", (0,), {"plus": 1, "salvage": 2, "cooldown": 1}),
    "pedal-1": ("advanced", (1,), {"direct": 1, "scrap": 1}),
    "pedal-2": ("advanced", (2,), {"direct": 1, "scrap": 2}),
    "pedal-3": ("advanced", (3,), {"direct": 1, "scrap": 3}),
    "pedal-4": ("advanced", (4,), {"direct": 1, "heat": 1, "cooldown": 1}),
    "pedal-accel": ("advanced", (1,), {"direct": 1, "accelerate": 1, "scrap": 5}),
    "rpm-0": ("advanced", (0,), {"plus": 1, "slipstream": 3}),
    "rpm-1-heat": ("advanced", (1,), {"heat": 1, "slipstream": 3}),
    "rpm-12": ("advanced", (1, 2), {"slipstream": 1}),
    "susp-2-stress": ("advanced", (2,), {"refresh": 1, "reduce_stress": 1}),
    "susp-2-cool": ("advanced", (2,), {"refresh": 1, "cooldown": 1}),
    "susp-4": ("advanced", (4,), {"refresh": 1}),
    "susp-1": ("advanced", (1,), {"refresh": 1, "slipstream": 1}),
    "tires-2-cool": ("advanced", (2,), {"adjust": -1, "cooldown": 3}),
    "tires-1": ("advanced", (1,), {"scrap": 2, "adjust": 1}),
    "tires-2-scrap": ("advanced", (2,), {"scrap": 2, "adjust": 1}),
    "tires-3": ("advanced", (3,), {"adjust": -1, "cooldown": 2}),
    "tires-0": ("advanced", (0,), {"plus": 1, "adjust": 1, "slipstream": 1, "cooldown": 1}),
    "tires-0-double": ("advanced", (0,), {"plus": 2, "adjust": 2}),
    "turbo-7": ("advanced", (7,), {"heat": 2, "cooldown": 3}),
    "turbo-8": ("advanced", (8,), {"heat": 1, "scrap": 6}),
    "wings-4": ("advanced", (4,), {"heat": 1, "scrap": 2, "adjust": 2}),
    "wings-3": ("advanced", (3,), {"heat": 1, "scrap": 2, "adjust": 2}),
    "wings-6": ("advanced", (6,), {"heat": 2, "adjust": 3}),
    "4wd-accel": ("advanced", (0,), {"plus": 1, "accelerate": 1}),
}
SYMBOLS = (
    "plus",
    "heat",
    "scrap",
    "adjust",
    "cooldown",
    "slipstream",
    "reduce_stress",
    "salvage",
    "refresh",
    "direct",
    "accelerate",
    "one_time",
)


def test_OQ_G_10_upgrade_card_data_follows_game_data_section_5():
    by_id = {card.id: card for card in content.catalogue().cards}
    expected_regular = Counter({"extra-heat": 2})
    expected_advanced = Counter({"extra-heat": 2})
    for card_id, (deck, speeds, symbols) in DESIGNS.items():
        card = by_id[card_id]
        assert card.speeds == speeds, card_id
        assert {name: int(getattr(card, name)) for name in SYMBOLS if getattr(card, name)} == symbols, card_id
        (expected_regular if deck == "regular" else expected_advanced)[card_id] += 2  # 2 copies each
    assert Counter(REGULAR) == expected_regular
    assert Counter(ADVANCED) == expected_advanced
    assert by_id["extra-heat"].becomes == "heat" and by_id["extra-heat"].speeds == ()
    assert len(set(REGULAR)) == 17 and len(set(ADVANCED)) == 31  # designs, Extra Heat in both


def test_OQ_G_11_draft_leftovers_leave_play_for_this_race():
    race = draft_position(
        [grid_car(69, 1)],
        round=1,
        market=["turbo-7", "turbo-8", "wings-6", "fuel-2"],
        order=[RED],
        pool=["body-1", "body-3", "body-5", "brakes-13", "brakes-24", "brakes-15", "rpm-1", "rpm-2"],
    )
    play(race, "red: draft turbo-7")
    # turbo-8, wings-6 and fuel-2 are gone: not back under the deck, not in the new market.
    assert market(race) == ["body-1", "body-3", "body-5", "brakes-13"]
    assert pool(race) == ["brakes-24", "brakes-15", "rpm-1", "rpm-2"]
    play(race, "red: draft body-5")
    assert market(race) == ["brakes-24", "brakes-15", "rpm-1", "rpm-2"]
    assert pool(race) == []
    play(race, "red: draft rpm-1")
    assert race.phase == "plan" and race.round == 1
    red = to_position(race)["cars"][RED]
    assert red["upgrades"] == ["turbo-7", "body-5", "rpm-1"]
    cards = owned(race, RED)
    assert cards == BASIC_DECK + Counter({"turbo-7": 1, "body-5": 1, "rpm-1": 1, "stress": 3})
