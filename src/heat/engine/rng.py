"""A small deterministic random generator whose whole state is one 64-bit integer.

SplitMix64 is used instead of :mod:`random` because its output is fixed by this file on every
machine and Python version, and its state fits in a position file.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 generator. Same seed, same sequence, everywhere."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        self.state = z = (self.state + _GAMMA) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return an integer in ``range(n)`` (n >= 1)."""
        # next64 inlined: this is the hottest call of random play.
        self.state = z = (self.state + _GAMMA) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return ((z ^ (z >> 31)) * n) >> 64

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates, the generator inlined for speed)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = z = (state + _GAMMA) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = state

    def copy(self) -> Rng:
        """Return an independent generator in the same state."""
        return Rng(self.state)
