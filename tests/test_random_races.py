"""The backbone: seeded random full races on every track with 1 to 6 cars, checking the rules'
invariants after every decision. A fast subset runs by default; ``-m slow`` runs the long sweep."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from heat.engine import (
    PositionError,
    Race,
    RaceConfig,
    default_seats,
    from_position,
    replay,
    to_position,
    to_record,
    track,
    track_ids,
)
from heat.engine.content import catalogue
from heat.engine.events import CardsRemoved, SponsorGained, SpunOut
from heat.engine.frozen import replace
from heat.engine.invariants import check_state
from heat.engine.rng import Rng
from heat.engine.view import view_of, views_of

MAX_ROUNDS = 300


def card_totals(race: Race, seat: int) -> Counter[str]:
    """Every card a car owns, wherever it is (hand, deck, discard, play area, Engine)."""
    car = race.cars[seat]
    ids = race.cards.ids
    totals: Counter[str] = Counter(ids[k] for k in car.hand + car.deck + car.discard + car.play)
    totals["heat"] += car.engine
    return totals


def check_invariants(race: Race, expected: list[Counter[str]], box_stress: int) -> None:
    """The engine's own invariants (``heat.engine.invariants.check_state``, which every loaded
    position must keep), and what only the history tells: every card in exactly one zone with
    totals changed only by rule events; gears 1-4; no spot holds two cars and every car on the
    track holds its own spot."""
    check_state(race.state)
    for seat, car in enumerate(race.cars):
        assert card_totals(race, seat) == +expected[seat], f"seat {seat} cards changed outside the rules"
        assert 1 <= car.gear <= 4
        assert car.engine >= 0
        if car.plan is not None:
            plan = Counter(car.plan)
            assert all(plan[k] <= car.hand.count(k) for k in plan), "a committed card left the hand"
    stress_in_cars = sum(card_totals(race, seat)["stress"] for seat in range(len(race.cars)))
    assert stress_in_cars + race.stress_reserve == box_stress
    spots = race.track.spots_per_space
    occupied = {slot: seat for slot, seat in enumerate(race.occupancy) if seat >= 0}
    on_track = [car for car in race.cars if car.on_track]
    assert len(occupied) == len(on_track), "a car is missing from the board or occupies two spots"
    for car in on_track:
        slot = race.space_of(car.pos) * spots + car.lane - 1
        assert occupied.get(slot) == car.seat
        assert 1 <= car.lane <= spots
    if race.phase == "turn":
        assert race.to_decide() == (race.order[race.turn_index],)
    assert race.is_over != bool(race.to_decide()), "the race must be over or someone must decide (L-2)"


MODULES: dict[str, dict[str, object]] = {
    "base": {},
    "garage": {"garage": "regular"},
    "garage-quick": {"garage": "all", "draft": False},
    "weather": {"weather": True},
    "legends": {"legends": 2},
    "all": {"garage": "all", "weather": True, "legends": 2, "pro_legends": 1},
}


def make_config(track: str, cars: int, seed: int, laps: int | None, modules: str) -> RaceConfig:
    options = dict(MODULES[modules])
    legends = min(int(options.pop("legends", 0)), cars - 1)
    return RaceConfig(default_seats(cars, legends=legends), track=track, laps=laps, seed=seed, **options)  # type: ignore[arg-type]


def play_checked(
    track: str,
    cars: int,
    seed: int,
    *,
    laps: int | None,
    legal_every: int = 0,
    modules: str = "base",
    config: RaceConfig | None = None,
) -> tuple[Race, list[Counter[str]]]:
    """Play one random race (of ``config`` if given), checking invariants after every decision;
    every ``legal_every`` decisions, check that every legal decision applies to a copy."""
    race = Race(config or make_config(track, cars, seed, laps, modules))
    rng = Rng(seed)
    count = 0
    while race.phase == "draft":  # the cars have no cards until they are built
        seat = race.to_decide()[0]
        legal = race.legal_decisions(seat)
        race.apply(seat, legal[rng.below(len(legal))])
    box_stress = race.stress_reserve + sum(card_totals(race, s)["stress"] for s in range(cars))
    expected = [card_totals(race, seat) for seat in range(cars)]
    check_invariants(race, expected, box_stress)
    seen_events = len(race.events())
    while not race.is_over:
        assert race.round <= MAX_ROUNDS, "the race does not end"
        seat = race.to_decide()[0]
        legal = race.legal_decisions(seat)
        assert legal, "a seat must decide but has no legal decision"
        if legal_every and count % legal_every == 0:
            for decision in legal:
                race.copy(record_events=False).apply(seat, decision)
        race.apply(seat, legal[rng.below(len(legal))])
        count += 1
        events = race.log or []  # unfiltered: a Sponsorship card gained is named
        for event in events[seen_events:]:
            if isinstance(event, SpunOut):
                expected[event.seat]["stress"] += event.stress
            elif isinstance(event, CardsRemoved):  # one-time cards leave the game (G-29)
                expected[event.seat].subtract(event.cards)
            elif isinstance(event, SponsorGained) and event.card is not None:  # from the race's deck (C-34)
                expected[event.seat][event.card] += 1
        seen_events = len(events)
        check_invariants(race, expected, box_stress)
    assert sorted(race.standings()) == list(range(cars))
    assert race.to_decide() == ()
    return race, expected


FAST = [(track, cars, seed) for track in track_ids() for cars in (1, 2, 4, 6) for seed in (1, 2)]
FAST_MODULES = [(track, modules) for track in track_ids() for modules in MODULES if modules != "base"]


@pytest.mark.parametrize(("track", "cars", "seed"), FAST)
def test_random_races_keep_every_invariant(track: str, cars: int, seed: int) -> None:
    race, _ = play_checked(track, cars, seed, laps=1, legal_every=7)
    replayed = replay(to_record(race))
    assert to_position(replayed) == to_position(race), "replaying the record gives another race"
    assert replayed.events() == race.events()


@pytest.mark.parametrize(("track", "modules"), FAST_MODULES)
def test_random_races_with_modules_keep_every_invariant(track: str, modules: str) -> None:
    race, _ = play_checked(track, 5, 3, laps=1, legal_every=5, modules=modules)
    replayed = replay(to_record(race))
    assert to_position(replayed) == to_position(race)
    assert replayed.events() == race.events()


@pytest.mark.parametrize("track", track_ids())
def test_full_length_race_on_each_track(track: str) -> None:
    race, _ = play_checked(track, 3, 11, laps=None)
    assert race.laps == race.track.laps


def test_same_seed_same_race_and_different_seed_different_race() -> None:
    first, _ = play_checked("italia", 4, 5, laps=1)
    second, _ = play_checked("italia", 4, 5, laps=1)
    other, _ = play_checked("italia", 4, 6, laps=1)
    assert to_record(first) == to_record(second)
    assert first.events() == second.events()
    assert to_position(other) != to_position(first)


def test_a_copy_is_independent_and_equal() -> None:
    race = Race(RaceConfig(default_seats(3), seed=4))
    copy = race.copy()
    assert to_position(copy) == to_position(race)
    seat = copy.to_decide()[0]
    copy.apply(seat, copy.legal_decisions(seat)[0])
    assert to_position(copy) != to_position(race)
    assert race.decisions == []


def test_a_position_round_trips_at_every_decision_point() -> None:
    race = Race(RaceConfig(default_seats(5), track="france", laps=1, seed=9))
    rng = Rng(3)
    while not race.is_over:
        data = to_position(race)
        again = from_position(data)
        assert to_position(again) == data
        for seat in race.to_decide():
            assert again.legal_decisions(seat) == race.legal_decisions(seat)
        seat = race.to_decide()[0]
        race.apply(seat, race.random_decision(seat, rng))


@pytest.mark.parametrize("modules", list(MODULES))
def test_random_decision_is_always_legal(modules: str) -> None:
    for seed in range(4):
        race = Race(make_config("great-britain", 6, seed, 1, modules), record_events=False)
        rng = Rng(seed)
        while not race.is_over:
            for seat in race.to_decide():
                decision = race.random_decision(seat, rng)
                assert decision in race.legal_decisions(seat)
                race.apply(seat, decision)


@pytest.mark.parametrize(("track", "legends"), [("usa", 1), ("great-britain", 6), ("france", 3)])
def test_a_race_of_only_legends_runs_to_its_end_when_built(track: str, legends: int) -> None:
    """Legends decide nothing (L-2): a race of Legends alone needs no decision, so building it
    plays it to the end; it never waits for a decision nobody can take."""
    race = Race(RaceConfig(default_seats(legends, legends=legends), track=track, laps=1, seed=legends))
    assert race.is_over and race.to_decide() == ()
    assert sorted(race.standings()) == list(range(legends))
    assert all(car.finished for car in race.cars)


@pytest.mark.parametrize("modules", ["base", "weather", "all"])
def test_random_decision_draws_every_legal_decision(modules: str) -> None:
    """At every decision point with a few legal decisions, ``random_decision`` draws each of
    them (and nothing else) over enough draws: rollouts sample the whole choice, not a part
    of it (e.g. every Slipstream length the weather allows, W-15, W-25)."""
    steps: Counter[str] = Counter()
    for seed in range(3):
        race = Race(make_config("great-britain", 4, seed, 1, modules), record_events=False)
        rng = Rng(seed)
        while not race.is_over:
            seat = race.to_decide()[0]
            legal = race.legal_decisions(seat)
            if 1 < len(legal) <= 8:
                drawn = {race.random_decision(seat, rng) for _ in range(60 * len(legal))}
                assert drawn == set(legal), f"{race.phase}/{race.step}: drew {drawn}, legal {legal}"
                steps[race.step if race.phase == "turn" else race.phase] += 1
            race.apply(seat, race.random_decision(seat, rng))
    assert steps["react"] and steps["discard"], steps  # the steps with a choice were checked


@pytest.mark.parametrize("modules", ["base", "all"])
def test_hidden_cards_of_others_never_change_a_view(modules: str) -> None:
    """Shuffle every other car's deck, swap cards between its hand and deck, and change the random
    state and the Legends deck order: the seat's view must not change."""
    race = Race(make_config("usa", 5, 21, 1, modules))
    rng = Rng(8)
    checked = 0
    while not race.is_over:
        data = to_position(race)
        for seat in range(len(race.cars)):
            if race.cars[seat].legend:
                continue
            original = from_position(data)  # every real position loads
            altered = _alter_hidden_cards(data, keep=seat, rng=rng)
            try:
                other = from_position(altered)
            except PositionError:
                continue  # the swap made the active car's step impossible (e.g. no Heat left to cool)
            assert view_of(other, seat) == view_of(original, seat)
            checked += 1
        mover = race.to_decide()[0]
        race.apply(mover, race.random_decision(mover, rng))
    assert checked > 100


@pytest.mark.parametrize("seed", range(4))
def test_views_built_together_are_each_seats_own_view(seed: int) -> None:
    """``views_of`` shares what every seat sees alike: each view is the one built alone, and a
    seat sees every car but its own exactly as a spectator does (no hand, plan or deck of another)."""
    race = Race(random_config(seed))
    rng = Rng(seed)
    while not race.is_over:
        viewers = [None, *range(len(race.cars))]
        together = views_of(race, viewers)
        spectator = together[0]
        for viewer, view in zip(viewers, together, strict=True):
            assert view == views_of(race, [viewer])[0] == view_of(race, viewer)
            for car, public in zip(view.cars, spectator.cars, strict=True):
                assert car == public or car.seat == viewer
                if car.seat != viewer:
                    assert car.hand is car.plan is car.deck_cards is car.discard_pile is None
        seat = race.to_decide()[0]
        race.apply(seat, race.random_decision(seat, rng))


def _alter_hidden_cards(data: dict, keep: int, rng: Rng) -> dict:
    altered = {**data, "rng": hex(rng.next64()), "cars": [dict(car) for car in data["cars"]]}
    if "legends" in data:
        deck = list(data["legends"]["deck"])
        rng.shuffle(deck)
        altered["legends"] = {**data["legends"], "deck": deck}
    if "draft" in data:
        pool = list(data["draft"]["pool"])
        rng.shuffle(pool)
        altered["draft"] = {**data["draft"], "pool": pool}
    for seat, car in enumerate(altered["cars"]):
        if seat == keep:
            continue
        hand, deck = list(car["hand"]), list(car["deck"])
        locked = list(car["plan"]["cards"]) if car.get("plan") else []
        free = list(hand)
        for card in locked:
            free.remove(card)
        pool = free + deck
        order = list(range(len(pool)))
        rng.shuffle(order)
        pool = [pool[i] for i in order]
        car["hand"] = locked + pool[: len(free)]
        car["deck"] = pool[len(free) :]
        if car.get("plan") is None and data["phase"] == "turn" and seat in data["order"][data["turn_index"] + 1 :]:
            play = list(car["play"])  # a face-down plan: its cards are hidden too
            mixed = play + car["deck"]
            order = list(range(len(mixed)))
            rng.shuffle(order)
            mixed = [mixed[i] for i in order]
            car["play"], car["deck"] = mixed[: len(play)], mixed[len(play) :]
    return altered


@pytest.mark.slow
@pytest.mark.parametrize("track", track_ids())
@pytest.mark.parametrize("cars", range(1, 7))
@pytest.mark.parametrize("modules", MODULES)
def test_long_sweep(track: str, cars: int, modules: str) -> None:
    for seed in range(20):
        laps = None if seed % 5 == 0 else 1
        race, _ = play_checked(track, cars, 1000 + seed, laps=laps, legal_every=4, modules=modules)
        assert to_position(replay(to_record(race))) == to_position(race)


@pytest.mark.parametrize("modules", ["base", "all"])
def test_play_random_plays_the_same_race_as_random_decision_then_apply(modules: str) -> None:
    checked = Race(make_config("france", 5, 4, 1, modules))
    trusted = Race(make_config("france", 5, 4, 1, modules))
    first, second = Rng(9), Rng(9)
    while not checked.is_over:
        seat = checked.to_decide()[0]
        decision = checked.random_decision(seat, first)
        checked.apply(seat, decision)
        assert trusted.play_random(seat, second) == decision
    assert to_position(trusted) == to_position(checked)


def random_config(seed: int) -> RaceConfig:
    """A race of random but accepted options: any number of cars and Legends, hand sizes 1 to
    12, every module, Championship bonuses and challenges, Sponsorship cards, handicaps."""
    rng = random.Random(seed)
    cars = rng.randint(1, 6)
    legends = rng.randint(0, cars - 1)
    sponsors = catalogue().deck("sponsor")
    seats = tuple(
        replace(
            seat,
            handicap=0 if seat.legend else rng.choice((0, 0, 1, 2)),
            sponsors=() if seat.legend else tuple(rng.sample(sponsors, rng.choice((0, 0, 1, 2)))),
        )
        for seat in default_seats(cars, legends=legends)
    )
    track_id = rng.choice(track_ids())
    corners = len(track(track_id).corners)
    garage = rng.choice((None, None, "regular", "advanced", "all"))
    return RaceConfig(
        seats,
        track=track_id,
        laps=1,
        seed=seed,
        hand_size=rng.choice((1, 2, 3, 4, 5, 6, 7, 7, 8, 12)),
        garage=garage,
        draft=rng.random() < 0.7,
        weather=rng.random() < 0.5,
        pro_legends=rng.choice((0, 0, 2, 10)) if legends else 0,
        aggressive_legends=rng.random() < 0.7,
        tournament=rng.random() < 0.3,
        starting_upgrades=rng.random() < 0.8,
        heat_bonus=rng.choice((-2, 0, 0, 1)),
        stress_bonus=rng.choice((-1, 0, 0, 1)),
        press_corners=tuple(sorted(rng.sample(range(1, corners + 1), rng.randint(0, 2)))),
        sponsor_deck=tuple(rng.sample(sponsors, 8)),
        first_lap_sponsors=rng.choice((0, 0, 1)),
        speed_sponsor=rng.choice((0, 0, 12)),
        pass_sponsor=rng.choice((0, 0, 2)),
        spin_out_eliminates=rng.random() < 0.2,
    )


@pytest.mark.parametrize("seed", range(16))
def test_random_options_keep_every_invariant(seed: int) -> None:
    """Any accepted options: the race keeps every invariant, ends, and replays from its record."""
    config = random_config(seed)
    race, _ = play_checked(config.track, len(config.seats), seed, laps=1, legal_every=9, config=config)
    replayed = replay(to_record(race))
    assert to_position(replayed) == to_position(race)
    assert replayed.events() == race.events()


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 400))
def test_many_random_options_keep_every_invariant(seed: int) -> None:
    config = random_config(seed)
    play_checked(config.track, len(config.seats), seed, laps=1, config=config)


def test_a_random_draft_is_the_pick_of_the_listed_drafts_by_the_same_draw():
    """``random_decision`` draws a draft (G-12) without listing every ``Draft``: the same
    decision as a draw among ``legal_decisions`` with the same generator, in every market."""
    race = Race(RaceConfig(default_seats(4), track="usa", laps=1, seed=11, garage="all"))
    rng = Rng(5)
    picks = 0
    while race.phase == "draft":
        seat = race.to_decide()[0]
        listed = race.legal_decisions(seat)
        expected = listed[rng.copy().below(len(listed))]
        drawn = race.random_decision(seat, rng)
        assert drawn == expected
        race.apply(seat, drawn)
        picks += 1
    assert picks == 12  # 4 players, 3 rounds (G-11)
