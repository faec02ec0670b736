"""The page speaks zh-TW, English and Spanish: the default follows the browser's language, the
switch changes every part of the table (UI strings from web/src/i18n, move labels and log lines
from the game's catalog). A screenshot of each game's table in each language, on a desktop and
on a 390x844 phone, is saved under test-artifacts/e2e/."""

from __future__ import annotations

import random
import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, Route, expect

from parlor.core import all_games

from .ui import CHOICES, alter_moves, create_table, for_review

pytestmark = pytest.mark.timeout(120)
GAMES = [game.id for game in all_games()]
# the status sentence when the page's player decides: "You must <step>" ("Your decision" if unnamed)
HEADINGS = {"en": re.compile("^(Your decision|You must )"), "zh_TW": re.compile("^(輪到你決定|你必須)"),
            "es": re.compile("^(Tu decisión|Debes )")}


@pytest.mark.parametrize(("locale", "tagline"), [("zh-TW", "和朋友與電腦玩家一起玩現代桌遊"),
                                                  ("es-ES", "Juega a juegos de mesa modernos"),
                                                  ("en-US", "Play modern board games")])
def test_default_language_follows_the_browser(browser: Browser, server: str, locale: str,
                                              tagline: str) -> None:
    ctx = browser.new_context(locale=locale)
    page = ctx.new_page()
    page.goto(f"{server}/#/")
    expect(page.locator(".tagline")).to_contain_text(tagline)
    ctx.close()


@pytest.mark.parametrize(("locale", "hard", "expert"), [
    ("zh-TW", "電腦：困難", "電腦：專家"), ("es-ES", "Bot: difícil", "Bot: experto"),
    ("en-US", "Bot: hard", "Bot: expert")])
def test_bot_levels_are_named_in_the_page_language(browser: Browser, server: str, artifacts: Path,
                                                   locale: str, hard: str, expert: str) -> None:
    """The seat menus name the levels in the page's language (expert included) and offer medium
    by default; a screenshot of the lobby with an expert seat, on a desktop and a phone."""
    for size, viewport in (("desktop", {"width": 1280, "height": 900}),
                           ("phone", {"width": 390, "height": 844})):
        ctx = browser.new_context(locale=locale, viewport=viewport)  # type: ignore[arg-type]
        page = ctx.new_page()
        page.goto(f"{server}/#/")
        page.locator("input[name=game][value=sealed_bids]").check()
        expect(page.locator("#seat-1 option[value=hard]")).to_have_text(hard)
        expect(page.locator("#seat-1 option[value=expert]")).to_have_text(expert)
        expect(page.locator("#seat-1")).to_have_value("medium")
        page.locator("#seat-1").select_option("expert")
        page.locator("#seat-1").scroll_into_view_if_needed()
        for_review(page, path=str(artifacts / f"lobby-expert-{locale}-{size}.png"))
        ctx.close()


def catalog_move(server: str, game: str, lang: str, kind: str) -> str:
    template = httpx.get(f"{server}/api/games/{game}/text/{lang}").json()["moves"].get(kind, "")
    return template.split("{")[0].strip()


def show_moves(page: Page) -> None:
    """Narrow a long decision (piece, then place, ...) until moves show."""
    page.wait_for_function("s => document.querySelector(s)", arg=CHOICES, timeout=20_000)
    while not page.locator(f"{CHOICES}[data-move]").count():
        page.locator(f"{CHOICES}.step").first.click()


def play_a_few(page: Page, moves: int) -> None:
    rng = random.Random(3)
    for _ in range(moves):
        page.wait_for_function("s => document.querySelector(s)", arg=CHOICES, timeout=20_000)
        index = page.locator(".table-page").get_attribute("data-index")
        moved = page.locator(f"{CHOICES}[data-move]")
        if moved.count():
            moved.nth(rng.randrange(moved.count())).click()
            page.wait_for_function("i => document.querySelector('.table-page').dataset.index !== i",
                                   arg=index, timeout=20_000)
        else:
            page.locator(CHOICES).first.click()


@pytest.mark.parametrize("game", GAMES)
def test_language_switch_on_each_game(browser: Browser, server: str, artifacts: Path, game: str) -> None:
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    table = create_table(page, server, game, 2, ["easy"])
    play_a_few(page, 2)
    for lang, html in (("zh_TW", "zh-TW"), ("es", "es"), ("en", "en")):
        page.select_option("#lang-select", lang)
        expect(page.locator("html")).to_have_attribute("lang", html)
        expect(page.locator("#decision h3")).to_contain_text(HEADINGS[lang])
        show_moves(page)
        kind = page.locator(f"{CHOICES}[data-move]").first.get_attribute("data-kind") or ""
        words = catalog_move(server, game, lang, kind)
        if words:
            expect(page.locator(f"#decision button.move[data-kind='{kind}']").first).to_contain_text(words)
        if page.locator("#log li").count():
            expect(page.locator("#log li").first).not_to_be_empty()
        for_review(page, path=str(artifacts / f"{game}-{lang}-desktop.png"), full_page=True)
    phone = browser.new_context(locale="zh-TW", viewport={"width": 390, "height": 844}, is_mobile=True,
                                has_touch=True)
    small = phone.new_page()
    small.goto(f"{server}/#/t/{table}")
    expect(small.locator(".table-page")).to_be_visible()
    expect(small.locator("html")).to_have_attribute("lang", "zh-TW")
    width = small.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the phone page scrolls sideways ({width}px)"
    for_review(small, path=str(artifacts / f"{game}-zh_TW-phone.png"), full_page=False)
    phone.close()
    ctx.close()


@pytest.mark.parametrize(("locale", "lang", "words"), [("zh-TW", "zh_TW", "規則現在不允許這個行動"),
                                                      ("es-ES", "es", "Las reglas no permiten esa jugada")])
def test_a_refused_move_reads_in_the_page_language(browser: Browser, server: str, artifacts: Path,
                                                   locale: str, lang: str, words: str) -> None:
    """A move the server refuses over the socket (a bid of 50, which OP-6.2 forbids: the page's bid
    is altered on its way) is told in the page's language with the rule's ID (and the rule's
    sentence when the catalog has one), never in the server's English sentence."""
    ctx = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    page = ctx.new_page()

    alter_moves(page, "bid", "amount", 50)
    create_table(page, server, "opera", 2, ["easy"])
    show_moves(page)
    page.locator(f"{CHOICES}[data-move][data-kind=bid]").first.click()
    refusal = page.locator("#refusal")
    expect(refusal).to_be_visible()
    expect(refusal).to_have_attribute("data-code", "illegal_move")
    expect(refusal).to_contain_text("OP-6.2")
    rule = httpx.get(f"{server}/api/games/opera/text/{lang}").json()["rules"].get("OP-6.2")
    expect(refusal).to_contain_text(rule or words)
    assert "must be between" not in refusal.inner_text() and "rules do not" not in refusal.inner_text()
    for_review(page, path=str(artifacts / f"refusal-{lang}-desktop.png"))
    ctx.close()


def test_a_language_switch_never_shows_the_last_languages_names(browser: Browser, server: str) -> None:
    """Players are named with the server's words for the page's language (`/api/words/{lang}`).
    While the new language's words are on their way the page names nobody rather than showing the
    last language's names: a Chinese page never reads "Bot 2 (random)" (seen under load, when a
    check ran before the words arrived)."""
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    held: list[Route] = []
    def hold(route: Route) -> None:
        held.append(route)  # answered only at the end of the test

    page.route("**/api/words/zh_TW", hold)
    create_table(page, server, "sealed_bids", 3, ["random", "random"])
    body = page.locator("body")
    expect(body).to_contain_text("Bot 2 (random)")
    page.select_option("#lang-select", "zh_TW")
    expect(page.locator("html")).to_have_attribute("lang", "zh-TW")
    page.wait_for_timeout(500)
    assert held, "the page asked for the Chinese words"
    text = body.inner_text()
    assert "(random)" not in text and "Bot 2" not in text, text
    for route in held:
        route.continue_()
    expect(body).to_contain_text("電腦 2（隨機）")
    ctx.close()
