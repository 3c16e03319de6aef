"""Playing through the real server with the protocol's Python client."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from heat.server.app import Settings, TokenBucket
from heat.server.client import Http, Seat
from heat.server.messages import server_message

HUMANS_AND_LEGENDS = [{"kind": "human"}, {"kind": "human"}, {"kind": "legend"}]


async def new_table(http: Http, **body: Any) -> dict[str, Any]:
    body.setdefault("seats", HUMANS_AND_LEGENDS)
    body.setdefault("seconds", 3600)
    return await http.create(**body)


async def join_all(made: dict[str, Any]) -> list[Seat]:
    """Every human seat connected under a name."""
    seats = []
    for seat in made["seats"]:
        if seat["token"]:
            seats.append(await Seat.open(made["socket"], seat["token"], f"P{seat['seat']}"))
    await settle(seats)
    return seats


async def settle(seats: list[Seat], quiet: float = 0.3) -> None:
    """Read every seat's messages until none comes for ``quiet`` seconds."""
    for seat in seats:
        while True:
            try:
                await seat.next(quiet)
            except TimeoutError:
                break


async def drive(seat: Seat, rng: random.Random, stop: Callable[[], bool] = lambda: False) -> int:
    """Play random legal decisions for ``seat`` until its game is over (or ``stop()``); the
    number of decisions accepted."""
    accepted = 0
    # A polite client keeps under the server's rate limit (a decision dropped by it would go
    # unanswered): the server's own bucket at a little less than its rate and burst.
    limits = Settings(db=Path("unused"))
    pace = TokenBucket(0.9 * limits.rate_per_second, limits.burst // 2)
    while not stop():
        state = seat.state
        if state.get("status") in ("over", "closed"):
            return accepted
        if state.get("status") == "playing" and seat.legal:
            while not pace.take():
                await asyncio.sleep(0.02)
            answer = await seat.decide(rng.choice(seat.legal))
            if answer["type"] == "accepted":
                accepted += 1
                await seat.until(lambda m, v=answer["version"]: m["type"] == "state" and m["version"] >= v)
            elif answer.get("code") != "stale":
                raise AssertionError(f"unexpected answer: {answer}")
            continue
        try:
            await seat.next(5.0)
        except TimeoutError:
            if stop():
                return accepted
    return accepted


async def play_to_the_end(seats: list[Seat], seed: int = 1, stop: Callable[[], bool] = lambda: False) -> int:
    """Every seat plays randomly, concurrently, until the game is over."""
    rng = random.Random(seed)
    counts = await asyncio.gather(*(drive(seat, random.Random(rng.random()), stop) for seat in seats))
    return sum(counts)


def run(coroutine: Any) -> Any:
    """Run an async test body (with a time limit: a hung socket fails the test)."""
    return asyncio.run(asyncio.wait_for(coroutine, 240))


def check_messages(messages: list[dict[str, Any]]) -> None:
    """Every message the server sent is one of the protocol's typed messages."""
    for message in messages:
        server_message.validate_python(message)
