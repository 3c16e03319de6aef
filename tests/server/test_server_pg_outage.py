"""PostgreSQL stopped mid-race under a process on it (issue 31): nothing is applied that is not
stored, the clients are told and come back once it is back, and the race goes on."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from play import settle
from server_process import ClusterServer
from websockets.exceptions import ConnectionClosed

from heat.server.client import Seat


@pytest.fixture
def own_postgres(services_installed):
    from services import Postgres

    server = Postgres().start()
    yield server
    server.stop()


def test_a_decision_while_postgres_is_down_is_refused_and_the_race_goes_on_after(
    tmp_path: Path, own_postgres, redis_server
):
    url = own_postgres.create("outage")
    subprocess.run([sys.executable, "-m", "heat.cli.main", "serve", "--db", url, "--migrate"], check=True)
    server = ClusterServer(tmp_path, url, redis_server.url)
    server.start()

    async def body() -> None:
        from heat.server.client import Http

        http = Http(server.base)
        made = await http.create(seats=[{"kind": "human"}, {"kind": "legend"}], seconds=3600)
        await http.close()
        socket = server.base.replace("http://", "ws://") + "/ws/tables/" + made["table"]
        token = made["seats"][0]["token"]
        seat = await Seat.open(socket, token, "Ann")
        await settle([seat])
        assert (await seat.decide(seat.legal[0]))["type"] == "accepted"
        await settle([seat])
        stored = seat.version
        own_postgres.stop(remove=False)
        answer = await seat.decide(seat.legal[0])
        assert answer["type"] == "error" and answer["code"] == "store_failed"
        with pytest.raises(ConnectionClosed):
            await seat.until(lambda m: False, 10)
        assert seat.socket.close_code == 1012  # come back soon
        with pytest.raises(ConnectionError, match="unavailable"):
            await Seat.open(socket, token)
        own_postgres.start()
        for _ in range(50):  # the client retries
            try:
                seat = await Seat.open(socket, token)
                break
            except ConnectionError:
                await asyncio.sleep(0.2)
        await settle([seat])
        assert seat.version == stored  # the refused decision was not applied
        assert (await seat.decide(seat.legal[0]))["type"] == "accepted"

    try:
        asyncio.run(asyncio.wait_for(body(), 120))
    finally:
        server.stop()
    assert "Traceback" not in server.log.read_text()
