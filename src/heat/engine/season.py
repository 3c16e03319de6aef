"""The Championship's season machine (C-*): a season of races driven one decision at a time,
the build before each race, the race, the scoring, and a GOAT run's seasons."""

from __future__ import annotations

from dataclasses import dataclass, field

from heat.engine import content
from heat.engine.cardtable import card_table
from heat.engine.config import RaceConfig, SeatConfig
from heat.engine.decisions import Decision, Draft, Keep, Swap
from heat.engine.errors import IllegalDecision, Phrase, shown
from heat.engine.race import Race
from heat.engine.rng import Rng
from heat.engine.season_config import HISTORIC, SeasonConfig, check_season
from heat.engine.season_events import EventCard, event_book

BUILD = "build"
SWAP = "swap"
RACE = "race"
KEEP = "keep"
OVER = "over"


@dataclass(slots=True)
class RaceResult:
    """One race of the season: the event, the finishing order and the points scored (C-24)."""

    event: int
    order: tuple[int, ...]
    points: tuple[int, ...]
    eliminated: tuple[int, ...] = ()


@dataclass(slots=True)
class SeasonState:
    """Everything a season carries from race to race."""

    year_index: int = 0
    race_index: int = 0
    schedule: list[int] = field(default_factory=list)
    upgrade_deck: list[int] = field(default_factory=list)
    sponsor_deck: list[int] = field(default_factory=list)
    upgrades: list[list[int]] = field(default_factory=list)
    sponsors: list[list[int]] = field(default_factory=list)
    results: list[RaceResult] = field(default_factory=list)
    past_seasons: list[list[int]] = field(default_factory=list)
    grid: list[int] = field(default_factory=list)
    market: list[int] = field(default_factory=list)
    pick_order: list[int] = field(default_factory=list)
    pick_index: int = 0
    keep_order: list[int] = field(default_factory=list)
    last_order: list[int] = field(default_factory=list)
    """The finishing order of the last race of the previous season (a GOAT's tiebreak, C-30)."""


class Season:
    """A championship season (or a GOAT run), driven one decision at a time."""

    def __init__(self, config: SeasonConfig) -> None:
        """Set up the championship (C-4 to C-11) and the first race's build step."""
        check_season(config)
        self.config = config
        self.cards = card_table()
        self.book = event_book()
        self.rng = Rng(config.seed)
        self.phase = BUILD
        self.race: Race | None = None
        self.decisions: list[tuple[int, Decision]] = []
        count = len(config.seats)
        state = self.state = SeasonState()
        state.upgrades = [[] for _ in range(count)]
        state.sponsors = [[] for _ in range(count)]
        names = ("regular", "advanced") if config.garage == "all" else (config.garage,)
        state.upgrade_deck = [self.cards.kind(c) for name in names for c in self.cards.catalogue.deck(name)]
        self.rng.shuffle(state.upgrade_deck)  # C-9
        state.sponsor_deck = [self.cards.kind(c) for c in self.cards.catalogue.deck("sponsor")]
        self.rng.shuffle(state.sponsor_deck)  # C-8
        self._start_season()

    # ------------------------------------------------------------------ public API

    @property
    def is_over(self) -> bool:
        """True once the last race of the season (or of the GOAT run) is scored."""
        return self.phase == OVER

    @property
    def year(self) -> str:
        """The season being played: '1961', '1962', '1963' or 'custom'."""
        if self.config.season == "goat":
            return HISTORIC[self.state.year_index]
        return self.config.season

    def event(self) -> EventCard:
        """The Event card of the current (or next) race."""
        state = self.state
        return self.book.events[state.schedule[min(state.race_index, len(state.schedule) - 1)]]

    def to_decide(self) -> tuple[int, ...]:
        """Seats that must decide now (in a race: the race's)."""
        state = self.state
        if self.phase == RACE:
            assert self.race is not None
            return self.race.to_decide()
        if self.phase == BUILD:
            return (state.pick_order[state.pick_index],)
        if self.phase == SWAP:
            return (state.pick_order[0],)
        if self.phase == KEEP:
            return (state.keep_order[0],)
        return ()

    def legal_decisions(self, seat: int) -> list[Decision]:
        """Every decision ``seat`` may take now."""
        if seat not in self.to_decide():
            return []
        ids = self.cards.ids
        state = self.state
        if self.phase == RACE:
            assert self.race is not None
            return self.race.legal_decisions(seat)
        if self.phase == BUILD:
            return [Draft(card) for card in sorted({ids[k] for k in state.market})]
        if self.phase == SWAP:
            options: list[Decision] = [Swap(None, None)]
            for give in sorted({ids[k] for k in state.upgrades[seat]}):
                options.extend(Swap(give, take) for take in sorted({ids[k] for k in state.market}))
            return options
        return [Keep(card) for card in sorted({ids[k] for k in state.upgrades[seat]})]

    def apply(self, seat: int, decision: Decision) -> None:
        """Carry out ``decision``; IllegalDecision, changing nothing, if it is not legal now."""
        if self.phase == RACE:
            assert self.race is not None
            self.race.apply(seat, decision)
            self.decisions.append((seat, decision))
            if self.race.is_over:
                self._score_race()
            return
        self._check(seat, decision)
        self.decisions.append((seat, decision))
        state = self.state
        if isinstance(decision, Draft):
            kind = self.cards.index_of[decision.card]
            state.market.remove(kind)
            state.upgrades[seat].append(kind)
            state.pick_index += 1
            if state.pick_index == len(state.pick_order):
                self.phase = SWAP
        elif isinstance(decision, Swap):
            if decision.give is not None and decision.take is not None:  # C-16, OQ-C-10 (_check: both or neither)
                give = self.cards.index_of[decision.give]
                take = self.cards.index_of[decision.take]
                state.upgrades[seat].remove(give)
                state.market.remove(take)
                state.upgrades[seat].append(take)
                state.market.append(give)
            state.upgrade_deck.extend(state.market)  # C-17: leftovers back into the Upgrade deck
            state.market = []
            self.rng.shuffle(state.upgrade_deck)
            self._start_race()
        elif isinstance(decision, Keep):  # C-44
            kept = self.cards.index_of[decision.card]
            state.upgrades[seat].remove(kept)
            state.upgrade_deck.extend(state.upgrades[seat])  # C-9: the others go back for the next season
            state.upgrades[seat] = [kept]
            state.keep_order.pop(0)
            if not state.keep_order:
                self._next_season()

    def standings(self) -> list[int]:
        """Seats by total Championship points; ties go to the better place in the last race
        (C-30, OQ-C-7: a GOAT run sums every season)."""
        totals = self.totals()
        state = self.state
        last = state.results[-1].order if state.results else tuple(state.last_order or range(len(self.config.seats)))
        return sorted(range(len(self.config.seats)), key=lambda s: (-totals[s], last.index(s)))

    def totals(self) -> list[int]:
        """Championship points per seat: this season, plus earlier seasons of a GOAT run."""
        count = len(self.config.seats)
        totals = [0] * count
        for past in self.state.past_seasons:
            for seat in range(count):
                totals[seat] += past[seat]
        for result in self.state.results:
            for seat in range(count):
                totals[seat] += result.points[seat]
        return totals

    def season_points(self) -> list[int]:
        """Championship points per seat in the current season only."""
        count = len(self.config.seats)
        return [sum(result.points[seat] for result in self.state.results) for seat in range(count)]

    # ------------------------------------------------------------------ the season's course

    def _start_season(self) -> None:
        state = self.state
        state.results = []
        state.race_index = 0
        if self.year == "custom":  # C-42: the 4 tracks in random order, a random event each
            tracks = list(content.track_ids())
            self.rng.shuffle(tracks)
            state.schedule = []
            for track_id in tracks:
                choices = [i for i, e in enumerate(self.book.events) if e.track == track_id]
                state.schedule.append(choices[self.rng.below(len(choices))])
        else:
            state.schedule = list(self.book.season(int(self.year)))
        grid = list(range(len(self.config.seats)))
        self.rng.shuffle(grid)  # C-13, OQ-C-8: the first race of a season has a random grid
        state.grid = grid
        self._start_build()

    def _start_build(self) -> None:
        """C-15: players + 3 Upgrade cards; picks from the last player on the grid up, Legends
        ignored (D-19)."""
        state = self.state
        players = [seat for seat in state.grid if not self.config.seats[seat].legend]
        size = min(len(players) + 3, len(state.upgrade_deck))
        state.market = [state.upgrade_deck.pop() for _ in range(size)]
        state.pick_order = players[::-1]
        state.pick_index = 0
        self.phase = BUILD

    def _start_race(self) -> None:
        """C-18 to C-23: Sponsorship cards dealt, Press Corners, Weather, the event; the race."""
        state = self.state
        config = self.config
        event = self.event()
        track = content.track(event.track)
        seats = []
        for seat, base in enumerate(config.seats):
            if base.legend:
                seats.append(base)
                continue
            dealt = [self._draw_sponsor() for _ in range(event.sponsors)]
            seats.append(
                SeatConfig(
                    base.name,
                    base.color,
                    upgrades=self.cards.names(state.upgrades[seat]),
                    sponsors=self.cards.names(k for k in dealt if k >= 0),
                    deck=self.cards.names(state.sponsors[seat]),
                )
            )
            state.sponsors[seat] = []
        race_config = RaceConfig(
            tuple(seats),
            track=event.track,
            laps=max(1, track.laps + event.laps),
            seed=self.rng.next64() >> 1,
            hand_size=event.hand_size or 7,
            weather=True,  # C-2: every module
            pro_legends=config.pro_legends,
            aggressive_legends=config.aggressive_legends,
            tournament=config.tournament,
            starting_upgrades=False,  # C-5
            heat_bonus=event.heat,
            stress_bonus=event.stress,
            grid=tuple(state.grid),
            press_corners=event.press_corners(track),
            sponsor_deck=self.cards.names(reversed(state.sponsor_deck)),
            first_lap_sponsors=event.first_lap_sponsors,
            speed_sponsor=event.speed_sponsor,
            pass_sponsor=event.pass_sponsor,
            spin_out_eliminates=event.spin_out_eliminates,
        )
        state.sponsor_deck = []  # the race holds the Sponsorship deck now
        self.race = Race(race_config)
        self.phase = RACE

    def _draw_sponsor(self) -> int:
        state = self.state
        return state.sponsor_deck.pop() if state.sponsor_deck else -1

    def _score_race(self) -> None:
        """C-24 to C-28: points, cards kept, Sponsorship cards back, the next grid or the end."""
        race = self.race
        assert race is not None
        state = self.state
        event = self.event()
        count = len(self.config.seats)
        order = tuple(race.standings())
        points = [0] * count
        table = self.book.points
        for place, seat in enumerate(order):
            if seat in race.eliminated:
                continue  # the 1963 finale: eliminated cars score 0 (C-21)
            score = table[place] if place < len(table) else 0
            if place == 0:
                score += event.winner_bonus
            if place < 3:
                score += event.top3_bonus
            points[seat] = score
        state.results.append(RaceResult(state.schedule[state.race_index], order, tuple(points), tuple(race.eliminated)))
        sponsor = [c.type == "sponsor" for c in self.cards.catalogue.cards]
        for car in race.cars:  # C-25, C-33: unused Sponsorship cards are kept
            if car.legend:
                continue
            owned = car.hand + car.deck + car.discard + car.play
            state.sponsors[car.seat] = [k for k in owned if sponsor[k]]
        state.sponsor_deck = race.sponsor_deck + race.sponsor_used  # C-26
        self.rng.shuffle(state.sponsor_deck)
        self.race = None
        state.race_index += 1
        if state.race_index < len(state.schedule):
            totals = self.season_points()  # C-13: by standing, ties by the last race
            state.grid = sorted(range(count), key=lambda s: (-totals[s], order.index(s)))
            self._start_build()
            return
        self._end_season()

    def _end_season(self) -> None:
        """C-30, C-43, C-44: a GOAT run goes on to the next season; each player keeps one card."""
        state = self.state
        for carried in state.sponsors:  # C-33: worthless at season end; C-8: all 35 in the deck
            state.sponsor_deck.extend(carried)
        state.sponsors = [[] for _ in self.config.seats]
        self.rng.shuffle(state.sponsor_deck)
        if self.config.season == "goat" and state.year_index < len(HISTORIC) - 1:
            players = [s for s in range(len(self.config.seats)) if not self.config.seats[s].legend]
            state.keep_order = [s for s in players if state.upgrades[s]]
            if state.keep_order:
                self.phase = KEEP
                return
            self._next_season()
            return
        self.phase = OVER

    def _next_season(self) -> None:
        state = self.state
        state.past_seasons.append(self.season_points())
        if state.results:
            state.last_order = list(state.results[-1].order)
        state.year_index += 1
        self.rng.shuffle(state.upgrade_deck)  # C-9
        self._start_season()

    def _check(self, seat: int, decision: Decision) -> None:
        if seat not in self.to_decide():
            if self.phase == OVER:
                raise IllegalDecision("the season is over")
            who = ", ".join(self.config.seats[s].name for s in self.to_decide())
            seats = self.config.seats
            name = seats[seat].name if 0 <= seat < len(seats) else Phrase("seat {seat}", seat=shown(seat))
            raise IllegalDecision("it is not {car}'s decision; waiting for {names}", car=name, names=who)
        state = self.state
        ids = self.cards.ids
        if self.phase == BUILD:
            if not isinstance(decision, Draft):
                raise IllegalDecision("build your car: take one Upgrade card from the market ('draft CARD', C-15)")
            if self.cards.index_of.get(decision.card, -1) not in state.market:
                market = ", ".join(sorted({ids[k] for k in state.market}))
                raise IllegalDecision(
                    "{card} is not in the market; the market holds: {market}", card=repr(decision.card), market=market
                )
            return
        if self.phase == SWAP:
            if not isinstance(decision, Swap):
                raise IllegalDecision(
                    "the last player on the grid may swap one Upgrade card for a leftover: "
                    "'swap OWNED for MARKET' or 'no swap' (C-16)"
                )
            if decision.give is None and decision.take is None:
                return
            if decision.give is None or decision.take is None:  # C-16: one card for one card
                raise IllegalDecision(
                    "a swap gives one of your Upgrade cards for one leftover: 'swap OWNED for MARKET', "
                    "or 'no swap' (C-16)"
                )
            if self.cards.index_of.get(decision.give, -1) not in state.upgrades[seat]:
                raise IllegalDecision("{card} is not one of your Upgrade cards", card=repr(decision.give))
            if self.cards.index_of.get(decision.take or "", -1) not in state.market:
                raise IllegalDecision("{card} is not a leftover in the market", card=repr(decision.take))
            return
        if not isinstance(decision, Keep):
            raise IllegalDecision("keep one Upgrade card for the next season: 'keep CARD' (C-44)")
        if self.cards.index_of.get(decision.card, -1) not in state.upgrades[seat]:
            owned = ", ".join(sorted({ids[k] for k in state.upgrades[seat]}))
            raise IllegalDecision("you can keep only one of your own Upgrade cards: {owned}", owned=owned)
