"""A race (or a championship season) with some seats learning: the options of an episode, its
game, and the loop that lets the seated bots and Legends play until a learning seat must choose.

Everything here is plain Python over the engine (no gymnasium, no pettingzoo): the environments
in ``heat.rl.aec`` and ``heat.rl.gym_env`` are thin adapters over ``Table``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from heat.bots.base import Bot
from heat.engine import COLORS, ConfigError, Race, RaceConfig, SeatConfig, SeatView, track_ids, view_of
from heat.engine.championship import HISTORIC, KINDS, RACE, Season, SeasonConfig, SeasonView, event_book, season_view
from heat.engine.config import GARAGE_DECKS
from heat.engine.rng import Rng
from heat.engine.setup import check_config
from heat.rl.actions import DecisionCursor, action_count
from heat.rl.observation import encode_view, with_prefix
from heat.rl.season_observation import encode_between_races, season_observation

AGENT = "agent"
LEGEND = "legend"
REWARDS = ("place", "win", "points", "rounds")
"""``place``: (cars - place) / (cars - 1), 1 for a win, 0 for last; ``win``: 1 for a win, else 0;
``points``: the Championship scale (9, 6, 4, 3, 2, 1) / 9; ``rounds``: minus the rounds the car
took to finish / 10 (0 for a car that did not finish)."""
GARAGES = (None, "quick", "draft")
SEASON_DECISIONS = ("agent", "club")
"""Who takes a learning seat's decisions between the races of a season (build, swap, keep:
C-15, C-16, C-44): the agent, token by token, or the club bot's heuristic."""
SEATING_SALT = 0x5EA7_0F_A6E7
"""Mixed into an episode's seed for the draw of its seating, independent of the race's own draws."""


def parse_entrants(text: str | Sequence[str]) -> tuple[str, ...]:
    """``'club,legend*4'`` -> ('club', 'legend', 'legend', 'legend', 'legend'). Entrants are the
    arena's (bot levels, ``search``, ``legend``) or ``rl:PATH`` (a trained policy)."""
    from heat.arena import ENTRANTS

    parts = [text] if isinstance(text, str) else list(text)
    entrants: list[str] = []
    for part in ",".join(parts).split(","):
        if not part.strip():
            continue
        name, star, count = part.strip().partition("*")
        name = name.strip()
        if not name.startswith("rl:"):
            name = name.lower()
            if name not in ENTRANTS:
                raise ConfigError(f"unknown entrant {name!r}; use one of {', '.join(ENTRANTS)} or rl:PATH")
        times = 1
        if star:
            if not count.strip().isdigit() or int(count) < 1:
                raise ConfigError(f"{part.strip()!r}: the count after '*' must be a number of 1 or more")
            times = int(count)
        if times > 6:
            raise ConfigError(f"{part.strip()!r}: a race has at most 6 cars")
        entrants.extend([name] * times)
    return tuple(entrants)


@dataclass(frozen=True, slots=True)
class EpisodeOptions:
    """What every episode of an environment is: the learning seats (``agents``), the others
    (one lineup, or several to sample one from per episode), the tracks (one sampled per
    episode), laps and modules. ``garage``: None, 'quick' (3 random Regular Upgrades each, G-18)
    or 'draft' (the Garage draft, G-11)."""

    agents: int = 1
    opponents: tuple[tuple[str, ...], ...] = (("club", "club", "club"),)
    tracks: tuple[str, ...] = ("usa",)
    laps: int | None = None
    garage: str | None = None
    weather: bool = False
    pro_legends: int = 0
    tournament: bool = False
    reward: str = "place"
    skip_forced: bool = True
    """Take every token (and every decision) that is the only one allowed without asking."""
    shuffle_seats: bool = True
    """Seat the entrants in a random order each episode (as the arena does)."""
    season: str | None = None
    """A championship as one episode: '1961', '1962', '1963', 'custom' or 'goat' (C-1, C-42,
    C-43). Its races are its events'; ``garage`` is then its Upgrade deck (C-9: None for 'all')."""
    season_decisions: str = "agent"
    """``SEASON_DECISIONS``: who takes the learning seats' decisions between races."""

    def check(self) -> None:
        """ConfigError naming the first option that cannot be played."""
        if self.season is not None:
            self._check_season()
            return
        if not 1 <= self.agents <= 6:
            raise ConfigError(f"1 to 6 learning seats, not {self.agents}")
        if not self.opponents:
            raise ConfigError("give at least one lineup of opponents (it may be empty: '')")
        for name in self.tracks:
            if name not in track_ids():
                raise ConfigError(f"unknown track {name!r}; tracks are: {', '.join(track_ids())}")
        if not self.tracks:
            raise ConfigError("choose at least one track")
        if self.garage not in GARAGES:
            raise ConfigError(f"garage is None, 'quick' or 'draft', not {self.garage!r}")
        if self.reward not in REWARDS:
            raise ConfigError(f"unknown reward {self.reward!r}; rewards are: {', '.join(REWARDS)}")
        for lineup in self.opponents:
            check_config(self.race_config(lineup, self.tracks[0], 0)[0])

    def _check_season(self) -> None:
        if self.season not in KINDS:
            raise ConfigError(f"season is one of {', '.join(KINDS)}, not {self.season!r}")
        if self.garage not in (None, *GARAGE_DECKS):
            decks = ", ".join(GARAGE_DECKS)
            raise ConfigError(f"in a season, garage is the Upgrade deck (C-9): {decks}, not {self.garage!r}")
        if self.laps is not None or self.weather:
            raise ConfigError("a season's events set the laps, and every race has Weather (C-2): drop laps and weather")
        if self.season_decisions not in SEASON_DECISIONS:
            raise ConfigError(f"season_decisions is 'agent' or 'club', not {self.season_decisions!r}")
        if self.reward == "rounds":
            raise ConfigError("the rounds reward is a race's: a season's rewards are place, win and points")
        if self.reward not in REWARDS:
            raise ConfigError(f"unknown reward {self.reward!r}; rewards are: {', '.join(REWARDS)}")
        if not 1 <= self.agents <= 6:
            raise ConfigError(f"1 to 6 learning seats, not {self.agents}")
        if not self.opponents:
            raise ConfigError("give at least one lineup of opponents (it may be empty: '')")
        for lineup in self.opponents:
            Season(self.season_config(lineup, 0)[0])  # the engine's own checks (C-1, C-4)

    def season_config(self, lineup: Sequence[str], seed: int) -> tuple[SeasonConfig, list[str]]:
        """The championship of one episode and each seat's entrant (``AGENT`` for a learning seat)."""
        entrants = self._seating(lineup, seed)
        seats = tuple(
            SeatConfig(f"{name.split(':')[0]}-{i}", COLORS[i], legend=name == LEGEND) for i, name in enumerate(entrants)
        )
        config = SeasonConfig(
            seats,
            season=self.season or "1961",
            garage=self.garage or "all",
            seed=seed,
            tournament=self.tournament,
            pro_legends=self.pro_legends,
        )
        return config, entrants

    def _seating(self, lineup: Sequence[str], seed: int) -> list[str]:
        entrants = [AGENT] * self.agents + list(lineup)
        if self.shuffle_seats:
            Rng(seed ^ SEATING_SALT).shuffle(entrants)
        if len(entrants) > len(COLORS):
            raise ConfigError(f"a race has 1 to {len(COLORS)} cars, not {len(entrants)} (B-0.6)")
        return entrants

    def race_config(self, lineup: Sequence[str], track: str, seed: int) -> tuple[RaceConfig, list[str]]:
        """The race of one episode and each seat's entrant (``AGENT`` for a learning seat)."""
        entrants = self._seating(lineup, seed)
        seats = tuple(
            SeatConfig(f"{name.split(':')[0]}-{i}", COLORS[i], legend=name == LEGEND) for i, name in enumerate(entrants)
        )
        config = RaceConfig(
            seats,
            track=track,
            laps=self.laps,
            seed=seed,
            garage="regular" if self.garage else None,
            draft=self.garage == "draft",
            weather=self.weather,
            pro_legends=self.pro_legends,
            tournament=self.tournament,
        )
        return config, entrants


def make_driver(name: str, seed: int) -> Bot:
    """The bot of an entrant: an arena level, ``search``, or ``rl:PATH``."""
    if name.startswith("rl:"):
        from heat.rl.policy import policy_bot

        return policy_bot(name)
    from heat.arena import make_driver as arena_driver

    return arena_driver(name, seed)


def reward_of(race: Race, seat: int, kind: str) -> float:
    """The final reward of ``seat`` in a finished ``race`` (``REWARDS``)."""
    order = race.standings()
    place = order.index(seat) + 1
    cars = len(order)
    if kind == "place":
        return (cars - place) / (cars - 1) if cars > 1 else 1.0
    if kind == "win":
        return float(place == 1)
    if kind == "points":
        points = event_book().points
        return points[place - 1] / points[0] if place <= len(points) else 0.0
    car = race.cars[seat]
    return -car.finish_round / 10 if car.finished else 0.0


def season_races(season: Season) -> int:
    """The races of a season's episode: its schedule's, a GOAT run's three seasons' (C-43)."""
    if season.config.season == "goat":
        return sum(len(event_book().season(int(year))) for year in HISTORIC)
    return len(season.state.schedule)


def season_reward(season: Season, seat: int, kind: str) -> float:
    """The final reward of ``seat`` in a finished ``season``, by the championship's standings
    (C-30): ``place`` and ``win`` as a race's; ``points``: its Championship points / (9 x races)."""
    order = season.standings()
    place = order.index(seat) + 1
    cars = len(order)
    if kind == "place":
        return (cars - place) / (cars - 1) if cars > 1 else 1.0
    if kind == "win":
        return float(place == 1)
    return season.totals()[seat] / (event_book().points[0] * season_races(season))


class Table:
    """One episode's race or season: the seats that learn (``agent_seats``) decide one token at
    a time through a ``DecisionCursor``; every other seat is a bot or a Legend and plays inside."""

    def __init__(self, options: EpisodeOptions, seed: int, lineup: Sequence[str], track: str) -> None:
        self.options = options
        self.game: Race | Season
        self.season: Season | None = None
        if options.season is None:
            config, self.entrants = options.race_config(lineup, track, seed)
            self.game = Race(config, record_events=False)
        else:
            season_config, self.entrants = options.season_config(lineup, seed)
            self.game = self.season = Season(season_config)
        self.agent_seats = tuple(seat for seat, name in enumerate(self.entrants) if name == AGENT)
        self.drivers: dict[int, Bot] = {
            seat: make_driver(name, seed * 7 + seat + 1)
            for seat, name in enumerate(self.entrants)
            if name not in (AGENT, LEGEND)
        }
        self.stand_ins: dict[int, Bot] = {}
        """The club bots that take the learning seats' decisions between races
        (``season_decisions='club'``)."""
        if self.season is not None and options.season_decisions == "club":
            self.stand_ins = {seat: make_driver("club", seed * 7 + seat + 1) for seat in self.agent_seats}
        self._views: dict[int, np.ndarray] = {}
        """Each seat's observation, made once per decision (the view does not change while a
        decision is spelled): without a prefix, or, for the spelling seat (in a race and in a
        season alike), with the tokens it had taken when first observed (``with_prefix`` adds
        the later ones)."""
        self.cursor: DecisionCursor | None = None
        self.seat: int | None = None
        """The learning seat whose decision is being spelled (None once the episode is over)."""
        self.advance()

    @property
    def race(self) -> Race | None:
        """The race being played: the episode's, or the season's current one (None between races)."""
        return self.game if isinstance(self.game, Race) else self.game.race

    def between_races(self) -> bool:
        """Is this a season's build, swap or keep step (or its end)?"""
        return self.season is not None and self.season.phase != RACE

    def view(self, seat: int) -> SeatView | SeasonView:
        """What ``seat`` may know now: its race view, or the season's between races."""
        race = self.race
        if race is None or self.between_races():
            assert self.season is not None
            return season_view(self.season)
        return view_of(race, seat)

    def standings(self) -> list[int]:
        """Seats from first to last: the race's, or the championship's (C-30)."""
        return list(self.game.standings())

    def advance(self) -> None:
        """Let bots decide, and apply forced decisions, until a learning seat has a choice to
        make (``seat`` and ``cursor`` set) or the race is over (``seat`` None)."""
        game = self.game
        self._views.clear()
        while not game.is_over:
            waiting = game.to_decide()
            bot = next((seat for seat in waiting if seat in self.drivers), None)
            if bot is not None:
                game.apply(bot, self.drivers[bot].choose(self.view(bot), game.legal_decisions(bot)))
                continue
            seat = waiting[0]
            legal = game.legal_decisions(seat)
            if seat in self.stand_ins and self.between_races():
                game.apply(seat, self.stand_ins[seat].choose(self.view(seat), legal))
                continue
            cursor = DecisionCursor(legal)
            if self.options.skip_forced:
                decision = cursor.advance_forced()
                if decision is not None:
                    game.apply(seat, decision)
                    continue
            self.seat, self.cursor = seat, cursor
            return
        self.seat, self.cursor = None, None

    def choose(self, token: int) -> None:
        """The learning seat ``seat`` takes ``token``. ValueError (nothing changed) if not allowed."""
        assert self.cursor is not None and self.seat is not None, "the race is over"
        decision = self.cursor.choose(token)
        if decision is None and self.options.skip_forced:
            decision = self.cursor.advance_forced()
        if decision is not None:
            self.game.apply(self.seat, decision)
            self.cursor = None
            self.advance()

    def observe(self, seat: int) -> np.ndarray:
        """``seat``'s observation: its view, and its decision's prefix if it is spelling one. New
        at each call, but for the spelling seat's first of a decision: that one is read-only,
        and never changed."""
        cursor = self.cursor if seat == self.seat else None
        base = self._views.get(seat)
        if base is None:
            # Speed (issue 34): the spelling seat's is made with the tokens taken so far (forced
            # ones) and handed out as it is; the next tokens' are copies of it.
            base = self._views[seat] = self._encode(seat, cursor.prefix if cursor is not None else ())
            if cursor is not None:
                return base
        if cursor is not None:
            return with_prefix(base, cursor.prefix)
        return base.copy()

    def _encode(self, seat: int, prefix: Sequence[int]) -> np.ndarray:
        """``seat``'s observation with ``prefix``, read-only: its race view's; in a season,
        followed by the season's block (``heat.rl.season_observation``)."""
        if self.season is None:
            assert isinstance(self.game, Race)
            return encode_view(view_of(self.game, seat), prefix)
        view = season_view(self.season)
        race = self.season.race
        if race is None or self.between_races():
            out = season_observation(encode_between_races(view, seat, prefix), view, seat)
        else:
            out = season_observation(encode_view(view_of(race, seat), prefix), view, seat)
        out.flags.writeable = False  # kept for the decision's later tokens: nobody changes it
        return out

    def mask(self, seat: int) -> np.ndarray:
        """The tokens ``seat`` may take now (all 0 when it is not its turn to choose): a new
        array, as Gymnasium's ``check_env`` wants (users keep what an environment returns)."""
        if self.cursor is not None and seat == self.seat:
            return self.cursor.mask().copy()  # the cursor's masks are shared and read-only
        return np.zeros(action_count(), dtype=np.int8)

    def reward(self, seat: int) -> float:
        """``seat``'s final reward (0 while the race or the season goes on)."""
        if not self.game.is_over:
            return 0.0
        if self.season is not None:
            return season_reward(self.season, seat, self.options.reward)
        assert isinstance(self.game, Race)
        return reward_of(self.game, seat, self.options.reward)
