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
        "name",
        "on_track",
        "plan",
        "plan_gear",
        "play",
        "pos",
        "seat",
    )

    def __init__(self, seat: int, name: str, color: str) -> None:
        self.seat = seat
        self.name = name
        self.color = color
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

    def copy(self) -> Car:
        """An independent copy."""
        other = Car.__new__(Car)
        other.seat = self.seat
        other.name = self.name
        other.color = self.color
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
        return other


class TurnState:
    """What the active car has done so far in its turn (steps 3 to 9)."""

    __slots__ = (
        "adrenaline",
        "adrenaline_cool_used",
        "adrenaline_move_used",
        "boost_used",
        "cluttered",
        "gear_cool_used",
        "speed",
        "start",
    )

    def __init__(self, start: int = 0) -> None:
        self.start = start
        self.speed = 0
        self.adrenaline = False
        self.adrenaline_move_used = False
        self.adrenaline_cool_used = False
        self.gear_cool_used = False
        self.boost_used = False
        self.cluttered = False

    def copy(self) -> TurnState:
        """An independent copy."""
        other = TurnState.__new__(TurnState)
        for name in TurnState.__slots__:
            setattr(other, name, getattr(self, name))
        return other
