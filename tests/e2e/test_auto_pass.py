"""Passing for the player when a pass is all they may do (the table's settings): at Star Road's table
every declaration asks each other player in turn whether to respond (SR-10.6), and at eight players
about two thirds of a player's decisions offer nothing but "Pass". The decision panel offers, under a
lone Pass, to choose it for the player from then on, in the page's language; once asked, such a pass
goes by itself, and the choice is kept in the browser's settings. Off by default: a pass sent at once
tells the others that nothing else was possible."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, Page, expect

from .test_board_starroad import set_lang
from .ui import create_table, play_until

pytestmark = pytest.mark.timeout(300)
LONE_PASS = "#decision:has(button.choice[data-kind=pass]):not(:has(button.choice:not([data-kind=pass])))"
OFFER = {"en": "for me whenever it is my only choice", "zh_TW": "自動替我選", "es": "por mí siempre que sea"}


def index(page: Page) -> int:
    return int(page.locator(".table-page").get_attribute("data-index") or "0")


def test_a_lone_pass_is_offered_then_sent_for_the_player(browser: Browser, server: str) -> None:
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    create_table(page, server, "starroad", 4, ["random"] * 3)
    assert play_until(page, random.Random(2), page.locator(LONE_PASS), 60), "never asked to pass alone"
    offer = page.locator("#auto-pass")
    expect(offer).not_to_be_checked()  # off until the player asks
    for lang, words in OFFER.items():
        set_lang(page, lang)
        label = page.locator("label.auto-pass").inner_text()
        button = page.locator("#decision button.choice[data-kind=pass] .move-text").inner_text()
        assert words in label and button.strip() in label, (label, button)
    set_lang(page, "en")
    before = index(page)
    page.locator("#auto-pass").check()
    # the pass goes by itself: the table moves on without a click
    page.wait_for_function(f"() => Number(document.querySelector('.table-page').dataset.index) > {before}",
                           timeout=15_000)
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('parlor.settings')).autoPass")
    assert stored is True
    page.click("#open-settings")
    expect(page.locator("#setting-autoPass")).to_be_checked()
    ctx.close()
