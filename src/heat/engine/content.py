"""Game content loaded from data files into frozen objects.

Tracks and cards live in TOML files under ``heat/data``; this module reads and validates them.
Adding a track means adding a file to ``heat/data/tracks``. A malformed file raises
:class:`DataError` naming the file and the field.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from heat.engine.errors import DataError

CARD_TYPES = ("basic", "starting", "heat", "stress")


@dataclass(frozen=True, slots=True)
class Corner:
    """One corner: its Corner Line lies between space ``line_after`` and the next (B-0.14)."""

    number: int
    line_after: int
    speed_limit: int
    legends_line_after: int
    raceline_after: int
    press_letters: tuple[str, ...]
    chevron: bool


@dataclass(frozen=True, slots=True)
class Track:
    """A race track (B-0.12 to B-0.18). Spaces are numbered 1..spaces from the finish line."""

    id: str
    name: str
    laps: int
    heat: int
    stress: int
    spaces: int
    spots_per_space: int
    corners: tuple[Corner, ...]
    grid: tuple[tuple[int, int], ...]
    raceline: tuple[int, ...]
    """Race-line lane of each space, indexed by space number (index 0 unused)."""

    def raceline_lane(self, space: int) -> int:
        """The lane (1-based) of the race-line spot on ``space``."""
        return self.raceline[space]

    def sector_corner(self, space: int) -> int:
        """Index into ``corners`` of the corner whose following sector holds ``space``."""
        last = len(self.corners) - 1
        for index, corner in enumerate(self.corners):
            if space <= corner.line_after:
                return last if index == 0 else index - 1
        return last

    def next_corner(self, space: int) -> Corner:
        """The first corner whose line lies ahead of ``space``."""
        for corner in self.corners:
            if space <= corner.line_after:
                return corner
        return self.corners[0]

    def spaces_to_next_corner(self, space: int) -> int:
        """The printed countdown: spaces from ``space`` up to the next corner's line (B-0.16)."""
        return (self.next_corner(space).line_after - space) % self.spaces


@dataclass(frozen=True, slots=True)
class CardDef:
    """One kind of card. Cards of the same kind are interchangeable."""

    id: str
    name: str
    type: str
    speed: int | None

    @property
    def is_basic(self) -> bool:
        """Only Basic cards end a + flip (B-0.4)."""
        return self.type == "basic"

    @property
    def playable(self) -> bool:
        """Heat cards cannot be played in step 2 (B-2.2)."""
        return self.type != "heat"

    @property
    def discardable(self) -> bool:
        """Heat and Stress cards can never be discarded in step 8 (B-8.3)."""
        return self.type not in ("heat", "stress")


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Every card kind of the game and the decks built from them."""

    cards: tuple[CardDef, ...]
    basic_deck: tuple[tuple[str, int], ...]
    starting_upgrades: tuple[tuple[str, int], ...]
    box_stress: int
    box_heat: int


class _Reader:
    """Reads typed fields from parsed TOML and names the file and field on error."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, field: str, message: str) -> DataError:
        return DataError(f"{self.source}: {field}: {message}")

    def get(self, data: Mapping[str, Any], key: str, path: str) -> Any:
        if key not in data:
            raise self.fail(path, "missing")
        return data[key]

    def integer(self, data: Mapping[str, Any], key: str, path: str, low: int, high: int | None = None) -> int:
        value = self.get(data, key, path)
        if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
            span = f"between {low} and {high}" if high is not None else f"at least {low}"
            raise self.fail(path, f"expected an integer {span}, got {value!r}")
        return value

    def text(self, data: Mapping[str, Any], key: str, path: str) -> str:
        value = self.get(data, key, path)
        if not isinstance(value, str) or not value:
            raise self.fail(path, f"expected a non-empty string, got {value!r}")
        return value

    def array(self, data: Mapping[str, Any], key: str, path: str) -> list[Any]:
        value = self.get(data, key, path)
        if not isinstance(value, list) or not value:
            raise self.fail(path, f"expected a non-empty array, got {value!r}")
        return value


def _parse_toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{source}: not valid TOML: {error}") from None


def parse_track(text: str, source: str) -> Track:
    """Build a Track from the TOML ``text`` of the file named ``source``."""
    data = _parse_toml(text, source)
    read = _Reader(source)
    track_id = read.text(data, "id", "id")
    spaces = read.integer(data, "spaces", "spaces", 8)
    spots = read.integer(data, "spots_per_space", "spots_per_space", 1, 2)
    corners: list[Corner] = []
    previous = 0
    for number, raw in enumerate(read.array(data, "corners", "corners"), start=1):
        path = f"corners[{number - 1}]"
        if not isinstance(raw, Mapping):
            raise read.fail(path, f"expected a table, got {raw!r}")
        line = read.integer(raw, "line_after", f"{path}.line_after", previous + 1, spaces - 1)
        legends = read.integer(raw, "legends_line_after", f"{path}.legends_line_after", 0, line - 1)
        letters = raw.get("press_letters", [])
        if not isinstance(letters, list) or not all(isinstance(x, str) and x for x in letters):
            raise read.fail(f"{path}.press_letters", f"expected an array of letters, got {letters!r}")
        chevron = raw.get("chevron", False)
        if not isinstance(chevron, bool):
            raise read.fail(f"{path}.chevron", f"expected true or false, got {chevron!r}")
        corners.append(
            Corner(
                number=number,
                line_after=line,
                speed_limit=read.integer(raw, "speed_limit", f"{path}.speed_limit", 0, 30),
                legends_line_after=legends,
                raceline_after=read.integer(raw, "raceline_after", f"{path}.raceline_after", 1, spots),
                press_letters=tuple(letters),
                chevron=chevron,
            )
        )
        previous = line
    grid: list[tuple[int, int]] = []
    for index, raw in enumerate(read.array(data, "grid", "grid")):
        path = f"grid[{index}]"
        if (
            not isinstance(raw, list)
            or len(raw) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in raw)
        ):
            raise read.fail(path, f"expected [space, lane], got {raw!r}")
        space, lane = raw
        if not (1 <= space <= spaces and 1 <= lane <= spots):
            raise read.fail(path, f"space must be 1..{spaces} and lane 1..{spots}, got {raw!r}")
        if space <= corners[-1].line_after:
            raise read.fail(path, "grid spaces must lie after the last corner")
        if (space, lane) in grid:
            raise read.fail(path, f"grid spot {raw!r} is listed twice")
        grid.append((space, lane))
    raceline = [0] * (spaces + 1)
    for space in range(1, spaces + 1):
        sector = corners[-1]
        for index, corner in enumerate(corners):
            if space <= corner.line_after:
                sector = corners[index - 1]
                break
        raceline[space] = sector.raceline_after
    return Track(
        id=track_id,
        name=read.text(data, "name", "name"),
        laps=read.integer(data, "laps", "laps", 1, 20),
        heat=read.integer(data, "heat", "heat", 0, 20),
        stress=read.integer(data, "stress", "stress", 0, 20),
        spaces=spaces,
        spots_per_space=spots,
        corners=tuple(corners),
        grid=tuple(grid),
        raceline=tuple(raceline),
    )


def parse_catalogue(text: str, source: str) -> Catalogue:
    """Build the card Catalogue from the TOML ``text`` of the file named ``source``."""
    data = _parse_toml(text, source)
    read = _Reader(source)
    cards: list[CardDef] = []
    for index, raw in enumerate(read.array(data, "cards", "cards")):
        path = f"cards[{index}]"
        if not isinstance(raw, Mapping):
            raise read.fail(path, f"expected a table, got {raw!r}")
        card_type = read.text(raw, "type", f"{path}.type")
        if card_type not in CARD_TYPES:
            raise read.fail(f"{path}.type", f"expected one of {', '.join(CARD_TYPES)}, got {card_type!r}")
        speed: int | None = None
        if card_type in ("basic", "starting"):
            speed = read.integer(raw, "speed", f"{path}.speed", 0, 20)
        card_id = read.text(raw, "id", f"{path}.id")
        if any(card.id == card_id for card in cards):
            raise read.fail(f"{path}.id", f"duplicate card id {card_id!r}")
        cards.append(CardDef(id=card_id, name=read.text(raw, "name", f"{path}.name"), type=card_type, speed=speed))
    for required in ("heat", "stress"):
        if not any(card.type == required for card in cards):
            raise read.fail("cards", f"needs a card of type {required!r}")
    known = {card.id for card in cards}
    decks = data.get("decks")
    if not isinstance(decks, Mapping):
        raise read.fail("decks", f"expected a table, got {decks!r}")

    def deck(key: str) -> tuple[tuple[str, int], ...]:
        raw = decks.get(key)
        if not isinstance(raw, Mapping):
            raise read.fail(f"decks.{key}", f"expected a table of card id = count, got {raw!r}")
        for card_id in raw:
            if card_id not in known:
                raise read.fail(f"decks.{key}.{card_id}", "unknown card id")
            read.integer(raw, card_id, f"decks.{key}.{card_id}", 0, 50)
        return tuple((card_id, int(count)) for card_id, count in raw.items())

    box = data.get("box")
    if not isinstance(box, Mapping):
        raise read.fail("box", f"expected a table, got {box!r}")
    return Catalogue(
        cards=tuple(cards),
        basic_deck=deck("basic"),
        starting_upgrades=deck("starting_upgrades"),
        box_stress=read.integer(box, "stress", "box.stress", 0),
        box_heat=read.integer(box, "heat", "box.heat", 0),
    )


def _data_text(*parts: str) -> str:
    return resources.files("heat.data").joinpath(*parts).read_text(encoding="utf-8")


@cache
def catalogue() -> Catalogue:
    """The base game's card catalogue."""
    return parse_catalogue(_data_text("cards", "base.toml"), "cards/base.toml")


@cache
def track_ids() -> tuple[str, ...]:
    """Ids of every track shipped in ``heat/data/tracks``, sorted."""
    folder = resources.files("heat.data").joinpath("tracks")
    return tuple(sorted(entry.name[: -len(".toml")] for entry in folder.iterdir() if entry.name.endswith(".toml")))


@cache
def track(track_id: str) -> Track:
    """The shipped track with this id; raises DataError for an unknown id."""
    if track_id not in track_ids():
        raise DataError(f"unknown track {track_id!r}; known tracks: {', '.join(track_ids())}")
    parsed = parse_track(_data_text("tracks", f"{track_id}.toml"), f"tracks/{track_id}.toml")
    if parsed.id != track_id:
        raise DataError(f"tracks/{track_id}.toml: id: expected {track_id!r} to match the file name, got {parsed.id!r}")
    return parsed
