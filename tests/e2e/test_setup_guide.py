"""A game's set-up for a real table in the tools (#/tools/GAME/setup): reached from the tools' index,
the player count and the options that change the set-up chosen, each fact with its rule, as the server's
guide (the game's own engine and data) says; the table's choices kept on the device."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect

from .page_text import problems

pytestmark = pytest.mark.timeout(120)


def test_operas_set_up_by_player_count_and_variant_in_chinese(browser: Browser, server: str) -> None:
    guides = httpx.get(f"{server}/api/tools/opera/setup", timeout=30).json()["guides"]

    def facts(players: int, on: list[str]) -> list[dict[str, Any]]:
        return next(g["facts"] for g in guides if g["players"] == players and g["on"] == on)

    context = browser.new_context(locale="zh-TW", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{server}/#/tools")
    page.locator(".tools-game[data-game=opera] [data-tool=setup]").click()
    expect(page.locator("#setup-guide h2")).to_contain_text("遊戲設置")
    expect(page.locator(".setup-facts li")).to_have_count(len(facts(3, [])))
    expect(page.locator(".setup-facts li[data-key=ducats]")).to_contain_text("20、21、22")  # OP-4.9
    assert page.locator(".setup-facts .rule-id").all_inner_texts() == [f["rule"] for f in facts(3, [])]
    assert not problems(page, "opera", "zh_TW")

    page.get_by_label("2", exact=True).check()
    expect(page.locator(".setup-facts li[data-key=ducats]")).to_contain_text("20、21")
    expect(page.locator(".setup-facts li[data-key=display]")).to_contain_text("5 件作品")  # OP-4.10
    page.locator("#setup-short_game_7_rounds").check()
    rounds = page.locator(".setup-facts li[data-key=rounds]")
    expect(rounds).to_contain_text("共 7 回合")
    expect(rounds.locator(".rule-id")).to_have_text("OP-16.2")
    assert page.locator(".setup-facts .rule-id").all_inner_texts() == [
        f["rule"] for f in facts(2, ["short_game_7_rounds"])]
    page.reload()  # the table's choices stay on the device
    expect(page.locator("#setup-short_game_7_rounds")).to_be_checked()
    expect(page.locator(".setup-facts li[data-key=display]")).to_contain_text("5 件作品")
    # printed: the facts and the options they hold for, without the controls
    expect(page.locator("#setup-with")).to_be_hidden()
    page.emulate_media(media="print")
    expect(page.locator("#setup-with")).to_have_text("使用：短局（7 回合）")
    expect(page.locator(".setup-players")).to_be_hidden()
    expect(page.locator("#print-setup")).to_be_hidden()
    expect(page.locator(".setup-facts li").first).to_be_visible()
    context.close()
