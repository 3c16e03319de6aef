"""The arena: many races between any lineup of bots and Legends, and the statistics of who wins.

Each race seats the lineup in a random order (so colours and seats are random; the grid is drawn
by the race as always), on one of the chosen tracks, with the chosen modules. Races run in
parallel processes. For every entrant the arena reports the win rate and the mean place with
95% confidence intervals (Wilson for rates), and the time its decisions took.

A long arena keeps no more in memory than a short one: each race is folded into the summary
(``ArenaTally``) as it comes back from its worker, decision times into histograms; the races
that ``--json`` writes wait in a temporary file (``RaceSpool``), not in memory.
"""

from __future__ import annotations

import csv
import io
import json
import math
import multiprocessing
import signal
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TextIO

from heat.bots.base import Bot
from heat.bots.levels import LEVELS, make_bot
from heat.bots.search import SearchBot
from heat.engine import COLORS, ConfigError, Plan, Race, RaceConfig, SeatConfig, track, track_ids, view_of
from heat.engine.config import MAX_CARS
from heat.engine.rng import Rng
from heat.engine.setup import check_config as check_race_config
from heat.i18n import N_
from heat.legend_options import check_legend_options, flag_words
from heat.stats import race_stats
from heat.storage import write_text

LEGEND = "legend"
SEARCH = "search"
"""The search bot: an arena entrant, not a level (docs/bots.md)."""
ENTRANTS = (*LEVELS, SEARCH, LEGEND)
POLICY = "rl:"
"""``rl:PATH``: a trained policy (heat.rl.policy, docs/rl.md), an entrant beside the named ones."""


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
    """Every decision with a choice (more than one legal option), timed whole: the legal
    decisions listed, the bot's view made and the bot's choice."""
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
    """The median time of its decisions with a choice (``TimeHistogram``: within 0.5%)."""
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
        name = name.strip()
        if name.startswith(POLICY):  # a trained policy (docs/rl.md): the path keeps its case
            if name == POLICY:
                raise ConfigError("rl: needs the path of a trained model, e.g. rl:model.zip")
        elif name.lower() not in ENTRANTS:
            raise ConfigError(
                "unknown entrant {name}; use one of {entrants} or rl:PATH",
                name=repr(name),
                entrants=", ".join(ENTRANTS),
            )
        else:
            name = name.lower()
        times = 1
        if star:
            try:
                times = int(count)
            except ValueError:
                raise ConfigError("{part}: the count after '*' must be a number", part=repr(part.strip())) from None
            if times < 1:
                raise ConfigError("{part}: the count after '*' must be 1 or more", part=repr(part.strip()))
        entries.append((name, times))
    cars = sum(times for _, times in entries)  # counted before the lineup is built: 'club*99999999999'
    if not 2 <= cars <= MAX_CARS:
        raise ConfigError("a lineup has 2 to {most} cars, not {cars}", most=MAX_CARS, cars=cars)
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
            raise ConfigError(
                "unknown track {track}; tracks are: {tracks}", track=repr(track_id), tracks=", ".join(track_ids())
            )
        if track_id in config.tracks[:index]:
            raise ConfigError("track {track} is listed twice; list each track once", track=repr(track_id))
    if not 1 <= config.races <= MAX_RACES:
        raise ConfigError("play 1 to {most} races per track, not {races}", most=MAX_RACES, races=config.races)
    if not config.tracks:
        raise ConfigError("choose at least one track")
    legends = config.lineup.count(LEGEND)
    check_legend_options(
        config.pro_legends,
        config.aggressive_legends,
        legends,
        flag_words(N_("add Legends to the lineup (e.g. legend*5)")),
    )
    check_race_config(race_setup(config, 0)[0])  # laps, modules, Pro Legends: the engine's own checks


SECONDS_PER_LAP = {
    "random": 0.012,
    "rookie": 0.035,
    "club": 0.03,
    "pro": 0.055,
    "champion": 0.35,
    "search": 10.0,
    LEGEND: 0.001,
}
"""About how long one car of each entrant costs per lap of a race, on one core: its decisions,
whole, and its share of the engine's work; CPU seconds measured by ``benchmarks/arena_costs.py``
against five Legends on USA (2026-11-25, docs/bots.md). Only for ``estimate_seconds``."""
TABLE_SECONDS = {"pro": 0.4, "champion": 0.8, "search": 1.0}
"""About how long a planner's value tables take to build for a race (its first plan), measured
the same way. Tables are kept between races of the same cars, so they count for every race only
when the Garage or the Weather give each race other cars."""


def estimate_seconds(config: ArenaConfig, processes: int) -> float:
    """About how long the arena would take on ``processes`` busy cores (``SECONDS_PER_LAP``)."""
    per_lap = sum(SECONDS_PER_LAP.get(name, SECONDS_PER_LAP["pro"]) for name in config.lineup)
    per_race = sum(TABLE_SECONDS.get(name, 0.0) for name in config.lineup) if config.garage or config.weather else 0.0
    seconds = sum(config.races * (per_lap * (config.laps or track(t).laps) + per_race) for t in config.tracks)
    return seconds / max(1, min(processes, config.races * len(config.tracks)))


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
    seats = tuple(
        SeatConfig(f"{seat_label(name)}-{i}", COLORS[i], legend=name == LEGEND) for i, name in enumerate(entrants)
    )
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


def seat_label(entrant: str) -> str:
    """The name an entrant's cars race under: its own, or ``rl`` for a policy (a path may be too
    long for a name)."""
    return "rl" if entrant.startswith(POLICY) else entrant


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
        # The whole decision as a player of the bot waits for it: the legal decisions, the
        # bot's view and its choice.
        started = time.perf_counter()
        legal = race.legal_decisions(seat)
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


def play_arena(
    config: ArenaConfig,
    on_race: Callable[[RaceOutcome], None],
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    ray: str | None = None,
) -> None:
    """Play every race of the arena on ``workers`` processes (never more than there are races)
    and hand each outcome to ``on_race`` in race order, as soon as it and the races before it
    are done; nothing else is kept. ``progress(n)`` after each n races done. ``ray``: the
    address of a Ray cluster that plays the races instead (``heat.arena_ray``; the same races)."""
    check_config(config)
    if ray is not None:
        from heat.arena_ray import play_on_ray  # only here: an arena without Ray never imports it

        play_on_ray(config, on_race, ray, progress)
        return
    total = config.races * len(config.tracks)
    workers = max(1, min(workers, total))
    if workers == 1:
        for index in range(total):
            on_race(play_race(config, index))
            if progress:
                progress(1)
        return
    size = max(1, min(8, total // (workers * 4) or 1))
    tasks = ((config, list(range(start, min(start + size, total)))) for start in range(0, total, size))
    waiting: dict[int, RaceOutcome] = {}  # done before a race in front of them: a few chunks at most
    following = 0
    # Pool, whose exit terminates the workers: on Ctrl-C or a failed race the arena stops at
    # once instead of playing out the races still queued.
    with multiprocessing.Pool(workers, initializer=ignore_interrupts) as pool:
        for chunk, played in pool.imap_unordered(_play_task, tasks):
            waiting.update(zip(chunk, played, strict=True))
            while following in waiting:
                on_race(waiting.pop(following))
                following += 1
            if progress:
                progress(len(chunk))


def run_arena(
    config: ArenaConfig,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    ray: str | None = None,
) -> list[RaceOutcome]:
    """Every race of the arena, in order (``play_arena``), kept in a list: for arenas small
    enough to hold, tests and experiments; ``heat arena`` keeps only the summary."""
    outcomes: list[RaceOutcome] = []
    play_arena(config, outcomes.append, workers, progress, ray)
    return outcomes


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


class TimeHistogram:
    """Durations counted in bins 1% wide on a logarithmic scale, so that the median is known to
    within 0.5% in memory that does not grow with the count (a long arena times millions of
    decisions). The longest duration is kept exactly."""

    RATIO = 1.01
    FLOOR = 1e-7
    """Durations up to 0.1 µs share the first bin."""
    __slots__ = ("bins", "count", "longest")

    def __init__(self) -> None:
        self.bins: dict[int, int] = {}
        self.count = 0
        self.longest = 0.0

    def add(self, seconds: float) -> None:
        """Count one duration."""
        index = int(math.log(seconds / self.FLOOR) / math.log(self.RATIO)) if seconds > self.FLOOR else 0
        self.bins[index] = self.bins.get(index, 0) + 1
        self.count += 1
        self.longest = max(self.longest, seconds)

    def median(self) -> float:
        """The median duration (0.0 for none): the middle bin's centre, never above the longest."""
        if not self.count:
            return 0.0
        middle = ((self.count - 1) // 2, self.count // 2)  # the two middle ones of an even count
        centres: list[float] = []
        seen = 0
        for index in sorted(self.bins):
            seen += self.bins[index]
            while len(centres) < 2 and middle[len(centres)] < seen:
                centres.append(self.FLOOR * self.RATIO ** (index + 0.5) if index else self.FLOOR / 2)
        return min(self.longest, sum(centres) / 2)


@dataclass(slots=True)
class EntrantTally:
    """An entrant's record so far: counts and sums, which do not grow with the races."""

    races: int = 0
    wins: int = 0
    places: int = 0
    """Cars of the entrant counted (a race with two of its cars counts two)."""
    place_sum: int = 0
    place_squares: int = 0
    track_wins: dict[str, list[int]] = field(default_factory=dict)
    """Per track: [races won, races entered]."""
    times: TimeHistogram = field(default_factory=TimeHistogram)
    plan_times: TimeHistogram = field(default_factory=TimeHistogram)
    figures: Counter[str] = field(default_factory=Counter)
    """The race statistics of its cars, summed (heat.stats, ``RaceOutcome.figures``)."""


class ArenaTally:
    """The summary of an arena, race by race: ``add`` each outcome, ``stats`` at any time."""

    def __init__(self) -> None:
        self.entrants: dict[str, EntrantTally] = {}
        self.last_place = 1
        """The most cars in a race so far: mean places are kept within 1 and this."""

    def add(self, outcome: RaceOutcome) -> None:
        """Count one race."""
        self.last_place = max(self.last_place, len(outcome.entrants))
        for name in set(outcome.entrants):
            tally = self.entrants.setdefault(name, EntrantTally())
            places = [outcome.places[i] for i, entrant in enumerate(outcome.entrants) if entrant == name]
            won = 1 in places
            tally.races += 1
            tally.wins += won
            track_record = tally.track_wins.setdefault(outcome.track, [0, 0])
            track_record[0] += won
            track_record[1] += 1
            tally.places += len(places)
            tally.place_sum += sum(places)
            tally.place_squares += sum(place * place for place in places)
            for seconds in outcome.seconds.get(name, ()):
                tally.times.add(seconds)
            for seconds in outcome.plan_seconds.get(name, ()):
                tally.plan_times.add(seconds)
            for seat in range(len(outcome.figures)):  # (an outcome built by hand may have none)
                if outcome.entrants[seat] == name:
                    tally.figures.update(outcome.figures[seat])

    def stats(self) -> list[EntrantStats]:
        """Per entrant, by name: win rate (a race counts as won if a car of the entrant won it),
        mean place over its cars, both with 95% intervals, and its decision times."""
        return [self._entrant_stats(name, self.entrants[name]) for name in sorted(self.entrants)]

    def _entrant_stats(self, name: str, tally: EntrantTally) -> EntrantStats:
        low, high = wilson(tally.wins, tally.races)
        count = tally.places
        mean = tally.place_sum / count
        spread = 0.0
        if count > 1:  # the sample standard deviation, from exact integer sums
            variance = (tally.place_squares - tally.place_sum * tally.place_sum / count) / (count - 1)
            spread = 1.96 * math.sqrt(max(0.0, variance)) / math.sqrt(count)
        tracks = sorted(tally.track_wins.items())
        return EntrantStats(
            entrant=name,
            cars=count // max(tally.races, 1),
            races=tally.races,
            wins=tally.wins,
            win_rate=tally.wins / tally.races if tally.races else 0.0,
            win_low=low,
            win_high=high,
            mean_place=mean,
            # The normal interval, within the places there are (1.20 ± 0.39 printed 0.81).
            place_low=max(1.0, mean - spread),
            place_high=min(float(self.last_place), mean + spread),
            decisions=tally.times.count,
            median_ms=1000 * tally.times.median(),
            max_ms=1000 * tally.times.longest,
            plan_median_ms=1000 * tally.plan_times.median(),
            by_track={track_id: won / entered for track_id, (won, entered) in tracks},
            track_wins={track_id: (won, entered) for track_id, (won, entered) in tracks},
            figures=dict(sorted(tally.figures.items())),
        )


def summarize(outcomes: Iterable[RaceOutcome]) -> list[EntrantStats]:
    """The summary of these races (``ArenaTally``)."""
    tally = ArenaTally()
    for outcome in outcomes:
        tally.add(outcome)
    return tally.stats()


def race_record(outcome: RaceOutcome) -> dict[str, object]:
    """What ``--json`` keeps of a race: its track and each seat's entrant, place, finishing round
    and grid place (not the decision times)."""
    return {k: v for k, v in asdict(outcome).items() if k not in ("seconds", "plan_seconds", "figures")}


class RaceSpool:
    """The races ``--json`` writes, each a line of JSON in an unnamed temporary file in the
    output's folder until the results are written (a long arena's races stay out of memory;
    the file vanishes with the process)."""

    def __init__(self, folder: str | Path) -> None:
        # closed by `close` or at the end of a `with` block
        self.file: TextIO = tempfile.TemporaryFile("w+", encoding="utf-8", dir=folder)  # noqa: SIM115

    def __enter__(self) -> RaceSpool:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def add(self, outcome: RaceOutcome) -> None:
        """Keep one race."""
        self.file.write(json.dumps(race_record(outcome)) + "\n")

    def __iter__(self) -> Iterator[str]:
        """Each race's JSON text, in the order added."""
        self.file.seek(0)
        for line in self.file:
            yield line.rstrip("\n")

    def close(self) -> None:
        """Drop the races."""
        self.file.close()


def write_json(
    path: str | Path,
    config: ArenaConfig,
    stats: Sequence[EntrantStats],
    races: Iterable[RaceOutcome] | RaceSpool,
) -> None:
    """The arena's config, summary and every race (one per line), as JSON, written atomically."""
    head = json.dumps({"config": asdict(config), "summary": [asdict(s) for s in stats]}, indent=1)
    lines = races if isinstance(races, RaceSpool) else (json.dumps(race_record(o)) for o in races)

    def chunks() -> Iterator[str]:
        yield head.removesuffix("\n}") + ',\n "races": ['
        separator = "\n  "
        for line in lines:
            yield separator + line
            separator = ",\n  "
        yield "\n ]\n}\n" if separator != "\n  " else "]\n}\n"

    write_text(path, chunks())


CSV_COLUMNS = (
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
)
"""The header of ``write_csv``'s table (also how ``--overwrite`` knows a file it wrote)."""
JSON_START = '{\n "config": {\n  "lineup": ['
"""How every file of ``write_json`` begins (also how ``--overwrite`` knows one)."""


def write_csv(path: str | Path, stats: Sequence[EntrantStats]) -> None:
    """The summary, one row per entrant, as CSV."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
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
                f"{s.median_ms:.3f}",
                f"{s.max_ms:.3f}",
                f"{s.plan_median_ms:.3f}",
            ]
        )
    write_text(path, out.getvalue())
