"""The arena: many races between any lineup of bots and Legends, and the statistics of who wins.

Each race seats the lineup in a random order (so colours and seats are random; the grid is drawn
by the race as always), on one of the chosen tracks, with the chosen modules. Races run in
parallel processes. For every entrant the arena reports the win rate and the mean place with
95% confidence intervals (Wilson for rates), and the time its decisions took.
"""

from __future__ import annotations

import csv
import io
import json
import math
import multiprocessing
import signal
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from heat.bots.base import Bot
from heat.bots.levels import LEVELS, make_bot
from heat.bots.search import SearchBot
from heat.engine import COLORS, ConfigError, Plan, Race, RaceConfig, SeatConfig, track_ids, view_of
from heat.engine.config import MAX_CARS
from heat.engine.rng import Rng
from heat.engine.setup import check_config as check_race_config
from heat.legend_options import check_legend_options, flag_words
from heat.stats import race_stats
from heat.storage import write_text

LEGEND = "legend"
SEARCH = "search"
"""The search bot: an arena entrant, not a level (docs/bots.md)."""
ENTRANTS = (*LEVELS, SEARCH, LEGEND)


@dataclass(frozen=True, slots=True)
class ArenaConfig:
    """What to play: the lineup (level names or 'legend', repeats allowed), tracks and modules."""

    lineup: tuple[str, ...]
    tracks: tuple[str, ...] = ("usa",)
    races: int = 100
    """Races per track."""
    laps: int | None = None
    seed: int = 0
    garage: str | None = None
    weather: bool = False
    pro_legends: int = 0
    aggressive_legends: bool = True
    tournament: bool = False


@dataclass(slots=True)
class RaceOutcome:
    """One race: the track, each seat's entrant, place and starting grid place, and decision
    times per entrant."""

    track: str
    entrants: list[str]
    places: list[int]
    rounds: list[int]
    seconds: dict[str, list[float]] = field(default_factory=dict)
    """Every decision with a choice (more than one legal option)."""
    plan_seconds: dict[str, list[float]] = field(default_factory=dict)
    """The plans among them (gear and cards: the decision that takes the most thought)."""
    grid: list[int] = field(default_factory=list)
    """Each seat's place on the starting grid, 1 for pole position (B-10.9)."""
    figures: list[dict[str, int]] = field(default_factory=list)
    """Each seat's statistics that add up (``heat.stats.CarStats.totals``)."""


@dataclass(slots=True)
class EntrantStats:
    """An entrant's record over the arena."""

    entrant: str
    cars: int
    races: int
    wins: int
    win_rate: float
    win_low: float
    win_high: float
    mean_place: float
    place_low: float
    place_high: float
    decisions: int
    median_ms: float
    max_ms: float
    plan_median_ms: float
    """The median time of the plans (gear and cards) alone."""
    by_track: dict[str, float]
    track_wins: dict[str, tuple[int, int]]
    """Per track: (races won, races entered)."""
    figures: dict[str, int] = field(default_factory=dict)
    """The statistics of the entrant's cars (Heat paid, Boosts, spin-outs...), summed over its races."""


def parse_lineup(text: str) -> tuple[str, ...]:
    """``'champion,legend*5'`` -> ('champion', 'legend', 'legend', 'legend', 'legend', 'legend')."""
    entries: list[tuple[str, int]] = []
    for part in text.split(","):
        name, star, count = part.strip().partition("*")
        name = name.strip().lower()
        if name not in ENTRANTS:
            raise ConfigError(f"unknown entrant {name!r}; use one of {', '.join(ENTRANTS)}")
        times = 1
        if star:
            try:
                times = int(count)
            except ValueError:
                raise ConfigError(f"{part.strip()!r}: the count after '*' must be a number") from None
            if times < 1:
                raise ConfigError(f"{part.strip()!r}: the count after '*' must be 1 or more")
        entries.append((name, times))
    cars = sum(times for _, times in entries)  # counted before the lineup is built: 'club*99999999999'
    if not 2 <= cars <= MAX_CARS:
        raise ConfigError(f"a lineup has 2 to {MAX_CARS} cars, not {cars}")
    lineup = tuple(name for name, times in entries for _ in range(times))
    if all(name == LEGEND for name in lineup):
        raise ConfigError("a lineup needs at least one bot")
    return lineup


MAX_RACES = 100_000
"""Races per track at most (as many champion races take about half a day on two cores)."""


def check_config(config: ArenaConfig) -> None:
    """Raise ConfigError for an arena that cannot be played."""
    parse_lineup(",".join(config.lineup))
    for index, track_id in enumerate(config.tracks):
        if track_id not in track_ids():
            raise ConfigError(f"unknown track {track_id!r}; tracks are: {', '.join(track_ids())}")
        if track_id in config.tracks[:index]:
            raise ConfigError(f"track {track_id!r} is listed twice; list each track once")
    if not 1 <= config.races <= MAX_RACES:
        raise ConfigError(f"play 1 to {MAX_RACES} races per track, not {config.races}")
    if not config.tracks:
        raise ConfigError("choose at least one track")
    legends = config.lineup.count(LEGEND)
    check_legend_options(
        config.pro_legends, config.aggressive_legends, legends, flag_words("to the lineup (e.g. legend*5)")
    )
    check_race_config(race_setup(config, 0)[0])  # laps, modules, Pro Legends: the engine's own checks


SEATING_SALT = 0x5E47_1A60_5E47_1A60
"""Mixed into a race's seed for the draw of its seating, so that it is independent of the race's own draws."""


def race_setup(config: ArenaConfig, index: int) -> tuple[RaceConfig, list[str]]:
    """The configuration of race number ``index`` and its entrants by seat: its track, seating
    and seed follow from ``index``."""
    track_id = config.tracks[index % len(config.tracks)]
    seed = config.seed * 1_000_003 + index
    entrants = list(config.lineup)
    # Not Rng(seed): the race fills its grid with Rng(seed)'s first shuffle (B-10.9), which
    # would repeat this one and tie each entrant's grid place to its seat (in a two-car race
    # the first entrant would always start in front).
    Rng(seed ^ SEATING_SALT).shuffle(entrants)
    seats = tuple(SeatConfig(f"{name}-{i}", COLORS[i], legend=name == LEGEND) for i, name in enumerate(entrants))
    race_config = RaceConfig(
        seats,
        track=track_id,
        laps=config.laps,
        seed=seed,
        garage=config.garage,
        draft=True,
        weather=config.weather,
        pro_legends=config.pro_legends,
        aggressive_legends=config.aggressive_legends,
        tournament=config.tournament,
    )
    return race_config, entrants


def bot_seed(race_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the race seeded ``race_seed``: ``race_seed * 7 + seat``,
    but never the race's own seed. That formula gives it in one case only, seat 0 of the race
    seeded 0 (the first race of an arena with the default ``--seed 0``), whose bot would draw the
    very numbers that drew the grid and shuffled the decks; it gets -1, a seed no race of an
    arena has (race seeds are ``seed * 1_000_003 + index``). Every other bot keeps the seed the
    documented figures were measured with."""
    seed = race_seed * 7 + seat
    return -1 if seed == race_seed else seed


def make_driver(name: str, seed: int) -> Bot:
    """The bot of an arena entrant: a level, or the search bot."""
    return SearchBot(seed, name=SEARCH) if name == SEARCH else make_bot(name, seed)


def play_race(config: ArenaConfig, index: int) -> RaceOutcome:
    """Race number ``index`` of the arena (its track, seating and seeds follow from ``index``)."""
    race_config, entrants = race_setup(config, index)
    track_id, seed = race_config.track, race_config.seed
    race = Race(race_config)  # its events give the statistics
    start = race.standings()  # the race order on the grid, pole first
    bots = {i: make_driver(name, bot_seed(seed, i)) for i, name in enumerate(entrants) if name != LEGEND}
    seconds: dict[str, list[float]] = {}
    plan_seconds: dict[str, list[float]] = {}
    while not race.is_over:
        seat = race.to_decide()[0]
        legal = race.legal_decisions(seat)
        started = time.perf_counter()
        decision = bots[seat].choose(view_of(race, seat), legal)
        if len(legal) > 1:
            spent = time.perf_counter() - started
            seconds.setdefault(entrants[seat], []).append(spent)
            if isinstance(decision, Plan):
                plan_seconds.setdefault(entrants[seat], []).append(spent)
        race.apply(seat, decision)
    places = _places(race.standings())
    rounds = [car.finish_round for car in race.cars]
    figures = [car.totals() for car in race_stats(race).cars]
    return RaceOutcome(track_id, entrants, places, rounds, seconds, plan_seconds, _places(start), figures)


def _places(order: Sequence[int]) -> list[int]:
    """Each seat's place (1 first) in ``order``, seats from first to last."""
    return [order.index(seat) + 1 for seat in range(len(order))]


def run_arena(
    config: ArenaConfig,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[RaceOutcome]:
    """Play every race of the arena, on ``workers`` processes; ``progress(n)`` after each n done."""
    check_config(config)
    total = config.races * len(config.tracks)
    indices = range(total)
    outcomes: list[RaceOutcome | None] = [None] * total
    if workers <= 1:
        for index in indices:
            outcomes[index] = play_race(config, index)
            if progress:
                progress(1)
    else:
        size = max(1, min(8, total // (workers * 4) or 1))
        tasks = [(config, list(indices[i : i + size])) for i in range(0, total, size)]
        # Pool, whose exit terminates the workers: on Ctrl-C or a failed race the arena stops at
        # once instead of playing out the races still queued.
        with multiprocessing.Pool(workers, initializer=ignore_interrupts) as pool:
            for chunk, played in pool.imap_unordered(_play_task, tasks):
                for index, outcome in zip(chunk, played, strict=True):
                    outcomes[index] = outcome
                if progress:
                    progress(len(chunk))
    return [outcome for outcome in outcomes if outcome is not None]


def _play_task(task: tuple[ArenaConfig, list[int]]) -> tuple[list[int], list[RaceOutcome]]:
    """A worker's share: the races numbered in ``chunk``, returned with their numbers."""
    config, chunk = task
    return chunk, [play_race(config, index) for index in chunk]


def ignore_interrupts() -> None:
    """The initializer of the arena's worker processes: Ctrl-C reaches every process of the
    terminal's group, and the main process alone answers it (it stops the workers), so a worker
    prints no traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate (95% for z = 1.96)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(outcomes: Sequence[RaceOutcome]) -> list[EntrantStats]:
    """Per entrant: win rate (a race counts as won if a car of the entrant won it), mean place
    over its cars, both with 95% intervals, and its decision times."""
    names = sorted({name for outcome in outcomes for name in outcome.entrants})
    last_place = max((len(outcome.entrants) for outcome in outcomes), default=1)
    stats = []
    for name in names:
        places: list[int] = []
        wins = 0
        races = 0
        track_wins: dict[str, list[int]] = {}
        seconds: list[float] = []
        plan_seconds: list[float] = []
        figures: Counter[str] = Counter()
        for outcome in outcomes:
            seats = [i for i, entrant in enumerate(outcome.entrants) if entrant == name]
            if not seats:
                continue
            for seat in seats if outcome.figures else ():  # (an outcome built by hand may have none)
                figures.update(outcome.figures[seat])
            races += 1
            won = any(outcome.places[i] == 1 for i in seats)
            wins += won
            track_wins.setdefault(outcome.track, []).append(int(won))
            places.extend(outcome.places[i] for i in seats)
            seconds.extend(outcome.seconds.get(name, []))
            plan_seconds.extend(outcome.plan_seconds.get(name, []))
        low, high = wilson(wins, races)
        mean = statistics.fmean(places)
        spread = 1.96 * statistics.stdev(places) / math.sqrt(len(places)) if len(places) > 1 else 0.0
        stats.append(
            EntrantStats(
                entrant=name,
                cars=len(places) // max(races, 1),
                races=races,
                wins=wins,
                win_rate=wins / races if races else 0.0,
                win_low=low,
                win_high=high,
                mean_place=mean,
                # The normal interval, within the places there are (1.20 ± 0.39 printed 0.81).
                place_low=max(1.0, mean - spread),
                place_high=min(float(last_place), mean + spread),
                decisions=len(seconds),
                median_ms=1000 * statistics.median(seconds) if seconds else 0.0,
                max_ms=1000 * max(seconds) if seconds else 0.0,
                plan_median_ms=1000 * statistics.median(plan_seconds) if plan_seconds else 0.0,
                by_track={track: sum(v) / len(v) for track, v in sorted(track_wins.items())},
                track_wins={track: (sum(v), len(v)) for track, v in sorted(track_wins.items())},
                figures=dict(sorted(figures.items())),
            )
        )
    return stats


def write_json(
    path: str | Path, config: ArenaConfig, stats: Sequence[EntrantStats], outcomes: Sequence[RaceOutcome]
) -> None:
    """The arena's config, summary and every race, as JSON."""
    data = {
        "config": asdict(config),
        "summary": [asdict(s) for s in stats],
        "races": [
            {k: v for k, v in asdict(o).items() if k not in ("seconds", "plan_seconds", "figures")} for o in outcomes
        ],
    }
    write_text(path, json.dumps(data, indent=1) + "\n")


def write_csv(path: str | Path, stats: Sequence[EntrantStats]) -> None:
    """The summary, one row per entrant, as CSV."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [
            "entrant",
            "races",
            "wins",
            "win_rate",
            "win_low",
            "win_high",
            "mean_place",
            "place_low",
            "place_high",
            "decisions",
            "median_ms",
            "max_ms",
            "plan_median_ms",
        ]
    )
    for s in stats:
        writer.writerow(
            [
                s.entrant,
                s.races,
                s.wins,
                f"{s.win_rate:.4f}",
                f"{s.win_low:.4f}",
                f"{s.win_high:.4f}",
                f"{s.mean_place:.3f}",
                f"{s.place_low:.3f}",
                f"{s.place_high:.3f}",
                s.decisions,
                f"{s.median_ms:.2f}",
                f"{s.max_ms:.2f}",
                f"{s.plan_median_ms:.2f}",
            ]
        )
    write_text(path, out.getvalue())
