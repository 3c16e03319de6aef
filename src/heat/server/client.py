"""A small client of the protocol (httpx for HTTP, websockets for the socket): the tests and the
load benchmark play through it, and it shows any client how to play (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect


class Http:
    """The HTTP API of a server at ``base`` (``http://127.0.0.1:8000``)."""

    def __init__(self, base: str) -> None:
        self.base = base.rstrip("/")
        self.client = httpx.AsyncClient(base_url=self.base, timeout=30.0)

    async def close(self) -> None:
        """Close the HTTP connections."""
        await self.client.aclose()

    async def create(self, **body: Any) -> dict[str, Any]:
        """Create a table (``POST /api/tables``); raises on an error status."""
        response = await self.client.post("/api/tables", json=body)
        response.raise_for_status()
        data: dict[str, Any] = response.json()
        return data

    async def call(self, method: str, path: str, token: str | None = None, **body: Any) -> httpx.Response:
        """Any request, with ``token`` as its bearer."""
        headers = {"authorization": f"Bearer {token}"} if token else {}
        return await self.client.request(method, path, json=body if body else None, headers=headers)


@dataclass
class Seat:
    """One WebSocket to a table: the latest full state kept up to date from the updates."""

    socket: ClientConnection
    table: str
    seat: int | None = None
    state: dict[str, Any] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)
    notices: list[dict[str, Any]] = field(default_factory=list)
    received: list[dict[str, Any]] = field(default_factory=list)
    """Every message received, in order."""

    @staticmethod
    async def open(socket_url: str, token: str | None = None, name: str | None = None, **options: Any) -> Seat:
        """Connect, say hello and wait for the first state."""
        socket = await connect(socket_url, max_size=None, **options)
        hello: dict[str, Any] = {"type": "hello"}
        if token is not None:
            hello["token"] = token
        if name is not None:
            hello["name"] = name
        await socket.send(json.dumps(hello))
        seat = Seat(socket, socket_url.rsplit("/", 1)[-1])
        welcome = await seat.next()
        if welcome["type"] != "welcome":
            raise ConnectionError(f"{welcome.get('code')}: {welcome.get('message')}")
        seat.seat = welcome["seat"]
        await seat.until(lambda m: m["type"] == "state")
        return seat

    async def close(self) -> None:
        """Close the socket."""
        await self.socket.close()

    async def send(self, **message: Any) -> None:
        """Send a message."""
        await self.socket.send(json.dumps(message))

    async def next(self, timeout: float = 30.0) -> dict[str, Any]:
        """The next message (a state also updates ``state``, ``events`` and ``notices``)."""
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.socket.recv(), timeout))
        self.received.append(message)
        if message["type"] == "state":
            self._apply(message)
        return message

    async def until(self, test: Any, timeout: float = 30.0) -> dict[str, Any]:
        """Read messages until one passes ``test``; return it."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            message = await self.next(max(0.01, end - loop.time()))
            if test(message):
                return message

    def _apply(self, message: dict[str, Any]) -> None:
        if message["full"]:
            self.events = list(message["events"])
            self.notices = list(message["notices"])
        else:
            if message["events_from"] != len(self.events):
                raise AssertionError(f"events from {message['events_from']}, have {len(self.events)}")
            self.events.extend(message["events"])
            self.notices.extend(message["notices"])
        self.state = message

    @property
    def version(self) -> int:
        """The version of the latest state."""
        return int(self.state["version"])

    @property
    def legal(self) -> list[str]:
        """My legal decisions now (empty: nothing to decide)."""
        return list(self.state.get("legal", []))

    async def decide(self, decision: str, seq: int | None = None, ref: Any = None) -> dict[str, Any]:
        """Send a decision made on version ``seq`` (default: the latest) and return the answer
        (``accepted``, ``refused`` or ``error``), reading the states that come before it."""
        await self.send(type="decide", seq=self.version if seq is None else seq, decision=decision, id=ref)
        return await self.until(lambda m: m["type"] in ("accepted", "refused", "error"))
