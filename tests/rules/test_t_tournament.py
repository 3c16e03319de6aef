"""Rule scenarios: Tournament mode (T-1 to T-6) and the rulings OQ-T-1 to OQ-T-3 of the rules
digest.

In Tournament mode the players commit only cards; a car's gear changes at its own reveal to the
number of cards played, a two-gear change paying 1 Heat first. T-4 and T-5 (a mistaken two-gear
shift that cannot be paid) cannot happen here: the plan is refused when the Heat cannot be paid
(OQ-B-7, OQ-T-1), so those tests check the refusal.

USA geometry: Corner Lines after spaces 12 (limit 7), 33 (3), 49 (3), 57 (2).
"""

from __future__ import annotations

from typing import Any

import pytest

from heat.bots import RandomBot
from heat.engine import (
    IllegalDecision,
    Plan,
    Race,
    RaceConfig,
    default_seats,
    from_position,
    to_position,
    view_of,
)
from heat.engine.championship import Season, SeasonConfig, season_view
from heat.engine.events import (
    CardFlipped,
    CardsRevealed,
    ClutteredHand,
    Event,
    GearShifted,
    HeatPaid,
    Moved,
    PlanCommitted,
)
from scenario import car, of_type, play, position, race_from, refused, state

RED, BLUE = range(2)
ONES = ["1"] * 6


# ---------------------------------------------------------------------------------- helpers


def tournament(cars: list[dict[str, Any]], **fields: Any) -> Race:
    """A 1-lap USA race in Tournament mode, in the plan phase."""
    return race_from(position(cars, options={"tournament": True}, **fields))


def steps(events: list[Event], seat: int) -> list[str]:
    """The names of the events of one seat's turn, in order, from its reveal on."""
    names = [type(e).__name__ for e in events if e.seat == seat]
    return names[names.index("CardsRevealed") :]


def plan_texts(race: Race, seat: int = RED) -> set[str]:
    return {d.text() for d in race.legal_decisions(seat)}


# ------------------------------------------------------------------------------ T-1


def test_T_1_no_gear_change_in_step_1_but_cards_are_still_played():
    # Red (ahead) plays 3 cards from 1st gear, Blue 1 card from 2nd gear.
    race = tournament(
        [car(space=20, gear=1, hand=["2", "3", "4"], deck=ONES), car(space=10, gear=2, hand=["2", "2", "1"], deck=ONES)]
    )
    events = play(race, "red: play 2 3 4")
    assert of_type(events, PlanCommitted) == [PlanCommitted(RED)]
    assert state(race)["gear"] == 1  # committed, but no gear changed in step 1
    events = play(race, "blue: play 1")
    # The plans are laid face down (step 2); the turns begin with Red's reveal. Blue's gear is
    # still 2: it changes only at Blue's own reveal.
    assert state(race, BLUE)["gear"] == 2
    assert state(race, BLUE)["play"] == ["1"]
    assert state(race, BLUE)["hand"] == ["2", "2"]
    assert [(e.seat, e.old, e.new) for e in of_type(events, GearShifted)] == [(RED, 1, 3)]
    assert state(race)["gear"] == 3


def test_T_1_the_normal_game_shifts_every_gear_before_the_first_move():
    """For contrast: without Tournament mode every gear is revealed before the first move (OQ-B-17)."""
    race = race_from(
        position([car(space=20, gear=1, hand=["2", "3", "4"], deck=ONES), car(space=10, gear=2, hand=["1"], deck=ONES)])
    )
    events = play(race, "red: gear 3 play 2 3 4", "blue: gear 1 play 1")
    shifts = [(e.seat, e.old, e.new) for e in of_type(events, GearShifted)]
    assert shifts == [(RED, 1, 3), (BLUE, 2, 1)]
    assert events.index(of_type(events, GearShifted)[1]) < events.index(of_type(events, Moved)[0])


def test_T_1_tournament_mode_is_a_race_option_and_survives_a_position():
    race = Race(RaceConfig(default_seats(2), tournament=True, seed=3))
    assert view_of(race, RED).tournament
    data = to_position(race)
    assert data["options"]["tournament"] is True
    assert from_position(data).config.tournament
    # Every legal plan plays as many cards as its gear, so it can be written as 'play CARD ...'.
    for seat in (RED, BLUE):
        plans = race.legal_decisions(seat)
        assert plans
        assert all(isinstance(p, Plan) and p.gear == len(p.cards) for p in plans)
    plan = race.legal_decisions(RED)[0]
    assert isinstance(plan, Plan)
    play(race, "red: play " + " ".join(plan.cards))
    assert race.cars[RED].plan_gear == len(plan.cards)
    assert Race(RaceConfig(default_seats(2), seed=3)).config.tournament is False  # off by default


def test_T_1_tournament_mode_is_an_option_of_a_season():
    season = Season(SeasonConfig(default_seats(3, legends=1), season="1961", seed=4, tournament=True))
    bots = {seat: RandomBot(seat) for seat in range(3)}
    while season.phase != "race":
        seat = season.to_decide()[0]
        season.apply(seat, bots[seat].choose(season_view(season), season.legal_decisions(seat)))
    race = season.race
    assert race is not None
    assert race.config.tournament
    assert view_of(race, RED).tournament
    assert race.phase == "plan"
    for seat in season.to_decide():
        plans = season.legal_decisions(seat)
        assert all(isinstance(p, Plan) and p.gear == len(p.cards) for p in plans)
    # A plan whose gear differs from its number of cards is refused in the season's race too.
    cards = next(p for p in season.legal_decisions(RED) if isinstance(p, Plan) and p.gear == 1).cards
    before = to_position(race)
    with pytest.raises(IllegalDecision, match=r"Tournament mode the cards set the gear"):
        season.apply(RED, Plan(2, cards))
    assert to_position(race) == before
    season.apply(RED, Plan(1, cards))
    assert race.cars[RED].plan is not None
    # Without the option the season's races are normal races.
    plain = Season(SeasonConfig(default_seats(2), season="1961", seed=4))
    while plain.phase != "race":
        seat = plain.to_decide()[0]
        plain.apply(seat, plain.legal_decisions(seat)[0])
    assert plain.race is not None
    assert not plain.race.config.tournament


# ------------------------------------------------------------------------------ T-2


def test_T_2_the_gear_follows_the_number_of_cards_at_the_reveal():
    race = tournament(
        [car(space=20, gear=1, hand=["2", "3", "4"], deck=ONES), car(space=10, gear=2, hand=["2", "2", "1"], deck=ONES)]
    )
    events = play(race, "red: play 2 3 4", "blue: play 1")
    # Red shows its cards, then moves its gear pawn to 3rd (3 cards).
    assert steps(events, RED)[:3] == ["CardsRevealed", "HeatPaid", "GearShifted"]
    assert of_type(events, CardsRevealed)[0].cards == ("2", "3", "4")
    events = play(race, "done")  # Red's React; Blue's turn begins
    red_after = [e for e in events if e.seat == RED]
    assert not of_type(red_after, GearShifted)
    blue = [e for e in events if e.seat == BLUE]
    assert steps(events, BLUE)[:2] == ["CardsRevealed", "GearShifted"]
    assert of_type(blue, GearShifted) == [GearShifted(BLUE, 2, 1)]
    assert not of_type(blue, HeatPaid)  # one gear down is free
    assert state(race, BLUE)["gear"] == 1
    assert of_type(blue, Moved)[0].to_space == 11  # Speed 1


def test_T_2_a_plan_must_match_gear_and_card_count():
    race = tournament([car(space=20, gear=2, hand=["2", "3", "4", "1"], deck=ONES)])
    message = refused(race, "red: gear 3 play 3 4")
    assert "Tournament mode the cards set the gear: 2 cards mean gear 2, not 3 (T-2)" in message
    assert "'play 3 4'" in message
    assert "(T-2)" in refused(race, "red: gear 1 play 3 4")
    play(race, "red: gear 2 play 3 4")  # the long form is fine when it matches
    assert state(race)["gear"] == 2
    assert state(race)["space"] == 27


def test_T_2_others_see_only_how_many_cards_were_played_until_the_reveal():
    race = tournament(
        [car(space=20, gear=1, hand=["2", "3", "4"], deck=ONES), car(space=10, gear=3, hand=["4", "2", "1"], deck=ONES)]
    )
    play(race, "blue: play 4")
    # In the plan phase: Red sees that Blue committed, nothing more; Blue sees its own plan.
    seen_by_red = view_of(race, RED).cars[BLUE]
    assert seen_by_red.committed
    assert seen_by_red.plan is None
    assert seen_by_red.hand is None
    assert seen_by_red.gear == 3
    assert view_of(race, BLUE).me is not None
    assert view_of(race, BLUE).cars[BLUE].plan == "gear 1 play 4"
    play(race, "red: play 2 3 4")
    # Red's turn: Blue's card lies face down. Red sees how many cards, not which, and not the
    # gear they mean (Blue's pawn is still on 3rd).
    assert race.to_decide() == (RED,)
    seen_by_red = view_of(race, RED).cars[BLUE]
    assert (seen_by_red.play_count, seen_by_red.play, seen_by_red.gear) == (1, None, 3)
    spectator = view_of(race, None).cars[BLUE]
    assert (spectator.play_count, spectator.play, spectator.gear) == (1, None, 3)
    assert view_of(race, BLUE).cars[BLUE].play == ("4",)
    assert not [e for e in race.events(RED) if e.seat == BLUE and not isinstance(e, PlanCommitted)]
    # Red's own cards are face up once revealed.
    assert view_of(race, BLUE).cars[RED].play == ("2", "3", "4")
    play(race, "done")
    seen_by_red = view_of(race, RED).cars[BLUE]
    assert (seen_by_red.play, seen_by_red.gear) == (("4",), 1)


# ------------------------------------------------------------------------------ T-3


@pytest.mark.parametrize(
    ("gear", "cards", "new", "heat"),
    [
        (1, "2 3 4", 3, 1),  # two gears up: 1 Heat
        (2, "1 2 3 4", 4, 1),
        (3, "4", 1, 1),  # two gears down: 1 Heat
        (4, "3 4", 2, 1),
        (2, "3 4 1", 3, 0),  # one gear: free
        (3, "3 4 1", 3, 0),  # no change
        (2, "4", 1, 0),
    ],
)
def test_T_3_a_two_gear_change_pays_one_heat_at_the_reveal(gear, cards, new, heat):
    race = tournament([car(space=20, gear=gear, engine=4, hand=["1", "2", "3", "4"], deck=ONES)])
    events = play(race, f"red: play {cards}")
    assert [(e.amount, e.reason) for e in of_type(events, HeatPaid)] == ([(1, "shift")] if heat else [])
    assert of_type(events, GearShifted) == [GearShifted(RED, gear, new)]
    entry = state(race)
    assert entry["gear"] == new
    assert entry["engine"] == 4 - heat
    assert entry["discard"].count("heat") == heat


def test_OQ_T_3_the_shift_heat_is_paid_before_anything_else_in_step_3():
    # Two gears up with a Stress card: the Heat is paid before the Stress flip and the move.
    race = tournament([car(space=20, gear=1, engine=1, hand=["2", "3", "stress"], deck=["heat", "4", "1"])])
    events = play(race, "red: play 2 3 stress")
    assert steps(events, RED)[:6] == ["CardsRevealed", "HeatPaid", "GearShifted", "CardFlipped", "CardFlipped", "Moved"]
    assert [(e.card, e.kept) for e in of_type(events, CardFlipped)] == [("heat", False), ("4", True)]
    entry = state(race)
    assert entry["engine"] == 0  # the Engine's only Heat paid the shift
    assert entry["space"] == 29  # 2 + 3 + 4 (the Basic card that replaced the Stress)
    assert entry["discard"] == ["heat", "heat"]  # the shift's Heat, then the flipped Heat card


# ------------------------------------------------------------------------- T-4, T-5, T-6


def test_T_4_an_unpayable_two_gear_shift_up_is_refused():
    """T-4's remedy (discard a played card at random) is never needed: a 3-card play from 1st
    gear with an empty Engine is refused when committed (OQ-B-7)."""
    race = tournament([car(space=20, gear=1, engine=0, hand=["1", "2", "3", "4"], deck=ONES)])
    message = refused(race, "red: play 2 3 4")
    assert "two-gear shift costs 1 Heat" in message
    assert "Engine is empty" in message
    assert plan_texts(race) == {
        "gear 1 play 1",
        "gear 1 play 2",
        "gear 1 play 3",
        "gear 1 play 4",
        "gear 2 play 1 2",
        "gear 2 play 1 3",
        "gear 2 play 1 4",
        "gear 2 play 2 3",
        "gear 2 play 2 4",
        "gear 2 play 3 4",
    }
    play(race, "red: play 3 4")
    assert (state(race)["gear"], state(race)["engine"], state(race)["space"]) == (2, 0, 27)


def test_T_5_an_unpayable_two_gear_shift_down_is_refused():
    """T-5's remedy (add a random Basic card by the + process) is never needed: a 1-card play
    from 3rd gear with an empty Engine is refused when committed (OQ-B-7)."""
    race = tournament([car(space=20, gear=3, engine=0, hand=["1", "2", "3", "4", "4"], deck=ONES)])
    message = refused(race, "red: play 4")
    assert "two-gear shift costs 1 Heat" in message
    assert {len(d.cards) for d in race.legal_decisions(RED) if isinstance(d, Plan)} == {2, 3, 4}
    events = play(race, "red: play 1 2")
    assert of_type(events, GearShifted) == [GearShifted(RED, 3, 2)]
    assert not of_type(events, HeatPaid)
    assert not of_type(events, CardFlipped)  # no Basic card added to the play
    assert state(race)["space"] == 23


def test_T_4_T_5_the_heat_of_the_cards_and_the_shift_must_be_payable_together():
    # 1 Heat in the Engine: a two-gear shift plus body-6 (Heat 1) cannot both be paid, so the
    # plan is refused when committed (OQ-G-3).
    race = tournament([car(space=20, gear=1, engine=1, hand=["body-6", "2", "3", "4"], deck=ONES)])
    message = refused(race, "red: play body-6 2 3")
    assert "cost 2 Heat" in message
    assert "Engine holds 1" in message
    play(race, "red: play 2 3 4")  # the shift alone is payable
    assert state(race)["engine"] == 0


@pytest.mark.parametrize(("gear", "count"), [(g, n) for g in range(1, 5) for n in range(1, 5) if abs(g - n) <= 2])
def test_T_6_the_gear_pawn_ends_on_the_number_of_cards_played(gear, count):
    hand = ["1", "2", "3", "4"]
    race = tournament([car(space=20, gear=gear, engine=3, hand=hand, deck=ONES)])
    play(race, "red: play " + " ".join(hand[:count]))
    assert state(race)["gear"] == count
    assert view_of(race, None).cars[RED].gear == count
    assert state(race)["space"] == 20 + sum(range(1, count + 1))


# ------------------------------------------------------------------------------ OQ-T-1, OQ-T-2


@pytest.mark.parametrize(("gear", "cards"), [(1, "1 2 3 4"), (4, "4")])
def test_OQ_T_1_a_three_gear_change_is_illegal(gear, cards):
    race = tournament([car(space=20, gear=gear, engine=6, hand=["1", "2", "3", "4"], deck=ONES)])
    message = refused(race, f"red: play {cards}")
    assert f"is in gear {gear} and can shift at most two gears" in message
    reachable = {max(1, gear - 2), min(4, gear + 2), gear}
    assert {len(d.cards) for d in race.legal_decisions(RED) if isinstance(d, Plan)} == set(
        range(min(reachable), max(reachable) + 1)
    )


def test_OQ_T_2_one_to_four_cards():
    race = tournament([car(space=20, gear=3, engine=6, hand=["1", "2", "3", "4", "4"], deck=ONES)])
    assert "gear 0 does not exist" in refused(race, "red: play")
    assert "gear 5 does not exist" in refused(race, "red: play 1 2 3 4 4")


def test_OQ_T_2_the_cluttered_hand_rule_still_applies():
    # 4th gear, one playable card: no gear 2-4 can be filled, so the hand is cluttered (B-14):
    # play the '3' and fill with Heat cards. Two cards mean 2nd gear: two gears down, 1 Heat.
    hand = ["3", "heat", "heat", "heat", "heat", "heat", "heat"]
    race = tournament([car(space=20, gear=4, engine=3, hand=hand, deck=ONES)])
    assert plan_texts(race) == {"gear 2 play 3 heat", "gear 3 play 3 heat heat", "gear 4 play 3 heat heat heat"}
    message = refused(race, "red: play heat heat")
    assert "cluttered" in message
    assert "(B-14.1)" in message
    assert "gear 1 does not exist" not in message
    refused(race, "red: play 3")  # 1 card = gear 1: three gears down (OQ-T-1)
    events = play(race, "red: play 3 heat")
    assert steps(events, RED)[:4] == [
        "CardsRevealed",
        "HeatPaid",
        "GearShifted",
        "ClutteredHand",
    ]
    assert of_type(events, ClutteredHand) == [ClutteredHand(RED)]
    entry = state(race)
    assert (entry["space"], entry["gear"], entry["engine"]) == (20, 1, 2)  # no move, 1st gear (B-14)


@pytest.mark.parametrize(
    ("gear", "engine", "hand"),
    [
        (3, 0, ["0"]),  # one card: 1st gear, two gears down, and no Heat to pay for it
        (4, 3, ["3"]),  # one card: three gears down (OQ-T-1)
        (3, 0, []),  # no card at all
    ],
)
def test_OQ_T_2_a_cluttered_hand_whose_cards_imply_a_change_that_cannot_be_made(gear, engine, hand):
    """With a hand of one card (a hand size of 1) no gear 2-4 can be filled: the hand is
    cluttered, and its one card implies a gear change the car cannot make. The Engine paid a Heat
    it did not hold (it went to -1, and the race then stuck with no legal decision). Now B-14.3
    sends the gear to 1st at once and no Heat is paid."""
    race = tournament([car(space=20, gear=gear, engine=engine, hand=hand, deck=ONES)], hand_size=1)
    plans = race.legal_decisions(RED)
    assert plans and {len(d.cards) for d in plans if isinstance(d, Plan)} == {len(hand)}
    before = len(race.events())
    race.apply(RED, plans[0])
    events = race.events()[before:]
    assert of_type(events, ClutteredHand) == [ClutteredHand(RED)]
    assert not of_type(events, HeatPaid)
    # The gear revealed is the one the car had (then B-14.3 sets 1st): every car on the track
    # reveals a gear each round, which the statistics count (heat.stats).
    assert [(e.old, e.new) for e in of_type(events, GearShifted)] == [(gear, gear)]
    entry = state(race)
    assert (entry["space"], entry["gear"], entry["engine"]) == (20, 1, engine)  # no move, 1st gear
    assert race.legal_decisions(RED)  # the race goes on
