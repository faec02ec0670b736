"""Amounts in log lines and choices read like the components (TABLE.md "Seeing", "Words"): a token a
game's catalog writes, Star Road's `[W]` (SR-0.5: X[W] is X resource markers), is drawn inline as the
game's resource marker, at the height of the text, named by the catalog's `[ui] icon_W` in the page's
language; no "[W]" shows in en, zh_TW or es. A token the game registered no drawing for (the fixture
game's `[P]`) stays as written."""

from __future__ import annotations

import random
import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .test_board_starroad import set_lang
from .ui import click_choice, create_table, for_review, offered, play_active, play_until

pytestmark = pytest.mark.timeout(300)
LANGS = ("en", "zh_TW", "es")
# a log line or choice with an icon in it, the first one
ICON = ".inline-icon[data-icon=W]"


def icon_words(server: str, game: str, token: str, lang: str) -> list[str]:
    """A token's word in `lang`: its forms ("resource|resources", one for Chinese)."""
    return str(httpx.get(f"{server}/api/games/{game}/text/{lang}").json()["ui"][f"icon_{token}"]).split("|")


def play_until_icons(page: Page, rng: random.Random) -> None:
    """Keep a character card, then produce objects (the first choice each time) until a log line shows
    a resource marker (each character acquires [W] each turn, SR-5.2) and a choice puts [W] on an
    object (SR-8.3)."""
    play_active(page, rng, 1)
    invest = page.locator(f"#decision button[data-kind=invest] {ICON}")
    for _ in range(40):
        if page.locator(f"#log {ICON}").count() and invest.count():
            return
        panel = offered(page)
        if panel["final"]:
            break
        click_choice(page, panel, 0)  # a step narrows the panel; a move is waited for till the table has it
    raise AssertionError("no log line and choice with an amount of [W]")


# every icon the selector finds is named by one of the words
NAMED_JS = """([icons, words]) => [...document.querySelectorAll(icons)]
  .every((e) => words.includes(e.getAttribute('aria-label')))"""


def check_icons(page: Page, where: str, words: list[str], token: str = "W") -> None:
    """Every token in `where` is an icon named by one of its `words`, on its line of text, as tall as
    the letters."""
    selector = f"{where} .inline-icon[data-icon={token}]"
    icons = page.locator(selector)
    expect(icons.first).to_be_attached()
    try:  # after a language switch the icons are named anew once the catalog in that language is in
        page.wait_for_function(NAMED_JS, arg=[selector, words], timeout=15_000)
    except PlaywrightTimeout:
        pass  # the check below says which icon is named otherwise
    assert f"[{token}]" not in page.locator(where).inner_text()
    for label in icons.evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))"):
        assert label in words, (label, words)
    boxes = icons.evaluate_all("""(els) => els.map((e) => {
        const icon = e.getBoundingClientRect()
        const line = e.parentElement.getBoundingClientRect()
        const size = parseFloat(getComputedStyle(e).fontSize)
        const inside = icon.top >= line.top - 1 && icon.bottom <= line.bottom + 1
        return { height: icon.height, size, inside }
    })""")
    for box in boxes:
        assert box["inside"], box
        assert 0.9 * box["size"] <= box["height"] <= 1.4 * box["size"], box


@pytest.mark.parametrize("viewport", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_star_road_amounts_are_resource_markers(browser: Browser, server: str, artifacts: Path,
                                                viewport: tuple[int, int]) -> None:
    width, height = viewport
    ctx = browser.new_context(locale="en-US", viewport={"width": width, "height": height},
                              is_mobile=width < 500, has_touch=width < 500)
    page = ctx.new_page()
    create_table(page, server, "starroad", 2, ["easy"])
    play_until_icons(page, random.Random(3))
    out = artifacts / "icons"
    out.mkdir(parents=True, exist_ok=True)
    name = "desktop" if width > 500 else "phone"
    for lang in LANGS:
        set_lang(page, lang)
        words = icon_words(server, "starroad", "W", lang)
        check_icons(page, "#log", words)
        check_icons(page, "#decision", words)
        # the choice copied or read as text says the word, on the line of its sentence
        choice = page.locator("#decision button[data-kind=invest] .move-text").first.inner_text()
        assert words[0] in choice.split("\n")[0], choice  # "Put 1 resource on it"

        page.locator("#log").scroll_into_view_if_needed()
        page.locator("#log").evaluate("(e) => { e.scrollTop = e.scrollHeight }")
        for_review(page.locator("#log"), path=str(out / f"log-{lang}-{name}.png"))
        for_review(page.locator("#decision"), path=str(out / f"decision-{lang}-{name}.png"))
    ctx.close()


def test_trickerion_amounts_are_its_components(browser: Browser, server: str, artifacts: Path) -> None:
    """Trickerion's log lines draw Coins, Fame and Shards as its coin, star and shard (Fame and Coins
    of advertising, TR-6, of Downtown, TR-9, of wages, TR-15), named in the page's language."""
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    create_table(page, server, "trickerion", 2, ["easy"])
    rng = random.Random(4)
    drawn = page.locator("#log .inline-icon")
    play_until(page, rng, lambda: drawn.count() >= 2 or page.locator("#final-result").count() > 0, 60)
    expect(drawn.first).to_be_attached()
    out = artifacts / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for lang in LANGS:
        page.select_option("#lang-select", lang)
        for token in sorted(set(drawn.evaluate_all("(els) => els.map((e) => e.dataset.icon)"))):
            check_icons(page, "#log", icon_words(server, "trickerion", token, lang), token)
        assert not re.search(r"\[(?:Fame|Coin|Shard)\]", page.locator("#log").inner_text())
        page.locator("#log").evaluate("(e) => { e.scrollTop = e.scrollHeight }")
        for_review(page.locator("#log"), path=str(out / f"trickerion-log-{lang}-desktop.png"))
    ctx.close()


def test_opera_bids_are_ducats(browser: Browser, server: str, artifacts: Path) -> None:
    """Opera's bids (OP-6.1: each player bids whole ducats) read as the coin, named in the page's
    language, on a phone too."""
    ctx = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844}, is_mobile=True,
                              has_touch=True)
    page = ctx.new_page()
    create_table(page, server, "opera", 2, ["easy"])
    bids = page.locator("#decision button[data-kind=bid]")
    expect(bids.first).to_be_visible()
    out = artifacts / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for lang in LANGS:
        page.select_option("#lang-select", lang)
        check_icons(page, "#decision", icon_words(server, "opera", "Ducat", lang), "Ducat")
        for_review(page.locator("#decision"), path=str(out / f"opera-decision-{lang}-phone.png"))
    ctx.close()


def test_a_token_without_a_drawing_stays_text(page: Page, server: str) -> None:
    """The fixture game registers no icons: its "takes [P] 3" shows the token as written."""
    create_table(page, server, "sealed_bids", 2, ["easy"])
    rng = random.Random(5)
    took = page.locator("#log li[data-kind=took]")
    play_until(page, rng, took, 30)
    expect(took.first).to_contain_text("[P]")
    assert not page.locator("#log .inline-icon").count()
