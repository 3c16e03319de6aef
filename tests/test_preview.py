"""The turn previews (heat.preview) against exact enumeration and against the engine.

Each engine comparison runs the decision on a copy of the position for every distinct order of
the active car's draw deck (all orders are equally likely) and compares the preview with what
the engine did: Speed, where the car stopped, the Heat paid at each corner, the spin-outs.

USA geometry: Corner Lines after spaces 12 (limit 7), 33 (3), 49 (3), 57 (2); 69 spaces.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest

from heat.engine import Discard, EndReact, Plan, React, Slipstream, parse_decision, to_position, view_of
from heat.engine.decisions import ChooseSpeed, Refresh
from heat.engine.events import CornerChecked, Event, HeatPaid, Moved, SpunOut
from heat.preview import CornerRisk, Preview, preview_plan, preview_react, preview_slipstream, speed_distribution
from scenario import car, of_type, play, position, race_from

RED = 0
EXACT = 1e-9
SPEED_MOVES = ("cards", "boost", "adrenaline", "direct play", "accelerate")


# ---------------------------------------------------------------------------------- helpers


def flip_by_hand(order: Sequence[str], flips: int) -> int:
    """The + process done by hand on one deck order: each flip takes the next Basic card."""
    basics = [int(card) for card in order if card in ("1", "2", "3", "4")]
    return sum(basics[:flips])


def enumerated(deck: Sequence[str], fixed: int, flips: int) -> dict[int, Fraction]:
    """Speed distribution over every ordering of ``deck`` (itertools.permutations)."""
    counts = Counter(fixed + flip_by_hand(order, flips) for order in itertools.permutations(deck))
    total = sum(counts.values())
    return {speed: Fraction(n, total) for speed, n in counts.items()}


def as_dict(pairs: Sequence[tuple[Any, float]]) -> dict[Any, float]:
    return dict(pairs)


def close(actual: dict[Any, float], expected: dict[Any, Fraction | float], tolerance: float = EXACT) -> bool:
    keys = set(actual) | set(expected)
    return all(abs(actual.get(k, 0.0) - float(expected.get(k, 0))) <= tolerance for k in keys)


def parked(space: int, lane: int) -> dict[str, Any]:
    """A car that stays put with nothing to decide: its hand is cluttered (B-14)."""
    return car(space=space, lane=lane, hand=["heat"], engine=0)


@dataclass
class Outcome:
    """What the engine did in red's turn."""

    speed: int
    place: tuple[int, int]
    heat: int
    corner_heat: dict[int, int] = field(default_factory=dict)
    limits: dict[int, int] = field(default_factory=dict)
    spun_at: int | None = None


def finish_turn(race: Any) -> None:
    """Take red's remaining decisions: mandatory symbols, then 'done', no slipstream, the
    highest Speed of a choice card, discard and refresh nothing."""
    while race.phase == "turn" and race.to_decide() == (RED,):
        step = race.step
        legal = race.legal_decisions(RED)
        decision: Any
        if step == "react":
            mandatory = [d for d in legal if isinstance(d, React) and d.symbol in ("heat", "scrap", "adjust")]
            decision = mandatory[0] if mandatory else EndReact()
        elif step == "slipstream":
            decision = Slipstream(False)
        elif step == "choose":
            decision = max(legal, key=lambda d: d.value if isinstance(d, ChooseSpeed) else -1)
        elif step == "discard":
            decision = Discard(())
        else:
            decision = Refresh(())
        race.apply(RED, decision)


def outcome_of(race: Any, events: list[Event], speed_before: int = 0) -> Outcome:
    mine = [e for e in events if e.seat == RED]
    speed = speed_before + sum(e.spaces for e in of_type(mine, Moved) if e.reason in SPEED_MOVES)
    red = to_position(race)["cars"][RED]
    result = Outcome(speed, (red["space"], red["lap"]), sum(e.amount for e in of_type(mine, HeatPaid)))
    for check in of_type(mine, CornerChecked):
        result.limits[check.corner] = check.limit
        result.corner_heat[check.corner] = 0
    for paid in of_type(mine, HeatPaid):
        if paid.reason.startswith("corner "):
            result.corner_heat[int(paid.reason.split()[1])] += paid.amount
    spins = of_type(mine, SpunOut)
    if spins:
        result.spun_at = spins[0].corner
    return result


def orders(deck: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct order of ``deck``: each is as likely as the others."""
    return sorted(set(itertools.permutations(deck)))


def engine_outcomes(data: dict[str, Any], deck: Sequence[str], *entries: str) -> list[Outcome]:
    """Run ``entries`` (then red's turn to its end) once per distinct order of red's deck."""
    results = []
    for order in orders(deck):
        data["cars"][RED]["deck"] = list(order)
        results.append(run_once(data, *entries))
    return results


def run_once(data: dict[str, Any], *entries: str) -> Outcome:
    """Red's outcome when the engine runs ``entries`` from the position, then red's turn."""
    race = race_from(data)
    speed_before = race.turn.speed if race.phase == "turn" else 0
    start = len(race.events())
    play(race, *entries)
    finish_turn(race)
    return outcome_of(race, race.events()[start:], speed_before)


def check_preview(preview: Preview, outcomes: list[Outcome], *, sampled: bool = False) -> None:
    """The preview states the distribution of the engine's ``outcomes``: exactly when they are
    every order of the deck, within 4 standard errors when they are a ``sampled`` few."""
    n = len(outcomes)

    def chance(predicted: float, hits: int) -> None:
        spread = 4 * (predicted * (1 - predicted) / n) ** 0.5 + 1 / n if sampled else EXACT
        assert predicted == pytest.approx(hits / n, abs=spread)

    def mean(predicted: float, values: list[int]) -> None:
        average = sum(values) / n
        spread = 4 * (sum((v - average) ** 2 for v in values) / n / n) ** 0.5 + 1 / n if sampled else EXACT
        assert predicted == pytest.approx(average, abs=spread)

    speeds = Counter(o.speed for o in outcomes)
    predicted_speeds = as_dict(preview.speeds)
    assert set(speeds) <= set(predicted_speeds)
    for speed, p in predicted_speeds.items():
        chance(p, speeds[speed])
    places = Counter(o.place for o in outcomes)
    landing = {(space, lap): p for space, lap, p in preview.landing}
    assert set(places) <= set(landing)
    for place, p in landing.items():
        chance(p, places[place])
    chance(preview.spin_chance, sum(o.spun_at is not None for o in outcomes))
    mean(preview.expected_heat, [o.heat for o in outcomes])
    checked = sorted({c for o in outcomes for c in o.corner_heat})
    if sampled:
        assert set(checked) <= {risk.corner for risk in preview.corners}
    else:
        assert [risk.corner for risk in preview.corners] == checked
    for risk in preview.corners:
        crossing = [o for o in outcomes if risk.corner in o.corner_heat]
        assert all(o.limits[risk.corner] == risk.limit for o in crossing)
        chance(risk.chance, len(crossing))
        mean(risk.heat, [o.corner_heat.get(risk.corner, 0) for o in outcomes])
        chance(risk.spin_chance, sum(o.spun_at == risk.corner for o in outcomes))


def plan_preview(data: dict[str, Any], plan: str) -> Preview:
    """The preview of red's ``plan`` (text) from its view of the position."""
    decision = parse_decision(plan)
    assert isinstance(decision, Plan)
    return preview_plan(view_of(race_from(data), RED), decision)


# ----------------------------------------------------------------------- speed_distribution


@pytest.mark.parametrize("flips", [1, 2, 3])
def test_speed_distribution_equals_enumerating_every_order_of_a_small_deck(flips: int) -> None:
    deck = ["heat", "heat", "stress", "1", "3", "4"]  # 2 Heat, 1 Stress, 3 Basic cards
    assert close(as_dict(speed_distribution(deck, 5, flips)), enumerated(deck, 5, flips))


def test_speed_distribution_draws_without_replacement_among_equal_cards() -> None:
    deck = ["2", "2", "4", "0", "5", "heat", "stress"]  # the 0 and 5 are not Basic cards (B-17.4)
    for flips in (1, 2, 3):
        assert close(as_dict(speed_distribution(deck, 0, flips)), enumerated(deck, 0, flips))
    assert speed_distribution(deck, 0, 3) == ((8, 1.0),)


def test_speed_distribution_is_sorted_by_speed_and_sums_to_one() -> None:
    result = speed_distribution(["1", "2", "3", "4"] * 3 + ["stress"] * 3, 4, 3)
    assert [s for s, _ in result] == sorted(s for s, _ in result)
    assert sum(p for _, p in result) == pytest.approx(1.0)
    assert (result[0][0], result[-1][0]) == (4 + 3, 4 + 12)


def test_no_flips_is_a_single_certain_speed() -> None:
    assert speed_distribution([], 7, 0) == ((7, 1.0),)
    assert speed_distribution(["1", "heat"], 0, 0) == ((0, 1.0),)


def test_more_flips_than_basic_cards_take_the_rest_from_the_discard_pile_as_1_to_4() -> None:
    # The deck's one Basic card (3) comes first; the other two flips are 1-4 each, as likely.
    expected: Counter[int] = Counter(2 + 3 + a + b for a in range(1, 5) for b in range(1, 5))
    assert close(as_dict(speed_distribution(["heat", "3"], 2, 3)), {s: Fraction(n, 16) for s, n in expected.items()})
    assert speed_distribution(["heat", "stress"], 0, 1) == tuple((v, 0.25) for v in range(1, 5))
    assert speed_distribution([], 0, 1) == tuple((v, 0.25) for v in range(1, 5))


def test_speed_distribution_refuses_nonsense() -> None:
    with pytest.raises(ValueError, match="flips"):
        speed_distribution(["1"], 0, -1)
    with pytest.raises(ValueError, match="unknown card"):
        speed_distribution(["7"], 0, 1)


# -------------------------------------------------------------- preview_plan against the engine


def test_plan_preview_matches_every_order_of_a_deck_of_2_heat_1_stress_3_basic_cards() -> None:
    # 2 flips (2 Stress played) from a 6-card deck; a shift from 2nd to 4th gear costs 1 Heat.
    deck = ["heat", "heat", "stress", "1", "3", "4"]
    data = position([car(space=40, gear=2, engine=9, hand=["stress", "stress", "4", "3"], deck=deck)])
    preview = plan_preview(data, "gear 4 play 3 4 stress stress")
    check_preview(preview, engine_outcomes(data, deck, "red: gear 4 play 3 4 stress stress"))
    assert preview.heat_now == 1
    assert as_dict(preview.speeds) == pytest.approx({11: 1 / 3, 12: 1 / 3, 14: 1 / 3})


def test_plan_preview_spin_at_the_first_of_two_corners() -> None:
    # From 45 at Speed 11-15: corner 3 (limit 3) then corner 4 (limit 2), 11 Heat in the Engine.
    deck = ["1", "2", "3", "4", "heat", "3"]
    data = position([car(space=45, gear=3, engine=11, hand=["stress", "stress", "4", "4"], deck=deck)])
    preview = plan_preview(data, "gear 4 play 4 4 stress stress")
    check_preview(preview, engine_outcomes(data, deck, "red: gear 4 play 4 4 stress stress"))
    first, second = preview.corners
    assert (first.corner, first.limit, first.chance, first.spin_chance) == (3, 3, 1.0, pytest.approx(0.2))
    # Speed 15 spins at corner 3 and never reaches corner 4 (OQ-B-9); 13 and 14 spin there.
    assert (second.corner, second.chance, second.spin_chance) == (4, pytest.approx(0.5), pytest.approx(0.5))
    assert preview.spin_chance == pytest.approx(0.7)
    assert as_dict([((s, lap), p) for s, lap, p in preview.landing]) == pytest.approx(
        {(49, 1): 0.2, (56, 1): 0.1, (57, 1): 0.7}
    )


def test_plan_preview_across_the_finish_line_ignores_later_corners() -> None:
    # From 56 on the last lap at Speed 11-15: corner 4 (limit 2), then the finish line after 69;
    # Speed 15 costs 13 Heat and spins out with 12 in the Engine.
    deck = ["1", "2", "3", "4", "stress"]
    data = position([car(space=56, gear=4, engine=12, hand=["stress", "stress", "4", "4"], deck=deck)])
    preview = plan_preview(data, "gear 4 play 4 4 stress stress")
    check_preview(preview, engine_outcomes(data, deck, "red: gear 4 play 4 4 stress stress"))
    assert preview.landing[-1] == (1, 2, pytest.approx(1 / 6))  # Speed 14: across the finish line
    assert preview.spin_chance == pytest.approx(1 / 6)
    # Past the finish every Speed Limit is ignored (B-16.5): lap 2's corner 1 is never checked.
    data = position([car(space=66, gear=4, engine=0, hand=["5", "4", "4", "stress"], deck=deck)])
    preview = plan_preview(data, "gear 4 play 4 4 5 stress")
    assert preview.corners == ()
    assert preview.spin_chance == 0
    check_preview(preview, engine_outcomes(data, deck, "red: gear 4 play 4 4 5 stress"))


def test_plan_preview_blocking_and_a_line_not_crossed_when_blocked_back() -> None:
    # Space 13 is full, space 11 has one free spot: a move to 13 stops on 12, before the
    # Corner Line after 12 (B-3.7, OQ-B-2); a move to 14 crosses it at Speed 8 (limit 7).
    deck = ["1", "2", "3", "4"]
    cars = [car(space=6, engine=1, hand=["stress", "4"], deck=deck), parked(13, 1), parked(13, 2), parked(11, 1)]
    data = position(cars)
    entries = ["blue: gear 1 play heat", "green: gear 1 play heat", "yellow: gear 1 play heat"]
    preview = plan_preview(data, "gear 2 play 4 stress")
    check_preview(preview, engine_outcomes(data, deck, *entries, "red: gear 2 play 4 stress"))
    assert [(s, p) for s, _, p in preview.landing] == [(11, 0.25), (12, 0.5), (14, 0.25)]
    (risk,) = preview.corners
    assert (risk.corner, risk.chance, risk.heat) == (1, 0.25, 0.25)


def test_plan_preview_with_road_conditions() -> None:
    # Corner 1 carries Overheat (+1 Heat when over the limit), corner 2 Speed Limit -1.
    weather = {"token": None, "road": ["overheat", "limit-minus", None, None]}
    deck = ["1", "2", "3", "4", "heat"]
    data = position([car(space=8, gear=2, engine=3, hand=["stress", "4", "3"], deck=deck)], weather=weather)
    preview = plan_preview(data, "gear 3 play 3 4 stress")
    check_preview(preview, engine_outcomes(data, deck, "red: gear 3 play 3 4 stress"))
    (risk,) = preview.corners
    # Speed 8: 1 + 1 Heat; 9: 2 + 1; 10 and 11 owe more than the 3 in the Engine: spin.
    assert (risk.limit, risk.heat, risk.spin_chance) == (7, pytest.approx((2 + 3 + 3 + 3) / 4), 0.5)
    data = position([car(space=28, gear=1, engine=6, hand=["stress", "2"], deck=deck)], weather=weather)
    preview = plan_preview(data, "gear 2 play 2 stress")
    check_preview(preview, engine_outcomes(data, deck, "red: gear 2 play 2 stress"))
    assert [risk.limit for risk in preview.corners] == [2]


def test_plan_preview_with_upgrade_cards() -> None:
    # wings-4: Heat 1 and Speed Limit +2; 4wd-triple: 3 + flips; brakes-13: its highest value.
    deck = ["heat", "1", "2", "stress", "3", "4"]
    hand = ["wings-4", "4wd-triple", "brakes-13"]
    data = position([car(space=24, gear=2, engine=6, hand=hand, deck=deck)])
    preview = plan_preview(data, "gear 3 play 4wd-triple brakes-13 wings-4")
    check_preview(preview, engine_outcomes(data, deck, "red: gear 3 play 4wd-triple brakes-13 wings-4"))
    assert preview.heat_now == 1
    assert [risk.limit for risk in preview.corners] == [3 + 2]


def test_plan_preview_of_a_cluttered_hand_and_of_tournament_mode() -> None:
    data = position([car(space=20, gear=1, engine=2, hand=["heat", "heat", "heat"], deck=["1", "2"])])
    preview = plan_preview(data, "gear 3 play heat heat heat")
    assert (preview.speeds, preview.landing, preview.corners) == (((0, 1.0),), ((20, 1, 1.0),), ())
    assert preview.heat_now == 1  # the two-gear shift is paid before the hand proves cluttered
    check_preview(preview, [run_once(data, "red: gear 3 play heat heat heat")])
    data = position(
        [car(space=30, gear=1, engine=4, hand=["1", "1", "2"], deck=["1", "2"])], options={"tournament": True}
    )
    preview = preview_plan(view_of(race_from(data), RED), Plan(3, ("1", "1", "2")))
    assert preview.heat_now == 1  # T-3: three cards from 1st gear is a two-gear change
    check_preview(preview, [run_once(data, "red: play 1 1 2")])


def test_plan_preview_of_cluttered_hands_of_unpayable_upgrades() -> None:
    """OQ-G-3: unpayable Upgrades fill a cluttered hand; OQ-T-2: a cluttered hand's cards that
    imply a gear change the car cannot make pay no Heat. Both previews match the engine."""
    data = position([car(space=20, gear=1, engine=0, hand=["turbo-7", "turbo-8"], deck=["1", "2"])])
    preview = plan_preview(data, "gear 2 play turbo-7 turbo-8")
    assert (preview.speeds, preview.landing, preview.heat_now) == (((0, 1.0),), ((20, 1, 1.0),), 0)
    check_preview(preview, [run_once(data, "red: gear 2 play turbo-7 turbo-8")])
    data = position(
        [car(space=20, gear=3, engine=0, hand=["0"], deck=["1", "2"])], hand_size=1, options={"tournament": True}
    )
    race = race_from(data)
    (plan, *_) = race.legal_decisions(RED)
    assert isinstance(plan, Plan) and plan.cards == ("0",)
    preview = preview_plan(view_of(race, RED), plan)
    assert (preview.speeds, preview.heat_now) == (((0, 1.0),), 0)
    race.apply(RED, plan)
    assert to_position(race)["cars"][RED]["engine"] == 0


def test_plan_preview_when_flips_outnumber_the_basic_cards_of_the_deck() -> None:
    # One Basic card in the deck; the second flip comes from the reshuffled discard pile, here
    # one card of each value: the engine's shuffles give 1-4 about equally often.
    deck = ["heat", "2"]
    data = position(
        [car(space=20, gear=1, engine=6, hand=["stress", "stress"], deck=deck, discard=["1", "2", "3", "4"])]
    )
    preview = plan_preview(data, "gear 2 play stress stress")
    assert as_dict(preview.speeds) == pytest.approx({3: 0.25, 4: 0.25, 5: 0.25, 6: 0.25})
    outcomes = []
    for seed in range(300):
        for order in orders(deck):
            data["rng"] = seed * 7919 + 1
            data["cars"][RED]["deck"] = list(order)
            outcomes.append(run_once(data, "red: gear 2 play stress stress"))
    check_preview(preview, outcomes, sampled=True)


def test_plan_preview_is_close_to_many_shuffled_races_with_a_full_deck() -> None:
    deck = ["1", "2", "3", "4"] * 3 + ["stress", "heat", "heat", "5", "0"]
    hand = ["stress", "stress", "4", "3"]
    data = position([car(space=22, gear=3, engine=10, hand=hand, deck=deck)])
    preview = plan_preview(data, "gear 4 play 3 4 stress stress")
    shuffler = random.Random(11)
    outcomes = []
    for _ in range(3000):
        order = deck[:]
        shuffler.shuffle(order)
        data["cars"][RED]["deck"] = order
        outcomes.append(run_once(data, "red: gear 4 play 3 4 stress stress"))
    check_preview(preview, outcomes, sampled=True)
    assert 0 < preview.spin_chance < 1


# -------------------------------------------------------------- React and Slipstream previews


def at_step(step: str, red: dict[str, Any], others: Sequence[dict[str, Any]] = (), **extra: Any) -> dict[str, Any]:
    """Red (seat 0) is the active car at ``step``; the other cars have had their turn."""
    turn = extra.pop("turn", {})
    order = [*range(1, len(others) + 1), RED]
    return position([red, *others], phase="turn", step=step, order=order, turn_index=len(others), turn=turn, **extra)


def react_preview(data: dict[str, Any], decision: React | EndReact) -> Preview:
    return preview_react(view_of(race_from(data), RED), decision)


def test_boost_preview_matches_every_order_of_the_deck() -> None:
    # Red's turn began on 26 at Speed 5 and stands on 31; a Boost pays 1 Heat and flips.
    deck = ["heat", "1", "2", "3", "4", "stress"]
    data = at_step(
        "react", car(space=31, gear=2, engine=6, hand=["heat"], deck=deck), turn={"start_space": 26, "speed": 5}
    )
    preview = react_preview(data, React("boost"))
    check_preview(preview, engine_outcomes(data, deck, "boost"))
    assert preview.heat_now == 1
    assert [s for s, _ in preview.speeds] == [6, 7, 8, 9]
    assert (preview.corners[0].corner, preview.corners[0].chance) == (2, 0.5)
    # Speed 9 over limit 3 costs 6 and the Engine holds 5 after the Boost: a spin.
    assert preview.spin_chance == pytest.approx(0.25)


def test_boost_preview_in_a_heat_control_sector_is_free() -> None:
    weather = {"token": None, "road": ["heat-control", None, None, None]}  # sector 13-33
    deck = ["1", "2", "3", "4"]
    data = at_step(
        "react",
        car(space=31, gear=2, engine=5, deck=deck),
        turn={"start_space": 26, "speed": 5},
        weather=weather,
    )
    preview = react_preview(data, React("boost"))
    assert preview.heat_now == 0
    check_preview(preview, engine_outcomes(data, deck, "boost"))


def test_react_previews_adrenaline_cooldown_direct_play_accelerate_and_done() -> None:
    deck = ["1", "2", "3", "4", "heat"]
    red = car(space=32, gear=1, engine=1, hand=["heat", "pedal-4"], deck=deck)
    data = at_step("react", red, turn={"start_space": 28, "speed": 4, "adrenaline": True})
    # Done: the turn as it stands, short of corner 2.
    done = react_preview(data, EndReact())
    assert (done.speeds, done.landing, done.corners) == (((4, 1.0),), ((32, 1, 1.0),), ())
    check_preview(done, engine_outcomes(data, deck, "done"))
    # Adrenaline's +1 moves onto 33: still short of the line.
    check_preview(
        react_preview(data, React("move", 1, "adrenaline")), engine_outcomes(data, deck, "move 1 from adrenaline")
    )
    # Direct Play of pedal-4 (Speed 4, Heat 1): to 36 across corner 2 at Speed 8, limit 3.
    direct = react_preview(data, React("direct", 0, "pedal-4"))
    assert direct.heat_now == 1
    assert direct.spin_chance == 1.0  # 5 Heat owed, 0 left after the card's Heat
    check_preview(direct, engine_outcomes(data, deck, "direct from pedal-4"))
    # A Cooldown puts Heat back in the Engine before the corners.
    cooled = react_preview(data, React("cooldown", 1))
    assert cooled.spin_chance == 0
    check_preview(cooled, engine_outcomes(data, deck, "cooldown 1"))
    # Accelerate: +1 Speed and 1 space for each of the 2 + symbols used this turn.
    accel = car(space=31, gear=2, engine=6, play=["4wd-accel", "1"], deck=deck)
    data = at_step(
        "react",
        accel,
        turn={"start_space": 27, "speed": 4, "plus_used": 2, "symbols": [["accelerate", 0, "4wd-accel"]]},
    )
    preview = react_preview(data, React("accelerate", 0, "4wd-accel"))
    assert preview.speeds == ((6, 1.0),)
    check_preview(preview, engine_outcomes(data, deck, "accelerate from 4wd-accel"))


def test_react_preview_counts_mandatory_symbols_still_to_use() -> None:
    # wings-4 was played: its Heat 1 and Speed Limit +2 must still be used (G-23).
    deck = ["1", "2"]
    red = car(space=36, gear=2, engine=3, play=["wings-4", "4"], deck=deck)
    turn = {"start_space": 28, "speed": 8, "symbols": [["heat", 1, "wings-4"], ["adjust", 2, "wings-4"]]}
    data = at_step("react", red, turn=turn)
    preview = react_preview(data, React("heat", 1, "wings-4"))
    assert preview.heat_now == 1
    assert [risk.limit for risk in preview.corners] == [3 + 2]
    check_preview(preview, engine_outcomes(data, deck, "heat 1 from wings-4"))


def test_slipstream_preview_crosses_a_corner_without_changing_speed() -> None:
    # Red's turn began on 27 at Speed 5; it stands on 32 behind blue on 33. Slipstreaming to 34
    # crosses corner 2 (limit 3): 2 Heat at Speed 5.
    deck = ["1", "2"]
    red = car(space=32, gear=2, engine=2, deck=deck)
    data = at_step("slipstream", red, [car(space=33, hand=["1"])], turn={"start_space": 27, "speed": 5})
    preview = preview_slipstream(view_of(race_from(data), RED), Slipstream(True))
    assert preview.speeds == ((5, 1.0),)
    assert preview.landing == ((34, 1, 1.0),)
    assert preview.corners == (CornerRisk(2, 3, 1.0, 2.0, 0.0),)
    check_preview(preview, [run_once(data, "slipstream")])
    stay = preview_slipstream(view_of(race_from(data), RED), Slipstream(False))
    assert (stay.landing, stay.corners) == (((32, 1, 1.0),), ())
    check_preview(stay, [run_once(data, "no slipstream")])


def test_slipstream_preview_is_blocked_like_a_move() -> None:
    # Space 34 is full: the slipstream stops on 33, beside blue, and the line after 33 is not
    # crossed (B-6.4, OQ-B-2).
    red = car(space=32, gear=2, engine=0, deck=["1"])
    others = [car(space=33, lane=1, hand=["1"]), car(space=34, lane=1, hand=["1"]), car(space=34, lane=2, hand=["1"])]
    data = at_step("slipstream", red, others, turn={"start_space": 27, "speed": 5})
    preview = preview_slipstream(view_of(race_from(data), RED), Slipstream(True))
    assert (preview.landing, preview.corners) == (((33, 1, 1.0),), ())
    check_preview(preview, [run_once(data, "slipstream")])


# ----------------------------------------------------------------------------- the rest


def test_summary_is_one_line_with_speeds_landing_corners_and_spin() -> None:
    deck = ["1", "2", "3", "4", "heat", "3"]
    data = position([car(space=45, gear=3, engine=11, hand=["stress", "stress", "4", "4"], deck=deck)])
    text = plan_preview(data, "gear 4 play 4 4 stress stress").summary()
    assert text == (
        "Speed 11-15 (11: 10%, 12: 20%, 13: 30%, 14: 20%, 15: 20%), lands 49-57, "
        "corner 3: 10 Heat, corner 4 (50%): 0.3 Heat, spin 70%"
    )
    data = position([car(space=20, gear=1, engine=2, hand=["1"], deck=[])])
    assert plan_preview(data, "gear 1 play 1").summary() == "Speed 1, lands 21, spin 0%"


def test_the_preview_changes_nothing() -> None:
    deck = ["1", "2", "3", "4"]
    race = race_from(position([car(space=45, gear=3, engine=11, hand=["stress", "4"], deck=deck)]))
    before = to_position(race)
    view = view_of(race, RED)
    preview_plan(view, Plan(2, ("4", "stress")))
    assert to_position(race) == before
    assert view_of(race, RED) == view


def test_previews_need_the_viewers_own_car_and_turn() -> None:
    race = race_from(position([car(space=20, hand=["1"], deck=["1"])]))
    with pytest.raises(ValueError, match="spectator"):
        preview_plan(view_of(race, None), Plan(1, ("1",)))
    with pytest.raises(ValueError, match="turn"):
        preview_react(view_of(race, RED), React("boost"))
    with pytest.raises(ValueError, match="turn"):
        preview_slipstream(view_of(race, RED), Slipstream(True))
