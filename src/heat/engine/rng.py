"""A small deterministic random generator whose whole state is one 64-bit integer.

SplitMix64 is used instead of :mod:`random` because its output is fixed by this file on every
machine and Python version, and its state fits in a position file.

Two ways to the same numbers (issue 33): compiled by mypyc, the generator runs on native 64-bit
integers (``i64``), whose arithmetic wraps around at 64 bits as SplitMix64 wants, instead of
Python integers of up to 128 bits, which took most of the compiled engine's time in random play;
as Python, an ``i64`` is an ``int`` and the arithmetic is masked to 64 bits. Both give the same
sequence (``tests/test_builds.py`` plays the same races on both builds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:  # mypyc's native integer: only its annotations name it, so Heat does not need it to run
    from mypy_extensions import i64

T = TypeVar("T")

_MASK64: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_MUL1: Final = 0xBF58476D1CE4E5B9
_MUL2: Final = 0x94D049BB133111EB
# The same constants as signed 64-bit integers (minus 2**64), for the native arithmetic.
_GAMMA_I64: Final = -0x61C8864680B583EB
_MUL1_I64: Final = -0x40A7B892E31B1A47
_MUL2_I64: Final = -0x6B2FB644ECCEEE15
_LOW32: Final = 0xFFFFFFFF
_NATIVE_BELOW: Final = 1 << 31
"""``below(n)`` runs natively for ``n`` under this: the products of its 32-bit halves stay in 63 bits."""


def _wraps_at_64_bits() -> bool:
    """True when ``i64`` arithmetic wraps around at 64 bits (the build compiled by mypyc); False
    when an ``i64`` is a Python ``int`` (the pure build)."""
    big: i64 = 1 << 62
    return big * 4 == 0


NATIVE: Final = _wraps_at_64_bits()


def _signed(value: int) -> int:
    """``value`` (any integer) modulo 2**64, as a signed 64-bit integer."""
    value &= _MASK64
    return value - (1 << 64) if value >> 63 else value


class Rng:
    """SplitMix64 generator. Same seed, same sequence, everywhere."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state: i64 = _signed(seed)

    @property
    def state(self) -> int:
        """The whole state: an unsigned 64-bit integer (a position file keeps it)."""
        state: int = self._state  # a Python int: the mask does not fit in an i64
        return state & _MASK64

    @state.setter
    def state(self, value: int) -> None:
        self._state = _signed(value)

    def next64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        if NATIVE:
            s: i64 = self._state + _GAMMA_I64
            self._state = s
            z: i64 = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MUL1_I64
            z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MUL2_I64
            z = z ^ ((z >> 31) & 0x1FFFFFFFF)
            unsigned: int = z
            return unsigned & _MASK64
        u: int = self._state
        u = (u + _GAMMA) & _MASK64
        self._state = _signed(u) if NATIVE else u
        u = ((u ^ (u >> 30)) * _MUL1) & _MASK64
        u = ((u ^ (u >> 27)) * _MUL2) & _MASK64
        return u ^ (u >> 31)

    def below(self, n: int) -> int:
        """Return an integer in ``range(n)`` (n >= 1)."""
        # next64 inlined: this is the hottest call of random play.
        if NATIVE and n < _NATIVE_BELOW:
            s: i64 = self._state + _GAMMA_I64
            self._state = s
            z: i64 = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MUL1_I64
            z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MUL2_I64
            z = z ^ ((z >> 31) & 0x1FFFFFFFF)
            # (z as unsigned * n) >> 64, from z's 32-bit halves: each product fits in 63 bits.
            m: i64 = n
            return (((z >> 32) & _LOW32) * m + (((z & _LOW32) * m) >> 32)) >> 32
        u: int = self._state
        u = (u + _GAMMA) & _MASK64
        self._state = _signed(u) if NATIVE else u
        u = ((u ^ (u >> 30)) * _MUL1) & _MASK64
        u = ((u ^ (u >> 27)) * _MUL2) & _MASK64
        return ((u ^ (u >> 31)) * n) >> 64

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates, the generator inlined for speed)."""
        if NATIVE and len(items) < _NATIVE_BELOW:
            s: i64 = self._state
            i: i64 = len(items) - 1
            while i > 0:
                s += _GAMMA_I64
                z: i64 = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MUL1_I64
                z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MUL2_I64
                z = z ^ ((z >> 31) & 0x1FFFFFFFF)
                m: i64 = i + 1
                j: i64 = (((z >> 32) & _LOW32) * m + (((z & _LOW32) * m) >> 32)) >> 32
                items[i], items[j] = items[j], items[i]
                i -= 1
            self._state = s
            return
        state: int = self._state
        state &= _MASK64
        for k in range(len(items) - 1, 0, -1):
            state = u = (state + _GAMMA) & _MASK64
            u = ((u ^ (u >> 30)) * _MUL1) & _MASK64
            u = ((u ^ (u >> 27)) * _MUL2) & _MASK64
            j2 = ((u ^ (u >> 31)) * (k + 1)) >> 64
            items[k], items[j2] = items[j2], items[k]
        self._state = _signed(state) if NATIVE else state

    def copy(self) -> Rng:
        """Return an independent generator in the same state."""
        return Rng(self._state)
