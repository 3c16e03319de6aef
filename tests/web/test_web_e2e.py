"""The browser board end to end: a real server, Debian's Chromium, a person's clicks and keys."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from typing import Any

from playwright.sync_api import BrowserContext, Page
from web_browser import axe_violations, new_page, pass_and_play
from web_driver import act, play_until, visible

from heat.engine import Race, RaceConfig, default_seats, parse_decision, to_position, view_of
from heat.engine import events as ev
from heat.engine.decisions import Plan
from heat.engine.view import SeatView
from heat.preview import percent_text, preview_decision
from heat.server.client import Seat
from heat.server.messages import server_message
from heat.server.spec import new_spec

SEAT_HANDS = ("hand", "deck_cards", "discard_pile", "plan")


def states(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [f for f in frames if f.get("type") == "state"]


def latest(frames: list[dict[str, Any]]) -> dict[str, Any]:
    return states(frames)[-1]


def assert_no_serious_violations(page: Page, where: str) -> None:
    found = axe_violations(page)
    assert not found, f"{where}: {found}"


def test_a_new_user_races_bots_from_the_home_page_to_the_end_by_clicking(web_server, context: BrowserContext):
    page, frames, errors = new_page(context)
    page.goto(web_server.base + "/")
    page.wait_for_selector("#create-form")
    assert_no_serious_violations(page, "home")
    page.check("#f-practice")
    page.select_option("#seat-kind-1", "bot:club")
    page.select_option("#seat-kind-2", "bot:club")
    page.select_option("#seat-kind-3", "bot:club")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#dock")
    page.wait_for_selector("#dock .card")
    assert_no_serious_violations(page, "race")
    clicks = play_until(page, "#standings")
    assert clicks >= 5
    final = latest(frames)
    assert final["status"] == "over"
    shown = [row.inner_text() for row in page.locator("#standings tbody tr").all()]
    names = [final["seats"][seat]["name"] for seat in final["result"]["standings"]]
    assert [line.split("\t")[1].strip().split(" ", 1)[1] for line in shown] == names
    page.wait_for_selector("#stats-table")
    assert page.locator("#stats-table tbody tr").count() > 10
    assert_no_serious_violations(page, "results")
    page.click("#replay-link")
    page.wait_for_selector("#replay-slider")
    assert_no_serious_violations(page, "replay")
    page.click("#replay-last")
    last = page.inner_text("#replay-where")
    page.click("#replay-back")
    assert page.inner_text("#replay-where") != last
    page.click("#replay-forward")
    assert page.inner_text("#replay-where") == last
    for message in frames:
        server_message.validate_python(message)
    assert not errors, errors


def test_two_players_and_a_spectator_never_see_another_hand(web_server, browser):
    made = web_server.create(
        seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "legend"}], practice=True, listed=True, title="Duel"
    )
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce") for _ in range(3)]
    try:
        pages = []
        for index, context in enumerate(contexts[:2]):
            page, frames, errors = new_page(context)
            page.goto(made["seats"][index]["invite"])
            page.fill("#join-name", f"Driver{index}")
            page.click("#join-form button")
            pages.append((page, frames, errors))
        watcher, watched, watch_errors = new_page(contexts[2])
        watcher.goto(made["spectate"])
        pages[0][0].wait_for_selector("#dock .card")
        pages[1][0].wait_for_selector("#dock .card")
        watcher.wait_for_selector("#cars .car-card")
        assert_no_serious_violations(watcher, "spectating")
        end = time.monotonic() + 400
        while not visible(pages[0][0], "#standings") or not visible(pages[1][0], "#standings"):
            assert time.monotonic() < end, [p.inner_text("main")[:500] for p, _, _ in pages]
            clicked = act(pages[0][0]) | act(pages[1][0])
            pages[0][0].wait_for_timeout(60 if clicked else 200)
        for seat, (_page, frames, errors) in enumerate(pages):
            other = 1 - seat
            assert states(frames), "no state reached the page"
            for state in states(frames):
                if state["view"] is None:
                    continue
                for field in SEAT_HANDS:
                    assert state["view"]["cars"][other][field] is None
            assert not errors, errors
        for state in states(watched):
            if state["view"] is not None:
                for car in state["view"]["cars"]:
                    assert all(car[field] is None for field in SEAT_HANDS)
                assert state["legal"] == []
        assert watcher.locator("#dock .card").count() == 0
        assert not watch_errors, watch_errors
    finally:
        for context in contexts:
            context.close()


def test_reload_resumes_undo_takes_back_and_a_costly_play_asks_first(web_server, context: BrowserContext):
    made = web_server.create(seats=[{"kind": "human"}, {"kind": "human"}], practice=True)
    page, frames, errors = new_page(context)
    page.goto(made["seats"][0]["invite"])
    page.fill("#join-name", "Ann")
    page.click("#join-form button")
    # The second seat is taken from another browser profile; the race starts when both sit.
    assert context.browser is not None
    other = context.browser.new_context()
    second, _, _ = new_page(other)
    second.goto(made["seats"][1]["invite"])
    second.fill("#join-name", "Bob")
    second.click("#join-form button")
    page.wait_for_selector("#dock .card")
    hand = latest(frames)["view"]["cars"][0]["hand"]
    page.reload()
    page.wait_for_selector("#dock .card")
    shown = [c.get_attribute("data-card") for c in page.locator("#dock .hand .card").all()]
    assert shown == hand
    # A two-gear shift costs Heat: the page asks first (the setting is on by default).
    page.click('[data-gear="3"]')
    cards = page.locator("#dock .hand .card")
    picked = 0
    for index in range(cards.count()):
        card = page.locator(f'#dock .card[data-index="{index}"]')
        if "heat" in (card.get_attribute("class") or ""):
            continue
        card.click()
        picked += 1
        if picked == 3:
            break
    page.click("#commit")
    page.wait_for_selector("#confirm-yes")
    assert "Heat" in page.inner_text("#confirm-body")
    page.click("#confirm-no")
    assert latest(frames)["view"]["cars"][0]["committed"] is False
    page.click("#commit")
    page.click("#confirm-yes")
    page.wait_for_selector("#undo")
    assert latest(frames)["view"]["cars"][0]["committed"] is True
    page.click("#undo")
    page.wait_for_selector("#commit")
    page.wait_for_function("() => !document.querySelector('#undo')")
    assert latest(frames)["view"]["cars"][0]["committed"] is False
    # Bob's commit reaches Ann's page, but her dock stays as it was: a card under her pointer
    # is not replaced (a click pressed on one element and released on another is lost).
    second.wait_for_selector("#dock .card")
    under_pointer = page.locator("#dock .hand .card").first.element_handle()
    while not latest(frames)["view"]["cars"][1]["committed"]:
        act(second)
        page.wait_for_timeout(100)
    assert under_pointer.evaluate("card => card.isConnected")
    assert not errors, errors
    other.close()


def test_the_preview_shows_the_engines_probabilities(web_server, context: BrowserContext):
    made = web_server.create(seats=[{"kind": "human"}, {"kind": "legend"}], practice=True, seed=4242)
    page, frames, errors = new_page(context)
    page.goto(made["seats"][0]["invite"])
    page.fill("#join-name", "Ann")
    page.click("#join-form button")
    page.wait_for_selector("#dock .card")
    page.click('[data-gear="2"]')
    stress = page.locator('#dock .card[data-card="stress"]')
    first = stress.first if stress.count() else page.locator('#dock .card[data-index="0"]')
    first.click()
    others = [c for c in page.locator("#dock .hand .card").all() if c.get_attribute("aria-pressed") == "false"]
    others[0].click()
    page.wait_for_selector("#preview .speed-bars")
    answer = [f for f in frames if f.get("type") == "preview" and f["preview"]][-1]
    state = latest(frames)
    spec = new_spec([("human", None, None), ("legend", None, None)], practice=True, seed=4242)
    race = spec.build_game([seat["name"] for seat in state["seats"]])
    assert race.to_decide() == (0,)  # the same race the server plays: nothing applied yet
    engine = preview_decision(view_of(race, 0), parse_decision(answer["decision"]))
    assert engine is not None
    assert [tuple(pair) for pair in answer["preview"]["speeds"]] == [tuple(pair) for pair in engine.speeds]
    text = page.inner_text("#preview")
    for speed, chance in engine.speeds:
        assert f"{speed} ({round(chance * 100)}%)" in text or f"{speed} (<1%)" in text
    # On the map: one tag per space the engine says the car may reach, with its chance.
    tags = page.locator("#map .landing-tag text").evaluate_all("texts => texts.map((t) => t.textContent)")
    assert tags == [percent_text(chance) for _space, _lap, chance in engine.landing]
    assert page.locator("#map .cell.landing").count() == len({space for space, _lap, _ in engine.landing})
    assert page.locator("#map .risk").count() == len(engine.corners)
    assert isinstance(view_of(race, 0), SeatView)
    assert not errors, errors


def test_pass_and_play_hides_each_hand_until_the_device_is_handed_over(web_server, context: BrowserContext):
    page, frames, errors = new_page(context)
    pass_and_play(page, web_server.base)
    assert page.locator(".card").count() == 0
    assert_no_serious_violations(page, "hand-off")
    first = page.inner_text("#handoff-title")
    page.click("#handoff-go")
    page.wait_for_selector("#dock .card")
    by_seat = {s["seat"]: s for s in states(frames) if s["seat"] is not None}
    seat_a = next(seat for seat, s in by_seat.items() if s["seats"][seat]["name"] in first)
    hand_a = latest([s for s in states(frames) if s["seat"] == seat_a])["view"]["cars"][seat_a]["hand"]
    assert [c.get_attribute("data-card") for c in page.locator("#dock .hand .card").all()] == hand_a
    act(page)
    page.wait_for_selector("#handoff-go")
    assert page.inner_text("#handoff-title") != first
    assert page.locator(".card").count() == 0
    page.click("#handoff-go")
    page.wait_for_selector("#dock .card")
    seat_b = 1 - seat_a
    hand_b = latest([s for s in states(frames) if s["seat"] == seat_b])["view"]["cars"][seat_b]["hand"]
    assert [c.get_attribute("data-card") for c in page.locator("#dock .hand .card").all()] == hand_b
    assert not errors, errors


def test_a_championship_table_through_its_hub(web_server, context: BrowserContext):
    made = web_server.create(seats=[{"kind": "human"}, {"kind": "bot", "level": "club"}], mode="championship")
    page, frames, errors = new_page(context)
    page.goto(made["seats"][0]["invite"])
    page.fill("#join-name", "Ann")
    page.click("#join-form button")
    page.wait_for_selector("#scorepad")
    assert "1961" in page.inner_text("h1")
    assert page.locator("#event-title").count() == 1
    assert_no_serious_violations(page, "championship hub")
    while page.locator("#dock .card").count() == 0:
        assert act(page) or page.wait_for_timeout(200) is None
        page.wait_for_timeout(100)
    assert latest(frames)["season"]["phase"] == "race"
    page.click("#season-hub")
    page.wait_for_selector("#scorepad")
    assert page.locator("#grid-title").count() == 1
    assert not errors, errors


def test_a_turn_played_with_the_keyboard_only(web_server, context: BrowserContext):
    made = web_server.create(seats=[{"kind": "human"}, {"kind": "legend"}], practice=True)
    page, frames, errors = new_page(context)
    page.goto(made["seats"][0]["invite"])
    page.focus("#join-name")
    page.keyboard.type("Kim")
    page.keyboard.press("Enter")
    page.wait_for_selector("#dock .card")
    # B-1.2: each gear button says the Heat its shift costs, as the server's state gives it.
    shift = latest(frames)["shift_heat"]
    assert shift and 1 in shift.values()
    for gear, heat in shift.items():
        text = page.locator(f'#dock .gears button[data-gear="{gear}"]').inner_text()
        assert ("Heat" in text) == (heat > 0) and (f"+{heat}" in text or not heat), (gear, text)
    page.focus("body")
    hand = latest(frames)["view"]["cars"][0]["hand"]
    index = next(i for i, card in enumerate(hand) if card != "heat")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowDown")
    page.keyboard.press(str(index + 1))
    assert page.locator(f'#dock .card[data-index="{index}"]').get_attribute("aria-pressed") == "true"
    page.keyboard.press("Escape")
    page.locator("#commit").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('#commit') || document.querySelector('#undo')")
    assert any(f.get("type") == "accepted" for f in frames)
    assert not errors, errors


def a_blocked_move(seed_limit: int = 200) -> tuple[dict[str, Any], list[tuple[int, str]]]:
    """A position at the start of a round's plans, and the decisions after it up to a move that
    is blocked (B-3.7), found by playing random races; the decisions the server takes by itself
    (forced ones) are left out."""
    for seed in range(1, seed_limit):
        race = Race(RaceConfig(default_seats(3), track="usa", laps=1, seed=seed))
        rng = random.Random(seed)
        start: dict[str, Any] | None = None
        since: list[tuple[int, str]] = []
        while not race.is_over:
            deciding = race.to_decide()
            seat = deciding[0]
            legal = race.legal_decisions(seat)
            if len(deciding) == len(race.cars) and all(isinstance(d, Plan) for d in legal):
                start, since = to_position(race), []
            decision = rng.choice(legal)
            if len(legal) > 1:
                since.append((seat, decision.text()))
            seen = len(race.events(None))
            race.apply(seat, decision)
            if start is not None and any(isinstance(e, ev.Moved) and e.blocked for e in race.events(None)[seen:]):
                return start, since
    raise AssertionError("no blocked move in the races tried")


def test_a_blocked_move_is_marked_on_the_spectators_map(web_server, context: BrowserContext):
    """The map marks a car whose move a blocked space cut short (the Moved event's ``blocked``,
    B-3.7) with the word "Blocked" beside it, for everyone watching."""
    position, decisions = a_blocked_move()
    made = web_server.create(seats=[{"kind": "human"}] * 3, position=position)
    page, _frames, errors = new_page(context)
    page.goto(made["spectate"])
    watching = threading.Event()

    async def play() -> None:
        seats = [await Seat.open(made["socket"], seat["token"], f"P{seat['seat']}") for seat in made["seats"]]
        await asyncio.to_thread(watching.wait, 60)  # the race starts once all have joined
        for seat, text in decisions:
            await seats[seat].until(lambda _m, s=seats[seat], t=text: t in s.legal)
            answer = await seats[seat].decide(text)
            assert answer["type"] == "accepted", answer
        for seat in seats:
            await seat.close()

    driver = threading.Thread(target=lambda: asyncio.run(asyncio.wait_for(play(), 120)))
    driver.start()
    try:
        page.wait_for_selector("#cars .car-card", timeout=60_000)
        watching.set()
        label = page.wait_for_selector(".car.blocked .flash-label", timeout=60_000)
        assert label is not None and label.text_content() == "Blocked"
    finally:
        watching.set()
        driver.join(150)
    assert not errors, errors
