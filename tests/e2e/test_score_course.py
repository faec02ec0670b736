"""The scores through a finished game, drawn under its final result and in its replay: a line a player,
the scores at the step shown beside their names (the server's own course of the game), a click on the
chart going to the move under it; Star Road's HP, under its word for it, in every language."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from .page_text import problems
from .ui import finished_game

pytestmark = pytest.mark.timeout(180)


def standing(points: list[dict[str, Any]], step: int) -> list[float]:
    """The scores after `step` moves: those of the last point at or before it."""
    return [p for p in points if p["step"] <= step][-1]["scores"]


def number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def expect_scores(page: Page, scores: list[float]) -> None:
    """The chart's legend gives each player these scores."""
    for seat, score in enumerate(scores):
        legend = page.locator(f"#score-course .course-score[data-seat='{seat}'] strong")
        expect(legend).to_have_text(number(score))


def test_the_scores_through_a_game_at_its_end_and_in_its_replay(browser: Browser, server: str) -> None:
    table, _, info = finished_game(server, "opera", players=3, level="random")
    course = httpx.get(f"{server}/api/tables/{table}/scores", timeout=30).json()
    points, total = course["points"], course["total"]
    page = browser.new_context(locale="zh-TW", viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{server}/#/t/{table}")
    chart = page.locator("#final-result #score-course")
    expect(chart.locator("path.course")).to_have_count(3)
    expect_scores(page, info["result"]["scores"])
    expect(chart.locator(".course-now")).to_contain_text("終局：")
    assert not problems(page, "opera", "zh_TW")

    page.goto(f"{server}/#/replay/{table}")
    expect(page.locator("#score-course path.course")).to_have_count(3)
    middle = points[len(points) // 2]["step"]
    for _ in range(middle):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-step")).to_have_text(f"第 {middle} 步，共 {total} 步")
    expect(page.locator("#score-course .course-now")).to_contain_text(f"第 {middle} 步後：")
    expect_scores(page, standing(points, middle))
    # a click on the chart's first quarter goes to a move there, and the scores follow
    page.locator("#score-course svg").scroll_into_view_if_needed()
    box = page.locator("#score-course svg").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] * 0.3, box["y"] + box["height"] / 2)
    expect(page.locator("#replay-step")).not_to_have_text(f"第 {middle} 步，共 {total} 步")
    shown = re.fullmatch(r"第 (\d+) 步，共 \d+ 步", page.locator("#replay-step").inner_text())
    assert shown is not None and 0 < int(shown.group(1)) < middle
    expect(page.locator("#score-course .course-now")).to_contain_text(f"第 {shown.group(1)} 步後：")
    expect_scores(page, standing(points, int(shown.group(1))))
    assert not problems(page, "opera", "zh_TW")
    page.context.close()


# Star Road's word for HP in the chart's title (its catalogs' [ui] hp), and the legend's "at the end"
HP_TITLES = {"en-US": ("en", "HP through the game", "At the end:"),
             "zh-TW": ("zh_TW", "整局能量值走勢", "終局："),
             "es-ES": ("es", "PV a lo largo de la partida", "Al final:")}


def test_star_road_charts_each_players_hp_under_its_word(browser: Browser, server: str) -> None:
    """SR-3.5, SR-23.2: Star Road keeps no score; its chart follows each player's HP, says so in the
    page's language, and ends on the HP of the finished table."""
    table, _, info = finished_game(server, "starroad", players=3, level="random")
    total = info["index"]
    end = httpx.get(f"{server}/api/tables/{table}/replay/{total}", timeout=30).json()
    final = [seat["hp"] for seat in sorted(end["view"]["seats"], key=lambda seat: seat["seat"])]
    for locale, (lang, title, at_end) in HP_TITLES.items():
        page = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900}).new_page()
        page.goto(f"{server}/#/t/{table}")
        chart = page.locator("#final-result #score-course")
        expect(chart.locator("path.course")).to_have_count(3)
        expect(chart.locator("h3")).to_have_text(title)
        expect(chart.locator("svg")).to_have_attribute("aria-label", re.compile("^" + re.escape(title)))
        expect(chart.locator(".course-now")).to_contain_text(at_end)
        expect_scores(page, final)
        assert not problems(page, "starroad", lang)
        page.context.close()
