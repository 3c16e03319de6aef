"""The server's notices in a table's log (joins, stand-ins, the end), in the reader's language.

A notice is stored as its English sentence (the database and the records keep one language);
``notice`` writes it from one of ``NOTICES``, and ``shown`` gives it back in the language spoken
by matching it against them again (a notice stored before issue 32, or one that matches none,
is shown as it is). A car's colour is translated as a word of its own.
"""

from __future__ import annotations

import re
from functools import cache

from heat.i18n import N_
from heat.server.translate import _

TAKES = N_("{name} takes the {color} car")
TAKES_OVER = N_("{name} takes over the {color} car")
RACE_STARTS = N_("The race starts")
CHAMPIONSHIP_STARTS = N_("The championship starts")
BACK = N_("{name} is back and drives again")
REMOVED = N_("{name} was removed from the {color} car")
STAND_IN = N_("the stand-in drives the {color} car")
CLOSED_BY_CREATOR = N_("The table was closed by its creator")
LEFT = N_("{name} left the table: the stand-in bot drives for {name} until they come back")
OUT_OF_TIME = N_("{name} ran out of time: the stand-in bot drives for {name} until they come back")
CHAMPION = N_("The championship is over: {name} is champion")
WINS = N_("The race is over: {name} wins")
TAKES_BACK = N_("{name} takes back a decision")
NOTICES = (
    TAKES,
    TAKES_OVER,
    RACE_STARTS,
    CHAMPIONSHIP_STARTS,
    BACK,
    REMOVED,
    STAND_IN,
    CLOSED_BY_CREATOR,
    LEFT,
    OUT_OF_TIME,
    CHAMPION,
    WINS,
    TAKES_BACK,
)
COLOURS = (N_("red"), N_("blue"), N_("green"), N_("yellow"), N_("black"), N_("gray"))
"""The cars' colours (``heat.server.spec``), shown in the reader's language."""


def notice(template: str, **values: str) -> str:
    """The English sentence of ``template`` (one of ``NOTICES``), as it is stored."""
    return template.format(**values)


@cache
def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    seen: set[str] = set()
    regex = ""
    for index, part in enumerate(parts):
        if index % 2 == 0:
            regex += re.escape(part)
        elif part in seen:
            regex += f"(?P={part})"
        elif part == "color":  # one of the cars' colours: a name may hold any words
            seen.add(part)
            regex += f"(?P<color>{'|'.join(COLOURS)})"
        else:
            seen.add(part)
            regex += f"(?P<{part}>.+?)"
    return re.compile(regex + r"\Z", re.DOTALL)


def shown(text: str) -> str:
    """The stored English notice ``text`` in the language spoken."""
    for template in NOTICES:
        found = _pattern(template).match(text)
        if found is not None:
            values = {key: _(value) if key == "color" else value for key, value in found.groupdict().items()}
            return _(template, **values)
    return text
