"""The transport: a Starlette app with the HTTP JSON API, one WebSocket per seat or spectator,
``/healthz`` and ``/metrics``. Every route calls the hub; nothing here knows the rules.

Each socket's messages are checked before they are read: past ``max_message_bytes`` a message is
refused (``too_big``) and the socket stays open (uvicorn closes it with 1009 past the hard limit
``ws_max_size``); each socket has a token bucket, and a message over it is dropped
(``rate_limited``, said at most once a second); a socket that keeps flooding is closed (1008).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from pydantic import BaseModel, ValidationError
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from heat import i18n
from heat.server.bots import BotPool
from heat.server.cluster import Cluster
from heat.server.hub import Conn, Hub, HubError
from heat.server.messages import (
    Back,
    CreateTable,
    Decide,
    Hello,
    JoinTable,
    Ping,
    PreviewAsk,
    ProtocolError,
    SeatAction,
    Sync,
    Undo,
    parse_client_message,
)
from heat.server.previews import preview_answer
from heat.server.store import Store
from heat.server.translate import _
from heat.server.web import WEB_ROUTES, static_files
from heat.web.catalogue import COOKIE, PSEUDO, cookie_value, pseudo_translations, request_language

HELLO_SECONDS = 10.0
"""A socket must say ``hello`` this soon after it opens."""
MAX_BODY = 262_144
"""Bytes of an HTTP request body at most (a start position fits)."""
FLOOD_CLOSE = 200
"""Messages dropped in a row by the rate limit before the socket is closed."""
STATUS = {"not_found": 404, "unauthorized": 403, "bad_request": 400, "conflict": 409, "unavailable": 503}
CLOSE_CODES = {"not_found": 4404, "unauthorized": 4403, "bad_request": 4400, "conflict": 4409, "unavailable": 1013}


@dataclass(frozen=True, slots=True)
class Settings:
    """How ``heat serve`` runs: the database file and the limits."""

    db: Path | str
    """A SQLite file, or a PostgreSQL URL."""
    redis: str | None = None
    """Redis's URL: several processes share the PostgreSQL database (issue 31)."""
    lease_seconds: float = 10.0
    bot_workers: int = 1
    away_grace: float = 15.0
    allow_positions: bool = False
    max_message_bytes: int = 16_384
    rate_per_second: float = 20.0
    burst: int = 40
    synchronous: str = "FULL"
    pseudo_language: bool = False
    """Speak the pseudo-language ``xx`` to a browser that asks for it (the tests of issue 32)."""


class TokenBucket:
    """``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        """Spend one token if there is one."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


def create_app(settings: Settings) -> Starlette:
    """The server's ASGI app; the lifespan opens the database, restores the tables and starts
    the bot workers, and closes them again on shutdown."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = await Store.open(settings.db, synchronous=settings.synchronous)
        cluster = Cluster(store, settings.redis, lease_seconds=settings.lease_seconds) if settings.redis else None
        bots = BotPool(settings.bot_workers)
        hub = Hub(
            store,
            bots,
            away_grace=settings.away_grace,
            allow_positions=settings.allow_positions,
            max_message_bytes=settings.max_message_bytes,
            rate_per_second=settings.rate_per_second,
            cluster=cluster,
        )
        await hub.start()
        app.state.hub = hub
        app.state.settings = settings
        try:
            yield
        finally:
            await hub.stop()
            await store.close()
            bots.close()

    routes = [
        *WEB_ROUTES,
        static_files(),
        Route("/healthz", healthz),
        Route("/metrics", metrics),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables/{table_id}", table_info),
        Route("/api/tables/{table_id}/join", join_table, methods=["POST"]),
        Route("/api/tables/{table_id}/start", start_table, methods=["POST"]),
        Route("/api/tables/{table_id}/free", free_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/close", close_table, methods=["POST"]),
        Route("/api/tables/{table_id}/rematch", rematch, methods=["POST"]),
        Route("/api/tables/{table_id}/record", record),
        WebSocketRoute("/ws/tables/{table_id}", table_socket),
    ]
    return Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(SpeakTheirLanguage, settings=settings)],
        exception_handlers={HTTPException: _http_refusal},
    )


class SpeakTheirLanguage:
    """Answer each request and socket in its language (``heat.web.catalogue.request_language``:
    the page's cookie, else ``Accept-Language``, else English): the work for it runs inside
    ``heat.i18n.using``, so an error, a log sentence or a preview it formats is in that language."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.pseudo = settings.pseudo_language

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        cookie = cookie_value(headers.get("cookie", ""), COOKIE)
        language = request_language(cookie, headers.get("accept-language"), pseudo=self.pseudo)
        with i18n.using(language, pseudo_translations() if language == PSEUDO else None):
            await self.app(scope, receive, send)


# ---------------------------------------------------------------------- HTTP


def _hub(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _error(code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=STATUS.get(code, 400))


async def _http_refusal(request: Request, error: Exception) -> Response:
    """Starlette's own refusals (no such address, a method an address does not take) as the
    API's errors, in the request's language: the browser shows them to a person."""
    assert isinstance(error, HTTPException)
    if error.status_code == 404:
        code, message = "not_found", _("there is nothing at {path}", path=repr(request.url.path))
    elif error.status_code == 405:
        code, message = (
            "bad_request",
            _("{path} does not take {method}", path=repr(request.url.path), method=request.method),
        )
    else:  # not raised by the routes and files Heat serves: Starlette's words, as they are
        code, message = "bad_request", str(error.detail)
    return JSONResponse({"error": code, "message": message}, status_code=error.status_code, headers=error.headers)


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _space, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


async def _body(request: Request, model: type[BaseModel]) -> Any:
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > MAX_BODY:
        raise HubError("bad_request", _("the request body is over {limit} bytes", limit=MAX_BODY))
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise HubError("bad_request", _("the request body is over {limit} bytes", limit=MAX_BODY))
    try:
        data = json.loads(raw or b"{}")
    except ValueError as error:
        raise HubError("bad_request", _("not valid JSON: {error}", error=error)) from None
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "body"
        raise HubError("bad_request", f"{where}: {first['msg']}") from None


def _links(request: Request, table_id: str) -> dict[str, str]:
    base = str(request.base_url).rstrip("/")
    socket = base.replace("http://", "ws://", 1).replace("https://", "wss://", 1)
    return {"page": f"{base}/t/{table_id}", "socket": f"{socket}/ws/tables/{table_id}"}


async def create_table(request: Request) -> Response:
    """``POST /api/tables``: a new table, its invitation links and its admin link."""
    try:
        body = await _body(request, CreateTable)
        created = await _hub(request).create(body)
    except HubError as error:
        return _error(error.code, error.message)
    links = _links(request, created["table"])
    for seat in created["seats"]:
        if seat["token"]:
            seat["invite"] = f"{links['page']}#{seat['token']}"
    created["admin"] = f"{links['page']}#admin={created['admin_token']}"
    created["spectate"] = links["page"]
    created["socket"] = links["socket"]
    return JSONResponse(created, status_code=201)


async def list_tables(request: Request) -> Response:
    """``GET /api/tables``: the lobby (listed tables waiting for players); ``?status=over`` the
    finished ones, ``?all=1`` unlisted ones too."""
    wanted = tuple(s for s in request.query_params.get("status", "waiting").split(",") if s)
    known = ("waiting", "playing", "over", "closed")
    if not wanted or any(s not in known for s in wanted):
        return _error("bad_request", _("status: any of {statuses}", statuses=", ".join(known)))
    listed_only = request.query_params.get("all") not in ("1", "true")
    return JSONResponse({"tables": await _hub(request).lobby(wanted, listed_only=listed_only)})


async def table_info(request: Request) -> Response:
    """``GET /api/tables/{id}``: the table's public facts."""
    try:
        live = await _hub(request).get(request.path_params["table_id"])
    except HubError as error:
        return _error(error.code, error.message)
    return JSONResponse({**_hub(request).info(live), **_links(request, live.id)})


async def join_table(request: Request) -> Response:
    """``POST /api/tables/{id}/join``: take your seat under a display name."""
    try:
        body = await _body(request, JoinTable)
        return JSONResponse(await _hub(request).join(request.path_params["table_id"], _bearer(request), body.name))
    except HubError as error:
        return _error(error.code, error.message)


async def start_table(request: Request) -> Response:
    """``POST /api/tables/{id}/start`` (admin): start now, bots in the open seats."""
    try:
        return JSONResponse(await _hub(request).admin_start(request.path_params["table_id"], _bearer(request)))
    except HubError as error:
        return _error(error.code, error.message)


async def free_seat(request: Request) -> Response:
    """``POST /api/tables/{id}/free`` (admin): remove a seat's player; a new invitation."""
    try:
        body = await _body(request, SeatAction)
        freed = await _hub(request).admin_free(request.path_params["table_id"], _bearer(request), body.seat)
    except HubError as error:
        return _error(error.code, error.message)
    freed["invite"] = f"{_links(request, freed['table'])['page']}#{freed['token']}"
    return JSONResponse(freed)


async def close_table(request: Request) -> Response:
    """``POST /api/tables/{id}/close`` (admin): nothing more is played."""
    try:
        return JSONResponse(await _hub(request).admin_close(request.path_params["table_id"], _bearer(request)))
    except HubError as error:
        return _error(error.code, error.message)


async def rematch(request: Request) -> Response:
    """``POST /api/tables/{id}/rematch`` (a seat's or the admin token): the same seats again."""
    try:
        made = await _hub(request).rematch(request.path_params["table_id"], _bearer(request))
    except HubError as error:
        return _error(error.code, error.message)
    return JSONResponse({**made, **_links(request, made["table"])})


async def record(request: Request) -> Response:
    """``GET /api/tables/{id}/record``: the finished game's record (``?race=N``: a race of a
    finished championship), as ``heat replay`` reads it."""
    race_text = request.query_params.get("race")
    if race_text is not None and not race_text.isdigit():
        return _error("bad_request", _("race: a race number, 1 and up"))
    try:
        data = await _hub(request).record(request.path_params["table_id"], int(race_text) if race_text else None)
    except HubError as error:
        return _error(error.code, error.message)
    name = f"heat-{request.path_params['table_id']}{'-race' + race_text if race_text else ''}.json"
    return JSONResponse(data, headers={"content-disposition": f'attachment; filename="{name}"'})


async def healthz(request: Request) -> Response:
    """``GET /healthz``: 200 while the server takes requests."""
    return JSONResponse({"status": "ok", "tables": len(_hub(request).tables)})


async def metrics(request: Request) -> Response:
    """``GET /metrics``: Prometheus metrics."""
    return Response(generate_latest(_hub(request).metrics.registry), media_type=CONTENT_TYPE_LATEST)


# ---------------------------------------------------------------------- WebSocket


async def _send_loop(websocket: WebSocket, conn: Conn) -> None:
    """Write ``conn``'s queue to the socket; None closes it."""
    try:
        while True:
            text = await conn.queue.get()
            if text is None:
                await websocket.close(conn.close_code)
                return
            await websocket.send_text(text)
    except (WebSocketDisconnect, RuntimeError, OSError):
        return


async def _reject(websocket: WebSocket, code: str, message: str, close: int) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(json.dumps({"type": "error", "code": code, "message": message}))
        await websocket.close(close)


def _text_of(message: MutableMapping[str, Any]) -> str | bytes:
    text = message.get("text")
    return text if text is not None else message.get("bytes") or b""


async def table_socket(websocket: WebSocket) -> None:
    """``/ws/tables/{id}``: ``hello`` first, then decisions; the server pushes states."""
    hub = _hub(websocket)
    settings: Settings = websocket.app.state.settings
    limit = settings.max_message_bytes
    await websocket.accept()
    conn: Conn | None = None
    sender: asyncio.Task[None] | None = None
    try:
        try:
            first = await asyncio.wait_for(websocket.receive(), HELLO_SECONDS)
        except TimeoutError:
            await _reject(
                websocket, "hello_first", _("say hello within {seconds} seconds", seconds=f"{HELLO_SECONDS:.0f}"), 1008
            )
            return
        if first["type"] == "websocket.disconnect":
            return
        raw = _text_of(first)
        if len(raw) > limit:
            await _reject(websocket, "too_big", _("a message is at most {limit} bytes", limit=limit), 1009)
            return
        try:
            hello = parse_client_message(raw)
        except ProtocolError as error:
            await _reject(websocket, error.code, error.message, 1008)
            return
        if not isinstance(hello, Hello):
            await _reject(websocket, "hello_first", _("the first message must be hello (with your seat's token)"), 1008)
            return
        try:
            _live, conn = await hub.connect(websocket.path_params["table_id"], hello.token, hello.name)
        except HubError as error:
            await _reject(websocket, error.code, error.message, CLOSE_CODES.get(error.code, 4400))
            return
        sender = asyncio.create_task(_send_loop(websocket, conn))
        await _read_loop(websocket, hub, conn, settings)
    except WebSocketDisconnect:
        pass
    finally:
        if conn is not None:
            await hub.disconnect(conn)
            conn.close(1000)
        if sender is not None:
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(sender, 1.0)


async def _read_loop(websocket: WebSocket, hub: Hub, conn: Conn, settings: Settings) -> None:
    bucket = TokenBucket(settings.rate_per_second, settings.burst)
    dropped = 0
    warned = 0.0
    while not conn.closed:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw = _text_of(message)
        if len(raw) > settings.max_message_bytes:
            conn.send_json(
                {
                    "type": "error",
                    "code": "too_big",
                    "message": _(
                        "a message is at most {limit} bytes, this one {size}",
                        limit=settings.max_message_bytes,
                        size=len(raw),
                    ),
                }
            )
            continue
        if not bucket.take():
            dropped += 1
            if dropped >= FLOOD_CLOSE:
                conn.send_json({"type": "error", "code": "rate_limited", "message": _("too many messages: closing")})
                conn.close(1008)
                return
            now = time.monotonic()
            if now - warned >= 1.0:
                warned = now
                conn.send_json(
                    {
                        "type": "error",
                        "code": "rate_limited",
                        "message": _(
                            "too many messages: at most {rate} a second; this one was dropped",
                            rate=f"{settings.rate_per_second:g}",
                        ),
                    }
                )
            continue
        dropped = 0
        try:
            parsed = parse_client_message(raw)
        except ProtocolError as error:
            conn.send_json({"type": "error", "code": error.code, "message": error.message})
            continue
        try:
            if isinstance(parsed, Decide):
                await hub.decide(conn, parsed.seq, parsed.decision, parsed.id)
            elif isinstance(parsed, Undo):
                await hub.undo(conn, parsed.seq)
            elif isinstance(parsed, Back):
                await hub.back(conn)
            elif isinstance(parsed, Sync):
                hub.sync(conn)
            elif isinstance(parsed, Ping):
                conn.send_json({"type": "pong", "id": parsed.id})
            elif isinstance(parsed, PreviewAsk) and conn.live is not None:
                conn.send_json(preview_answer(conn.live.table, conn.seat, parsed.decision, parsed.id))
            else:
                conn.send_json(
                    {"type": "error", "code": "bad_message", "message": _("hello: you have said hello already")}
                )
        except HubError as error:
            conn.send_json({"type": "error", "code": error.code, "message": error.message})
    if websocket.application_state == WebSocketState.CONNECTED:
        return
