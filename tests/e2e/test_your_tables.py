"""The lobby lists the tables this browser holds a seat at, above everyone's ("Your tables"): a game
still played with its decision marked when it is the player's (the tab counts them), and the way
back to it; a browser that holds no seat sees no such list."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, expect

from .ui import create_table

pytestmark = pytest.mark.timeout(120)


def test_a_player_finds_their_tables_in_the_lobby(browser: Browser, server: str) -> None:
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    mine = create_table(page, server, "sealed_bids", 2, ["random"])
    expect(page.locator("#decision button.move").first).to_be_visible()  # Ada decides
    page.goto(f"{server}/#/")
    row = page.locator(f"#your-tables .table-row[data-table='{mine}']")
    expect(row).to_be_visible()
    expect(row.locator(".your-turn")).to_have_text("Your decision")
    expect(page).to_have_title("(1) parlor")  # the tab says a table waits for the player
    row.get_by_role("link", name="Continue").click()
    expect(page.locator(".table-page")).to_be_visible()
    assert page.url.endswith(f"#/t/{mine}")
    # another browser holds no seat: no list of its own, the table only among everyone's
    other = browser.new_context(locale="en-US").new_page()
    other.goto(f"{server}/#/")
    expect(other.locator(f".table-row[data-table='{mine}']").first).to_be_visible()
    expect(other.locator("#your-tables")).to_have_count(0)
    other.context.close()
    ctx.close()


@pytest.mark.parametrize(("locale", "free"),
                         [("en-US", "open seat"), ("zh-TW", "空位"), ("es-ES", "asiento libre")])
def test_a_waiting_tables_open_seats_read_as_words(browser: Browser, server: str, locale: str,
                                                  free: str) -> None:
    """A table waiting for players lists who sits where, an empty seat in words ("Ada, open seat"),
    where it read as a bare dash ("—, —, Bot (hard)")."""
    table = httpx.post(f"{server}/api/tables", json={"game": "sealed_bids", "players": 3, "seats": [
        {"kind": "open"}, {"kind": "open"}, {"kind": "bot", "level": "hard"}]}, timeout=60).json()["id"]
    page = browser.new_context(locale=locale).new_page()
    page.goto(f"{server}/#/")
    row = page.locator(f".table-row[data-table='{table}']").first
    expect(row).to_contain_text(free)
    expect(row).not_to_contain_text("—")
    page.context.close()


def test_an_invite_link_names_the_game_in_the_pages_language(browser: Browser, server: str) -> None:
    """The page an invite link opens names the game as the lobby does, in the page's language; it
    read "Trickerion: Legends of Illusion — 第 2 座" in Chinese."""
    table = httpx.post(f"{server}/api/tables", json={"game": "trickerion", "players": 2, "seats": [
        {"kind": "open"}, {"kind": "open"}]}, timeout=60).json()["id"]
    page = browser.new_context(locale="zh-TW").new_page()
    page.goto(f"{server}/#/t/{table}/join/1")
    heading = page.locator("form.join h2")
    expect(heading).to_contain_text("魔幻傳奇 Trickerion — 第 2 座")
    expect(heading).not_to_contain_text("Legends of Illusion")
    page.context.close()


def test_a_learner_starts_against_the_easy_bot_with_the_rules_open(browser: Browser, server: str) -> None:
    """"Learn it against a bot" in the lobby: a table of the chosen game against the easy bot, the player
    seated under their name, the coach on, the rules open on arrival (the address then the table's own)."""
    page = browser.new_context(locale="zh-TW", viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{server}/#/")
    page.locator("input[name=game][value=skyrise]").check()
    expect(page.locator(".learn")).to_contain_text("第一次玩Skyrise？")
    page.fill("#your-name", "Ada")
    page.locator("#learn-game").click()
    expect(page.locator("#rules-panel")).to_be_visible()
    table = page.url.split("#/t/", 1)[1]
    assert "/" not in table, page.url  # #/t/ID: a reload or a shared link opens the table as any other
    info = httpx.get(f"{server}/api/tables/{table}", timeout=10).json()
    assert info["game"] == "skyrise" and info["players"] == 2 and info["clock"] is None
    assert [(s["kind"], s["name"], s["level"]) for s in info["seats"]] == [("human", "Ada", None),
                                                                              ("bot", None, "easy")]
    assert page.evaluate("JSON.parse(localStorage.getItem('parlor.settings')).coach") is True
    page.click("#rules-panel .close")
    expect(page.locator("#decision")).to_be_visible()
    page.context.close()
