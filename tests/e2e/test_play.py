"""Every registered game, played to its end through the browser by one human and bots."""

from __future__ import annotations

import random

import httpx
import pytest
from playwright.sync_api import Page, expect

from .ui import create_table, play_until_over

pytestmark = pytest.mark.timeout(240)


def test_fixture_game_full_play(page: Page, server: str) -> None:
    table = create_table(page, server, "sealed_bids", 3, ["easy", "random"])
    sent = play_until_over(page, random.Random(1))
    expect(page.locator("#final-result")).to_be_visible()
    scores = page.locator("#final-result .final-score").all_inner_texts()
    result = httpx.get(f"{server}/api/tables/{table}").json()["result"]
    assert sorted(float(s) for s in scores) == sorted(result["scores"])
    assert sent >= 4
