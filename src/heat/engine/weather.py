"""Weather & Road Conditions (W-*): the effects of the tokens in play, looked up by space."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from operator import itemgetter
from typing import Any

from heat.engine.content import RoadToken, Track, WeatherToken


@cache
def sector_corners(track: Track) -> tuple[int, ...]:
    """``track.sector_corner`` of every space, indexed by space (index 0 unused)."""
    return (0, *(track.sector_corner(space) for space in range(1, track.spaces + 1)))


@cache
def _spread(track: Track) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """Turns one value per sector, plus a last value for no sector, into one value per space
    (index 0, which is no space, takes the no-sector value). Built once per track, so a race's
    tables cost a lookup per sector rather than per space."""
    return itemgetter(len(track.corners), *sector_corners(track)[1:])


class Conditions:
    """The Weather token and the Road Conditions tokens of a race, as per-space and per-corner
    tables. A sector token covers the spaces after its corner up to the next Corner Line, the
    last sector wrapping past the finish line (W-8, OQ-W-3)."""

    __slots__ = (
        "cooling_bonus",
        "corner_limit",
        "corner_overheat",
        "free_boost",
        "no_cooling",
        "no_slipstream",
        "quiet",
        "road",
        "slipstream_boost",
        "weather",
    )

    def __init__(self, track: Track, weather: WeatherToken | None, road: tuple[RoadToken | None, ...]) -> None:
        self.weather = weather
        self.road = road
        corners = len(track.corners)
        self.corner_limit = [0] * corners
        self.corner_overheat = [0] * corners
        for index, token in enumerate(road):
            if token is None:
                continue
            self.corner_limit[index] = token.limit  # W-12, W-13
            self.corner_overheat[index] = token.overheat  # W-14
        # The sector effects, one entry per sector (the corner before it) and a last for none.
        no_cooling = [False] * (corners + 1)
        no_slipstream = [False] * (corners + 1)
        slipstream_boost = [0] * (corners + 1)
        cooling_bonus = [0] * (corners + 1)
        free_boost = [False] * (corners + 1)
        for sector, token in enumerate(road):
            if token is None:
                continue
            free_boost[sector] = token.free_boost  # W-16
            slipstream_boost[sector] = token.slipstream_boost  # W-15
            if token.weather and weather is not None:  # W-17, W-18
                no_cooling[sector] = weather.no_cooling  # W-28
                no_slipstream[sector] = weather.no_slipstream  # W-26
                slipstream_boost[sector] += weather.slipstream_boost  # W-25
                cooling_bonus[sector] = weather.cooling_bonus  # W-27
        quiet = [
            not (no_cooling[s] or no_slipstream[s] or slipstream_boost[s] or cooling_bonus[s] or free_boost[s])
            for s in range(corners + 1)
        ]
        spread = _spread(track)
        self.no_cooling: tuple[bool, ...] = spread(no_cooling)
        self.no_slipstream: tuple[bool, ...] = spread(no_slipstream)
        self.slipstream_boost: tuple[int, ...] = spread(slipstream_boost)
        self.cooling_bonus: tuple[int, ...] = spread(cooling_bonus)
        self.free_boost: tuple[bool, ...] = spread(free_boost)
        self.quiet: tuple[bool, ...] = spread(quiet)
        """Spaces where no sector effect applies: React and Slipstream work as in the base game."""
