"""A season as its record (config and decisions), and replayed from one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from heat.engine.errors import HeatError, PositionError, described
from heat.engine.position import check_rules_version
from heat.engine.record import SEASON_FORMAT as SEASON_FORMAT  # its tag lives beside the race's
from heat.engine.record import apply_recorded
from heat.engine.season import Season
from heat.engine.season_config import SeasonConfig
from heat.engine.state import RULES_VERSION


def season_record(season: Season) -> dict[str, Any]:
    """The season as its record: config and every decision (season and race decisions alike)."""
    return {
        "format": SEASON_FORMAT,
        "rules_version": RULES_VERSION,
        "config": season.config.to_json(),
        "decisions": [{"seat": seat, "decision": d.text()} for seat, d in season.decisions],
    }


def replay_season(record: Any) -> Season:
    """Rebuild a season from its record; PositionError names the first bad entry."""
    if not isinstance(record, Mapping):
        raise PositionError("a season record must be a JSON object, got {got}", got=described(record))
    if record.get("format") != SEASON_FORMAT:
        raise PositionError(
            "format: expected {expected}, got {got}", expected=repr(SEASON_FORMAT), got=described(record.get("format"))
        )
    check_rules_version(record.get("rules_version"), "season")
    try:
        season = Season(SeasonConfig.from_json(record.get("config")))
    except HeatError as error:
        if isinstance(error, PositionError):
            raise
        raise PositionError("config: {error}", error=error) from None
    apply_recorded(season.apply, record.get("decisions", []))
    return season
