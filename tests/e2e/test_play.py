"""Every registered game, played to its end through the browser by one human and bots."""

from __future__ import annotations

import random

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from installed_games import INSTALLED
from parlor.core import get_game

from .page_text import problems
from .ui import create_table, finished_game, for_review, offered, play_until_over

pytestmark = pytest.mark.timeout(240)


def test_fixture_game_full_play(page: Page, server: str) -> None:
    table = create_table(page, server, "sealed_bids", 3, ["easy", "random"])
    sent = play_until_over(page, random.Random(1))
    expect(page.locator("#final-result")).to_be_visible()
    scores = page.locator("#final-result .final-score").all_inner_texts()
    result = httpx.get(f"{server}/api/tables/{table}").json()["result"]
    assert sorted(float(s) for s in scores) == sorted(result["scores"])
    assert sent >= 4
    # the replay viewer steps through the record move by move
    page.click("#open-replay")
    # it opens on the position the setup left, before the first move ("Setup · 9 moves", not "Move 0"),
    # seen from the seat this page played
    expect(page.locator("#replay-step")).to_contain_text("Setup · ")
    expect(page.locator("#replay-seat")).to_have_value("0")
    total = int(page.locator("#replay-step").inner_text().split()[-2])
    assert total == httpx.get(f"{server}/api/tables/{table}").json()["index"]
    # Ada's own decisions one after another: the position before each of her moves in the record
    moves = httpx.get(f"{server}/api/tables/{table}/record").json()["moves"]
    after = [m["index"] for m in moves if m["seat"] == 0 and m["index"] > 0]
    assert len(after) >= 2, after
    page.click("#replay-own-next")
    expect(page.locator("#replay-step")).to_contain_text(f"Move {after[0]} of {total}")
    page.click("#replay-own-next")
    expect(page.locator("#replay-step")).to_contain_text(f"Move {after[1]} of {total}")
    page.click("#replay-own-prev")
    expect(page.locator("#replay-step")).to_contain_text(f"Move {after[0]} of {total}")
    page.click("#replay-first")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-step")).to_contain_text(f"Move 1 of {total}")
    expect(page.locator("#replay-move")).to_be_visible()
    # the move says who made it ("Ada: Bid 3"), not only the choice's words
    mover = page.locator("#replay-move > strong").inner_text().split(": ", 1)[0]
    assert mover in page.locator("#replay-seat option").all_inner_texts()[1:], mover  # the players' names
    page.click("#replay-next")
    expect(page.locator("#replay-step")).to_contain_text(f"Move 2 of {total}")
    page.select_option("#replay-seat", "1")
    expect(page.locator("#board .private")).to_be_visible()
    page.click("#replay-last")
    expect(page.locator("#final-result .final-score")).to_have_count(3)


def test_a_replay_shows_each_players_panel_at_its_step(page: Page, server: str) -> None:
    """The replay draws the players' panels as the table did at that step (score, counters, who
    decides), without what only a live table has (online badges, clocks), and the log up to that
    step: Opera's scores run from 0 at the first step to the result's at the last (OP-17)."""
    table, _, info = finished_game(server, "opera", players=2)
    page.goto(f"{server}/#/replay/{table}")
    panels = page.locator(".replay-page .player-panel")
    expect(panels).to_have_count(2)
    assert panels.nth(0).locator(".pp-name").inner_text() == "Ada"
    assert panels.nth(1).locator(".pp-name").inner_text() == "Bot (easy)"   # a bot by its level
    expect(page.locator(".replay-page .pp-score")).to_have_text(["0", "0"])
    expect(page.locator(".replay-page .conn-on, .replay-page .conn-off")).to_have_count(0)
    # the log up to the step shown: at the start, only what the setup began (OP-5)
    expect(page.locator(".replay-page .log li")).to_have_text(["Round 1 begins"])
    page.click("#replay-next")
    expect(page.locator(".replay-page .log li").first).to_be_visible()
    after_one = page.locator(".replay-page .log li").count()
    page.click("#replay-last")
    final = [str(int(score)) for score in info["result"]["scores"]]
    expect(page.locator(".replay-page .pp-score")).to_have_text(final)
    expect(page.locator(".replay-page .log li").last).to_contain_text("game is over")   # OP-17
    assert page.locator(".replay-page .log li").count() > after_one


def test_two_choices_that_read_alike_are_found(page: Page, server: str) -> None:
    """Every game played through the panel (`play_until_over`, `play_active`) checks that no two
    choices of a group read and look the same (Trickerion's two "Buy 1 Wood" once differed only
    in where the pile went); here a copied choice shows that the check sees one."""
    create_table(page, server, "sealed_bids", 3, ["easy", "random"])
    assert offered(page)["alike"] == []
    page.evaluate("() => { const b = document.querySelector('#decision .move-group button.choice');"
                  " b.parentElement.appendChild(b.cloneNode(true)) }")
    assert len(offered(page)["alike"]) == 1


@pytest.mark.parametrize("game", INSTALLED)
def test_every_installed_game_full_play(page: Page, server: str, artifacts, game: str) -> None:
    players = max(2, get_game(game).min_players)
    table = create_table(page, server, game, players, ["easy"] * (players - 1))
    if get_game(game).live_score is not None:  # the panels show the running scores the game declares
        expect(page.locator(".pp-score")).to_have_count(players)
    for_review(page, path=str(artifacts / f"{game}-start-desktop.png"), full_page=True)
    sent = play_until_over(page, random.Random(7), timeout=200)
    expect(page.locator("#final-result")).to_be_visible()
    for_review(page, path=str(artifacts / f"{game}-final-desktop.png"), full_page=True)
    scores = page.locator("#final-result .final-score").all_inner_texts()
    result = httpx.get(f"{server}/api/tables/{table}").json()["result"]
    assert sorted(float(s) for s in scores) == sorted(result["scores"])
    assert sent > 0
    # the final result reads in words in every language: players by name, ties by the game's rule
    for lang in ("en", "zh_TW", "es"):
        page.select_option("#lang-select", lang)
        expect(page.locator("#final-result")).to_be_visible()
        for _ in range(20):  # the language's catalog and naming words load after the switch
            found = problems(page, game, lang)
            if not found:
                break
            page.wait_for_timeout(250)
        assert not found, (lang, found[:8])


def open_as_ada_on_a_phone(browser: Browser, server: str, table: str, token: str,
                           locale: str) -> tuple[BrowserContext, Page]:
    """A 390 px phone in `locale` that holds Ada's seat at `table` (seat 0, her `token`), on its page."""
    ctx = browser.new_context(locale=locale, viewport={"width": 390, "height": 844}, is_mobile=True)
    page = ctx.new_page()
    page.goto(f"{server}/#/")
    page.evaluate("([t, token]) => localStorage.setItem('parlor.seat.' + t, JSON.stringify({seat: 0, token,"
                  " name: 'Ada'}))", [table, token])
    page.goto(f"{server}/#/t/{table}")
    return ctx, page


def test_the_final_result_has_a_column_per_player_and_fits_a_phone(browser: Browser, server: str,
                                                                   artifacts) -> None:
    """TABLE.md: one row per scoring category, one column per player (in rank order), so that
    Skyrise's nine categories fit a 390 px phone without a column cut off at the edge; the winner's
    line is one sentence of the page's language."""
    table, token, info = finished_game(server, "skyrise", wait_seconds=60)
    result = info["result"]
    ctx, page = open_as_ada_on_a_phone(browser, server, table, token, "zh-TW")
    final = page.locator("#final-result")
    expect(final).to_be_visible()
    expect(final.locator(".winners")).to_contain_text("勝利者：")  # Chinese punctuation, not "勝利者:"
    order = sorted(range(2), key=lambda s: (result["ranks"][s], s))
    heads = final.locator("thead th[data-seat]")
    expect(heads).to_have_count(2)
    assert [int(heads.nth(i).get_attribute("data-seat") or -1) for i in range(2)] == order
    categories = {key for part in result["breakdown"] for key in part}
    expect(final.locator("tbody tr[data-category]")).to_have_count(len(categories))
    shown = [float(s) for s in final.locator(".final-score").all_inner_texts()]
    assert shown == [result["scores"][s] for s in order]
    fits = page.evaluate("() => { const t = document.querySelector('#final-result table');"
                         " return t.scrollWidth <= t.parentElement.clientWidth }")
    assert fits, "the final result is cut off on a phone"
    for_review(final, path=str(artifacts / "skyrise-final-zh_TW-phone.png"))
    ctx.close()


def test_a_result_wider_than_a_phone_scrolls_beside_its_categories(browser: Browser, server: str) -> None:
    """Four players' columns in Spanish ("Bot 2 (aleatorio)") run past a 390 px phone: the table
    scrolls sideways and its categories stay at its left, each beside its numbers."""
    table, token, _ = finished_game(server, "skyrise", wait_seconds=90, players=4, level="random")
    ctx, page = open_as_ada_on_a_phone(browser, server, table, token, "es-ES")
    expect(page.locator("#final-result tbody th").first).to_be_visible()
    moved = page.evaluate("""() => {
        const box = document.querySelector('#final-result .scroll')
        const label = box.querySelector('tbody th')
        const before = label.getBoundingClientRect().left
        box.scrollLeft = box.scrollWidth
        return {wide: box.scrollWidth > box.clientWidth, scrolled: box.scrollLeft > 0,
                stays: Math.abs(label.getBoundingClientRect().left - before) < 1}
    }""")
    assert moved == {"wide": True, "scrolled": True, "stays": True}
    ctx.close()


@pytest.mark.parametrize(("locale", "lang", "won", "lost"), [("es-ES", "es", "Victoria", "Derrota"),
                                                              ("zh-TW", "zh_TW", "勝利", "落敗")])
def test_a_team_games_final_result_says_who_won_in_words(browser: Browser, server: str, artifacts,
                                                         locale: str, lang: str, won: str, lost: str) -> None:
    """Star Road scores a win, nothing else (SR-3.5, SR-23.2): its final result reads "Result: Win /
    Loss" in a row of words, not a "Loss" row of zeros beside a "Win" row (a loser's "Loss 0")."""
    table, token, info = finished_game(server, "starroad", wait_seconds=90)
    result = info["result"]
    ctx, page = open_as_ada_on_a_phone(browser, server, table, token, locale)
    final = page.locator("#final-result")
    expect(final).to_be_visible()
    # a row a player in rank order, its outcome in a word (up to eight players read on a phone)
    row = final.locator("tbody td.outcome")
    expect(row).to_have_count(len(result["scores"]))
    outcomes = {key for part in result["breakdown"] for key in part}
    if outcomes == {"win", "loss"}:
        expect(row.first).to_have_text(won)  # the winner's row comes first
        expect(row.last).to_have_text(lost)
    fits = page.evaluate("() => { const t = document.querySelector('#final-result table');"
                         " return t.scrollWidth <= t.parentElement.clientWidth }")
    assert fits, "the final result is cut off on a phone"
    found = problems(page, "starroad", lang)
    assert not found, found[:8]
    for_review(final, path=str(artifacts / f"starroad-final-{lang}-phone.png"))
    ctx.close()
