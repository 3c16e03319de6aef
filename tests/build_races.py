"""Play the same seeded random races on whichever engine build this interpreter loads, and print
one JSON line per race: its record, every event and its final position (issue 33).

``tests/test_builds.py`` runs this once with ``HEAT_PURE=1`` and once without, and compares the
output byte for byte. The first line says which build ran. Every track with every module of
``test_random_races.MODULES``, and random Championship options (``random_config``).
"""

from __future__ import annotations

import json
import sys

from heat.engine import Race, RaceConfig, to_position, to_record, track_ids
from heat.engine.rng import Rng
from heat.engine_build import engine_is_compiled
from test_random_races import MODULES, make_config, random_config

SEEDS = (1, 2)
CHAMPIONSHIP_SEEDS = range(8)


def configs() -> list[tuple[str, RaceConfig]]:
    """Every race to play, with a label naming it."""
    found = [
        (f"{track}/{modules}/{seed}", make_config(track, 4, seed, 1, modules))
        for track in track_ids()
        for modules in MODULES
        for seed in SEEDS
    ]
    return found + [(f"options/{seed}", random_config(seed)) for seed in CHAMPIONSHIP_SEEDS]


def played(config: RaceConfig) -> Race:
    """The race of ``config`` played to its end with random legal decisions (seeded)."""
    race = Race(config)
    rng = Rng(config.seed)
    while not race.is_over:
        seat = race.to_decide()[0]
        legal = race.legal_decisions(seat)
        race.apply(seat, legal[rng.below(len(legal))])
    return race


def main() -> None:
    print(json.dumps({"compiled": engine_is_compiled()}))
    for label, config in configs():
        race = played(config)
        line = {
            "race": label,
            "record": to_record(race),
            "events": [event.to_json() for event in race.log or []],  # private cards included
            "position": to_position(race),
        }
        sys.stdout.write(json.dumps(line, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
