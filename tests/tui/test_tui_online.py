"""The online seat's pieces that need no server: the invitation link, the view read back from
the server's JSON, the state kept from the server's updates, the clock, the options of
``heat play --join``. (Playing through a real server: tests/server/test_server_join_tui.py.)"""

from __future__ import annotations

import json
import random

import pytest

from heat.cli.main import main
from heat.engine import Race, view_of
from heat.server.payloads import event_json, plain
from heat.tui import launch
from heat.tui.online.app import clock_text
from heat.tui.online.link import JoinError, parse_link
from heat.tui.online.remote import OutOfStep, RemoteTable
from heat.tui.online.wire import view_from_json
from heat.tui.widgets.race_log import log_line
from test_random_races import make_config, random_config

TOKEN = "y-NynOxuDVpIAu6ZJsLA7rOt28-vVuBOl33ZGi_SKBY"


def test_an_invitation_link_gives_the_server_the_table_and_the_token() -> None:
    link = parse_link(f"  http://127.0.0.1:8000/t/kSR_5MBD#{TOKEN}\n")
    assert (link.base, link.table, link.token) == ("http://127.0.0.1:8000", "kSR_5MBD", TOKEN)
    assert link.socket == "ws://127.0.0.1:8000/ws/tables/kSR_5MBD"
    assert link.page == "http://127.0.0.1:8000/t/kSR_5MBD"
    secure = parse_link(f"https://heat.example/games/t/abc/#{TOKEN}")
    assert secure.socket == "wss://heat.example/games/ws/tables/abc"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "expected an invitation link"),
        ("127.0.0.1:8000/t/abc#" + TOKEN, "expected an invitation link"),
        ("ftp://host/t/abc#" + TOKEN, "expected an invitation link"),
        ("http://host:port/t/abc#" + TOKEN, "port is not a number"),
        ("http://host/tables/abc#" + TOKEN, "names no table"),
        ("http://host/t/abc", "spectator link"),
        ("http://host/t/abc#admin=" + TOKEN, "admin link"),
        ("http://host/t/abc#short", "not a seat's token"),
    ],
)
def test_a_bad_link_is_refused_saying_why_without_quoting_the_token(text: str, words: str) -> None:
    with pytest.raises(JoinError, match=words) as refused:
        parse_link(text)
    assert TOKEN not in str(refused.value)


def _wire(value: object) -> object:
    """``value`` as it crosses the socket."""
    return json.loads(json.dumps(plain(value)))


@pytest.mark.parametrize("seed", range(6))
def test_a_view_read_back_from_the_servers_json_is_the_engines_view(seed: int) -> None:
    """Every view of random races with every module (draft, weather, Legends, Sponsors...), at
    every step, for every seat and a spectator, is read back exactly: so the screens and the
    previews see online what they see locally."""
    rng = random.Random(seed)
    race = Race(random_config(seed) if seed % 2 else make_config("usa", 4, seed, 1, "all"))
    for _ in range(400):
        for seat in (*range(len(race.cars)), None):
            view = view_of(race, seat)
            assert view_from_json(_wire(view)) == view
        if race.is_over:
            break
        seat = race.to_decide()[0]
        race.apply(seat, rng.choice(race.legal_decisions(seat)))


def test_a_view_the_client_cannot_read_is_a_clear_error() -> None:
    race = Race(make_config("usa", 2, 1, 1, "base"))
    data = _wire(view_of(race, 0))
    assert isinstance(data, dict)
    del data["cars"][1]["engine"]
    with pytest.raises(JoinError, match=r"cannot read \(view.cars.engine|has no engine"):
        view_from_json(data)
    with pytest.raises(JoinError, match="not an object"):
        view_from_json([1, 2])


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("gear", "3", r"view.cars.gear is not int"),
        ("gear", True, r"view.cars.gear is not int"),
        ("legend", 0, r"view.cars.legend is not bool"),
        ("name", 7, r"view.cars.name is not str"),
        ("upgrades", "x", r"view.cars.upgrades is not a list"),
        ("hand", [1], r"view.cars.hand is not str"),
    ],
)
def test_a_view_value_of_the_wrong_type_is_a_clear_error(field: str, value: object, words: str) -> None:
    """Not a TypeError from the compiled engine's classes, nor a wrong value in the pure ones."""
    race = Race(make_config("usa", 2, 1, 1, "base"))
    data = _wire(view_of(race, 0))
    assert isinstance(data, dict)
    data["cars"][0][field] = value
    with pytest.raises(JoinError, match=words):
        view_from_json(data)


def _state(race: Race, seat: int, version: int, *, full: bool, since: int = 0) -> dict[str, object]:
    names = [car.name for car in race.cars]
    events = [event_json(e, names, race.laps) for e in race.events(seat)]
    return {
        "type": "state",
        "table": "t",
        "version": version,
        "full": full,
        "events_from": since,
        "events": events[since:],
        "notices": [{"seq": version, "text": f"notice {version}"}],
        "status": "playing",
        "seat": seat,
        "to_decide": list(race.to_decide()),
        "legal": [d.text() for d in race.legal_decisions(seat)] if seat in race.to_decide() else [],
        "asked_at": version,
        "clocks": {},
        "standins": [],
        "seats": [],
        "view": plain(view_of(race, seat)),
    }


def test_the_remote_table_keeps_the_seats_state_and_asks_again_when_out_of_step() -> None:
    race = Race(make_config("usa", 2, 3, 1, "base"))
    table = RemoteTable(parse_link(f"http://h/t/abc#{TOKEN}"), 0)
    assert table.update(_state(race, 0, 1, full=True)) == [{"seq": 1, "text": "notice 1"}]
    key = table.log_key
    assert table.view() == view_of(race, 0) and table.legal(0) == race.legal_decisions(0)
    assert table.legal(1) == [] and table.names == tuple(car.name for car in race.cars)
    table.check(0, race.legal_decisions(0)[0])
    held = len(table.event_log)
    for seat in race.to_decide():
        race.apply(seat, race.legal_decisions(seat)[0])
    table.update(_state(race, 0, 2, full=False, since=held))
    assert table.event_log == _state(race, 0, 2, full=True)["events"] and table.log_key is key
    assert table.view() == view_of(race, 0)
    before = (table.state, list(table.event_log))
    with pytest.raises(OutOfStep):  # an update that skips events: nothing changes, a sync is asked
        table.update(_state(race, 0, 3, full=False, since=held - 1))
    assert (table.state, table.event_log) == before
    table.update(_state(race, 0, 3, full=True))
    assert table.log_key is not key  # a full state: the log is drawn again


def test_the_log_tells_the_servers_events_in_its_words_and_styles() -> None:
    assert log_line({"type": "SpunOut", "seat": 1, "text": "Blue spins out"}, [], 1, 0).style == "bold red"
    mine = log_line({"type": "Moved", "seat": 0, "text": "Ann moves 3"}, [], 1, 0)
    assert mine is not None and mine.plain == "Ann moves 3" and mine.style == "bold"
    assert log_line({"type": "Shuffled", "seat": 0, "text": None}, [], 1, 0) is None


def test_the_clock_reads_minutes_hours_and_days() -> None:
    assert [clock_text(s) for s in (-3, 0, 59.9, 61, 3600 * 2 + 5, 86400 * 3 + 3600)] == [
        "0:00",
        "0:00",
        "0:59",
        "1:01",
        "2:00:05",
        "3d 01:00",
    ]


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--laps", "2"], "--join plays a seat of a table set up on its server: leave out --laps"),
        (["--save", "x.json"], "leave out --save"),
        (["--plain"], "--join plays in the full-screen app: leave out --plain"),
    ],
)
def test_join_with_options_it_cannot_use_is_one_line(
    options: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--join", f"http://127.0.0.1:9/t/abc#{TOKEN}", *options]) == 2
    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0 and words in err and "Traceback" not in err


def test_join_a_bad_link_is_one_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(launch, "interactive", lambda: True)
    assert main(["play", "--join", "http://127.0.0.1:9/t/abc"]) == 2
    assert capsys.readouterr().err == (
        "heat: --join: this is the table's spectator link (no #TOKEN): ask the host for your seat's invitation link\n"
    )


@pytest.mark.parametrize(("code", "passes"), [("unavailable", True), ("not_found", False), ("unauthorized", False)])
def test_a_hello_refused_while_the_database_is_away_is_tried_again(code: str, passes: bool) -> None:
    """A server whose database is away answers the hello ``error unavailable`` (docs/server.md):
    the seat is still ours, so the client tries again (a JoinError, as for an unreachable
    server); a refusal of the seat itself is final (SeatRefused)."""
    import asyncio

    from websockets.asyncio.server import ServerConnection, serve

    from heat.tui.online.connection import open_seat
    from heat.tui.online.link import SeatRefused

    async def refuse(socket: ServerConnection) -> None:
        await socket.recv()
        await socket.send(json.dumps({"type": "error", "code": code, "message": "not now"}))
        await socket.close(1013 if passes else 4404)

    async def scenario() -> BaseException:
        async with serve(refuse, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            link = parse_link(f"http://127.0.0.1:{port}/t/abc#{TOKEN}")
            try:
                await open_seat(link, "Ann")
            except JoinError as error:
                return error
        raise AssertionError("the hello was welcomed")

    error = asyncio.run(scenario())
    assert isinstance(error, SeatRefused) is not passes
    assert "not now" in str(error) and TOKEN not in str(error)
