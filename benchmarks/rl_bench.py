"""The learning environment's speed beside the raw engine's (docs/rl.md).

Every seat of the race is a random agent, so the engine's work is the same in both loops:

* engine: ``legal_decisions`` and ``apply`` of a random one, per decision;
* env: the same race driven through ``heat.rl``'s ``Table`` one token at a time: per decision
  also the legal decisions spelled, per decision the agent is asked its observation
  (``view_of`` and ``encode``), and per token the prefix and the mask, as an agent receives them;
* each part timed in one loop: the engine step, the view, the encoding and the mask, per
  decision, and the overhead in percent;
* ``HeatEnv`` (one agent against random bots) single, and Gymnasium's vector form of
  ``--envs`` races, synchronous and in processes, in environment steps (tokens) per second.

    python benchmarks/rl_bench.py --races 20 --cars 4 --envs 2
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable

import numpy as np

from heat.engine import Race, RaceConfig, default_seats, view_of
from heat.rl.actions import DecisionCursor
from heat.rl.observation import encode_view, with_prefix
from heat.rl.table import EpisodeOptions, Table


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
"""``--clock``: the process's CPU time (a system call of about 0.6 us a reading) or the wall
clock (``perf_counter``: tens of nanoseconds, but it counts other jobs' time on a shared machine)."""


def reading_cost(clock: Callable[[], float], readings: int = 20_000) -> float:
    """Seconds that one reading of ``clock`` adds to an interval it ends: the median, over
    batches, of the mean interval between two readings with nothing between them. (Reading the
    process's CPU time is a system call of about a microsecond, as long as some parts timed.)"""
    batches = []
    for _ in range(5):
        total = 0.0
        for _ in range(readings // 5):
            started = clock()
            total += clock() - started
        batches.append(total / (readings // 5))
    return sorted(batches)[len(batches) // 2]


def split_loop(args: argparse.Namespace) -> dict[str, float]:
    """Seconds spent in each part of a decision over ``--races`` random races, every seat an
    agent spelling its decision token by token, each part timed in the same loop (so that a
    shared machine's load weighs on all alike): the engine (``legal_decisions``, ``apply``),
    the seat's view (``view_of``, taken at every decision as a bot takes it), the encoding
    (``encode_view`` with the tokens taken so far when the agent is first asked, as
    ``Table.observe`` makes it; a copy with the prefix at each later token) and the mask (the
    legal decisions spelled, the forced tokens taken, the mask copied as ``Table`` hands it
    out, and the token taken). ``intervals:PART``: how many intervals of the clock each part
    sums (each carries one reading of the clock, ``reading_cost``)."""
    # By default the process's CPU time, not the wall clock: on a shared machine the wall clock
    # also counts the other jobs' turns on the cores, which swamp parts of a few microseconds.
    # On an idle machine ``--clock wall`` reads ``perf_counter``, a far cheaper reading.
    clock = CLOCKS[args.clock]
    spent = dict.fromkeys(("engine", "view", "encoding", "mask"), 0.0)
    intervals = dict.fromkeys(spent, 0)
    decisions = tokens = 0
    for seed in range(args.races):
        race = Race(RaceConfig(default_seats(args.cars), track=args.track, laps=args.laps, seed=seed))
        rng = np.random.default_rng(seed)
        while not race.is_over:
            started = clock()
            seat = race.to_decide()[0]
            legal = race.legal_decisions(seat)
            viewed = clock()
            view = view_of(race, seat)
            masked = clock()
            cursor = DecisionCursor(legal)
            decision = cursor.advance_forced()
            spent["engine"] += viewed - started
            spent["view"] += masked - viewed
            spent["mask"] += clock() - masked
            intervals["engine"] += 2  # this one and the apply's
            intervals["view"] += 1
            intervals["mask"] += 1
            base = None
            while decision is None:
                started = clock()
                if base is None:  # the agent is first asked: its observation, as Table.observe makes it
                    base = encode_view(view, cursor.prefix)
                else:  # a later token of the same decision: the observation the agent receives
                    with_prefix(base, cursor.prefix)
                masked = clock()
                mask = cursor.mask().copy()  # a new array, as ``Table.mask`` hands it out
                spent["encoding"] += masked - started
                spent["mask"] += clock() - masked
                allowed = np.flatnonzero(mask)  # the agent's choice: not the environment's cost
                token = int(allowed[rng.integers(len(allowed))])
                started = clock()
                decision = cursor.choose(token)
                if decision is None:
                    decision = cursor.advance_forced()
                spent["mask"] += clock() - started
                intervals["encoding"] += 1
                intervals["mask"] += 2
                tokens += 1
            started = clock()
            race.apply(seat, decision)
            spent["engine"] += clock() - started
            decisions += 1
    counts = {f"intervals:{part}": count for part, count in intervals.items()}
    return {**spent, **counts, "decisions": decisions, "tokens": tokens}


def env_loop(args: argparse.Namespace) -> tuple[int, int, float]:
    """(decisions, tokens, seconds) of the same races through ``Table``, every seat an agent that
    receives an observation and a mask before each token."""
    options = EpisodeOptions(
        agents=args.cars, opponents=((),), tracks=(args.track,), laps=args.laps, shuffle_seats=False
    )
    tokens, started = 0, time.perf_counter()
    decisions = 0
    for seed in range(args.races):
        table = Table(options, seed, (), args.track)
        rng = np.random.default_rng(seed)
        while table.seat is not None:
            table.observe(table.seat)
            allowed = np.flatnonzero(table.mask(table.seat))
            table.choose(int(allowed[rng.integers(len(allowed))]))
            tokens += 1
        race = table.race
        assert race is not None
        decisions += len(race.decisions)
    return decisions, tokens, time.perf_counter() - started


def gym_steps(args: argparse.Namespace, count: int, asynchronous: bool | None) -> tuple[int, float]:
    """(steps, seconds) of ``HeatEnv`` against random bots for ``--seconds``: one env (None) or
    ``count`` in Gymnasium's vector form."""
    from heat.rl import HeatEnv, vector_env
    from heat.rl.vector import sample_masked

    options = {"opponents": f"random*{args.cars - 1}", "track": args.track, "laps": args.laps}
    rng = np.random.default_rng(0)
    steps = 0
    if asynchronous is None:
        env = HeatEnv(**options)
        _, info = env.reset(seed=0)
        started = time.perf_counter()
        while time.perf_counter() - started < args.seconds:
            action = sample_masked(info["action_mask"][None, :], rng)[0]
            _, _, terminated, truncated, info = env.step(action)
            steps += 1
            if terminated or truncated:
                _, info = env.reset()
        return steps, time.perf_counter() - started
    envs = vector_env(count, asynchronous=asynchronous, **options)
    _, infos = envs.reset(seed=0)
    started = time.perf_counter()
    while time.perf_counter() - started < args.seconds:
        _, _, _, _, infos = envs.step(sample_masked(infos["action_mask"], rng))
        steps += count
    seconds = time.perf_counter() - started
    envs.close()
    return steps, seconds


def main(argv: list[str] | None = None) -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--races", type=positive, default=20)
    parser.add_argument("--cars", type=positive, default=4)
    parser.add_argument("--track", default="usa")
    parser.add_argument("--laps", type=positive, default=None)
    parser.add_argument("--envs", type=positive, default=2, help="races in the vector form")
    parser.add_argument("--seconds", type=float, default=5.0, help="time of each Gymnasium measure")
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="cpu",
        help="what times the parts: the process's CPU time (default; for a shared machine) or the wall clock",
    )
    args = parser.parse_args(argv)
    if not 2 <= args.cars <= 6:
        parser.error(f"--cars: 2 to 6, not {args.cars}")
    print(
        f"python {platform.python_version()} on {platform.machine()}; {args.races} races of {args.cars} cars;"
        f" parts timed by the {args.clock} clock"
    )
    split = split_loop(args)
    decisions = split["decisions"]

    def us(*parts: str) -> float:
        return sum(split[part] for part in parts) / decisions * 1e6

    engine, view, added = us("engine"), us("view"), us("encoding", "mask")
    reading = reading_cost(CLOCKS[args.clock])

    def net(*parts: str) -> float:
        """``us(*parts)`` less the clock's readings its intervals carry."""
        return us(*parts) - sum(split[f"intervals:{part}"] for part in parts) * reading / decisions * 1e6

    print(f"{decisions:.0f} decisions, {split['tokens'] / decisions:.2f} tokens asked per decision")
    print("(each figure below per decision, asked or forced: a forced one has no observation)")
    print(f"engine step (legal decisions, apply): {engine:.1f} us per decision")
    print(f"the seat's view (view_of, as every bot takes it): {view:.1f} us")
    print(f"encoding {us('encoding'):.1f} us + mask {us('mask'):.1f} us = {added:.1f} us per decision")
    print(f"overhead of encoding and mask: {added / engine:.0%} of the engine step")
    print(f"  and of the engine step with the view a bot takes: {added / (engine + view):.0%}")
    print(f"overhead with the view: {(added + view) / engine:.0%} of the engine step")
    net_engine, net_added = net("engine"), net("encoding", "mask")
    print(
        f"without the clock's own readings ({reading * 1e6:.2f} us each, one per timed interval): "
        f"engine step {net_engine:.1f} us, encoding {net('encoding'):.1f} us + mask {net('mask'):.1f} us "
        f"= {net_added / net_engine:.0%} of the engine step"
    )
    env_decisions, tokens, env_seconds = env_loop(args)
    print(
        f"env (every seat an agent, through Table): {tokens / env_seconds:,.0f} steps per second, "
        f"{env_decisions / env_seconds:,.0f} decisions per second"
    )
    single, seconds = gym_steps(args, 1, None)
    print(f"HeatEnv vs random bots, single: {single / seconds:,.0f} steps per second")
    for asynchronous in (False, True):
        steps, seconds = gym_steps(args, args.envs, asynchronous)
        kind = "async (processes)" if asynchronous else "sync"
        print(f"vector of {args.envs}, {kind}: {steps / seconds:,.0f} steps per second")


if __name__ == "__main__":
    main()
