"""Game content loaded from data files into frozen objects.

Tracks and cards live in TOML files under ``heat/data``; this module reads and validates them.
Adding a track means adding a file to ``heat/data/tracks``. A malformed file raises
:class:`DataError` naming the file and the field.
"""

from __future__ import annotations

import marshal
import os
from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar

from heat.engine.errors import DataError, Phrase
from heat.engine.frozen import Frozen

CARD_TYPES = ("basic", "starting", "heat", "stress")
UPGRADE_DECKS = ("regular", "advanced", "sponsor")
_UPGRADE_COUNTS = ("plus", "heat", "scrap", "cooldown", "slipstream", "reduce_stress", "salvage")
_UPGRADE_FLAGS = ("refresh", "direct", "accelerate")


class Corner(Frozen):
    """One corner: its Corner Line lies between space ``line_after`` and the next (B-0.14)."""

    number: int
    line_after: int
    speed_limit: int
    legends_line_after: int
    raceline_after: int
    press_letters: tuple[str, ...]
    chevron: bool

    FIELDS: ClassVar[tuple[str, ...]] = (
        "number",
        "line_after",
        "speed_limit",
        "legends_line_after",
        "raceline_after",
        "press_letters",
        "chevron",
    )
    __slots__ = (
        "chevron",
        "legends_line_after",
        "line_after",
        "number",
        "press_letters",
        "raceline_after",
        "speed_limit",
    )

    def __init__(
        self,
        number: int,
        line_after: int,
        speed_limit: int,
        legends_line_after: int,
        raceline_after: int,
        press_letters: tuple[str, ...],
        chevron: bool,
    ) -> None:
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "line_after", line_after)
        object.__setattr__(self, "speed_limit", speed_limit)
        object.__setattr__(self, "legends_line_after", legends_line_after)
        object.__setattr__(self, "raceline_after", raceline_after)
        object.__setattr__(self, "press_letters", press_letters)
        object.__setattr__(self, "chevron", chevron)

    def field_values(self) -> tuple[Any, ...]:
        return (
            self.number,
            self.line_after,
            self.speed_limit,
            self.legends_line_after,
            self.raceline_after,
            self.press_letters,
            self.chevron,
        )


class Track(Frozen):
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

    FIELDS: ClassVar[tuple[str, ...]] = (
        "id",
        "name",
        "laps",
        "heat",
        "stress",
        "spaces",
        "spots_per_space",
        "corners",
        "grid",
        "raceline",
    )
    __slots__ = ("corners", "grid", "heat", "id", "laps", "name", "raceline", "spaces", "spots_per_space", "stress")

    def __init__(
        self,
        id: str,
        name: str,
        laps: int,
        heat: int,
        stress: int,
        spaces: int,
        spots_per_space: int,
        corners: tuple[Corner, ...],
        grid: tuple[tuple[int, int], ...],
        raceline: tuple[int, ...],
    ) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "laps", laps)
        object.__setattr__(self, "heat", heat)
        object.__setattr__(self, "stress", stress)
        object.__setattr__(self, "spaces", spaces)
        object.__setattr__(self, "spots_per_space", spots_per_space)
        object.__setattr__(self, "corners", corners)
        object.__setattr__(self, "grid", grid)
        object.__setattr__(self, "raceline", raceline)

    def field_values(self) -> tuple[Any, ...]:
        return (
            self.id,
            self.name,
            self.laps,
            self.heat,
            self.stress,
            self.spaces,
            self.spots_per_space,
            self.corners,
            self.grid,
            self.raceline,
        )

    @property
    def corner_lines(self) -> tuple[int, ...]:
        """``line_after`` of each corner, in order (ascending): what ``heat.engine.board`` reads."""
        return tuple(corner.line_after for corner in self.corners)

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


class CardDef(Frozen):
    """One kind of card. Cards of the same kind are interchangeable.

    ``speeds`` holds the card's Speed value, or the values to choose from (G-21); it is empty
    for Heat and Stress cards. The symbol fields are the Upgrade symbols of the Garage module
    (G-24 to G-37); base cards have none."""

    id: str
    name: str
    type: str
    speeds: tuple[int, ...]
    category: str
    plus: int
    heat: int
    scrap: int
    adjust: int
    cooldown: int
    slipstream: int
    reduce_stress: int
    salvage: int
    refresh: bool
    direct: bool
    accelerate: bool
    one_time: bool
    becomes: str
    """An Upgrade that is another card in the deck: Extra Heat is a Heat card (G-8)."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "id",
        "name",
        "type",
        "speeds",
        "category",
        "plus",
        "heat",
        "scrap",
        "adjust",
        "cooldown",
        "slipstream",
        "reduce_stress",
        "salvage",
        "refresh",
        "direct",
        "accelerate",
        "one_time",
        "becomes",
    )
    __slots__ = (
        "accelerate",
        "adjust",
        "becomes",
        "category",
        "cooldown",
        "direct",
        "heat",
        "id",
        "name",
        "one_time",
        "plus",
        "reduce_stress",
        "refresh",
        "salvage",
        "scrap",
        "slipstream",
        "speeds",
        "type",
    )

    def __init__(
        self,
        id: str,
        name: str,
        type: str,
        speeds: tuple[int, ...] = (),
        category: str = "",
        plus: int = 0,
        heat: int = 0,
        scrap: int = 0,
        adjust: int = 0,
        cooldown: int = 0,
        slipstream: int = 0,
        reduce_stress: int = 0,
        salvage: int = 0,
        refresh: bool = False,
        direct: bool = False,
        accelerate: bool = False,
        one_time: bool = False,
        becomes: str = "",
    ) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "speeds", speeds)
        object.__setattr__(self, "category", category)
        object.__setattr__(self, "plus", plus)
        object.__setattr__(self, "heat", heat)
        object.__setattr__(self, "scrap", scrap)
        object.__setattr__(self, "adjust", adjust)
        object.__setattr__(self, "cooldown", cooldown)
        object.__setattr__(self, "slipstream", slipstream)
        object.__setattr__(self, "reduce_stress", reduce_stress)
        object.__setattr__(self, "salvage", salvage)
        object.__setattr__(self, "refresh", refresh)
        object.__setattr__(self, "direct", direct)
        object.__setattr__(self, "accelerate", accelerate)
        object.__setattr__(self, "one_time", one_time)
        object.__setattr__(self, "becomes", becomes)

    def field_values(self) -> tuple[Any, ...]:
        return (
            self.id,
            self.name,
            self.type,
            self.speeds,
            self.category,
            self.plus,
            self.heat,
            self.scrap,
            self.adjust,
            self.cooldown,
            self.slipstream,
            self.reduce_stress,
            self.salvage,
            self.refresh,
            self.direct,
            self.accelerate,
            self.one_time,
            self.becomes,
        )

    @property
    def speed(self) -> int | None:
        """The fixed Speed value, or None for a choice card or a card without one."""
        return self.speeds[0] if len(self.speeds) == 1 else None

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
        """Heat and Stress cards can never be discarded in step 8 (B-8.3, OQ-B-16)."""
        return self.type not in ("heat", "stress")

    def describe(self) -> str:
        """Speed and symbols in words, e.g. ``Brakes: 1/2/3/4, Heat 1``."""
        parts = ["/".join(str(s) for s in self.speeds)] if self.speeds else []
        for label, value in (
            ("+", self.plus),
            ("Heat", self.heat),
            ("Scrap", self.scrap),
            ("Speed Limit", self.adjust),
            ("Cooldown", self.cooldown),
            ("Slipstream +", self.slipstream),
            ("Reduce Stress", self.reduce_stress),
            ("Salvage", self.salvage),
        ):
            if value:
                sign = "+" if label == "Speed Limit" and value > 0 else ""
                parts.append(f"{label} x{value}" if label == "+" else f"{label} {sign}{value}".replace("+ ", "+"))
        for label, flag in (
            ("Refresh", self.refresh),
            ("Direct Play", self.direct),
            ("Accelerate", self.accelerate),
            ("One-time use", self.one_time),
        ):
            if flag:
                parts.append(label)
        if self.becomes:
            parts.append(f"a {self.becomes.capitalize()} card in your deck")
        head = self.category or self.name
        return f"{head}: {', '.join(parts)}" if parts else head


class Catalogue(Frozen):
    """Every card kind of the game and the decks built from them."""

    cards: tuple[CardDef, ...]
    basic_deck: tuple[tuple[str, int], ...]
    starting_upgrades: tuple[tuple[str, int], ...]
    box_stress: int
    box_heat: int
    upgrade_decks: tuple[tuple[str, tuple[str, ...]], ...]
    """Garage decks ('regular', 'advanced') and Sponsorship cards ('sponsor'): card ids, one per card."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "cards",
        "basic_deck",
        "starting_upgrades",
        "box_stress",
        "box_heat",
        "upgrade_decks",
    )
    __slots__ = ("basic_deck", "box_heat", "box_stress", "cards", "starting_upgrades", "upgrade_decks")

    def __init__(
        self,
        cards: tuple[CardDef, ...],
        basic_deck: tuple[tuple[str, int], ...],
        starting_upgrades: tuple[tuple[str, int], ...],
        box_stress: int,
        box_heat: int,
        upgrade_decks: tuple[tuple[str, tuple[str, ...]], ...] = (),
    ) -> None:
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "basic_deck", basic_deck)
        object.__setattr__(self, "starting_upgrades", starting_upgrades)
        object.__setattr__(self, "box_stress", box_stress)
        object.__setattr__(self, "box_heat", box_heat)
        object.__setattr__(self, "upgrade_decks", upgrade_decks)

    def field_values(self) -> tuple[Any, ...]:
        return (self.cards, self.basic_deck, self.starting_upgrades, self.box_stress, self.box_heat, self.upgrade_decks)

    def deck(self, name: str) -> tuple[str, ...]:
        """The card ids of one upgrade deck (every copy listed)."""
        for deck_name, ids in self.upgrade_decks:
            if deck_name == name:
                return ids
        raise DataError("there is no upgrade deck {deck}", deck=repr(name))


class _Reader:
    """Reads typed fields from parsed TOML and names the file and field on error."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, field: str, reason: str, /, **values: object) -> DataError:
        """The error for ``field`` of this file: ``reason`` is a template with ``values``."""
        return DataError(
            "{source}: {field}: {reason}", source=self.source, field=field, reason=Phrase(reason, **values)
        )

    def get(self, data: Mapping[str, Any], key: str, path: str) -> Any:
        if key not in data:
            raise self.fail(path, "missing")
        return data[key]

    def integer(self, data: Mapping[str, Any], key: str, path: str, low: int, high: int | None = None) -> int:
        value = self.get(data, key, path)
        if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
            if high is not None:
                raise self.fail(
                    path, "expected an integer between {low} and {high}, got {got}", low=low, high=high, got=repr(value)
                )
            raise self.fail(path, "expected an integer at least {low}, got {got}", low=low, got=repr(value))
        return value

    def text(self, data: Mapping[str, Any], key: str, path: str) -> str:
        value = self.get(data, key, path)
        if not isinstance(value, str) or not value:
            raise self.fail(path, "expected a non-empty string, got {got}", got=repr(value))
        return value

    def array(self, data: Mapping[str, Any], key: str, path: str) -> list[Any]:
        value = self.get(data, key, path)
        if not isinstance(value, list) or not value:
            raise self.fail(path, "expected a non-empty array, got {got}", got=repr(value))
        return value


def _parse_toml(text: str, source: str) -> dict[str, Any]:
    """The TOML ``text`` of the file named ``source`` parsed: from its cache when ``source`` is a
    shipped data file whose cache holds this very text (``cached_toml``), else by ``tomllib``."""
    folder = _data_folder()
    return cached_toml(text, source, folder, os.path.join(folder, CACHE_FOLDER))


CACHE_FOLDER = "__pycache__"
"""Where, inside ``heat/data``, each shipped TOML file's parsed content is kept (as Python keeps
its bytecode): ``tomllib`` and its parsing cost the plain prompt a fifth of its start (issue 28)."""
_CACHE_FORMAT = 1


def cached_toml(text: str, source: str, data_folder: str, cache_folder: str) -> dict[str, Any]:
    """``text``, the TOML of the file named ``source``, parsed; DataError naming ``source`` if it
    is not valid TOML.

    A shipped file (``source`` is a path under ``data_folder``) is parsed once: its parsed content
    is saved in ``cache_folder`` with ``marshal`` (which loads no module), beside the very text it
    was parsed from, and read back while that text is still the one given; an edited file is
    parsed again. A cache that cannot be read or written is ignored: the file is parsed, as
    without one. Any other text (a test's) is parsed and never cached."""
    cache_path = os.path.join(cache_folder, f"{source.replace('/', '.')}.marshal{marshal.version}")
    try:
        with open(cache_path, "rb") as cache_file:
            saved = marshal.loads(cache_file.read())
        if type(saved) is tuple and len(saved) == 3 and saved[0] == _CACHE_FORMAT and saved[1] == text:
            data: dict[str, Any] = saved[2]
            return data
    except (OSError, ValueError, EOFError, TypeError):
        pass  # no cache yet, or one that is not ours: parse the text
    import tomllib  # here: loaded only to parse a file that has no cache (issue 28)

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataError("{source}: not valid TOML: {error}", source=source, error=error) from None
    _save_cache(text, os.path.join(data_folder, source), cache_path, data)
    return data


def _save_cache(text: str, source_path: str, cache_path: str, data: dict[str, Any]) -> None:
    """Keep ``data``, parsed from ``text``, in ``cache_path`` if ``text`` is the content of the
    data file ``source_path``; best effort (a read-only install parses at each start)."""
    partial = f"{cache_path}.{os.getpid()}"
    try:
        with open(source_path, encoding="utf-8") as source_file:
            if source_file.read() != text:
                return
        blob = marshal.dumps((_CACHE_FORMAT, text, data))
        os.makedirs(os.path.dirname(cache_path), exist_ok=True)
        with open(partial, "wb") as cache_file:
            cache_file.write(blob)
        os.replace(partial, cache_path)
    except (OSError, ValueError):  # ValueError: a value marshal cannot keep (a TOML date)
        try:  # noqa: SIM105 - contextlib is not among the engine's imports (tests/test_layers.py)
            os.remove(partial)
        except OSError:
            pass


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
            raise read.fail(path, "expected a table, got {got}", got=repr(raw))
        line = read.integer(raw, "line_after", f"{path}.line_after", previous + 1, spaces - 1)
        legends = read.integer(raw, "legends_line_after", f"{path}.legends_line_after", 0, line - 1)
        letters = raw.get("press_letters", [])
        if not isinstance(letters, list) or not all(isinstance(x, str) and x for x in letters):
            raise read.fail(f"{path}.press_letters", "expected an array of letters, got {got}", got=repr(letters))
        chevron = raw.get("chevron", False)
        if not isinstance(chevron, bool):
            raise read.fail(f"{path}.chevron", "expected true or false, got {got}", got=repr(chevron))
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
            raise read.fail(path, "expected [space, lane], got {got}", got=repr(raw))
        space, lane = raw
        if not (1 <= space <= spaces and 1 <= lane <= spots):
            raise read.fail(
                path,
                "space must be 1..{spaces} and lane 1..{spots}, got {got}",
                spaces=spaces,
                spots=spots,
                got=repr(raw),
            )
        if space <= corners[-1].line_after:
            raise read.fail(path, "grid spaces must lie after the last corner")
        if (space, lane) in grid:
            raise read.fail(path, "grid spot {got} is listed twice", got=repr(raw))
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
            raise read.fail(path, "expected a table, got {got}", got=repr(raw))
        card_type = read.text(raw, "type", f"{path}.type")
        if card_type not in CARD_TYPES:
            raise read.fail(
                f"{path}.type", "expected one of {types}, got {got}", types=", ".join(CARD_TYPES), got=repr(card_type)
            )
        speeds: tuple[int, ...] = ()
        if card_type in ("basic", "starting"):
            speeds = (read.integer(raw, "speed", f"{path}.speed", 0, 20),)
        card_id = read.text(raw, "id", f"{path}.id")
        if any(card.id == card_id for card in cards):
            raise read.fail(f"{path}.id", "duplicate card id {card}", card=repr(card_id))
        cards.append(CardDef(id=card_id, name=read.text(raw, "name", f"{path}.name"), type=card_type, speeds=speeds))
    for required in ("heat", "stress"):
        if not any(card.type == required for card in cards):
            raise read.fail("cards", "needs a card of type {type}", type=repr(required))
    known = {card.id for card in cards}
    decks = data.get("decks")
    if not isinstance(decks, Mapping):
        raise read.fail("decks", "expected a table, got {got}", got=repr(decks))

    def deck(key: str) -> tuple[tuple[str, int], ...]:
        raw = decks.get(key)
        if not isinstance(raw, Mapping):
            raise read.fail(f"decks.{key}", "expected a table of card id = count, got {got}", got=repr(raw))
        for card_id in raw:
            if card_id not in known:
                raise read.fail(f"decks.{key}.{card_id}", "unknown card id")
            read.integer(raw, card_id, f"decks.{key}.{card_id}", 0, 50)
        return tuple((card_id, int(count)) for card_id, count in raw.items())

    box = data.get("box")
    if not isinstance(box, Mapping):
        raise read.fail("box", "expected a table, got {got}", got=repr(box))
    return Catalogue(
        cards=tuple(cards),
        basic_deck=deck("basic"),
        starting_upgrades=deck("starting_upgrades"),
        box_stress=read.integer(box, "stress", "box.stress", 0),
        box_heat=read.integer(box, "heat", "box.heat", 0),
    )


def parse_upgrades(text: str, source: str) -> list[tuple[CardDef, str, int]]:
    """Read an upgrade file: (card, deck name, copies) for every entry."""
    data = _parse_toml(text, source)
    read = _Reader(source)
    entries: list[tuple[CardDef, str, int]] = []
    for index, raw in enumerate(read.array(data, "upgrades", "upgrades")):
        path = f"upgrades[{index}]"
        if not isinstance(raw, Mapping):
            raise read.fail(path, "expected a table, got {got}", got=repr(raw))
        deck = read.text(raw, "deck", f"{path}.deck")
        if deck not in UPGRADE_DECKS:
            raise read.fail(
                f"{path}.deck", "expected one of {decks}, got {got}", decks=", ".join(UPGRADE_DECKS), got=repr(deck)
            )
        known = {"id", "category", "deck", "copies", "speed", "heat_card", "one_time", "adjust"}
        known.update(_UPGRADE_COUNTS, _UPGRADE_FLAGS)
        for key in raw:
            if key not in known:
                raise read.fail(f"{path}.{key}", "unknown field")
        card_id = read.text(raw, "id", f"{path}.id")
        category = read.text(raw, "category", f"{path}.category")
        copies = read.integer(raw, "copies", f"{path}.copies", 1, 20)
        if raw.get("heat_card", False) is True:
            card = CardDef(id=card_id, name=category, type="upgrade", category=category, becomes="heat")
            entries.append((card, deck, copies))
            continue
        speeds_raw = read.array(raw, "speed", f"{path}.speed")
        if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 20 for v in speeds_raw):
            raise read.fail(f"{path}.speed", "expected a list of Speed values 0-20, got {got}", got=repr(speeds_raw))
        counts = {key: read.integer(raw, key, f"{path}.{key}", 0, 9) for key in _UPGRADE_COUNTS if key in raw}
        flags = {}
        for key in (*_UPGRADE_FLAGS, "one_time"):
            value = raw.get(key, False)
            if not isinstance(value, bool):
                raise read.fail(f"{path}.{key}", "expected true or false, got {got}", got=repr(value))
            flags[key] = value
        adjust = read.integer(raw, "adjust", f"{path}.adjust", -5, 5) if "adjust" in raw else 0
        if flags["direct"] and len(speeds_raw) != 1:
            raise read.fail(f"{path}.speed", "a Direct Play card has one Speed value")
        card = CardDef(
            id=card_id,
            name=category,
            type="sponsor" if deck == "sponsor" else "upgrade",
            speeds=tuple(speeds_raw),
            category=category,
            adjust=adjust,
            one_time=flags["one_time"] or deck == "sponsor",
            refresh=flags["refresh"],
            direct=flags["direct"],
            accelerate=flags["accelerate"],
            plus=counts.get("plus", 0),
            heat=counts.get("heat", 0),
            scrap=counts.get("scrap", 0),
            cooldown=counts.get("cooldown", 0),
            slipstream=counts.get("slipstream", 0),
            reduce_stress=counts.get("reduce_stress", 0),
            salvage=counts.get("salvage", 0),
        )
        entries.append((card, deck, copies))
    return entries


def build_catalogue(base: Catalogue, *upgrade_files: tuple[str, list[tuple[CardDef, str, int]]]) -> Catalogue:
    """The base catalogue extended with upgrade cards; an id defined twice must mean one card."""
    cards = {card.id: card for card in base.cards}
    order = [card.id for card in base.cards]
    decks: dict[str, list[str]] = {}
    for source, entries in upgrade_files:
        for card, deck, copies in entries:
            known = cards.get(card.id)
            if known is None:
                cards[card.id] = card
                order.append(card.id)
            elif known != card:
                raise DataError(
                    "{source}: upgrades: card id {card} is defined twice with different contents",
                    source=source,
                    card=repr(card.id),
                )
            decks.setdefault(deck, []).extend([card.id] * copies)
    return Catalogue(
        cards=tuple(cards[card_id] for card_id in order),
        basic_deck=base.basic_deck,
        starting_upgrades=base.starting_upgrades,
        box_stress=base.box_stress,
        box_heat=base.box_heat,
        upgrade_decks=tuple((name, tuple(ids)) for name, ids in decks.items()),
    )


class LegendsCard(Frozen):
    """One Legends card (L-7): each colour's Top Speed and Diamond."""

    number: int
    top_speed: tuple[tuple[str, int], ...]
    diamond: tuple[tuple[str, int], ...]

    FIELDS: ClassVar[tuple[str, ...]] = ("number", "top_speed", "diamond")
    __slots__ = ("diamond", "number", "top_speed")

    def __init__(
        self, number: int, top_speed: tuple[tuple[str, int], ...], diamond: tuple[tuple[str, int], ...]
    ) -> None:
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "top_speed", top_speed)
        object.__setattr__(self, "diamond", diamond)

    def field_values(self) -> tuple[Any, ...]:
        return (self.number, self.top_speed, self.diamond)

    def top(self, color: str) -> int:
        """Top Speed of the Legend of this colour."""
        return dict(self.top_speed)[color]

    def diamond_of(self, color: str) -> int:
        """Diamond (0-3) of the Legend of this colour."""
        return dict(self.diamond)[color]


def parse_legends(text: str, source: str, colors: tuple[str, ...]) -> tuple[LegendsCard, ...]:
    """Read the Legends cards; every card must give every colour a Top Speed and a Diamond."""
    data = _parse_toml(text, source)
    read = _Reader(source)
    cards = []
    for index, raw in enumerate(read.array(data, "cards", "cards")):
        path = f"cards[{index}]"
        if not isinstance(raw, Mapping):
            raise read.fail(path, "expected a table, got {got}", got=repr(raw))
        tops = []
        diamonds = []
        for color in colors:
            cell = raw.get(color)
            if not isinstance(cell, Mapping):
                raise read.fail(f"{path}.{color}", "expected {{top_speed, diamond}}, got {got}", got=repr(cell))
            tops.append((color, read.integer(cell, "top_speed", f"{path}.{color}.top_speed", 1, 40)))
            diamonds.append((color, read.integer(cell, "diamond", f"{path}.{color}.diamond", 0, 3)))
        cards.append(LegendsCard(index + 1, tuple(tops), tuple(diamonds)))
    return tuple(cards)


class WeatherToken(Frozen):
    """A Weather token (W-4): its car-setup effect and its sector effect (W-18)."""

    id: str
    name: str
    stress: int
    heat: int
    heat_to_deck: int
    heat_to_discard: int
    no_cooling: bool
    no_slipstream: bool
    slipstream_boost: int
    cooling_bonus: int

    FIELDS: ClassVar[tuple[str, ...]] = (
        "id",
        "name",
        "stress",
        "heat",
        "heat_to_deck",
        "heat_to_discard",
        "no_cooling",
        "no_slipstream",
        "slipstream_boost",
        "cooling_bonus",
    )
    __slots__ = (
        "cooling_bonus",
        "heat",
        "heat_to_deck",
        "heat_to_discard",
        "id",
        "name",
        "no_cooling",
        "no_slipstream",
        "slipstream_boost",
        "stress",
    )

    def __init__(
        self,
        id: str,
        name: str,
        stress: int = 0,
        heat: int = 0,
        heat_to_deck: int = 0,
        heat_to_discard: int = 0,
        no_cooling: bool = False,
        no_slipstream: bool = False,
        slipstream_boost: int = 0,
        cooling_bonus: int = 0,
    ) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "stress", stress)
        object.__setattr__(self, "heat", heat)
        object.__setattr__(self, "heat_to_deck", heat_to_deck)
        object.__setattr__(self, "heat_to_discard", heat_to_discard)
        object.__setattr__(self, "no_cooling", no_cooling)
        object.__setattr__(self, "no_slipstream", no_slipstream)
        object.__setattr__(self, "slipstream_boost", slipstream_boost)
        object.__setattr__(self, "cooling_bonus", cooling_bonus)

    def field_values(self) -> tuple[Any, ...]:
        return (
            self.id,
            self.name,
            self.stress,
            self.heat,
            self.heat_to_deck,
            self.heat_to_discard,
            self.no_cooling,
            self.no_slipstream,
            self.slipstream_boost,
            self.cooling_bonus,
        )


class RoadToken(Frozen):
    """A Road Conditions token (W-10): a corner effect or a sector effect."""

    id: str
    name: str
    copies: int
    limit: int
    overheat: int
    free_boost: bool
    slipstream_boost: int
    weather: bool

    FIELDS: ClassVar[tuple[str, ...]] = (
        "id",
        "name",
        "copies",
        "limit",
        "overheat",
        "free_boost",
        "slipstream_boost",
        "weather",
    )
    __slots__ = ("copies", "free_boost", "id", "limit", "name", "overheat", "slipstream_boost", "weather")

    def __init__(
        self,
        id: str,
        name: str,
        copies: int,
        limit: int = 0,
        overheat: int = 0,
        free_boost: bool = False,
        slipstream_boost: int = 0,
        weather: bool = False,
    ) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "copies", copies)
        object.__setattr__(self, "limit", limit)
        object.__setattr__(self, "overheat", overheat)
        object.__setattr__(self, "free_boost", free_boost)
        object.__setattr__(self, "slipstream_boost", slipstream_boost)
        object.__setattr__(self, "weather", weather)

    def field_values(self) -> tuple[Any, ...]:
        return (
            self.id,
            self.name,
            self.copies,
            self.limit,
            self.overheat,
            self.free_boost,
            self.slipstream_boost,
            self.weather,
        )

    @property
    def is_sector(self) -> bool:
        """Sector tokens change the spaces after their corner (W-8); the others the corner (W-9)."""
        return self.free_boost or self.slipstream_boost > 0 or self.weather


def parse_weather(text: str, source: str) -> tuple[tuple[WeatherToken, ...], tuple[RoadToken, ...]]:
    """Read the Weather and Road Conditions tokens."""
    data = _parse_toml(text, source)
    read = _Reader(source)
    weather = []
    for index, raw in enumerate(read.array(data, "weather", "weather")):
        path = f"weather[{index}]"
        if not isinstance(raw, Mapping):
            raise read.fail(path, "expected a table, got {got}", got=repr(raw))
        setup = raw.get("setup", {})
        sector = raw.get("sector", {})
        if not isinstance(setup, Mapping) or not isinstance(sector, Mapping):
            raise read.fail(path, "setup and sector must be tables")
        values: dict[str, Any] = {}
        for key in ("stress", "heat"):
            if key in setup:
                values[key] = read.integer(setup, key, f"{path}.setup.{key}", -3, 3)
        for key in ("heat_to_deck", "heat_to_discard"):
            if key in setup:
                values[key] = read.integer(setup, key, f"{path}.setup.{key}", 0, 6)
        for key in ("slipstream_boost", "cooling_bonus"):
            if key in sector:
                values[key] = read.integer(sector, key, f"{path}.sector.{key}", 0, 5)
        for key in ("no_cooling", "no_slipstream"):
            if key in sector:
                if not isinstance(sector[key], bool):
                    raise read.fail(f"{path}.sector.{key}", "expected true or false")
                values[key] = sector[key]
        weather.append(
            WeatherToken(read.text(raw, "id", f"{path}.id"), read.text(raw, "name", f"{path}.name"), **values)
        )
    road = []
    for index, raw in enumerate(read.array(data, "road", "road")):
        path = f"road[{index}]"
        if not isinstance(raw, Mapping):
            raise read.fail(path, "expected a table, got {got}", got=repr(raw))
        corner = raw.get("corner", {})
        sector = raw.get("sector", {})
        if not isinstance(corner, Mapping) or not isinstance(sector, Mapping) or bool(corner) == bool(sector):
            raise read.fail(path, "a Road Conditions token has either a corner or a sector effect")
        values = {}
        if "limit" in corner:
            values["limit"] = read.integer(corner, "limit", f"{path}.corner.limit", -3, 3)
        if "overheat" in corner:
            values["overheat"] = read.integer(corner, "overheat", f"{path}.corner.overheat", 0, 3)
        if "slipstream_boost" in sector:
            values["slipstream_boost"] = read.integer(
                sector, "slipstream_boost", f"{path}.sector.slipstream_boost", 0, 5
            )
        for key in ("free_boost", "weather"):
            if key in sector:
                if not isinstance(sector[key], bool):
                    raise read.fail(f"{path}.sector.{key}", "expected true or false")
                values[key] = sector[key]
        road.append(
            RoadToken(
                read.text(raw, "id", f"{path}.id"),
                read.text(raw, "name", f"{path}.name"),
                read.integer(raw, "copies", f"{path}.copies", 1, 10),
                **values,
            )
        )
    return tuple(weather), tuple(road)


@cache
def _data_folder() -> str:
    """The folder of the ``heat.data`` package, beside this package (whose ``__init__`` is Python
    source on both builds). Its files are read as plain files: loading ``importlib.resources``
    cost the plain prompt's start more than reading them (issue 28)."""
    import heat.engine

    return os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(heat.engine.__file__))), "data")


def data_text(*parts: str) -> str:
    """The text of the data file ``heat/data/PARTS...``."""
    with open(os.path.join(_data_folder(), *parts), encoding="utf-8") as file:
        return file.read()


@cache
def catalogue() -> Catalogue:
    """Every card of the game: the base cards, the Garage's Upgrade cards and the Sponsorship cards."""
    base = parse_catalogue(data_text("cards", "base.toml"), "cards/base.toml")
    files = []
    for name in ("upgrades", "sponsors"):
        source = f"cards/{name}.toml"
        files.append((source, parse_upgrades(data_text("cards", f"{name}.toml"), source)))
    return build_catalogue(base, *files)


@cache
def cards_by_id() -> dict[str, CardDef]:
    """Every card of the catalogue by its id (one shared table: do not change it)."""
    return {card.id: card for card in catalogue().cards}


def card_def(card_id: str) -> CardDef:
    """The definition of a card; KeyError for an unknown id."""
    return cards_by_id()[card_id]


@cache
def legends_cards() -> tuple[LegendsCard, ...]:
    """The 10 Legends cards (L-1)."""
    from heat.engine.config import COLORS

    return parse_legends(data_text("modules", "legends.toml"), "modules/legends.toml", COLORS)


@cache
def weather_tokens() -> tuple[tuple[WeatherToken, ...], tuple[RoadToken, ...]]:
    """The 6 Weather tokens and the Road Conditions token kinds (W-1)."""
    return parse_weather(data_text("modules", "weather.toml"), "modules/weather.toml")


@cache
def track_ids() -> tuple[str, ...]:
    """Ids of every track shipped in ``heat/data/tracks``, sorted."""
    names = os.listdir(os.path.join(_data_folder(), "tracks"))
    return tuple(sorted(name[: -len(".toml")] for name in names if name.endswith(".toml")))


@cache
def track(track_id: str) -> Track:
    """The shipped track with this id; raises DataError for an unknown id."""
    if track_id not in track_ids():
        raise DataError(
            "unknown track {track}; known tracks: {tracks}", track=repr(track_id), tracks=", ".join(track_ids())
        )
    parsed = parse_track(data_text("tracks", f"{track_id}.toml"), f"tracks/{track_id}.toml")
    if parsed.id != track_id:
        raise DataError(
            "tracks/{track}.toml: id: expected {expected} to match the file name, got {got}",
            track=track_id,
            expected=repr(track_id),
            got=repr(parsed.id),
        )
    return parsed
