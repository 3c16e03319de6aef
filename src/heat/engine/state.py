"""A race's data: ``RaceSetup``, what is fixed for the race, and ``RaceState``, what changes as
it is played; the names of its phases and steps. The rules that change the state are functions
of other modules (``mechanics``, ``setup``, ``plan``, ``turns``, ``rounds``, ...)."""

from __future__ import annotations

from typing import Final

from heat.engine import board, content
from heat.engine.car import Car, TurnState
from heat.engine.cardtable import CardTable, card_table
from heat.engine.config import RaceConfig
from heat.engine.decisions import Decision
from heat.engine.events import Event
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
        self.options_decisions: int = -1
        self.options_round: int = -1
        self.options_turn: int = -1
        self.options_cache: list[Decision] = []
        """The React options of the active car, kept until the next decision (they cost the most),
        with the count of decisions, the round and the turn they were listed at (three ints, not a
        tuple, which the compiled engine would allocate at every look-up); a copy starts without
        them."""

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
