"""The browser board in four languages (issue 32), end to end in Chromium: a pseudo-language run
in which every text and label of each page must come through a catalogue, the language chosen by
the browser's preference and by the switch (remembered), and the race board in each language at
phone and desktop width with no text cut or overflowing."""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from web_browser import WebServer, axe_violations, new_context, new_page, pass_and_play, serving

from heat.server.client import Seat
from heat.web.catalogue import PSEUDO_CLOSE, PSEUDO_OPEN

LANGUAGE_NAMES = ("English", "suomi", "français", "Deutsch")
"""The switch names each language in that language, in every language."""
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 900}}
PAGE_TEXTS = """() => {
  const found = [];
  const add = (kind, el, text) => {
    if (text && text.trim()) found.push({ kind, tag: el.tagName, text: text.trim() });
  };
  const labels = ["aria-label", "title", "placeholder", "alt", "aria-roledescription"];
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest("script, style, noscript, template")) continue;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    const hidden = style.display === "none" || style.visibility === "hidden" || (box.width === 0 && box.height === 0);
    const svgTitle = el.tagName.toLowerCase() === "title" && el.closest("svg");
    const option = el.tagName === "OPTION";
    if (hidden && !svgTitle && !option && !el.closest(".sr-only")) continue;
    for (const node of el.childNodes) if (node.nodeType === Node.TEXT_NODE) add("text", el, node.textContent);
    for (const name of labels) add(name, el, el.getAttribute(name));
  }
  add("title", document.documentElement, document.title);
  return found;
}"""
OVERFLOWING = """() => {
  const found = [];
  for (const el of document.querySelectorAll("main *, header *")) {
    const style = getComputedStyle(el);
    if (style.display === "none" || style.display === "inline" || style.visibility === "hidden") continue;
    if (["auto", "scroll"].includes(style.overflowX)) continue;  // a row meant to scroll (the hand)
    if (el.closest("svg, .sr-only")) continue;  // the map scales; a screen reader's text is 1 px on purpose
    // Any box holding text: a word too long for a grid's column widens the grid, not the word's box.
    const text = el.textContent.trim() !== "";
    if (text && el.scrollWidth > el.clientWidth + 1) {
      const what = `${el.tagName}#${el.id}.${el.className}: ${el.textContent.trim().slice(0, 60)}`;
      found.push(`${what} (${el.scrollWidth} > ${el.clientWidth})`);
    }
  }
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth + 1) {
    found.push(`the page is ${page.scrollWidth} wide in ${page.clientWidth}`);
  }
  return found;
}"""


@pytest.fixture(scope="module")
def pseudo_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """``heat serve --pseudo-language``: it serves the pseudo-language ``xx`` to a browser that
    asks for it (seats are kept an hour: these tests are long on a busy machine)."""
    yield from serving(WebServer(tmp_path_factory.mktemp("web-i18n"), "--pseudo-language", away_grace=3600))


def speaking(browser: Browser, server: WebServer, language: str, **options: Any) -> BrowserContext:
    """A fresh browser profile whose chosen language is ``language`` (as the switch keeps it)."""
    options.setdefault("viewport", SIZES["desktop"])
    context = new_context(browser, **options)
    context.add_init_script(f"localStorage.setItem('heat.lang', '{language}')")
    context.add_cookies([{"name": "heat_lang", "value": language, "url": server.base}])
    return context


async def play_to_the_end(made: dict[str, Any], name: str) -> None:
    """Seat 0 plays random legal decisions through the protocol until the race is over."""
    rng = random.Random(3)
    seat = await Seat.open(made["socket"], made["seats"][0]["token"], name)
    while seat.state["status"] not in ("over", "closed"):
        if seat.legal:
            await asyncio.sleep(0.06)  # under the server's rate limit
            answer = await seat.decide(rng.choice(seat.legal))
            if answer["type"] == "accepted":
                await seat.until(lambda m, v=answer["version"]: m["type"] == "state" and m["version"] >= v)
        else:
            with contextlib.suppress(TimeoutError):
                await seat.next(5)
    await seat.close()


def bypassed(page: Page, names: set[str]) -> list[dict[str, str]]:
    """The texts and labels shown that did not come through a catalogue: every one must carry
    the pseudo-language's marks, but for the language-neutral ones (numbers and signs, the
    players' and tracks' names, each language's own name, the brand, a car's letter)."""
    neutral = {*names, *LANGUAGE_NAMES, "Heat"}
    found = []
    for item in page.evaluate(PAGE_TEXTS):
        text = item["text"]
        if PSEUDO_OPEN in text and PSEUDO_CLOSE in text:
            continue
        rest = text
        for name in sorted(neutral, key=len, reverse=True):
            rest = rest.replace(name, "")
        if not re.search(r"[^\W\d_]", rest):  # no letter left: digits, signs, names
            continue
        if re.fullmatch(r"[A-Z]", text):  # a car's letter (R, B, G, Y, K, A): a mark, like its colour
            continue
        found.append(item)
    return found


def table_names(server: WebServer, table: str) -> set[str]:
    """The names a table's pages show as they are: its id and title, its players' names."""
    info = httpx.get(f"{server.base}/api/tables/{table}", timeout=30).json()
    return {table, info.get("title") or table, *(seat["name"] for seat in info["seats"] if seat.get("name"))}


def test_every_text_and_label_of_each_page_goes_through_the_catalogue(pseudo_server: WebServer, browser: Browser):
    tracks = {t["name"] for t in httpx.get(pseudo_server.base + "/api/cards", timeout=30).json()["tracks"]}
    finished = pseudo_server.create(seats=[{"kind": "human"}, {"kind": "bot", "level": "club"}], practice=True)
    # Playwright's browser runs an event loop in this thread: the protocol client gets its own.
    player = threading.Thread(target=asyncio.run, args=(play_to_the_end(finished, "Ann"),))
    player.start()
    player.join(300)
    context = speaking(browser, pseudo_server, "xx")
    try:
        page, _frames, errors = new_page(context)
        page.goto(pseudo_server.base + "/")
        page.wait_for_selector("#create-form")
        assert bypassed(page, tracks) == [], "home"
        page.click("#settings-button")
        page.wait_for_selector("#dialog[open]")
        assert bypassed(page, tracks) == [], "settings"
        page.keyboard.press("Escape")
        # A table with an invited seat: the invitations, then the waiting room.
        page.select_option("#seat-kind-1", "invite")
        page.click("#create-form button[type=submit]")
        go = page.locator('main a.button.primary[href^="/t/"]')
        go.wait_for()
        table = (go.get_attribute("href") or "").rsplit("/", 1)[-1]
        assert bypassed(page, tracks | table_names(pseudo_server, table)) == [], "invitations"
        go.click()
        page.wait_for_selector("#start-now")
        assert bypassed(page, tracks | table_names(pseudo_server, table)) == [], "waiting room"
        # The join page of an invitation, then the race board.
        racing = pseudo_server.create(seats=[{"kind": "human"}, {"kind": "bot", "level": "club"}], practice=True)
        page.goto(racing["seats"][0]["invite"])
        page.wait_for_selector("#join-form")
        assert bypassed(page, tracks | table_names(pseudo_server, racing["table"])) == [], "join"
        page.fill("#join-name", "Ada")
        page.click("#join-form button")
        page.wait_for_selector("#dock .card")
        page.wait_for_timeout(500)
        names = tracks | table_names(pseudo_server, racing["table"])
        assert bypassed(page, names) == [], "race"
        cards = page.locator("#dock .hand .card")
        cards.first.click()
        page.wait_for_timeout(800)  # the preview
        assert bypassed(page, names) == [], "race with a play picked"
        # The results and the replay of a finished race.
        page.goto(finished["seats"][0]["invite"])
        page.fill("#join-name", "Ann")
        page.click("#join-form button")
        page.wait_for_selector("#stats-table")
        names = tracks | table_names(pseudo_server, finished["table"])
        assert bypassed(page, names) == [], "results"
        page.goto(f"{pseudo_server.base}/t/{finished['table']}/replay")
        page.wait_for_selector("#replay-slider")
        page.click("#replay-round-forward")
        assert bypassed(page, names) == [], "replay"
        assert not errors, errors
    finally:
        context.close()


def test_the_hand_off_and_the_championship_hub_go_through_the_catalogue(pseudo_server: WebServer, browser: Browser):
    tracks = {t["name"] for t in httpx.get(pseudo_server.base + "/api/cards", timeout=30).json()["tracks"]}
    context = speaking(browser, pseudo_server, "xx")
    try:
        page, _frames, errors = new_page(context)
        pass_and_play(page, pseudo_server.base)
        table = page.url.rsplit("/", 1)[-1]
        assert bypassed(page, tracks | table_names(pseudo_server, table)) == [], "hand-off"
        season = pseudo_server.create(seats=[{"kind": "human"}, {"kind": "bot", "level": "club"}], mode="championship")
        page.goto(season["seats"][0]["invite"])
        page.fill("#join-name", "Ann")
        page.click("#join-form button")
        page.wait_for_selector("#scorepad")
        page.wait_for_timeout(500)
        assert bypassed(page, tracks | table_names(pseudo_server, season["table"])) == [], "championship hub"
        assert not errors, errors
    finally:
        context.close()


def marked(text: str) -> bool:
    """Whether ``text`` came whole out of the pseudo-language's catalogue."""
    return text.startswith(PSEUDO_OPEN) and PSEUDO_CLOSE in text


async def protocol_refusals(server: WebServer, made: dict[str, Any]) -> list[str]:
    """What the socket says, in ``xx``, to messages it cannot read and to a player whom the
    table's creator removes from the seat."""
    xx = {"cookie": "heat_lang=xx"}
    seat = await Seat.open(made["socket"], made["seats"][0]["token"], "Ann", additional_headers=xx)
    said = []
    for raw in ("{nope", "[1, 2]", '{"type": "teleport"}', '{"type": "hello"}'):
        await seat.socket.send(raw)
        said.append((await seat.until(lambda m: m["type"] == "error"))["message"])
    async with httpx.AsyncClient() as http:  # the creator speaks English: the notice is the player's
        freed = await http.post(
            f"{server.base}/api/tables/{made['table']}/free",
            json={"seat": 0},
            headers={"authorization": f"Bearer {made['admin_token']}"},
        )
        freed.raise_for_status()
    said.append((await seat.until(lambda m: m["type"] == "error" and m["code"] == "removed"))["message"])
    await seat.close()
    return said


def test_what_the_server_says_besides_the_page_goes_through_the_catalogue(pseudo_server: WebServer):
    """The words a browser shows that the page's script does not write: the <noscript> words,
    the HTTP refusal of an unknown address or method, the socket's refusals of a message."""
    xx = {"cookie": "heat_lang=xx"}
    page = httpx.get(pseudo_server.base + "/", headers=xx, timeout=30).text
    noscript = re.search(r"<noscript>(.*)</noscript>", page)
    assert noscript is not None and marked(noscript.group(1)), page
    for method, path in [("GET", "/nothing"), ("GET", "/static/nothing.js"), ("DELETE", "/api/tables")]:
        answer = httpx.request(method, pseudo_server.base + path, headers=xx, timeout=30)
        assert answer.status_code in (404, 405) and marked(answer.json()["message"]), answer.text
    made = pseudo_server.create(seats=[{"kind": "human"}, {"kind": "human"}], practice=True)
    said: list[str] = []
    # Playwright's browser may run an event loop in this thread: the protocol client gets its own.
    player = threading.Thread(target=lambda: said.extend(asyncio.run(protocol_refusals(pseudo_server, made))))
    player.start()
    player.join(120)
    assert len(said) == 5 and [text for text in said if not marked(text)] == [], said


def test_the_browser_preference_chooses_the_language_and_the_switch_is_remembered(
    pseudo_server: WebServer, browser: Browser
):
    context = new_context(browser, locale="fr-FR", viewport=SIZES["desktop"])
    try:
        page, _frames, errors = new_page(context)
        page.goto(pseudo_server.base + "/")
        page.wait_for_selector("#create-form")
        assert page.inner_text("#settings-button") == "Réglages"
        assert page.get_attribute("html", "lang") == "fr"
        assert axe_violations(page) == [], "home in French"
        assert page.input_value("#language") == "fr"
        # The server reads the same preference (Accept-Language): its answers are in French.
        asked = "async () => (await (await fetch('/api/tables/nope')).json()).message"
        assert page.evaluate(asked) == "il n'y a pas de table 'nope'"
        page.select_option("#language", "de")
        page.wait_for_function("document.documentElement.lang === 'de'")
        page.wait_for_selector("#create-form")
        assert page.inner_text("#settings-button") == "Einstellungen"
        # Kept: a new page of this browser is in German, and so is the server (the cookie).
        again, _frames, more_errors = new_page(context)
        again.goto(pseudo_server.base + "/")
        again.wait_for_selector("#create-form")
        assert again.inner_text("#settings-button") == "Einstellungen"
        assert again.evaluate("localStorage.getItem('heat.lang')") == "de"
        assert again.evaluate(asked) == "es gibt keinen Tisch 'nope'"
        # Chromium logs the 404 of each table asked for above; nothing else may go wrong.
        unexpected = [e for e in errors + more_errors if "status of 404" not in e]
        assert unexpected == [], unexpected
    finally:
        context.close()
    # A browser that prefers a language Heat lacks reads English.
    context = new_context(browser, locale="pt-BR", viewport=SIZES["desktop"])
    try:
        page = context.new_page()
        page.goto(pseudo_server.base + "/")
        page.wait_for_selector("#create-form")
        assert page.inner_text("#settings-button") == "Settings"
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "fi", "fr", "de"])
def test_the_race_board_fits_in_every_language(
    pseudo_server: WebServer, browser: Browser, language: str, size: str, tmp_path: Path
):
    """The home page, and the race board with a play picked (the preview shown): no text wider than its box and no
    page wider than the screen; the screenshot is kept in the test's folder to look at
    (scripts/web_screenshots.py --languages writes them to docs/screenshots)."""
    made = pseudo_server.create(
        seats=[{"kind": "human"}, {"kind": "bot", "level": "club"}, {"kind": "legend"}],
        track="great-britain",
        weather=True,
    )
    context = speaking(browser, pseudo_server, language, viewport=SIZES[size])
    try:
        page, _frames, errors = new_page(context)
        page.goto(pseudo_server.base + "/")
        page.wait_for_selector("#create-form")
        page.screenshot(path=str(tmp_path / f"home-{language}-{size}.png"), full_page=True)
        assert page.evaluate(OVERFLOWING) == [], "home"
        page.goto(made["seats"][0]["invite"])
        page.fill("#join-name", "Ada")
        page.click("#join-form button")
        page.wait_for_selector("#dock .card")
        page.locator("#dock .hand .card").first.click()
        page.wait_for_timeout(800)
        page.screenshot(path=str(tmp_path / f"race-{language}-{size}.png"))
        assert page.evaluate(OVERFLOWING) == []
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        assert page.evaluate(OVERFLOWING) == []
        assert not errors, errors
    finally:
        context.close()
