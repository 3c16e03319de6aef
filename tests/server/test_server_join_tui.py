"""``heat play --join LINK`` against a real ``heat serve`` (a subprocess on a free loopback port,
its database in a temporary folder): the terminal app joins a seat through its invitation link
and races to the end against a bot and a Legend, through the same screens as a local race; a
refused decision shows the server's reason and the question is asked again; a dropped socket is
opened again and the race goes on; a bad link, a server that is down or a seat that is not
yours any more is one line, no traceback."""

from __future__ import annotations

import asyncio
import random
import re
import socket
from collections.abc import Callable

import pytest
from textual.widgets import Static

from heat.bots.levels import make_bot
from heat.cli.main import main
from heat.engine import Discard, Plan, replay
from heat.server.client import Http, Seat
from heat.tui import launch
from heat.tui.online.app import RemoteApp, run_remote
from heat.tui.online.connection import probe
from heat.tui.online.link import JoinError, parse_link
from heat.tui.screens.draft import DraftScreen
from heat.tui.screens.race import DISCARD, OPTIONS, PLAN, RaceScreen
from heat.tui.screens.results import ResultsScreen
from heat.tui.screens.season import SeasonScreen
from heat.tui.setup_model import GameSetup, build_table


def run(coroutine):
    return asyncio.run(coroutine)


def message_of(app: RemoteApp) -> str:
    return str(app.screen.query_one("#message", Static).render())


async def until(pilot, test: Callable[[], bool], what: str, seconds: float = 60.0) -> None:
    """Let the app work until ``test()`` holds."""
    for _ in range(int(seconds / 0.05)):
        if test():
            return
        await pilot.pause(0.05)
    raise AssertionError(f"never: {what}")


def check_privacy(app: RemoteApp) -> None:
    """The client holds only its seat's view: no other car's hand, plan or deck."""
    table = app.table
    if table is None or not table.has_view:
        return
    for car in table.view().cars:
        if car.seat != table.seat:
            assert car.hand is None and car.plan is None and car.deck_cards is None and car.discard_pile is None


def test_the_app_joins_a_seat_by_its_link_and_races_to_the_end(server):
    async def body():
        http = Http(server.base)
        seats = [{"kind": "human"}, {"kind": "bot", "level": "club"}, {"kind": "legend"}]
        made = await http.create(seats=seats, practice=True, garage="regular", seconds=3600, listed=False)
        link = parse_link(made["seats"][0]["invite"])
        bot = make_bot("club", 7)
        app = RemoteApp(link, "Ann", confirm=False)
        refused = dropped = drafted = False
        typed = 0
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(500):
                await until(pilot, lambda: app.table is not None and not app.pending, "connected")
                await pilot.pause(0.1)
                check_privacy(app)
                screen = app.screen
                if isinstance(screen, ResultsScreen):
                    break
                if isinstance(screen, DraftScreen) and screen.seat is not None:
                    await pilot.press("enter")
                    drafted = True
                    continue
                if not isinstance(screen, RaceScreen) or screen.seat is None:
                    continue
                view = screen.current_view()
                assert screen.legal == app.table.legal(app.table.seat)
                if screen.mode == PLAN and not refused:
                    # A plan the server refuses (gear 3 with one card): its reason is shown, and
                    # the same question is asked again on a usable screen.
                    assert screen.selection is not None
                    screen.selection.select_cards(screen.selection.hand[:1], 3)
                    await pilot.press("enter")
                    await until(pilot, lambda: "Refused by the server" in message_of(app), "the refusal")
                    assert "gear 3 plays exactly 3 cards, not 1 (B-2.1)" in message_of(app)
                    assert screen.seat is not None and screen.mode == PLAN
                    refused = True
                    continue
                if view.round >= 2 and not dropped:
                    assert app.socket is not None
                    await app.socket.close()  # the socket drops mid-race
                    await until(pilot, lambda: "Connected again" in message_of(app), "reconnected")
                    dropped = True
                    continue
                options = screen.options if screen.mode == OPTIONS else screen.legal
                decision = bot.choose(view, options)
                if screen.mode in (PLAN, DISCARD):
                    assert isinstance(decision, Plan | Discard) and screen.selection is not None
                    screen.selection.select_cards(decision.cards, decision.gear if isinstance(decision, Plan) else 1)
                else:
                    screen.query_one("#options").highlighted = screen.options.index(decision)
                await pilot.press("enter")
                typed += 1
            assert isinstance(app.screen, ResultsScreen), "the race did not end"
            shown = app.screen.race
            # Online the results only leave the table: "n" (a new game) is hidden and does nothing.
            assert app.screen.check_action("close", ("new",)) is False
            await pilot.press("n")
            assert isinstance(app.screen, ResultsScreen)
            assert refused and dropped and drafted and typed > 5
            record = (await http.call("GET", f"/api/tables/{link.table}/record")).json()
            assert shown.standings() == replay(record).standings() == app.table.state["result"]["standings"]
            assert sum(entry["seat"] == 0 for entry in record["decisions"]) >= typed  # ours, and the forced ones
            await pilot.press("q")
        assert app.problem is None
        await http.close()

    run(body())


async def answer_with(bot, screen: RaceScreen, pilot) -> None:
    """Put ``bot``'s choice for the race screen's question on the screen and press enter."""
    options = screen.options if screen.mode == OPTIONS else screen.legal
    decision = bot.choose(screen.current_view(), options)
    if screen.mode in (PLAN, DISCARD):
        assert isinstance(decision, Plan | Discard) and screen.selection is not None
        screen.selection.select_cards(decision.cards, decision.gear if isinstance(decision, Plan) else 1)
    else:
        screen.query_one("#options").highlighted = screen.options.index(decision)
    await pilot.press("enter")


async def drive_to_results(app: RemoteApp, pilot, bot) -> None:
    """Answer every question the app asks with ``bot``'s choice until the Hall of Fame shows."""
    for _ in range(500):
        await until(pilot, lambda: app.table is not None and not app.pending, "connected")
        await pilot.pause(0.05)
        screen = app.screen
        if isinstance(screen, ResultsScreen):
            return
        if not isinstance(screen, RaceScreen) or screen.seat is None:
            continue
        await answer_with(bot, screen, pilot)
    raise AssertionError("the race did not end")


def test_m_on_the_results_goes_on_to_the_rematch_with_the_same_seat(server):
    """Online, the Hall of Fame offers the rematch (``m``): the server opens it (the same seats
    and tokens) and the app plays the seat there; the old table names it as its rematch."""

    async def body():
        http = Http(server.base)
        made = await http.create(seats=[{"kind": "human"}, {"kind": "legend"}], practice=True, seconds=3600)
        link = parse_link(made["seats"][0]["invite"])
        app = RemoteApp(link, "Ann", confirm=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await drive_to_results(app, pilot, make_bot("club", 3))
            assert app.screen.check_action("close", ("rematch",)) is True
            await pilot.press("m")
            await until(pilot, lambda: app.link.table != link.table, "the rematch's table")
            await until(pilot, lambda: isinstance(app.screen, RaceScreen) and app.screen.seat == 0, "a question")
            assert app.table is not None and not app.table.is_over and app.table.view().round == 1
            old = (await http.call("GET", f"/api/tables/{link.table}")).json()
            assert old["rematch"] == app.link.table
            new = (await http.call("GET", f"/api/tables/{app.link.table}")).json()
            assert new["rematch_of"] == link.table and new["status"] == "playing"
            await pilot.press("ctrl+q")
        assert app.problem is None
        await http.close()

    run(body())


def test_offline_results_have_no_rematch():
    """The rematch is the server's: a local race's Hall of Fame neither shows nor binds ``m``."""
    table = build_table(GameSetup(practice=True, seed=4))
    assert table.race is not None
    screen = ResultsScreen(table, table.race)
    assert screen.check_action("close", ("rematch",)) is False
    assert screen.check_action("close", ("new",)) is True


def free_port() -> int:
    with socket.socket() as probe_socket:
        probe_socket.bind(("127.0.0.1", 0))
        return int(probe_socket.getsockname()[1])


TOKEN = "y-NynOxuDVpIAu6ZJsLA7rOt28-vVuBOl33ZGi_SKBY"


def test_a_server_that_is_down_a_wrong_table_or_a_freed_seat_is_one_line(server, capsys, monkeypatch):
    monkeypatch.setattr(launch, "interactive", lambda: True)
    started: list[RemoteApp] = []
    monkeypatch.setattr("heat.tui.online.app.run_remote", lambda app: started.append(app) or 0)

    async def freed_invitation() -> tuple[str, str]:
        http = Http(server.base)
        made = await http.create(seats=[{"kind": "human"}, {"kind": "human"}], practice=True, listed=False)
        old = made["seats"][0]["invite"]
        freed = await http.call("POST", f"/api/tables/{made['table']}/free", made["admin_token"], seat=0)
        assert freed.status_code == 200
        await http.close()
        return old, made["seats"][1]["invite"]

    old, other = run(freed_invitation())
    down = f"http://127.0.0.1:{free_port()}/t/abc#{TOKEN}"
    cases = {
        down: "heat: cannot reach the server at http://127.0.0.1:",
        f"{server.base}/t/nosuchtable#{TOKEN}": "heat: cannot join table nosuchtable: ",
        old: f"heat: cannot join table {parse_link(old).table}: this token opens no seat",
    }
    for link, words in cases.items():
        assert main(["play", "--join", link, "--name", "Ann"]) == 2
        err = capsys.readouterr().err
        assert err.startswith(words) and err.count("\n") == 1 and "Traceback" not in err, err
        assert parse_link(link).token not in err
    assert started == []
    assert main(["play", "--join", other, "--name", "Bea"]) == 0  # a good link opens the app
    assert len(started) == 1 and started[0].player_name == "Bea"
    with pytest.raises(JoinError, match="cannot reach the server"):
        run(probe(parse_link(down), "Ann"))


def test_the_clock_shows_and_b_takes_the_seat_back_from_the_stand_in(server):
    async def body():
        http = Http(server.base)
        made = await http.create(seats=[{"kind": "human"}, {"kind": "human"}], seconds=3, listed=False)
        other = await Seat.open(made["socket"], made["seats"][1]["token"], "Bea")

        async def bea_plays() -> None:  # at a human pace, well within her clock
            rng = random.Random(2)
            while other.state.get("status") != "over":
                if other.legal:
                    await asyncio.sleep(0.3)
                    await other.decide(rng.choice(other.legal))
                else:
                    await other.next()

        bea = asyncio.create_task(bea_plays())
        app = RemoteApp(parse_link(made["seats"][0]["invite"]), "Ann")
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, RaceScreen) and app.screen.seat is not None, "asked")
            status = lambda: str(app.screen.query_one("#status", Static).render())  # noqa: E731
            await until(pilot, lambda: re.match(r"⏱ (Bea )?0:0\d · USA", status()) is not None, "the clock")
            await until(pilot, lambda: "Your stand-in bot drives for you now" in message_of(app), "the stand-in")
            assert app.table.standin
            await pilot.press("b")
            await until(pilot, lambda: "Back at the wheel" in message_of(app), "back")
            await until(pilot, lambda: any("Ann is back" in n["text"] for n in app.table.notices), "the notice")
            await until(pilot, lambda: not app.table.standin, "the stand-in stops")
            await pilot.press("q")
        bea.cancel()
        await other.close()
        await http.close()

    run(body())


def test_a_championship_table_is_played_through_its_hub(server):
    """A championship seat: the hub (scorepad, event, market) asks the build question (C-15),
    race 1 is played on the race screen, and the hub comes back with race 1's points and race
    2's event; the other car's hand is never held."""

    async def body():
        http = Http(server.base)
        made = await http.create(
            mode="championship", seats=[{"kind": "human"}, {"kind": "bot", "level": "club"}], seconds=3600
        )
        link = parse_link(made["seats"][0]["invite"])
        app = RemoteApp(link, "Ann", confirm=False)
        bot = make_bot("club", 5)
        built = raced = False
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(800):
                await until(pilot, lambda: app.table is not None and not app.pending, "connected")
                await pilot.pause(0.05)
                check_privacy(app)
                screen = app.screen
                if isinstance(screen, SeasonScreen):
                    season = app.table.season_view()
                    assert "Championship 1961" in str(screen.query_one("#season-title", Static).render())
                    if screen.seat is not None:  # build (C-15), or swap when last on the grid (C-16)
                        assert screen.options == app.table.legal(0) and season.phase in ("build", "swap")
                        await pilot.press("enter")
                        built = True
                    elif season.results and "Race 1 is over" in message_of(app):
                        break  # race 1's points wait on the hub for the player
                    continue
                if not isinstance(screen, RaceScreen) or screen.seat is None:
                    continue
                raced = True
                await answer_with(bot, screen, pilot)
            assert built and raced
            season = app.table.season_view()
            assert len(season.results) == 1 and season.race_number == 2 and sum(season.totals) > 0
            shown = app.export_screenshot()  # the scorepad: race 1's points
            assert "Ann" in shown and "Race&#160;1&#160;is&#160;over" in shown
            await pilot.press("enter")  # on to race 2
            await until(pilot, lambda: isinstance(app.screen, RaceScreen), "race 2's screen")
            assert app.table.view().round == 1 and app.table.season_view().race_number == 2
            await pilot.press("ctrl+q")
        assert app.problem is None
        await http.close()

    run(body())


def test_u_takes_back_a_committed_plan_while_the_server_offers_it(server):
    async def body():
        http = Http(server.base)
        made = await http.create(seats=[{"kind": "human"}, {"kind": "human"}], practice=True, seconds=600)
        other = await Seat.open(made["socket"], made["seats"][1]["token"], "Bea")  # she thinks, long
        app = RemoteApp(parse_link(made["seats"][0]["invite"]), "Ann", confirm=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, RaceScreen) and app.screen.mode == PLAN, "the plan")
            screen = app.screen
            await pilot.press("u")  # nothing committed yet: nothing to take back
            assert "Nothing to undo" in message_of(app)
            plan = next(d for d in screen.legal if isinstance(d, Plan) and d.cards)
            screen.selection.select_cards(plan.cards, plan.gear)
            await pilot.press("enter")
            await until(pilot, lambda: screen.seat is None and app.table.state.get("can_undo"), "committed")
            assert app.table.view().me.plan == plan.text()
            await pilot.press("u")
            await until(pilot, lambda: "Taken back." in message_of(app), "taken back")
            await until(pilot, lambda: screen.seat is not None and screen.mode == PLAN, "asked again")
            assert app.table.view().me.plan is None
            assert any("takes back" in notice["text"] for notice in app.table.notices)
            await pilot.press("q")
        await other.close()
        await http.close()

    run(body())


def test_a_player_the_host_removes_is_told_and_the_app_stops_trying(server, capsys, monkeypatch):
    async def body() -> RemoteApp:
        http = Http(server.base)
        made = await http.create(seats=[{"kind": "human"}, {"kind": "bot", "level": "club"}], practice=True)
        app = RemoteApp(parse_link(made["seats"][0]["invite"]), "Ann")
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, RaceScreen) and app.screen.seat is not None, "asked")
            freed = await http.call("POST", f"/api/tables/{made['table']}/free", made["admin_token"], seat=0)
            assert freed.status_code == 200
            await until(pilot, lambda: app.problem is not None, "told")
            assert app.problem.startswith(f"cannot play table {made['table']} on: ")
            assert f"{app.problem} (q quits)" == message_of(app)
            await pilot.pause(1.5)
            assert app.socket is None and app.problem in message_of(app)  # no reconnection tried
            await pilot.press("q")
        await http.close()
        return app

    app = run(body())
    monkeypatch.setattr(app, "run", lambda: None)  # it has run: run_remote prints what stopped it
    assert run_remote(app) == 2
    assert capsys.readouterr().err == f"heat: {app.problem}\n"


def test_the_app_asks_the_server_to_speak_its_language(server, capsys, monkeypatch):
    """issue 32: `heat --lang fr play --join` reads the server's refusals in French (the app
    sends Accept-Language on its socket and requests)."""
    from heat import i18n

    monkeypatch.setattr(launch, "interactive", lambda: True)

    async def freed_invitation() -> str:
        http = Http(server.base)
        made = await http.create(seats=[{"kind": "human"}, {"kind": "human"}], practice=True, listed=False)
        old = made["seats"][0]["invite"]
        freed = await http.call("POST", f"/api/tables/{made['table']}/free", made["admin_token"], seat=0)
        assert freed.status_code == 200
        await http.close()
        return str(old)

    old = run(freed_invitation())
    try:
        assert main(["--lang", "fr", "play", "--join", old, "--name", "Ann"]) == 2
    finally:
        i18n.set_language("en")
    assert "ce jeton n'ouvre aucune place de la table" in capsys.readouterr().err
