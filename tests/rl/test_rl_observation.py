"""Observations hold what the seat's view holds and nothing else (docs/rl.md)."""

from __future__ import annotations

import frozen_observation
import numpy as np
import pytest

from heat.engine import PositionError, Race, from_position, to_position, track, view_of
from heat.engine.board import lines_ahead
from heat.engine.frozen import replace
from heat.engine.rng import Rng
from heat.rl.actions import DecisionCursor, card_ids
from heat.rl.observation import CORNERS_AHEAD, _lines_ahead, encode, layout, size
from test_random_races import _alter_hidden_cards, make_config


@pytest.mark.parametrize("modules", ["base", "all"])
def test_hidden_cards_of_others_and_the_random_state_never_change_an_observation(modules: str) -> None:
    """Shuffle every other car's hand and deck, the random state, the Legends and draft decks:
    each seat's observation (with the prefix of the decision it is spelling) stays the same."""
    race = Race(make_config("usa", 5, 21, 1, modules))
    rng = Rng(8)
    checked = differ = 0
    while not race.is_over:
        data = to_position(race)
        mover = race.to_decide()[0]
        cursor = DecisionCursor(race.legal_decisions(mover))
        cursor.advance_forced()
        for seat in range(len(race.cars)):
            if race.cars[seat].legend:
                continue
            prefix = cursor.prefix if seat == mover else []
            altered = _alter_hidden_cards(data, keep=seat, rng=rng)
            try:
                other = from_position(altered)
            except PositionError:
                continue  # the swap made the active car's step impossible
            mine = encode(view_of(race, seat), prefix)
            assert np.array_equal(encode(view_of(other, seat), prefix), mine)
            # The same alteration seen from another seat does change something: the test bites.
            spy = next(s for s in range(len(race.cars)) if s != seat and not race.cars[s].legend)
            differ += not np.array_equal(encode(view_of(other, spy)), encode(view_of(race, spy)))
            checked += 1
        race.apply(mover, race.random_decision(mover, rng))
    assert checked > 100
    assert differ > checked // 4


def test_an_observation_has_a_fixed_size_and_finite_values():
    race = Race(make_config("great-britain", 6, 3, 1, "all"))
    rng = Rng(3)
    while not race.is_over:
        seat = race.to_decide()[0]
        observation = encode(view_of(race, seat))
        assert observation.shape == (size(),) and observation.dtype == np.float32
        assert np.isfinite(observation).all() and np.abs(observation).max() < 100
        race.apply(seat, race.random_decision(seat, rng))
    assert sum(width for _, width in layout()) == size()


def test_the_prefix_of_the_decision_is_in_the_observation():
    race = Race(make_config("usa", 3, 1, 1, "base"))
    seat = race.to_decide()[0]
    cursor = DecisionCursor(race.legal_decisions(seat))
    before = encode(view_of(race, seat), cursor.prefix)
    cursor.choose(cursor.allowed()[0])
    assert not np.array_equal(encode(view_of(race, seat), cursor.prefix), before)


def test_a_table_hands_out_each_token_s_observation_and_keeps_the_earlier_ones() -> None:
    """Through ``Table`` (every seat an agent), at every token: the spelling seat's observation
    is ``encode`` of its view and prefix, every other seat's has no prefix, and an observation
    handed out earlier in the decision (the first is the Table's own, read-only) never changes."""
    from heat.rl.table import EpisodeOptions, Table

    options = EpisodeOptions(agents=4, opponents=((),), tracks=("usa",), laps=1, shuffle_seats=False)
    table = Table(options, 5, (), "usa")
    rng = np.random.default_rng(5)
    handed: list[tuple[np.ndarray, np.ndarray]] = []
    tokens = 0
    while table.seat is not None and tokens < 400:
        race, seat, cursor = table.race, table.seat, table.cursor
        assert race is not None and cursor is not None
        mine = table.observe(seat)
        assert np.array_equal(mine, encode(view_of(race, seat), cursor.prefix))
        other = (seat + 1) % 4
        assert np.array_equal(table.observe(other), encode(view_of(race, other)))
        handed.append((mine, mine.copy()))
        allowed = np.flatnonzero(table.mask(seat))
        table.choose(int(allowed[rng.integers(len(allowed))]))
        tokens += 1
        for array, then in handed:
            assert np.array_equal(array, then)
        if table.cursor is not cursor:
            handed.clear()
    assert tokens == 400


def test_every_copy_of_a_card_counts_in_any_order() -> None:
    """A card met again after others, or as an equal text that is another object, adds to its
    count (the encoder counts runs of the same card in place)."""
    race = Race(make_config("usa", 2, 3, 1, "base"))
    view = view_of(race, 0)
    heat_again = "".join(["he", "at"])  # equal to "heat", another object
    hand = ("1", "heat", "1", heat_again, "1", "stress")
    mine = replace(view.cars[0], hand=hand)
    altered = replace(view, cars=(mine, *view.cars[1:]))
    observed = encode(altered)
    assert np.array_equal(observed, frozen_observation.encode(altered))
    start = sum(width for name, width in layout()[: [name for name, _ in layout()].index("cards:hand")])
    counts = observed[start : start + len(card_ids())]
    assert counts[card_ids().index("1")] == 0.75
    assert counts[card_ids().index("heat")] == 0.5
    assert counts[card_ids().index("stress")] == 0.25
    assert counts.sum() == len(hand) / 4


def test_the_corners_ahead_are_the_boards_from_any_progress() -> None:
    """The next Corner Lines from a progress are ``lines_ahead``'s, the first time and from the
    cache, below the start, and beyond the progresses kept."""
    view = view_of(Race(make_config("usa", 2, 1, 1, "base")), 0)
    lines = [corner.line_after for corner in view.corners]
    spaces = track("usa").spaces
    for origin in (-3, 0, 1, 57, 2 * spaces + 5, 99_999, 100_000, 250_000):
        for _ in range(2):
            assert _lines_ahead(view, spaces, origin) == lines_ahead(lines, spaces, max(origin, 1), CORNERS_AHEAD)
