"""The champion told how each round will turn out: how much of the Great Britain gap is luck.

Not a bot (it reads hidden state), an experiment. At each of its plans the driver plays the
champion's best few plans (``--candidates``) on copies of the race, to the end of its turn (its
Discard step or its next plan), the champion making its other decisions there, and keeps the plan
whose turn ends best by the champion's value table (a race won or lost counts as such). What the
copies hold is what the driver is told (``--know``, one or more, comma-separated):

- ``round``: the race itself, so everything the round will bring (its flips and Boosts, the
  Legends card, where every car ends);
- ``own``: its own deck order, not the Legends card (the Legends deck is shuffled again in each
  of ``--samples`` copies);
- ``legends``: the Legends card, not its own deck order (its deck and the random state drawn
  again in each copy);
- ``nothing``: neither (both drawn again): a fair driver, the same simulation on what its view
  allows.

It plays the races of ``heat arena --lineup champion,legend*5`` (the same seats and seeds), the
champion itself first, and prints for each kind of foresight its wins with their 95% Wilson
interval and, against the champion, the races only one of the two won, with McNemar's exact p.

    python benchmarks/round_oracle.py --know round,own,legends --races 200
"""

from __future__ import annotations

import argparse
import copy
import sys
from typing import Any

from heat.arena import LEGEND, ArenaConfig, bot_seed, check_config, make_driver, play_race, race_setup
from heat.bots import forecast
from heat.bots.planner import PlannerBot
from heat.engine import Decision, Discard, HeatError, Plan, Race, from_position, to_position, view_of
from heat.engine.rng import Rng
from legends_arena import add_arena_options, arena_of, play_all, positive  # this folder is on sys.path
from settings_sweep import champion_won, report

CHAMPION = "champion"
KNOWS = ("round", "own", "legends", "nothing")
DECIDED = 1000.0
"""Rounds a race won (minus) or lost (plus) within the turn counts for: more than any race takes."""


def _hide(position: dict[str, Any], me: int, know: str, rng: Rng) -> dict[str, Any]:
    """A copy of ``position`` with what ``know`` does not tell drawn again."""
    hidden = copy.deepcopy(position)
    if know in ("own", "nothing"):
        rng.shuffle(hidden["legends"]["deck"])
    if know in ("legends", "nothing"):
        rng.shuffle(hidden["cars"][me]["deck"])
        hidden["rng"] = rng.next64()
    return hidden


def turn_end(race: Race, me: int, seed: int) -> float:
    """Drive ``race`` (a copy) with a champion seeded ``seed`` to the end of seat ``me``'s turn:
    the rounds its table says it still needs there, or the race's result if it ends."""
    bot = make_driver(CHAMPION, seed)
    assert isinstance(bot, PlannerBot)
    while not race.is_over:
        seat = race.to_decide()[0]
        legal = race.legal_decisions(seat)
        if seat == me and isinstance(legal[0], (Plan, Discard)):
            break
        race.apply(seat, bot.choose(view_of(race, seat), legal))
    if race.is_over:
        return -DECIDED if race.standings()[0] == me else DECIDED
    view = view_of(race, me)
    assert view.me is not None
    hand = view.me.hand
    assert hand is not None
    where = forecast.progress(view, me)
    return bot.table(view).after(where, view.cars[me].gear, view.me.engine, hand.count("heat"), hand.count("stress"))


def foreseen_plan(race: Race, me: int, bot: PlannerBot, know: str, candidates: int, samples: int, index: int) -> Plan:
    """The plan among the champion's ``candidates`` best whose turn ends best on average over the
    copies of the race that ``know`` allows."""
    view = view_of(race, me)
    top = bot.ranked(view, race.legal_decisions(me))[:candidates]
    rng = Rng(index * 1000 + race.round)
    position = to_position(race)
    copies = [position] if know == "round" else [_hide(position, me, know, rng) for _ in range(samples)]
    scores = []
    for plan in top:
        total = 0.0
        for k, start in enumerate(copies):
            trial = from_position(start, record_events=False)
            trial.apply(me, plan)
            total += turn_end(trial, me, index * 31 + k)
        scores.append(total / len(copies))
    best = top[min(range(len(top)), key=scores.__getitem__)]
    assert isinstance(best, Plan)
    return best


def _race(task: tuple[ArenaConfig, int, str, int, int]) -> bool:
    """Race ``index`` of the arena with the driver told ``know`` (or the champion itself): did it win?"""
    config, index, know, candidates, samples = task
    if know == CHAMPION:
        return champion_won(play_race(config, index))
    race_config, entrants = race_setup(config, index)
    race = Race(race_config, record_events=False)
    me = next(seat for seat, name in enumerate(entrants) if name != LEGEND)
    bot = make_driver(entrants[me], bot_seed(race_config.seed, me))
    assert isinstance(bot, PlannerBot)
    while not race.is_over:
        seat = race.to_decide()[0]
        legal = race.legal_decisions(seat)
        if seat == me and isinstance(legal[0], Plan) and len(legal) > 1:
            decision: Decision = foreseen_plan(race, me, bot, know, candidates, samples, index)
        else:
            decision = bot.choose(view_of(race, seat), legal)
        race.apply(seat, decision)
    return race.standings()[0] == me


def parse_knows(text: str) -> list[str]:
    """The kinds of foresight listed in ``text``; ValueError naming a wrong one."""
    knows = [part.strip() for part in text.split(",")]
    for know in knows:
        if know not in KNOWS:
            raise ValueError(f"--know: unknown {know!r}; one or more of: {', '.join(KNOWS)}")
    if len(set(knows)) != len(knows):
        raise ValueError("--know: a kind is listed twice")
    return knows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--know", default="round,own,legends", help=f"one or more of: {', '.join(KNOWS)}")
    parser.add_argument("--candidates", type=positive, default=4, help="the champion's best plans tried (4)")
    parser.add_argument("--samples", type=positive, default=8, help="copies where something is hidden (8)")
    add_arena_options(parser)
    args = parser.parse_args(argv)
    config = arena_of(args, CHAMPION)
    try:
        knows = parse_knows(args.know)
        check_config(config)
    except (ValueError, HeatError) as error:
        print(f"round_oracle: {error}", file=sys.stderr)
        return 2
    kinds = [CHAMPION, *knows]
    tasks = [(config, index, kind, args.candidates, args.samples) for kind in kinds for index in range(config.races)]
    wins = play_all(_race, tasks, args.workers)
    by_kind = [wins[i : i + config.races] for i in range(0, len(wins), config.races)]
    chevrons = "on" if args.aggressive else "off"
    print(f"champion against five Legends on {args.track}, {args.races} races, seed {args.seed}, chevrons {chevrons}")
    print(
        f"each plan chosen among the champion's {args.candidates} best by how its turn ends, "
        f"what it is not told drawn {args.samples} times"
    )
    print(report("told", kinds, by_kind))
    return 0


if __name__ == "__main__":
    sys.exit(main())
