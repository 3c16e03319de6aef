"""The race state and the small mechanics every step uses: the board, piles, Heat, movement.

Positions on the track are kept as one integer per car, its *progress*: space ``s`` of lap ``k``
is progress ``(k - 1) * spaces + s``; the starting grid lies at progress 0 and below, and a car
has finished once its progress passes ``laps * spaces`` (the finish line, B-16.2).
"""

from __future__ import annotations

from typing import Final

from heat.engine import board, content
from heat.engine.car import Car, TurnState
from heat.engine.cardtable import CardTable, card_table
from heat.engine.config import RaceConfig
from heat.engine.decisions import Decision
from heat.engine.events import CardFlipped, CrossedFinish, Drew, Event, HeatPaid, Moved, RoundStarted, Shuffled
from heat.engine.reveal import reachable_gears
from heat.engine.rng import Rng
from heat.engine.weather import Conditions

RULES_VERSION: Final = "3"
"""Bumped whenever a rule change can change the outcome of a recorded race."""

DRAFT: Final = "draft"
PLAN: Final = "plan"
TURN: Final = "turn"
OVER: Final = "over"

START: Final = "start"
CHOOSE: Final = "choose"
REACT: Final = "react"
SLIPSTREAM: Final = "slipstream"
CORNERS: Final = "corners"
DISCARD: Final = "discard"
REFRESH: Final = "refresh"
REPLENISH: Final = "replenish"
END: Final = "end"
DECISION_STEPS: Final = (CHOOSE, REACT, SLIPSTREAM, DISCARD, REFRESH)


class DraftState:
    """Building the cars (G-10 to G-16): the market and who picks next."""

    __slots__ = ("index", "market", "order", "round", "rounds")

    def __init__(self, rounds: int) -> None:
        self.rounds = rounds
        self.round = 0
        self.market: list[int] = []
        self.order: list[int] = []
        self.index = 0

    def copy(self) -> DraftState:
        """An independent copy."""
        other = DraftState(self.rounds)
        other.round = self.round
        other.market = self.market[:]
        other.order = self.order[:]
        other.index = self.index
        return other


class RaceState:
    """Every field of a race, and the mechanics shared by the steps of a round."""

    __slots__ = (
        "adrenaline_seats",
        "cards",
        "cars",
        "conditions",
        "config",
        "corner_lines",
        "decisions",
        "draft",
        "eliminated",
        "fast_base_cards",
        "finish",
        "first_lap_count",
        "hall_of_fame",
        "hand_size",
        "laps",
        "legends_card",
        "legends_deck",
        "log",
        "occupancy",
        "options_cache",
        "options_key",
        "order",
        "owns_direct",
        "owns_heat_cost",
        "owns_one_time",
        "owns_refresh",
        "phase",
        "rng",
        "round",
        "spaces",
        "sponsor_deck",
        "sponsor_used",
        "start_position",
        "started_cars",
        "step",
        "stress_reserve",
        "track",
        "turn",
        "turn_index",
        "upgrade_pool",
    )

    config: RaceConfig
    track: content.Track
    corner_lines: tuple[int, ...]
    """``line_after`` of each of the track's corners, in order (ascending)."""
    cards: CardTable
    laps: int
    spaces: int
    finish: int
    hand_size: int
    cars: list[Car]
    started_cars: int
    rng: Rng
    round: int
    phase: str
    step: str
    order: list[int]
    turn_index: int
    adrenaline_seats: tuple[int, ...]
    turn: TurnState
    occupancy: list[int]
    stress_reserve: int
    hall_of_fame: list[int]
    log: list[Event] | None
    decisions: list[tuple[int, Decision]]
    start_position: dict[str, object] | None
    conditions: Conditions | None
    legends_deck: list[int]
    legends_card: int
    draft: DraftState | None
    upgrade_pool: list[int]
    fast_base_cards: bool
    """No card with an Upgrade symbol in this race: the base game's fast paths for cards apply."""
    owns_heat_cost: list[bool]
    """Per seat: does the car own a card that costs Heat to play (OQ-G-3)?"""
    owns_direct: list[bool]
    """Per seat: does the car own a Direct Play card (G-35)?"""
    owns_one_time: list[bool]
    """Per seat: does the car own a One-time use card (G-29)?"""
    owns_refresh: list[bool]
    """Per seat: does the car own a Refresh card (G-33)?"""
    sponsor_deck: list[int]
    """Championship: the Sponsorship deck, top card last (C-34)."""
    sponsor_used: list[int]
    """Sponsorship cards played (removed) since the start of the race (C-35)."""
    first_lap_count: int
    """Cars that have completed lap 1 so far (C-45)."""
    eliminated: list[int]
    """Seats eliminated by a spin-out (Championship event, C-21)."""
    options_key: tuple[int, int, int] | None
    options_cache: list[Decision]
    """The React options of the active car, kept until the next decision (they cost the most)."""

    def _init_common(self, config: RaceConfig, track: content.Track, record_events: bool) -> None:
        self.config = config
        self.track = track
        self.corner_lines = tuple(corner.line_after for corner in track.corners)
        self.cards = card_table()
        self.laps = config.laps if config.laps is not None else track.laps
        self.spaces = track.spaces
        self.finish = self.laps * track.spaces
        self.hand_size = config.hand_size
        self.cars = []
        self.started_cars = 0
        self.rng = Rng(config.seed)
        self.round = 0
        self.phase = PLAN
        self.step = ""
        self.order = []
        self.turn_index = 0
        self.adrenaline_seats = ()
        self.turn = TurnState()
        self.occupancy = [-1] * ((track.spaces + 1) * track.spots_per_space)
        self.stress_reserve = 0
        self.hall_of_fame = []
        self.log = [] if record_events else None
        self.decisions = []
        self.start_position = None
        self.conditions = None
        self.legends_deck = []
        self.legends_card = -1
        self.draft = None
        self.upgrade_pool = []
        self.fast_base_cards = True
        self.sponsor_deck = []
        self.sponsor_used = []
        self.first_lap_count = 0
        self.eliminated = []
        self.owns_heat_cost = []
        self.owns_direct = []
        self.owns_one_time = []
        self.owns_refresh = []
        self.options_key = None
        self.options_cache = []

    # ------------------------------------------------------------------ geometry

    def space_of(self, pos: int) -> int:
        """The board space (1..spaces) of a progress value."""
        return board.space_of(pos, self.spaces)

    def lap_of(self, pos: int) -> int:
        """The lap a progress value lies on: 0 on the grid, laps + 1 past the finish."""
        return board.lap_of(pos, self.spaces)

    def _slot(self, pos: int, lane: int) -> int:
        return ((pos - 1) % self.spaces + 1) * self.track.spots_per_space + lane - 1

    def _position_key(self, car: Car) -> tuple[int, bool]:
        # B-11.7: further along is ahead; on one space the race-line spot is ahead.
        return (car.pos, car.lane == self.track.raceline[(car.pos - 1) % self.spaces + 1])

    def corner_limit(self, corner: content.Corner) -> int:
        """A corner's Speed Limit with its Road Conditions token (W-12, W-13)."""
        if self.conditions is None:
            return corner.speed_limit
        return corner.speed_limit + self.conditions.corner_limit[corner.number - 1]

    def corners_crossed(self, start: int, end: int) -> list[tuple[int, content.Corner]]:
        """Corner Lines between progress ``start`` and ``end``, in crossing order, as
        (line progress, corner): ``board.lines_crossed`` (B-7.5, B-7.6, B-16.5)."""
        crossed = board.lines_crossed(self.corner_lines, self.spaces, start, end, self.finish)
        if not crossed:
            return []
        corners = self.track.corners
        return [(line, corners[index]) for line, index in crossed]

    def _place(self, car: Car, target: int, floor: int) -> int:
        """Put ``car`` (already lifted off the board) where ``board.place`` stops it on its way to
        ``target``, never behind ``floor`` (B-3.6, B-3.7). Returns the progress where it stopped."""
        track = self.track
        pos, lane = board.place(self.occupancy, track.spots_per_space, track.raceline, self.spaces, target, floor)
        if lane:
            car.pos = pos
            car.lane = lane
            self.occupancy[self._slot(pos, lane)] = car.seat
        return pos

    def _move_to(self, car: Car, target: int, reason: str) -> None:
        """Move ``car`` forward to progress ``target`` with blocking (B-3.4 to B-3.7)."""
        start = car.pos
        start_lane = car.lane
        if target <= start:
            if self.log is not None:
                self._emit_move(car, 0, reason, start, False)
            return
        occupancy = self.occupancy
        occupancy[self._slot(start, start_lane)] = -1
        stopped = self._place(car, target, start)
        if stopped == start:  # blocked all the way back: the car keeps its own spot
            car.pos = start
            car.lane = start_lane
            occupancy[self._slot(start, start_lane)] = car.seat
        if self.log is not None:
            self._emit_move(car, target - start, reason, start, car.pos != target)
        if car.pos > self.finish and not car.finished:
            car.finished = True
            if self.log is not None:
                self.log.append(CrossedFinish(car.seat))

    def _emit_move(self, car: Car, spaces: int, reason: str, start: int, blocked: bool) -> None:
        assert self.log is not None
        self.log.append(
            Moved(
                car.seat,
                spaces,
                reason,
                self.space_of(start),
                self.lap_of(start),
                self.space_of(car.pos),
                self.lap_of(car.pos),
                car.lane,
                blocked,
            )
        )

    def _start_round(self) -> None:
        """B-11: a new round begins with the plans (steps 1-2) of every car."""
        self.round += 1
        self.phase = PLAN
        self.step = ""
        self.order = []
        self.turn_index = 0
        self.adrenaline_seats = ()
        self.legends_card = -1  # L-6: a new Legends card each round
        if self.log is not None:
            self.log.append(RoundStarted(-1, self.round))

    # ------------------------------------------------------------------ cards

    def _reshuffle(self, car: Car) -> bool:
        """B-15.1: shuffle the discard pile into a new draw deck (never the play area, B-15.2).
        Returns False when there is nothing to shuffle (OQ-B-3)."""
        if not car.discard:
            return False
        car.deck = car.discard
        car.discard = []
        self.rng.shuffle(car.deck)
        if self.log is not None:
            self.log.append(Shuffled(car.seat, len(car.deck)))
        return True

    def _flip_for_basic(self, car: Car, reason: str) -> int:
        """The + process (B-12.4): flip until a Basic card, which goes to the play area; every
        other card flipped is discarded. Returns the value added (0 if none is left, OQ-B-3)."""
        basic = self.cards.basic
        while True:
            # OQ-B-3: with no Basic card left in the deck or the discard pile, the + adds 0
            # (reshuffling a pile of only Heat/Stress/Upgrade cards would flip forever).
            if not car.deck and (not any(map(basic.__getitem__, car.discard)) or not self._reshuffle(car)):
                return 0
            kind = car.deck.pop()
            if basic[kind]:
                car.play.append(kind)
                if self.log is not None:
                    self.log.append(CardFlipped(car.seat, self.cards.ids[kind], True, reason))
                return self.cards.speed[kind]
            car.discard.append(kind)
            if self.log is not None:
                self.log.append(CardFlipped(car.seat, self.cards.ids[kind], False, reason))

    def _draw_to_hand_size(self, car: Car) -> None:
        """B-9.2: draw until the hand holds hand-size cards (OQ-B-4: never discard down)."""
        hand = car.hand
        held = len(hand)
        need = self.hand_size - held
        if need <= 0:
            return
        while need and (car.deck or self._reshuffle(car)):
            deck = car.deck
            take = min(need, len(deck))
            hand.extend(deck[: -take - 1 : -1])  # the top ``take`` cards, drawn one at a time
            del deck[-take:]
            need -= take
        if self.log is not None:
            drawn = hand[held:]
            self.log.append(Drew(car.seat, len(drawn), self.cards.names(drawn)))

    def _reachable_gears(self, car: Car) -> list[int]:
        return list(reachable_gears(car.gear, car.engine))  # B-1.1, B-1.2, OQ-B-7, B-1.4

    def _pay_heat(self, car: Car, amount: int, reason: str) -> None:
        """B-13.1: move ``amount`` Heat cards from the Engine to the discard pile."""
        if amount <= 0:
            return
        car.engine -= amount
        car.discard.extend([self.cards.heat] * amount)
        if self.log is not None:
            self.log.append(HeatPaid(car.seat, amount, reason))

    def _update_card_caches(self) -> None:
        """Recompute ``fast_base_cards`` and the ``owns_*`` caches (speed-ups, not rules) from the
        cards the cars hold."""
        symbolic = self.cards.symbolic
        direct = self.cards.direct
        costs = self.cards.heat_cost
        owned = [set(car.hand + car.deck + car.discard + car.play) for car in self.cars]
        self.owns_heat_cost = [any(map(costs.__getitem__, kinds)) for kinds in owned]
        self.owns_direct = [any(map(direct.__getitem__, kinds)) for kinds in owned]
        one_time, refresh = self.cards.one_time, self.cards.refresh
        self.owns_one_time = [any(map(one_time.__getitem__, kinds)) for kinds in owned]
        self.owns_refresh = [any(map(refresh.__getitem__, kinds)) for kinds in owned]
        self.fast_base_cards = not any(any(map(symbolic.__getitem__, kinds)) for kinds in owned) and not any(
            self.owns_direct
        )
