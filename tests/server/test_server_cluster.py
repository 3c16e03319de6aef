"""Several ``heat serve`` processes on one PostgreSQL database and one Redis (issue 31): a race
played through two processes, one decision sent to both at once, a process killed mid-race, Redis
restarted mid-race. Each test starts its own PostgreSQL database and redis-server on loopback."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import psycopg
import pytest
from play import settle
from server_process import ClusterServer
from websockets.exceptions import ConnectionClosed

from heat.server.app import Settings, TokenBucket
from heat.server.client import Http, Seat

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "club"}]


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 280))


@pytest.fixture
def two(tmp_path: Path, pg_url: str, redis_server):
    """Two server processes on one database and one Redis."""
    servers = [ClusterServer(tmp_path / f"p{i}", pg_url, redis_server.url) for i in range(2)]
    for server in servers:
        server.log.parent.mkdir()
        server.start()
    yield servers
    for server in servers:
        if server.process is not None and server.process.poll() is None:
            server.stop()


def socket_of(server: ClusterServer, table: str) -> str:
    return server.base.replace("http://", "ws://") + "/ws/tables/" + table


class Player:
    """A seat that plays random legal decisions, notes every decision acknowledged, and
    reconnects to the next server when its socket closes (as a client must, issue 31)."""

    def __init__(self, sockets: list[str], token: str, name: str, rng: random.Random) -> None:
        self.sockets = sockets
        self.token = token
        self.name = name
        self.rng = rng
        self.acks: list[tuple[int, str, int, int]] = []
        """(seat, decision, version seen, version accepted)."""
        self.seat: Seat | None = None
        self.reconnects = 0
        self.pace = TokenBucket(0.9 * Settings(db=Path("unused")).rate_per_second, 10)

    async def connect(self, first: int = 0) -> Seat:
        for attempt in range(200):
            url = self.sockets[(first + attempt) % len(self.sockets)]
            try:
                self.seat = await Seat.open(url, self.token, self.name, open_timeout=5)
                return self.seat
            except (OSError, ConnectionClosed, TimeoutError, ConnectionError):
                await asyncio.sleep(0.2)
        raise AssertionError("no server to connect to")

    async def play(self, until_version: int | None = None) -> None:
        """Until the game is over (or the table reaches ``until_version``)."""
        while True:
            seat = self.seat or await self.connect()
            try:
                state = seat.state
                if state.get("status") in ("over", "closed"):
                    return
                if until_version is not None and seat.version >= until_version:
                    return
                if state.get("status") == "playing" and seat.legal:
                    while not self.pace.take():
                        await asyncio.sleep(0.02)
                    choice, seen = self.rng.choice(seat.legal), seat.version
                    answer = await seat.decide(choice)
                    if answer["type"] == "accepted":
                        self.acks.append((int(seat.seat or 0), choice, seen, answer["version"]))
                        await seat.until(lambda m, v=answer["version"]: m["type"] == "state" and m["version"] >= v)
                    elif answer.get("code") != "stale":
                        raise AssertionError(f"unexpected answer: {answer}")
                    continue
                await seat.next(10.0)
            except (ConnectionClosed, OSError):
                self.reconnects += 1
                self.seat = None
                await self.connect(1)


def same_events(one: Seat, other: Seat) -> bool:
    """The two seats were told the same events (each sees its own cards, the other's as counts)."""
    return [e["type"] for e in one.events] == [e["type"] for e in other.events] and len(one.events) > 50


def stored_decisions(url: str, table: str) -> list[tuple[int, int, str]]:
    with psycopg.connect(url) as connection:
        rows = connection.execute(
            "SELECT seq, seat, text FROM entries WHERE table_id = %s AND kind = 'decision' ORDER BY seq", (table,)
        ).fetchall()
    return [(int(seq), int(seat), str(text)) for seq, seat, text in rows]


def assert_every_ack_stored(url: str, table: str, players: list[Player]) -> None:
    stored = stored_decisions(url, table)
    assert len({seq for seq, _, _ in stored}) == len(stored)
    for player in players:
        for seat, text, seen, version in player.acks:
            assert any(s == seat and t == text and seen < seq <= version for seq, s, t in stored), (seat, text, seen)


async def table_on(server: ClusterServer) -> dict[str, Any]:
    http = Http(server.base)
    made = await http.create(seats=SEATS, seconds=3600)
    await http.close()
    return made


def test_two_processes_with_clients_on_both_play_one_race_to_the_end(two, pg_url):
    async def body() -> None:
        made = await table_on(two[0])
        table = made["table"]
        sockets = [socket_of(s, table) for s in two]
        a = Player(sockets, made["seats"][0]["token"], "Ann", random.Random(1))
        b = Player([*reversed(sockets)], made["seats"][1]["token"], "Bob", random.Random(2))
        await a.connect()
        await b.connect()
        await asyncio.gather(a.play(), b.play())
        assert a.seat is not None and b.seat is not None
        await settle([a.seat, b.seat], 0.5)
        assert a.seat.state["status"] == b.seat.state["status"] == "over"
        assert a.seat.version == b.seat.version
        assert same_events(a.seat, b.seat)  # every update reached both processes' clients
        assert a.acks and b.acks and a.reconnects == b.reconnects == 0
        assert_every_ack_stored(pg_url, table, [a, b])
        bot_moves = [d for d in stored_decisions(pg_url, table) if d[1] == 2]
        assert bot_moves  # the bot played, in the lease owner

    run(body())


def test_one_decision_sent_to_both_processes_at_once_is_applied_once(two, pg_url):
    async def body() -> None:
        made = await table_on(two[0])
        table = made["table"]
        token_a, token_b = made["seats"][0]["token"], made["seats"][1]["token"]
        a0 = await Seat.open(socket_of(two[0], table), token_a, "Ann")
        a1 = await Seat.open(socket_of(two[1], table), token_a)
        b1 = await Seat.open(socket_of(two[1], table), token_b, "Bob")
        doubled = 0
        for _ in range(60):
            await settle([a0, a1, b1], 0.4)
            assert a0.version == a1.version == b1.version
            if a0.legal and doubled < 5:
                seen, choice = a0.version, a0.legal[0]
                answers = await asyncio.gather(a0.decide(choice, seen), a1.decide(choice, seen))
                kinds = sorted(answer["type"] for answer in answers)
                assert kinds == ["accepted", "refused"], answers
                assert next(a for a in answers if a["type"] == "refused")["code"] == "stale"
                applied = [d for d in stored_decisions(pg_url, table) if d[0] > seen and d[1] == 0]
                assert len(applied) == 1, applied
                doubled += 1
            elif b1.legal:  # Bob decides through the other process, so that the race moves on
                assert (await b1.decide(b1.legal[0]))["type"] == "accepted"
            if doubled == 5:
                break
        assert doubled == 5
        # Two players' plans sent at once to two processes (B-11.4: independent): both stored.
        await settle([a0, a1, b1], 0.4)
        if a0.legal and b1.legal and a0.state["view"]["phase"] == "plan":
            answers = await asyncio.gather(a0.decide(a0.legal[0]), b1.decide(b1.legal[0]))
            assert [answer["type"] for answer in answers] == ["accepted", "accepted"], answers

    run(body())


def test_kill_9_of_the_lease_owner_mid_race_loses_nothing(two, pg_url):
    async def body() -> None:
        made = await table_on(two[0])  # the process that creates a table holds its lease
        table = made["table"]
        sockets = [socket_of(s, table) for s in two]
        a = Player(sockets, made["seats"][0]["token"], "Ann", random.Random(3))
        b = Player([*reversed(sockets)], made["seats"][1]["token"], "Bob", random.Random(4))
        await a.connect()
        await b.connect()
        await asyncio.gather(a.play(until_version=60), b.play(until_version=60))
        two[0].kill9()  # Ann's process and the table's lease owner
        await asyncio.gather(a.play(), b.play())
        assert a.reconnects >= 1  # Ann's client found the other process by itself
        assert a.seat is not None and b.seat is not None
        await settle([a.seat, b.seat], 0.5)
        assert a.seat.state["status"] == b.seat.state["status"] == "over"
        assert_every_ack_stored(pg_url, table, [a, b])

    run(body())


def test_clients_get_every_update_through_a_redis_restart(two, pg_url, redis_server):
    async def body() -> None:
        made = await table_on(two[0])
        table = made["table"]
        sockets = [socket_of(s, table) for s in two]
        a = Player(sockets, made["seats"][0]["token"], "Ann", random.Random(5))
        b = Player([*reversed(sockets)], made["seats"][1]["token"], "Bob", random.Random(6))
        await a.connect()
        await b.connect()
        await asyncio.gather(a.play(until_version=40), b.play(until_version=40))
        redis_server.stop()
        await asyncio.gather(a.play(until_version=80), b.play(until_version=80))  # Redis away
        redis_server.start()
        await asyncio.gather(a.play(), b.play())
        assert a.seat is not None and b.seat is not None
        await settle([a.seat, b.seat], 0.5)
        assert a.seat.state["status"] == b.seat.state["status"] == "over"
        assert a.seat.version == b.seat.version
        assert same_events(a.seat, b.seat)  # no update missed (Seat checks there is no gap)
        assert a.reconnects == b.reconnects == 0
        assert_every_ack_stored(pg_url, table, [a, b])

    run(body())
