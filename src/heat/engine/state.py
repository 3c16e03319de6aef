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


class RaceSetup:
    """What is fixed for the whole race: its config, the track and its Corner Lines, the card
    table, the laps, the finish line and the hand size. Shared by every copy of the race, never
    copied (as OpenSpiel's Game beside its State)."""

    __slots__ = ("cards", "config", "corner_lines", "finish", "hand_size", "laps", "spaces", "track")

    def __init__(self, config: RaceConfig, track: content.Track) -> None:
        self.config = config
        self.track = track
        self.corner_lines: tuple[int, ...] = tuple(corner.line_after for corner in track.corners)
        """``line_after`` of each of the track's corners, in order (ascending)."""
        self.cards: CardTable = card_table()
        self.laps = config.laps if config.laps is not None else track.laps
        self.spaces = track.spaces
        self.finish = self.laps * track.spaces
        """The progress of the finish line of the last lap (B-16.2)."""
        self.hand_size = config.hand_size


class RaceState:
    """The state of one playthrough of a race: every field that changes as it is played, each
    declared once, in ``__init__``, with its value in a new race and in a copy. The static data
    is ``setup``, shared by reference."""

    def __init__(self, setup: RaceSetup, *, record_events: bool = True, source: RaceState | None = None) -> None:
        """A race before its set-up (B-10) from ``setup``, or, with ``source``, an independent
        copy of ``source`` (its event log only if ``record_events``). Each line is one field:
        its type, its value in a new race, its value in a copy."""
        track = setup.track
        self.setup: RaceSetup = setup
        self.cars: list[Car] = [car.copy() for car in source.cars] if source else []
        self.started_cars: int = source.started_cars if source else 0
        self.rng: Rng = source.rng.copy() if source else Rng(setup.config.seed)
        self.round: int = source.round if source else 0
        self.phase: str = source.phase if source else PLAN
        self.step: str = source.step if source else ""
        self.order: list[int] = source.order[:] if source else []
        self.turn_index: int = source.turn_index if source else 0
        self.adrenaline_seats: tuple[int, ...] = source.adrenaline_seats if source else ()
        self.turn: TurnState = source.turn.copy() if source else TurnState()
        self.occupancy: list[int] = (
            source.occupancy[:] if source else [-1] * ((track.spaces + 1) * track.spots_per_space)
        )
        """The seat on each spot of the board (-1: free), by ``slot``."""
        self.stress_reserve: int = source.stress_reserve if source else 0
        self.hall_of_fame: list[int] = source.hall_of_fame[:] if source else []
        self.log: list[Event] | None = (
            (source.log[:] if source and source.log is not None else []) if record_events else None
        )
        self.decisions: list[tuple[int, Decision]] = source.decisions[:] if source else []
        self.start_position: dict[str, object] | None = source.start_position if source else None
        """The position the race was loaded from (its record starts there), never changed."""
        self.conditions: Conditions | None = source.conditions if source else None
        """Weather & Road Conditions, drawn at set-up and never changed (immutable)."""
        self.legends_deck: list[int] = source.legends_deck[:] if source else []
        self.legends_card: int = source.legends_card if source else -1
        self.draft: DraftState | None = source.draft.copy() if source and source.draft else None
        self.upgrade_pool: list[int] = source.upgrade_pool[:] if source else []
        self.sponsor_deck: list[int] = source.sponsor_deck[:] if source else []
        """Championship: the Sponsorship deck, top card last (C-34)."""
        self.sponsor_used: list[int] = source.sponsor_used[:] if source else []
        """Sponsorship cards played (removed) since the start of the race (C-35)."""
        self.first_lap_count: int = source.first_lap_count if source else 0
        """Cars that have completed lap 1 so far (C-45)."""
        self.eliminated: list[int] = source.eliminated[:] if source else []
        """Seats eliminated by a spin-out (Championship event, C-21)."""
        # Speed-ups, not rules: recomputed whole by ``_update_card_caches``, so a copy shares them.
        self.fast_base_cards: bool = source.fast_base_cards if source else True
        """No card with an Upgrade symbol in this race: the base game's fast paths for cards apply."""
        self.owns_heat_cost: list[bool] = source.owns_heat_cost if source else []
        """Per seat: does the car own a card that costs Heat to play (OQ-G-3)?"""
        self.owns_direct: list[bool] = source.owns_direct if source else []
        """Per seat: does the car own a Direct Play card (G-35)?"""
        self.owns_one_time: list[bool] = source.owns_one_time if source else []
        """Per seat: does the car own a One-time use card (G-29)?"""
        self.owns_refresh: list[bool] = source.owns_refresh if source else []
        """Per seat: does the car own a Refresh card (G-33)?"""
        self.options_key: tuple[int, int, int] | None = None
        self.options_cache: list[Decision] = []
        """The React options of the active car, kept until the next decision (they cost the most);
        a copy starts without them."""

    def copy(self, *, record_events: bool | None = None) -> RaceState:
        """An independent copy sharing the setup; the event log is copied unless
        ``record_events=False`` (``None``: as this state records)."""
        keep_log = self.log is not None if record_events is None else record_events
        return RaceState(self.setup, record_events=keep_log, source=self)

    # ------------------------------------------------------------------ geometry

    def space_of(self, pos: int) -> int:
        """The board space (1..spaces) of a progress value."""
        return board.space_of(pos, self.setup.spaces)

    def lap_of(self, pos: int) -> int:
        """The lap a progress value lies on: 0 on the grid, laps + 1 past the finish."""
        return board.lap_of(pos, self.setup.spaces)

    def _slot(self, pos: int, lane: int) -> int:
        return ((pos - 1) % self.setup.spaces + 1) * self.setup.track.spots_per_space + lane - 1

    def _position_key(self, car: Car) -> tuple[int, bool]:
        # B-11.7: further along is ahead; on one space the race-line spot is ahead.
        return (car.pos, car.lane == self.setup.track.raceline[(car.pos - 1) % self.setup.spaces + 1])

    def corner_limit(self, corner: content.Corner) -> int:
        """A corner's Speed Limit with its Road Conditions token (W-12, W-13)."""
        if self.conditions is None:
            return corner.speed_limit
        return corner.speed_limit + self.conditions.corner_limit[corner.number - 1]

    def corners_crossed(self, start: int, end: int) -> list[tuple[int, content.Corner]]:
        """Corner Lines between progress ``start`` and ``end``, in crossing order, as
        (line progress, corner): ``board.lines_crossed`` (B-7.5, B-7.6, B-16.5)."""
        crossed = board.lines_crossed(self.setup.corner_lines, self.setup.spaces, start, end, self.setup.finish)
        if not crossed:
            return []
        corners = self.setup.track.corners
        return [(line, corners[index]) for line, index in crossed]

    def _place(self, car: Car, target: int, floor: int) -> int:
        """Put ``car`` (already lifted off the board) where ``board.place`` stops it on its way to
        ``target``, never behind ``floor`` (B-3.6, B-3.7). Returns the progress where it stopped."""
        track = self.setup.track
        pos, lane = board.place(self.occupancy, track.spots_per_space, track.raceline, self.setup.spaces, target, floor)
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
        if car.pos > self.setup.finish and not car.finished:
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
        basic = self.setup.cards.basic
        while True:
            # OQ-B-3: with no Basic card left in the deck or the discard pile, the + adds 0
            # (reshuffling a pile of only Heat/Stress/Upgrade cards would flip forever).
            if not car.deck and (not any(map(basic.__getitem__, car.discard)) or not self._reshuffle(car)):
                return 0
            kind = car.deck.pop()
            if basic[kind]:
                car.play.append(kind)
                if self.log is not None:
                    self.log.append(CardFlipped(car.seat, self.setup.cards.ids[kind], True, reason))
                return self.setup.cards.speed[kind]
            car.discard.append(kind)
            if self.log is not None:
                self.log.append(CardFlipped(car.seat, self.setup.cards.ids[kind], False, reason))

    def _draw_to_hand_size(self, car: Car) -> None:
        """B-9.2: draw until the hand holds hand-size cards (OQ-B-4: never discard down)."""
        hand = car.hand
        held = len(hand)
        need = self.setup.hand_size - held
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
            self.log.append(Drew(car.seat, len(drawn), self.setup.cards.names(drawn)))

    def _reachable_gears(self, car: Car) -> list[int]:
        return list(reachable_gears(car.gear, car.engine))  # B-1.1, B-1.2, OQ-B-7, B-1.4

    def _pay_heat(self, car: Car, amount: int, reason: str) -> None:
        """B-13.1: move ``amount`` Heat cards from the Engine to the discard pile."""
        if amount <= 0:
            return
        car.engine -= amount
        car.discard.extend([self.setup.cards.heat] * amount)
        if self.log is not None:
            self.log.append(HeatPaid(car.seat, amount, reason))

    def _update_card_caches(self) -> None:
        """Recompute ``fast_base_cards`` and the ``owns_*`` caches (speed-ups, not rules) from the
        cards the cars hold."""
        symbolic = self.setup.cards.symbolic
        direct = self.setup.cards.direct
        costs = self.setup.cards.heat_cost
        owned = [set(car.hand + car.deck + car.discard + car.play) for car in self.cars]
        self.owns_heat_cost = [any(map(costs.__getitem__, kinds)) for kinds in owned]
        self.owns_direct = [any(map(direct.__getitem__, kinds)) for kinds in owned]
        one_time, refresh = self.setup.cards.one_time, self.setup.cards.refresh
        self.owns_one_time = [any(map(one_time.__getitem__, kinds)) for kinds in owned]
        self.owns_refresh = [any(map(refresh.__getitem__, kinds)) for kinds in owned]
        self.fast_base_cards = not any(any(map(symbolic.__getitem__, kinds)) for kinds in owned) and not any(
            self.owns_direct
        )
