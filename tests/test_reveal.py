"""The reveal's shared judgements (``heat.engine.reveal``): the gears a car can reach, its gear
at the reveal, and the cluttered hand (B-1, B-2.4, B-14, T-2, OQ-B-7, OQ-G-3, OQ-T-2); and the
engine, the preview and the planners agreeing on every play of random races."""

from __future__ import annotations

import pytest

from heat.bots import RandomBot
from heat.bots.heuristic import HELD_CLEARED, HeuristicBot, card, held_cleared
from heat.bots.planner import PlannerBot
from heat.bots.turnsim import tally_of
from heat.engine import Plan, Race, view_of
from heat.engine.events import CardsRevealed, ClutteredHand, RoundStarted
from heat.engine.reveal import gear_at_reveal, is_cluttered_play, reachable_gears
from heat.preview import reveal_of
from scenario import car, position, race_from
from test_random_races import random_config


@pytest.mark.parametrize(
    ("gear", "engine", "gears"),
    [
        (1, 1, [1, 2, 3]),  # B-1.2: two up for 1 Heat
        (1, 0, [1, 2]),  # OQ-B-7: an empty Engine pays no two-gear shift
        (3, 2, [1, 2, 3, 4]),  # B-1.4: within 1 to 4
        (4, 0, [3, 4]),  # B-1.1: one down free
    ],
)
def test_B_1_reachable_gears(gear: int, engine: int, gears: list[int]) -> None:
    assert list(reachable_gears(gear, engine)) == gears


def test_B_1_2_gear_at_reveal_pays_a_two_gear_shift() -> None:
    assert gear_at_reveal(1, 3, 3, 3, tournament=False) == (3, 2)
    assert gear_at_reveal(2, 3, 3, 3, tournament=False) == (3, 3)


def test_T_2_in_tournament_mode_the_cards_set_the_gear() -> None:
    assert gear_at_reveal(2, 3, 2, 4, tournament=True) == (4, 2)  # T-3: two up for 1 Heat
    assert gear_at_reveal(2, 3, 4, 1, tournament=True) == (1, 3)


def test_OQ_T_2_a_gear_the_car_cannot_reach_is_not_shifted_to_nor_paid() -> None:
    assert gear_at_reveal(4, 0, 3, 1, tournament=True) == (4, 0)  # three down
    assert gear_at_reveal(1, 0, 3, 3, tournament=True) == (1, 0)  # two up, Engine empty


def test_B_14_the_cluttered_hand() -> None:
    assert not is_cluttered_play(0, 3, 3, 0, 0)
    assert is_cluttered_play(1, 3, 3, 0, 6)  # B-14.1: a Heat card fills only a cluttered hand
    assert is_cluttered_play(0, 2, 3, 0, 6)  # B-2.4: too few playable cards
    assert is_cluttered_play(0, 2, 2, 2, 1)  # OQ-G-3: Upgrades whose Heat cannot be paid
    assert not is_cluttered_play(0, 2, 2, 2, 2)


@pytest.mark.parametrize("seed", range(40))
def test_engine_preview_and_planner_judge_every_play_alike(seed: int) -> None:
    """In races of random options (hand sizes 1 to 12, Tournament mode, Garage cards), every
    legal plan is judged cluttered by the preview exactly when the planners' tally judges it
    so, and every play driven is revealed as a cluttered hand exactly when both said it would."""
    config = random_config(seed)
    race = Race(config)
    bots = {seat: RandomBot(seed * 10 + seat) for seat in range(len(config.seats))}
    said: dict[tuple[int, int], bool] = {}
    for _ in range(20_000):
        if race.is_over:
            break
        seat = race.to_decide()[0]
        legal = race.legal_decisions(seat)
        view = view_of(race, seat)
        decision = bots[seat].choose(view, legal)
        if isinstance(decision, Plan):
            me = view.me
            assert me is not None
            for plan in legal:
                assert isinstance(plan, Plan)
                tally = tally_of(plan, me.gear, me.engine, view.tournament)
                assert reveal_of(view, plan)[1] == tally.cluttered, plan.text()
            said[(view.round, seat)] = reveal_of(view, decision)[1]
        race.apply(seat, decision)
    assert race.is_over
    revealed: dict[tuple[int, int], bool] = {}
    round_number = 0
    for event in race.events():
        if isinstance(event, RoundStarted):
            round_number = event.round
        elif isinstance(event, CardsRevealed):
            revealed[(round_number, event.seat)] = False
        elif isinstance(event, ClutteredHand):
            revealed[(round_number, event.seat)] = True
    assert revealed == {key: value for key, value in said.items() if key in revealed}
    assert said.keys() - revealed.keys() <= {key for key in said if key[0] == race.round}


@pytest.mark.parametrize("tournament", [False, True])
def test_the_planners_value_a_short_cluttered_play_as_standing_still(tournament: bool) -> None:
    """B-2.4, OQ-T-2: one card in hand, a car in 4th gear with an empty Engine: every play is
    a cluttered hand's, which does not move, so the planner values each one as standing still
    in 1st gear, not as a move of that card's Speed (less the tie-break for the card it clears)."""
    data = position(
        [car(space=20, engine=0, gear=4, hand=["4"], deck=["1"] * 10)],
        hand_size=1,
        options={"tournament": tournament},
    )
    race = race_from(data)
    legal = race.legal_decisions(0)
    assert {d.text() for d in legal} == {"gear 3 play 4", "gear 4 play 4"}
    planner = PlannerBot(1)
    view = view_of(race, 0)
    planner.choose(view, legal)  # builds the table and the forecast the values use
    standing = -planner.table(view).after(20, 1, 0, 0, 0)  # still on space 20, in 1st gear
    standing += held_cleared([card("4")], 0)  # the "4" leaves the hand
    assert [planner.plan_value(view, plan) for plan in legal] == [pytest.approx(standing)] * len(legal)


def test_a_cluttered_play_counts_the_upgrades_the_engine_cannot_pay_after_its_shift() -> None:
    """B-1.2, B-14, OQ-G-3: 4th gear, an Engine of 1, a Heat card and a Body 6 (Heat 1) in hand.
    ``gear 2 play body-6 heat`` pays its two-gear shift with the Engine's last Heat, so the car
    starts the next round with an Engine that cannot pay the Body 6: the play clears an Upgrade
    the Engine cannot pay (``held_cleared`` with the Engine after the shift), where ``gear 3``
    clears one the Engine could pay."""
    data = position([car(space=20, engine=1, gear=4, hand=["heat", "body-6"], deck=["1"] * 10)], hand_size=2)
    race = race_from(data)
    legal = {d.text(): d for d in race.legal_decisions(0)}
    assert set(legal) == {"gear 2 play body-6 heat", "gear 3 play body-6 heat", "gear 4 play body-6 heat"}
    body = [card("body-6")]
    assert held_cleared(body, 0) == pytest.approx(held_cleared(body, 1) + HELD_CLEARED)
    view = view_of(race, 0)
    planner = PlannerBot(1)
    planner.choose(view, list(legal.values()))  # builds the table the values use
    table = planner.table(view)
    # the Heat card and the Body 6 leave the hand; 1st gear; the shift empties the Engine
    assert planner.plan_value(view, legal["gear 2 play body-6 heat"]) == pytest.approx(
        -table.after(20, 1, 0, 0, 0) + held_cleared(body, 0)
    )
    assert planner.plan_value(view, legal["gear 3 play body-6 heat"]) == pytest.approx(
        -table.after(20, 1, 1, 0, 0) + held_cleared(body, 1)
    )
    heuristic = HeuristicBot(1)
    shifted = heuristic.plan_value(view, legal["gear 2 play body-6 heat"])
    unshifted = heuristic.plan_value(view, legal["gear 3 play body-6 heat"])
    assert shifted - unshifted == pytest.approx(HELD_CLEARED - heuristic._heat_worth(1, False))
