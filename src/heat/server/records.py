"""The races of a finished championship, each as the record ``heat replay`` reads."""

from __future__ import annotations

from typing import Any

from heat.engine import Race, parse_decision, to_record
from heat.engine.championship import Season, SeasonConfig


def season_race_records(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The record of every finished race of the season ``record`` (a season record), in order.
    Only for a season that is over: a race's seed comes from the season's generator, whose next
    numbers (later races, Upgrade markets) it would tell."""
    season = Season(SeasonConfig.from_json(record["config"]))
    races: list[Race] = []
    for entry in record["decisions"]:
        race = season.race
        season.apply(entry["seat"], parse_decision(entry["decision"]))
        if race is not None and race.is_over and (not races or races[-1] is not race):
            races.append(race)
    return [to_record(race) for race in races]
