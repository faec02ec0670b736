"""Every page a player meets passes axe-core's checks (WCAG 2.1 A and AA, and axe's best practices)
in each language, at a desk's and a phone's width: names in their players' colours read as well as
the other words (4.5:1), a board's spot one can choose is a button named by its tip, the scrolling
log is reached by the keyboard, each landmark is named, headings skip no level.

axe-core is the web client's development dependency (web/node_modules, installed by `make`); the
page's content security policy allows no script but its own, so the audit's context bypasses it.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import ROOT
from .ui import create_table, finished_game, play_active, play_until_over

pytestmark = pytest.mark.timeout(300)

AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
DESK = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
# the games at a table mid-game: players, and moves of this page's player before the audit
TABLES = [("trickerion", 3, 10), ("opera", 3, 8), ("skyrise", 3, 6), ("starroad", 4, 6)]

AUDIT_JS = """async () => {
  const found = await axe.run(document, { resultTypes: ['violations'] })
  return found.violations.map((v) => `${v.impact} ${v.id}: ${v.help} (` +
    v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ') + `; ${v.nodes.length} in all)`)
}"""


def violations(page: Page) -> list[str]:
    """What axe-core finds wrong on the page as it stands (none where all is well)."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found: list[str] = page.evaluate(AUDIT_JS)
    return found


def audited(browser: Browser) -> Page:
    context = browser.new_context(locale="en-US", viewport=DESK, bypass_csp=True)
    return context.new_page()


def set_lang(page: Page, lang: str) -> None:
    page.mouse.move(1, 1)  # no tip left open from the language before
    page.select_option("#lang-select", lang)
    expect(page.locator("html")).to_have_attribute("lang", {"en": "en", "zh_TW": "zh-TW", "es": "es"}[lang])
    page.wait_for_timeout(300)


@pytest.mark.parametrize("game, players, moves", TABLES, ids=[t[0] for t in TABLES])
def test_a_table_in_play_passes_the_audit(browser: Browser, server: str, game: str, players: int,
                                          moves: int) -> None:
    page = audited(browser)
    create_table(page, server, game, players, ["random"] * (players - 1))
    play_active(page, random.Random(3), moves)
    expect(page.locator("#board")).to_be_visible()
    found: dict[str, Any] = {}
    for lang, size in (("en", DESK), ("zh_TW", PHONE), ("es", DESK)):
        set_lang(page, lang)
        page.set_viewport_size(size)  # type: ignore[arg-type]
        page.wait_for_timeout(300)
        if issues := violations(page):
            found[f"{lang} {size['width']}px"] = issues
    assert not found, found
    # what happens is read out to a player who cannot see the page: whose turn it is, each new log line
    expect(page.locator("#status-sentence")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#log")).to_have_attribute("aria-live", "polite")
    # a spot of the board one can choose is a button whose name is its tip (SVG's <title>)
    spot = page.locator("#board g[role=button]").first
    title = spot.locator("title").first.text_content() or ""
    assert title and page.get_by_role("button", name=title, exact=True).count() >= 1, title
    page.context.close()


def test_the_lobby_panels_tools_review_a_finished_game_and_your_games_pass_the_audit(
        browser: Browser, server: str) -> None:
    page = audited(browser)
    found: dict[str, list[str]] = {}

    def check(where: str) -> None:
        if issues := violations(page):
            found[where] = issues

    page.goto(f"{server}/#/")
    expect(page.locator("#create-table")).to_be_visible()
    check("lobby")
    for route in ("#/tools", "#/tools/trickerion/pad", "#/tools/trickerion/tricks",
                  "#/tools/trickerion/sheet", "#/tools/opera/pad", "#/tools/skyrise/sheet",
                  "#/tools/starroad/pad", "#/tools/opera/setup"):
        page.goto(f"{server}/{route}")
        expect(page.locator("main")).not_to_be_empty()
        page.wait_for_timeout(800)
        check(route)
    page.evaluate("localStorage.setItem('parlor.settings', JSON.stringify({coach: true}))")
    create_table(page, server, "sealed_bids", 3, ["easy", "random"])
    page.locator("#decision button.move").last.click()   # a bid among several: the coach speaks
    expect(page.locator("#coach")).to_be_visible()
    check("the coach's note")
    play_until_over(page, random.Random(1))
    expect(page.locator("#final-result")).to_be_visible()
    check("final result")
    for panel, shown in (("#open-rules", "#rules-panel"), ("#open-settings", "#settings-panel"),
                         ("#open-review", "#review")):
        page.click(panel)
        expect(page.locator(shown).first).to_be_visible()
        page.wait_for_timeout(300)
        check(panel)
        page.click(panel)
    page.click("#open-replay")
    expect(page.locator("#replay-step")).to_be_visible()
    check("replay")
    page.click("#analyse")
    expect(page.locator("#analysis-summary")).to_be_visible()
    expect(page.locator("#analysis-progress")).to_have_count(0)
    check("replay with the game's analysis")
    page.goto(f"{server}/#/")
    expect(page.locator("#your-tables")).to_be_visible()
    check("lobby with the player's tables")
    page.click("#your-games-link")
    expect(page.locator(".finished-game")).to_have_count(1)
    check("the player's games and record")
    assert not found, found
    page.context.close()


def test_the_scores_through_a_game_pass_the_audit(browser: Browser, server: str) -> None:
    """The chart under a finished game's result and in its replay (a named image, its legend's names
    in their colours)."""
    table, _, _ = finished_game(server, "opera", players=3, level="random")
    page = audited(browser)
    found: dict[str, list[str]] = {}
    for route in (f"#/t/{table}", f"#/replay/{table}"):
        page.goto(f"{server}/{route}")
        expect(page.locator("#score-course svg")).to_be_visible()
        if issues := violations(page):
            found[route] = issues
    assert not found, found
    page.context.close()


def test_a_players_colour_is_darkened_only_where_it_would_not_read(browser: Browser, server: str) -> None:
    """The seats' colours as names on the page: the red as it is, the blue and the green darkened
    to read at 4.5:1 on the page's paper (4.31 and 3.42 as they are), each still its own colour."""
    page = audited(browser)
    page.goto(f"{server}/#/tools/trickerion/pad")
    header = page.locator("th.pad-player")
    expect(header.first).to_be_visible()
    colours = header.evaluate_all("(cells) => cells.map((c) => getComputedStyle(c).color)")
    dots = page.locator("th.pad-player .dot").evaluate_all(
        "(ds) => ds.map((d) => getComputedStyle(d).backgroundColor)")
    assert colours[0] == dots[0], (colours, dots)  # the red reads as it is
    assert len(colours) >= 3 and colours[1] != dots[1] and colours[2] != dots[2], (colours, dots)
    assert len(set(colours)) == len(colours), colours
    page.context.close()


def test_the_audit_finds_a_fault(browser: Browser, server: str) -> None:
    """The check sees what it looks for: a name in the green seat's own colour on the page's paper."""
    page = audited(browser)
    page.goto(f"{server}/#/")
    expect(page.locator("#create-table")).to_be_visible()
    page.evaluate("""() => { const s = document.createElement('strong'); s.textContent = 'Ada';
      s.style.color = '#2a9d4b'; document.querySelector('main').append(s) }""")
    assert any("color-contrast" in issue for issue in violations(page))
    page.context.close()


def test_axe_is_installed_with_the_client() -> None:
    assert AXE.is_file(), "web/node_modules/axe-core: run make (npm ci in web/)"
    assert Path(ROOT / "web" / "package.json").read_text().count('"axe-core"') == 1
