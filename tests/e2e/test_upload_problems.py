"""A Star Road table created with an uploaded design chart that has mistakes (SR-20.2) is refused, and the
lobby lists each problem in the player's language with its line and the design's name as its author wrote
it; no English sentence, raw JSON or clipped text; a plain bad option reads as what is wrong with it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from parlor.games.starroad.data import DATA_DIR

from .page_text import problems
from .test_lobby_options import open_options
from .ui import for_review

pytestmark = pytest.mark.timeout(180)

PACKAGED = (DATA_DIR / "objects.toml").read_text(encoding="utf-8")
# the author's own names for design 1011, and its two mistakes: a field the format does not have, and
# a text where the cost's number belongs
OWN = (PACKAGED.replace('[object.1011]\n', '[object.1011]\nrange = 3\n', 1)
       .replace('name = "Sling"\nname_zh = "投石索"\n', 'name = "Zorro-7"\nname_zh = "狐七號"\n', 1))
OWN = re.sub(r'(\[object\.1011\][^\[]*?)cost = \d+\n', r'\1cost = "four"\n', OWN, count=1)
LINES = OWN.splitlines()
RANGE_LINE = LINES.index("range = 3") + 1
COST_LINE = LINES.index('cost = "four"') + 1

EXPECTED = {
    "en": [f"Line {RANGE_LINE}, object Zorro-7: unknown field 'range'",
           f"Line {COST_LINE}, object Zorro-7: field 'cost' must be a whole number, got 'four'"],
    "zh_TW": [f"第 {RANGE_LINE} 行，物件「狐七號」：不明的欄位 'range'",
              f"第 {COST_LINE} 行，物件「狐七號」：欄位 'cost' 必須是整數，目前是 'four'"],
    "es": [f"Línea {RANGE_LINE}, objeto Zorro-7: campo desconocido 'range'",
           f"Línea {COST_LINE}, objeto Zorro-7: el campo 'cost' debe ser un número entero, no 'four'"],
}
HEADING = {"en": "Design chart, problems found: 2", "zh_TW": "設計表：2 個問題",
           "es": "Tabla de diseño, problemas encontrados: 2"}
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def refuse_upload(page: Page, server: str, lang: str, chart: Path) -> None:
    open_options(page, server, "starroad", lang)
    page.set_input_files("#opt-chart", str(chart))
    expect(page.locator(".file-option", has_text=chart.name)).to_be_visible()
    page.select_option("#players", "2")
    page.click("#create-table")
    expect(page.locator(".refusal")).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "zh_TW", "es"])
def test_an_uploaded_chart_with_two_mistakes_lists_both_in_the_players_language(
        browser: Browser, server: str, lang: str, tmp_path: Path, artifacts: Path) -> None:
    chart = tmp_path / "my-chart.toml"
    chart.write_text(OWN, encoding="utf-8")
    for size_name, size in SIZES.items():
        page = browser.new_page(viewport=size)
        refuse_upload(page, server, lang, chart)
        refusal = page.locator(".refusal")
        expect(refusal.locator(".problems > p")).to_have_text(HEADING[lang])
        expect(refusal.locator("li")).to_have_text(EXPECTED[lang])
        text = refusal.inner_text()
        assert "{" not in text and '"' not in text, text                 # no raw JSON, no template
        if lang != "en":
            assert not re.search(r"\b(?:unknown|field|must|got|object|Line)\b", text), text
        found = problems(page, "starroad", lang)
        assert not found, found[:8]
        # nothing clipped: every line of the list fits the refusal's box
        assert refusal.evaluate(
            "e => [...e.querySelectorAll('li')].every(li => li.scrollWidth <= li.clientWidth + 1)")
        refusal.scroll_into_view_if_needed()
        for_review(page, path=str(artifacts / f"upload-problems-{size_name}-{lang}.png"), full_page=True)
        page.close()


@pytest.mark.parametrize("lang", ["zh_TW", "es"])
def test_a_chart_that_is_not_toml_names_its_line(page: Page, server: str, lang: str, tmp_path: Path) -> None:
    chart = tmp_path / "broken.toml"
    chart.write_text("[object.1011]\nno = \n", encoding="utf-8")
    refuse_upload(page, server, lang, chart)
    line = page.locator(".refusal li")
    expect(line).to_have_count(1)
    expect(line).to_have_text({"zh_TW": re.compile(r"^第 2 行：不是有效的 TOML（第 \d+ 欄）$"),
                               "es": re.compile(r"^Línea 2: no es TOML válido \(columna \d+\)$")}[lang])


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Option 'Ground rules' needs edition 3 (SR-19.1)"),
    ("zh_TW", "選項「地面規則」需要第三版（SR-19.1）"),
    ("es", "La opción «Reglas del suelo» necesita la edición 3 (SR-19.1)"),
])
def test_an_option_the_rules_refuse_reads_as_what_is_wrong(browser: Browser, server: str, lang: str,
                                                          expected: str, artifacts: Path) -> None:
    """SR-19.1: the ground rules with the first edition are refused, naming the option by its label."""
    for size_name, size in SIZES.items():
        page = browser.new_page(viewport=size)
        open_options(page, server, "starroad", lang)
        page.locator("#opt-edition input[value='1']").check()
        page.locator("#opt-ground_rules").check()
        page.select_option("#players", "2")
        page.click("#create-table")
        expect(page.locator(".refusal")).to_have_text(expected)
        assert not problems(page, "starroad", lang)
        page.locator(".refusal").scroll_into_view_if_needed()
        for_review(page, path=str(artifacts / f"option-refused-{size_name}-{lang}.png"))
        page.close()
