"""The random generator gives SplitMix64's numbers on both builds: compiled, it runs on native
64-bit integers that wrap around (issue 33); pure, on Python integers masked to 64 bits.
``scripts/test`` runs this file on the compiled engine, then on the pure one (HEAT_PURE=1)."""

from __future__ import annotations

import pytest

from heat.engine.rng import Rng

MASK = (1 << 64) - 1


def splitmix64(state: int) -> tuple[int, int]:
    """SplitMix64 as its definition states it, on Python integers: (next state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


SEEDS = [0, 1, 42, 2**62 - 1, 2**62, 2**63 - 1, 2**63, 2**64 - 1, 12345678901234567890, -5]
BOUNDS = [1, 2, 3, 6, 40, 1000, 2**31 - 1, 2**31, 2**40, 2**64]
"""From 2**31 on, ``below`` leaves the native path: its products would pass 63 bits."""


@pytest.mark.parametrize("seed", SEEDS)
def test_below_and_next64_follow_splitmix64(seed: int) -> None:
    rng = Rng(seed)
    state = seed & MASK
    assert rng.state == state
    for k in range(300):
        bound = BOUNDS[k % len(BOUNDS)]
        state, output = splitmix64(state)
        if k % 3 == 0:
            assert rng.next64() == output
        else:
            assert rng.below(bound) == (output * bound) >> 64
        assert rng.state == state


@pytest.mark.parametrize("seed", SEEDS)
def test_shuffle_is_fisher_yates_on_splitmix64(seed: int) -> None:
    rng = Rng(seed)
    state = seed & MASK
    for size in (0, 1, 2, 5, 20, 67):
        items = list(range(size))
        expected = list(items)
        for i in range(size - 1, 0, -1):
            state, output = splitmix64(state)
            j = (output * (i + 1)) >> 64
            expected[i], expected[j] = expected[j], expected[i]
        rng.shuffle(items)
        assert items == expected
        assert rng.state == state


def test_a_state_set_from_a_position_and_a_copy_continue_the_same_sequence() -> None:
    rng = Rng(0)
    rng.state = 2**64 - 3  # a position file's state, above the largest signed 64-bit integer
    copy = rng.copy()
    assert copy.state == rng.state == 2**64 - 3
    assert [copy.below(10) for _ in range(50)] == [rng.below(10) for _ in range(50)]
    assert copy.state == rng.state
