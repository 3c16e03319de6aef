"""Playing the browser board by clicking, as a person would: the tests' hands."""

from __future__ import annotations

import time

from playwright.sync_api import Page


def visible(page: Page, selector: str) -> bool:
    return page.locator(selector).first.is_visible() if page.locator(selector).count() else False


def plan_by_clicking(page: Page) -> bool:
    """Pick a gear (one up from the car's, or lower) and the first cards that make a legal
    play, then commit; False if no gear gives one."""
    gears = page.locator("[data-gear]")
    enabled = [int(g.get_attribute("data-gear") or 0) for g in gears.all() if g.is_enabled()]
    pressed = page.locator('[data-gear][aria-pressed="true"]')
    current = int(pressed.get_attribute("data-gear") or 1) if pressed.count() else 1
    wanted = [g for g in sorted(enabled, reverse=True) if g <= current + 1] or enabled
    for gear in wanted:
        page.click(f'[data-gear="{gear}"]')
        if visible(page, "#clear") and page.locator("#clear").is_enabled():
            page.click("#clear")
        cards = page.locator("#dock .hand .card")
        for index in range(cards.count()):
            card = page.locator(f'#dock .card[data-index="{index}"]')
            if "heat" in (card.get_attribute("class") or ""):
                continue
            card.click()
            if page.locator("#commit").is_enabled():
                page.click("#commit")
                return True
        if page.locator("#clear").is_enabled():
            page.click("#clear")
    return False


def act(page: Page) -> bool:
    """Make the decision the page asks for, if any, by clicking; True if something was clicked."""
    if visible(page, "#confirm-yes"):
        page.click("#confirm-yes")
        return True
    if visible(page, "#handoff-go"):
        page.click("#handoff-go")
        return True
    if visible(page, "#commit"):
        if page.locator("[data-gear]").count():
            return plan_by_clicking(page)
        if page.locator("#commit").is_enabled():
            page.click("#commit")
            return True
        return False
    options = page.locator("#dock [data-decision], .dock [data-decision]")
    if options.count() and options.first.is_enabled():
        texts = [o.get_attribute("data-decision") or "" for o in options.all()]
        pick = next(
            (i for i, text in enumerate(texts) if text.startswith(("slipstream", "draft", "keep", "no swap"))), 0
        )
        options.nth(pick).click()
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
