"""Load benchmark of ``heat serve``: N concurrent tables of 2 simulated humans and 4 Legends.

Starts a server on a free loopback port with a fresh SQLite database in a temporary folder (or
uses ``--url``, which must be a loopback address), creates the tables over HTTP, connects two
WebSocket clients per table, and lets every human answer after a random think time with a random
legal decision. After a warm-up it measures for ``--seconds`` and prints the accepted decisions
per second and the latency from a decision sent to the resulting update received by *every*
seat of its table (p50, p90, p99, max), and the server's CPU use. Bounded: it stops after
``--seconds`` of measurement (and at most ``--timeout`` seconds in all) and sends nothing but to
the loopback address.

    .venv/bin/python benchmarks/serve_load.py --tables 1000 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from heat.server.client import Http

LOOPBACK = ("127.0.0.1", "localhost", "::1")


@dataclass
class LoadTable:
    """One table's two clients and what they saw."""

    id: str
    seen: list[list[tuple[int, float]]] = field(default_factory=lambda: [[], []])
    """Per seat: (version, time received) of every state, in order."""
    pending: list[tuple[int, float]] = field(default_factory=list)
    """Decisions accepted, not yet seen by both seats: (version, time sent)."""


@dataclass
class Totals:
    measuring: bool = False
    accepted: int = 0
    refused: int = 0
    latencies: list[float] = field(default_factory=list)
    over: int = 0


def reached(seen: list[tuple[int, float]], version: int) -> float | None:
    """When a seat first received a state at ``version`` or later."""
    index = bisect.bisect_left(seen, (version, -1.0))
    return seen[index][1] if index < len(seen) else None


def settle(table: LoadTable, totals: Totals) -> None:
    """Record the latency of each decision both seats have now seen."""
    keep = []
    for version, sent in table.pending:
        times = [reached(seat, version) for seat in table.seen]
        if all(t is not None for t in times):
            if totals.measuring:
                totals.latencies.append(max(t for t in times if t is not None) - sent)
        else:
            keep.append((version, sent))
    table.pending = keep


async def human(
    url: str, table: LoadTable, seat: int, token: str, think: tuple[float, float], rng: random.Random, totals: Totals
) -> None:
    """One simulated player: answers each question after a think time, until the race ends."""
    socket: ClientConnection = await connect(url, max_size=None, open_timeout=120)
    try:
        await socket.send(json.dumps({"type": "hello", "token": token, "name": f"P{seat}"}))
        state: dict[str, Any] = {}
        thinking: asyncio.Task[None] | None = None
        sent_at: dict[int, float] = {}
        counter = 0

        async def decide(version: int, legal: list[str]) -> None:
            nonlocal counter
            await asyncio.sleep(rng.uniform(*think))
            if sent_at:  # a decision is still unanswered: a person waits for it
                return
            counter += 1
            sent_at[counter] = time.perf_counter()
            message = {"type": "decide", "seq": version, "decision": rng.choice(legal), "id": counter}
            with contextlib.suppress(ConnectionClosed):
                await socket.send(json.dumps(message))

        async for raw in socket:
            now = time.perf_counter()
            message = orjson.loads(raw)
            kind = message["type"]
            if kind == "state":
                state = message
                table.seen[seat].append((message["version"], now))
                settle(table, totals)
                if state["status"] in ("over", "closed"):
                    if seat == 0:
                        totals.over += 1
                    return
                if state["legal"] and not sent_at and (thinking is None or thinking.done()):
                    thinking = asyncio.create_task(decide(state["version"], state["legal"]))
            elif kind == "accepted":
                if totals.measuring:
                    totals.accepted += 1
                table.pending.append((message["version"], sent_at.pop(message["id"])))
                settle(table, totals)
                if state.get("version", -1) >= message["version"] and state["legal"]:
                    thinking = asyncio.create_task(decide(state["version"], state["legal"]))
            elif kind == "refused":
                totals.refused += 1
                sent_at.pop(message["id"], None)
                if state.get("legal") and (thinking is None or thinking.done()):
                    thinking = asyncio.create_task(decide(message["version"], state["legal"]))
    finally:
        await socket.close()


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def wait_ready(http: Http) -> None:
    """Wait until the server answers ``/healthz`` (it may still be starting)."""
    for _ in range(600):
        with contextlib.suppress(OSError, httpx.HTTPError):
            if (await http.call("GET", "/healthz")).status_code == 200:
                return
        await asyncio.sleep(0.1)
    raise TimeoutError("the server did not answer /healthz within a minute")


async def run(args: argparse.Namespace, base: str, server_pid: int | None) -> dict[str, Any]:
    http = Http(base)
    await wait_ready(http)
    rng = random.Random(args.seed)
    seats = [{"kind": "human"}, {"kind": "human"}] + [{"kind": "legend"}] * 4
    created: list[dict[str, Any]] = []
    limit = asyncio.Semaphore(20)
    started = time.perf_counter()

    async def create() -> None:
        async with limit:
            created.append(await http.create(seats=seats, track=args.track, seconds=args.clock, laps=args.laps))

    await asyncio.gather(*(create() for _ in range(args.tables)))
    await http.close()
    print(f"created {len(created)} tables in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    totals = Totals()
    tasks: list[asyncio.Task[None]] = []
    for index, made in enumerate(created):
        table = LoadTable(made["table"])
        for seat in (0, 1):
            player = human(
                made["socket"],
                table,
                seat,
                made["seats"][seat]["token"],
                (args.think_min, args.think_max),
                random.Random(rng.random()),
                totals,
            )
            tasks.append(asyncio.create_task(player))
        if index % 50 == 49:
            await asyncio.sleep(0.05)  # connect gradually
    await asyncio.sleep(args.warmup)
    cpu_before = cpu_seconds(server_pid) if server_pid else None
    client_before = time.process_time()
    totals.measuring = True
    begin = time.perf_counter()
    await asyncio.sleep(args.seconds)
    totals.measuring = False
    elapsed = time.perf_counter() - begin
    cpu = cpu_seconds(server_pid) - cpu_before if server_pid and cpu_before is not None else None
    client_cpu = time.process_time() - client_before
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    latencies = sorted(totals.latencies)

    def pct(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000 if latencies else float("nan")

    return {
        "tables": args.tables,
        "seconds": round(elapsed, 1),
        "decisions_accepted": totals.accepted,
        "decisions_per_second": round(totals.accepted / elapsed, 1),
        "refused": totals.refused,
        "latency_ms": {
            "p50": round(pct(0.5), 1),
            "p90": round(pct(0.9), 1),
            "p99": round(pct(0.99), 1),
            "max": round(latencies[-1] * 1000, 1) if latencies else None,
        },
        "measured": len(latencies),
        "races_over": totals.over,
        "server_cpu_percent": round(100 * cpu / elapsed, 1) if cpu is not None else None,
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
    args = parser.parse_args()
    if not 1 <= args.tables <= 5000:
        parser.error("--tables must be 1 to 5000")
    if not 1 <= args.seconds <= 600:
        parser.error("--seconds must be 1 to 600")
    server = None
    folder = tempfile.TemporaryDirectory(prefix="heat-load-")
    try:
        if args.url:
            if urlparse(args.url).hostname not in LOOPBACK:
                parser.error("--url must be a loopback address (127.0.0.1, localhost, ::1)")
            base, pid = args.url, None
        else:
            command = [sys.executable, "-m", "heat.cli.main", "serve", "--port", "0"]
            command += ["--db", str(Path(folder.name) / "load.db")] + (["--no-fsync"] if args.no_fsync else [])
            server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
            assert server.stdout is not None
            line = server.stdout.readline()
            found = re.search(r"http://\S+/", line)
            if found is None:
                print(f"the server did not start: {line}", file=sys.stderr)
                return 1
            base, pid = found.group(0), server.pid
        result = asyncio.run(asyncio.wait_for(run(args, base, pid), args.timeout))
    finally:
        if server is not None:
            server.terminate()
            server.wait(30)
        folder.cleanup()
    if args.json:
        print(json.dumps(result))
    else:
        lat = result["latency_ms"]
        print(
            f"{result['tables']} tables, {result['seconds']} s measured: {result['decisions_per_second']} decisions/s "
            f"accepted ({result['decisions_accepted']}), latency to every seat p50 {lat['p50']} ms, "
            f"p90 {lat['p90']} ms, p99 {lat['p99']} ms, max {lat['max']} ms ({result['measured']} decisions); "
            f"server CPU {result['server_cpu_percent']}%, clients {result['client_cpu_percent']}%, "
            f"load average {result['load_average']:.1f}; think {args.think_min}-{args.think_max} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
