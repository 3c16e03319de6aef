"""``heat position``: starting positions, and decisions applied to a position, as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from heat.cli.race_cmd import car_colors, config_for, seats_for
from heat.engine import (
    HeatError,
    Race,
    from_position,
    parse_entry,
    seat_named,
    to_position,
    view_of,
)
from heat.engine.errors import shown
from heat.engine.position import POSITION_FORMAT
from heat.i18n import _
from heat.storage import check_game_kind, naming, read_json_stream, read_position


def new(args: argparse.Namespace) -> int:
    """Print the starting position of a new race."""
    players = [(color.capitalize(), color) for color in car_colors(args.cars)]
    race = Race(config_for(args, seats_for(players, args.legends)))
    print(json.dumps(to_position(race), indent=1))
    return 0


def _load(file: str) -> Any:
    if file == "-":
        data = read_json_stream(sys.stdin, _("standard input"))
        # a saved game piped in has no file to name: the advice names one to save it to
        check_game_kind(data, _("standard input"), "FILE", POSITION_FORMAT)
        return data
    return read_position(file)


def apply(args: argparse.Namespace) -> int:
    """Apply the decisions in order; stop at the first illegal one with an error naming it."""
    data = _load(args.file)
    with naming(_("standard input") if args.file == "-" else args.file):
        race = from_position(data)
    first_event = len(race.events())
    for index, text in enumerate(args.decisions):
        try:
            seat, decision = parse_entry(race, text)
            race.apply(seat, decision)
        except HeatError as error:
            raise HeatError(
                "decision {number} ({text}): {error}", number=index + 1, text=shown(text), error=error
            ) from None
    events = [event.to_json() for event in race.events()[first_event:]]
    if args.view is not None:
        seat = seat_named(race, args.view)
        output = {
            "view": view_of(race, seat).to_json(),
            "events": [event.to_json() for event in race.events(seat)[first_event:]],
        }
    else:
        output = {"position": to_position(race), "events": events}
    print(json.dumps(output, indent=1))
    return 0
