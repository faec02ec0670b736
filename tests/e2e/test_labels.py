"""The generic view labels each view key by the game's `[ui]` catalog table, in the page's language
(issue 9: all UI text in zh-TW, en and es), not by the key title-cased in English."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, expect

from .ui import create_table

pytestmark = pytest.mark.timeout(120)


def test_generic_view_labels_are_localised(browser: Browser, server: str) -> None:
    ctx = browser.new_context(locale="zh-TW", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    create_table(page, server, "trickerion", 2, ["easy"])
    for lang, html in (("zh_TW", "zh-TW"), ("es", "es"), ("en", "en")):
        page.select_option("#lang-select", lang)
        expect(page.locator("html")).to_have_attribute("lang", html)
        ui = httpx.get(f"{server}/api/games/trickerion/text/{lang}").json()["ui"]
        turn = page.locator(".generic .public .field[data-key='turn'] > dt").first
        expect(turn).to_have_text(ui["turn"])
        expect(page.locator(".generic .public .field[data-key='last_turn'] > dt").first).to_have_text(
            ui["last_turn"])
        if lang == "zh_TW":
            assert ui["turn"] == "週" and turn.inner_text() != "Turn"
        # every labelled key the generic view shows uses its catalog label
        for field in page.locator(".generic .field[data-key]").all():
            key = field.get_attribute("data-key") or ""
            label = field.locator(":scope > dt, :scope > h4")
            if key in ui and label.count():
                assert label.first.inner_text() == ui[key], (lang, key)
    ctx.close()
