"""Playing the browser board by clicking, as a person would: the tests' hands."""

from __future__ import annotations

import time

from playwright.sync_api import ElementHandle, Error, Locator, Page

CLICK_MS = 3000
"""How long a click waits for its target: the page re-renders when a state arrives, so a button
seen a moment ago may be gone (the question answered, another's move); the next try looks again."""


def click(page: Page, selector: str) -> bool:
    """Click ``selector`` if it is there and enabled within ``CLICK_MS``; False if not."""
    try:
        page.click(selector, timeout=CLICK_MS)
    except Error:
        return False
    return True


def visible(page: Page, selector: str) -> bool:
    return page.locator(selector).first.is_visible() if page.locator(selector).count() else False


def enabled(locator: Locator) -> bool:
    """Whether ``locator``'s element is enabled; False if it is gone within ``CLICK_MS`` (the
    question answered between the look and the ask) instead of the default 30 s wait's error."""
    try:
        return locator.is_enabled(timeout=CLICK_MS)
    except Error:
        return False


def answered(page: Page, button: ElementHandle | None) -> str:
    """After ``button`` committed a decision: "asked" if the page asks for confirmation and the
    engine's reason says the play may spin out, "confirm" if it asks for another reason, "sent"
    once the button is gone or disabled (the decision went to the server)."""
    try:
        page.wait_for_function(
            "button => document.querySelector('dialog[open]') || !button || !button.isConnected || button.disabled",
            arg=button,
            timeout=CLICK_MS,
        )
    except Error:
        return "sent"
    if not visible(page, "#confirm-yes"):
        return "sent"
    return "asked" if "spin" in page.inner_text("#confirm-body") else "confirm"


def plan_by_clicking(page: Page) -> bool:
    """Pick a gear (one up from the car's, or lower) and the first cards that make a legal
    play, then commit; a play the page warns may spin out is taken back for a lower gear (the
    last gear tried is played anyway), so that the race does not drag on. False if no gear
    gives a legal play."""
    gears = page.locator("[data-gear]")
    open_gears = [int(g.get_attribute("data-gear") or 0) for g in gears.all() if g.is_enabled()]
    pressed = page.locator('[data-gear][aria-pressed="true"]')
    current = int(pressed.get_attribute("data-gear") or 1) if pressed.count() else 1
    wanted = [g for g in sorted(open_gears, reverse=True) if g <= current + 1] or open_gears
    for number, gear in enumerate(wanted, 1):
        page.click(f'[data-gear="{gear}"]', timeout=CLICK_MS)
        if visible(page, "#clear") and enabled(page.locator("#clear")):
            page.click("#clear", timeout=CLICK_MS)
        cards = page.locator("#dock .hand .card")
        for index in range(cards.count()):
            card = page.locator(f'#dock .card[data-index="{index}"]')
            if "heat" in (card.get_attribute("class") or ""):
                continue
            card.click(timeout=CLICK_MS)
            if enabled(page.locator("#commit")):
                commit = page.locator("#commit").element_handle(timeout=CLICK_MS)
                page.click("#commit", timeout=CLICK_MS)
                outcome = answered(page, commit)
                if outcome == "asked" and number < len(wanted):
                    page.click("#confirm-no", timeout=CLICK_MS)
                    break
                if outcome != "sent":
                    page.click("#confirm-yes", timeout=CLICK_MS)
                return True
        if enabled(page.locator("#clear")):
            page.click("#clear", timeout=CLICK_MS)
    return False


PREFERRED = ("slipstream", "draft", "keep", "no swap", "cooldown", "done")
"""The options the driver takes first, in this order: those that keep the race short and cool."""


def act(page: Page) -> bool:
    """Make the decision the page asks for, if any, by clicking; True if something was clicked."""
    if visible(page, "#confirm-yes"):
        return click(page, "#confirm-yes")
    if visible(page, "#handoff-go"):
        return click(page, "#handoff-go")
    if visible(page, "#commit"):
        if page.locator("[data-gear]").count():
            try:
                return plan_by_clicking(page)
            except Error:  # the question changed while picking: look again
                return False
        return enabled(page.locator("#commit")) and click(page, "#commit")
    options = page.locator("#dock [data-decision], .dock [data-decision]")
    if options.count() and enabled(options.first):
        texts = [o.get_attribute("data-decision") or "" for o in options.all()]
        ranked = sorted(
            range(len(texts)),
            key=lambda i: next((k for k, word in enumerate(PREFERRED) if texts[i].startswith(word)), len(PREFERRED)),
        )
        try:
            chosen = options.nth(ranked[0]).element_handle(timeout=CLICK_MS)
            options.nth(ranked[0]).click(timeout=CLICK_MS)
            if answered(page, chosen) == "asked" and len(ranked) > 1:
                page.click("#confirm-no", timeout=CLICK_MS)
                options.nth(ranked[1]).click(timeout=CLICK_MS)
        except Error:
            return False
        return True
    return False


def play_until(page: Page, done: str, limit: float = 400.0) -> int:
    """Click through decisions until ``done`` (a selector) shows; the number of clicks."""
    clicks = 0
    end = time.monotonic() + limit
    while not visible(page, done):
        assert time.monotonic() < end, f"{done} never showed; the page says: {page.inner_text('main')[:600]}"
        if act(page):
            clicks += 1
            page.wait_for_timeout(60)
        else:
            page.wait_for_timeout(150)
    return clicks
