"""Star Road drawn as the physical game (issue 18): tables of 2, 4 and 8 players played for 60+ decisions,
checking by data attributes that every seat, object, character, faction card and stack entry of the view
is drawn, that no 0-based seat or bracketed object number shows, that the page reads right in en, zh_TW
and es, and that nothing hidden reaches the page or the frames.

The e2e server plays Star Road with marked views (launch.py: MarkedStarRoad): every value a seat may not
see (others' face-down faction and character cards, the numbers of their unused objects) is replaced by
a planted marker `§Hn§` in that seat's view, so a hidden value drawn anywhere would show as a marker."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocket, expect

from .page_text import problems
from .ui import create_table, play_active

pytestmark = pytest.mark.timeout(300)
MARKER = re.compile(r"§H\d+§")
BRACKETED = re.compile(r"\[\d+\]")


def record_frames(page: Page) -> list[str]:
    frames: list[str] = []

    def on_socket(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: frames.append(payload if isinstance(payload, str)
                                                            else payload.decode("utf-8", "replace")))

    page.on("websocket", on_socket)
    return frames


def current_view(page: Page, frames: list[str]) -> dict[str, Any]:
    """The view the page shows now: the last state message at the page's index."""
    index = int(page.locator(".table-page").get_attribute("data-index") or "0")
    for text in reversed(frames):
        message = json.loads(text)
        if message.get("type") == "state" and message.get("index") == index and message.get("view"):
            return dict(message["view"])
    raise AssertionError(f"no state message at index {index}")


def count(page: Page, selector: str) -> int:
    return page.locator(f"#board {selector}").count()


def check_drawn(page: Page, view: dict[str, Any]) -> None:
    """Every seat, object, character, faction card and stack entry of the view is on the board."""
    me = view["you"]["seat"]
    assert count(page, ".generic") == 0
    for seat in view["seats"]:
        x = seat["seat"]
        assert count(page, f"[data-part=ring] .sr-seat[data-seat='{x}']") == 1, f"seat {x} not at the table"
        lines = f"[data-part=lines][data-seat='{x}']"
        assert count(page, lines) == 1, f"seat {x} has no production lines"
        for o in seat["objects"]:
            where = f"{lines} [data-object='{x}/{o['line']}/{o['level']}']"
            card = o["no"] if o["no"] is not None else "back"
            assert count(page, f"{where} [data-card='{card}']") == 1, f"{where} as {card}"
        for g in seat["ground"]:
            assert count(page, f"{lines} [data-ground='{g['no']}']") == 1
        faction = seat["faction"] if seat["faction"] is not None else "hidden"
        ring = "[data-part=ring]"
        assert count(page, f"{ring} [data-faction='{faction}']") >= 1, f"seat {x}: faction {faction}"
        if seat["character"] is not None:
            assert count(page, f"{ring} [data-card='{seat['character']}']") >= 1, f"seat {x}: character"
        if x != me and seat["alive"]:
            assert count(page, f"{ring} .sr-seat[data-seat='{x}'] ~ .distance") == 1, f"seat {x}: distance"
    you = view["you"]
    own = "[data-part=own]"
    assert count(page, f"{own} [data-faction='{you['faction']}']") == 1
    for card in [you["character"], you["set_aside"]] if you["character"] else you["dealt"]:
        if card:
            assert count(page, f"{own} [data-card='{card}']") == 1, f"own card {card}"
    assert count(page, "[data-stack-entry]") == len(view["stack"])
    attack = view["attack"]
    if attack is not None:
        assert count(page, "[data-part=attack]") == 1
        assert count(page, "[data-weapon]") == len(attack["weapons"])
        for weapon in attack["weapons"]:
            for target in weapon["targets"]:
                assert count(page, f"[data-part=ring] .attack-line[data-to='{target}']") >= 1
    designs = view["designs"]
    assert count(page, "[data-part=chart] [data-card]") == len(designs)


def check_page(page: Page, frames: list[str], lang: str) -> None:
    text = page.locator("body").inner_text()
    assert not BRACKETED.search(text), BRACKETED.search(text)
    found = problems(page, "starroad", lang)
    assert not found, found
    assert not MARKER.search(page.content()), "a planted marker reached the page"
    for frame in frames:
        assert not MARKER.search(frame), f"a planted marker reached a frame: {MARKER.search(frame)}"


CHART = {"en": "Design chart", "zh_TW": "設計圖表", "es": "Tabla de diseños"}


def set_lang(page: Page, lang: str) -> None:
    """Switch the page's language and wait until the game's catalog in it has drawn the board."""
    page.mouse.move(1, 1)  # no tooltip left open in the previous language
    page.select_option("#lang-select", lang)
    expect(page.locator(f"#board [data-part=chart][aria-label='{CHART[lang]}']")).to_have_count(1)
    page.wait_for_timeout(200)


@pytest.mark.parametrize("players", [2, 4, 8])
def test_starroad_table_is_drawn(browser: Browser, server: str, artifacts: Path, players: int) -> None:
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    frames = record_frames(page)
    create_table(page, server, "starroad", players, ["random"] * (players - 1))
    expect(page.locator("#board [data-part=ring]")).to_be_visible()
    rng = random.Random(players)
    langs = ["en", "zh_TW", "es"]
    sent = 0
    for round_ in range(16):
        sent += play_active(page, rng, 4)
        if page.locator("#final-result").count():
            break
        check_drawn(page, current_view(page, frames))
        if round_ % 4 == 3:
            lang = langs[(round_ // 4) % 3]
            set_lang(page, lang)
            check_page(page, frames, lang)
    assert sent >= 60 or page.locator("#final-result").count(), f"only {sent} decisions"
    out = artifacts / "starroad"
    out.mkdir(parents=True, exist_ok=True)
    for lang in langs:
        set_lang(page, lang)
        check_page(page, frames, lang)
        page.screenshot(path=str(out / f"table-{players}p-{lang}-desktop.png"), full_page=True)
    ctx.close()


def test_starroad_on_a_phone(browser: Browser, server: str, artifacts: Path) -> None:
    """At 390 px the seats stack in two columns, cards stay legible, and the page reads right."""
    ctx = browser.new_context(locale="zh-TW", viewport={"width": 390, "height": 844}, is_mobile=True,
                              has_touch=True)
    page = ctx.new_page()
    frames = record_frames(page)
    create_table(page, server, "starroad", 4, ["random"] * 3)
    play_active(page, random.Random(7), 30)
    out = artifacts / "starroad"
    out.mkdir(parents=True, exist_ok=True)
    for lang in ("zh_TW", "en", "es"):
        set_lang(page, lang)
        if not page.locator("#final-result").count():
            check_drawn(page, current_view(page, frames))
        check_page(page, frames, lang)
        page.screenshot(path=str(out / f"table-4p-{lang}-phone.png"), full_page=True)
    ctx.close()
