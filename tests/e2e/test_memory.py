"""A long game does not fill the page's memory (web/src/games/choosable.tsx `useFreshParts`).

A memoized board part that skipped state after state kept Preact's references into the tree of the
state it last drew in, and through it that state's whole view: an 8-player Star Road page held about
1.2 GB more every hundred moves and its tab crashed within one game. Here Ada plays an 8-player Star
Road table on a phone against random bots; after garbage collection, the page's JavaScript heap is
about the same after 60 of her choices as after 30 (it grew by 50 MB and more before)."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser

from .ui import click_choice, create_table, offered

pytestmark = pytest.mark.timeout(420)


def test_a_long_eight_player_game_keeps_the_pages_memory_flat(browser: Browser, server: str) -> None:
    ctx = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    heap = ctx.new_cdp_session(page)
    heap.send("Performance.enable")
    create_table(page, server, "starroad", 8, ["random"] * 7)
    rng = random.Random(5)
    used: list[float] = []
    clicks = 0
    while len(used) < 2:
        panel = offered(page, 60_000)
        if panel["final"]:
            pytest.skip("the game ended before 60 choices")  # the bots are random: a rare short game
        if click_choice(page, panel, rng.randrange(len(panel["choices"])), 30_000) != "gone":
            clicks += 1
        if clicks and clicks % 30 == 0 and len(used) < clicks // 30:
            heap.send("HeapProfiler.collectGarbage")
            metrics = {m["name"]: m["value"] for m in heap.send("Performance.getMetrics")["metrics"]}
            used.append(metrics["JSHeapUsedSize"] / 1e6)
    assert used[1] - used[0] < 20, f"the heap grew from {used[0]:.0f} MB to {used[1]:.0f} MB"
    ctx.close()
