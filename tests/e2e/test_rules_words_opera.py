"""Opera's rules in words on the table page: "Why not?" on a role the rules forbid says which rule
forbids it and what the rule is, in the page's language ("不能這樣做（OP-9.3.1）：只有在皇家歌劇院還有空位…"),
not only its ID; the rules panel lists every rule by its ID with the same sentence. The Chinese
page names the roles and Venezia in Chinese (經理人, 夫人, 威尼斯), as the sentences do. Screenshots
(desktop and phone, three languages) go to test-artifacts/e2e/opera-rules/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from parlor.core.registry import all_games
from parlor.core.text import Catalog

from .ui import CHOICES, create_table, for_review

pytestmark = pytest.mark.timeout(180)
SIGNORA_RULE = "OP-9.3.1"  # the Signora needs a composer piece to sell: nobody owns one in round 1
CRITICO_RULE = "OP-9.5.1"  # and no composer piece is performed anywhere yet
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
ITALIAN = ("Impresario", "Architetto", "Signora", "Critico", "Esperto", "Venezia")
# the page's frame around the catalog's sentence (web/src/i18n: notAllowedRule)
NOTICE = {"en": "Not allowed ({rule}): {text}", "zh_TW": "不能這樣做（{rule}）：{text}",
          "es": "No está permitido ({rule}): {text}"}


def catalog(lang: str) -> Catalog:
    return next(game for game in all_games() if game.id == "opera").catalogs()[lang]


def shots(artifacts: Path) -> Path:
    folder = artifacts / "opera-rules"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def in_language(page: Page, lang: str) -> None:
    """Switch the table's page to `lang` through its language menu (the page switches live)."""
    page.select_option("#lang-select", lang)
    expect(page.locator("html")).to_have_attribute("lang", {"zh_TW": "zh-TW"}.get(lang, lang))


def first_to_choose_a_role(page: Page, server: str, lang: str) -> None:
    """A 2-player Opera against a bot where this page bids all it may (OP-6.2: 10 from row 0), so it
    is first in turn order (OP-6.4: it moves first and takes the leftmost slot) and now chooses a role."""
    create_table(page, server, "opera", 2, ["easy"])
    in_language(page, lang)
    bids = page.locator(f"{CHOICES}[data-kind=bid]")
    expect(bids.first).to_be_visible()
    amounts = [json.loads(move)["amount"]
               for move in bids.evaluate_all("buttons => buttons.map(b => b.dataset.move)")]
    bids.nth(amounts.index(max(amounts))).click()
    expect(page.locator(f"{CHOICES}[data-kind=role]").first).to_be_visible(timeout=20_000)


LANGS = ("en", "zh_TW", "es")


def test_why_not_on_the_signora_says_the_rule_in_words(page: Page, server: str, artifacts: Path) -> None:
    """OP-9.3.1: in round 1 nobody owns a composer piece, so tapping the Signora's tile is refused; the
    notice gives the rule's ID and its sentence from the catalog, and fits a phone's width. OP-9.5.1:
    nor is any performed, so the Critico is refused by its own rule, a long sentence that fits too.
    One table reaches the choice of a role; both tiles are tapped again after each switch of language."""
    first_to_choose_a_role(page, server, LANGS[0])
    for lang in LANGS:
        in_language(page, lang)
        signora = page.locator("#board .tryable[data-spot=signora]")
        expect(signora).to_have_count(1)
        signora.dispatch_event("click")
        notice = page.locator("#notice")
        sentence = catalog(lang).rules[SIGNORA_RULE]
        expect(notice).to_have_text(NOTICE[lang].format(rule=SIGNORA_RULE, text=sentence))
        assert notice.get_attribute("data-rule") == SIGNORA_RULE
        if lang == "zh_TW":  # the roles and Venezia by their Chinese names, as the rule sentences say them
            board = page.locator("#board").text_content() or ""
            assert all(word not in board for word in ITALIAN), [w for w in ITALIAN if w in board]
            chinese = ("經理人", "夫人", "評論家", "鑑賞家", "威尼斯")
            assert all(word in board for word in chinese), board[:300]
        folder = shots(artifacts)
        for_review(page, path=str(folder / f"why-not-{lang}-desktop.png"), full_page=True)
        page.set_viewport_size(PHONE)
        expect(notice).to_be_visible()
        box = notice.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        notice.scroll_into_view_if_needed()
        for_review(page, path=str(folder / f"why-not-{lang}-phone.png"))
        # OP-9.5.1, one of the longest sentences: the Critico needs a city where a composer is performed
        page.locator("#board .tryable[data-spot=critico]").dispatch_event("click")
        long = catalog(lang).rules[CRITICO_RULE]
        expect(notice).to_have_text(NOTICE[lang].format(rule=CRITICO_RULE, text=long))
        box = notice.bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE["width"], box
        notice.scroll_into_view_if_needed()
        for_review(page, path=str(folder / f"why-not-critico-{lang}-phone.png"))
        page.set_viewport_size(DESKTOP)


def test_the_rules_panel_lists_each_rule_with_its_sentence(page: Page, server: str, artifacts: Path) -> None:
    """"Every rule by its ID": each of the catalog's Opera rules is listed once, beside its sentence. One
    table; the panel is closed, the language switched and the panel opened afresh for each language."""
    create_table(page, server, "opera", 2, ["easy"])
    panel = page.locator("#rules-panel")
    for lang in LANGS:
        words = catalog(lang).rules
        in_language(page, lang)
        page.click("#open-rules")
        panel.locator(".rule-list summary").click()
        rows = panel.locator(".rule-list dl > div")
        expect(rows).to_have_count(len(words))
        for rule in (SIGNORA_RULE, "OP-7.2", "OP-11.1"):
            row = panel.locator(f"[id='rule-{rule}']")
            expect(row.locator("dt")).to_have_text(rule)
            expect(row.locator("dd")).to_have_text(words[rule])
        folder = shots(artifacts)
        panel.locator(f"[id='rule-{SIGNORA_RULE}']").scroll_into_view_if_needed()
        for_review(page, path=str(folder / f"rules-panel-{lang}-desktop.png"))
        page.set_viewport_size(PHONE)
        panel.locator(f"[id='rule-{SIGNORA_RULE}']").scroll_into_view_if_needed()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        for_review(page, path=str(folder / f"rules-panel-{lang}-phone.png"))
        page.set_viewport_size(DESKTOP)
        panel.locator(".drawer-head .close").click()
        expect(panel).to_have_count(0)
