"""What an action index and an observation value mean is pinned: a trained model reads its inputs
and writes its outputs by position, so a faster encoder or mask must give exactly what the
driver trained on 2026-11-26 was given (docs/rl.md, issue 34).

The observation is checked value for value against a frozen copy of the encoder of that day
(``frozen_observation.py``) at every decision of races with every module; the vocabulary and the
layout against the tables of docs/rl.md; the mask against its definition (the next token of
every legal decision whose spelling starts with the prefix)."""

from __future__ import annotations

import frozen_observation
import numpy as np
import pytest

from heat.engine import Discard, EndReact, Plan, Race, RaceConfig, React, Slipstream, view_of
from heat.engine.decisions import ChooseSpeed, Draft, Keep, Refresh, Salvage, Swap
from heat.engine.rng import Rng
from heat.rl.actions import KINDS, SOURCES, SYMBOLS, DecisionCursor, action_count, card_ids, spell, spell_tokens, tokens
from heat.rl.observation import encode, encode_view, layout, size, with_prefix
from test_random_races import MODULES, make_config

RACES = [
    ("usa", 4, 1, "base"),
    ("italia", 5, 2, "garage"),
    ("france", 4, 3, "garage-quick"),
    ("great-britain", 5, 4, "weather"),
    ("usa", 6, 5, "legends"),
    ("italia", 6, 6, "all"),
]
"""(track, cars, seed, modules): one lap each, every module of ``MODULES``."""


def test_the_vocabulary_is_the_documented_one() -> None:
    """docs/rl.md's table of indices: 0 end, 1-12 kinds, 13-23 React symbols, 24-25 sources,
    26-65 the numbers -9 to 30, 66 on the cards in data order."""
    vocabulary = tokens()
    assert vocabulary[0] == "end"
    assert (
        vocabulary[1:13]
        == KINDS
        == (
            "plan",
            "done",
            "slipstream",
            "no-slipstream",
            "discard",
            "speed",
            "salvage",
            "refresh",
            "draft",
            "swap",
            "no-swap",
            "keep",
        )
    )
    assert vocabulary[13:24] == tuple(f"react:{symbol}" for symbol in SYMBOLS)
    assert SYMBOLS[0] == "cooldown" and SYMBOLS[-1] == "slipstream" and len(SYMBOLS) == 11
    assert vocabulary[24:26] == ("source:gear", "source:adrenaline") == tuple(f"source:{s}" for s in SOURCES)
    assert vocabulary[26:66] == tuple(f"n:{n}" for n in range(-9, 31))
    assert vocabulary[66:] == tuple(f"card:{card}" for card in frozen_observation.card_ids())
    assert action_count() == 126 == frozen_observation.ACTIONS


def test_the_layout_is_the_documented_one() -> None:
    widths = dict(layout())
    assert [name for name, _ in layout()] == [
        "global",
        "cars",
        "turn",
        "corners",
        *(f"cards:{name}" for name in frozen_observation.CARD_SECTIONS),
        "prefix",
    ]
    assert (widths["global"], widths["cars"], widths["turn"], widths["corners"], widths["prefix"]) == (
        21,
        132,
        12,
        9,
        126,
    )
    assert size() == 720 == frozen_observation.size()
    assert len(card_ids()) == 60


@pytest.mark.parametrize(
    ("decision", "spelled"),
    [
        (Plan(3, ("1", "4", "stress")), "plan n:3 card:1 card:4 card:stress end"),
        (React("cooldown", 2), "react:cooldown n:2 source:gear"),
        (React("heat", 1, "turbo-8"), "react:heat n:1 card:turbo-8"),
        (React("cooldown", 2, "weather"), "react:cooldown n:2 end"),
        (EndReact(), "done"),
        (Slipstream(True, 4), "slipstream n:4"),
        (Slipstream(False), "no-slipstream"),
        (Discard(("1", "2")), "discard card:1 card:2 end"),
        (Discard(()), "discard end"),
        (ChooseSpeed("brakes-13", 3), "speed card:brakes-13 n:3"),
        (Salvage(("3", "heat"), "fuel-2"), "salvage card:fuel-2 card:3 card:heat end"),
        (Refresh(("susp-4",)), "refresh card:susp-4 end"),
        (Draft("turbo-7"), "draft card:turbo-7"),
        (Swap("turbo-7", "fuel-2"), "swap card:turbo-7 card:fuel-2"),
        (Swap(None, None), "no-swap"),
        (Keep("turbo-7"), "keep card:turbo-7"),
    ],
)
def test_a_decision_is_spelled_as_documented(decision, spelled: str) -> None:
    assert " ".join(spell_tokens(decision)) == spelled
    assert [tokens()[token] for token in spell(decision)] == spelled.split()


@pytest.mark.parametrize(
    ("decision", "missing"),
    [
        (Plan(3, ("1", "no-such-card")), "card:no-such-card"),
        (React("no-such-symbol", 1), "react:no-such-symbol"),
        (React("heat", 1, "no-such-card"), "card:no-such-card"),
        (Salvage(("3",), "no-such-card"), "card:no-such-card"),
        (Draft("no-such-card"), "card:no-such-card"),
        (Swap("turbo-7", "no-such-card"), "card:no-such-card"),
    ],
)
def test_a_token_outside_the_vocabulary_is_named(decision, missing: str) -> None:
    with pytest.raises(ValueError, match=f"token '{missing}' is not in the action space"):
        spell(decision)


def test_a_number_outside_the_vocabulary_is_named() -> None:
    with pytest.raises(ValueError, match="the number 31 is outside the action space"):
        spell(Slipstream(True, 31))
    with pytest.raises(ValueError, match="the number -10 is outside the action space"):
        spell(React("adjust", -10))


def reference_mask(legal, prefix: list[int]) -> np.ndarray:
    """The mask by its definition: the next token of every legal decision spelled from ``prefix``."""
    mask = np.zeros(action_count(), dtype=np.int8)
    depth = len(prefix)
    for decision in legal:
        path = spell(decision)
        if list(path[:depth]) == prefix:
            mask[path[depth]] = 1
    return mask


@pytest.mark.parametrize(("track", "cars", "seed", "modules"), RACES)
def test_observations_and_masks_are_those_the_driver_was_trained_on(
    track: str, cars: int, seed: int, modules: str
) -> None:
    """At every decision, for every seat that is not a Legend, with the mover's prefix at each
    token it spells: ``encode`` gives the frozen encoder's array exactly, and the mask its
    definition."""
    config = make_config(track, cars, seed, 1, modules)
    race = Race(config, record_events=False)
    rng = Rng(seed)
    encodings = tokens_spelled = 0
    while not race.is_over:
        mover = race.to_decide()[0]
        legal = race.legal_decisions(mover)
        for each in legal:  # the indices are those of the names (spell looks them up directly)
            assert [tokens()[token] for token in spell(each)] == list(spell_tokens(each))
        cursor = DecisionCursor(legal)
        views = {seat: view_of(race, seat) for seat in range(cars) if not race.cars[seat].legend}
        base = {seat: encode_view(view) for seat, view in views.items()}
        for seat, view in views.items():
            assert np.array_equal(encode(view), frozen_observation.encode(view))
            assert np.array_equal(base[seat], frozen_observation.encode(view))
            encodings += 1
        decision = None
        while decision is None:
            mask = cursor.mask()
            assert np.array_equal(mask, reference_mask(legal, cursor.prefix))
            if mover in views:  # as an environment makes it: the view once, the prefix per token
                expected = frozen_observation.encode(views[mover], cursor.prefix)
                assert np.array_equal(with_prefix(base[mover], cursor.prefix), expected)
                assert not base[mover][size() - action_count() :].any()  # the base stays as it was
                if cursor.prefix:
                    assert np.array_equal(encode(views[mover], cursor.prefix), expected)
                    # as Table makes it: the tokens taken when first asked written with the
                    # view, the later ones added to a copy of that (which stays as it was)
                    first = encode_view(views[mover], cursor.prefix)
                    assert np.array_equal(first, expected) and not first.flags.writeable
                    for taken in range(len(cursor.prefix)):
                        earlier = encode_view(views[mover], cursor.prefix[:taken])
                        assert np.array_equal(with_prefix(earlier, cursor.prefix), expected)
                        assert np.array_equal(earlier, frozen_observation.encode(views[mover], cursor.prefix[:taken]))
            allowed = np.flatnonzero(mask)
            decision = cursor.choose(int(allowed[rng.below(len(allowed))]))
            tokens_spelled += 1
        race.apply(mover, decision)
    assert encodings > 100 and tokens_spelled > encodings // cars


def test_a_tournament_race_encodes_as_before() -> None:
    """The Tournament flag (T-1) and Pro Legends are features of their own."""
    base = make_config("usa", 3, 9, 1, "legends")
    race = Race(RaceConfig(base.seats, track="usa", laps=1, seed=9, tournament=True, pro_legends=2))
    seat = next(s for s in range(3) if not race.cars[s].legend)
    view = view_of(race, seat)
    assert np.array_equal(encode(view), frozen_observation.encode(view))


def test_the_modules_are_all_covered() -> None:
    assert {modules for *_, modules in RACES} == set(MODULES)
