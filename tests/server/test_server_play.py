"""End to end: a real ``heat serve`` process, real WebSocket clients."""

from __future__ import annotations

import asyncio
import json
import random
import signal

import httpx
import pytest
from play import HUMANS_AND_LEGENDS, check_messages, drive, join_all, new_table, play_to_the_end, run, settle
from websockets.asyncio.client import connect

from heat.engine import replay
from heat.server.client import Http, Seat


def test_two_humans_and_two_bots_race_to_the_end_watched_by_a_spectator(server):
    async def body():
        http = Http(server.base)
        seats = [
            {"kind": "human"},
            {"kind": "human"},
            {"kind": "bot", "level": "club"},
            {"kind": "bot", "level": "pro"},
        ]
        made = await new_table(http, seats=seats, practice=True, listed=True, title="Friday")
        lobby = (await http.call("GET", "/api/tables")).json()["tables"]
        assert made["table"] in [t["table"] for t in lobby]
        spectator = await Seat.open(made["socket"])
        players = await join_all(made)
        assert players[0].state["status"] == "playing"
        early = await http.call("GET", f"/api/tables/{made['table']}/record")
        assert early.status_code == 409 and "seed" in early.json()["message"]
        decisions = await play_to_the_end(players)
        await spectator.until(lambda m: m["type"] == "state" and m["status"] == "over")
        assert decisions > 10
        result = players[0].state["result"]
        assert sorted(result["standings"]) == [0, 1, 2, 3]
        record = (await http.call("GET", f"/api/tables/{made['table']}/record")).json()
        assert replay(record).standings() == result["standings"]
        assert any(entry["seat"] == 2 for entry in record["decisions"])  # the bots played
        assert [s["kind"] for s in record["players"]["seats"]] == ["human", "human", "bot", "bot"]
        for seat in (*players, spectator):
            check_messages(seat.received)
        for car in spectator.state["view"]["cars"]:
            assert car["hand"] is None and car["deck_cards"] is None
        assert spectator.events == players[0].events or len(spectator.events) == len(players[0].events)
        finished = (await http.call("GET", "/api/tables?status=over&all=1")).json()["tables"]
        assert made["table"] in [t["table"] for t in finished]
        await http.close()

    run(body())


def test_a_player_reconnects_mid_race_and_finds_everything_as_it_was(server):
    async def body():
        http = Http(server.base)
        made = await new_table(http, practice=True)
        a, b = await join_all(made)
        rng = random.Random(3)
        for _ in range(6):
            mover = a if a.legal else b
            answer = await mover.decide(rng.choice(mover.legal))
            assert answer["type"] == "accepted"
            await settle([a, b], 0.2)
        before = a.state
        await a.close()
        again = await Seat.open(made["socket"], made["seats"][0]["token"])  # no name: already seated
        assert again.state["full"] and again.state["version"] >= before["version"]
        assert again.state["view"]["cars"][0]["hand"] == before["view"]["cars"][0]["hand"]
        assert again.events == a.events
        assert (await Seat.open(made["socket"], made["seats"][1]["token"], "Bee")).state["seats"][1]["connected"]
        await play_to_the_end([again, b])
        check_messages(again.received)
        await http.close()

    run(body())


def test_a_take_back_over_the_socket(server):
    async def body():
        http = Http(server.base)
        made = await new_table(http)
        a, b = await join_all(made)
        plan = a.legal[0]
        assert (await a.decide(plan))["type"] == "accepted"
        await settle([a, b], 0.2)
        assert a.state["can_undo"] and not a.legal
        await a.send(type="undo", seq=a.version)
        answer = await a.until(lambda m: m["type"] in ("accepted", "refused"))
        assert answer["type"] == "accepted"
        await settle([a, b], 0.2)
        assert a.legal and not a.state["can_undo"]
        assert any("takes back" in n["text"] for n in b.notices)
        await a.send(type="undo", seq=a.version)
        refused = await a.until(lambda m: m["type"] in ("accepted", "refused"))
        assert refused["type"] == "refused" and refused["code"] == "no_undo"
        await http.close()

    run(body())


def test_the_clock_runs_out_and_the_stand_in_drives_until_the_player_is_back(server):
    async def body():
        http = Http(server.base)
        made = await new_table(http, seats=[{"kind": "human"}, {"kind": "legend"}], seconds=1)
        (a,) = await join_all(made)
        start = a.version
        notice = await a.until(
            lambda m: m["type"] == "state" and any("ran out of time" in n["text"] for n in a.notices)
        )
        assert 0 in notice["standins"]
        await a.until(lambda m: m["type"] == "state" and m["version"] > start + 2)  # the stand-in decides
        await a.send(type="back")
        await a.until(lambda m: m["type"] == "state" and 0 not in m["standins"])
        assert any("is back" in n["text"] for n in a.notices)
        await http.close()

    run(body())


def test_a_player_who_leaves_is_replaced_by_the_stand_in_and_comes_back(server):
    async def body():
        http = Http(server.base)
        made = await new_table(http)
        a, b = await join_all(made)
        await a.close()  # the server's away grace is 1 s in these tests
        await b.until(lambda m: m["type"] == "state" and any("left the table" in n["text"] for n in b.notices))
        assert not b.state["seats"][0]["connected"]
        again = await Seat.open(made["socket"], made["seats"][0]["token"])
        await settle([again, b], 0.3)
        assert 0 not in b.state["standins"] and any("is back" in n["text"] for n in b.notices)
        await http.close()

    run(body())


def test_a_rematch_opens_a_new_table_with_the_same_seats(server):
    async def body():
        http = Http(server.base)
        made = await new_table(http, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "legend"}], practice=True)
        a, b = await join_all(made)
        await play_to_the_end([a, b])
        early = await http.call("POST", f"/api/tables/{made['table']}/rematch", "not-a-token")
        assert early.status_code == 403
        response = await http.call("POST", f"/api/tables/{made['table']}/rematch", made["seats"][1]["token"])
        assert response.status_code == 200
        new_id = response.json()["table"]
        same = await http.call("POST", f"/api/tables/{made['table']}/rematch", made["admin_token"])
        assert same.json()["table"] == new_id
        await a.until(lambda m: m["type"] == "rematch" and m["table"] == new_id)
        socket = made["socket"].rsplit("/", 1)[0] + "/" + new_id
        a2 = await Seat.open(socket, made["seats"][0]["token"], "P0")
        b2 = await Seat.open(socket, made["seats"][1]["token"], "P1")
        await settle([a2, b2], 0.3)
        assert a2.state["status"] == "playing" and [s["name"] for s in a2.state["seats"][:2]] == ["P0", "P1"]
        info = (await http.call("GET", f"/api/tables/{new_id}")).json()
        assert info["rematch_of"] == made["table"]
        await http.close()

    run(body())


def test_a_championship_table_plays_two_races_with_the_scorepad(server):
    async def body():
        http = Http(server.base)
        seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "legend"}]
        made = await new_table(http, mode="championship", season="1961", seats=seats)
        (a,) = await join_all(made)
        assert a.state["season"]["phase"] == "build"
        epochs = {a.state["epoch"]}

        def two_races() -> bool:
            epochs.add(a.state.get("epoch"))
            season = a.state.get("season") or {}
            return len(season.get("results", [])) >= 2

        await drive(a, random.Random(2), stop=two_races)
        assert len(a.state["season"]["results"]) == 2
        assert len(epochs) >= 2
        totals = a.state["season"]["totals"]
        assert sum(totals) > 0
        early = await http.call("GET", f"/api/tables/{made['table']}/record?race=1")
        assert early.status_code == 409  # a race's seed would tell the next races: not before the end
        check_messages(a.received)
        await http.close()

    run(body())


def test_kill_9_mid_race_loses_nothing_and_the_table_goes_on(own_server):
    async def body():
        own_server.start()
        http = Http(own_server.base)
        made = await new_table(http, seconds=600, practice=True)
        a, b = await join_all(made)
        rng = random.Random(8)
        accepted = 0
        while accepted < 12:
            mover = a if a.legal else b
            answer = await mover.decide(rng.choice(mover.legal))
            assert answer["type"] == "accepted", answer
            accepted = answer["version"]
            await settle([a, b], 0.1)
        before_a, before_b = a.state, b.state
        await http.close()
        own_server.kill9()
        own_server.start()
        http = Http(own_server.base)
        socket = own_server.base.replace("http://", "ws://") + "/ws/tables/" + made["table"]  # a new port
        a2 = await Seat.open(socket, made["seats"][0]["token"])
        b2 = await Seat.open(socket, made["seats"][1]["token"])
        await settle([a2, b2], 0.3)
        assert a2.version >= accepted
        assert a2.state["view"] == before_a["view"] and b2.state["view"] == before_b["view"]
        for seat, deadline in before_a["clocks"].items():
            assert a2.state["clocks"][seat] == pytest.approx(deadline)  # the clocks persist
        assert a2.events == a.events
        await play_to_the_end([a2, b2])
        assert a2.state["status"] == "over"
        await http.close()

    run(body())


def test_ctrl_c_stops_the_server_cleanly_and_tells_the_clients(own_server):
    own_server.start()
    process = own_server.process
    assert process is not None and process.stdout is not None

    async def body() -> int | None:
        http = Http(own_server.base)
        made = await new_table(http)
        await http.close()
        watcher = await Seat.open(made["socket"])
        process.send_signal(signal.SIGINT)
        await watcher.socket.wait_closed()
        return watcher.socket.close_code

    assert run(body()) in (1001, 1012)  # going away, or uvicorn's service restart: come back soon
    assert process.wait(30) == 0
    assert "stopped" in process.stdout.read()


def test_health_metrics_and_the_home_page(server):
    assert httpx.get(f"{server.base}/healthz").json()["status"] == "ok"
    metrics = httpx.get(f"{server.base}/metrics").text
    for name in ("heat_tables_open", "heat_decisions_total", "heat_decision_latency_seconds", "heat_connected_clients"):
        assert name in metrics
    assert "Heat" in httpx.get(f"{server.base}/").text  # the browser board's page


def test_bad_table_requests_get_a_clear_error(server):
    cases = [
        ({"seats": []}, "seats"),
        ({"seats": [{"kind": "wizard"}]}, "kind"),
        ({"seats": HUMANS_AND_LEGENDS, "track": "mars"}, "mars"),
        ({"seats": HUMANS_AND_LEGENDS, "pro_legends": 20}, "pro_legends"),
        ({"seats": HUMANS_AND_LEGENDS, "position": {"cars": []}}, None),
    ]
    for body, word in cases:
        response = httpx.post(f"{server.base}/api/tables", json=body)
        assert response.status_code == 400, body
        if word:
            assert word in response.json()["message"]
    broken = httpx.post(f"{server.base}/api/tables", content=b"{nope", headers={"content-type": "application/json"})
    assert broken.status_code == 400 and "JSON" in broken.json()["message"]
    assert httpx.get(f"{server.base}/api/tables/nosuchtable").status_code == 404


def test_the_creator_starts_early_frees_a_seat_and_closes_the_table(server):
    async def body():
        http = Http(server.base)
        made = await new_table(http, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "legend"}])
        table = made["table"]
        a = await Seat.open(made["socket"], made["seats"][0]["token"], "Ann")
        assert (await http.call("POST", f"/api/tables/{table}/start", made["seats"][0]["token"])).status_code == 403
        started = await http.call("POST", f"/api/tables/{table}/start", made["admin_token"])
        assert started.status_code == 200 and started.json()["seats"][1]["kind"] == "bot"
        freed = await http.call("POST", f"/api/tables/{table}/free", made["admin_token"], seat=0)
        assert freed.status_code == 200
        await a.until(lambda m: m["type"] == "error" and m["code"] == "removed")
        with pytest.raises(ConnectionError, match="unauthorized"):
            await Seat.open(made["socket"], made["seats"][0]["token"], "Ann")
        newcomer = await Seat.open(made["socket"], freed.json()["token"], "Dee")
        await settle([newcomer], 0.3)
        assert newcomer.state["seats"][0]["name"] == "Dee"
        closed = await http.call("POST", f"/api/tables/{table}/close", made["admin_token"])
        assert closed.json()["status"] == "closed"
        await newcomer.until(lambda m: m["type"] == "state" and m["status"] == "closed")
        await http.close()

    run(body())


def test_bad_messages_get_clear_errors_and_change_nothing(server):
    async def body():
        http = Http(server.base)
        made = await new_table(http)
        other = await new_table(http)
        a, b = await join_all(made)
        version = a.version

        async def answer(raw: str) -> dict:
            await a.socket.send(raw)
            return await a.until(lambda m: m["type"] in ("error", "refused", "pong"))

        assert (await answer("{not json"))["code"] == "bad_json"
        assert (await answer("[1, 2]"))["code"] == "bad_message"
        assert (await answer(json.dumps({"type": "teleport"})))["code"] == "unknown_type"
        assert (await answer(json.dumps({"type": "decide", "seq": "x", "decision": 3})))["code"] == "bad_message"
        assert (await answer(json.dumps({"type": "decide", "seq": 0, "decision": "x" * 30_000})))["code"] == "too_big"
        assert (await answer(json.dumps({"type": "ping", "id": 1})))["type"] == "pong"  # still usable
        await settle([a, b], 0.2)
        assert a.version == version
        # out of turn: Red has committed its plan and sends another
        assert (await a.decide(a.legal[0]))["type"] == "accepted"
        await settle([a, b], 0.2)
        refused = await a.decide("gear 1 play 1")
        assert refused["type"] == "refused" and refused["code"] == "illegal"
        assert "already committed" in refused["message"]
        # a spectator cannot decide
        spectator = await Seat.open(made["socket"])
        await spectator.send(type="decide", seq=0, decision="gear 1 play 1")
        assert (await spectator.until(lambda m: m["type"] == "error"))["code"] == "unauthorized"
        # a wrong token, and another table's token
        with pytest.raises(ConnectionError, match="unauthorized"):
            await Seat.open(made["socket"], "x" * 43, "Eve")
        with pytest.raises(ConnectionError, match="unauthorized"):
            await Seat.open(made["socket"], other["seats"][0]["token"], "Eve")
        # hello must come first
        raw = await connect(made["socket"])
        await raw.send(json.dumps({"type": "sync"}))
        assert json.loads(await raw.recv())["code"] == "hello_first"
        # a flood is rate-limited and the table does not change
        before = a.version
        for _ in range(100):
            await a.socket.send(json.dumps({"type": "ping"}))
        limited = await a.until(lambda m: m["type"] == "error" and m["code"] == "rate_limited")
        assert "too many messages" in limited["message"]
        await asyncio.sleep(2.5)
        await settle([a], 0.2)
        assert (await answer(json.dumps({"type": "ping", "id": 2})))["type"] == "pong"
        assert a.version == before
        check_messages(a.received)
        await http.close()

    run(body())


def test_a_message_past_the_hard_limit_closes_the_socket(server):
    async def body():
        http = Http(server.base)
        made = await new_table(http)
        a = await Seat.open(made["socket"], made["seats"][0]["token"], "Ann")
        await a.socket.send("x" * 2_000_000)
        await a.socket.wait_closed()
        assert a.socket.close_code == 1009  # message too big
        await http.close()

    run(body())
