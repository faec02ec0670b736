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

from .ui import create_table, play_active, play_until, play_until_over

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
    # "Ada's next move ▶" from the start: the position before her next move in the record so far
    own = [i for i, m in enumerate(httpx.get(f"{server}/api/tables/{table}/record").json()["moves"])
           if m["seat"] == 0]
    page.locator("#review input[type=range]").fill("0")
    expect(page.locator("#review-step")).to_contain_text("開局")
    page.click("#review-own-next")
    step = next(i for i in own if i > 0)
    expect(page.locator("#review-step")).to_contain_text(f"第 {step} 步")
    expect(page.locator("#ask-past-hint")).to_be_visible()   # her decision: the bot can be asked
    ctx.close()


def test_a_finished_game_is_looked_at_decision_by_decision(browser: Browser, server: str) -> None:
    """From the final result of a game against a bot, the player asks the hard bot about every one of
    their decisions at once, in the replay: a progress line, then how many of their choices it would
    have made too and, where it would have chosen otherwise, those decisions (largest difference
    first), each a button to its position, whose answer then stands without asking again. The counts
    are the server's own hints at those positions, in Spanish."""
    ctx = browser.new_context(locale="es-ES", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    create_table(page, server, "opera", 2, ["random"])
    page.select_option("#lang-select", "es")
    play_until_over(page, random.Random(4), timeout=300)
    table = page.url.split("#/t/")[1]
    token = json.loads(page.evaluate(f"localStorage.getItem('parlor.seat.{table}')"))["token"]
    # from the final result: the replay opens with the hard bot already looking
    expect(page.locator("#analyse-game")).to_have_text("Revisar todas tus decisiones con el bot difícil")
    page.click("#analyse-game")
    expect(page.locator("#analysis-summary")).to_be_visible(timeout=120_000)
    expect(page.locator("#analysis-progress")).to_have_count(0, timeout=120_000)
    # the same answers from the server: Ada's positions are those before each of her moves
    moves = httpx.get(f"{server}/api/tables/{table}/record").json()["moves"]
    auth = {"Authorization": f"Bearer {token}"}
    hint = f"{server}/api/tables/{table}/hint"
    answers = {index: httpx.post(hint, json={"step": index}, headers=auth).json()
               for index, move in enumerate(moves) if move["seat"] == 0}
    compared = {i: a for i, a in answers.items() if a["played"] and (a["weighed"] or a["spread"])}
    agreed = sum(1 for a in compared.values() if a["played"]["move"] == a["move"])
    assert len(compared) > 5, answers
    summary = page.locator("#analysis-summary").inner_text()
    assert summary == f"Elegiste como el bot difícil en {agreed} de {len(compared)} decisiones.", summary
    apart = [i for i, a in compared.items() if a["played"]["move"] != a["move"]
             and a["weighed"] and a["weighed"][0]["move"] == a["move"]]

    def gap(index: int) -> float:
        return float(compared[index]["weighed"][0]["share"] - compared[index]["played"]["share"])

    listed = page.locator("#analysis-list button")
    expected = sorted(apart, key=lambda i: (-gap(i), i))[:10]
    assert [int(b.get_attribute("data-step") or -1) for b in listed.all()] == expected
    assert listed.first.inner_text() == f"Antes de la jugada {expected[0] + 1}"
    entry = page.locator("#analysis-list li").first.inner_text()
    share = r" \(\d+% de su búsqueda\)"
    assert re.search(rf"Jugaste: .+{share}\s+El bot difícil elegiría: .+{share}", entry), entry
    listed.first.click()
    expect(page.locator("#replay-step")).to_contain_text(f"Jugada {expected[0]} de {len(moves)}")
    expect(page.locator("#past-hint .notice")).to_contain_text("Jugaste: ")   # known: no question asked
    expect(page.locator("#ask-past-hint")).to_have_count(0)
    expect(page.locator("#analysis-list")).not_to_be_visible()   # folded: the board follows the controls
    # the plain replay asks first, and counts the same
    page.goto(f"{server}/#/replay/{table}")
    page.reload()
    expect(page.locator("#analysis-summary")).to_have_count(0)
    page.click("#analyse")
    expect(page.locator("#analysis-summary")).to_have_text(summary, timeout=60_000)
    ctx.close()


def test_the_coach_says_after_each_decision_what_the_hard_bot_would_have_played(browser: Browser,
                                                                                  server: str) -> None:
    """With "what the hard bot would have played" on in the settings, a decision with a choice made
    against bots is followed by the hard bot's view of it: the move the player made with its share of
    the search, then the bot's choice (or that it agrees), as the past hint of that position says.
    Off (the default), nothing follows a move. The lobby offers the setting for a game against bots.
    In Chinese."""
    ctx = browser.new_context(locale="zh-TW", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    create_table(page, server, "sealed_bids", 2, ["random"])
    page.select_option("#lang-select", "zh_TW")
    table = page.url.split("#/t/")[1]
    token = json.loads(page.evaluate(f"localStorage.getItem('parlor.seat.{table}')"))["token"]
    choices = page.locator("#decision button.move")
    expect(choices.first).to_be_visible()
    choices.first.click()
    expect(choices.first).to_be_visible()   # the next decision
    page.wait_for_timeout(500)
    expect(page.locator("#coach")).to_have_count(0)
    page.click("#open-settings")
    page.check("#setting-coach")
    page.click("#close-settings")
    expect(choices.first).to_be_visible()
    before = httpx.get(f"{server}/api/tables/{table}").json()
    assert len(page.locator("#decision button.move").all()) > 1, "a decision with a choice"
    choices.last.click()
    coach = page.locator("#coach .coach-words")
    expect(coach).to_contain_text("困難級電腦檢視你上一個決定：")
    lines = coach.inner_text().split("\n")
    assert re.fullmatch(r"你下的是：.+（它 \d+% 的搜尋）", lines[1]), lines
    assert re.fullmatch(r"困難級電腦會選：.+（它 \d+% 的搜尋）|困難級電腦也會這麼選。", lines[2]), lines
    # the past hint of the position the player decided in says the same
    auth = {"Authorization": f"Bearer {token}"}
    hint = f"{server}/api/tables/{table}/hint"
    answer = httpx.post(hint, json={"step": before["index"]}, headers=auth).json()
    assert answer["played"] is not None
    agrees = answer["played"]["move"] == answer["move"]
    assert (lines[2] == "困難級電腦也會這麼選。") == agrees, (lines, answer)
    page.click("#coach-close")   # read: put away until the next decision
    expect(page.locator("#coach")).to_have_count(0)
    # the lobby offers the same setting where a game against bots is set up, and only there
    page.goto(f"{server}/#/")
    page.locator("input[name=game][value=sealed_bids]").check()
    page.select_option("#players", "2")
    page.select_option("#seat-0", "open")
    page.select_option("#seat-1", "random")
    expect(page.locator("#coach")).to_be_checked()
    page.uncheck("#coach")
    assert json.loads(page.evaluate("localStorage.getItem('parlor.settings')"))["coach"] is False
    page.select_option("#seat-1", "open")   # another person may sit there: no coach
    expect(page.locator("#coach")).to_have_count(0)
    ctx.close()
