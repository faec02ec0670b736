"""Star Road's rules in words (TABLE.md "Why not?"; the rules panel): trying a move the rules forbid
says which rule forbids it with the rule's sentence from the game's catalog, in the page's language,
and the rules panel lists every rule by its ID with its sentence."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import ARTIFACTS
from .ui import alter_moves, create_table, for_review

pytestmark = pytest.mark.timeout(180)
PHONE = {"width": 390, "height": 844}


def sentence(server: str, lang: str, rule: str) -> str:
    """The rule's sentence in the game's catalog (an empty catalog entry fails the test: the notice
    would then show only the bare ID)."""
    text = httpx.get(f"{server}/api/games/starroad/text/{lang}").json()["rules"].get(rule, "")
    assert text, f"no sentence for {rule} in {lang}"
    return str(text)


# Clicks the first move of the first of these kinds the decision panel offers, in the page, so that a
# bot's state drawn between finding the button and clicking it cannot leave the click waiting for a
# button that is gone (the panel is looked at again the next time round); the kind clicked, or null.
ANSWER_JS = """(kinds) => {
  for (const kind of kinds) {
    const button = document.querySelector(`#decision button.move[data-kind=${kind}]:not([disabled])`);
    if (button) { button.click(); return kind; }
  }
  return null;
}"""


def to_my_action_phase(page: Page) -> None:
    """Keep a character card, then pass in the bot's end-of-action windows until this seat may
    produce (SR-6.4)."""
    page.locator("#decision button.move[data-kind=choose]").first.click()
    deadline = time.monotonic() + 60
    while not page.locator("#board .hot[data-spot='1011']").count():
        assert time.monotonic() < deadline, "this seat's action phase did not come"
        page.evaluate(ANSWER_JS, ["pass"])
        page.wait_for_timeout(250)


def try_the_upper_level_of_an_empty_line(page: Page) -> None:
    """Start producing a Sling (SR-8.3 step 1), then tap level 2 of the empty line 1, which the rules
    forbid: a new object takes the lowest empty level (SR-8.3 step 2)."""
    page.locator("#board .hot[data-spot='1011']").first.dispatch_event("click")
    page.locator("#decision button.move[data-kind=build]").first.click()
    expect(page.locator("#board .hot[data-spot='level=1,line=1']")).to_have_count(1)
    page.locator("#board .tryable[data-spot='level=2,line=1']").first.dispatch_event("click")


LANGS = ("zh_TW", "es", "en")


def in_language(page: Page, lang: str) -> None:
    """Switch the table's page to `lang` through its language menu (the page switches live)."""
    page.select_option("#lang-select", lang)
    expect(page.locator("html")).to_have_attribute("lang", {"zh_TW": "zh-TW"}.get(lang, lang))


def test_why_not_says_the_rule_in_words(browser: Browser, server: str, artifacts: Path) -> None:
    """Tapping a slot a new object may not take: "Not allowed (SR-8.3): <the rule>" in the page's
    language, the sentence being the catalog's, short enough to read above the board on a phone. One
    table reaches the production; the slot is tapped again after each switch of language, on a
    desktop, then (the window made a phone's) checked on a phone."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    create_table(page, server, "starroad", 2, ["easy"])
    in_language(page, LANGS[0])
    to_my_action_phase(page)
    try_the_upper_level_of_an_empty_line(page)
    notice = page.locator("#notice")
    for lang in LANGS:
        in_language(page, lang)
        page.locator("#board .tryable[data-spot='level=2,line=1']").first.dispatch_event("click")
        expect(notice).to_have_attribute("data-rule", "SR-8.3")
        expect(notice).to_contain_text(sentence(server, lang, "SR-8.3"))
        expect(notice).to_contain_text("SR-8.3")
        if lang == "zh_TW":  # the board's "label: value" lines with a full-width colon
            expect(page.locator("#board")).to_contain_text("正在生產：投石索")
            assert "正在生產: " not in page.locator("#board").inner_text()
        for_review(page, path=str(artifacts / f"starroad-why-{lang}-desktop.png"))
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(200)
        expect(notice).to_be_in_viewport()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the phone page scrolls sideways ({width}px)"
        for_review(page, path=str(artifacts / f"starroad-why-{lang}-phone.png"))
        page.set_viewport_size({"width": 1280, "height": 900})
    ctx.close()


def test_the_rules_panel_gives_each_rule_its_sentence(browser: Browser, server: str, artifacts: Path) -> None:
    """"Rules", then "Every rule by its ID": SR-6.3 (the supply phase) reads with its sentence, and
    every one of the catalog's rules is listed. One table; the panel is closed, the language switched
    and the panel opened afresh for each language, on a desktop and then on a phone."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    create_table(page, server, "starroad", 2, ["easy"])
    panel = page.locator("#rules-panel")
    for lang in LANGS:
        in_language(page, lang)
        rules = httpx.get(f"{server}/api/games/starroad/text/{lang}").json()["rules"]
        page.click("#open-rules")
        panel.locator(".rule-list summary").click()
        heading = {"zh_TW": "規則：星光道風雲會", "es": "Reglas: Star Road", "en": "Rules: Star Road"}[lang]
        expect(panel.locator("h2")).to_contain_text(heading)
        entry = panel.locator("[id='rule-SR-6.3']")
        expect(entry.locator("dt")).to_have_text("SR-6.3")
        expect(entry.locator("dd")).to_have_text(sentence(server, lang, "SR-6.3"))
        expect(panel.locator(".rule-list dt")).to_have_count(len(rules))
        entry.scroll_into_view_if_needed()
        for_review(page, path=str(artifacts / f"starroad-rules-{lang}-desktop.png"))
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(200)
        entry.scroll_into_view_if_needed()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the phone page scrolls sideways ({width}px)"
        for_review(page, path=str(artifacts / f"starroad-rules-{lang}-phone.png"))
        page.set_viewport_size({"width": 1280, "height": 900})
        panel.locator(".drawer-head .close").click()
        expect(panel).to_have_count(0)
    ctx.close()


@pytest.mark.parametrize("lang", ["zh_TW", "es"])
def test_the_reference_sheet_draws_the_resource_marker_in_its_cost_column(browser: Browser, server: str,
                                                                         artifacts: Path, lang: str) -> None:
    """The design chart's "Cost [W]" column head shows the resource marker as its icon, not "[W]"."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.goto(f"{server}/#/")
    page.select_option("#lang-select", lang)
    page.goto(f"{server}/#/tools/starroad/sheet")
    heads = page.locator("#sheet-designs thead")
    expect(heads.locator("[data-icon=W]")).to_have_count(1)
    assert "[W]" not in page.locator("main").inner_text()
    for_review(heads, path=str(artifacts / f"starroad-sheet-head-{lang}.png"))
    ctx.close()


@pytest.mark.parametrize("lang", ["zh_TW", "es"])
def test_a_refused_move_says_the_rule_in_words(browser: Browser, server: str, artifacts: Path,
                                               lang: str) -> None:
    """A move the server refuses over the socket (9 resources on a new Blaster, which costs 2: the page's
    amount is altered on its way) reads "Not allowed (SR-8.5): <the rule>" in the page's language."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()

    alter_moves(page, "invest", "amount", 9)
    create_table(page, server, "starroad", 2, ["easy"])
    page.select_option("#lang-select", lang)
    to_my_action_phase(page)
    page.locator("#board .hot[data-spot='1021']").first.dispatch_event("click")
    page.locator("#decision button.move[data-kind=build]").first.click()
    page.locator("#decision button.move[data-kind=place]").first.click()
    page.locator("#decision button.move[data-kind=invest]").first.click()
    refusal = page.locator("#refusal")
    expect(refusal).to_have_attribute("data-code", "illegal_move")
    expect(refusal).to_contain_text("SR-8.5")
    expect(refusal).to_contain_text(sentence(server, lang, "SR-8.5"))
    for_review(page, path=str(artifacts / f"starroad-refused-{lang}-desktop.png"))
    ctx.close()


def until(page: Page, selector: str, seconds: float = 90) -> None:
    """Pass in the other characters' windows (SR-6.5) until `selector` is on the page."""
    deadline = time.monotonic() + seconds
    while not page.locator(selector).count():
        if time.monotonic() > deadline:
            page.screenshot(path=str(ARTIFACTS / "starroad-until-failed.png"), full_page=True)
            raise AssertionError(f"{selector} did not come")
        # pass in a window or a response round, block with nothing, keep a reward
        page.evaluate(ANSWER_JS, ["pass", "blockers_done", "keep"])
        page.wait_for_timeout(250)


def test_why_not_a_character_out_of_range(browser: Browser, server: str, artifacts: Path) -> None:
    """Four at the table: a Sling (range 1) built in the first turn attacks in the second (built again
    if a bot destroys it first); tapping a character it cannot reach (the one opposite, at distance 2)
    says SR-11.2 with its sentence, in Traditional Chinese."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    # random bots: easy ones may well knock this seat out before its second turn
    create_table(page, server, "starroad", 4, ["random", "random", "random"])
    page.select_option("#lang-select", "zh_TW")
    # not the Sniper, whose +1 range would reach the seat opposite
    page.locator("#decision button.move[data-kind=choose]").filter(has_not_text="狙擊手").first.click()
    attack = "#decision button.move[data-kind=attack]"
    free_spot = "#board .hot[data-spot='1011']"
    for _ in range(4):  # a random bot may destroy the Sling before it attacks: then it is built again
        until(page, f"{free_spot}, {attack}", seconds=150)
        if page.locator(attack).count():
            break
        page.locator(free_spot).first.dispatch_event("click")
        page.locator("#decision button.move[data-kind=build]").first.click()
        page.locator("#decision button.move[data-kind=place]").first.click()
        page.locator("#decision button.move[data-kind=invest]").first.click()
        page.locator("#decision button.move[data-kind=end]").first.click()
        expect(page.locator(free_spot)).to_have_count(0)  # the Sling stands there now
    page.locator(attack).first.click()
    expect(page.locator("#board .hot[data-spot^='seat=']").first).to_be_attached()
    # a character the Sling cannot reach: the one opposite (distance 2), or yourself
    page.locator("#board .tryable[data-spot^='seat=']").last.dispatch_event("click")
    notice = page.locator("#notice")
    expect(notice).to_have_attribute("data-rule", "SR-11.2")
    expect(notice).to_contain_text(sentence(server, "zh_TW", "SR-11.2"))
    for_review(page, path=str(artifacts / "starroad-why-range-zh_TW-desktop.png"))
    ctx.close()
