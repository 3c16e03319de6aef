"""Screenshots of the browser board's main screens, desktop and phone, light and dark, into
docs/screenshots (docs/web.md shows them). Starts its own ``heat serve`` on a temporary database
and drives Debian's Chromium; nothing outside the temporary folder and docs/screenshots is
written.

    .venv/bin/python scripts/web_screenshots.py              # the screens, in English
    .venv/bin/python scripts/web_screenshots.py --languages  # the race board in en, fi, fr, de
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, sync_playwright

from heat.server.client import Seat

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from services import CHROMIUM, CHROMIUM_FLAGS, HeatServe

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
PACE = 0.06
"""Seconds between two decisions of the scripted player: a faster one is rate-limited."""
SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


def create(base: str, **body: Any) -> dict[str, Any]:
    body.setdefault("seconds", 3600)
    response = httpx.post(f"{base}/api/tables", json=body, timeout=30)
    response.raise_for_status()
    return dict(response.json())


async def play_rounds(made: dict[str, Any], rounds: int | None, seed: int = 7) -> None:
    """Seat 0 plays random legal decisions (up to ``rounds`` rounds, or to the end)."""
    rng = random.Random(seed)
    seat = await Seat.open(made["socket"], made["seats"][0]["token"], "Ann")
    while seat.state["status"] not in ("over", "closed"):
        view = seat.state.get("view") or {}
        if rounds is not None and view.get("round", 0) > rounds and seat.legal and seat.legal[0].startswith("gear"):
            break
        if seat.legal:
            choices = [d for d in seat.legal if not d.startswith("gear 1 ")] or seat.legal
            await asyncio.sleep(PACE)  # under the server's 20 messages a second (docs/server.md)
            answer = await seat.decide(rng.choice(choices))
            if answer["type"] == "accepted":
                await seat.until(lambda m, v=answer["version"]: m["type"] == "state" and m["version"] >= v)
        else:
            with contextlib.suppress(TimeoutError):
                await seat.next(5)
    await seat.close()


def join(page: Page, link: str, name: str = "Ann") -> None:
    page.goto(link)
    page.fill("#join-name", name)
    page.click("#join-form button")


def shoot(page: Page, name: str) -> None:
    page.wait_for_timeout(700)
    page.screenshot(path=str(OUT / f"{name}.png"), full_page=False)
    print("wrote", OUT / f"{name}.png")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as temp:
        server = HeatServe(Path(temp) / "heat.db", "--no-fsync", "--away-grace", "3600").start()
        base = server.base
        try:
            bots = [{"kind": "human"}, *[{"kind": "bot", "level": "club"}] * 3]
            mid = create(base, seats=bots, track="usa", title="USA vs club bots")
            asyncio.run(play_rounds(mid, 3))
            done = create(base, seats=bots, practice=True, title="Practice")
            asyncio.run(play_rounds(done, None))
            gb = create(
                base,
                seats=[{"kind": "human"}, {"kind": "bot", "level": "club"}, {"kind": "legend"}],
                track="great-britain",
                weather=True,
                title="Great Britain in the rain",
            )
            asyncio.run(play_rounds(gb, 2))
            season = create(
                base,
                seats=[{"kind": "human"}, {"kind": "bot", "level": "club"}, {"kind": "bot", "level": "pro"}],
                mode="championship",
                title="1961",
            )
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
                for theme in ("light", "dark"):
                    for size, viewport in SIZES.items():
                        context = browser.new_context(
                            viewport=viewport,
                            color_scheme=theme,
                            reduced_motion="reduce",
                            device_scale_factor=1 if size == "desktop" else 2,
                        )
                        page = context.new_page()
                        page.goto(base + "/")
                        page.wait_for_selector("#create-form")
                        shoot(page, f"web-home-{size}-{theme}")
                        page.select_option("#seat-kind-1", "here")
                        page.select_option("#seat-kind-2", "legend")
                        page.select_option("#seat-kind-3", "none")
                        page.check("#f-practice")
                        page.click("#create-form button[type=submit]")
                        page.wait_for_selector("#handoff-go")
                        shoot(page, f"web-handoff-{size}-{theme}")
                        join(page, mid["seats"][0]["invite"])
                        page.wait_for_selector("#dock .card")
                        cards = page.locator("#dock .hand .card")
                        picked = 0
                        gear = page.locator('[data-gear][aria-pressed="true"]').get_attribute("data-gear") or "1"
                        for index in range(cards.count()):
                            card = cards.nth(index)
                            if "heat" in (card.get_attribute("class") or "") or picked >= int(gear):
                                continue
                            card.click()
                            picked += 1
                        page.wait_for_timeout(600)
                        shoot(page, f"web-race-{size}-{theme}")
                        if size == "desktop":
                            page.screenshot(path=str(OUT / f"web-race-full-{theme}.png"), full_page=True)
                        join(page, gb["seats"][0]["invite"])
                        page.wait_for_selector("#dock .card")
                        shoot(page, f"web-great-britain-{size}-{theme}")
                        join(page, done["seats"][0]["invite"])
                        page.wait_for_selector("#stats-table")
                        shoot(page, f"web-results-{size}-{theme}")
                        if size == "desktop":
                            page.screenshot(path=str(OUT / f"web-results-full-{theme}.png"), full_page=True)
                        page.goto(f"{base}/t/{done['table']}/replay")
                        page.wait_for_selector("#replay-slider")
                        page.click("#replay-round-forward")
                        page.click("#replay-round-forward")
                        shoot(page, f"web-replay-{size}-{theme}")
                        join(page, season["seats"][0]["invite"])
                        page.wait_for_selector("#scorepad")
                        shoot(page, f"web-championship-{size}-{theme}")
                        context.close()
                browser.close()
        finally:
            server.stop()


LANGUAGES = ("en", "fi", "fr", "de")


def languages() -> None:
    """The race board (a play picked, its preview shown) in each language, phone and desktop,
    light: web-race-LANG-SIZE.png. The page's language is chosen as the switch keeps it."""
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as temp:
        server = HeatServe(Path(temp) / "heat.db", "--no-fsync", "--away-grace", "3600").start()
        try:
            seats = [{"kind": "human"}, {"kind": "bot", "level": "club"}, {"kind": "legend"}]
            made = create(server.base, seats=seats, track="great-britain", weather=True, title="Great Britain")
            asyncio.run(play_rounds(made, 2))
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
                for language in LANGUAGES:
                    for size, viewport in SIZES.items():
                        scale = 1 if size == "desktop" else 2
                        options = {"viewport": viewport, "reduced_motion": "reduce", "device_scale_factor": scale}
                        context = browser.new_context(**options)
                        context.add_init_script(f"localStorage.setItem('heat.lang', '{language}')")
                        context.add_cookies([{"name": "heat_lang", "value": language, "url": server.base}])
                        page = context.new_page()
                        join(page, made["seats"][0]["invite"])
                        page.wait_for_selector("#dock .card")
                        page.locator("#dock .hand .card").first.click()
                        shoot(page, f"web-race-{language}-{size}")
                        context.close()
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    languages() if sys.argv[1:] == ["--languages"] else main()
