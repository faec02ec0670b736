"""A hint at a table against bots: the player who must decide asks what the hard bot would play, the
page says it in the player's words and marks that choice; at a table with another person there is no
hint button."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser, expect

from .ui import create_table, play_until

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
    # ("… (62% de su búsqueda)"), and on a line of its own any other choice that drew 5% of it
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
