"""The Championship System (C-*): a season of races with cars that improve between races.

A :class:`Season` is driven like a race, one decision at a time: before each race the players
build their car (one Upgrade card each from a market, the last on the grid may swap one), then
the race itself (a :class:`Race` with every module on, the event's changes, Sponsorship cards and
Press Corners), then scoring. A GOAT run plays the three historic seasons in a row, each player
keeping one Upgrade card between seasons. Like a race, a season is a function of its config,
seed and decisions, so it is saved as its record and resumed by replaying it.

The Championship is split by subject: ``season_events`` (the Event cards), ``season_config``
(a championship before it starts), ``season`` (the season machine), ``season_record`` and
``season_view``; this module gathers their public names.
"""

from __future__ import annotations

from heat.engine.season import BUILD, KEEP, OVER, RACE, SWAP, RaceResult, Season, SeasonState
from heat.engine.season_config import HISTORIC, KINDS, SeasonConfig, check_season
from heat.engine.season_events import EventBook, EventCard, event_book
from heat.engine.season_record import SEASON_FORMAT, replay_season, season_record
from heat.engine.season_view import SeasonView, season_view

__all__ = [
    "BUILD",
    "HISTORIC",
    "KEEP",
    "KINDS",
    "OVER",
    "RACE",
    "SEASON_FORMAT",
    "SWAP",
    "EventBook",
    "EventCard",
    "RaceResult",
    "Season",
    "SeasonConfig",
    "SeasonState",
    "SeasonView",
    "check_season",
    "event_book",
    "replay_season",
    "season_record",
    "season_view",
]
