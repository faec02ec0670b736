"""Each game's SVG board draws its key elements for a mid-game position (counted by their data
attributes), a click on a board element a legal move names narrows the decision panel, and a
screenshot of each board per language (desktop and 390x844 phone) is saved under test-artifacts/e2e/."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .ui import create_table, for_review, play_active

pytestmark = pytest.mark.timeout(150)

# per game: (selector, minimum count) of board elements that a mid-game view always draws
KEY_ELEMENTS = {
    "trickerion": [("[data-part=player-board]", 2), ("[data-spot^=downtown_]", 4),
                   ("[data-spot^=market_row_]", 4), ("[data-spot$=_backstage_1]", 4),
                   (".die[data-die][data-face]", 6), (".performance-card", 1),
                   ("[data-residence-trick]", 30)],
    "opera": [("[data-part=city]", 6), (".opera-house", 2), (".building-part", 4), (".budget-marker", 3),
              (".ladder-row", 6), ("[data-part=round-track]", 1), ("[data-part=player]", 3)],
    "skyrise": [("[data-part=player-board]", 3), (".sk-track", 12), ("[data-neighbourhood]", 46),
                (".sk-patron-tile", 4), ("[data-part=auction]", 1), ("[data-spot^=cen_]", 4)],
    "starroad": [("[data-part=ring]", 1), (".sr-seat", 2), ("[data-part=lines]", 2), (".distance", 1),
                 ("[data-part=chart] [data-card]", 24), ("[data-part=own] .sr-character", 1)],
}


def hot_spot_narrows(page: Page) -> bool:
    """Click the first board element a legal move names; the panel then shows only moves naming it."""
    hot = page.locator("#board [data-target]:not(button)")
    if not hot.count():
        return False
    before = page.locator("#decision button.choice").count()
    target = hot.first.get_attribute("data-target") or ""
    # the sticky decision panel may lie over part of a tall board (a real player scrolls): the click
    # is sent to the element itself
    hot.first.dispatch_event("click")
    expect(page.locator("#decision .clear-pick")).to_be_visible()
    after = page.locator("#decision button.choice")
    assert after.count() >= 1
    assert after.count() <= max(before, 1) or target
    for i in range(min(after.count(), 12)):
        move = after.nth(i).get_attribute("data-move")
        if move is None:
            continue
        if "=" in target:
            for pair in target.split(","):
                key, value = pair.split("=")
                assert f'"{key}":{value}' in move.replace(" ", ""), (target, move)
        else:
            assert f'"{target}"' in move, (target, move)
    page.locator("#decision .clear-pick").click()
    return True


@pytest.mark.parametrize("game", list(KEY_ELEMENTS))
def test_board_draws_and_narrows(browser: Browser, server: str, artifacts: Path, game: str) -> None:
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    table = create_table(page, server, game, 3, ["easy", "easy"])
    narrowed = False
    rng = random.Random(5)
    for _ in range(15):
        narrowed = narrowed or hot_spot_narrows(page)
        play_active(page, rng, 2)
        if narrowed and all(page.locator(f"#board {sel}").count() >= n for sel, n in KEY_ELEMENTS[game]):
            break
    for sel, n in KEY_ELEMENTS[game]:
        assert page.locator(f"#board {sel}").count() >= n, f"{game}: fewer than {n} of {sel}"
    assert narrowed or hot_spot_narrows(page), f"{game}: no board click narrowed"
    for lang in ("en", "zh_TW", "es"):
        page.select_option("#lang-select", lang)
        page.wait_for_timeout(300)
        for_review(page.locator("#board"), path=str(artifacts / f"board-{game}-{lang}-desktop.png"))
    phone = browser.new_context(locale="zh-TW", viewport={"width": 390, "height": 844}, is_mobile=True,
                                has_touch=True)
    small = phone.new_page()
    small.goto(f"{server}/#/t/{table}")
    expect(small.locator("#board svg").first).to_be_visible()
    width = small.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the phone page scrolls sideways ({width}px)"
    for_review(small.locator("#board"), path=str(artifacts / f"board-{game}-zh_TW-phone.png"))
    phone.close()
    ctx.close()
