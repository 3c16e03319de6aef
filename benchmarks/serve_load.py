"""Load benchmark of ``heat serve``: N concurrent tables of 2 simulated humans and 4 Legends.

Starts a server on a free loopback port with a fresh SQLite database in a temporary folder (or
uses ``--url``, which must be a loopback address), creates the tables over HTTP, connects two
WebSocket clients per table, and lets every human answer after a random think time with a random
legal decision. After a warm-up it measures for ``--seconds`` and prints the accepted decisions
per second and the latency from a decision sent to the resulting update received by *every*
seat of its table (p50, p90, p99, max), the CPU the server (per decision: in all, and in its
event loop's thread) and the clients used, how long the server's event loop waited for a CPU
while the machine ran other work, and how late the clients' own event loop ran (their shares of
the latency). Bounded: it stops after ``--seconds`` of measurement (and at most
``--timeout`` seconds in all) and sends nothing but to the loopback address.

The clients share the machine with the server, so they are kept cheap: every socket of one
asyncio process is a bare protocol speaking the few WebSocket frames the game needs (RFC 6455:
the opening handshake, masked text frames out, text, ping and close frames in), and a message's
arrival is timed when its bytes arrive, before it is parsed.

    .venv/bin/python benchmarks/serve_load.py --tables 1000 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import bisect
import contextlib
import hashlib
import json
import os
import random
import re
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlparse

import httpx
import orjson

from heat.server.client import Http
from services import HeatServe, Postgres, Redis  # this folder is on the path

LOOPBACK = ("127.0.0.1", "localhost", "::1")
WEBSOCKET_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
SEEN_KEPT = 16
"""States kept per seat at least (to time decisions whose answer has not come yet)."""
LAG_TICK = 0.02
"""Seconds between two ticks of the clients' loop-lag probe."""


@dataclass
class Totals:
    """What the clients measured (only while ``measuring``)."""

    measuring: bool = False
    accepted: int = 0
    refused: int = 0
    latencies: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    over: int = 0
    errors: list[str] = field(default_factory=list)


@dataclass
class LoadTable:
    """One table's two humans and what they saw."""

    id: str
    seen: list[list[tuple[int, float]]] = field(default_factory=lambda: [[], []])
    """Per seat: (version, time received) of every state, in order."""
    pending: list[tuple[int, float]] = field(default_factory=list)
    """Decisions accepted, not yet seen by both seats: (version, time sent)."""

    def settle(self, totals: Totals) -> None:
        """Record the latency of each decision both seats have now seen, and forget what no
        pending decision needs any more."""
        keep = []
        for version, sent in self.pending:
            times = [reached(seat, version) for seat in self.seen]
            if None in times:
                keep.append((version, sent))
            elif totals.measuring:
                totals.latencies.append(max(t for t in times if t is not None) - sent)
        self.pending = keep
        oldest = min((version for version, _ in keep), default=None)
        for seat in self.seen:
            if len(seat) > 2 * SEEN_KEPT:  # a state may come before the answer to its decision
                needed = len(seat) if oldest is None else bisect.bisect_left(seat, (oldest, -1.0))
                del seat[: min(needed, len(seat) - SEEN_KEPT)]


def reached(seen: list[tuple[int, float]], version: int) -> float | None:
    """When a seat first received a state at ``version`` or later."""
    index = bisect.bisect_left(seen, (version, -1.0))
    return seen[index][1] if index < len(seen) else None


class Human(asyncio.Protocol):
    """One simulated player on a bare WebSocket: says hello, then answers each question after a
    think time with a random legal decision, never sending a second before the first is answered."""

    def __init__(
        self,
        table: LoadTable,
        seat: int,
        url: str,
        token: str,
        think: tuple[float, float],
        rng: random.Random,
        totals: Totals,
    ) -> None:
        self.table, self.seat, self.token, self.think, self.rng, self.totals = table, seat, token, think, rng, totals
        self.url = urlparse(url)
        self.key = base64.b64encode(os.urandom(16))
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.fragments: list[bytes] = []
        self.open = False
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.version = -1
        self.legal: list[str] = []
        self.thinking: asyncio.TimerHandle | None = None
        self.sent_at: float | None = None
        """When the decision waiting for its answer was sent."""
        self.counter = 0

    # ---------------------------------------------------------------- the WebSocket

    def itself(self) -> Human:
        """The protocol factory ``create_connection`` takes."""
        return self

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # a TCP transport (uvloop's is not a subclass)
        host = f"{self.url.hostname}:{self.url.port}"
        self.transport.write(
            f"GET {self.url.path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {self.key.decode()}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )

    def connection_lost(self, exc: Exception | None) -> None:
        self.stop(None if self.open or exc is None else f"seat {self.seat} of {self.table.id}: {exc}")

    def stop(self, error: str | None = None) -> None:
        """Close the socket (``error``: why, if it is one)."""
        if self.thinking is not None:
            self.thinking.cancel()
        if error is not None:
            self.totals.errors.append(error)
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()
        if not self.done.done():
            self.done.set_result(None)

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()  # the arrival, before any parsing
        buffer = self.buffer
        buffer += data
        if not self.open:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(buffer[:end]).decode("latin-1")
            del buffer[: end + 4]
            accept = base64.b64encode(hashlib.sha1(self.key + WEBSOCKET_GUID).digest()).decode()
            if not head.startswith("HTTP/1.1 101") or accept not in head:
                self.stop(f"seat {self.seat}: no WebSocket: {head.splitlines()[0] if head else '(nothing)'}")
                return
            self.open = True
            self.send({"type": "hello", "token": self.token, "name": f"P{self.seat}"})
        while len(buffer) >= 2:
            first, second = buffer[0], buffer[1]
            length, start = second & 0x7F, 2
            if length == 126:
                length, start = int.from_bytes(buffer[2:4], "big"), 4
            elif length == 127:
                length, start = int.from_bytes(buffer[2:10], "big"), 10
            if len(buffer) < start + length:
                return  # the rest of the frame is still on its way
            payload = bytes(buffer[start : start + length])
            del buffer[: start + length]
            opcode = first & 0x0F
            if opcode in (0x0, 0x1):  # a text frame or its continuation
                self.fragments.append(payload)
                if first & 0x80:  # the message's last frame
                    message = b"".join(self.fragments)
                    self.fragments = []
                    self.received(orjson.loads(message), now)
            elif opcode == 0x9:  # ping: pong with the same data
                self.frame(0xA, payload)
            elif opcode == 0x8:  # close
                self.stop()
                return

    def frame(self, opcode: int, payload: bytes) -> None:
        """Send one masked frame (a client masks every frame, RFC 6455 5.3)."""
        if self.transport is None or self.transport.is_closing():
            return
        size = len(payload)
        if size < 126:
            header = bytes((0x80 | opcode, 0x80 | size))
        else:
            header = bytes((0x80 | opcode, 0x80 | 126)) + size.to_bytes(2, "big")
        mask = os.urandom(4)
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes((mask * (size // 4 + 1))[:size], "big")).to_bytes(
            size, "big"
        )
        self.transport.write(header + mask + masked)

    def send(self, message: dict[str, Any]) -> None:
        """Send a message as a text frame."""
        self.frame(0x1, orjson.dumps(message))

    # ---------------------------------------------------------------- the player

    def received(self, message: dict[str, Any], now: float) -> None:
        kind = message["type"]
        table, totals = self.table, self.totals
        if kind == "state":
            self.version, self.legal = message["version"], message["legal"]
            table.seen[self.seat].append((self.version, now))
            table.settle(totals)
            if message["status"] in ("over", "closed"):
                if self.seat == 0:
                    totals.over += 1
                self.stop()
                return
            self.maybe_think()
        elif kind == "accepted":
            if totals.measuring:
                totals.accepted += 1
            assert self.sent_at is not None
            table.pending.append((message["version"], self.sent_at))
            self.sent_at = None
            table.settle(totals)
            self.maybe_think()
        elif kind == "refused":
            totals.refused += 1
            self.sent_at = None
            self.maybe_think()
        elif kind == "error":
            self.stop(f"seat {self.seat} of {table.id}: {message['code']}: {message['message']}")

    def maybe_think(self) -> None:
        """Start thinking about the question asked now, unless already thinking or waiting."""
        if self.legal and self.sent_at is None and self.thinking is None:
            delay = self.rng.uniform(*self.think)
            self.thinking = asyncio.get_running_loop().call_later(delay, self.decide)

    def decide(self) -> None:
        """A decision among the legal ones of the latest state, sent with its version."""
        self.thinking = None
        if not self.legal or self.sent_at is not None:
            return
        self.counter += 1
        self.sent_at = time.perf_counter()
        self.send({"type": "decide", "seq": self.version, "decision": self.rng.choice(self.legal), "id": self.counter})


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop where it is installed (the clients then cost less CPU), else asyncio's."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def cpu_seconds(pids: list[int], *, loop_only: bool = False) -> float:
    """User + system CPU seconds of the server processes ``pids``, or of their event loops'
    threads (``loop_only``) (Linux)."""
    total = 0.0
    for pid in pids:
        stat = Path(f"/proc/{pid}/task/{pid}/stat" if loop_only else f"/proc/{pid}/stat")
        fields = stat.read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def run_queue_seconds(pids: list[int]) -> float:
    """Seconds the servers' loop threads spent runnable but waiting for a CPU (Linux schedstat):
    the share of the latency the machine's other work adds (summed over the processes)."""
    return sum(int(Path(f"/proc/{pid}/task/{pid}/schedstat").read_text().split()[1]) / 1e9 for pid in pids)


async def wait_ready(http: Http) -> None:
    """Wait until the server answers ``/healthz`` (it may still be starting)."""
    for _ in range(600):
        with contextlib.suppress(OSError, httpx.HTTPError):
            if (await http.call("GET", "/healthz")).status_code == 200:
                return
        await asyncio.sleep(0.1)
    raise TimeoutError("the server did not answer /healthz within a minute")


async def probe_lag(totals: Totals) -> None:
    """Tick every ``LAG_TICK`` seconds and note how late each tick ran: the time a message that
    arrived meanwhile waited for the clients' own loop."""
    loop = asyncio.get_running_loop()
    while True:
        planned = loop.time() + LAG_TICK
        await asyncio.sleep(LAG_TICK)
        if totals.measuring:
            totals.lags.append(loop.time() - planned)


async def timeline(totals: Totals, seconds: float, server_pid: list[int], every: float = 5.0) -> None:
    """Measure for ``seconds``, printing every ``every`` seconds the decisions timed meanwhile,
    their p50 and p99, and the server's CPU and wait for a CPU in that time (to see whether a
    stall was the server's work or the machine's other work)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    start = 0
    cpu = cpu_seconds(server_pid) if server_pid else 0.0
    waited = run_queue_seconds(server_pid) if server_pid else 0.0
    while (left := end - loop.time()) > 0:
        await asyncio.sleep(min(every, left))
        window = sorted(totals.latencies[start:])
        start += len(window)
        line = f"{len(window)} decisions, p50 {percentile(window, 0.5):.1f} ms, p99 {percentile(window, 0.99):.1f} ms"
        if server_pid:
            now_cpu, now_waited = cpu_seconds(server_pid), run_queue_seconds(server_pid)
            line += f"; server CPU {now_cpu - cpu:.2f} s, its loop waited for a CPU {now_waited - waited:.2f} s"
            cpu, waited = now_cpu, now_waited
        print(f"  {line}; load {os.getloadavg()[0]:.1f}", file=sys.stderr)


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile of sorted ``values``, in milliseconds."""
    return values[min(len(values) - 1, int(share * len(values)))] * 1000 if values else float("nan")


async def run(args: argparse.Namespace, bases: list[str], server_pid: list[int]) -> dict[str, Any]:
    """Play the tables. With several servers (``bases``: processes on one PostgreSQL and Redis),
    table i is created through server i and its two humans connect to servers i and i + 1: every
    decision reaches one of its seats through another process (the cross-process path)."""
    https = [Http(base) for base in bases]
    for one in https:
        await wait_ready(one)
    rng = random.Random(args.seed)
    seats = [{"kind": "human"}, {"kind": "human"}] + [{"kind": "legend"}] * 4
    created: list[dict[str, Any]] = []
    limit = asyncio.Semaphore(20)
    started = time.perf_counter()

    async def create(index: int) -> None:
        http = https[index % len(https)]
        async with limit:
            made = await http.create(seats=seats, track=args.track, seconds=args.clock, laps=args.laps)
            created.append(made | {"index": index})

    await asyncio.gather(*(create(index) for index in range(args.tables)))
    created.sort(key=lambda made: made["index"])
    for one in https:
        await one.close()
    print(f"created {len(created)} tables in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    loop = asyncio.get_running_loop()
    totals = Totals()
    humans: list[Human] = []
    for index, made in enumerate(created):
        table = LoadTable(made["table"])
        for seat in (0, 1):
            base = bases[(index + seat) % len(bases)].rstrip("/")
            socket = base.replace("http://", "ws://", 1) + "/ws/tables/" + made["table"]
            url = urlparse(socket)
            human = Human(
                table,
                seat,
                socket,
                made["seats"][seat]["token"],
                (args.think_min, args.think_max),
                random.Random(rng.random()),
                totals,
            )
            humans.append(human)
            await loop.create_connection(human.itself, url.hostname, url.port)
        if index % 50 == 49:
            await asyncio.sleep(0.05)  # connect gradually
    lag = asyncio.create_task(probe_lag(totals))
    await asyncio.sleep(args.warmup)
    cpu_before = cpu_seconds(server_pid) if server_pid else None
    main_before = cpu_seconds(server_pid, loop_only=True) if server_pid else None  # its event loop's thread
    waited_before = run_queue_seconds(server_pid) if server_pid else None
    client_before = time.process_time()
    totals.measuring = True
    begin = time.perf_counter()
    if args.timeline:
        await timeline(totals, args.seconds, server_pid)
    else:
        await asyncio.sleep(args.seconds)
    totals.measuring = False
    elapsed = time.perf_counter() - begin
    cpu = cpu_seconds(server_pid) - cpu_before if server_pid and cpu_before is not None else None
    main = cpu_seconds(server_pid, loop_only=True) - main_before if server_pid and main_before is not None else None
    waited = run_queue_seconds(server_pid) - waited_before if server_pid and waited_before is not None else None
    client_cpu = time.process_time() - client_before
    lag.cancel()
    for human in humans:
        human.stop()
    conflicts = 0  # changes that lost to another process's at the database (several processes)
    async with httpx.AsyncClient(timeout=10) as metrics:
        for base in bases:
            with contextlib.suppress(httpx.HTTPError):
                found = re.search(
                    r"^heat_commit_conflicts_total (\S+)$",
                    (await metrics.get(f"{base.rstrip('/')}/metrics")).text,
                    re.M,
                )
                conflicts += int(float(found.group(1))) if found else 0
    latencies = sorted(totals.latencies)
    lags = sorted(totals.lags)
    if totals.errors:
        print(f"{len(totals.errors)} sockets failed, the first: {totals.errors[0]}", file=sys.stderr)
    return {
        "tables": args.tables,
        "processes": len(bases),
        "commit_conflicts": conflicts,
        "database": "postgresql + redis" if args.postgres else "sqlite",
        "seconds": round(elapsed, 1),
        "decisions_accepted": totals.accepted,
        "decisions_per_second": round(totals.accepted / elapsed, 1),
        "refused": totals.refused,
        "latency_ms": {
            "p50": round(percentile(latencies, 0.5), 1),
            "p90": round(percentile(latencies, 0.9), 1),
            "p99": round(percentile(latencies, 0.99), 1),
            "max": round(latencies[-1] * 1000, 1) if latencies else None,
        },
        "measured": len(latencies),
        "client_loop_lag_ms": {
            "p50": round(percentile(lags, 0.5), 1),
            "p99": round(percentile(lags, 0.99), 1),
            "max": round(lags[-1] * 1000, 1) if lags else None,
        },
        "races_over": totals.over,
        "socket_errors": len(totals.errors),
        "server_cpu_percent": round(100 * cpu / elapsed, 1) if cpu is not None else None,
        "server_cpu_ms_per_decision": round(1000 * cpu / totals.accepted, 2) if cpu and totals.accepted else None,
        "loop_cpu_ms_per_decision": round(1000 * main / totals.accepted, 2) if main and totals.accepted else None,
        "loop_waited_for_cpu_percent": round(100 * waited / elapsed, 1) if waited is not None else None,
        "client_cpu_percent": round(100 * client_cpu / elapsed, 1),
        "load_average": os.getloadavg()[0],
        "think_seconds": [args.think_min, args.think_max],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0, help="measurement time")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds of play before measuring")
    parser.add_argument("--think-min", type=float, default=1.0)
    parser.add_argument("--think-max", type=float, default=5.0)
    parser.add_argument("--track", default="usa")
    parser.add_argument("--laps", type=int, default=None)
    parser.add_argument("--clock", type=int, default=600, help="seconds per decision on the tables")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", help="a running server on a loopback address (default: start one)")
    parser.add_argument("--no-fsync", action="store_true", help="start the server with --no-fsync")
    parser.add_argument("--timeout", type=float, default=900.0, help="give up after this many seconds in all")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--postgres", action="store_true", help="start PostgreSQL and Redis (in a temporary folder) for the servers"
    )
    parser.add_argument("--processes", type=int, default=1, help="server processes (2 or more: with --postgres)")
    parser.add_argument("--timeline", action="store_true", help="print figures every 5 s of measurement too")
    args = parser.parse_args()
    if not 1 <= args.tables <= 5000:
        parser.error("--tables must be 1 to 5000")
    if not 1 <= args.seconds <= 600:
        parser.error("--seconds must be 1 to 600")
    if not 1 <= args.processes <= 8:
        parser.error("--processes must be 1 to 8")
    if args.processes > 1 and not args.postgres:
        parser.error("--processes 2 or more share a database: add --postgres")
    if args.url and args.postgres:
        parser.error("--url and --postgres: give one or the other")
    servers: list[HeatServe] = []
    services: list[Any] = []
    folder = tempfile.TemporaryDirectory(prefix="heat-load-")
    try:
        if args.url:
            if urlparse(args.url).hostname not in LOOPBACK:
                parser.error("--url must be a loopback address (127.0.0.1, localhost, ::1)")
            bases, pids = [args.url], list[int]()
        else:
            database = [str(Path(folder.name) / "load.db")] + (["--no-fsync"] if args.no_fsync else [])
            if args.postgres:
                database = postgres_and_redis(services, fsync=not args.no_fsync)
            bases, pids = [], list[int]()
            for _ in range(args.processes):
                server = HeatServe(database[0], *database[1:])
                servers.append(server)
                try:
                    server.start()
                except RuntimeError as error:
                    print(error, file=sys.stderr)
                    return 1
                bases.append(server.base + "/")
                pids.append(server.pid)
        with asyncio.Runner(loop_factory=loop_factory()) as runner:
            result = runner.run(asyncio.wait_for(run(args, bases, pids), args.timeout))
    finally:
        for server in servers:
            if server.process is not None:
                server.stop()
        for service in services:
            service.stop()
        folder.cleanup()
    if args.json:
        print(json.dumps(result))
    else:
        lat, lag = result["latency_ms"], result["client_loop_lag_ms"]
        print(
            f"{result['tables']} tables on {result['processes']} {result['database']} server process"
            f"{'es' if result['processes'] > 1 else ''}, "
            f"{result['seconds']} s measured: {result['decisions_per_second']} decisions/s "
            f"accepted ({result['decisions_accepted']}), latency to every seat p50 {lat['p50']} ms, "
            f"p90 {lat['p90']} ms, p99 {lat['p99']} ms, max {lat['max']} ms ({result['measured']} decisions); "
            f"clients' loop late p99 {lag['p99']} ms, max {lag['max']} ms; "
            f"server CPU {result['server_cpu_percent']}% ({result['server_cpu_ms_per_decision']} ms a decision, "
            f"{result['loop_cpu_ms_per_decision']} ms in its event loop, which waited for a CPU "
            f"{result['loop_waited_for_cpu_percent']}% of the time), "
            f"clients {result['client_cpu_percent']}%, {result['commit_conflicts']} commits lost to another process, "
            f"load average {result['load_average']:.1f}; think {args.think_min}-{args.think_max} s"
        )
    return 0


def postgres_and_redis(services: list[Any], *, fsync: bool) -> list[str]:
    """Start PostgreSQL and Redis in temporary folders (stopped by the caller); migrate a new
    database; the ``heat serve`` options that use them."""
    from heat.server.store import migrate_url

    postgres = Postgres(fsync=fsync)
    services.append(postgres)
    postgres.start()
    redis = Redis()
    services.append(redis)
    redis.start()
    url = postgres.create("load")
    migrate_url(url)
    print(f"PostgreSQL on port {postgres.port}, Redis on port {redis.port} (loopback)", file=sys.stderr)
    return [url, "--redis", redis.url]


if __name__ == "__main__":
    sys.exit(main())
