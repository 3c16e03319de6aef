"""Issue 28, section 2: what a hostile file or option gave the engine, and what it now says.

A position must keep the invariants every real race keeps (``heat.engine.invariants``) or be
refused naming the first broken one; a value of the wrong JSON type is refused saying which
type was expected (a boolean is no number, a float no integer, a number no card id); a name
with control characters, or too long, is refused wherever a name enters."""

from __future__ import annotations

import copy
import unicodedata
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from heat.cli.main import main
from heat.engine import (
    MAX_NAME_LENGTH,
    ConfigError,
    HeatError,
    Plan,
    PositionError,
    Race,
    RaceConfig,
    SeatConfig,
    default_seats,
    from_position,
    name_problem,
    parse_decision,
    replay,
    to_position,
    to_record,
)
from heat.engine.championship import Season, SeasonConfig, replay_season, season_record
from heat.engine.decisions import MAX_DIGITS
from heat.engine.errors import described
from heat.engine.frozen import replace
from heat.engine.invariants import check_state
from heat.engine.rng import Rng


def race_at_round(round_number: int, **options: Any) -> Race:
    """A 2-car race played at random to the plan phase of ``round_number``."""
    race = Race(RaceConfig(default_seats(2), seed=4, **options))
    rng = Rng(4)
    while race.phase == "draft" or race.round < round_number:
        seat = race.to_decide()[0]
        race.apply(seat, race.random_decision(seat, rng))
    return race


def position_at(round_number: int = 3, **options: Any) -> dict[str, Any]:
    return to_position(race_at_round(round_number, **options))


def refused(data: Any) -> str:
    with pytest.raises(PositionError) as error:
        from_position(data)
    return str(error.value)


# ---------------------------------------------------------------------- card totals


def test_a_hand_of_fourteen_cards_is_refused():
    data = position_at()
    red = data["cars"][0]
    red["hand"] += red["deck"][:7]
    red["deck"] = red["deck"][7:]
    drawn = sum(card != "stress" for card in red["hand"])
    assert (
        refused(data)
        == f"cars[0].hand: {drawn} cards besides Stress and Sponsorship cards; a hand is drawn up to 7 (B-9.2)"
    )


def test_fifty_extra_heat_cards_are_refused():
    data = position_at()
    data["cars"][1]["engine"] += 50
    assert refused(data).startswith("cars[1]: 5")
    assert "Heat cards (Engine and piles); a car has at most 9 on USA (B-10.6)" in refused(data)


def test_the_hand_duplicated_into_the_discard_pile_is_refused():
    data = position_at()
    red = data["cars"][0]
    red["discard"] += red["hand"]
    message = refused(data)
    assert message.startswith("cars[0]: ") and ("(B-10.3)" in message or "(B-17)" in message or "(B-10.6)" in message)


@pytest.mark.parametrize("pile", ["hand", "deck", "discard"])
def test_upgrade_cards_in_a_race_without_the_garage_are_refused(pile: str):
    data = position_at()
    data["cars"][0][pile].append("turbo-7")
    assert refused(data) == (
        "cars[0]: holds 1 Upgrade card(s) 'turbo-7', but its 'upgrades' does not list it "
        "(Upgrade cards come only with the Garage, G-11)"
    )


def test_a_garage_car_holds_its_own_upgrades_but_no_starting_upgrade():
    data = position_at(garage="regular")
    assert from_position(data)  # the real position loads
    red = data["cars"][0]
    red["deck"].append("5")
    assert refused(data) == "cars[0]: a car built with Upgrade cards has no Starting Upgrade, not '5' (G-3, C-5)"
    red["deck"].remove("5")
    red["upgrades"] = ["0"]
    assert refused(data) == "cars[0].upgrades: '0' is not an Upgrade card (G-1)"


def test_more_copies_of_an_upgrade_than_the_box_holds_are_refused():
    data = position_at(garage="regular")
    for car in data["cars"]:
        car["upgrades"] = [*car["upgrades"], "turbo-7", "turbo-7"]
    assert refused(data).startswith("4 cards 'turbo-7' in the race; the box holds 2")


def test_more_stress_than_the_box_holds_is_refused():
    data = position_at()
    data["stress_reserve"] = 40
    assert refused(data).startswith("stress_reserve: ")
    assert "the box holds 37 (OQ-B-18)" in refused(data)


def test_every_position_a_real_race_reaches_keeps_the_invariants():
    """The invariants hold at every step of random races (tests/test_random_races.py checks
    them after every decision): here the loader is shown to take what a race writes."""
    for options in ({}, {"garage": "all", "weather": True}, {"weather": True}):
        race = Race(RaceConfig(default_seats(4, legends=1), track="italia", laps=1, seed=8, **options))
        rng = Rng(8)
        while not race.is_over:
            check_state(race.state)
            assert to_position(from_position(to_position(race))) == to_position(race)
            seat = race.to_decide()[0]
            race.apply(seat, race.random_decision(seat, rng))


def test_a_rule_scenario_may_leave_out_the_card_checks_but_not_the_rest():
    """tests/scenario.py gives a car five 4s to isolate a rule; a file never can."""
    data = position_at()
    data["cars"][0]["hand"] = ["4"] * 5
    assert "(B-10.3)" in refused(data)
    assert from_position(data, check_cards=False).cars[0].hand
    data["cars"][0]["gear"] = 5
    with pytest.raises(PositionError, match=r"cars\[0\].gear: must be between 1 and 4"):
        from_position(data, check_cards=False)


# ---------------------------------------------------------------------- types


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(laps=True), "laps: expected an integer, got true"),
        (lambda d: d.update(laps="1"), "laps: expected an integer, got the string '1'"),
        (lambda d: d.update(laps=1.0), "laps: expected an integer, got the number 1.0"),
        (lambda d: d.update(rng=1.5), "rng: expected the random state, an integer 0 to 2^64 - 1 or a hex string, got "),
        (lambda d: d.update(rng=2**64), "rng: expected the random state"),
        (lambda d: d.update(rng=-1), "rng: expected the random state"),
        (lambda d: d.update(rng=True), "rng: expected the random state"),
        (lambda d: d.update(rng="0x" + "f" * 5000), "rng: expected the random state"),
        (lambda d: d.update(rng="9" * 5000), "rng: expected the random state"),
        (
            lambda d: d["cars"][0].update(hand=[1, 2]),
            "cars[0].hand[0]: expected a card id (a string), got the number 1",
        ),
        (lambda d: d["cars"][0].update(gear=True), "cars[0].gear: expected an integer, got true"),
        (lambda d: d["cars"][0].update(on_track=1), "cars[0].on_track: expected true or false, got the number 1"),
        (lambda d: d.update(hall_of_fame=[True]), "hall_of_fame: expected a list of seat numbers 0..1, got a list"),
        (lambda d: d.update(rules_version=3), "rules_version: expected a version string such as '3', got the number 3"),
        (
            lambda d: d.update(rules_version="2"),
            "rules_version: this position was made with rules version '2'; this engine plays version '3'",
        ),
        (lambda d: d["cars"][0].update(space=10**5000), "cars[0].space: must be between 1 and 69, got a number of"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_saying_what_was_expected(change, message):
    """Issue 28: booleans were read as numbers ("laps": true was 1 lap), "rng": 1.5 and a card
    id given as a number were accepted, and "laps": "1" said "not 1"."""
    data = position_at(round_number=1)
    change(data)
    assert refused(data).startswith(message)


def test_the_rng_may_be_a_hex_string_or_an_integer():
    data = position_at(round_number=1)
    state = int(data["rng"], 16)
    assert to_position(from_position({**data, "rng": state}))["rng"] == data["rng"]
    assert to_position(from_position({**data, "rng": str(state)}))["rng"] == data["rng"]


RECORD_CHANGES = [
    (lambda r: r["decisions"][0].update(seat=True), "decisions[0].seat: expected a seat number, got true"),
    (lambda r: r["decisions"][0].update(seat=10**5000), "decisions[0] ('"),
    (
        lambda r: r["decisions"][0].update(decision=7),
        "decisions[0].decision: expected a decision text, got the number 7",
    ),
    (
        lambda r: r["decisions"][0].update(decision="gear " + "9" * 5000),
        "decisions[0] ('gear 99999999999999999999999",
    ),
    (lambda r: r["config"].update(laps=True), "config.laps: expected an integer or null, got true"),
    (lambda r: r["config"].update(laps="1"), "config.laps: expected an integer or null, got the string '1'"),
    (lambda r: r["config"].update(seed=1.5), "config.seed: expected an integer, got the number 1.5"),
    (lambda r: r["config"].update(seed=10**30), "config: the seed is a 64-bit number"),
    (lambda r: r["config"].update(grid=[True, False]), "config.grid[0]: expected an integer, got true"),
    (lambda r: r["config"].update(heat_bonus=50), "config: a Championship event adds at most 1 Heat and 1 Stress"),
    (
        lambda r: r["config"]["seats"][0].update(handicap=True),
        "config.seats[0].handicap: expected an integer, got true",
    ),
    (
        lambda r: r["config"]["seats"][0].update(upgrades=[1]),
        "config.seats[0].upgrades[0]: expected a string, got the number 1",
    ),
    (lambda r: r["config"]["seats"][0].update(deck="x"), "config.seats[0].deck: expected a list, got the string 'x'"),
    (lambda r: r.update(rules_version=3), "rules_version: expected a version string such as '3', got the number 3"),
]


@pytest.mark.parametrize(("change", "message"), RECORD_CHANGES)
def test_a_record_value_of_the_wrong_type_is_refused_saying_what_was_expected(change, message):
    race = race_at_round(2)
    record = to_record(race)
    change(record)
    with pytest.raises(PositionError) as error:
        replay(record)
    assert str(error.value).startswith(message)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["decisions"][0].update(seat=False), "decisions[0].seat: expected a seat number, got false"),
        (lambda r: r["config"].update(seed=True), "config.seed: expected an integer, got true"),
        (lambda r: r["config"].update(tournament=0), "config.tournament: expected true or false, got the number 0"),
        (lambda r: r["config"]["seats"][0].update(legend=1), "config.seats[0].legend: expected true or false"),
        (lambda r: r["config"]["seats"][0].update(name=["Ann"]), "config.seats[0].name: expected a string, got a list"),
        (lambda r: r.update(rules_version=3.0), "rules_version: expected a version string such as '3', got the number"),
    ],
)
def test_a_season_value_of_the_wrong_type_is_refused_saying_what_was_expected(change, message):
    season = Season(SeasonConfig(default_seats(2), seed=2))
    for _ in range(3):
        seat = season.to_decide()[0]
        season.apply(seat, season.legal_decisions(seat)[0])
    record = copy.deepcopy(season_record(season))
    change(record)
    with pytest.raises(PositionError) as error:
        replay_season(record)
    assert str(error.value).startswith(message)


def test_described_names_the_type_of_every_json_value():
    assert [str(described(v)) for v in (None, True, False, 3, 1.5, "1", [1], {"a": 1})] == [
        "null",
        "true",
        "false",
        "the number 3",
        "the number 1.5",
        "the string '1'",
        "a list ([1])",
        "an object ({'a': 1})",
    ]
    assert str(described("x" * 1000)) == f"the string '{'x' * 56}... (1002 characters)"
    assert str(described("\x1b[2J")) == "the string '\\x1b[2J'"  # escaped: it cannot clear the screen


# ---------------------------------------------------------------------- numbers in decisions


@pytest.mark.parametrize(
    "text", ["gear " + "9" * 5000, "cooldown " + "1" * 4301, "slipstream 1234567", "speed 1" + "0" * 9000 + " for x"]
)
def test_a_huge_number_in_a_decision_is_a_syntax_error(text: str):
    """Issue 28: over 4,300 digits, int() raised ValueError out of the decision parser."""
    with pytest.raises(HeatError, match="digits is too large"):
        parse_decision(text)


def test_numbers_up_to_the_limit_still_parse():
    assert parse_decision("gear " + "9" * MAX_DIGITS) == Plan(int("9" * MAX_DIGITS), ())


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(["gear", "play", "cooldown", "slipstream", "speed", "for", "from", "boost", "adjust"]),
            st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=5),
            st.integers(1, 9000).map(lambda digits: "7" * digits),
            st.from_regex(r"[+-]?[0-9]{1,40}", fullmatch=True),
        ),
        max_size=6,
    ).map(" ".join)
)
def test_any_numbers_in_a_decision_parse_or_raise_a_heat_error(text: str) -> None:
    """Unicode digits (², ①, Arabic-Indic), numbers of thousands of digits, signs."""
    try:
        decision = parse_decision(text)
    except HeatError as error:
        assert str(error) and len(str(error)) < 400
    else:
        assert parse_decision(decision.text()) == decision


# ---------------------------------------------------------------------- names


UNPRINTABLE = {"Cc", "Cf", "Cs", "Zl", "Zp"}


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=40))
def test_a_name_is_refused_in_words_or_has_nothing_that_moves_the_terminal(name: str) -> None:
    problem = name_problem(name)
    if problem is None:
        assert name.strip() and len(name) <= MAX_NAME_LENGTH
        assert not any(unicodedata.category(character) in UNPRINTABLE for character in name)
        Race(RaceConfig((SeatConfig(name, "red"),), laps=1))
    else:
        assert str(problem)
        assert not any(unicodedata.category(character) in UNPRINTABLE for character in str(problem))
        with pytest.raises(ConfigError):
            Race(RaceConfig((SeatConfig(name, "red"),), laps=1))


BAD_NAMES = ["Ann\x1b[31m", "Ann\rBob", "Ann\nheat: fake", "\u202eAnn", "A\x85nn", "A\u2028nn", "x" * 25, " ", ""]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_bad_name_is_refused_wherever_a_name_enters(name: str, tmp_path, capsys):
    """Issue 28: names from --name, a record or a save were printed raw (escape sequences,
    \\r and \\n reached the terminal) and had no length limit (1 MB accepted)."""
    seats = (SeatConfig(name, "red"), SeatConfig("Bot", "blue"))
    with pytest.raises(ConfigError):
        Race(RaceConfig(seats, laps=1))
    with pytest.raises(ConfigError):
        Season(SeasonConfig(seats))
    race = race_at_round(1)
    record = to_record(race)
    record["config"]["seats"][0]["name"] = name
    with pytest.raises(PositionError, match=r"config: seat 1: "):
        replay(record)
    season = Season(SeasonConfig(default_seats(2)))
    bad_season = season_record(season)
    bad_season["config"]["seats"][0]["name"] = name
    with pytest.raises(PositionError, match=r"config: seat 1: "):
        replay_season(bad_season)
    position = to_position(race)
    position["cars"][0]["name"] = name
    assert refused(position).startswith("cars[0].name: ")
    if name.strip():  # --name strips a blank one to the default name
        for command in (["play", "--plain"], ["season", "new", "--plain"]):
            with pytest.raises(SystemExit) as exit_:
                main([*command, "--name", name, "--save", str(tmp_path / "never.json")])
            assert exit_.value.code == 2
            err = capsys.readouterr().err
            assert "argument --name: " in err
            assert not any(unicodedata.category(character) in UNPRINTABLE - {"Cc"} for character in err)
            assert err.count("\n") == err.count("\n")  # one message
            assert "\x1b" not in err and "\r" not in err
    assert not list(tmp_path.iterdir())


def test_names_up_to_the_limit_with_any_letters_still_play():
    for name in ("Zoë", "李小龍", "O'Brien-Smith", "x" * MAX_NAME_LENGTH, "Ann 🏎"):
        race = Race(RaceConfig((SeatConfig(name, "red"), SeatConfig("Bot", "blue")), laps=1, seed=1))
        assert replay(to_record(race)).cars[0].name == name


def test_the_error_line_escapes_control_characters_whatever_their_source(tmp_path, capsys):
    """A file name (or any text) quoted in an error goes through the same escaping."""
    path = tmp_path / "x\x1b[2Jy.json"
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\x1b[2J" in err


# ---------------------------------------------------------------------- config bounds


def test_a_config_the_box_cannot_give_is_refused():
    seats = default_seats(2)
    with pytest.raises(ConfigError, match="adds at most 1 Heat"):
        Race(RaceConfig(seats, heat_bonus=2))
    upgraded = (replace(seats[0], upgrades=("rpm-1",)), seats[1])
    with pytest.raises(ConfigError, match="has no Starting Upgrades"):
        Race(RaceConfig(upgraded))
    assert Race(RaceConfig(upgraded, starting_upgrades=False))
    sponsors = tuple(replace(seat, sponsors=("sp-turbo",) * 4) for seat in seats)
    with pytest.raises(ConfigError, match="8 cards 'sp-turbo' in the race; the box holds 7"):
        Race(RaceConfig(sponsors))
    with pytest.raises(ConfigError, match="the seed is a 64-bit number"):
        Race(RaceConfig(seats, seed=2**64))
    with pytest.raises(ConfigError, match="laps: expected a whole number, got true"):
        Race(RaceConfig(seats, laps=True))
