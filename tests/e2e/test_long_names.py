"""Players' names as wide as a seat may take (server/seats.py NAME_LIMIT: 24 columns, a Chinese character
two) fit wherever the table page draws them: the page's text breaks between words and runs past no box
(the log, the player panels), and on the boards a name stays inside the tile that holds it (TABLE.md
"Seeing": a clipped label is a bug). Every installed game, a phone and a desktop, zh_TW and es."""

from __future__ import annotations

import random

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from installed_games import INSTALLED
from parlor.server.seats import NAME_LIMIT, name_width

from .page_text import settled_problems
from .ui import CHOICES, create_table, play_active

BAD_NAME = {"en": "A name is 1 to 24 printable characters", "zh_TW": "名字須為 1 到 24 個可顯示的字元",
            "es": "Un nombre tiene de 1 a 24 caracteres"}

pytestmark = pytest.mark.timeout(240)

LATIN = "Maximiliano Alejandro Ru"     # 24 columns
CHINESE = "歐陽長孫諸葛慕容司馬上官"    # 12 characters, 24 columns
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}

# Boxes of text that a long word could push past their edge, with what they hold (scrolled sideways,
# or run out of the panel): `scrollWidth` beyond `clientWidth`.
OVERFLOWING_JS = """() => [...document.querySelectorAll('#log, .player-panel, .area-status')]
  .filter((box) => box.scrollWidth > box.clientWidth + 1)
  .map((box) => `${box.id || box.className}: ${box.scrollWidth} > ${box.clientWidth}`)"""

# Each board text naming a player, against the smallest rectangle of its drawing that holds the text's
# middle and is at least as tall as the text (its tile, chip or title bar): the text's ends must lie
# inside that rectangle.
NAMES_OUTSIDE_JS = """(names) => {
  const out = [];
  for (const text of document.querySelectorAll('#board svg text')) {
    const words = text.textContent || '';
    if (!names.some((name) => words.includes(name))) continue;
    const box = text.getBoundingClientRect();
    if (box.width === 0) continue;
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    let tile = null;
    for (const rect of text.ownerSVGElement.querySelectorAll('rect')) {
      const r = rect.getBoundingClientRect();
      if (x < r.left || x > r.right || y < r.top || y > r.bottom || r.height < box.height * 0.9) continue;
      if (tile === null || r.width * r.height < tile.width * tile.height) tile = r;
    }
    if (tile !== null && (box.left < tile.left - 1.5 || box.right > tile.right + 1.5)) {
      const span = (b) => `${Math.round(b.left)}-${Math.round(b.right)}`;
      out.push(`${words}: ${span(box)} in ${span(tile)}`);
    }
  }
  return out;
}"""


def test_the_widest_names_fill_the_limit() -> None:
    assert name_width(LATIN) == name_width(CHINESE) == NAME_LIMIT


def table_with_long_names(page: Page, server: str, game: str) -> None:
    """A 3-player table: this page's seat named LATIN, the next joined as CHINESE and handed to a bot,
    the last a random bot; played a little through the panel, so the log and the board name them."""
    table = create_table(page, server, game, 3, ["open", "random"], name=LATIN)
    joined = httpx.post(f"{server}/api/tables/{table}/seats/1/join", json={"name": CHINESE}, timeout=30)
    httpx.post(f"{server}/api/tables/{table}/seats/1/bot", json={"level": "random"},
               headers={"Authorization": f"Bearer {joined.json()['token']}"}, timeout=30)
    play_active(page, random.Random(3), 25)
    # the table's seed is drawn anew each run: a game of random bots may be over by now, its page
    # (log, boards, result) naming the players all the same
    page.wait_for_selector(f"{CHOICES}, #final-result", timeout=60_000)


@pytest.mark.parametrize("game", INSTALLED)
def test_long_names_fit_the_table_page(browser: Browser, server: str, game: str) -> None:
    context = browser.new_context(locale="en-US", viewport=SIZES["desktop"], reduced_motion="reduce")
    page = context.new_page()
    table_with_long_names(page, server, game)
    found: dict[str, list[str]] = {}
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)  # type: ignore[arg-type]
        for lang in ("zh_TW", "es"):
            page.select_option("#lang-select", lang)
            page.mouse.move(1, 1)
            where = f"{size} {lang}"
            found[where] = settled_problems(page, game, lang)
            found[where] += page.evaluate(OVERFLOWING_JS)
            found[where] += page.evaluate(NAMES_OUTSIDE_JS, [LATIN, CHINESE])
    context.close()
    assert not any(found.values()), {where: problems for where, problems in found.items() if problems}


@pytest.mark.parametrize(("lang", "name"), [("zh_TW", CHINESE + "皇"), ("es", "\u3164\u3164")])
def test_a_refused_name_makes_no_table(browser: Browser, server: str, lang: str, name: str) -> None:
    """13 Chinese characters fit the name field (24 characters) but not the boards (26 columns); two
    Hangul fillers draw nothing. The lobby says so in the page's language, and no empty table is left
    waiting in the lobby."""
    context = browser.new_context(locale="en-US", viewport=SIZES["phone"])
    page = context.new_page()
    page.goto(f"{server}/#/")
    page.select_option("#lang-select", lang)
    before = len(httpx.get(f"{server}/api/tables", timeout=30).json()["tables"])
    page.locator("input[name=game][value=opera]").check()
    page.fill("#your-name", name)
    page.select_option("#seat-0", "open")
    page.click("#create-table")
    expect(page.get_by_role("alert")).to_contain_text(BAD_NAME[lang])
    assert len(httpx.get(f"{server}/api/tables", timeout=30).json()["tables"]) == before
    assert "#/t/" not in page.url
    context.close()
