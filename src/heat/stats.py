"""Race statistics: figures per car, read from a race's events, for the results screen,
``heat stats``, ``heat race`` and the arena (docs/stats.md lists them).

A layer above the engine, like ``heat.narrate``: every figure is read from the engine's public
events (``race.events(None)``) and its public view, never worked out again from the rules. A
corner's Speed Limit and the Heat it cost come from ``CornerChecked`` (the Overheat token's share
and whether the car spun out included), the Heat of a spin-out from ``SpunOut``, the order of the
cars at the end of each round from ``RoundEnded``. Positions are the engine's *progress* (space
``s`` of lap ``k`` is ``(k - 1) * spaces + s``, docs/engine.md), so a car's spaces moved in a
round is its progress at the end of the round less its progress at the end of the one before:
a spin-out's way back counts against it. A race that is not over is counted up to the end of
its last complete round.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from heat.engine import Decision, Race, board, view_of
from heat.engine import events as ev
from heat.engine.championship import replay_season
from heat.engine.content import catalogue
from heat.engine.record import apply_recorded
from heat.i18n import N_, _, decimal

STATS_FORMAT: Final = "heat-stats"

HEAT_CAUSES: Final = ("shift", "boost", "corners", "weather", "upgrades", "spin-outs")
"""Why Heat was paid: a two-gear shift, a Boost, a corner over its Speed Limit, the Road
Conditions' Overheat token, an Upgrade card's Heat symbol, a spin-out (the whole Engine)."""

COOLING_SOURCES: Final = ("gear", "adrenaline", "weather", "upgrades")
"""Where a Cooldown came from: 1st or 2nd gear, Adrenaline, a Weather sector, an Upgrade card."""

GEARS: Final = (1, 2, 3, 4)

PLAYER_ONLY: Final = frozenset(
    {
        "gears",
        "gear_shifts",
        "two_gear_shifts",
        "heat",
        "heat_corner",
        "heat_upgrade",
        "heat_paid",
        "cooled",
        "heat_cooled",
        "boosts",
        "boost_speed",
        "corners_over",
        "corners_at",
        "corners_under",
        "spin_outs",
        "stress_taken",
        "slipstreams",
        "slipstream_spaces",
        "adrenaline_rounds",
        "adrenaline_moves",
        "adrenaline_cooldowns",
        "adrenaline_used",
        "stress_played",
        "cards_played",
        "cards_discarded",
        "cards_drawn",
        "shuffles",
        "cluttered_hands",
        "upgrade_symbols",
        "sponsors",
    }
)
"""Figures a Legend has no use for (it has no gear, cards or Engine, L-2): null in JSON, '-' in tables."""


@dataclass(slots=True)
class CarStats:
    """Every figure of one car. Counts cover the rounds the car raced (see the module docstring)."""

    seat: int
    name: str
    color: str
    legend: bool
    place: int = 0
    """In the final standings, or in the order at the end of the last complete round."""
    grid: int | None = None
    """Place on the starting grid, 1 for pole position (None for a race set up from a position)."""
    finish_round: int | None = None
    """The round the car entered the Hall of Fame (None: not finished, or eliminated)."""
    eliminated: bool = False
    rounds: int = 0
    """Rounds raced: complete rounds that found the car on the track."""
    rounds_leading: int = 0
    """Rounds raced at whose end the car was first in the race order."""
    progress: list[int] = field(default_factory=list)
    """Progress at the start (index 0), then at the end of each round raced."""
    spaces: list[int] = field(default_factory=list)
    """Spaces moved in each round raced (a spin-out's way back subtracted)."""
    blocked_spaces: int = 0
    """Spaces a move fell short of because the spots ahead were taken (B-3.7, B-6.4)."""
    gears: dict[int, int] = field(default_factory=lambda: dict.fromkeys(GEARS, 0))
    """Rounds in each gear: the gear revealed each round (B-1, T-2)."""
    gear_shifts: int = 0
    two_gear_shifts: int = 0
    heat: dict[str, int] = field(default_factory=lambda: dict.fromkeys(HEAT_CAUSES, 0))
    """Heat paid, by cause (``HEAT_CAUSES``)."""
    heat_corner: dict[int, int] = field(default_factory=dict)
    """Heat paid for going over each corner's Speed Limit, by corner number (spin-outs apart)."""
    heat_upgrade: dict[str, int] = field(default_factory=dict)
    """Heat paid for each Upgrade card's Heat symbol, by card (G-25)."""
    cooled: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COOLING_SOURCES, 0))
    """Heat cooled down from hand back to the Engine, by source (``COOLING_SOURCES``)."""
    boosts: int = 0
    boost_speed: int = 0
    """Speed the Boosts added (B-5.6)."""
    corners_over: int = 0
    corners_at: int = 0
    corners_under: int = 0
    spin_outs: int = 0
    stress_taken: int = 0
    """Stress cards taken in spin-outs (B-7.9)."""
    slipstreams: int = 0
    slipstream_spaces: int = 0
    """Spaces gained by slipstreaming (B-6.3), blocking taken into account."""
    adrenaline_rounds: int = 0
    adrenaline_moves: int = 0
    adrenaline_cooldowns: int = 0
    stress_played: int = 0
    cards_played: int = 0
    """Cards revealed from the plans (B-3.1)."""
    cards_discarded: int = 0
    """Cards discarded from hand in step 8 to cycle the deck (B-8)."""
    cards_drawn: int = 0
    shuffles: int = 0
    cluttered_hands: int = 0
    upgrade_symbols: int = 0
    """Upgrade symbols used in React (Garage, G-22)."""
    sponsors: int = 0
    """Sponsorship cards gained (Championship, C-34)."""

    @property
    def heat_paid(self) -> int:
        """All the Heat paid (moved from the Engine to the discard pile, B-13.1)."""
        return sum(self.heat.values())

    @property
    def heat_cooled(self) -> int:
        """All the Heat cooled down."""
        return sum(self.cooled.values())

    @property
    def adrenaline_used(self) -> int:
        """Adrenaline symbols used: its +1 and its Cooldown (B-4.4)."""
        return self.adrenaline_moves + self.adrenaline_cooldowns

    @property
    def spaces_moved(self) -> int:
        """Spaces moved in all, from the start to the end of the last round raced."""
        return sum(self.spaces)

    @property
    def spaces_mean(self) -> float:
        """Spaces moved per round raced, on average."""
        return sum(self.spaces) / len(self.spaces) if self.spaces else 0.0

    @property
    def spaces_max(self) -> int:
        """The most spaces moved in one round."""
        return max(self.spaces, default=0)

    def to_json(self) -> dict[str, Any]:
        """Every figure as JSON; a Legend's player figures are null."""
        data: dict[str, Any] = {}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            data[name] = {str(k): v for k, v in value.items()} if isinstance(value, dict) else value
        for name in ("heat_paid", "heat_cooled", "adrenaline_used", "spaces_moved", "spaces_max"):
            data[name] = getattr(self, name)
        data["spaces_mean"] = round(self.spaces_mean, 3)
        if self.legend:
            data.update(dict.fromkeys(PLAYER_ONLY & data.keys()))
        return data

    def totals(self) -> dict[str, int]:
        """The figures that add up over cars and races (counts), flat; a Legend's without the
        player figures. The arena sums them per entrant."""
        flat: dict[str, int] = {
            "car_races": 1,
            "wins": int(self.place == 1),
            "finished": int(self.finish_round is not None),
            "rounds": self.rounds,
            "rounds_leading": self.rounds_leading,
            "spaces_moved": self.spaces_moved,
            "blocked_spaces": self.blocked_spaces,
        }
        if self.legend:
            return flat
        flat.update({f"rounds_gear_{gear}": self.gears[gear] for gear in GEARS})
        flat["heat_paid"] = self.heat_paid
        flat.update({f"heat_{cause.replace('-', '_')}": self.heat[cause] for cause in HEAT_CAUSES})
        flat["heat_cooled"] = self.heat_cooled
        flat["adrenaline_used"] = self.adrenaline_used
        for name in sorted(PLAYER_ONLY - {"gears", "heat", "heat_corner", "heat_upgrade", "cooled"} - flat.keys()):
            flat[name] = getattr(self, name)
        return flat


@dataclass(slots=True)
class RaceStats:
    """The figures of every car of a race, in seat order."""

    track: str
    track_name: str
    laps: int
    lap_spaces: int
    """Spaces in one lap: the finish line lies at progress ``laps * lap_spaces``."""
    corners: tuple[int, ...]
    rounds: int
    """Complete rounds counted."""
    over: bool
    cars: list[CarStats]

    def to_json(self) -> dict[str, Any]:
        """The race's figures as JSON (``format``: ``heat-stats``)."""
        return {
            "format": STATS_FORMAT,
            "track": self.track,
            "laps": self.laps,
            "lap_spaces": self.lap_spaces,
            "corners": list(self.corners),
            "rounds": self.rounds,
            "over": self.over,
            "cars": [car.to_json() for car in self.cars],
        }


def _progress(space: int, lap: int, lap_spaces: int) -> int:
    """The engine's progress of space ``space`` on lap ``lap`` (``heat.engine.board``)."""
    return board.progress(space, lap, lap_spaces)


def race_stats(race: Race) -> RaceStats:
    """The statistics of ``race`` (built with its event log, as every replayed race is)."""
    view = view_of(race, None)
    lap_spaces = race.track.spaces
    events = race.events(None)
    ended = [i for i, event in enumerate(events) if isinstance(event, ev.RoundEnded)]
    counted = events[: ended[-1] + 1] if ended else []
    cars = [CarStats(car.seat, car.name, car.color, car.legend) for car in view.cars]

    # Where each car stood at the start: where its first move began, or, if it never moved,
    # where it stands now.
    where = [_progress(car.space, car.lap, lap_spaces) for car in view.cars]
    first_move: dict[int, int] = {}
    for event in events:
        if isinstance(event, ev.Moved) and event.seat not in first_move:
            first_move[event.seat] = _progress(event.from_space, event.from_lap, lap_spaces)
        elif isinstance(event, ev.RaceStarted):
            for place, grid_seat in enumerate(event.grid, 1):
                cars[grid_seat].grid = place
    position = [first_move.get(seat, where[seat]) for seat in range(len(cars))]
    for entry in cars:
        entry.progress.append(position[entry.seat])

    finishers = {seat for event in events if isinstance(event, ev.RoundEnded) for seat in event.finishers}
    eliminated = {event.seat for event in events if isinstance(event, ev.Eliminated)}
    # Cars already in the Hall of Fame (or out) when a race set up from a position began.
    done = (set(view.hall_of_fame) - finishers) | (set(view.eliminated) - eliminated)
    card_ids = {card.id for card in catalogue().cards}
    stress_ids = {card.id for card in catalogue().cards if card.type == "stress"}
    order: tuple[int, ...] = ()
    leaving: set[int] = set()
    """Cars that left the track this round: eliminated (C-21); it still counts as raced."""
    for event in counted:
        seat = event.seat
        if isinstance(event, ev.RoundEnded):
            order = event.order
            for racer in cars:
                if racer.seat in done:
                    continue
                racer.rounds += 1
                racer.rounds_leading += bool(order) and order[0] == racer.seat
                racer.spaces.append(position[racer.seat] - racer.progress[-1])
                racer.progress.append(position[racer.seat])
            for finisher in event.finishers:
                cars[finisher].finish_round = event.round
            done |= set(event.finishers) | leaving
            leaving.clear()
        elif 0 <= seat < len(cars):
            _count(cars[seat], event, position, lap_spaces, card_ids, stress_ids)
            if isinstance(event, ev.Eliminated):
                cars[seat].eliminated = True
                leaving.add(seat)
    standings = order or view.standings
    for place, seat in enumerate(standings, 1):
        cars[seat].place = place
    return RaceStats(
        race.track.id,
        race.track.name,
        race.laps,
        lap_spaces,
        tuple(corner.number for corner in race.track.corners),
        len(ended),
        race.is_over,
        cars,
    )


def _count(
    car: CarStats, event: ev.Event, position: list[int], lap_spaces: int, card_ids: set[str], stress_ids: set[str]
) -> None:
    """Add one event of ``car`` to its figures; ``position`` holds every car's progress."""
    match event:
        case ev.Moved(spaces=spaces, reason=reason, from_space=from_space, from_lap=from_lap):
            start = _progress(from_space, from_lap, lap_spaces)
            end = _progress(event.to_space, event.to_lap, lap_spaces)
            position[car.seat] = end
            car.blocked_spaces += spaces - (end - start)
            if reason == "slipstream":
                car.slipstream_spaces += end - start
        case ev.SpunOut(stress=stress, heat=heat):
            position[car.seat] = _progress(event.to_space, event.to_lap, lap_spaces)
            car.spin_outs += 1
            car.stress_taken += stress
            car.heat["spin-outs"] += heat
        case ev.CornerChecked(corner=corner, speed=speed, limit=limit, heat=heat, overheat=overheat):
            if speed > limit:
                car.corners_over += 1
            elif speed == limit:
                car.corners_at += 1
            else:
                car.corners_under += 1
            if heat and not event.spin_out:  # a spin-out's Heat is counted by SpunOut
                car.heat["corners"] += heat - overheat
                car.heat["weather"] += overheat
                car.heat_corner[corner] = car.heat_corner.get(corner, 0) + heat - overheat
        case ev.HeatPaid(amount=amount, reason=reason):
            if reason in ("shift", "boost"):
                car.heat[reason] += amount
            elif reason in card_ids:  # an Upgrade card's Heat symbol (G-25)
                car.heat["upgrades"] += amount
                car.heat_upgrade[reason] = car.heat_upgrade.get(reason, 0) + amount
            # else a corner's: counted from CornerChecked and SpunOut
        case ev.GearShifted(old=old, new=new):
            car.gears[new] += 1
            car.gear_shifts += old != new
            car.two_gear_shifts += abs(new - old) == 2
        case ev.CooledDown(count=count, source=source):
            car.cooled[source if source in COOLING_SOURCES else "upgrades"] += count
            car.adrenaline_cooldowns += source == "adrenaline"
        case ev.Boosted(value=value):
            car.boosts += 1
            car.boost_speed += value
        case ev.SpeedIncreased(source="adrenaline"):
            car.adrenaline_moves += 1
        case ev.AdrenalineGained():
            car.adrenaline_rounds += 1
        case ev.Slipstreamed():
            car.slipstreams += 1
        case ev.CardsRevealed(cards=cards):
            car.cards_played += len(cards)
            car.stress_played += sum(card in stress_ids for card in cards)
        case ev.Discarded(cards=cards):
            car.cards_discarded += len(cards)
        case ev.Drew(count=count):
            car.cards_drawn += count
        case ev.Shuffled():
            car.shuffles += 1
        case ev.ClutteredHand():
            car.cluttered_hands += 1
        case ev.SymbolUsed():
            car.upgrade_symbols += 1
        case ev.SponsorGained():
            car.sponsors += 1


# ---------------------------------------------------------------------- tables


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the statistics table: a label and how to read the figure from a car."""

    label: str
    """The label in English, a message of the catalogue (``{number}``: ``number``)."""
    value: Callable[[CarStats], object]
    player: bool = True
    """A player figure: '-' for a Legend."""
    optional: bool = False
    """Left out when it is 0 for every car (a module not in play)."""
    depth: int = 0
    """How far the label is indented (2 spaces a step): a detail of the row above."""
    number: int | None = None
    """The gear or corner the label names."""

    def words(self) -> str:
        """The label in the language spoken, indented."""
        text = _(self.label) if self.number is None else _(self.label, number=self.number)
        return "  " * self.depth + text


def _in_gear(gear: int) -> Callable[[CarStats], object]:
    return lambda car: car.gears[gear]


def _corner_heat(number: int) -> Callable[[CarStats], object]:
    return lambda car: car.heat_corner.get(number, 0)


def _finished(car: CarStats) -> str:
    if car.finish_round is not None:
        return str(car.finish_round)
    return "out" if car.eliminated else "-"


ROWS: Final = (
    Row(N_("Place"), lambda c: c.place, player=False),
    Row(N_("Grid place"), lambda c: c.grid if c.grid is not None else "-", player=False),
    Row(N_("Finish round"), _finished, player=False),
    Row(N_("Rounds raced"), lambda c: c.rounds, player=False),
    Row(N_("Rounds leading"), lambda c: c.rounds_leading, player=False),
    Row(N_("Spaces moved"), lambda c: c.spaces_moved, player=False),
    Row(N_("per round"), lambda c: decimal(c.spaces_mean, 1, keep_zeros=True), player=False, depth=1),
    Row(N_("most in a round"), lambda c: c.spaces_max, player=False, depth=1),
    Row(N_("lost to blocking"), lambda c: c.blocked_spaces, player=False, depth=1),
    *(Row(N_("Rounds in gear {number}"), _in_gear(gear), number=gear) for gear in GEARS),
    Row(N_("Gear shifts"), lambda c: c.gear_shifts),
    Row(N_("by two gears"), lambda c: c.two_gear_shifts, depth=1),
    Row(N_("Heat paid"), lambda c: c.heat_paid),
    Row(N_("two-gear shifts"), lambda c: c.heat["shift"], depth=1),
    Row(N_("Boosts"), lambda c: c.heat["boost"], depth=1),
    Row(N_("corners"), lambda c: c.heat["corners"], depth=1),
    Row(N_("Overheat (weather)"), lambda c: c.heat["weather"], optional=True, depth=1),
    Row(N_("Upgrades"), lambda c: c.heat["upgrades"], optional=True, depth=1),
    Row(N_("spin-outs"), lambda c: c.heat["spin-outs"], depth=1),
    Row(N_("Heat cooled down"), lambda c: c.heat_cooled),
    Row(N_("Boosts"), lambda c: c.boosts),
    Row(N_("Speed added"), lambda c: c.boost_speed, depth=1),
    Row(N_("Corners over limit"), lambda c: c.corners_over),
    Row(N_("at the limit"), lambda c: c.corners_at, depth=1),
    Row(N_("under the limit"), lambda c: c.corners_under, depth=1),
    Row(N_("Spin-outs"), lambda c: c.spin_outs),
    Row(N_("Stress taken"), lambda c: c.stress_taken, depth=1),
    Row(N_("Slipstreams"), lambda c: c.slipstreams),
    Row(N_("spaces gained"), lambda c: c.slipstream_spaces, depth=1),
    Row(N_("Adrenaline rounds"), lambda c: c.adrenaline_rounds),
    Row(N_("symbols used"), lambda c: c.adrenaline_used, depth=1),
    Row(N_("Stress played"), lambda c: c.stress_played),
    Row(N_("Cards played"), lambda c: c.cards_played),
    Row(N_("Cards discarded"), lambda c: c.cards_discarded),
    Row(N_("Cards drawn"), lambda c: c.cards_drawn),
    Row(N_("Cluttered hands"), lambda c: c.cluttered_hands, optional=True),
    Row(N_("Upgrade symbols used"), lambda c: c.upgrade_symbols, optional=True),
    Row(N_("Sponsorship cards"), lambda c: c.sponsors, optional=True),
)
"""The table's rows, in order (the Heat of each corner follows 'corners')."""


def by_place(stats: RaceStats) -> list[CarStats]:
    """The cars from first to last: the columns of the table."""
    return sorted(stats.cars, key=lambda car: car.place)


def table_rows(stats: RaceStats) -> list[tuple[str, list[str]]]:
    """The statistics table: (label, one text per car from first to last, ``by_place``) for
    each row shown."""
    cars = by_place(stats)
    rows: list[tuple[str, list[str]]] = []

    def cells(row: Row) -> list[str]:
        return ["-" if row.player and car.legend else str(row.value(car)) for car in cars]

    players = [car for car in cars if not car.legend]
    for row in ROWS:
        if row.optional and not any(row.value(car) for car in players):
            continue
        rows.append((row.words(), cells(row)))
        if row.label == "corners":
            for number in stats.corners:
                corner = Row(N_("corner {number}"), _corner_heat(number), depth=2, number=number)
                rows.append((corner.words(), cells(corner)))
    return rows


def stats_text(stats: RaceStats, names: Sequence[str] | None = None, width: int = 9) -> list[str]:
    """The table as plain lines: a column per car from first to last, headed by ``names``
    (default: its colour)."""
    heads = names or [car.color.capitalize() for car in by_place(stats)]
    rows = table_rows(stats)
    label_width = max(len(label) for label, _ in rows)
    lines = [" " * label_width + "".join(f"{head[: width - 1]:>{width}}" for head in heads)]
    lines += [f"{label:<{label_width}}" + "".join(f"{cell:>{width}}" for cell in cells) for label, cells in rows]
    return lines


# ---------------------------------------------------------------------- seasons


@dataclass(frozen=True, slots=True)
class SeasonRace:
    """A race of a season: its number in the season (a GOAT run counts on across seasons), the
    season's year, the Event card's title and the race itself (over, or the one being played)."""

    number: int
    year: str
    event: str
    race: Race


def season_races(record: Any) -> list[SeasonRace]:
    """Every race of a season record, in order, by replaying it; PositionError (as
    ``replay_season``) naming the first bad entry."""
    if not isinstance(record, dict):
        replay_season(record)  # raises the engine's own message
    season = replay_season({**record, "decisions": []})  # the format, version and config checks
    races: list[SeasonRace] = []

    def apply(seat: int, decision: Decision) -> None:
        season.apply(seat, decision)
        race = season.race
        if race is not None and (not races or races[-1].race is not race):
            races.append(SeasonRace(len(races) + 1, season.year, season.event().title, race))

    apply_recorded(apply, record.get("decisions", []))
    return races
