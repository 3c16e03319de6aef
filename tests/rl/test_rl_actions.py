"""The action space: every legal decision is spelled by tokens the masks allow, and the masks allow
nothing else (docs/rl.md). Random races with every module, every decision checked both ways."""

from __future__ import annotations

import numpy as np
import pytest

from heat.engine import EndReact, Plan, Race, React
from heat.engine.rng import Rng
from heat.rl.actions import (
    DecisionCursor,
    TokenBits,
    action_count,
    bit,
    index_of,
    mask_of,
    spell,
    spell_tokens,
    tokens,
)
from test_random_races import MODULES, make_config


def walk(legal: list) -> list:
    """Every decision reached by following the masks of fresh cursors from the root."""
    found = []

    def visit(prefix: list[int]) -> None:
        cursor = DecisionCursor(legal)
        for token in prefix:
            assert cursor.choose(token) is None
        for token in np.flatnonzero(cursor.mask()):
            probe = DecisionCursor(legal)
            for step in prefix:
                probe.choose(step)
            decision = probe.choose(int(token))
            if decision is None:
                visit([*prefix, int(token)])
            else:
                found.append(decision)

    visit([])
    return found


def test_each_index_is_one_fixed_token():
    assert len(set(tokens())) == action_count()
    assert tokens()[0] == "end"
    assert spell(Plan(3, ("4", "1", "stress"))) == tuple(
        index_of()[name] for name in ("plan", "n:3", "card:1", "card:4", "card:stress", "end")
    )


@pytest.mark.parametrize("modules", list(MODULES))
def test_the_masks_allow_exactly_the_legal_decisions(modules: str) -> None:
    """Over random races of 5 cars on every track (two per module): walking the masks gives each legal decision
    once and nothing else, and every decision the walk gives is accepted by the engine."""
    checked = 0
    kinds: set[str] = set()
    for seed, track in enumerate(("usa", "italia") if modules == "base" else ("france", "great-britain")):
        race = Race(make_config(track, 5, seed, 1, modules), record_events=False)
        rng = Rng(seed)
        while not race.is_over:
            seat = race.to_decide()[0]
            legal = race.legal_decisions(seat)
            walked = walk(legal)
            assert len(walked) == len(set(walked)) == len(set(legal))
            assert set(walked) == set(legal)
            for decision in walked[:: max(1, len(walked) // 8)]:
                race.check(seat, decision)
            kinds.update(spell_tokens(decision)[0] for decision in legal)
            checked += 1
            race.apply(seat, legal[rng.below(len(legal))])
    assert checked > 100
    assert {"plan", "done", "discard"} <= kinds


def test_a_token_the_mask_does_not_allow_is_refused_and_changes_nothing():
    legal = [Plan(1, ("1",)), Plan(2, ("1", "2"))]
    cursor = DecisionCursor(legal)
    cursor.choose(index_of()["plan"])
    with pytest.raises(ValueError, match=r"card:stress\) is not allowed now; allowed: n:1, n:2"):
        cursor.choose(index_of()["card:stress"])
    assert cursor.prefix == [index_of()["plan"]]
    assert list(np.flatnonzero(cursor.mask())) == [index_of()["n:1"], index_of()["n:2"]]


def test_forced_tokens_are_taken_without_asking():
    cursor = DecisionCursor([Plan(2, ("1", "2")), Plan(2, ("1", "3"))])
    assert cursor.advance_forced() is None
    assert [tokens()[t] for t in cursor.prefix] == ["plan", "n:2", "card:1"]
    assert cursor.choose(index_of()["card:3"]) is None
    assert cursor.advance_forced() == Plan(2, ("1", "3"))


def test_the_weathers_own_cooldown_is_spelled_beside_the_others():
    """A Weather token's Cooldown (W-27) is a React from 'weather': spelled with ``end`` as its
    source, apart from the gear's and the Adrenaline's (it had no spelling: a Weather race
    stopped with a ValueError the first time one was legal)."""
    legal = [React("cooldown", 1), React("cooldown", 1, "adrenaline"), React("cooldown", 1, "weather"), EndReact()]
    assert set(walk(legal)) == set(legal)
    assert [tokens()[t] for t in spell(React("cooldown", 2, "weather"))] == ["react:cooldown", "n:2", "end"]
    for seed in range(40):  # a Weather race where it comes up, every decision of it spelled
        race = Race(make_config("italia", 6, seed, 1, "weather"), record_events=False)
        rng = Rng(seed)
        seen = False
        while not race.is_over:
            seat = race.to_decide()[0]
            legal = race.legal_decisions(seat)
            DecisionCursor(legal)
            seen = seen or any(isinstance(d, React) and d.source == "weather" for d in legal)
            race.apply(seat, legal[rng.below(len(legal))])
        if seen:
            return
    pytest.fail("no Weather Cooldown came up in 40 races")


def test_a_mask_cannot_be_changed():
    """Masks are shared read-only arrays of a cache: changing one is refused, and a copy's
    change changes no later mask."""
    cursor = DecisionCursor([Plan(1, ("1",)), Plan(2, ("1", "2"))])
    first = cursor.mask()
    with pytest.raises(ValueError, match="read-only"):
        first[:] = 0
    mine = first.copy()
    mine[:] = 0
    assert list(np.flatnonzero(cursor.mask())) == [index_of()["plan"]]
    assert list(np.flatnonzero(DecisionCursor([Plan(1, ("1",)), Plan(2, ("2",))]).mask())) == [index_of()["plan"]]


@pytest.mark.parametrize(
    "allowed",
    [
        set(),
        {0},
        {31, 32},
        {33, 62},
        {63},
        {64, 94, 95, 125},
        {0, 31, 32, 62, 63, 95, 96, 125},
        set(range(126)),
    ],
)
def test_a_set_of_tokens_as_bits_keeps_every_token(allowed: set[int]) -> None:
    """The cursor's sets of tokens are two 64-bit words: tokens past bit 31 of a word (lost once
    by a 32-bit shift in the compiled build) and on both sides of the words' edge (63) stay."""
    assert bit(1, 40) == 1 << 40 and bit(1, 62) == 1 << 62
    mask = mask_of(frozenset(allowed))
    assert set(np.flatnonzero(mask).tolist()) == allowed
    assert not mask.flags.writeable
    low = sum(1 << token for token in allowed if token < 63)
    high = sum(1 << (token - 63) for token in allowed if token >= 63)
    assert TokenBits(low, high).tokens() == sorted(allowed)


def test_a_completed_cursor_allows_nothing() -> None:
    cursor = DecisionCursor([Plan(1, ("1",)), Plan(2, ("1", "2"))])
    assert cursor.allowed() == [tokens().index("plan")]
    assert cursor.choose(tokens().index("plan")) is None
    assert cursor.choose(tokens().index("n:1")) is None
    assert cursor.advance_forced() == Plan(1, ("1",))
    assert cursor.allowed() == [] and not cursor.mask().any()
    with pytest.raises(ValueError, match=r"not allowed now; allowed: $"):
        cursor.choose(0)


def test_a_refused_token_leaves_the_cursor_as_it_was() -> None:
    """``choose`` filters the candidates in the cursor's own lists: a token no candidate takes
    must move nothing (every legal decision is still reached afterwards)."""
    legal = [Plan(1, ("1",)), Plan(2, ("1", "2")), Plan(2, ("3", "4")), Plan(3, ("2",))]
    cursor = DecisionCursor(legal)
    cursor.advance_forced()
    before = (list(cursor.prefix), cursor.allowed())
    with pytest.raises(ValueError, match="not allowed now"):
        cursor.choose(index_of()["card:5"])
    assert (cursor.prefix, cursor.allowed()) == before
    assert cursor.choose(index_of()["n:2"]) is None
    with pytest.raises(ValueError, match="not allowed now"):
        cursor.choose(index_of()["card:2"])
    assert cursor.allowed() == sorted([index_of()["card:1"], index_of()["card:3"]])
    assert cursor.choose(index_of()["card:3"]) is None
    assert cursor.advance_forced() == Plan(2, ("3", "4"))


def test_a_card_outside_the_vocabulary_is_named_when_the_prefix_reaches_it() -> None:
    """A Plan's cards are spelled once the prefix reaches them: an unknown card is then named
    (as ``spell`` names it), the same each time it is reached; before that the cursor works."""
    legal = [Plan(1, ("1", "no-such-card")), Plan(1, ("2",)), Plan(2, ("1",))]
    cursor = DecisionCursor(legal)
    cursor.advance_forced()
    assert cursor.allowed() == [index_of()["n:1"], index_of()["n:2"]]
    assert cursor.choose(index_of()["n:1"]) is None
    for _ in range(2):
        with pytest.raises(ValueError, match="token 'card:no-such-card' is not in the action space"):
            cursor.mask()
    other = DecisionCursor(legal)
    other.advance_forced()
    assert other.choose(index_of()["n:2"]) is None
    assert other.advance_forced() == Plan(2, ("1",))


def test_cursors_over_plans_in_one_gear_each_spell_their_own_cards() -> None:
    """The heads of Plans (``plan n:G``) are shared between cursors (speed): one cursor spelling
    its Plans' cards never shows in another's, before or after."""
    first = DecisionCursor([Plan(2, ("1", "2")), Plan(2, ("3",))])
    first.advance_forced()
    assert first.allowed() == [index_of()["card:1"], index_of()["card:3"]]
    assert first.choose(index_of()["card:1"]) is None
    assert first.advance_forced() == Plan(2, ("1", "2"))
    second = DecisionCursor([Plan(2, ("4",)), Plan(3, ("4",))])
    second.advance_forced()
    assert second.allowed() == [index_of()["n:2"], index_of()["n:3"]]
    assert second.choose(index_of()["n:2"]) is None
    assert second.advance_forced() == Plan(2, ("4",))
    assert tuple(second.prefix) == spell(Plan(2, ("4",)))
    third = DecisionCursor([Plan(2, ("1", "2")), Plan(2, ("3",))])
    third.advance_forced()
    assert third.allowed() == [index_of()["card:1"], index_of()["card:3"]]


@pytest.mark.parametrize("gear", [-10, 31])
def test_a_plan_in_a_gear_outside_the_vocabulary_is_named_by_the_cursor(gear: int) -> None:
    """A Plan's head is a shared list per gear the vocabulary holds: another gear is refused, named."""
    with pytest.raises(ValueError, match=f"the number {gear} is outside the action space"):
        DecisionCursor([Plan(1, ("1",)), Plan(gear, ("1",))])
