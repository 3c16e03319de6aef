"""Race statistics (heat.stats): figures checked on races from precise positions, where the rules
give the answer, and invariants over random races with every module, against the engine's own
state (its Engines and positions), not against the events the figures are read from."""

from __future__ import annotations

import random
from typing import Any

import pytest

from heat.bots import RandomBot, play_out
from heat.engine import Race, RaceConfig, default_seats, replay, to_record, track_ids
from heat.engine.events import CornerChecked, Eliminated, HeatPaid, RoundEnded, RoundStarted
from heat.stats import GEARS, HEAT_CAUSES, PLAYER_ONLY, STATS_FORMAT, race_stats, stats_text, table_rows
from heat.stats_plot import behind_leader
from scenario import car, of_type, play, position, race_from

DECK = ["1", "2", "3", "4", "1", "2", "3", "4", "1"]


def by_color(race: Race) -> dict[str, Any]:
    return {car.color: car for car in race_stats(race).cars}


# ---------------------------------------------------------------------- precise races


def boost_twice_spin_once() -> Race:
    """Red alone on USA (corner 1: line after space 12, limit 7), Engine 6.

    Round 1: 1st -> 3rd gear (a two-gear shift: 1 Heat, B-1.2), 4 4 3 from space 3 to 14 across
    corner 1; Boost (1 Heat) flips the 2: Speed 13, space 16. Corner 1 costs 13 - 7 = 6 and the
    Engine holds 4: it pays the 4 and spins out (B-7.7) back to space 12, in 1st gear, with 2
    Stress (3rd gear, B-7.9). Round 2: 1st gear, a 1 to 13; Cooldown 2 (1st gear, B-5.4);
    Boost (1 Heat) flips a 1: space 14; Adrenaline's +1 (the last car, B-4.1): space 15; corner
    1 at Speed 3, under its limit."""
    race = race_from(
        position([car(space=3, engine=6, hand=["4", "4", "3", "heat", "heat", "1", "2"], deck=["2", "3", "1", *DECK])])
    )
    play(race, "red: gear 3 play 4 4 3", "boost", "done", "discard nothing")
    play(race, "red: gear 1 play 1", "cooldown 2", "boost", "move 1 from adrenaline", "discard nothing")
    assert race.round == 3
    return race


def test_a_car_that_boosts_twice_spins_out_once_and_shifts_two_gears() -> None:
    red = race_stats(boost_twice_spin_once()).cars[0]
    assert red.rounds == 2
    assert red.gears == {1: 1, 2: 0, 3: 1, 4: 0}  # revealed 3rd, then 1st after the spin-out
    assert (red.gear_shifts, red.two_gear_shifts) == (1, 1)
    assert (red.boosts, red.boost_speed) == (2, 2 + 1)
    assert red.heat == {"shift": 1, "boost": 2, "corners": 0, "weather": 0, "upgrades": 0, "spin-outs": 4}
    assert red.heat_paid == 7
    assert red.heat_corner == {}  # a spin-out's Heat is not a corner's
    assert (red.spin_outs, red.stress_taken) == (1, 2)
    assert (red.corners_over, red.corners_at, red.corners_under) == (1, 0, 1)
    assert red.cooled == {"gear": 2, "adrenaline": 0, "weather": 0, "upgrades": 0}
    assert (red.adrenaline_rounds, red.adrenaline_moves, red.adrenaline_cooldowns) == (2, 1, 0)
    assert red.progress == [3, 12, 15]  # 14 then back to 12; then 13, 14, 15
    assert red.spaces == [9, 3]
    assert (red.spaces_moved, red.spaces_max, red.spaces_mean) == (12, 9, 6.0)
    assert (red.cards_played, red.stress_played) == (4, 0)
    assert (red.place, red.rounds_leading, red.finish_round, red.grid) == (1, 2, None, None)


def test_blocking_and_slipstream() -> None:
    """Blue and Green fill both spots of space 15 (they play a 0 and stay, B-3.7); Red's 5 from
    space 10 is blocked back to 14, one space short; behind them it slipstreams 2 to 16 (B-6.3)
    and leads the round."""
    race = race_from(
        position(
            [
                car(space=10, gear=2, hand=["2", "3", "1", "1", "1", "1", "1"], deck=list(DECK)),
                car(space=15, lane=1, hand=["0", "1"], deck=list(DECK)),
                car(space=15, lane=2, hand=["0", "1"], deck=list(DECK)),
            ]
        )
    )
    play(race, "red: gear 2 play 2 3", "blue: gear 1 play 0", "green: gear 1 play 0")
    play(race, "green: done", "green: no slipstream", "green: discard nothing")
    play(race, "blue: done", "blue: no slipstream", "blue: discard nothing")
    play(race, "red: done", "red: slipstream", "red: discard nothing")
    cars = by_color(race)
    red = cars["red"]
    assert (red.blocked_spaces, red.slipstreams, red.slipstream_spaces) == (1, 1, 2)
    assert red.progress == [10, 16]
    assert (red.corners_under, red.rounds_leading, red.place) == (1, 1, 1)
    assert [cars[c].spaces for c in ("blue", "green")] == [[0], [0]]
    assert [cars[c].rounds_leading for c in ("blue", "green")] == [0, 0]


def test_heat_for_an_upgrade_and_the_overheat_token() -> None:
    """Red plays turbo-7 (Heat 2, G-25) with 1 2 in 3rd gear (a two-gear shift): Speed 10 from
    space 25 across corner 2 (limit 3, an Overheat token, W-14): 7 Heat for the corner and 1 for
    the token."""
    weather = {"token": None, "road": [None, "overheat", None, None]}
    hand = ["turbo-7", "1", "2", "3", "4", "1", "2"]
    race = race_from(position([car(space=25, engine=12, hand=hand, deck=list(DECK))], weather=weather))
    play(race, "red: gear 3 play turbo-7 1 2", "heat 2 from turbo-7", "done", "discard nothing")
    red = race_stats(race).cars[0]
    assert red.heat == {"shift": 1, "boost": 0, "corners": 7, "weather": 1, "upgrades": 2, "spin-outs": 0}
    assert (red.heat_corner, red.heat_upgrade) == ({2: 7}, {"turbo-7": 2})
    assert red.upgrade_symbols == 1
    labels = [label for label, _ in table_rows(race_stats(race))]
    assert "  Overheat (weather)" in labels and "    corner 2" in labels


def test_a_race_not_over_is_counted_to_the_end_of_its_last_complete_round() -> None:
    race = boost_twice_spin_once()
    play(race, "red: gear 1 play 2")  # round 3 begun: its move is not counted
    stats = race_stats(race)
    assert (stats.rounds, stats.over) == (2, False)
    assert stats.cars[0].progress == [3, 12, 15]
    assert stats.cars[0].cards_played == 4


# ---------------------------------------------------------------------- random races


MODULES: dict[str, dict[str, Any]] = {
    "base": {},
    "garage": {"garage": "all"},
    "weather": {"weather": True},
    "legends": {"legends": 2},
    "tournament": {"tournament": True},
    "all": {"garage": "all", "weather": True, "legends": 2, "pro_legends": 1, "tournament": True},
}


def random_race(track: str, cars: int, seed: int, modules: str) -> tuple[Race, list[int], list[int]]:
    """A race of random bots, with each car's Engine and progress when the racing began."""
    options = dict(MODULES[modules])
    legends = min(options.pop("legends", 0), cars - 1)
    race = Race(RaceConfig(default_seats(cars, legends=legends), track=track, laps=1, seed=seed, **options))
    bots = {seat: RandomBot(seed * 10 + seat) for seat in range(cars)}
    play_out(race, bots, stop=lambda r: r.phase != "draft")  # the Garage draft builds the decks
    engines = [car.engine for car in race.cars]
    starts = [car.pos for car in race.cars]
    play_out(race, bots)
    return race, engines, starts


CASES = [
    (track, cars, seed, modules) for seed, track in enumerate(track_ids(), 1) for cars in (2, 5) for modules in MODULES
]


@pytest.mark.parametrize(("track", "cars", "seed", "modules"), CASES)
def test_figures_agree_with_the_engine_state(track: str, cars: int, seed: int, modules: str) -> None:
    race, engines, starts = random_race(track, cars, seed, modules)
    stats = race_stats(race)
    log = race.events(None)
    assert stats.over and stats.rounds == race.round
    assert [car.seat for car in sorted(stats.cars, key=lambda c: c.place)] == race.standings()
    for figures, state in zip(stats.cars, race.cars, strict=True):
        assert figures.finish_round == state.finish_round
        # Spaces moved add up to the distance the car went (a spin-out's way back included).
        assert sum(figures.spaces) == figures.progress[-1] - figures.progress[0] == state.pos - starts[state.seat]
        assert len(figures.spaces) == figures.rounds == state.finish_round
        if state.legend:
            continue
        # Every Heat paid has one cause, and they add up to what left the Engine by payments.
        assert set(figures.heat) == set(HEAT_CAUSES)
        paid = sum(e.amount for e in of_type(log, HeatPaid) if e.seat == state.seat)
        assert figures.heat_paid == paid == engines[state.seat] + figures.heat_cooled - state.engine
        assert sum(figures.heat_corner.values()) == figures.heat["corners"]
        assert sum(figures.heat_upgrade.values()) == figures.heat["upgrades"]
        # Every round raced in one gear; every corner crossed over, at or under its limit.
        assert sum(figures.gears[gear] for gear in GEARS) == figures.rounds
        checks = [e for e in of_type(log, CornerChecked) if e.seat == state.seat]
        assert figures.corners_over + figures.corners_at + figures.corners_under == len(checks)
        assert figures.spin_outs <= figures.corners_over
        assert figures.two_gear_shifts <= figures.gear_shifts
    # One car leads each round until the first car finishes.
    first_finish = min(state.finish_round for state in race.cars)
    assert sum(car.rounds_leading for car in stats.cars) == first_finish
    # A replay gives the same figures.
    assert race_stats(replay(to_record(race))) == stats


@pytest.mark.parametrize("modules", ["base", "all"])
def test_a_race_cut_short_gives_the_first_rounds_of_the_whole_race(modules: str) -> None:
    race, _, _ = random_race("italia", 4, 7, modules)
    whole = race_stats(race)
    record = to_record(race)
    rng = random.Random(1)
    for cut in sorted(rng.sample(range(len(record["decisions"])), 5)):
        part = race_stats(replay({**record, "decisions": record["decisions"][:cut]}))
        assert not part.over
        ended = [
            e for e in replay({**record, "decisions": record["decisions"][:cut]}).events() if isinstance(e, RoundEnded)
        ]
        assert part.rounds == len(ended)
        for early, late in zip(part.cars, whole.cars, strict=True):
            assert early.progress == late.progress[: len(early.progress)]
            assert early.heat_paid <= late.heat_paid and early.cards_played <= late.cards_played


def test_json_has_every_figure_and_a_legend_none_of_the_player_ones() -> None:
    race, _, _ = random_race("usa", 4, 3, "legends")
    data = race_stats(race).to_json()
    assert data["format"] == STATS_FORMAT
    player, legend = data["cars"][0], data["cars"][-1]
    assert not player["legend"] and legend["legend"]
    assert player.keys() >= PLAYER_ONLY
    assert all(player[name] is not None for name in PLAYER_ONLY)
    assert all(legend[name] is None for name in PLAYER_ONLY)
    assert legend["spaces"] and legend["rounds"] and legend["place"]
    figures = [key for key, value in player.items() if isinstance(value, int | float) and not isinstance(value, bool)]
    assert len(figures) >= 22, figures


def test_the_table_fits_80_columns_with_six_cars() -> None:
    race, _, _ = random_race("great-britain", 6, 2, "all")
    lines = stats_text(race_stats(race))
    assert max(len(line) for line in lines) <= 80
    assert any(line.startswith("Heat paid") for line in lines)


def eliminating_race() -> Race:
    """A race of random bots with the 1963 finale's event (C-21: a spin-out takes the car off the
    track for good) in which a car was eliminated."""
    for seed in range(1, 30):
        config = RaceConfig(default_seats(3), track="france", laps=1, seed=seed, spin_out_eliminates=True)
        race = Race(config)
        play_out(race, {seat: RandomBot(seed + seat) for seat in range(3)})
        if race.eliminated:
            return race
    pytest.fail("no car was eliminated in 29 races")


def test_a_car_eliminated_by_a_spin_out_raced_the_round_it_left_in() -> None:
    race = eliminating_race()
    log = race.events(None)
    stats = race_stats(race)
    for seat in race.eliminated:
        out = next(i for i, e in enumerate(log) if isinstance(e, Eliminated) and e.seat == seat)
        left_in = max(e.round for e in log[:out] if isinstance(e, RoundStarted))
        figures = stats.cars[seat]
        assert (figures.eliminated, figures.finish_round, figures.rounds) == (True, None, left_in)
        assert sum(figures.gears.values()) == left_in
        assert figures.place > len(race.hall_of_fame)
        assert "out" in dict(table_rows(stats))["Finish round"]


def test_behind_the_leader_is_0_for_the_car_furthest_along() -> None:
    race = race_from(
        position([car(space=10, hand=["2"], deck=list(DECK)), car(space=5, hand=["4"], deck=list(DECK))], laps=2)
    )
    play(race, "red: gear 1 play 2", "blue: gear 1 play 4")  # Blue 9 behind Red 12
    while race.round == 1:
        seat = race.to_decide()[0]
        play(race, f"{seat}: {'done' if race.step == 'react' else 'discard nothing'}")
    stats = race_stats(race)
    assert [c.progress for c in stats.cars] == [[10, 12], [5, 9]]
    assert behind_leader(stats) == [[0, 0], [5, 3]]


def test_a_car_eliminated_in_the_round_not_counted_raced_the_rounds_before() -> None:
    race = eliminating_race()
    record = to_record(race)
    seat = race.eliminated[0]
    for cut in range(len(record["decisions"])):
        part = replay({**record, "decisions": record["decisions"][:cut]})
        if part.eliminated:
            break
    stats = race_stats(part)
    assert stats.cars[seat].rounds == stats.rounds == part.round - 1
    assert not stats.cars[seat].eliminated  # not in the rounds counted
