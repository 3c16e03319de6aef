"""Observations of a championship season as one episode (the ``season`` option, docs/rl.md).

A season's observation is the race observation of ``heat.rl.observation`` (its 720 values,
unchanged: a driver trained on single races reads a season's races as it read them) followed by
``SEASON_FEATURES`` values made from the ``SeasonView`` alone, the scorepad every player sees:
the season's phase and progress, the next event's card, and each car's points, standing, grid
place, Upgrade and Sponsorship cards. Between races (build, swap, keep: C-15, C-16, C-44) there
is no race view: the race part then holds only "I decide now", my Upgrade cards (the section
``cards:upgrades``), the season's market (``cards:draft market``) and the decision's prefix.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np

from heat.engine import track_ids
from heat.engine.championship import BUILD, KEEP, RACE, SWAP, EventCard, SeasonView, event_book
from heat.engine.config import MAX_CARS
from heat.rl.actions import card_ids
from heat.rl.observation import GLOBAL_FEATURES, add_prefix, layout, size

SEASON_PHASES = (BUILD, SWAP, KEEP, RACE)
SEASON_GLOBAL_FEATURES = (
    *(f"season phase:{phase}" for phase in SEASON_PHASES),
    "race number / 10",
    "races of the episode / 10",
    "races scored / 10",
    "I decide now",
)
EVENT_FEATURES = (
    *(f"track:{name}" for name in track_ids()),
    "laps added / 2",
    "Heat added / 3",
    "Stress added / 3",
    "hand size / 10 (0: the usual 7)",
    "winner's bonus / 9",
    "top 3 bonus / 9",
    "Sponsorship cards dealt / 3",
    "first lap Sponsorship / 6",
    "Speed for a Sponsorship / 20",
    "passes for a Sponsorship / 6",
    "a spin-out eliminates",
)
"""The Event card of the current (or next) race (C-12, C-21), public from the start."""
SEASON_CAR_FEATURES = (
    "present",
    "legend",
    "Championship points / 30",
    "standing / 6",
    "grid place / 6",
    "Upgrade cards / 4",
    "Sponsorship cards carried / 4",
)
"""One block per car, mine first, then the seats after mine (as the race part's car blocks)."""


@cache
def season_size() -> int:
    """The values a season adds to the race observation."""
    return len(SEASON_GLOBAL_FEATURES) + len(EVENT_FEATURES) + MAX_CARS * len(SEASON_CAR_FEATURES)


@cache
def observation_size() -> int:
    """The length of a season's observations: the race's, then the season's."""
    return size() + season_size()


@cache
def _offsets() -> dict[str, int]:
    """Where each section of the race observation starts."""
    starts: dict[str, int] = {}
    at = 0
    for name, width in layout():
        starts[name] = at
        at += width
    return starts


@cache
def _events() -> dict[tuple[str, str], EventCard]:
    return {(event.track, event.title): event for event in event_book().events}


def encode_between_races(view: SeasonView, seat: int, prefix: Sequence[int] = ()) -> np.ndarray:
    """The race part of the observation between races (no race view): I decide now, my
    Upgrade cards, the market, the prefix; zero elsewhere."""
    out = np.zeros(size(), dtype=np.float32)
    out[_offsets()["global"] + GLOBAL_FEATURES.index("I decide now")] = seat in view.to_decide
    index = {card: i for i, card in enumerate(card_ids())}
    for section, cards in (("cards:upgrades", view.upgrades[seat]), ("cards:draft market", view.market)):
        start = _offsets()[section]
        for card in cards:
            out[start + index[card]] += 0.25
    if prefix:
        add_prefix(out, prefix)
    return out


def encode_season(view: SeasonView, seat: int) -> np.ndarray:
    """The season block of ``seat``'s observation, from the public ``SeasonView``."""
    out = np.zeros(season_size(), dtype=np.float32)
    values: list[float] = [float(view.phase == phase) for phase in SEASON_PHASES]
    values += [view.race_number / 10, view.races / 10, len(view.results) / 10, float(seat in view.to_decide)]
    event = _events().get((view.track, view.event_title))
    values += [float(view.track == name) for name in track_ids()]
    if event is not None:
        values += [
            event.laps / 2,
            event.heat / 3,
            event.stress / 3,
            event.hand_size / 10,
            event.winner_bonus / 9,
            event.top3_bonus / 9,
            event.sponsors / 3,
            event.first_lap_sponsors / 6,
            event.speed_sponsor / 20,
            event.pass_sponsor / 6,
            float(event.spin_out_eliminates),
        ]
    else:  # an event card this version does not know: its features stay 0
        values += [0.0] * (len(EVENT_FEATURES) - len(track_ids()))
    cars = len(view.names)
    places = {s: place for place, s in enumerate(view.standings, 1)}
    grid = {s: place for place, s in enumerate(view.grid, 1)}
    for slot in range(MAX_CARS):
        if slot >= cars:
            values += [0.0] * len(SEASON_CAR_FEATURES)
            continue
        other = (seat + slot) % cars
        values += [
            1.0,
            float(view.legends[other]),
            view.totals[other] / 30,
            places.get(other, 0) / 6,
            grid.get(other, 0) / 6,
            len(view.upgrades[other]) / 4,
            view.sponsor_cards[other] / 4,
        ]
    out[:] = values
    return out


def season_observation(race_part: np.ndarray, view: SeasonView, seat: int) -> np.ndarray:
    """A season's observation: ``race_part`` (a race observation, or ``encode_between_races``)
    followed by the season block."""
    return np.concatenate((race_part, encode_season(view, seat)))
