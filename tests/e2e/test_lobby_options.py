"""The lobby offers each game's options in words (issue 15): the standard rules preselected, each option
with a one-line description, described values as radio buttons, the house rules of the notes as one
choice, an unavailable module shown but not selectable; no internal id or English word in a translated
lobby."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from installed_games import INSTALLED
from parlor.games.starroad.data import DATA_DIR

from .page_text import problems
from .ui import CHOICES

pytestmark = pytest.mark.timeout(120)

GAMES = INSTALLED


def open_options(page: Page, base: str, game: str, lang: str) -> None:
    page.goto(f"{base}/#/")
    page.select_option("#lang-select", lang)
    page.locator(f"input[name=game][value={game}]").check()
    details = page.locator("details.option-list")
    if not details.evaluate("d => d.open"):
        details.locator("summary").click()


def create_two_player_table(page: Page) -> str:
    """Create the table whose options are set on the page: Ada in seat 1, a random bot in seat 2."""
    page.select_option("#players", "2")
    page.fill("#your-name", "Ada")
    page.select_option("#seat-0", "open")
    page.select_option("#seat-1", "random")
    page.click("#create-table")
    page.wait_for_url(re.compile(r"#/t/"))
    return page.url.split("#/t/")[1]


@pytest.mark.parametrize("lang", ["en", "zh_TW", "es"])
def test_options_in_words(browser: Browser, server: str, lang: str) -> None:
    for size in ({"width": 1280, "height": 900}, {"width": 390, "height": 844}):
        page = browser.new_page(viewport=size)
        for game in GAMES:
            open_options(page, server, game, lang)
            expect(page.locator("#preset")).to_have_value("standard")
            words = httpx.get(f"{server}/api/games/{game}/text/{lang}").json()["options"]
            for name, entry in words.items():
                expect(page.locator(f"#opt-{name}").first).to_be_attached()
                assert entry["label"] in page.locator(".options").inner_text(), (game, lang, name)
            found = problems(page, game, lang)
            assert not found, (game, lang, found[:8])
        page.close()


def test_house_rules_preset_creates_the_table_with_them(page: Page, server: str) -> None:
    """A-01, A-04: the notes' readings chosen together give a table with exactly those options."""
    open_options(page, server, "trickerion", "en")
    page.select_option("#preset", "notes")
    expect(page.locator("#opt-prepare_blocked_by_theater_markers")).to_be_checked()
    expect(page.locator("#opt-two_player_second_start_coins input[value='12']")).to_be_checked()
    table = create_two_player_table(page)
    options = httpx.get(f"{server}/api/tables/{table}").json()["options"]
    assert options["prepare_blocked_by_theater_markers"] is True
    assert options["two_player_second_start_coins"] == 12


def test_unavailable_module_cannot_be_chosen(page: Page, server: str) -> None:
    """TR-21, TR-22 (A-23): Magician Powers and the Duel are shown, greyed, and cannot be ticked."""
    open_options(page, server, "trickerion", "en")
    for name in ("magician_powers", "duel_of_magicians"):
        expect(page.locator(f"#opt-{name}")).to_be_disabled()


def test_own_chart_names_its_designs_in_the_choices(page: Page, server: str, tmp_path: Path) -> None:
    """SR-20: a table playing with an uploaded chart names its designs by the chart's own names (the
    choices "Produce …" read them), in English and Chinese, not by the packaged design of that number."""
    packaged = (DATA_DIR / "objects.toml").read_text(encoding="utf-8")
    own = re.sub(r'^(name(?:_zh)? = ")', r"\1Ω", packaged, flags=re.M)
    chart = tmp_path / "my-chart.toml"
    chart.write_text(own, encoding="utf-8")
    open_options(page, server, "starroad", "en")
    page.set_input_files("#opt-chart", str(chart))
    expect(page.locator(".file-option", has_text="my-chart.toml")).to_be_visible()
    create_two_player_table(page)
    produce = page.locator(f"{CHOICES}[data-kind=build]")
    for _ in range(12):  # the setup's few decisions, then the first turn's production
        page.wait_for_function("s => document.querySelector(s)", arg=CHOICES, timeout=20_000)
        if produce.count():
            break
        page.locator(CHOICES).first.click()
        page.wait_for_timeout(300)
    assert produce.count(), "no production choice reached"
    for lang, field in (("en", "name"), ("zh_TW", "name_zh")):
        page.select_option("#lang-select", lang)
        page.wait_for_timeout(300)
        packaged_names = re.findall(rf'^{field} = "(.+)"', packaged, flags=re.M)
        stale = re.compile("|".join(f"(?<!Ω){re.escape(name)}" for name in packaged_names))
        texts = produce.all_inner_texts()
        assert texts and all("Ω" in text and not stale.search(text) for text in texts), (lang, texts)
