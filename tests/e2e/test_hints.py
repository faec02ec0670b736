"""A hint at a table against bots: the player who must decide asks what the hard bot would play, the
page says it in the player's words and marks that choice; at a table with another person there is no
hint button."""

from __future__ import annotations

import json
import random
import re

import httpx
import pytest
from playwright.sync_api import Browser, expect

from .ui import create_table, play_active, play_until

pytestmark = pytest.mark.timeout(120)


def test_a_player_against_bots_asks_for_a_hint(browser: Browser, server: str) -> None:
    ctx = browser.new_context(locale="es-ES", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    create_table(page, server, "sealed_bids", 2, ["random"])
    page.select_option("#lang-select", "es")
    expect(page.locator("#decision button.move").first).to_be_visible()
    page.click("#hint")
    notice = page.locator("#notice")
    expect(notice).to_contain_text("El bot difícil elegiría: ")
    marked = page.locator("#decision button.move.hinted")
    expect(marked).to_have_count(1)
    # the notice names the marked choice, in the page's words, with its share of the bot's search
    # ("… (62% de su búsqueda)"), and on a line of its own any other choice that stood out in it
    lines = notice.inner_text().split("\n")
    assert marked.inner_text().strip() in lines[0], (marked.inner_text(), lines)
    assert re.search(r" \(\d+% de su búsqueda\)$", lines[0]), lines
    assert all(line.startswith("También consideró: ") for line in lines[1:]) and len(lines) <= 2, lines
    marked.click()  # played: the hint is gone with its position
    expect(page.locator("#notice")).to_have_count(0)
    # a game with another person: no hint, though it is the player's decision
    create_table(page, server, "sealed_bids", 2, ["open"])
    other = browser.new_context(locale="es-ES").new_page()
    other.goto(page.locator(".invite-link[data-seat='1']").input_value())
    other.fill("#join-name", "Bea")
    other.click("#join-seat")
    expect(page.locator(".table-page[data-status=running] #decision button.move").first).to_be_visible()
    expect(page.locator("#hint")).to_have_count(0)
    other.context.close()
    ctx.close()


def test_a_hint_among_many_choices_marks_the_way_to_it(browser: Browser, server: str) -> None:
    """Where the panel asks for a move field by field (Skyrise: many pieces on many spots), the
    hinted move's value of the field asked is marked; chosen, the move itself is marked next."""
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    create_table(page, server, "skyrise", 2, ["random"])
    assert play_until(page, random.Random(1), page.locator("#decision button.step"), 10)
    page.click("#hint")
    expect(page.locator("#notice")).to_contain_text("The hard bot would choose: ")
    step = page.locator("#decision button.step.hinted")
    expect(step).to_have_count(1)
    step.click()
    expect(page.locator("#decision button.choice.hinted")).to_have_count(1)
    ctx.close()


def test_a_past_decision_is_looked_at_with_the_hard_bot_in_the_review(browser: Browser, server: str) -> None:
    """In the review during a game against bots, at a position where the decision was the player's,
    a button asks the hard bot what it would have played there: the answer sets the move the player
    made beside the bot's, each with its share of the search, in the page's language (on a phone,
    in Chinese). At a position that was not the player's decision there is no button."""
    ctx = browser.new_context(locale="zh-TW", viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    create_table(page, server, "sealed_bids", 2, ["random"])
    page.select_option("#lang-select", "zh_TW")
    play_active(page, random.Random(3), 2)
    expect(page.locator("#decision button.move").first).to_be_visible()
    page.click("#open-review")
    page.click("#review-first")   # both bid at the start (SB-2): Ada's decision
    expect(page.locator("#review-step")).to_contain_text("開局")
    page.click("#ask-past-hint")
    answer = page.locator("#past-hint .notice")
    expect(answer).to_contain_text("你下的是：")
    lines = answer.inner_text().split("\n")
    assert re.fullmatch(r"你下的是：.+（它 \d+% 的搜尋）", lines[0]), lines
    # the bot's own choice, or (the same move) that it agrees
    assert re.fullmatch(r"困難級電腦會選：.+（它 \d+% 的搜尋）|困難級電腦也會這麼選。", lines[1]), lines
    # no button where the decision was not Ada's (her bid made and the bot's to come, or its prize to
    # take; whether the deal gave one is luck), nor at the position now (the table's own hint is there)
    table = page.url.split("#/t/")[1]
    token = json.loads(page.evaluate(f"localStorage.getItem('parlor.seat.{table}')"))["token"]
    total = int(re.findall(r"\d+", page.locator("#review-step").inner_text())[-1])
    auth = {"Authorization": f"Bearer {token}"}
    actors = [httpx.get(f"{server}/api/tables/{table}/review/{s}", headers=auth).json()["actors"]
              for s in range(total)]
    for step in [s for s in range(total) if 0 not in actors[s]][:1] + [total]:
        page.locator("#review input[type=range]").fill(str(step))
        expect(page.locator("#review-step")).to_contain_text(f"第 {step} 步")
        expect(page.locator("#review-board")).to_be_visible()
        page.wait_for_timeout(500)   # the position at that step has come
        expect(page.locator("#ask-past-hint")).to_have_count(0)
    ctx.close()
