"""The log tells alike events of several players in one line (TABLE.md "Words": log lines are short
sentences): at Star Road's table every declaration asks each other player in turn (SR-10.6) and every
action phase ends with each of them holding priority (SR-6.5); "Bot 2, Bot 3 and Bot 4 pass" is one
line, each name in its player's colour, listed as the page's language lists names."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser, expect

from .test_board_starroad import set_lang
from .ui import create_table, play_until

pytestmark = pytest.mark.timeout(300)
# a log line that names several players, and the names in it
GROUPED = "#log li:has(.player-name + .player-name)"
NAMES_JS = "(li) => [...li.querySelectorAll('.player-name')].map((n) => [n.textContent, n.style.color])"
# how each language writes the last of a list of names ("Bot 3 and Bot 4"; "Bot 3、Bot 4")
LAST = {"en": " and ", "es": re.compile(r" [ye] "), "zh_TW": "、"}


def test_star_road_tells_a_round_of_passes_in_one_line(browser: Browser, server: str) -> None:
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    create_table(page, server, "starroad", 4, ["random"] * 3)
    assert play_until(page, random.Random(5), page.locator(f"{GROUPED}[data-kind=passed]"), 40), \
        "no round of passes told in one line"
    for lang in ("en", "zh_TW", "es"):
        set_lang(page, lang)
        line = page.locator(f"{GROUPED}[data-kind=passed]").last
        names = line.evaluate(NAMES_JS)
        players = [name for name, _ in names]
        assert len(players) == len(set(players)) >= 2, players  # each player once
        colours = {colour for _, colour in names}
        assert len(colours) == len(players), names  # each in their own colour
        text = line.inner_text()
        last = LAST[lang]
        before_last = text[:text.index(players[-1])]
        assert (last.search(before_last) if isinstance(last, re.Pattern) else last in before_last), text
        assert "{" not in text and "[" not in text, text
        # a line of several players has no one player's colour at its edge
        expect(line).not_to_have_attribute("style", re.compile("border-left-color"))
    ctx.close()
