"""Who drives each seat of a game: a human at the keyboard, a bot of a level, or a Legend, and
the ``players`` entry that saves it with the game's record.

The app and the plain clients write and read the same entry, so each resumes the other's saves:
``human`` (the first seat at the keyboard), ``bot_seed``, ``level`` (one level for every bot, or
one per bot in seat order) and, from the app, ``seats`` (every seat's role, hot-seat included).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from heat.bots import Bot
from heat.bots.levels import LEVELS, levels_text, make_bot, parse_levels
from heat.engine import ConfigError, PositionError, Race, SeatConfig
from heat.engine.errors import described, is_integer
from heat.record import Record
from heat.storage import naming

if TYPE_CHECKING:  # the season code loads only for a season (issue 28)
    from heat.engine.championship import Season

HUMAN = "human"
BOT = "bot"
LEGEND = "legend"

T = TypeVar("T")


class SeatRole(Record):
    """Who drives a seat: a human at the keyboard, a bot of a level, or a Legend."""

    kind: str
    level: str

    FIELDS: ClassVar[tuple[str, ...]] = ("kind", "level")
    __slots__ = ("kind", "level")

    def __init__(self, kind: str, level: str = "") -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "level", level)

    def field_values(self) -> tuple[Any, ...]:
        return (self.kind, self.level)

    def to_json(self) -> dict[str, str]:
        """``{"kind": "bot", "level": "club"}``, ``{"kind": "human"}`` or ``{"kind": "legend"}``."""
        return {"kind": self.kind, "level": self.level} if self.kind == BOT else {"kind": self.kind}

    @staticmethod
    def from_json(data: Any, where: str) -> SeatRole:
        """Read a role; PositionError names ``where`` when it is malformed."""
        if not isinstance(data, Mapping) or data.get("kind") not in (HUMAN, BOT, LEGEND):
            raise PositionError(
                "{where}: expected {{kind: human|bot|legend}}, got {got}", where=where, got=described(data)
            )
        level = data.get("level", "random")
        if data["kind"] == BOT and level not in LEVELS:
            raise PositionError(
                "{where}.level: expected one of {levels}, got {got}",
                where=where,
                levels=", ".join(LEVELS),
                got=described(level),
            )
        return SeatRole(data["kind"], level if data["kind"] == BOT else "")


BOT_SEED_SALT = 0xB075_EED5_B075_EED5
"""Mixed into every bot's seed, so that no bot's generator repeats the race's own."""


def bot_seed_of(bot_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat``. The plain clients pass the race's seed as ``bot_seed``;
    without the salt the bot at seat 0 of a race seeded 0 would draw the very numbers that
    drew the grid and shuffled the decks, so its guesses at hidden cards would not be
    independent of them."""
    return (bot_seed * 10 + seat) ^ BOT_SEED_SALT


def make_bots(roles: Sequence[SeatRole], bot_seed: int) -> dict[int, Bot]:
    """A bot of its level at every bot seat, seeded from ``bot_seed`` and the seat (``bot_seed_of``)."""
    return {
        seat: make_bot(role.level, bot_seed_of(bot_seed, seat)) for seat, role in enumerate(roles) if role.kind == BOT
    }


def players_record(roles: Sequence[SeatRole], bot_seed: int) -> dict[str, Any]:
    """The ``players`` entry of a save (read back by ``roles_of``)."""
    humans = [seat for seat, role in enumerate(roles) if role.kind == HUMAN]
    return {
        "human": humans[0] if humans else 0,
        "bot_seed": bot_seed,
        "level": levels_text([role.level for role in roles if role.kind == BOT]),
        "seats": [role.to_json() for role in roles],
    }


def roles_of(players: Any, game: Race | Season) -> tuple[tuple[SeatRole, ...], int]:
    """The roles and bot seed saved in ``players``: the app's ``seats`` list, or the plain
    clients' ``human`` seat and bot ``level`` (the bot seed of a season is its seed there). A
    record without ``players`` (``heat race --json``) puts the human at seat 0. The one check of
    the entry, for the app and the plain clients alike: PositionError names the field that is
    wrong, and nothing is played from an entry that does not fit the game's seats."""
    seats = game.config.seats
    if players is None:
        players = {"human": 0}
    if not isinstance(players, Mapping):
        raise PositionError("players: expected an object with the human's seat, got {got}", got=described(players))
    seed = players.get("bot_seed", 0 if isinstance(game, Race) else game.config.seed)
    if not is_integer(seed):
        raise PositionError("players.bot_seed: expected an integer, got {got}", got=described(seed))
    listed = players.get("seats")
    human = players.get("human", 0) if listed is None or "human" in players else None
    if human is not None:
        if not is_integer(human) or not 0 <= human < len(seats):
            raise PositionError("players.human: expected a seat number, got {got}", got=described(human))
        if seats[human].legend:
            raise PositionError("players.human: seat {seat} is a Legend", seat=human)
    level = players.get("level", "club")
    text = level if isinstance(level, str) else repr(level)
    if listed is None:
        return _levels_read(lambda: seat_roles(seats, human, text)), seed
    if not isinstance(listed, list):
        raise PositionError("players.seats: expected a list, got {got}", got=described(listed))
    roles = tuple(SeatRole.from_json(raw, f"players.seats[{i}]") for i, raw in enumerate(listed))
    check_roles(roles, seats)
    # `human` and `level` are what the plain clients read before `seats` existed: one that says
    # otherwise than `seats` was edited by hand, and playing `seats` would silently ignore it.
    if human is not None and roles[human].kind != HUMAN:
        raise PositionError(
            "players.human: seat {seat} is a {kind} in players.seats", seat=human, kind=roles[human].kind
        )
    if "level" in players:
        bots = [role.level for role in roles if role.kind == BOT]
        if _levels_read(lambda: parse_levels(text, len(bots))) != bots:
            raise PositionError(
                "players.level: {level}, but players.seats gives the bots {levels}",
                level=repr(text),
                levels=repr(levels_text(bots)),
            )
    return roles, seed


def _levels_read(read: Callable[[], T]) -> T:
    """``read()``, its ConfigError (a level named wrong) a PositionError naming ``players.level``."""
    try:
        return read()
    except ConfigError as error:
        raise PositionError("players.level: {error}", error=error) from None


def check_roles(roles: Sequence[SeatRole], seats: Sequence[SeatConfig]) -> None:
    """PositionError unless ``roles`` fit ``seats``: one role a seat, a Legend role at each
    Legend's seat and nowhere else (the Legends deck drives them, L-2), and someone at the
    keyboard. Without it a plain client waited for ever on a seat nobody drives."""
    if len(roles) != len(seats):
        raise PositionError("players.seats: {roles} roles for {seats} seats", roles=len(roles), seats=len(seats))
    for seat, (role, config) in enumerate(zip(roles, seats, strict=True)):
        if (role.kind == LEGEND) != config.legend:
            if config.legend:
                raise PositionError(
                    "players.seats[{seat}]: {car} is a Legend: its role is legend (got {kind})",
                    seat=seat,
                    car=config.name,
                    kind=role.kind,
                )
            raise PositionError(
                "players.seats[{seat}]: {car} is not a Legend: its role is not legend (got {kind})",
                seat=seat,
                car=config.name,
                kind=role.kind,
            )
    if not any(role.kind == HUMAN for role in roles):
        raise PositionError("players: nobody at the keyboard (at least one seat must be human)")


def seat_roles(seats: Sequence[SeatConfig], human: int | None, level: str) -> tuple[SeatRole, ...]:
    """The roles of a game seated by the options or the plain clients: the human at ``human``
    (None: nobody), the Legends, and a bot at every other seat, of the levels ``level`` names in
    seat order (``parse_levels``: ConfigError if it names them wrong)."""
    bot_seats = [seat for seat, config in enumerate(seats) if seat != human and not config.legend]
    levels = dict(zip(bot_seats, parse_levels(level, len(bot_seats)), strict=True))
    return tuple(
        SeatRole(LEGEND) if config.legend else SeatRole(HUMAN) if seat == human else SeatRole(BOT, levels[seat])
        for seat, config in enumerate(seats)
    )


def resumed_players(path: str, players: Any, game: Race | Season) -> tuple[int, dict[int, Bot], dict[str, Any]]:
    """The human's seat, the bots and the ``players`` entry of a saved game resumed at the plain
    prompt (``heat play --plain``, ``heat season resume --plain``). PositionError names the file
    and what is wrong (the prompt seats one human: a hot-seat save is for the app)."""
    with naming(path):
        roles, seed = roles_of(players, game)
    humans = [seat for seat, role in enumerate(roles) if role.kind == HUMAN]
    if len(humans) != 1:
        raise PositionError(
            "{file}: {humans} players at the keyboard; the plain prompt seats one "
            "(resume it in the app: leave out --plain)",
            file=path,
            humans=len(humans),
        )
    return humans[0], make_bots(roles, seed), players_record(roles, seed)
