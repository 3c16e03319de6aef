"""A value table for one car: how many rounds it still needs, by dynamic programming.

The planner bot judges where a turn leaves its car by this table. The state at the start of a
round is the car's progress, its gear, the Heat in its Engine and the Heat and Stress cards in
its hand (both stay there until cooled down or played: B-12.2, B-8.3). The other cards in hand
are modelled as a fresh random draw of the car's other cards, as if the player discarded every
card they did not want. In a round the car picks its gear (a two-gear shift costs 1 Heat,
B-1.2) and the cards that give the best expected outcome; Stress cards and + symbols flip a
random Basic card (B-12.3, B-12.4); 1st and 2nd gear cool down (B-5.4); a Boost is taken when it
pays (B-5.6); every Corner Line crossed costs Speed over its limit in Heat, Overheat included,
and a car that cannot pay spins out (B-7); then it draws, Heat and Stress coming into the hand
as often as the rest of its cards hold them. Slipstream, Adrenaline and the other cars are left
to the bot's own turn-by-turn look at the race.

The table is exact for this model and computed once per car model (a few tenths of a second,
docs/bots.md);
``table_for`` keeps the last few. Values are in rounds; past the finish line a car is worth
a little more for every space it got beyond the line (B-16.3).
"""

from __future__ import annotations

import itertools
import math
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

import numpy as np
from numpy.typing import NDArray

from heat.engine.board import corner_cost, crosses

GEAR_COOLDOWN = (0, 3, 1, 0, 0)
"""Cooldown of each gear (B-5.4), indexed by gear."""
FLIP = np.array([0.0, 0.25, 0.25, 0.25, 0.25])
"""A flipped Basic card: 1 to 4, as likely each (the 12 Basic cards)."""
BOOST = (1, 2, 3, 4)


@dataclass(frozen=True, slots=True)
class CarModel:
    """What the table needs to know about a car and its race; hashable, so tables are cached.

    ``lines`` are (progress of the Corner Line, Speed Limit, extra Heat when over it) for every
    Corner Line before the finish; ``free`` holds, for every card that is neither Heat nor
    Stress, its Speed values and its + symbols."""

    lines: tuple[tuple[int, int, int], ...]
    finish: int
    free: tuple[tuple[tuple[int, ...], int], ...]
    stress: int
    heat: int
    """All the car's Heat cards: in the Engine and among its cards."""
    hand: int = 7
    start: int = -4
    draw_extra: int = 1
    """A car plays ``gear`` cards and is assumed to discard this many more before drawing."""
    samples: int = 16
    """Random hands per hand size."""
    overshoot: float = 0.01
    """Rounds one space past the finish line is worth (B-16.3 ties)."""
    spin_extra: float = 0.3
    """Rounds a spin-out costs beyond its place, gear and Heat (the Stress cards it gives)."""
    seed: int = 1


FreeCard = tuple[tuple[int, ...], int]
"""A card that is neither Heat nor Stress: its Speed values and its + symbols."""
Array = NDArray[np.float64]
IntArray = NDArray[np.int64]
Rows = NDArray[np.float32]
"""Speed distributions of plays, one per row (float32: see ``_best``)."""
K = TypeVar("K")
V = TypeVar("V")

LANDING_ROWS = 64
"""Rows whose landings a table keeps (about 5 MB on Great Britain, where the table holds 17 MB)."""


class ValueTable:
    """``value(...)``: expected rounds still needed at the start of a round; ``after(...)``:
    the same for a car that has just finished its turn, before it draws."""

    def __init__(self, model: CarModel) -> None:
        self.model = m = model
        heat, hand, stress = m.heat, m.hand, m.stress
        self.states = states = [
            (e, h, s) for e in range(heat + 1) for h in range(heat + 1 - e) for s in range(stress + 1) if h + s <= hand
        ]
        self.index = {state: k for k, state in enumerate(states)}
        count = len(states)
        top_cards = sorted((max(speeds) for speeds, _ in m.free), reverse=True)[:4]
        self.speeds = speeds = sum(top_cards) + 4 * 4 + 6  # fastest plays, flips included
        self.size = size = m.finish + speeds + 6 - m.start + 1
        self.engine = np.array([e for e, _, _ in states])
        self._costs()
        self._down = self._shifted_states()
        self._spin = self._spin_states()
        self._draw = self._draw_matrices()
        self._rows = sample_rows(m.free, m.hand, m.samples, m.seed, speeds)
        self.rounds: Array = np.zeros((size, 4, count))
        self.rounds_after: Array = np.zeros((size, 4, count))
        self.moves: NDArray[np.float32] = np.zeros((size, 4, count, speeds), dtype=np.float32)
        """[row, gear, state before corners, s]: moving s spaces at Speed s from that row, as the
        solution saw it while it solved that row (a move that stays on the row, a Speed of 0 or a
        spin-out at a Corner Line on that very space, is valued with the row not yet solved)."""
        self._solved: OrderedDict[int, NDArray[np.float32]] = OrderedDict()
        """The landings of the rows last asked for (``landings``), at most ``LANDING_ROWS``."""
        self._solve()

    # ------------------------------------------------------------------ lookups

    def clamp(self, e: int, h: int, s: int) -> int:
        """The state index nearest to Engine ``e``, ``h`` Heat and ``s`` Stress in hand."""
        return self.index[self._nearest(e, h, s)]

    def _nearest(self, e: int, h: int, s: int) -> tuple[int, int, int]:
        """The state nearest to Engine ``e``, ``h`` Heat and ``s`` Stress in hand."""
        m = self.model
        e = max(0, min(e, m.heat))
        h = max(0, min(h, m.heat - e, m.hand))
        s = max(0, min(s, m.stress, m.hand - h))
        return e, h, s

    def _row(self, pos: int) -> int:
        return max(0, min(pos - self.model.start, self.size - 1))

    def value(self, pos: int, gear: int, e: int, h: int, s: int) -> float:
        """Expected rounds still needed at the start of a round in this state."""
        return float(self.rounds[self._row(pos), gear - 1, self.clamp(e, h, s)])

    def after(self, pos: int, gear: int, e: int, h: int, s: int) -> float:
        """Expected rounds still needed by a car that ended its turn in this state (before it
        draws: the draw's Heat and Stress are averaged in)."""
        return float(self.rounds_after[self._row(pos), gear - 1, self.clamp(e, h, s)])

    def hand_value(self, pos: int, gear: int, e: int, h: int, s: int, free: Sequence[FreeCard]) -> float:
        """Expected rounds still needed at the start of a round with this exact hand: ``h`` Heat,
        ``s`` Stress and the ``free`` cards (Speed values, + symbols), playing its best."""
        m = self.model
        row = self._row(pos)
        if row + m.start > m.finish:
            return float(self.rounds[row, 0, 0])
        e, h, s = self._nearest(e, h, s)
        landing = self.moves[row]
        cards = tuple(sorted(free))
        best = np.inf
        for target in range(max(1, gear - 2), min(4, gear + 2) + 1):
            shift = 1 if abs(target - gear) == 2 else 0
            if e < shift:
                continue
            cool = min(GEAR_COOLDOWN[target], h)
            engine = min(e - shift + cool, m.heat - (h - cool))
            for played in range(min(s, target) + 1):
                if target - played > len(cards):
                    continue
                rows = _hand_rows(cards, target - played, played, self.speeds)
                if rows is None:
                    continue
                value = float((rows @ landing[target - 1, self.index[(engine, h - cool, s - played)]]).min())
                best = min(best, value)
        if best == np.inf:  # a cluttered hand (B-14)
            return float(self.rounds[row, 0, self.index[(e, max(0, h - 1), 0)]]) + 1.0
        return 1.0 + best

    def landings(self, pos: int) -> NDArray[np.float32]:
        """[gear, state before corners, s]: the value of moving s spaces at Speed s from ``pos``
        (the better of a Boost or none), from the solved table: ``after`` at the landing place,
        the corners paid or the spin-out, exactly. Computed on first use (a few milliseconds) and
        kept for the ``LANDING_ROWS`` rows last asked for: a car only moves forward, so a row
        left behind is rarely asked for again, and all of them would weigh as much as ``moves``."""
        row = self._row(pos)
        return _kept(self._solved, row, lambda: self._landings(row).astype(np.float32), LANDING_ROWS)

    def corner_heat(self, start: int, end: int, speed: int, available: int) -> tuple[int, int | None]:
        """Heat owed for the Corner Lines between progress ``start`` and ``end`` at ``speed``, and
        the line where the car spins out if ``available`` Heat cannot pay (None if it can)."""
        owed = 0
        for line, limit, extra in self.model.lines:
            if crosses(start, end, line):
                cost = corner_cost(speed, limit, extra)
                if cost:
                    owed += cost
                    if owed > available:
                        return owed, line
        return owed, None

    # ------------------------------------------------------------------ set-up tables

    def _costs(self) -> None:
        """Corner Heat of a move of s spaces at Speed s from each progress, and where it spins out
        for each amount of Heat available."""
        m = self.model
        width = self.speeds + 8
        self._cost = np.zeros((self.size, width), dtype=np.int64)
        self._fail = np.full((self.size, width, m.heat + 1), -1, dtype=np.int64)
        for row in range(self.size):
            pos = row + m.start
            if pos > m.finish:
                continue
            for s in range(width):
                owed = 0
                steps = []
                for line, limit, extra in m.lines:
                    if crosses(pos, pos + s, line):
                        cost = corner_cost(s, limit, extra)
                        if cost:
                            owed += cost
                            steps.append((owed, line))
                self._cost[row, s] = owed
                for available in range(m.heat + 1):
                    for total, line in steps:
                        if total > available:
                            self._fail[row, s, available] = line - m.start
                            break

    def _shifted_states(self) -> IntArray:
        """``down[c][k]``: the state with ``c`` less Heat in the Engine, or -1."""
        m = self.model
        down = np.full((m.heat + 2, len(self.states)), -1, dtype=np.int64)
        for c in range(m.heat + 2):
            for k, (e, h, s) in enumerate(self.states):
                if e >= c:
                    down[c, k] = self.index[(e - c, h, s)]
        return down

    def _spin_states(self) -> IntArray:
        """The state after a spin-out: Engine empty, 1 or 2 Stress cards more in hand (B-7.7, B-7.9)."""
        m = self.model
        spin = np.zeros((3, len(self.states)), dtype=np.int64)
        for extra in (1, 2):
            for k, (_, h, s) in enumerate(self.states):
                spin[extra, k] = self.index[(0, h, min(m.stress, s + extra, m.hand - h))]
        return spin

    def _draw_matrices(self) -> list[Array]:
        """Per gear: the chance of each hand after drawing, from each hand before it (the draw
        comes from every card outside the hand and the Engine)."""
        m = self.model
        count = len(self.states)
        others = len(m.free)
        matrices = [np.eye(count)]
        for gear in range(1, 5):
            matrix = np.zeros((count, count))
            for k, (e, h, s) in enumerate(self.states):
                draws = min(m.hand - h - s, gear + m.draw_extra)
                heat_out = m.heat - e - h
                stress_out = m.stress - s
                pool = others + m.stress + (m.heat - e) - (m.hand - draws)
                free_out = pool - heat_out - stress_out
                if draws <= 0 or pool < draws or free_out < 0:
                    matrix[k, k] = 1.0
                    continue
                total = math.comb(pool, draws)
                for x in range(min(draws, heat_out) + 1):
                    for y in range(min(draws - x, stress_out) + 1):
                        z = draws - x - y
                        if z > free_out:
                            continue
                        chance = math.comb(heat_out, x) * math.comb(stress_out, y) * math.comb(free_out, z) / total
                        matrix[k, self.index[(e, h + x, s + y)]] += chance
            matrices.append(matrix)
        return matrices

    # ------------------------------------------------------------------ the solution

    def _solve(self) -> None:
        m = self.model
        rounds, after = self.rounds, self.rounds_after
        for row in range(self.size):
            pos = row + m.start
            if pos > m.finish:
                rounds[row] = -(pos - m.finish) * m.overshoot
                after[row] = rounds[row]
        plans = self._plans()
        for row in range(self.size - 1, -1, -1):
            if row + m.start > m.finish:
                continue
            # a play of Speed 0 stays here: start from one more round than the next space
            rounds[row] = rounds[row + 1] + 1.0
            self._expect(row)
            landing = self._landings(row)
            self.moves[row] = landing
            rounds[row] = self._best(row, landing, plans)
            self._expect(row)

    def _expect(self, row: int) -> None:
        for g in range(4):
            self.rounds_after[row, g] = self._draw[g + 1] @ self.rounds[row, g]

    def _landings(self, row: int) -> Array:
        """[gear, state before corners, s]: the value of moving s spaces at Speed s from
        ``row``, with the better of a Boost or none."""
        width = self.speeds
        plain = self._arrive(row, width, 0)
        boosted = self._arrive(row, width + 4, 1)
        boost = 0.25 * sum(boosted[gain : width + gain] for gain in BOOST)
        return np.minimum(plain, boost).transpose(1, 2, 0)

    def _arrive(self, row: int, count: int, paid: int) -> Array:
        """(s, gear, state): the value of arriving after moving s spaces at Speed s, having paid
        ``paid`` Heat first (inf where the Engine could not pay it)."""
        m = self.model
        s = np.arange(count)
        width = self._cost.shape[1]
        clipped = np.minimum(s, width - 1)
        target_row = np.minimum(row + s, self.size - 1)
        owed = np.minimum(self._cost[row, clipped], m.heat + 1 - paid)
        engine = self.engine
        can_pay = engine >= paid
        available = np.minimum(np.maximum(engine - paid, 0), m.heat)
        target = self._down[owed + paid]  # (s, state)
        ok = (target >= 0) & can_pay[None, :]
        gears = np.arange(4)[None, :, None]
        values = self.rounds_after[target_row[:, None, None], gears, np.maximum(target, 0)[:, None, :]]
        spin_row = self._fail[row, clipped[:, None], available[None, :]]
        spin_row = np.where(spin_row >= 0, spin_row, target_row[:, None])
        spun = np.empty_like(values)
        spun[:, 0:2, :] = (self.rounds_after[spin_row, 0, self._spin[1][None, :]] + m.spin_extra)[:, None, :]
        spun[:, 2:4, :] = (self.rounds_after[spin_row, 0, self._spin[2][None, :]] + m.spin_extra)[:, None, :]
        out = np.where(ok[:, None, :], values, spun)
        return np.where(can_pay[None, None, :], out, np.inf)

    def _plans(self) -> _Plans:
        """Index tables for ``_best``, built once: for each (gear, Stress played, free cards in
        hand) the hands that can make such a play and the states each would lead to, and for
        each current gear how Engine states map onto the states of each gear it can reach."""
        m = self.model
        heat, hand = m.heat, m.hand
        pairs = sorted({(h, s) for _, h, s in self.states})
        count = len(self.states)
        jobs: list[tuple[int, Rows, IntArray, IntArray, IntArray, IntArray]] = []
        for gear in range(1, 5):
            for played in range(min(gear, m.stress) + 1):
                for free in range(hand + 1):
                    key = (free, gear - played, played)
                    if key not in self._rows:
                        continue
                    members = [k for k, (h, s) in enumerate(pairs) if hand - h - s == free and s >= played]
                    if not members:
                        continue
                    states = np.full((len(members), heat + 1), count, dtype=np.int64)  # count: a dead state
                    for row, k in enumerate(members):
                        h, s = pairs[k]
                        cooled = h - min(GEAR_COOLDOWN[gear], h)
                        for e in range(heat + 1 - cooled):
                            states[row, e] = self.index[(e, cooled, s - played)]
                    rows, starts, owners = self._rows[key]
                    jobs.append((gear, rows, starts, owners, np.array(members), states))
        engines = np.arange(heat + 1)
        reach: list[list[tuple[int, IntArray]]] = []
        for gear in range(1, 5):
            parts = []
            for target in range(max(1, gear - 2), min(4, gear + 2) + 1):
                shift = 1 if abs(target - gear) == 2 else 0  # B-1.2
                columns = np.full((len(pairs), heat + 1), heat + 1, dtype=np.int64)
                for k, (h, _) in enumerate(pairs):
                    cool = min(GEAR_COOLDOWN[target], h)
                    column = engines - shift + cool
                    valid = (engines - shift >= 0) & (engines <= heat - h) & (column <= heat)
                    columns[k] = np.where(valid, column, heat + 1)
                parts.append((target, columns))
            reach.append(parts)
        mine = np.full((len(pairs), heat + 1), -1, dtype=np.int64)
        clutter = np.zeros((len(pairs), heat + 1), dtype=np.int64)
        for k, (h, s) in enumerate(pairs):
            for e in range(heat + 1 - h):
                mine[k, e] = self.index[(e, h, s)]
                clutter[k, e] = self.index[(e, max(0, h - 1), 0)]
        return _Plans(jobs, reach, mine, clutter)

    def _best(self, row: int, landing: Array, plans: _Plans) -> Array:
        """V at ``row`` for every gear and state: one round, the best play of each sampled hand."""
        m = self.model
        heat, samples = m.heat, m.samples
        pairs = plans.mine.shape[0]
        dead = np.full((4, 1, landing.shape[2]), DEAD, dtype=np.float32)
        # float32: the products below are most of the build, and five times faster in it
        padded = np.concatenate([landing.astype(np.float32), dead], axis=1)  # the dead state, for padding
        best = np.full((pairs, 5, samples, heat + 2), np.inf)
        for gear, rows, starts, owners, members, states in plans.jobs:
            gathered = padded[gear - 1][states]  # (members, heat + 1, S)
            values = rows @ gathered.reshape(-1, gathered.shape[2]).T  # (rows, members * (heat + 1))
            per_hand = np.minimum.reduceat(values, starts, axis=0)
            per_hand = per_hand.reshape(len(owners), len(members), heat + 1).transpose(1, 0, 2)
            per_hand[per_hand >= DEAD / 2] = np.inf
            where = (members[:, None], gear, owners[None, :])
            best[where[0], where[1], where[2], : heat + 1] = np.minimum(
                best[where[0], where[1], where[2], : heat + 1], per_hand
            )
        new = np.full((4, len(self.states)), np.inf)
        valid = plans.mine >= 0
        pair_index = np.arange(pairs)[:, None, None]
        sample_index = np.arange(samples)[None, :, None]
        for gear in range(1, 5):
            choice = None
            for target, columns in plans.reach[gear - 1]:
                values = best[pair_index, target, sample_index, columns[:, None, :]]  # (pairs, samples, heat + 1)
                choice = values if choice is None else np.minimum(choice, values)
            assert choice is not None
            stuck = np.isinf(choice)
            if stuck.any():  # a cluttered hand (B-14): no move, 1st gear
                fallback = self.rounds[row, 0][plans.clutter] + 1.0  # (pairs, heat + 1)
                choice = np.where(stuck, fallback[:, None, :], choice)
            mean = choice.mean(axis=1)
            new[gear - 1, plans.mine[valid]] = 1.0 + mean[valid]
        return new


DEAD = 1e9
"""A value no play reaches: the padding of state tables (finite, so that 0 * DEAD is 0)."""


@dataclass(slots=True)
class _Plans:
    jobs: list[tuple[int, Rows, IntArray, IntArray, IntArray, IntArray]]
    reach: list[list[tuple[int, IntArray]]]
    mine: IntArray
    clutter: IntArray


@lru_cache(maxsize=16)
def sample_rows(
    free: tuple[FreeCard, ...], hand: int, samples: int, seed: int, width: int
) -> dict[tuple[int, int, int], tuple[Rows, IntArray, IntArray]]:
    """For each number of free cards in hand, ``samples`` random hands of them; for each number
    of them played and of flips, the Speed distribution of every distinct play (rows), with where
    each hand's rows start and which hand they belong to. Tables of cars with the same cards
    share them."""
    rng = np.random.default_rng(seed)
    rows: dict[tuple[int, int, int], tuple[Rows, IntArray, IntArray]] = {}
    for count in range(hand + 1):
        hands = []
        for _ in range(samples):
            picked = rng.choice(len(free), size=min(count, len(free)), replace=False)
            hands.append([free[j] for j in sorted(picked)])
        for used in range(5):
            plays = [play_keys(cards, used) for cards in hands]
            for flips in range(5):
                found: list[Array] = []
                owners: list[int] = []
                for number, keys in enumerate(plays):
                    for total, plus in keys:
                        found.append(_speed_row(total, plus + flips, width))
                        owners.append(number)
                if found:
                    owner = np.array(owners)
                    starts = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]])
                    rows[(count, used, flips)] = (np.array(found, dtype=np.float32), starts, owner[starts])
    return rows


def play_distributions(cards: list[tuple[tuple[int, ...], int]], used: int, flips: int, width: int) -> list[Array]:
    """The Speed distribution of every distinct play of ``used`` of ``cards`` plus ``flips``
    flipped Basic cards (Stress cards played), as rows of length ``width``."""
    return [_speed_row(total, plus + flips, width) for total, plus in play_keys(cards, used)]


def play_keys(cards: Sequence[tuple[tuple[int, ...], int]], used: int) -> list[tuple[int, int]]:
    """The distinct plays of ``used`` of ``cards``: the sum of their Speed values (each value of
    a choice card) and their + symbols, in the order first met."""
    seen: dict[tuple[int, int], None] = {}
    for combo in itertools.combinations(cards, used):
        plus = sum(card[1] for card in combo)
        for values in itertools.product(*(card[0] for card in combo)):
            seen.setdefault((sum(values), plus), None)
    return list(seen)


@lru_cache(maxsize=4096)
def _speed_row(total: int, flips: int, width: int) -> Array:
    """The Speed distribution of printed values summing to ``total`` plus ``flips`` flipped
    Basic cards (shared: never modified)."""
    start = min(total, width - 1)
    dist = np.zeros(width)
    dist[start:] = _flips(flips, width)[: width - start]
    return dist


@lru_cache(maxsize=64)
def _flips(count: int, width: int) -> Array:
    """The Speed distribution of ``count`` flipped Basic cards, from Speed 0."""
    dist = np.zeros(width)
    dist[0] = 1.0
    for _ in range(count):
        dist = np.convolve(dist, FLIP)[:width]
    return dist


@lru_cache(maxsize=20_000)
def _hand_rows(cards: tuple[FreeCard, ...], used: int, flips: int, width: int) -> Rows | None:
    rows = play_distributions(list(cards), used, flips, width)
    return np.array(rows, dtype=np.float32) if rows else None


_TABLES: OrderedDict[CarModel, ValueTable] = OrderedDict()
_KEEP = 8


def table_for(model: CarModel) -> ValueTable:
    """The value table of ``model``, computed once and kept among the last few used."""
    return _kept(_TABLES, model, lambda: ValueTable(model), _KEEP)


def _kept(cache: OrderedDict[K, V], key: K, make: Callable[[], V], keep: int) -> V:
    """``cache[key]``, made by ``make`` if missing; the cache keeps the ``keep`` keys last asked for."""
    value = cache.get(key)
    if value is None:
        value = cache[key] = make()
        while len(cache) > keep:
            cache.popitem(last=False)
    else:
        cache.move_to_end(key)
    return value
