"""The mutable state of one car and of the active turn."""

from __future__ import annotations


class Car:
    """One car and its player's cards. Lists hold card kinds; the top of a pile is its last item."""

    __slots__ = (
        "color",
        "deck",
        "discard",
        "engine",
        "finish_round",
        "finished",
        "gear",
        "hand",
        "lane",
        "legend",
        "name",
        "on_track",
        "plan",
        "plan_gear",
        "play",
        "pos",
        "seat",
        "upgrades",
    )

    def __init__(self, seat: int, name: str, color: str, legend: bool = False) -> None:
        self.seat = seat
        self.name = name
        self.color = color
        self.legend = legend
        self.pos = 0
        self.lane = 1
        self.on_track = True
        self.finished = False
        self.finish_round = 0
        self.gear = 1
        self.engine = 0
        self.hand: list[int] = []
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.play: list[int] = []
        self.plan: list[int] | None = None
        self.plan_gear = 0
        self.upgrades: list[int] = []
        """Upgrade cards the car was built with (public: they lie face up before the race, G-11)."""

    def copy(self) -> Car:
        """An independent copy."""
        other = Car(self.seat, self.name, self.color, self.legend)
        other.pos = self.pos
        other.lane = self.lane
        other.on_track = self.on_track
        other.finished = self.finished
        other.finish_round = self.finish_round
        other.gear = self.gear
        other.engine = self.engine
        other.hand = self.hand[:]
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.play = self.play[:]
        other.plan = None if self.plan is None else self.plan[:]
        other.plan_gear = self.plan_gear
        other.upgrades = self.upgrades[:]
        return other


class TurnState:
    """What the active car has done so far in its turn (steps 3 to 9).

    ``symbols`` are the Upgrade symbols still to use in React, as (symbol, amount, source card)
    triples; ``choices`` are play-area indices of cards whose Speed value is still to choose."""

    __slots__ = (
        "accelerate",
        "adjust",
        "adrenaline",
        "adrenaline_cool_used",
        "adrenaline_move_used",
        "ahead",
        "boost_used",
        "choices",
        "cluttered",
        "gear_cool_used",
        "plus_used",
        "press",
        "simple",
        "slip_boost",
        "speed",
        "spun",
        "start",
        "symbols",
        "weather_cool_used",
    )

    def __init__(self, start: int = 0) -> None:
        self.start = start
        self.speed = 0
        self.adrenaline = False
        self.adrenaline_move_used = False
        self.adrenaline_cool_used = False
        self.gear_cool_used = False
        self.weather_cool_used = False
        self.boost_used = False
        self.cluttered = False
        self.symbols: list[tuple[str, int, int]] = []
        self.choices: list[int] = []
        self.adjust = 0
        """Adjust Speed Limit of the cards played this turn (G-28)."""
        self.plus_used = 0
        """+ symbols used this turn: Stress cards, Upgrade + symbols, Boost (G-36)."""
        self.accelerate = 0
        """Accelerate symbols used: each adds 1 Speed per + symbol of the turn (OQ-G-5)."""
        self.slip_boost = 0
        """Slipstream boost of the cards played this turn (G-31)."""
        self.ahead: list[int] = []
        """Cars ahead when the turn began, to count passes (C-21, event 'pass 3 cars')."""
        self.press: list[int] = []
        """Press Corners whose line the car crossed by slipstream this turn (C-38, OQ-C-6)."""
        self.spun = False
        self.simple = True
        """Only the base game's React symbols can apply (set on entering React)."""

    def copy(self) -> TurnState:
        """An independent copy."""
        other = TurnState(self.start)
        other.speed = self.speed
        other.adrenaline = self.adrenaline
        other.adrenaline_move_used = self.adrenaline_move_used
        other.adrenaline_cool_used = self.adrenaline_cool_used
        other.gear_cool_used = self.gear_cool_used
        other.weather_cool_used = self.weather_cool_used
        other.boost_used = self.boost_used
        other.cluttered = self.cluttered
        other.symbols = self.symbols[:]
        other.choices = self.choices[:]
        other.adjust = self.adjust
        other.plus_used = self.plus_used
        other.accelerate = self.accelerate
        other.slip_boost = self.slip_boost
        other.ahead = self.ahead[:]
        other.press = self.press[:]
        other.spun = self.spun
        other.simple = self.simple
        return other
