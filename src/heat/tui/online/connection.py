"""The WebSocket to the table (``websockets``, of the server extra: ``heat.tui.online.link.need_client``
says so when it is missing), and the words for what can go wrong with it."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from heat.tui.online.link import JoinError, Link, SeatRefused

OPEN_SECONDS = 10.0
"""How long to wait for the server to answer the connection and the hello."""

NOTHING_ANSWERS = "nothing answers there (is the server running? is the link's address right?)"

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


def unreachable(link: Link, error: BaseException) -> str:
    """Why the server at ``link`` cannot be reached, in a line."""
    if isinstance(error, InvalidStatus):
        return f"{link.base} does not answer like a Heat server (HTTP {error.response.status_code})"
    if isinstance(error, InvalidURI | InvalidHandshake):
        return f"{link.base} does not answer like a Heat server ({error})"
    if isinstance(error, TimeoutError):
        return f"cannot reach the server at {link.base}: no answer within {OPEN_SECONDS:.0f} s"
    if isinstance(error, ConnectionRefusedError) or "Connect call failed" in str(error):
        return f"cannot reach the server at {link.base}: {NOTHING_ANSWERS}"
    if isinstance(error, OSError):
        return f"cannot reach the server at {link.base}: {error.strerror or error}"
    return f"lost the server at {link.base}: {error}"


async def open_seat(link: Link, name: str | None) -> tuple[ClientConnection, dict[str, Any]]:
    """Connect, say hello and read the welcome: the socket and the welcome. JoinError (in a
    line) if the server cannot be reached or refuses the seat."""
    try:
        socket = await connect(link.socket, open_timeout=OPEN_SECONDS, max_size=None, close_timeout=2)
    except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as error:
        raise JoinError(unreachable(link, error)) from None
    try:
        await socket.send(hello(link, name))
        first = json.loads(await asyncio.wait_for(socket.recv(), OPEN_SECONDS))
    except (ConnectionClosed, OSError, TimeoutError, ValueError) as error:
        await socket.close()
        raise JoinError(unreachable(link, error)) from None
    if not isinstance(first, dict) or first.get("type") != "welcome":
        await socket.close()
        why = first.get("message") if isinstance(first, dict) else None
        if isinstance(first, dict) and first.get("type") == "error" and first.get("code") in PASSING_CODES:
            # The server is there but cannot serve the table now (its database is away): the
            # seat is still ours, so this is worth trying again, like an unreachable server.
            raise JoinError(f"the server at {link.base} cannot serve table {link.table} now: {why or first['code']}")
        raise SeatRefused(f"cannot join table {link.table}: {why or 'the server did not welcome this seat'}")
    if not isinstance(first.get("seat"), int):
        await socket.close()
        raise SeatRefused(f"cannot join table {link.table}: this link opens no seat")
    return socket, first


async def table_facts(link: Link) -> dict[str, Any]:
    """The table's public facts (``GET /api/tables/ID``); JoinError if the server cannot be
    reached or has no such table."""
    try:
        async with httpx.AsyncClient(timeout=OPEN_SECONDS) as client:
            response = await client.get(f"{link.base}/api/tables/{link.table}")
    except httpx.TimeoutException:
        raise JoinError(f"cannot reach the server at {link.base}: no answer within {OPEN_SECONDS:.0f} s") from None
    except httpx.HTTPError as error:
        why = NOTHING_ANSWERS if "attempts failed" in str(error) else str(error)
        raise JoinError(f"cannot reach the server at {link.base}: {why}") from None
    try:
        facts = response.json()
    except ValueError:
        facts = None
    if not isinstance(facts, dict):
        raise JoinError(f"{link.base} does not answer like a Heat server (HTTP {response.status_code})")
    if response.status_code != 200:
        raise SeatRefused(f"cannot join table {link.table}: {facts.get('message') or response.status_code}")
    return facts


async def probe(link: Link, name: str | None) -> dict[str, Any]:
    """Check the table and join the seat once (before the app starts, so that a bad link, an
    unreachable server or a refused seat is a line on the terminal): the welcome."""
    await table_facts(link)
    socket, welcome = await open_seat(link, name)
    await socket.close()
    return welcome
