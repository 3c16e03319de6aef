"""What every player may know of a championship between and around races."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from heat.engine.season import Season


@dataclass(frozen=True, slots=True)
class SeasonView:
    """What every player may know of the championship between and around races (the scorepad,
    the next event, the market, each car's Upgrade cards). A race in progress has its own view."""

    season: str
    phase: str
    race_number: int
    races: int
    event_title: str
    event_text: str
    track: str
    to_decide: tuple[int, ...]
    names: tuple[str, ...]
    legends: tuple[bool, ...]
    upgrades: tuple[tuple[str, ...], ...]
    sponsor_cards: tuple[int, ...]
    """How many Sponsorship cards each player carries into the next race (C-33)."""
    market: tuple[str, ...]
    grid: tuple[int, ...]
    results: tuple[tuple[str, tuple[int, ...]], ...]
    """Per race so far: the track and the points of every seat (C-24)."""
    totals: tuple[int, ...]
    standings: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        from dataclasses import asdict

        return asdict(self)


def season_view(season: Season) -> SeasonView:
    """The public view of a season."""
    state = season.state
    ids = season.cards.ids
    event = season.event()
    return SeasonView(
        season=season.year,
        phase=season.phase,
        race_number=min(state.race_index + 1, len(state.schedule)),
        races=len(state.schedule),
        event_title=event.title,
        event_text=event.text,
        track=event.track,
        to_decide=season.to_decide(),
        names=tuple(seat.name for seat in season.config.seats),
        legends=tuple(seat.legend for seat in season.config.seats),
        upgrades=tuple(tuple(ids[k] for k in owned) for owned in state.upgrades),
        sponsor_cards=tuple(len(cards) for cards in state.sponsors),
        market=tuple(ids[k] for k in state.market),
        grid=tuple(state.grid),
        results=tuple((season.book.events[r.event].track, r.points) for r in state.results),
        totals=tuple(season.totals()),
        standings=tuple(season.standings()),
    )
