"""The protocol's messages as typed models (pydantic v2): what a client may send over its
WebSocket, what the server sends, and the HTTP bodies. ``parse_client_message`` is the one
parser of incoming messages; the tests validate every message the server sends against
``ServerMessage``; docs/protocol.md documents each (``python -m heat.server.messages`` prints
the JSON Schema)."""

from __future__ import annotations

import functools
import json
import operator
import types
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, get_args, get_origin

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model

from heat.engine import SeatView
from heat.engine.championship import SeasonView
from heat.engine_build import NO_DEFAULT, class_doc, field_types, is_record, record_fields
from heat.server.translate import _

MAX_TEXT = 400


class Strict(BaseModel):
    """A message with exactly its fields."""

    model_config = ConfigDict(extra="forbid")


# ---------------------------------------------------------------------- client to server


class Hello(Strict):
    """First message on a socket: a seat's token (and display name) to play, nothing to watch."""

    type: Literal["hello"]
    token: str | None = Field(default=None, max_length=100)
    name: str | None = Field(default=None, max_length=100)


class Decide(Strict):
    """A decision in the engine's text form, sent with the version of the position it was made on."""

    type: Literal["decide"]
    seq: int = Field(ge=0)
    decision: str = Field(max_length=MAX_TEXT)
    id: int | str | None = Field(default=None, description="echoed in the answer")


class Undo(Strict):
    """Take back my last decision (if the rules have revealed nothing since)."""

    type: Literal["undo"]
    seq: int = Field(ge=0)


class Back(Strict):
    """I am here again: my stand-in stops."""

    type: Literal["back"]


class Sync(Strict):
    """Send me the whole state again."""

    type: Literal["sync"]


class Ping(Strict):
    """Are you there? (answered by ``pong``)"""

    type: Literal["ping"]
    id: int | str | None = None


class PreviewAsk(Strict):
    """What would this decision lead to? (answered by ``preview``; the browser board shows it
    before the player commits)."""

    type: Literal["preview"]
    decision: str = Field(max_length=MAX_TEXT)
    id: int | str | None = Field(default=None, description="echoed in the answer")


ClientMessage = Annotated[Hello | Decide | Undo | Back | Sync | Ping | PreviewAsk, Field(discriminator="type")]
CLIENT_TYPES = ("hello", "decide", "undo", "back", "sync", "ping", "preview")
_client = TypeAdapter(ClientMessage)


class ProtocolError(Exception):
    """A message the server cannot read: ``code`` for programs, the text for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def parse_client_message(raw: str | bytes) -> Hello | Decide | Undo | Back | Sync | Ping | PreviewAsk:
    """The typed message in ``raw``; ProtocolError (``bad_json``, ``bad_message`` or
    ``unknown_type``) naming what is wrong, in the language spoken (the reader's: the transport's
    ``heat.i18n.using``)."""
    try:
        data = orjson.loads(raw)
    except (ValueError, UnicodeDecodeError) as error:
        raise ProtocolError("bad_json", _("not valid JSON: {error}", error=error)) from None
    if not isinstance(data, dict):
        raise ProtocolError(
            "bad_message", _("a message is a JSON object with a 'type', not {kind}", kind=type(data).__name__)
        )
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError(
            "unknown_type",
            _("unknown message type {kind}; types are: {types}", kind=repr(kind), types=", ".join(CLIENT_TYPES)),
        )
    try:
        return _client.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"][1:]) or "message"
        raise ProtocolError("bad_message", f"{kind}: {where}: {first['msg']}") from None


# ---------------------------------------------------------------------- server to client


_VIEW_MODELS: dict[type, type[BaseModel]] = {}


def view_model(kind: type) -> type[BaseModel]:
    """The model of the engine's view record ``kind`` as the server sends it (``payloads.plain``):
    the same name, docstring, fields, defaults and declared types (``heat.engine_build.field_types``,
    the same on either build of the engine: pydantic would read the compiled classes' annotations,
    which mypyc replaces), nested views as models of their own, no other field."""
    if kind not in _VIEW_MODELS:
        hints = field_types(kind)
        fields: dict[str, Any] = {
            name: (_with_view_models(hints[name]), ... if default is NO_DEFAULT else default)
            for name, default in record_fields(kind)
        }
        config = ConfigDict(extra="forbid")
        _VIEW_MODELS[kind] = create_model(kind.__name__, __config__=config, __doc__=class_doc(kind), **fields)
    return _VIEW_MODELS[kind]


def _with_view_models(hint: Any) -> Any:
    """``hint`` with every engine record class in it (``is_record``) replaced by its model."""
    if is_record(hint):
        return view_model(hint)
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        return functools.reduce(operator.or_, (_with_view_models(arg) for arg in args))
    if origin is tuple:
        return tuple[tuple(arg if arg is Ellipsis else _with_view_models(arg) for arg in args)]  # type: ignore[misc]
    return hint


if TYPE_CHECKING:  # what mypy sees of the generated models; pydantic reads the models themselves
    SeatViewInfo = dict[str, Any]
    SeasonViewInfo = dict[str, Any]
else:
    SeatViewInfo = view_model(SeatView)
    SeasonViewInfo = view_model(SeasonView)


class SeatInfo(Strict):
    """A seat's public facts."""

    kind: Literal["human", "bot", "legend"]
    color: str
    name: str
    level: str
    joined: bool
    connected: bool = False


class EventInfo(BaseModel):
    """An engine event as the seat may see it (its fields as in docs/engine.md) and its sentence."""

    model_config = ConfigDict(extra="allow")
    type: str
    seat: int
    text: str | None


class NoticeInfo(Strict):
    """A line of the server's own log: joins, stand-ins, take-backs, the end."""

    seq: int
    seat: int
    text: str
    at: float
    after_event: int


class ResultInfo(Strict):
    """A single race's final standings (seats) and Championship points per seat (C-24)."""

    standings: list[int]
    points: list[int]


class Welcome(Strict):
    """The answer to ``hello``: who you are at this table and the limits of the socket."""

    type: Literal["welcome"]
    table: str
    seat: int | None
    name: str | None
    max_message_bytes: int
    rate_per_second: float


class State(Strict):
    """What the seat may know now. ``full``: replace everything; otherwise ``events`` continue
    the event log from ``events_from`` and ``notices`` add to the server's log."""

    type: Literal["state"]
    table: str
    full: bool
    version: int
    epoch: int
    status: Literal["waiting", "playing", "over", "closed"]
    seat: int | None
    to_decide: list[int]
    legal: list[str]
    shift_heat: dict[str, int] | None
    asked_at: int | None
    can_undo: bool
    clocks: dict[str, float]
    standins: list[int]
    seats: list[SeatInfo]
    view: SeatViewInfo | None
    season: SeasonViewInfo | None
    events_from: int
    events: list[EventInfo]
    notices: list[NoticeInfo]
    result: ResultInfo | None
    rematch: str | None


class Accepted(Strict):
    """Your decision (or take-back) is stored: the table is at ``version``."""

    type: Literal["accepted"]
    id: int | str | None
    version: int


class Refused(Strict):
    """Your decision changed nothing: ``stale`` (decide on the new position), ``illegal`` (the
    engine's reason), ``no_undo``, ``not_started``, ``over``..."""

    type: Literal["refused"]
    code: str
    message: str
    id: int | str | None
    version: int


class Error(Strict):
    """A message the server could not take: ``bad_json``, ``unknown_type``, ``bad_message``,
    ``too_big``, ``rate_limited``, ``unauthorized``, ``hello_first``, ``store_failed``..."""

    type: Literal["error"]
    code: str
    message: str


class Rematch(Strict):
    """A rematch table is open: connect to it with the same token."""

    type: Literal["rematch"]
    table: str


class Pong(Strict):
    """The answer to ``ping``."""

    type: Literal["pong"]
    id: int | str | None


class CornerRiskInfo(Strict):
    """A Corner Line the previewed turn may cross (``heat.preview.CornerRisk``)."""

    corner: int
    limit: int
    chance: float
    heat: float
    spin_chance: float


class PreviewInfo(Strict):
    """``heat.preview.Preview``: Speeds and landing spaces with their chances, each corner's
    risk, the Heat, the chance of a spin-out, and the terminal's one-line summary."""

    speeds: list[tuple[int, float]]
    landing: list[tuple[int, int, float]]
    corners: list[CornerRiskInfo]
    heat_now: int
    expected_heat: float
    spin_chance: float
    summary: str


class PreviewAnswer(Strict):
    """The answer to ``preview``: the engine's preview of ``decision`` from the seat's view now
    (null when it has none: not a legal decision now, or one without a preview) and the reason
    to confirm it (``heat.preview.confirmation_reason``), if any."""

    type: Literal["preview"]
    id: int | str | None
    decision: str
    version: int
    preview: PreviewInfo | None
    confirm: str | None


ServerMessage = Annotated[
    Welcome | State | Accepted | Refused | Error | Rematch | Pong | PreviewAnswer, Field(discriminator="type")
]
server_message = TypeAdapter(ServerMessage)


# ---------------------------------------------------------------------- HTTP bodies


class SeatRequest(Strict):
    """A seat of a new table."""

    kind: Literal["human", "bot", "legend"]
    level: str | None = None
    color: str | None = None


class CreateTable(Strict):
    """``POST /api/tables``: every option of ``heat race`` (mode ``race``) or ``heat season new``
    (mode ``championship``), the seats and the time control."""

    mode: Literal["race", "championship"] = "race"
    seats: list[SeatRequest] = Field(min_length=1, max_length=6)
    track: str = "usa"
    laps: int | None = Field(default=None, ge=1, le=20)
    practice: bool = False
    garage: Literal["regular", "advanced", "all"] | None = None
    quick_upgrades: bool = False
    weather: bool = False
    tournament: bool = False
    pro_legends: int = Field(default=0, ge=0, le=10)
    aggressive_legends: bool = True
    season: Literal["1961", "1962", "1963", "custom", "goat"] = "1961"
    clock: Literal["live", "correspondence"] = "live"
    seconds: int | None = Field(default=None, ge=1, le=86_400)
    days: int | None = Field(default=None, ge=1, le=30)
    listed: bool = False
    title: str = Field(default="", max_length=60)
    standin_level: str = "club"
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    position: dict[str, Any] | None = None


class JoinTable(Strict):
    """``POST /api/tables/{id}/join``: take the seat of your invitation under a display name."""

    name: str = Field(max_length=100)


class SeatAction(Strict):
    """``POST /api/tables/{id}/free``: the seat whose player the creator removes."""

    seat: int = Field(ge=0, le=5)


def schemas() -> dict[str, Any]:
    """The JSON Schemas of the protocol (for docs/protocol.md)."""
    return {
        "client": _client.json_schema(),
        "server": server_message.json_schema(),
        "create": CreateTable.model_json_schema(),
    }


if __name__ == "__main__":
    print(json.dumps(schemas(), indent=1))
