"""Weather & Road Conditions (W-*): the effects of the tokens in play, looked up by space."""

from __future__ import annotations

from functools import cache
from typing import TypeVar

from heat.engine import content
from heat.engine.content import RoadToken, Track, WeatherToken


@cache
def sector_corners(track: Track) -> tuple[int, ...]:
    """``track.sector_corner`` of every space, indexed by space (index 0 unused)."""
    return (0, *(track.sector_corner(space) for space in range(1, track.spaces + 1)))


T = TypeVar("T")


@cache
def _space_sectors(track: Track) -> tuple[int, ...]:
    """``sector_corners``, with index 0 (no space) pointing past the last sector."""
    return (len(track.corners), *sector_corners(track)[1:])


def _spread(per_sector: list[T], sectors: tuple[int, ...]) -> tuple[T, ...]:
    """One value per space from one value per sector (and a last one for no sector)."""
    return tuple([per_sector[sector] for sector in sectors])


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
        # Slipstream effects are applied in their own step: only these change the React step.
        quiet = [not (no_cooling[s] or cooling_bonus[s] or free_boost[s]) for s in range(corners + 1)]
        sectors = _space_sectors(track)  # the tables are built per sector, then spread to spaces
        self.no_cooling = _spread(no_cooling, sectors)
        self.no_slipstream = _spread(no_slipstream, sectors)
        self.slipstream_boost = _spread(slipstream_boost, sectors)
        self.cooling_bonus = _spread(cooling_bonus, sectors)
        self.free_boost = _spread(free_boost, sectors)
        self.quiet = _spread(quiet, sectors)
        """Spaces where no sector effect changes the React step (Cooldown, Boost): it works as in the
        base game there."""


@cache
def conditions_from_ids(track_id: str, weather: str | None, road: tuple[str | None, ...]) -> Conditions | None:
    """The Conditions of a race on track ``track_id`` from the ids of its Weather token and of the
    Road Conditions token at each corner, as a view shows them (None when there are none): so a
    client reads the sector effects from the engine's own tables, never restating them."""
    if weather is None and not any(road):
        return None
    weathers, roads = content.weather_tokens()
    by_id = {token.id: token for token in roads}
    token = next((t for t in weathers if t.id == weather), None)
    return Conditions(content.track(track_id), token, tuple(by_id[t] if t is not None else None for t in road))
