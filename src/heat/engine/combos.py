"""Every multiset of cards: the combinations the lists of legal plans, discards, Salvages and
Refreshes are made of."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def sub_hands(kinds: list[int], ids: Sequence[str]) -> list[tuple[str, ...]]:
    """Every sub-multiset of ``kinds`` (the empty one first), as card ids."""
    counts: dict[int, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    ordered = sorted(counts, key=lambda k: ids[k])
    return [
        tuple(ids[k] for k in combo) for size in range(len(kinds) + 1) for combo in multisets(ordered, counts, size)
    ]


def counted(cards: Iterable[int], ids: Sequence[str]) -> tuple[list[int], dict[int, int]]:
    """The kinds among ``cards``, in the order of their card ids, and how many of each: the
    arguments ``multisets`` takes."""
    counts: dict[int, int] = {}
    for kind in cards:
        counts[kind] = counts.get(kind, 0) + 1
    return sorted(counts, key=ids.__getitem__), counts


def multisets(kinds: list[int], counts: dict[int, int], size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` items drawn from ``counts``, as tuples in ``kinds`` order."""
    result: list[tuple[int, ...]] = []
    _add_multisets(result, kinds, counts, 0, size, [])
    return result


def _add_multisets(
    result: list[tuple[int, ...]], kinds: list[int], counts: dict[int, int], index: int, left: int, chosen: list[int]
) -> None:
    # A module function, not a closure calling itself: that would be a reference cycle, left for
    # the cycle collector after every call (the server lists plans for every player every round).
    if left == 0:
        result.append(tuple(chosen))
        return
    if index == len(kinds):
        return
    kind = kinds[index]
    for take in range(min(left, counts[kind]), -1, -1):
        _add_multisets(result, kinds, counts, index + 1, left - take, [*chosen, *[kind] * take])
