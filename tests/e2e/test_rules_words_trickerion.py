"""Trickerion's rules in words at the table: "Why not?" on a Trick the rules forbid now says which rule
forbids it and what that rule is, in the page's language ("不能這樣做（TR-2.4）：每位玩家起始有…"), not
only its ID; the rules panel lists every rule by its ID with its sentence. Screenshots (desktop and
phone, en / zh_TW / es) go to test-artifacts/e2e/trickerion-rules/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from .ui import CHOICES, create_table, for_review

pytestmark = pytest.mark.timeout(120)
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
# a Trick of the Dahlgaard Residence the player may not take: during the starting choices only a
# Level-1 Trick of the Magician's favourite category may be taken (TR-2.4)
FORBIDDEN_TRICK = "#board g.tryable:has([data-residence-trick])"
# the notice where the catalog has no sentence for the rule: only its ID
BARE_ID = ("規則現在不允許", "Las reglas no lo permiten", "The rules do not allow")


def rules_of(server: str, lang: str) -> dict[str, str]:
    """Trickerion's rule sentences as the server gives them to the page."""
    rules = httpx.get(f"{server}/api/games/trickerion/text/{lang}", timeout=30).json()["rules"]
    return dict(rules)


LANGS = ("zh_TW", "es", "en")


def open_table(browser: Browser, server: str, size: str) -> tuple[Any, Page]:
    context = browser.new_context(viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone")
    page = context.new_page()
    create_table(page, server, "trickerion", 2, ["random"])
    return context, page


def in_language(page: Page, lang: str) -> None:
    """Switch the table's page to `lang` through its language menu (the page switches live)."""
    page.select_option("#lang-select", lang)
    expect(page.locator("html")).to_have_attribute("lang", {"zh_TW": "zh-TW"}.get(lang, lang))


def reach_the_starting_trick(page: Page) -> None:
    """Play the setup choices before the starting Trick (the Magician, the components), the bot
    playing its own, until a Trick of the Residence is there to be tried."""
    for _ in range(20):
        page.wait_for_function("s => document.querySelector(s)", arg=CHOICES, timeout=30_000)
        moves = page.locator(f"{CHOICES}[data-move]")
        kinds: list[str] = moves.evaluate_all("buttons => buttons.map(b => b.dataset.kind)")
        if "start_trick" in kinds and page.locator(FORBIDDEN_TRICK).count():
            return
        if kinds:
            index = page.locator(".table-page").get_attribute("data-index")
            first = next((i for i, kind in enumerate(kinds) if kind != "start_trick"), 0)
            moves.nth(first).click()
            page.wait_for_function("i => document.querySelector('.table-page').dataset.index !== i",
                                   arg=index, timeout=30_000)
        else:
            page.locator(f"{CHOICES}.step").first.click()
    raise AssertionError("the starting Trick was not reached")


@pytest.mark.parametrize("size", SIZES)
def test_why_not_says_the_rule_in_words(browser: Browser, server: str, artifacts: Path, size: str) -> None:
    """TR-2.4: trying a Trick of another category as the starting Trick tells the rule's sentence from
    the catalog beside its ID, in the page's language, whole on a phone. One table reaches the
    starting Trick; the Trick is tried again after each switch of language."""
    context, page = open_table(browser, server, size)
    in_language(page, LANGS[0])
    reach_the_starting_trick(page)
    for lang in LANGS:
        sentence = rules_of(server, lang)["TR-2.4"]
        in_language(page, lang)
        page.locator(FORBIDDEN_TRICK).first.dispatch_event("click")
        notice = page.locator("#notice")
        expect(notice).to_have_attribute("data-rule", "TR-2.4")
        expect(notice).to_contain_text(sentence)
        expect(notice).to_contain_text("TR-2.4")
        shown = notice.inner_text()
        assert not any(bare in shown for bare in BARE_ID), shown
        box = notice.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"], box
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES[size]["width"], f"the page scrolls sideways ({width}px)"
        notice.scroll_into_view_if_needed()
        out = artifacts / "trickerion-rules"
        out.mkdir(parents=True, exist_ok=True)
        for_review(page, path=str(out / f"why-not-{lang}-{size}.png"))
    context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_rules_panel_lists_every_rule_with_its_sentence(browser: Browser, server: str, artifacts: Path,
                                                            size: str) -> None:
    """The rules panel's "Every rule by its ID" gives each of Trickerion's rules its sentence in the
    page's language (TR-12.4, Set up Trick, as one a player looks up). One table; the panel is closed,
    the language switched and the panel opened afresh for each language."""
    context, page = open_table(browser, server, size)
    panel = page.locator("#rules-panel")
    for lang in LANGS:
        rules = rules_of(server, lang)
        in_language(page, lang)
        page.click("#open-rules")
        expect(panel).to_be_visible()
        panel.locator(".rule-list summary").click()
        rule = panel.locator("[id='rule-TR-12.4']")
        expect(rule.locator("dt")).to_have_text("TR-12.4")
        expect(rule.locator("dd")).to_have_text(rules["TR-12.4"])
        expect(panel.locator(".rule-list dd")).to_have_count(len(rules))
        rule.scroll_into_view_if_needed()
        out = artifacts / "trickerion-rules"
        out.mkdir(parents=True, exist_ok=True)
        for_review(page, path=str(out / f"rules-panel-{lang}-{size}.png"))
        panel.locator(".drawer-head .close").click()
        expect(panel).to_have_count(0)
    context.close()
