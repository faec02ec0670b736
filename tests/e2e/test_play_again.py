"""Play again from the final result: the first player opens the next table and sits in their seat;
the other player's page then offers to join it, into their own seat; a watcher's page to watch it.
The next table keeps the game, its options and the bots at their levels."""

from __future__ import annotations

import json
import random
import re

import httpx
import pytest
from playwright.sync_api import Browser, expect

from .ui import create_table, play_until_over

pytestmark = pytest.mark.timeout(240)


def test_the_players_of_a_finished_game_sit_down_again_at_the_next_table(browser: Browser,
                                                                         server: str) -> None:
    ctx_a, ctx_b, ctx_w = (browser.new_context(locale=locale) for locale in ("en-US", "es-ES", "zh-TW"))
    a, b, watcher = ctx_a.new_page(), ctx_b.new_page(), ctx_w.new_page()
    table = create_table(a, server, "sealed_bids", 3, ["open", "hard"], name="Ada")
    b.goto(a.locator(".invite-link[data-seat='1']").input_value())
    b.fill("#join-name", "Bea")
    b.click("#join-seat")
    expect(b.locator(".table-page[data-status=running]")).to_be_visible()
    # Bea hands her seat to a bot; Ada plays to the end
    bea = json.loads(b.evaluate(f"() => localStorage.getItem('parlor.seat.{table}')"))
    handed = httpx.post(f"{server}/api/tables/{table}/seats/1/bot", json={"level": "easy"},
                        headers={"Authorization": f"Bearer {bea['token']}"})
    assert handed.status_code == 200, handed.text
    play_until_over(a, random.Random(2))
    watcher.goto(f"{server}/#/t/{table}")
    expect(watcher.locator("#final-result")).to_be_visible()
    expect(watcher.locator("#watch-next")).to_have_count(0)  # no next table yet
    for page, words in ((a, "Play again"), (b, "Jugar otra vez")):
        expect(page.locator("#play-again")).to_have_text(words)

    a.click("#play-again")
    expect(a).to_have_url(re.compile(rf"#/t/(?!{table})[\w-]+$"))
    next_table = a.url.split("#/t/")[1]
    expect(a.locator(".table-page .player-panel[data-seat='0']")).to_contain_text("Ada")
    # the others' pages are told: Bea joins into her own seat, the watcher may watch
    expect(b.locator("#play-again")).to_have_text("Unirse a la siguiente partida")
    expect(watcher.locator("#watch-next")).to_have_text("觀看下一局")
    b.click("#play-again")
    expect(b.locator(".table-page[data-status=running]")).to_be_visible()
    assert b.url.endswith(f"#/t/{next_table}")
    expect(b.locator(".player-panel[data-seat='1']")).to_contain_text("Bea")
    watcher.click("#watch-next")
    expect(watcher.locator(".table-page")).to_be_visible()
    info = httpx.get(f"{server}/api/tables/{next_table}").json()
    old = httpx.get(f"{server}/api/tables/{table}").json()
    assert (info["game"], info["players"], info["options"]) == (old["game"], old["players"], old["options"])
    assert [(s["kind"], s["name"]) for s in info["seats"]][:2] == [("human", "Ada"), ("human", "Bea")]
    assert info["seats"][2]["kind"] == "bot" and info["seats"][2]["level"] == "hard"
    assert old["next"] == next_table
    for ctx in (ctx_a, ctx_b, ctx_w):
        ctx.close()
