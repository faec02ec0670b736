""""Your games" (#/mine): the tables this browser took a seat at, with the player's record in each game
and against each level of bot, the games still played, and every finished game with the player's place
and the ways back to it (final result, replay, the hard bot's look). The figures are checked against the
server's own results of the same tables."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect

from .page_text import problems
from .ui import finished_game

pytestmark = pytest.mark.timeout(180)


def claim_script(claims: dict[str, dict[str, Any]]) -> str:
    """An init script that gives the browser these seats, as joining them would have."""
    return "".join(f"localStorage.setItem('parlor.seat.{table}', {json.dumps(json.dumps(claim))});"
                   for table, claim in claims.items())


def seat_of(token: str) -> dict[str, Any]:
    return {"seat": 0, "token": token, "name": "Ada", "at": int(time.time() * 1000)}


def test_a_players_record_and_finished_games_in_chinese_on_a_phone(browser: Browser, server: str) -> None:
    played = [finished_game(server, "opera", players=2, level="random"),
              finished_game(server, "skyrise", players=3, level="random"),
              finished_game(server, "opera", players=3, level="easy")]
    claims = {table: seat_of(token) for table, token, _ in played}
    running = httpx.post(f"{server}/api/tables", json={"game": "skyrise", "players": 2, "seats": [
        {"kind": "open"}, {"kind": "bot", "level": "easy"}]}, timeout=60).json()["id"]
    token = httpx.post(f"{server}/api/tables/{running}/seats/0/join", json={"name": "Ada"},
                       timeout=30).json()["token"]
    claims[running] = seat_of(token)
    claims["noSuchTable1"] = seat_of("x")  # a table this server never had: left out
    # a team's win (Star Road at four): the browser's seat one of the winners, who share the win
    team, _, info = finished_game(server, "starroad", players=4, level="random")
    winners = info["result"]["winners"]
    assert len(winners) > 1
    claims[team] = {**seat_of("x"), "seat": max(winners)}  # not Ada's seat 0: a person sat at the table
    ctx = browser.new_context(locale="zh-TW", viewport={"width": 390, "height": 844})
    ctx.add_init_script(claim_script(claims))
    page = ctx.new_page()
    page.goto(f"{server}/#/")
    page.locator("#your-games-link").click()
    expect(page.locator(".finished-game")).to_have_count(4)
    assert page.url.endswith("#/mine")
    expect(page.locator(f".finished-game[data-table='{team}'] .outcome")).to_contain_text("一同獲勝")
    expect(page.locator(".record[data-game=starroad] .record-all")).to_have_text(
        "已結束的 1 局中，你贏了 1 局。")
    expect(page.locator(".record[data-game=starroad] [data-level]")).to_have_count(0)  # people sat there

    infos = {table: httpx.get(f"{server}/api/tables/{table}", timeout=10).json() for table, _, _ in played}
    for game in ("opera", "skyrise"):
        mine = [info for info in infos.values() if info["game"] == game]
        won = sum(0 in info["result"]["winners"] for info in mine)
        expect(page.locator(f".record[data-game={game}] .record-all")).to_have_text(
            f"已結束的 {len(mine)} 局中，你贏了 {won} 局。")
    # against bots, by the strongest bot at the table: two Opera games, one against each level
    for level, table in (("random", played[0][0]), ("easy", played[2][0])):
        won = int(0 in infos[table]["result"]["winners"])
        line = page.locator(f".record[data-game=opera] [data-level={level}]")
        expect(line).to_contain_text(f"1 局勝 {won} 局")
    expect(page.locator(".record[data-game=opera] [data-level]")).to_have_count(2)

    # the finished games, the last finished first, each with the player's place
    finished = {**infos, team: httpx.get(f"{server}/api/tables/{team}", timeout=10).json()}
    order = sorted(finished, key=lambda t: -finished[t]["updated_at"])
    assert page.locator(".finished-game").evaluate_all("rows => rows.map((r) => r.dataset.table)") == order
    for table, info in infos.items():
        result, row = info["result"], page.locator(f".finished-game[data-table='{table}'] .outcome")
        if 0 in result["winners"]:
            expect(row).to_contain_text("獲勝")
        else:
            expect(row).to_have_text(f"第 {result['ranks'][0]} 名（共 {info['players']} 人）")
    expect(page.locator(f".finished-game[data-table='{order[0]}'] .analyse-link")).to_have_attribute(
        "href", f"#/replay/{order[0]}/analyse")
    # the game still played, with the way back to it
    expect(page.locator(f"#games-playing .table-row[data-table='{running}']")).to_contain_text("輪到你決定")
    assert not problems(page, "opera", "zh_TW")

    page.select_option("#mine-game", "skyrise")
    expect(page.locator(".finished-game")).to_have_count(1)
    page.locator(f".finished-game[data-table='{played[1][0]}']").get_by_role("link", name="重播").click()
    expect(page.locator("#replay-controls")).to_be_visible()
    ctx.close()


def test_a_browser_without_seats_is_told_so_and_a_long_list_shows_more(browser: Browser, server: str) -> None:
    page = browser.new_context(locale="es-ES").new_page()
    page.goto(f"{server}/#/mine")
    expect(page.locator("#no-games")).to_have_text("Aún no has ocupado un asiento en ninguna mesa.")
    page.goto(f"{server}/#/")
    expect(page.locator("#your-games-link")).to_have_count(0)
    page.context.close()

    games = [finished_game(server, "sealed_bids", level="random") for _ in range(21)]
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    ctx.add_init_script(claim_script({table: seat_of(token) for table, token, _ in games}))
    page = ctx.new_page()
    page.goto(f"{server}/#/mine")
    expect(page.locator(".finished-game")).to_have_count(20)
    won = sum(0 in info["result"]["winners"] for _, _, info in games)
    expect(page.locator(".record[data-game=sealed_bids] .record-all")).to_have_text(
        f"You won {won} of 21 finished games.")
    page.locator("#show-more").click()
    expect(page.locator(".finished-game")).to_have_count(21)
    expect(page.locator("#show-more")).to_have_count(0)
    ctx.close()
