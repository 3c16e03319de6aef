"""The WebSocket to the table (``websockets``, of the server extra: ``heat.tui.online.link.need_client``
says so when it is missing), and the words for what can go wrong with it."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from heat import i18n
from heat.i18n import N_
from heat.tui.online.link import JoinError, Link, SeatRefused

OPEN_SECONDS = 10.0
"""How long to wait for the server to answer the connection and the hello."""

NOT_HEAT = N_("{server} does not answer like a Heat server ({why})")
CANNOT_REACH = N_("cannot reach the server at {server}: {why}")
NO_ANSWER = N_("cannot reach the server at {server}: no answer within {seconds} s")
NOTHING_ANSWERS = N_(
    "cannot reach the server at {server}: nothing answers there (is the server running? is the link's address right?)"
)
CANNOT_JOIN = N_("cannot join table {table}: {why}")

FATAL_CODES = frozenset({"unauthorized", "not_found", "removed", "hello_first", "bad_message"})
"""Errors after which reconnecting cannot help: the seat is not ours (any more)."""

PASSING_CODES = frozenset({"unavailable"})
"""A refused hello that passes: the server cannot serve the table for a moment (docs/server.md)."""


def hello(link: Link, name: str | None) -> str:
    """The first message: the seat's token and the player's display name."""
    message: dict[str, Any] = {"type": "hello", "token": link.token}
    if name:
        message["name"] = name
    return json.dumps(message)


def unreachable(link: Link, error: BaseException) -> JoinError:
    """Why the server at ``link`` cannot be reached, in a line."""
    server = link.base
    if isinstance(error, InvalidStatus):
        return JoinError(NOT_HEAT, server=server, why=f"HTTP {error.response.status_code}")
    if isinstance(error, InvalidURI | InvalidHandshake):
        return JoinError(NOT_HEAT, server=server, why=str(error))
    if isinstance(error, TimeoutError):
        return JoinError(NO_ANSWER, server=server, seconds=f"{OPEN_SECONDS:.0f}")
    if isinstance(error, ConnectionRefusedError) or "Connect call failed" in str(error):
        return JoinError(NOTHING_ANSWERS, server=server)
    if isinstance(error, OSError):
        return JoinError(CANNOT_REACH, server=server, why=str(error.strerror or error))
    return JoinError(N_("lost the server at {server}: {why}"), server=server, why=str(error))


def language_headers() -> dict[str, str]:
    """The headers that ask the server to speak the app's language (its notices and refusals):
    the server reads ``Accept-Language`` on every request and socket (docs/web.md#language)."""
    return {"accept-language": i18n.language()}


async def open_seat(link: Link, name: str | None) -> tuple[ClientConnection, dict[str, Any]]:
    """Connect, say hello and read the welcome: the socket and the welcome. JoinError (in a
    line) if the server cannot be reached or refuses the seat."""
    try:
        socket = await connect(
            link.socket,
            open_timeout=OPEN_SECONDS,
            max_size=None,
            close_timeout=2,
            additional_headers=language_headers(),
        )
    except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as error:
        raise unreachable(link, error) from None
    try:
        await socket.send(hello(link, name))
        first = json.loads(await asyncio.wait_for(socket.recv(), OPEN_SECONDS))
    except (ConnectionClosed, OSError, TimeoutError, ValueError) as error:
        await socket.close()
        raise unreachable(link, error) from None
    if not isinstance(first, dict) or first.get("type") != "welcome":
        await socket.close()
        why = first.get("message") if isinstance(first, dict) else None
        if isinstance(first, dict) and first.get("type") == "error" and first.get("code") in PASSING_CODES:
            # The server is there but cannot serve the table now (its database is away): the
            # seat is still ours, so this is worth trying again, like an unreachable server.
            raise JoinError(
                N_("the server at {server} cannot serve table {table} now: {why}"),
                server=link.base,
                table=link.table,
                why=str(why or first["code"]),
            )
        if why:
            raise SeatRefused(CANNOT_JOIN, table=link.table, why=str(why))
        raise SeatRefused(N_("cannot join table {table}: the server did not welcome this seat"), table=link.table)
    if not isinstance(first.get("seat"), int):
        await socket.close()
        raise SeatRefused(N_("cannot join table {table}: this link opens no seat"), table=link.table)
    return socket, first


async def table_facts(link: Link) -> dict[str, Any]:
    """The table's public facts (``GET /api/tables/ID``); JoinError if the server cannot be
    reached or has no such table."""
    try:
        async with httpx.AsyncClient(timeout=OPEN_SECONDS, headers=language_headers()) as client:
            response = await client.get(f"{link.base}/api/tables/{link.table}")
    except httpx.TimeoutException:
        raise JoinError(NO_ANSWER, server=link.base, seconds=f"{OPEN_SECONDS:.0f}") from None
    except httpx.HTTPError as error:
        if "attempts failed" in str(error):
            raise JoinError(NOTHING_ANSWERS, server=link.base) from None
        raise JoinError(CANNOT_REACH, server=link.base, why=str(error)) from None
    try:
        facts = response.json()
    except ValueError:
        facts = None
    if not isinstance(facts, dict):
        raise JoinError(NOT_HEAT, server=link.base, why=f"HTTP {response.status_code}")
    if response.status_code != 200:
        raise SeatRefused(CANNOT_JOIN, table=link.table, why=str(facts.get("message") or response.status_code))
    return facts


async def probe(link: Link, name: str | None) -> dict[str, Any]:
    """Check the table and join the seat once (before the app starts, so that a bad link, an
    unreachable server or a refused seat is a line on the terminal): the welcome."""
    await table_facts(link)
    socket, welcome = await open_seat(link, name)
    await socket.close()
    return welcome
