"""Whole Championship seasons between RandomBots and Legends, checked after every decision.

A :class:`Referee` drives a season with RandomBots and keeps its own ledger of what the rules
say must be true: each race's points (9-6-4-3-2-1 plus the event's bonuses, 0 when eliminated,
C-24, OQ-C-1), totals and GOAT totals (C-30, OQ-C-7), the Upgrade cards each player owns and
where they are (C-15 to C-17, C-22, C-44), the 35 Sponsorship cards (C-8, C-18, C-25, C-26,
C-33), the grid (C-13, OQ-C-8), and that saving and resuming at any point gives the same season.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest

from heat.bots import RandomBot
from heat.engine import (
    ConfigError,
    IllegalDecision,
    PositionError,
    Race,
    SeatConfig,
    content,
    default_seats,
    parse_decision,
    to_position,
)
from heat.engine.championship import (
    Season,
    SeasonConfig,
    event_book,
    replay_season,
    season_record,
    season_view,
)
from heat.engine.decisions import Draft, Keep, Swap
from heat.engine.mechanics import position_key
from heat.engine.rng import Rng

POINTS = (9, 6, 4, 3, 2, 1)  # OQ-C-1
TYPE = {card.id: card.type for card in content.catalogue().cards}
BECOMES = {card.id: card.becomes or card.id for card in content.catalogue().cards}
SPONSORS = Counter(content.catalogue().deck("sponsor"))
BASIC = Counter(dict(content.catalogue().basic_deck))


def upgrade_deck(garage: str) -> Counter[str]:
    names = ("regular", "advanced") if garage == "all" else (garage,)
    return Counter(card_id for name in names for card_id in content.catalogue().deck(name))


def names(season: Season, kinds: list[int]) -> list[str]:
    return [season.cards.ids[k] for k in kinds]


def car_cards(race: Race, seat: int) -> list[str]:
    """Every card of a car on the table: hand, draw deck, discard pile, play area."""
    car = race.cars[seat]
    ids = race.cards.ids
    return [ids[k] for k in (*car.hand, *car.deck, *car.discard, *car.play)]


def sponsors_of(cards: list[str]) -> Counter[str]:
    return Counter(c for c in cards if TYPE[c] == "sponsor")


def snapshot(season: Season) -> dict[str, Any]:
    """Everything about a season, to compare two seasons or check that nothing changed."""
    return {
        "record": json.dumps(season_record(season)),
        "view": season_view(season),
        "state": copy.deepcopy(season.state),
        "phase": season.phase,
        "race": to_position(season.race) if season.race is not None else None,
    }


# ------------------------------------------------------------------------------- the referee


class Referee:
    """Drives a season with RandomBots, checking the rules after every decision."""

    def __init__(self, config: SeasonConfig, *, bot_seed: int = 0) -> None:
        self.season = Season(config)
        self.config = config
        self.count = len(config.seats)
        self.players = [s for s, seat in enumerate(config.seats) if not seat.legend]
        self.bots = {s: RandomBot(bot_seed * 100 + s) for s in self.players}
        self.results: list[list[tuple[tuple[int, ...], tuple[int, ...]]]] = [[], [], []]
        """Per season of the run: (finishing order, points) of each race, scored by the referee."""
        self.decisions = 0
        self.races = 0
        self.kept: dict[int, str] = {}
        self.check_build_order()
        self.check_always()

    # -------------------------------------------------------------- driving

    def step(self) -> None:
        season = self.season
        seat = season.to_decide()[0]
        legal = season.legal_decisions(seat)
        assert legal, f"{season.phase}: seat {seat} must decide but has no legal decision"
        decision = self.bots[seat].choose(season_view(season), legal)
        phase, race, year = season.phase, season.race, season.state.year_index
        carried = copy.deepcopy(season.state.sponsors)
        owned = copy.deepcopy(season.state.upgrades)
        season.apply(seat, decision)
        self.decisions += 1
        if phase == "race":
            assert race is not None
            if race.is_over:
                assert season.state.year_index == year
                self.check_race_scored(race, year)
            else:
                assert season.race is race
        elif phase == "build":
            assert isinstance(decision, Draft)
            assert Counter(names(season, season.state.upgrades[seat])) == Counter(
                [*names(season, owned[seat]), decision.card]
            )
        elif phase == "swap":
            assert isinstance(decision, Swap)
            self.check_swap(seat, decision, owned[seat])
            self.check_race_start(carried)
        elif phase == "keep":
            assert isinstance(decision, Keep)
            assert names(season, season.state.upgrades[seat]) == [decision.card]  # C-44
            assert decision.card in names(season, owned[seat])
            self.kept[seat] = decision.card
            if season.phase == "build":  # the next season
                assert season.state.year_index == year + 1
                assert season.state.results == []
                assert sorted(season.state.grid) == list(range(self.count))  # OQ-C-8: random
                self.check_build_order()
        self.check_always()

    def run(self, stop: int | None = None) -> None:
        while not self.season.is_over and (stop is None or self.decisions < stop):
            self.step()
        if self.season.is_over:
            self.check_over()

    # -------------------------------------------------------------- checks

    def check_build_order(self) -> None:
        """C-15: players + 3 cards; picks from the last player on the grid up, Legends ignored;
        one more Upgrade card per race (plus the card kept in a GOAT, C-44)."""
        state = self.season.state
        assert self.season.phase == "build"
        grid_players = [s for s in state.grid if s in self.players]
        assert state.pick_order == grid_players[::-1]
        assert state.pick_index == 0
        assert len(state.market) == len(self.players) + 3
        extra = 1 if self.config.season == "goat" and state.year_index > 0 else 0
        for seat in self.players:
            assert len(state.upgrades[seat]) == state.race_index + extra
            if extra and state.race_index == 0:  # (later, C-16 may swap the kept card away)
                assert names(self.season, state.upgrades[seat]) == [self.kept[seat]]

    def check_swap(self, seat: int, decision: Swap, owned: list[int]) -> None:
        """C-16: only the last player on the grid; one card for one leftover; C-17, OQ-C-10."""
        season = self.season
        grid_players = [s for s in season.state.grid if s in self.players]
        assert seat == grid_players[-1]
        now = Counter(names(season, season.state.upgrades[seat]))
        before = Counter(names(season, owned))
        if decision.give is None:
            assert now == before
        else:
            assert now == before - Counter([decision.give]) + Counter([decision.take])
        assert season.state.market == []

    def check_race_start(self, carried: list[list[int]]) -> None:
        """C-12 to C-23: the race of the event, with each car built from what its player owns."""
        season = self.season
        race = season.race
        assert race is not None
        assert season.phase == "race"
        assert (race.phase, race.round) == ("plan", 1)
        state = season.state
        event = season.event()
        if season.year != "custom":
            assert (event.season, event.race) == (int(season.year), state.race_index + 1)  # C-3, C-12
        board = content.track(event.track)
        config = race.config
        assert race.track.id == event.track
        assert race.laps == board.laps + event.laps
        assert race.hand_size == (event.hand_size or 7)
        assert (config.heat_bonus, config.stress_bonus) == (event.heat, event.stress)
        assert config.weather  # C-2: every module
        assert not config.starting_upgrades  # C-5
        assert config.tournament == self.config.tournament
        assert config.pro_legends == self.config.pro_legends
        assert config.grid == tuple(state.grid)
        press = tuple(c.number for c in board.corners if set(c.press_letters) & set(event.press))
        assert config.press_corners == press  # C-19
        cars = race.cars
        by_position = sorted(range(self.count), key=lambda s: position_key(race.state, cars[s]), reverse=True)
        assert by_position == list(state.grid)  # pole position first (C-13)
        for seat in range(self.count):
            car = cars[seat]
            cards = car_cards(race, seat)
            if seat not in self.players:
                assert car.legend
                assert cards == []
                continue
            owned = names(season, state.upgrades[seat])
            assert Counter(race.cards.names(car.upgrades)) == Counter(owned)
            # C-22: every owned Upgrade card is among the car's cards (extra-heat as a Heat card).
            in_car = Counter(c for c in cards if TYPE[c] == "upgrade")
            assert in_car == Counter(BECOMES[c] for c in owned if TYPE[BECOMES[c]] == "upgrade")
            assert Counter(c for c in cards if TYPE[c] == "basic") == BASIC
            # C-18, C-22, C-23: the kept Sponsorship cards and the dealt ones; the dealt are in hand.
            kept = Counter(names(season, carried[seat]))
            mine = sponsors_of(cards)
            assert mine & kept == kept
            assert (mine - kept).total() == event.sponsors
            assert sponsors_of([race.cards.ids[k] for k in car.hand]).total() >= event.sponsors
            assert len(car.hand) == max(race.hand_size, event.sponsors)  # OQ-C-11
            assert state.sponsors[seat] == []  # they are in the race now

    def check_race_scored(self, race: Race, year: int) -> None:
        """C-24, OQ-C-1: 9-6-4-3-2-1 plus the event's bonuses; eliminated cars score 0."""
        season = self.season
        result = season.state.results[-1]
        assert len(season.state.results) == len(self.results[year]) + 1
        event = event_book().events[result.event]
        order = tuple(race.standings())
        assert sorted(order) == list(range(self.count))
        assert result.order == order
        assert result.eliminated == tuple(race.eliminated)
        expected = [0] * self.count
        for place, seat in enumerate(order):
            if seat in race.eliminated:
                continue
            score = POINTS[place] if place < len(POINTS) else 0
            score += event.winner_bonus if place == 0 else 0
            score += event.top3_bonus if place < 3 else 0
            expected[seat] = score
        assert list(result.points) == expected
        self.results[year].append((order, tuple(expected)))
        self.races += 1
        if season.phase == "build":
            # C-25, C-33: each player keeps the unused Sponsorship cards for the next race.
            for seat in self.players:
                assert Counter(names(season, season.state.sponsors[seat])) == sponsors_of(car_cards(race, seat))
            self.check_grid(year)
            self.check_build_order()
        else:
            assert season.phase in ("keep", "over")
            assert all(cards == [] for cards in season.state.sponsors)  # C-33: worthless now

    def check_grid(self, year: int) -> None:
        """C-13: by this season's points, ties to the better place in the previous race."""
        this = self.results[year]
        points = [sum(p[seat] for _, p in this) for seat in range(self.count)]
        last = this[-1][0]
        assert self.season.state.grid == sorted(range(self.count), key=lambda s: (-points[s], last.index(s)))

    def check_always(self) -> None:
        season = self.season
        state = season.state
        count = self.count
        year = state.year_index

        def sums(races: list[tuple[tuple[int, ...], tuple[int, ...]]]) -> list[int]:
            return [sum(p[s] for _, p in races) for s in range(count)]

        # Points: each race as scored by the referee; totals = the sum of the races (C-24),
        # and in a GOAT the sum over its seasons (OQ-C-7).
        current = self.results[year]
        assert [tuple(r.points) for r in state.results] == [p for _, p in current]
        assert [list(x) for x in state.past_seasons] == [sums(self.results[y]) for y in range(year)]
        totals = [sum(column) for column in zip(*(sums(self.results[y]) for y in range(year + 1)), strict=True)]
        assert season.totals() == totals
        assert season.season_points() == sums(current)
        if current:  # C-30: ties go to the better place in the last race
            last = current[-1][0]
            assert season.standings() == sorted(range(count), key=lambda s: (-totals[s], last.index(s)))
        # Upgrade cards: Legends own none; the deck, the market and the players' cards make up the
        # whole chosen Upgrade deck (C-9, C-17, OQ-C-10, C-44).
        assert all(state.upgrades[s] == [] for s in range(count) if s not in self.players)
        everywhere = Counter(names(season, state.upgrade_deck + state.market))
        for owned in state.upgrades:
            everywhere.update(names(season, owned))
        assert everywhere == upgrade_deck(self.config.garage)
        # Sponsorship cards: 35 = season deck + carried + the race's deck, used pile and cars (C-1).
        sponsors = Counter(names(season, state.sponsor_deck))
        for carried in state.sponsors:
            sponsors.update(names(season, carried))
        race = season.race
        if race is not None:
            sponsors.update(race.cards.names(race.sponsor_deck))
            sponsors.update(race.cards.names(race.sponsor_used))
            for seat in range(count):
                sponsors.update(sponsors_of(car_cards(race, seat)))
            assert state.sponsor_deck == []
            assert all(carried == [] for carried in state.sponsors)
            for seat in self.players:
                owned_now = Counter(names(season, state.upgrades[seat]))
                assert Counter(race.cards.names(race.cars[seat].upgrades)) == owned_now
        assert sponsors == SPONSORS
        assert sponsors.total() == 35

    def check_over(self) -> None:
        season = self.season
        state = season.state
        assert season.phase == "over"
        assert season.to_decide() == ()
        assert season.legal_decisions(self.players[0]) == []
        assert len(state.past_seasons) == (2 if self.config.season == "goat" else 0)
        races = {"1961": 3, "1962": 3, "1963": 4, "custom": 4, "goat": 10}[self.config.season]
        assert self.races == races
        assert all(carried == [] for carried in state.sponsors)  # C-33
        assert Counter(names(season, state.sponsor_deck)) == SPONSORS
        view = season_view(season)
        assert view.sponsor_cards == (0,) * self.count
        assert view.totals == tuple(season.totals())
        assert view.standings == tuple(season.standings())
        for seat in self.players:
            assert len(state.upgrades[seat]) == (1 + 4 if self.config.season == "goat" else races)


# ------------------------------------------------------------------------------- whole seasons


def test_a_1963_season_between_random_bots_and_legends_keeps_every_rule():
    referee = Referee(SeasonConfig(default_seats(5, legends=2), season="1963", seed=11))
    referee.run()
    assert referee.races == 4
    assert referee.decisions > 200
    season = referee.season
    champion = season.standings()[0]
    totals = season.totals()
    assert totals[champion] == max(totals)


def test_a_goat_run_keeps_every_rule_and_sums_the_seasons():
    referee = Referee(SeasonConfig(default_seats(4, legends=1), season="goat", garage="regular", seed=5), bot_seed=2)
    referee.run()
    season = referee.season
    assert [len(races) for races in referee.results] == [3, 3, 4]
    assert len(season.state.past_seasons) == 2
    totals = season.totals()
    assert totals == [sum(p[s] for races in referee.results for _, p in races) for s in range(len(season.config.seats))]
    assert totals == [sum(x) for x in zip(*season.state.past_seasons, season.season_points(), strict=True)]


def test_a_goat_run_with_six_players_does_not_run_out_of_upgrade_cards():
    """C-44 with C-9: the Upgrade cards not kept go back into the deck for the next season, so
    six players can play the whole GOAT with the 34 Regular cards (it used to get stuck with an
    empty market in 1962)."""
    referee = Referee(SeasonConfig(default_seats(6), season="goat", garage="regular", seed=1), bot_seed=1)
    referee.run()
    assert referee.races == 10


@pytest.mark.parametrize("legends", [0, 2])
def test_a_season_of_one_player_is_played_to_the_end(legends):
    """A championship has 1 to 6 cars: one player alone, or solo against Legends, is a season."""
    referee = Referee(SeasonConfig(default_seats(1 + legends, legends=legends), season="1961", seed=4), bot_seed=1)
    referee.run()
    season = referee.season
    assert referee.races == 3 and season.is_over
    assert len(season.totals()) == 1 + legends
    assert [len(points) for _, points in referee.results[0]] == [1 + legends] * 3


def test_a_tournament_season_with_pro_legends():
    config = SeasonConfig(default_seats(4, legends=2), season="1961", seed=8, tournament=True, pro_legends=2)
    referee = Referee(config, bot_seed=3)
    referee.run()
    assert referee.races == 3


@pytest.mark.parametrize(
    ("kind", "cars", "legends", "garage", "seed"),
    [
        ("1961", 3, 1, "all", 1),
        ("1962", 6, 2, "advanced", 2),
        ("1963", 6, 0, "regular", 3),
        ("custom", 4, 1, "all", 4),
        ("goat", 5, 2, "all", 5),
        ("goat", 2, 0, "advanced", 6),
        ("1963", 1, 0, "regular", 7),
    ],
)
@pytest.mark.slow
def test_random_seasons_keep_every_rule(kind, cars, legends, garage, seed):
    for bot_seed in range(3):
        tournament = bot_seed == 1
        config = SeasonConfig(
            default_seats(cars, legends=legends), season=kind, garage=garage, seed=seed, tournament=tournament
        )
        referee = Referee(config, bot_seed=bot_seed)
        referee.run()
        resumed = replay_season(json.loads(json.dumps(season_record(referee.season))))
        assert snapshot(resumed) == snapshot(referee.season)


# ------------------------------------------------------------------------------- save and resume


def assert_resumes_identically(season: Season) -> None:
    """Save ``season`` (through JSON, as in a file), resume it, and compare everything."""
    resumed = replay_season(json.loads(json.dumps(season_record(season))))
    assert season_view(resumed) == season_view(season)
    assert resumed.state == season.state
    assert resumed.phase == season.phase
    assert (resumed.race is None) == (season.race is None)
    if season.race is not None and resumed.race is not None:
        assert to_position(resumed.race) == to_position(season.race)
        assert resumed.race.events() == season.race.events()
    assert resumed.to_decide() == season.to_decide()
    for seat in season.to_decide():
        assert resumed.legal_decisions(seat) == season.legal_decisions(seat)


def test_saving_and_resuming_at_any_point_gives_the_same_season():
    referee = Referee(SeasonConfig(default_seats(4, legends=1), season="1963", seed=3), bot_seed=4)
    rng = Rng(99)
    phases: Counter[str] = Counter()
    assert_resumes_identically(referee.season)
    while not referee.season.is_over:
        referee.step()
        season = referee.season
        if rng.below(60) == 0 or season.phase in ("build", "swap") or (season.race and season.race.round == 1):
            assert_resumes_identically(season)
            phases[season.phase] += 1
    assert_resumes_identically(referee.season)
    assert phases["race"] > 20
    assert phases["build"] == 4 * 2 + 3  # 2 of the 3 picks of each race, and the end of races 1-3
    assert phases["swap"] == 4


def test_saving_and_resuming_a_goat_between_seasons_gives_the_same_run():
    referee = Referee(SeasonConfig(default_seats(3, legends=1), season="goat", seed=8), bot_seed=5)
    checked: Counter[str] = Counter()
    while not referee.season.is_over:
        before = referee.season.phase
        referee.step()
        season = referee.season
        if season.phase in ("keep", "swap") or before == "keep":
            assert_resumes_identically(season)
            checked[season.phase] += 1
    assert_resumes_identically(referee.season)
    assert checked["keep"] == 4  # after 1961 and 1962, and after the first of two players keeps
    assert checked["build"] == 2  # the first build of 1962 and 1963


def test_a_resumed_season_goes_on_exactly_like_the_original():
    referee = Referee(SeasonConfig(default_seats(3, legends=1), season="1961", seed=21), bot_seed=1)
    referee.run()
    original = referee.season
    entries = season_record(original)["decisions"]
    for cut in (0, 1, 3, len(entries) // 3, len(entries) // 2, len(entries) - 1):
        record = {**season_record(original), "decisions": entries[:cut]}
        resumed = replay_season(record)
        for entry in entries[cut:]:
            resumed.apply(entry["seat"], parse_decision(entry["decision"]))
        assert resumed.is_over
        assert snapshot(resumed) == snapshot(original)


# ------------------------------------------------------------------------------- bad input


def _to_phase(season: Season, phase: str, bots: dict[int, RandomBot] | None = None) -> None:
    bots = bots or {s: RandomBot(s) for s in range(len(season.config.seats))}
    while season.phase != phase:
        assert not season.is_over
        seat = season.to_decide()[0]
        season.apply(seat, bots[seat].choose(season_view(season), season.legal_decisions(seat)))


def refused(season: Season, seat: int, text: str) -> str:
    before = snapshot(season)
    with pytest.raises(IllegalDecision) as error:
        season.apply(seat, parse_decision(text))
    assert snapshot(season) == before
    return str(error.value)


def test_drafting_out_of_turn_or_a_card_not_in_the_market_is_refused():
    season = Season(SeasonConfig(default_seats(3, legends=1), season="1961", seed=2))
    picker = season.to_decide()[0]
    other = next(s for s in range(2) if s != picker)
    market = sorted(names(season, season.state.market))
    message = refused(season, other, f"draft {market[0]}")
    assert f"it is not {season.config.seats[other].name}'s decision" in message
    assert f"waiting for {season.config.seats[picker].name}" in message
    assert "it is not Green's decision" in refused(season, 2, f"draft {market[0]}")  # a Legend never drafts
    missing = next(c for c in sorted(upgrade_deck("all")) if c not in market)
    assert f"{missing!r} is not in the market" in refused(season, picker, f"draft {missing}")
    assert "build your car" in refused(season, picker, "no swap")
    assert "C-15" in refused(season, picker, f"keep {market[0]}")
    season.apply(picker, parse_decision(f"draft {market[0]}"))
    assert names(season, season.state.upgrades[picker]) == [market[0]]
    assert "it is not" in refused(season, picker, f"draft {market[1]}")  # one card each


def test_the_swap_is_only_for_the_last_player_and_only_owned_for_leftover():
    season = Season(SeasonConfig(default_seats(3), season="1961", seed=3))
    _to_phase(season, "swap")
    last = season.to_decide()[0]
    assert last == season.state.grid[-1]  # C-16: the last player on the grid
    owned = names(season, season.state.upgrades[last])[0]
    leftover = names(season, season.state.market)[0]
    other_owner = next(s for s in range(3) if s != last)
    theirs = names(season, season.state.upgrades[other_owner])[0]
    assert "it is not" in refused(season, other_owner, "no swap")
    assert "is not one of your Upgrade cards" in refused(season, last, f"swap {theirs} for {leftover}")
    assert "is not a leftover in the market" in refused(season, last, f"swap {owned} for {theirs}")
    assert "(C-16)" in refused(season, last, f"draft {leftover}")
    deck_before = len(season.state.upgrade_deck)
    season.apply(last, parse_decision(f"swap {owned} for {leftover}"))
    assert names(season, season.state.upgrades[last]) == [leftover]
    assert season.phase == "race"
    assert len(season.state.upgrade_deck) == deck_before + 3  # leftovers + the card given up (OQ-C-10)
    assert owned in names(season, season.state.upgrade_deck)


def test_keeping_a_second_upgrade_card_is_refused():
    season = Season(SeasonConfig(default_seats(3, legends=1), season="goat", garage="regular", seed=7))
    _to_phase(season, "keep")
    assert season.year == "1961"
    first = season.to_decide()[0]
    other = next(s for s in (0, 1) if s != first)
    cards = names(season, season.state.upgrades[first])
    assert len(cards) == 3
    assert [d.text() for d in season.legal_decisions(first)] == [f"keep {c}" for c in sorted(set(cards))]
    assert "it is not" in refused(season, other, f"keep {names(season, season.state.upgrades[other])[0]}")
    foreign = next(c for c in sorted(upgrade_deck("regular")) if c not in cards)
    assert "you can keep only one of your own Upgrade cards" in refused(season, first, f"keep {foreign}")
    assert "C-44" in refused(season, first, "no swap")
    season.apply(first, parse_decision(f"keep {cards[0]}"))
    assert names(season, season.state.upgrades[first]) == [cards[0]]
    message = refused(season, first, f"keep {cards[1]}")  # a second Keep after the first
    assert f"it is not {season.config.seats[first].name}'s decision" in message
    assert season.to_decide() == (other,)
    season.apply(other, season.legal_decisions(other)[-1])
    assert (season.phase, season.year) == ("build", "1962")
    assert names(season, season.state.upgrades[first]) == [cards[0]]
    refused(season, first, f"keep {cards[0]}")  # no more keeping in the next season


def test_no_decision_after_the_season_is_over():
    referee = Referee(SeasonConfig(default_seats(2), season="1961", seed=1))
    referee.run()
    season = referee.season
    assert "the season is over" in refused(season, 0, "no swap")


def _record() -> dict[str, Any]:
    season = Season(SeasonConfig(default_seats(3, legends=1), season="1962", seed=4))
    for _ in range(5):
        seat = season.to_decide()[0]
        season.apply(seat, season.legal_decisions(seat)[0])
    return json.loads(json.dumps(season_record(season)))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: {**r, "rules_version": "0"}, "made with rules version '0'"),
        (lambda r: {**r, "rules_version": None}, "rules_version"),
        (lambda r: {**r, "format": "heat-record"}, "format: expected 'heat-season'"),
        (lambda r: [r], "must be a JSON object"),
        (lambda r: "season", "must be a JSON object"),
        (lambda r: {**r, "config": None}, "config: expected an object"),
        (lambda r: {**r, "config": {**r["config"], "season": "1964"}}, "config: the season is one of"),
        (
            lambda r: {**r, "config": {**r["config"], "seed": "x"}},
            "config.seed: expected an integer, got the string 'x'",
        ),
        (lambda r: {**r, "config": {**r["config"], "seats": "red"}}, "config.seats: expected a list"),
        (lambda r: {**r, "config": {**r["config"], "seats": [{"name": 1}]}}, "config.seats[0]"),
        (lambda r: {**r, "decisions": "all"}, "decisions: expected a list"),
        (
            lambda r: {**r, "decisions": [*r["decisions"], {"seat": 0}]},
            "decisions[5].decision: expected a decision text, got null",
        ),
        (lambda r: {**r, "decisions": [*r["decisions"], {"seat": 0, "decision": "fly"}]}, "decisions[5] ('fly')"),
        (
            lambda r: {**r, "decisions": [{"seat": 0, "decision": "draft nonsense-card"}, *r["decisions"]]},
            "decisions[0] ('draft nonsense-card')",
        ),
        (lambda r: {**r, "decisions": r["decisions"][1:]}, "decisions[0]"),
    ],
)
def test_resuming_a_corrupt_or_wrong_version_save_is_a_clear_error(change, message):
    with pytest.raises(PositionError) as error:
        replay_season(change(_record()))
    assert message in str(error.value)


def test_a_good_record_replays():
    record = _record()
    season = replay_season(record)
    assert len(season.decisions) == 5
    assert season_record(season) == record


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (SeasonConfig(default_seats(2), season="1964"), "the season is one of 1961, 1962, 1963, custom, goat"),
        (SeasonConfig(default_seats(2), season="GOAT"), "not 'GOAT'"),
        (SeasonConfig(()), "1 to 6 cars"),
        (SeasonConfig(default_seats(2, legends=2)), "at least one player who is not a Legend"),
        (SeasonConfig((SeatConfig("A", "red"), SeatConfig("B", "red"))), "each car needs its own colour"),
        (SeasonConfig((SeatConfig("A", "red"), SeatConfig("B", "pink"))), "unknown colour 'pink'; colours are: red,"),
        (SeasonConfig(default_seats(2), garage="starting"), "(C-9)"),
        (SeasonConfig(default_seats(2), pro_legends=11), "Pro Legends add 0 to 10 to the Top Speed, not 11 (L-17)"),
        (SeasonConfig(tuple(SeatConfig(f"P{i}", c) for i, c in enumerate([*"abcdefg"]))), "1 to 6 cars"),
    ],
)
def test_a_bad_season_config_is_a_config_error(config, message):
    with pytest.raises(ConfigError) as error:
        Season(config)
    assert message in str(error.value)


@pytest.mark.parametrize(
    "seat",
    [
        "red",
        {"color": "red"},
        {"name": 1, "color": "red"},
        {"name": "Ann", "color": None},
        {"name": "Ann", "color": "red", "legend": "yes"},
    ],
)
def test_a_season_config_reads_its_seats_with_the_checks_of_a_race_config(seat):
    """One set of typed checks (heat.engine.config.read_config) reads both configs: a seat the
    one refuses, the other refuses in the same words."""
    from heat.engine import RaceConfig

    with pytest.raises(PositionError) as race_error:
        RaceConfig.from_json({"seats": [seat]})
    with pytest.raises(PositionError) as season_error:
        SeasonConfig.from_json({"seats": [seat]})
    assert str(season_error.value) == str(race_error.value)
    assert str(race_error.value).startswith("config.seats[0]")
