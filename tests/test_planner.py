"""The planner's parts: the value table, the forecast of the other cars, and its choices in
precise positions (spin-outs avoided, Boosts taken when they pay, slipstreams, discards)."""

from __future__ import annotations

import itertools

import pytest

from heat.bots import forecast, valuetable
from heat.bots.levels import CHAMPION
from heat.bots.planner import PlannerBot, PlannerSettings, car_model
from heat.bots.valuetable import CarModel, ValueTable, play_distributions, table_for
from heat.engine import Discard, EndReact, Plan, Race, RaceConfig, React, Slipstream, default_seats, view_of
from heat.engine.content import legends_cards
from heat.record import replace
from scenario import car, position, race_from

FOURS = tuple([((4,), 0)] * 14)


def straight(**fields: object) -> CarModel:
    """A 20-space track without corners, every card a 4, the Heat all in the Engine."""
    values: dict[str, object] = {"lines": (), "finish": 20, "free": FOURS, "stress": 0, "heat": 2, "samples": 4}
    values.update(fields)
    return CarModel(**values)  # type: ignore[arg-type]


def test_the_table_counts_the_rounds_still_needed() -> None:
    table = ValueTable(straight())
    # 4th gear: 16 spaces (a Boost adds 1-4, never enough to pass space 20), then well past the
    # line (a little credit for every space beyond it)
    assert 1.7 < table.value(0, 4, 2, 0, 0) < 2.0
    assert table.value(21, 4, 2, 0, 0) < 0 < table.value(20, 4, 2, 0, 0)  # past the line: done
    assert table.value(5, 4, 2, 0, 0) <= 1.0  # 16 + a Boost of 1 or more crosses from 5


def test_heat_in_the_engine_is_worth_more_than_heat_in_hand() -> None:
    board_lines = ((12, 3, 0), (30, 2, 0))
    model = CarModel(
        lines=board_lines,
        finish=40,
        free=tuple([((v,), 0) for v in (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 0, 5)]),
        stress=3,
        heat=6,
        samples=8,
    )
    table = table_for(model)
    for gear in (1, 2, 3, 4):
        assert table.value(0, gear, 5, 0, 0) <= table.value(0, gear, 2, 0, 0)
        assert table.value(0, gear, 3, 0, 0) <= table.value(0, gear, 2, 1, 0)
        assert table.value(0, gear, 3, 0, 0) <= table.value(0, gear, 3, 0, 2) + 1e-9
    assert table_for(model) is table  # cached


def test_corner_heat_is_paid_corner_by_corner_and_spins_where_it_cannot() -> None:
    table = ValueTable(straight(lines=((10, 3, 0), (15, 2, 1)), heat=8))
    assert table.corner_heat(5, 16, 5, 10) == (2 + 3 + 1, None)  # the second with Overheat (W-14)
    assert table.corner_heat(5, 16, 5, 3) == (6, 15)  # 2 paid at the first, spins at the second
    assert table.corner_heat(5, 10, 9, 0) == (0, None)  # the line after space 10 is not crossed
    assert table.corner_heat(11, 16, 3, 0) == (1 + 1, 15)


def test_a_better_hand_is_worth_fewer_rounds() -> None:
    table = ValueTable(straight(finish=60, free=tuple([((v,), 0) for v in (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 0, 5)])))
    fast = table.hand_value(0, 4, 2, 0, 0, [((4,), 0)] * 4 + [((5,), 0)] * 3)
    slow = table.hand_value(0, 4, 2, 0, 0, [((1,), 0)] * 7)
    assert fast < slow
    assert table.hand_value(0, 4, 2, 3, 0, [((4,), 0)] * 4) > fast  # Heat cards clog the hand


def test_play_distributions_count_each_play_once_and_flip_stress() -> None:
    rows = play_distributions([((1,), 0), ((1,), 0), ((3,), 0)], 2, 0, 10)
    assert sorted(int(row.argmax()) for row in rows) == [2, 4]
    (flipped,) = play_distributions([((2,), 0)], 1, 1, 10)  # a 2 and one Stress card
    assert flipped[3:7].tolist() == [0.25] * 4


@pytest.mark.parametrize("number", [1, 4, 10])
def test_the_forecast_of_the_legends_matches_their_moves(number: int) -> None:
    """Red at space 12 among five Legends: the occupancy foreseen for a Legends card is the one
    Red finds at its turn, and the end-of-round places are the Legends' real ones."""
    cars = [car(space=12, color="red", hand=["1", "2", "3", "4", "4", "5", "2"], deck=["3"] * 10)]
    for space, color in zip([20, 24, 27, 30, 8], ["blue", "green", "yellow", "black", "gray"], strict=True):
        cars.append(car(space=space, legend=True, color=color))
    deck = [number] + [n for n in range(1, 11) if n != number]
    race = race_from(position(cars, legends={"deck": deck, "card": None}))
    card = next(c for c in legends_cards() if c.number == number)
    occupied, final = forecast.moves(view_of(race, 0), card)
    race.apply(0, Plan(1, ["1"]))
    assert race.to_decide() == (0,)  # Red's React: the cars ahead have moved
    now = {}
    for other in race.cars[1:]:
        now[other.pos] = now.get(other.pos, 0) + 1
    assert {pos: count for pos, count in occupied.items() if count} == now
    while race.round == 1:
        seat = race.to_decide()[0]
        race.apply(seat, race.legal_decisions(seat)[-1])
    assert final == tuple(sorted((other.pos for other in race.cars[1:]), reverse=True))


def test_the_planner_does_not_spin_out_when_a_slower_plan_exists() -> None:
    # 2 spaces before USA's corner 2 (limit 3), no Heat: 4 4 would cost 5 Heat and spin
    hand = ["1", "2", "4", "4", "1", "2", "3"]
    race = race_from(position([car(space=31, gear=2, engine=0, hand=hand, deck=["3"] * 9)]))
    decision = PlannerBot(1).choose(view_of(race, 0), race.legal_decisions(0))
    assert isinstance(decision, Plan)
    assert sum(int(c) for c in decision.cards) <= 3


def test_the_planner_boosts_over_the_finish_line() -> None:
    data = position([car(space=65, gear=2, engine=3, hand=["1", "1", "1", "1", "1", "1", "1"], deck=["4"] * 8)])
    race = race_from(data)
    race.apply(0, Plan(2, ["1", "1"]))  # to space 67: 2 short of the line, a Boost of 1+ gets there
    legal = race.legal_decisions(0)
    assert React("boost") in legal
    assert PlannerBot(1).choose(view_of(race, 0), legal) == React("boost")


def test_the_planner_slipstreams_when_it_gains_and_not_into_a_spin_out() -> None:
    def race_to_slipstream(space: int, engine: int) -> object:
        blue = car(space=space + 4, color="blue", hand=["1"] * 7, deck=["1"] * 8)
        red = car(space=space, gear=2, engine=engine, hand=["2", "2", "1", "1", "1", "1", "1"], deck=["1"] * 8)
        race = race_from(position([red, blue]))
        race.apply(1, Plan(1, ["1"]))  # Blue, the leader, moves 1: one space ahead of where Red lands
        race.apply(0, Plan(2, ["2", "2"]))
        while race.to_decide() == (1,):
            race.apply(1, EndReact() if EndReact() in race.legal_decisions(1) else race.legal_decisions(1)[0])
        while not isinstance(race.legal_decisions(0)[0], Slipstream):
            race.apply(0, EndReact())
        return race

    open_road = race_to_slipstream(16, 6)  # Red to 20 behind Blue on 21: slipstream to 22
    assert PlannerBot(1).choose(view_of(open_road, 0), open_road.legal_decisions(0)) == Slipstream(True)
    # Red to 32 behind Blue on 33; the slipstream would cross corner 2 (after space 33, limit 3)
    # at Speed 4 with no Heat left: a spin-out (B-6.7, B-7.7)
    corner = race_to_slipstream(28, 0)
    assert PlannerBot(1).choose(view_of(corner, 0), corner.legal_decisions(0)) == Slipstream(False)


def test_the_planners_discards_are_legal_and_keep_its_best_cards() -> None:
    hand = ["0", "1", "1", "4", "4", "5", "2"]
    race = race_from(position([car(space=20, gear=3, engine=6, hand=hand, deck=["3", "4", "2", "1"] * 3)]))
    race.apply(0, Plan(3, ["1", "1", "2"]))
    while not isinstance(race.legal_decisions(0)[0], Discard):
        legal = race.legal_decisions(0)
        race.apply(0, EndReact() if EndReact() in legal else legal[0])
    legal = race.legal_decisions(0)
    decision = PlannerBot(3).choose(view_of(race, 0), legal)
    assert decision in legal and isinstance(decision, Discard)
    assert "4" not in decision.cards and "5" not in decision.cards


def test_the_car_model_counts_this_cars_cards_and_heat() -> None:
    race = Race(RaceConfig(default_seats(2), track="usa", seed=3))
    model = car_model(view_of(race, 0), PlannerSettings())
    assert model.finish == 2 * 69 and len(model.lines) == 2 * 4
    assert model.heat == 6 + 1  # the Engine and the Starting Upgrade Heat card (B-17.5)
    assert model.stress == 3
    assert sorted(max(speeds) for speeds, _ in model.free) == [0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5]


def test_planners_that_share_car_models_value_with_the_first_views_model() -> None:
    """A planner that shares another's car models (a search's planners inside its samples) uses
    the model the other made from the real view, not one from a sampled position with more
    Stress (B-10.1: a spin-out adds Stress cards)."""
    hand = ["1", "2", "3", "4", "4", "1", "2"]
    real = race_from(position([car(space=20, gear=3, hand=hand, deck=["3"] * 10)]))
    sampled = race_from(position([car(space=20, gear=3, hand=hand, deck=["3"] * 10 + ["stress"] * 4)]))
    assert car_model(view_of(sampled, 0), CHAMPION).stress > car_model(view_of(real, 0), CHAMPION).stress
    planner = PlannerBot(1, settings=CHAMPION)
    light = PlannerBot(2, settings=replace(CHAMPION, kept_hand=0.0, forecast=False), models=planner)
    assert planner.table(view_of(real, 0)) is light.table(view_of(sampled, 0))
    alone = PlannerBot(2, settings=replace(CHAMPION, kept_hand=0.0, forecast=False))
    assert alone.table(view_of(sampled, 0)).model.stress > planner.table(view_of(real, 0)).model.stress
    with pytest.raises(ValueError, match="model settings differ"):
        PlannerBot(3, settings=replace(CHAMPION, samples=4), models=planner)


def test_a_win_is_counted_only_where_the_others_moves_are_foreseen() -> None:
    """B-16.2: the planner counts a win or a loss in the round only when the other cars' moves
    can be foreseen: Legends follow their card; another player's plan is unknown."""
    hand = ["1", "2", "3", "4", "4", "1", "2"]

    def decisive(legend: bool) -> bool:
        red = car(space=60, gear=3, hand=hand, deck=["3"] * 10)
        blue = car(space=62, color="blue", legend=True) if legend else car(space=62, color="blue", hand=["1"] * 7)
        race = race_from(position([red, blue]))
        bot = PlannerBot(1)
        bot.ranked(view_of(race, 0), race.legal_decisions(0))
        return bot._decisive

    assert decisive(legend=True)
    assert not decisive(legend=False)


def test_the_forecast_weighs_only_the_legends_cards_still_in_the_deck() -> None:
    """L-6, L-16: the cards revealed since the last shuffle lie face up, so the forecast weighs
    only the cards still in the deck (every card again once the deck is empty)."""
    red = car(space=12, color="red", hand=["1", "2", "3", "4", "4", "5", "2"], deck=["3"] * 10)
    blue = car(space=20, legend=True, color="blue")

    def weights(deck: list[int]) -> list[float]:
        race = race_from(position([red, blue], legends={"deck": deck, "card": None}))
        return sorted(s.chance for s in forecast.scenarios(view_of(race, 0)))

    assert weights([7]) == [1.0]  # one card left: its move is certain
    assert weights([7, 2]) == [0.5, 0.5]  # two cards left, blue ends elsewhere with each
    # Once the deck is empty the next reveal reshuffles all ten: each card weighs 1/10, cards
    # that leave blue on the same space merged into one scenario.
    race = race_from(position([red, blue], legends={"deck": [], "card": None}))
    ends: dict[tuple[int, ...], int] = {}
    for card in legends_cards():
        _, final = forecast.moves(view_of(race, 0), card)
        ends[final] = ends.get(final, 0) + 1
    assert weights([]) == pytest.approx(sorted(count / 10 for count in ends.values()))
    assert len(ends) > 2


def test_the_kept_hand_term_keeps_the_cards_the_next_round_needs() -> None:
    """Two plays of equal Speed differ only in the cards they leave in hand: before a long
    straight (Great Britain, space 49 of 2 laps, the next corner 29 spaces on), keeping a 4 and
    a 1 beats keeping a 2 and a 3, since four 4s make the next round's best play."""
    hand = ["1", "2", "3", "4", "4", "4", "4"]
    red = car(space=49, gear=2, engine=6, hand=hand, deck=["1", "2", "3", "4"] * 3)
    race = race_from(position([red], track="great-britain", laps=2))
    view = view_of(race, 0)
    keep_high, keep_middle = Plan(2, ["2", "3"]), Plan(2, ["1", "4"])

    def values(settings: PlannerSettings) -> tuple[float, float]:
        bot = PlannerBot(1, settings=settings)
        bot.ranked(view, race.legal_decisions(0))
        return bot.plan_value(view, keep_high), bot.plan_value(view, keep_middle)

    blind_high, blind_middle = values(PlannerSettings(kept_hand=0.0))
    assert blind_high == blind_middle  # the table alone sees the same move
    high, middle = values(PlannerSettings(kept_hand=1.0))
    assert high > middle


def test_the_kept_hand_term_is_judged_for_the_best_plans_first() -> None:
    """The champion weighs the kept-hand term only for the plans the table likes best without
    it; in a position where that term decides, it still picks the plan best with it."""
    hand = ["1", "2", "3", "4", "4", "1", "2"]
    red = car(space=40, gear=2, engine=6, hand=hand, deck=["1", "2", "3", "4"] * 3)
    race = race_from(position([red], track="great-britain", laps=2))
    view, legal = view_of(race, 0), race.legal_decisions(0)
    bot = PlannerBot(1, settings=CHAMPION)
    bot.ranked(view, legal)
    full = max(legal, key=lambda d: bot.plan_value(view, d))
    plain = max(legal, key=lambda d: bot.plan_value(view, d, kept_hand=False))
    assert full != plain  # the term changes the choice here
    assert PlannerBot(1, settings=CHAMPION).choose(view, legal) == full


def _lone_planner() -> PlannerBot:
    """A planner that sees its car alone (the search's ranker of plans)."""
    return PlannerBot(3, settings=PlannerSettings(forecast=False, decisive=False, discard_samples=0))


@pytest.mark.parametrize("space", [31, 33, 34, 40, 60])
def test_the_lone_ranking_orders_plans_as_the_planner_values_them(space: int) -> None:
    # Stress to flip, Heat in hand, corners ahead (and on space 33 the car stands on a Corner
    # Line: a spin-out there lands on its own space, which the table's working landings value
    # with that space not yet solved); from space 60 the finish line of a 1-lap USA is in reach
    hand = ["stress", "heat", "1", "2", "3", "4", "4"]
    race = race_from(position([car(space=space, gear=3, engine=2, hand=hand, deck=["2", "3", "4", "1"] * 4)]))
    planner = _lone_planner()
    view, legal = view_of(race, 0), race.legal_decisions(0)
    lone = planner.lone_ranked(view, legal)
    assert sorted(lone, key=str) == sorted(legal, key=str)
    values = planner.lone_values(view, legal)
    assert all(values[plan] == pytest.approx(planner.plan_value(view, plan), abs=1e-5) for plan in legal)
    # in the planner's order, but for near ties (the landings are kept in float32)
    assert all(values[a] >= values[b] for a, b in itertools.pairwise(lone))


def test_the_lone_ranking_judges_garage_cards_as_the_planner_does() -> None:
    # a choice of Speed (1 or 3), an Adjust Speed Limit card and a Cooldown card with Heat in
    # hand to cool: the first two are judged by plan_value, the third read off the landings
    hand = ["brakes-13", "tires-1", "cooling-3", "heat", "heat", "3", "4"]
    # (a deck as large as a car's: the model then counts all of its Heat, as in a race)
    race = race_from(position([car(space=28, gear=2, engine=2, hand=hand, deck=["2", "3", "4", "1"] * 4)]))
    planner = _lone_planner()
    view, legal = view_of(race, 0), race.legal_decisions(0)
    lone = planner.lone_values(view, legal)
    assert all(lone[plan] == pytest.approx(planner.plan_value(view, plan), abs=1e-5) for plan in legal)


def test_the_lone_ranking_is_for_a_planner_alone_with_its_car() -> None:
    race = race_from(position([car(space=20, hand=["1", "2", "3", "4", "4", "1", "2"], deck=["3"] * 8)]))
    with pytest.raises(AssertionError):
        PlannerBot(1, settings=CHAMPION).lone_ranked(view_of(race, 0), race.legal_decisions(0))


def test_a_table_keeps_the_landings_of_the_rows_last_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    # memory: a row left behind is dropped, and asked for again it is computed to the same values
    monkeypatch.setattr(valuetable, "LANDING_ROWS", 2)
    table = ValueTable(straight(lines=((10, 3, 0),), heat=3, finish=30))
    first = table.landings(4)
    table.landings(8)
    assert table.landings(4) is first  # kept, and now the row last asked for
    table.landings(12)  # drops row 8, the one asked for longest ago
    assert table.landings(4) is first
    assert len(table._solved) == 2
    table.landings(8)  # drops row 12
    table.landings(12)  # drops row 4
    assert len(table._solved) == 2
    again = table.landings(4)
    assert again is not first and (again == first).all()  # computed again, to the same values


def test_the_landings_of_a_solved_table_are_its_after_values() -> None:
    # a Corner Line after space 10 (limit 3): from space 10 itself a fast move spins out on it
    table = ValueTable(straight(lines=((10, 3, 0),), heat=3, finish=30))

    def arrive(pos: int, speed: int, engine: int) -> float:
        owed, spun = table.corner_heat(pos, pos + speed, speed, engine)
        if spun is not None:  # B-7.7: 2 Stress in 3rd gear (the model holds none: clamped)
            return table.after(spun, 1, 0, 0, 2) + table.model.spin_extra
        return table.after(pos + speed, 3, engine - owed, 0, 0)

    state = table.clamp(3, 0, 0)
    for pos in (4, 10):
        landings = table.landings(pos)
        assert table.landings(pos) is landings  # kept
        for speed in (1, 2, 5, 8):
            boost = sum(arrive(pos, speed + gain, 2) for gain in (1, 2, 3, 4)) / 4  # B-5.6: 1 Heat
            expected = min(arrive(pos, speed, 3), boost)
            assert landings[2, state, speed] == pytest.approx(expected, abs=1e-5)
