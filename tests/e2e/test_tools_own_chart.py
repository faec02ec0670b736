"""Star Road's reference sheet from the author's own design chart (SR-20.2), in a real browser: a valid
chart shows its own names; a chart with mistakes is refused with each problem in the player's language (its
line and the design's name as its author wrote it), the sheet shown stays as it was, and no English
sentence, raw JSON or clipped line reaches a translated page. Screenshots under test-artifacts/e2e/tools/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .page_text import problems
from .test_tools import open_page
from .test_upload_problems import EXPECTED, HEADING, OWN, PACKAGED, SIZES
from .ui import for_review

pytestmark = pytest.mark.timeout(180)

# the packaged chart with design 1011 under its author's own names, and nothing else changed
RENAMED = PACKAGED.replace('name = "Sling"\nname_zh = "投石索"\n',
                           'name = "Zorro-7"\nname_zh = "狐七號"\n', 1)


@pytest.mark.parametrize("lang", ["en", "zh_TW", "es"])
def test_a_chart_with_two_mistakes_is_refused_in_words_and_the_sheet_stays(
        browser: Browser, server: str, lang: str, tmp_path: Path, artifacts: Path) -> None:
    chart = tmp_path / "my-chart.toml"
    chart.write_text(OWN, encoding="utf-8")
    folder = artifacts / "tools"
    folder.mkdir(parents=True, exist_ok=True)
    for size_name, size in SIZES.items():
        page = open_page(browser, server, "#/tools/starroad/sheet", lang=lang, **size)
        packaged_row = page.locator("#sheet-designs tr[data-design='1011'] th")
        expect(packaged_row).to_be_visible()
        before = packaged_row.inner_text()
        page.set_input_files("#own-chart", str(chart))
        refusal = page.locator("#chart-error")
        expect(refusal.locator(".problems > p")).to_have_text(HEADING[lang])
        expect(refusal.locator("li")).to_have_text(EXPECTED[lang])
        expect(packaged_row).to_have_text(before)                       # nothing was changed
        text = page.locator("#chart-files").inner_text()
        assert "{" not in text and '"' not in text, text
        if lang != "en":
            assert not re.search(r"\b(?:unknown|field|must|got|object|Line|chart|valid)\b", text), text
        assert not problems(page, "starroad", lang)
        assert refusal.evaluate(
            "e => [...e.querySelectorAll('li')].every(li => li.scrollWidth <= li.clientWidth + 1)")
        for_review(page, path=str(folder / f"own_chart_refused_{size_name}_{lang}.png"))
        page.context.close()


@pytest.mark.parametrize(("lang", "name"), [("en", "Zorro-7"), ("zh_TW", "狐七號"), ("es", "Zorro-7")])
def test_a_valid_chart_shows_its_authors_names(browser: Browser, server: str, lang: str, name: str,
                                               tmp_path: Path) -> None:
    chart = tmp_path / "renamed.toml"
    chart.write_text(RENAMED, encoding="utf-8")
    page = open_page(browser, server, "#/tools/starroad/sheet", lang=lang)
    page.set_input_files("#own-chart", str(chart))
    expect(page.locator("#sheet-designs tr[data-design='1011'] th")).to_have_text(name)
    expect(page.locator("#chart-files")).to_contain_text("renamed.toml")
    expect(page.locator("#chart-error")).to_have_count(0)
    page.locator("#packaged-chart").click()
    expect(page.locator("#sheet-designs tr[data-design='1011'] th")).not_to_have_text(name)
    page.context.close()
