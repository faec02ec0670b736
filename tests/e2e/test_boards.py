"""Each game's SVG board draws its key elements for a mid-game position (counted by their data
attributes), a click on a board element a legal move names narrows the decision panel, and a
screenshot of each board per language (desktop and 390x844 phone) is saved under test-artifacts/e2e/."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .ui import create_table, for_review, play_active, reviewing

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


# A click on the first board element a legal move names (sent to the element itself: the sticky decision
# panel may lie over part of a tall board, and a real player scrolls), and what the panel offers once it
# has narrowed, read with the table's index before and after in one go: a bot's state arriving meanwhile
# (in a phase where several seats decide) shows as a changed index, not as choices of another state.
NARROW_JS = """
async (wait) => {
  const index = () => document.querySelector('.table-page')?.dataset.index;
  const hot = document.querySelector('#board [data-target]:not(button)');
  if (!hot) return null;
  const before = {index: index(), choices: document.querySelectorAll('#decision button.choice').length};
  const target = hot.dataset.target ?? '';
  hot.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, composed: true}));
  const until = Date.now() + wait;
  while (!document.querySelector('#decision .clear-pick') && index() === before.index) {
    if (Date.now() > until) return {target, stuck: true};
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const after = [...document.querySelectorAll('#decision button.choice')].map((b) => b.dataset.move ?? null);
  const moved = index() !== before.index;
  document.querySelector('#decision .clear-pick')?.click();
  return {target, before: before.choices, after, moved};
}
"""


def hot_spot_narrows(page: Page) -> bool:
    """Click the first board element a legal move names; the panel then shows only moves naming it.
    False when there is none, when the table moved on under the click, or when nothing narrowed in
    15 s (tried again later)."""
    narrowed = page.evaluate(NARROW_JS, 15_000)
    # not counted (the caller tries again after a few moves, and fails if no click ever narrowed):
    # no hot element, the table moved on under the click, or once in a full run under load a click
    # on Skyrise's b06 that did not narrow, not seen again in isolation (a wizard's step half-taken
    # by the random clicks before it may leave the panel without its "clear" button)
    if narrowed is None or narrowed.get("stuck") or narrowed["moved"]:
        return False
    target, before, after = narrowed["target"], narrowed["before"], narrowed["after"]
    assert len(after) >= 1
    assert len(after) <= max(before, 1) or target
    for move in after[:12]:
        if move is None:
            continue
        if "=" in target:
            for pair in target.split(","):
                key, value = pair.split("=")
                assert f'"{key}":{value}' in move.replace(" ", ""), (target, move)
        else:
            assert f'"{target}"' in move, (target, move)
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
        if reviewing():
            page.wait_for_timeout(300)  # the catalog in `lang` drawn before the screenshot
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
