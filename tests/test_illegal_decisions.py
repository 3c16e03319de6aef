"""Property-based: random decisions, legal or not, at positions reached by random races.

An illegal decision raises IllegalDecision (a HeatError) and leaves the race byte-identical; a
decision the engine accepts is one it listed among the legal decisions."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from error_templates import template_problems
from heat.engine import (
    Discard,
    EndReact,
    HeatError,
    IllegalDecision,
    Plan,
    Race,
    RaceConfig,
    React,
    Slipstream,
    default_seats,
    parse_decision,
    to_position,
    track_ids,
)
from heat.engine.decisions import Decision
from heat.engine.rng import Rng

CARD_IDS = ["0", "1", "2", "3", "4", "5", "heat", "stress", "7", "turbo"]

decisions: st.SearchStrategy[Decision] = st.one_of(
    st.builds(Plan, st.integers(-1, 6), st.lists(st.sampled_from(CARD_IDS), max_size=6).map(tuple)),
    st.builds(
        React,
        st.sampled_from(["boost", "cooldown", "move", "fly"]),
        st.integers(0, 4),
        st.sampled_from(["gear", "adrenaline", "sponsor"]),
    ),
    st.just(EndReact()),
    st.builds(Slipstream, st.booleans()),
    st.builds(Discard, st.lists(st.sampled_from(CARD_IDS), max_size=7).map(tuple)),
)


def race_after(track: str, cars: int, seed: int, steps: int) -> Race:
    """A race after ``steps`` random decisions (or at its end)."""
    race = Race(RaceConfig(default_seats(cars), track=track, laps=1, seed=seed))
    rng = Rng(seed)
    for _ in range(steps):
        if race.is_over:
            break
        seat = race.to_decide()[0]
        race.apply(seat, race.random_decision(seat, rng))
    return race


def fingerprint(race: Race) -> str:
    return json.dumps(
        {
            "position": to_position(race),
            "events": [event.to_json() for event in race.events()],
            "decisions": [(seat, d.text()) for seat, d in race.decisions],
        },
        sort_keys=True,
    )


@settings(max_examples=300, deadline=None)
@given(
    track=st.sampled_from(track_ids()),
    cars=st.integers(1, 6),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 150),
    seat=st.integers(-1, 6),
    decision=decisions,
)
def test_illegal_decisions_change_nothing_and_legal_ones_are_listed(
    track: str, cars: int, seed: int, steps: int, seat: int, decision: Decision
) -> None:
    race = race_after(track, cars, seed, steps)
    before = fingerprint(race)
    legal = race.legal_decisions(seat) if 0 <= seat < cars else []
    try:
        race.apply(seat, decision)
    except IllegalDecision as error:
        assert str(error), "an error must say what was wrong"
        assert template_problems(error) == []  # issue 32: every placeholder filled, to translate
        assert fingerprint(race) == before
        assert decision not in legal
    else:
        assert decision in legal


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30))
def test_any_text_either_parses_or_raises_a_heat_error(text: str) -> None:
    try:
        decision = parse_decision(text)
    except HeatError as error:
        assert str(error)
        assert template_problems(error) == []
    else:
        assert parse_decision(decision.text()) == decision


@settings(max_examples=200, deadline=None)
@given(decisions)
def test_decision_text_round_trips(decision: Decision) -> None:
    assert parse_decision(decision.text()) == decision


@pytest.mark.parametrize(
    ("text", "decision"),
    [
        ("adjust +2 from wings-4", React("adjust", 2, "wings-4")),  # as the card prints it (G-28)
        ("adjust -1 from tires-3", React("adjust", -1, "tires-3")),
        ("adjust 1 from tires-1", React("adjust", 1, "tires-1")),
    ],
)
def test_G_28_adjust_speed_limit_reads_a_signed_amount(text: str, decision: Decision) -> None:
    """`adjust +2 from wings-4`, the form the README and the prompt's help show, was refused."""
    assert parse_decision(text) == decision


@pytest.mark.parametrize("text", ["gear ² play 1", "slipstream ²", "cooldown ³", "speed ½ for x", "gear + play 1"])
def test_a_number_that_is_not_a_whole_number_is_a_syntax_error(text: str) -> None:
    """`gear ² play 1` raised ValueError: str.isdigit() takes '²' for a digit, int() does not."""
    with pytest.raises(HeatError):
        parse_decision(text)
