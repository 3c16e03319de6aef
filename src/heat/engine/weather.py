"""Weather & Road Conditions (W-*): the effects of the tokens in play, looked up by space."""

from __future__ import annotations

from functools import cache

from heat.engine.content import RoadToken, Track, WeatherToken


@cache
def sector_corners(track: Track) -> tuple[int, ...]:
    """``track.sector_corner`` of every space, indexed by space (index 0 unused)."""
    return (0, *(track.sector_corner(space) for space in range(1, track.spaces + 1)))


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
        count = track.spaces + 1
        self.no_cooling = [False] * count
        self.no_slipstream = [False] * count
        self.slipstream_boost = [0] * count
        self.cooling_bonus = [0] * count
        self.free_boost = [False] * count
        self.corner_limit = [0] * len(track.corners)
        self.corner_overheat = [0] * len(track.corners)
        for index, token in enumerate(road):
            if token is None:
                continue
            self.corner_limit[index] = token.limit  # W-12, W-13
            self.corner_overheat[index] = token.overheat  # W-14
        if not road:
            road = (None,) * len(track.corners)
        sectors = sector_corners(track)
        for space in range(1, count):
            token = road[sectors[space]]
            if token is None:
                continue
            self.free_boost[space] = token.free_boost  # W-16
            self.slipstream_boost[space] = token.slipstream_boost  # W-15
            if token.weather and weather is not None:  # W-17, W-18
                self.no_cooling[space] = weather.no_cooling  # W-28
                self.no_slipstream[space] = weather.no_slipstream  # W-26
                self.slipstream_boost[space] += weather.slipstream_boost  # W-25
                self.cooling_bonus[space] = weather.cooling_bonus  # W-27
        self.quiet = [
            not (
                self.no_cooling[space]
                or self.no_slipstream[space]
                or self.slipstream_boost[space]
                or self.cooling_bonus[space]
                or self.free_boost[space]
            )
            for space in range(count)
        ]
        """Spaces where no sector effect applies: React and Slipstream work as in the base game."""
