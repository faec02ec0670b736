"""Skyrise's rules in words at the table: a neighborhood no move may name, tapped on the board ("Why
not?", TABLE.md), says which rule forbids it *and what that rule is*, in the page's language, from
the game's catalog ([rules]); the rules panel lists every rule by its ID with its sentence. The log
shows prestige as the scoring disc (`[Prestige]`, TABLE.md "Seeing"), never as a bracketed token.
Screenshots (desktop and 390x844, en / zh_TW / es): test-artifacts/e2e/rules-words-skyrise/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from parlor.core.registry import get_game

from .conftest import ARTIFACTS
from .ui import create_table, finished_game, for_review

pytestmark = pytest.mark.timeout(180)
SHOTS = ARTIFACTS / "rules-words-skyrise"
CATALOGS = get_game("skyrise").catalogs()
# the start of the page's "Not allowed (SK-6.2): <the rule>" (web/src/i18n notAllowedRule)
NOT_ALLOWED = {"en": "Not allowed", "zh_TW": "不能這樣做", "es": "No está permitido"}
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}


def wait_for_my_turn(page: Page) -> None:
    page.wait_for_function("() => document.querySelector('.table-page[data-my-turn=yes]')", timeout=30_000)


def tap_a_forbidden_place(page: Page) -> Locator:
    """Tap the first spot of the board that no legal move names; the notice it opens."""
    tried = page.locator("#board .tryable")
    expect(tried.first).to_be_attached()
    tried.first.dispatch_event("click")
    notice = page.locator("#notice")
    expect(notice).to_have_attribute("data-rule", re.compile(r"^SK-\d+(\.\d+)+$"))
    return notice


LANGS = ("zh_TW", "es", "en")


def in_language(page: Page, lang: str) -> None:
    """Switch the table's page to `lang` through its language menu (the page switches live)."""
    page.select_option("#lang-select", lang)
    expect(page.locator("html")).to_have_attribute("lang", {"zh_TW": "zh-TW"}.get(lang, lang))


def test_why_not_says_the_rule_in_words(page: Page, server: str) -> None:
    """SK-5.2.1 (opening: central island or next to a structure), SK-5.4 (a raise goes next to the
    most recent bid), SK-5.7 (a bid's neighborhood is taken): whichever rule forbids the tapped
    place, the notice holds its sentence from the catalog, not only its ID. One table; the place is
    tapped again after each switch of language."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    create_table(page, server, "skyrise", 2, ["random"])
    for lang in LANGS:
        in_language(page, lang)
        wait_for_my_turn(page)
        notice = tap_a_forbidden_place(page)
        rule = notice.get_attribute("data-rule") or ""
        sentence = CATALOGS[lang].rules.get(rule)
        assert sentence, f"{lang}: the catalog has no sentence for {rule}, the rule the table cites"
        expect(notice).to_contain_text(NOT_ALLOWED[lang])
        expect(notice).to_contain_text(rule)
        expect(notice).to_contain_text(sentence)
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            notice.scroll_into_view_if_needed()
            width_used = page.evaluate("document.documentElement.scrollWidth")
            assert width_used <= width, f"{size}: the page scrolls sideways with the notice ({width_used}px)"
            box = notice.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (size, box)
            for_review(page, path=str(SHOTS / f"why-not-{lang}-{size}.png"))
        page.set_viewport_size({"width": SIZES["desktop"][0], "height": SIZES["desktop"][1]})


def test_the_rules_panel_lists_each_rule_with_its_sentence(page: Page, server: str) -> None:
    """"Every rule by its ID": SK-6.2 (patron discs) and SK-5.4 (raising) are listed with their
    sentences in the page's language, and every rule of the catalog is there. One table; the panel is
    closed, the language switched and the panel opened afresh for each language."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    create_table(page, server, "skyrise", 2, ["random"])
    panel = page.locator("#rules-panel")
    for lang in LANGS:
        in_language(page, lang)
        page.click("#open-rules")
        expect(panel).to_be_visible()
        panel.locator(".rule-list summary").click()
        rules = CATALOGS[lang].rules
        expect(panel.locator(".rule-list dt")).to_have_count(len(rules))
        for rule in ("SK-6.2", "SK-5.4"):
            entry = panel.locator(f"[id='rule-{rule}']")
            expect(entry.locator("dt")).to_have_text(rule)
            expect(entry.locator("dd")).to_have_text(rules[rule])
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            panel.locator("[id='rule-SK-5.2.1']").scroll_into_view_if_needed()
            for_review(page, path=str(SHOTS / f"rules-panel-{lang}-{size}.png"))
        page.set_viewport_size({"width": SIZES["desktop"][0], "height": SIZES["desktop"][1]})
        panel.locator(".drawer-head .close").click()
        expect(panel).to_have_count(0)


def test_the_log_draws_prestige_as_the_scoring_disc(page: Page, server: str) -> None:
    """A finished game's log: island control (SK-10.2), panoramas (SK-11) and the final scoring
    (SK-12.1) give prestige, each amount drawn as the icon named by the catalog's word for it. One
    finished game, read in each language in turn."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    table, token, _ = finished_game(server, "skyrise")
    page.goto(f"{server}/#/")
    page.evaluate("([t, token]) => localStorage.setItem('parlor.seat.' + t, "
                  "JSON.stringify({seat: 0, token, name: 'Ada'}))", [table, token])
    page.goto(f"{server}/#/t/{table}")
    for lang in ("zh_TW", "es"):
        page.select_option("#lang-select", lang)
        expect(page.locator("#final-result")).to_be_visible()
        log = page.locator("#log")
        # the log in the page's language first (its catalog arrives after the switch): the game-over
        # line ("遊戲結束：Ada 以 184 [Prestige] 獲勝") is among the lines with the icon
        expect(log).to_contain_text(CATALOGS[lang].events["game_over"].split("{")[0])
        icons = log.locator(".inline-icon[data-icon=Prestige]")
        expect(icons.first).to_be_attached()
        assert "[Prestige]" not in log.inner_text()
        words = CATALOGS[lang].ui["icon_Prestige"].split("|")
        labels = icons.evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))")
        assert labels and set(labels) <= set(words), (labels, words)
        for_review(log, path=str(SHOTS / f"log-prestige-{lang}.png"))
