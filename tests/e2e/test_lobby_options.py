"""The lobby offers each game's options in words (issue 15): the standard rules preselected, each option
with a one-line description, described values as radio buttons, the house rules of the notes as one
choice, an unavailable module shown but not selectable; no internal id or English word in a translated
lobby."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from installed_games import INSTALLED

from .page_text import problems

pytestmark = pytest.mark.timeout(120)

GAMES = INSTALLED


def open_options(page: Page, base: str, game: str, lang: str) -> None:
    page.goto(f"{base}/#/")
    page.select_option("#lang-select", lang)
    page.locator(f"input[name=game][value={game}]").check()
    details = page.locator("details.option-list")
    if not details.evaluate("d => d.open"):
        details.locator("summary").click()


@pytest.mark.parametrize("lang", ["en", "zh_TW", "es"])
def test_options_in_words(browser: Browser, server: str, lang: str) -> None:
    for size in ({"width": 1280, "height": 900}, {"width": 390, "height": 844}):
        page = browser.new_page(viewport=size)
        for game in GAMES:
            open_options(page, server, game, lang)
            expect(page.locator("#preset")).to_have_value("standard")
            words = httpx.get(f"{server}/api/games/{game}/text/{lang}").json()["options"]
            for name, entry in words.items():
                expect(page.locator(f"#opt-{name}").first).to_be_attached()
                assert entry["label"] in page.locator(".options").inner_text(), (game, lang, name)
            found = problems(page, game, lang)
            assert not found, (game, lang, found[:8])
        page.close()


def test_house_rules_preset_creates_the_table_with_them(page: Page, server: str) -> None:
    """A-01, A-04: the notes' readings chosen together give a table with exactly those options."""
    open_options(page, server, "trickerion", "en")
    page.select_option("#preset", "notes")
    expect(page.locator("#opt-prepare_blocked_by_theater_markers")).to_be_checked()
    expect(page.locator("#opt-two_player_second_start_coins input[value='12']")).to_be_checked()
    page.select_option("#players", "2")
    page.fill("#your-name", "Ada")
    page.select_option("#seat-0", "open")
    page.select_option("#seat-1", "random")
    page.click("#create-table")
    page.wait_for_url(re.compile(r"#/t/"))
    table = page.url.split("#/t/")[1]
    options = httpx.get(f"{server}/api/tables/{table}").json()["options"]
    assert options["prepare_blocked_by_theater_markers"] is True
    assert options["two_player_second_start_coins"] == 12


def test_unavailable_module_cannot_be_chosen(page: Page, server: str) -> None:
    """TR-21, TR-22 (A-23): Magician Powers and the Duel are shown, greyed, and cannot be ticked."""
    open_options(page, server, "trickerion", "en")
    for name in ("magician_powers", "duel_of_magicians"):
        expect(page.locator(f"#opt-{name}")).to_be_disabled()
