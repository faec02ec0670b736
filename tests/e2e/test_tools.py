"""The companion tools in a real browser (issue 24): a score pad filled for each game gives the
engine's totals; the trick reference filtered by category and by components in hand shows exactly
the Tricks the data says; each reference sheet's print preview and every tools page on a desktop and
a phone in zh_TW, en and es are saved under test-artifacts/e2e/tools/, and the page-text scanner finds
nothing a player must not see."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from parlor.core import Result, get_game

from .page_text import problems
from .ui import for_review


def pad_score(game_id: str) -> Callable[[dict[str, Any]], Result]:
    """The game's score pad's scoring, found through the game (`Game.score_pad`)."""
    pad = get_game(game_id).score_pad()
    assert pad is not None, f"{game_id} has no score pad"
    return pad.score


trickerion_score, opera_score = pad_score("trickerion"), pad_score("opera")
skyrise_score, starroad_score = pad_score("skyrise"), pad_score("starroad")

pytestmark = pytest.mark.timeout(180)
LANGS = ("zh_TW", "en", "es")
SHEETS = {"trickerion": "tricks", "opera": "sheet", "skyrise": "sheet", "starroad": "sheet"}


@pytest.fixture(scope="module")
def shots(artifacts: Path) -> Path:
    folder = artifacts / "tools"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def open_page(browser: Browser, server: str, path: str, lang: str = "en", width: int = 1280,
              height: int = 900) -> Page:
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(f"localStorage.setItem('parlor.lang', '{lang}')")
    page = context.new_page()
    page.goto(f"{server}/{path}")
    return page


def fill(page: Page, values: dict[str, Any]) -> None:
    """Type numbers, pick options and tick boxes by element id."""
    for element, value in values.items():
        box = page.locator(f"#{element}")
        if isinstance(value, bool):
            box.set_checked(value)
        elif box.evaluate("e => e.tagName") == "SELECT":
            box.select_option(str(value))
        else:
            box.fill(str(value))


def totals(page: Page, names: list[str]) -> list[float]:
    page.locator("#pad-score").click()
    expect(page.locator("#pad-result")).to_be_visible()
    # the result as the table's: one column per player in rank order, a row per category (a row per
    # player where the result is an outcome)
    cells = page.locator("#pad-result .final-score[data-seat]")
    found = {int(cells.nth(i).get_attribute("data-seat") or -1): float(cells.nth(i).inner_text())
             for i in range(cells.count())}
    for seat, name in enumerate(names):
        expect(page.locator(f"#pad-result th[data-seat='{seat}']")).to_contain_text(name)
    return [found[seat] for seat in range(len(names))]


def test_the_lobby_leads_to_the_tools_without_a_table(browser: Browser, server: str) -> None:
    page = open_page(browser, server, "#/")
    page.locator("#tools-link").click()
    expect(page.locator("#tools-index .tools-game")).to_have_count(4)
    page.locator(".tools-game[data-game=opera] [data-tool=pad]").click()
    expect(page.locator("#score-pad[data-game=opera]")).to_be_visible()
    page.context.close()


def test_trickerion_pad(browser: Browser, server: str) -> None:
    """TR-16.1: Shards, Coins / 3, 2 per Apprentice, 3 per Specialist; a tie on Fame goes to the
    earlier player in the last Initiative Order (TR-16.4)."""
    page = open_page(browser, server, "#/tools/trickerion/pad")
    fill(page, {"pad-count": 2, "pad-name-0": "Ada", "pad-name-1": "Bo", "pad-fame-0": 20, "pad-coins-0": 9,
                "pad-shards-0": 3, "pad-apprentices-0": 2, "pad-assistant-0": True, "pad-fame-1": 33,
                "pad-place-0": 2, "pad-place-1": 1})
    expected = trickerion_score({"players": [{"fame": 20, "coins": 9, "shards": 3, "apprentices": 2,
                                              "specialists": ["assistant"]}, {"fame": 33}],
                                 "initiative": [1, 0]})
    assert expected.scores == (33.0, 33.0) and expected.ranks == (2, 1)
    assert totals(page, ["Ada", "Bo"]) == [33, 33]
    expect(page.locator("#pad-result .rank[data-seat='1']")).to_have_text("1")
    expect(page.locator("#pad-result .tie")).to_contain_text("Initiative")
    page.context.close()


def test_the_pad_takes_the_colour_blind_setting(browser: Browser, server: str) -> None:
    """A pad is used where no table page is open: it has the table's colour-blind setting too, and with
    it on, each player's shape stands beside their name box, their column's name and their result."""
    page = open_page(browser, server, "#/tools/trickerion/pad")
    fill(page, {"pad-count": 3, "pad-name-0": "Ada", "pad-name-1": "Bo", "pad-name-2": "Cy"})
    expect(page.locator("#score-pad .seat-mark")).to_have_count(0)
    page.check("#setting-distinctColours")
    expect(page.locator(".pad-names .seat-mark")).to_have_count(3)
    shapes = page.locator(".pad-grid th.pad-player .seat-mark").evaluate_all(
        "marks => marks.map((m) => m.dataset.shape)")
    assert shapes == ["circle", "square", "triangle"], shapes
    fill(page, {"pad-fame-0": 20, "pad-fame-1": 30, "pad-fame-2": 25})
    page.click("#pad-score")
    for shape in shapes:   # the result names each player with their shape
        expect(page.locator(f"#pad-result .seat-mark[data-shape={shape}]").first).to_be_visible()
    page.context.close()


def test_trickerion_pad_dark_alley_level3_bonus(browser: Browser, server: str) -> None:
    """TR-16.2 / TR-16.3 through the pad: Special cards and Mutilation's bonus with its components."""
    page = open_page(browser, server, "#/tools/trickerion/pad")
    fill(page, {"pad-count": 2, "pad-dark-alley": True, "pad-fame-0": 10, "pad-special_cards-0": 2,
                "pad-assistant-0": True, "pad-manager-0": True, "pad-engineer-0": True,
                "pad-trick-0-0": "mutilation", "pad-comp-glass-0": 2, "pad-comp-fabric-0": 3,
                "pad-comp-saw-0": 2, "pad-comp-disguise-0": 1, "pad-fame-1": 20})
    expected = trickerion_score({"players": [
        {"fame": 10, "special_cards": 2, "specialists": ["assistant", "manager", "engineer"],
         "tricks": [{"trick": "mutilation"}],
         "components": {"glass": 2, "fabric": 3, "saw": 2, "disguise": 1}},
        {"fame": 20}], "options": {"dark_alley": True}})
    assert expected.scores[0] == 10 + 4 + 12
    assert totals(page, ["Player 1", "Player 2"]) == list(expected.scores)
    page.context.close()


def test_opera_pad(browser: Browser, server: str) -> None:
    """OP-13: the last scoring round (episode 3) from the halls, the ladder and the track."""
    page = open_page(browser, server, "#/tools/opera/pad")
    fill(page, {"pad-count": 2, "pad-name-0": "Ada", "pad-name-1": "Bo", "pad-score-0": 30, "pad-score-1": 35,
                "pad-row-0": 4, "pad-row-1": 2, "pad-episode-2": "verdi",
                "pad-halls-wien-0": 2, "pad-halls-paris-1": 3})
    fill(page, {"pad-hall-wien-0-0": "verdi", "pad-hall-wien-0-1": "mozart"})
    ladder = ["bach", "handel", "mozart", "verdi", "wagner", "monteverdi"]
    expected = opera_score({"round": 9, "ladder": ladder, "episode_composers": ["bach", "handel", "verdi"],
                            "players": [{"score": 30, "budget_row": 4, "budget_slot": 1,
                                         "houses": {"venezia": ["house"], "wien": ["verdi", "mozart"]}},
                                        {"score": 35, "budget_row": 2, "budget_slot": 2,
                                         "houses": {"venezia": ["house"], "paris": ["", "", ""]}}]})
    assert expected.scores == (30 + 4 + 3, 35 - 3)
    assert totals(page, ["Ada", "Bo"]) == list(expected.scores)
    page.context.close()


def test_skyrise_pad(browser: Browser, server: str) -> None:
    """SK-12.1: islands, panoramas, objective, patrons, excess and commission discs, keys, structures."""
    page = open_page(browser, server, "#/tools/skyrise/pad")
    fill(page, {"pad-count": 2, "pad-name-0": "Ada", "pad-name-1": "Bo", "pad-before-0": 40,
                "pad-islands-0": 2, "pad-panorama-count-1-0": 1, "pad-patron-A-0": 2, "pad-commissions-0": 1,
                "pad-structures-yellow-0": 5, "pad-track-yellow-0": 3, "pad-before-1": 60,
                "pad-finished-0": 2, "pad-finished-1": 1, "pad-structures-green-1": 2})
    values = {"A": 3, "B": 4, "C": 5, "D": 8}
    expected = skyrise_score({"panoramas": ["chains", "lakes"], "patron_values": values,
                              "players": [{"before": 40, "islands": 2, "panorama_counts": [0, 1],
                                           "objective": "yellow", "patrons": {"A": 2}, "commissions": 1,
                                           "finished": 2,
                                           "structures": {"yellow": 5}, "tracks": {"yellow": 3}},
                                          {"before": 60, "objective": "green", "finished": 1,
                                           "structures": {"green": 2}}]})
    assert totals(page, ["Ada", "Bo"]) == list(expected.scores)
    page.context.close()


def test_starroad_pad(browser: Browser, server: str) -> None:
    """SR-3.5: both Blue characters eliminated, so the Red group's players win together."""
    page = open_page(browser, server, "#/tools/starroad/pad", lang="zh_TW")
    fill(page, {"pad-count": 4, "pad-alive-2": False, "pad-alive-3": False, "pad-hp-0": 3})
    dead = {"alive": False}
    expected = starroad_score({"players": [{"faction": "R*", "hp": 3}, {"faction": "R", "hp": 8},
                                           {"faction": "B*", **dead}, {"faction": "B", **dead}]})
    assert expected.winners() == (0, 1)
    assert totals(page, ["玩家 1", "玩家 2", "玩家 3", "玩家 4"]) == list(expected.scores)
    expect(page.locator("#pad-result .winners")).to_contain_text("玩家 2")
    # a team shares its outcome: its players read as the winners, in a row of words, never as a tie
    expect(page.locator("#pad-result td.outcome").first).to_have_text("勝利")
    expect(page.locator("#pad-result .tiebreaks")).to_have_count(0)
    # SR-23.2: both groups alive with the same total HP at the round limit: a draw between them
    fill(page, {"pad-alive-2": True, "pad-alive-3": True, "pad-hp-0": 8})
    drawn = starroad_score({"players": [{"faction": f, "hp": 8} for f in ("R*", "R", "B*", "B")]})
    assert drawn.winners() == (0, 1, 2, 3) and drawn.is_outcome()
    assert totals(page, ["玩家 1", "玩家 2", "玩家 3", "玩家 4"]) == list(drawn.scores)
    expect(page.locator("#pad-result .winners")).to_contain_text("平手：玩家 1")
    expect(page.locator("#pad-result .tiebreaks")).to_have_count(0)
    page.context.close()


def test_an_impossible_pad_is_refused_in_words(browser: Browser, server: str, shots: Path) -> None:
    """A refused pad says why in the page's language, at the entry concerned (the row, the player's
    cell, the field), from the reason's code: Spanish and Traditional Chinese, read back with the
    page-text scanner (no English word, no internal id)."""
    page = open_page(browser, server, "#/tools/trickerion/pad", lang="es")
    fill(page, {"pad-count": 2, "pad-place-0": 1, "pad-place-1": 1})
    page.locator("#pad-score").click()
    reason = "Cada uno de los 2 jugadores ocupa un puesto en el orden de iniciativa."
    expect(page.locator("#pad-error")).to_contain_text(f"La hoja no puede puntuar esto: {reason}")
    expect(page.locator("tr[data-row=initiative] + tr.refusal-row .field-error")).to_have_text(reason)
    expect(page.locator("#pad-result")).to_have_count(0)
    assert not problems(page, "trickerion", "es")
    fill(page, {"pad-place-1": 2, "pad-dark-alley": True, "pad-trick-0-0": "mutilation",
                "pad-trick-1-0": "mutilation"})
    page.locator("#pad-score").click()
    row = page.locator("tr[data-row='trick-0']")
    expect(row).to_have_attribute("data-refused-player", "1")
    expect(page.locator("tr[data-row='trick-0'] + tr.refusal-row .field-error")).to_have_text(
        f"Jugador 2: {get_game('trickerion').catalogs()['es'].name('mutilation')} ya tiene dueño; "
        "la caja tiene una carta de cada truco.")
    assert not problems(page, "trickerion", "es")
    for_review(page, path=str(shots / "refused_pad_trickerion_es_desktop.png"), full_page=True)
    page.context.close()

    page = open_page(browser, server, "#/tools/opera/pad", lang="zh_TW")
    fill(page, {"pad-fame-bach": 3})
    page.locator("#pad-score").click()
    expect(page.locator("#pad-error")).to_contain_text("計分表無法計算")
    expect(page.locator(".field-error[data-field=ladder]")).to_have_text(
        "每位作曲家在名人堂上各佔一個位置（OP-3）。")
    assert not problems(page, "opera", "zh_TW")
    page.context.close()

    page = open_page(browser, server, "#/tools/starroad/pad", lang="zh_TW", width=390, height=844)
    fill(page, {"pad-count": 2, "pad-name-0": "小明", "pad-hp-0": 0})
    page.locator("#pad-score").click()
    expect(page.locator("tr[data-row=hp] + tr.refusal-row .field-error")).to_have_text(
        "小明：存活的角色至少有 1 點能量值（SR-25.3）。")
    expect(page.locator("tr[data-row=hp]")).to_have_attribute("data-refused-player", "0")
    assert not problems(page, "starroad", "zh_TW")
    for_review(page, path=str(shots / "refused_pad_starroad_zh_TW_phone.png"), full_page=True)
    page.context.close()


def trick_sheet(server: str) -> dict[str, Any]:
    """The Tricks as the board reads them (Trickerion's public data), in the reference's terms."""
    data = httpx.get(f"{server}/api/games/trickerion/data").json()["data"]
    return {"tricks": [{"id": trick, **t,
                        "bga_components": t.get("bga", {}).get("components", t["components"])}
                       for trick, t in data["tricks"].items()]}


def shown_tricks(page: Page) -> set[str]:
    cards = page.locator("#trick-grid .trick-card")
    return {cards.nth(i).get_attribute("data-trick") or "" for i in range(cards.count())}


def test_trick_reference_filters_by_category_and_components(browser: Browser, server: str) -> None:
    """Filtering by category (or by yield and Prepare cost) shows exactly those Tricks; "what can I
    prepare with these components?" shows exactly the Tricks whose requirements (TR-11.3) the
    components meet, as printed or as on Board Game Arena (A-06); sorting follows the printed number."""
    tricks = trick_sheet(server)["tricks"]
    page = open_page(browser, server, "#/tools/trickerion/tricks")
    expect(page.locator("#trick-grid .trick-card")).to_have_count(len(tricks))
    page.locator("#cat-escape").click()
    expect(page.locator("#trick-count")).to_have_attribute(
        "data-shown", str(sum(1 for t in tricks if t["category"] == "escape")))
    assert shown_tricks(page) == {t["id"] for t in tricks if t["category"] == "escape"}
    page.locator("#cat-escape").click()
    page.locator("#yield-shards").click()
    fill(page, {"filter-prepare": 2})
    wanted = {t["id"] for t in tricks if t["yields"]["shards"] > 0 and t["prepare_ap"] == 2}
    expect(page.locator("#trick-count")).to_have_attribute("data-shown", str(len(wanted)))
    assert shown_tricks(page) == wanted
    page.locator("#yield-shards").click()
    fill(page, {"filter-prepare": ""})
    have = {"wood": 3, "glass": 2, "metal": 2, "fabric": 2, "rope": 1}
    fill(page, {f"have-{c}": n for c, n in have.items()} | {"only-preparable": True})
    wanted = {t["id"] for t in tricks if all(have.get(c, 0) >= n for c, n in t["components"].items())}
    assert wanted and len(wanted) < len(tricks)
    expect(page.locator("#trick-count")).to_have_attribute("data-shown", str(len(wanted)))
    assert shown_tricks(page) == wanted
    fill(page, {"filter-source": "bga"})
    bga = {t["id"] for t in tricks if all(have.get(c, 0) >= n for c, n in t["bga_components"].items())}
    expect(page.locator("#trick-count")).to_have_attribute("data-shown", str(len(bga)))
    fill(page, {"sort-by": "prepare"})
    costs = [next(t["prepare_ap"] for t in tricks if t["id"] == c.get_attribute("data-trick"))
             for c in page.locator("#trick-grid .trick-card").all()]
    assert costs == sorted(costs)
    page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_print_previews_of_every_sheet(browser: Browser, server: str, shots: Path, lang: str) -> None:
    """Each sheet as printed on A4 (print stylesheet): no page header, no buttons, no filters. One page
    goes from sheet to sheet (the app's own navigation), back on screen media between them."""
    page = open_page(browser, server, "#/tools", lang=lang, width=794, height=1123)
    for game, tool in SHEETS.items():
        page.goto(f"{server}/#/tools/{game}/{tool}")
        # the sheet asked for, not the one before it still on the page
        expect(page.locator("#trick-reference" if tool == "tricks" else f"#reference-sheet[data-game={game}]")
               ).to_be_attached()
        expect(page.locator(".trick-card, .sheet-table").first).to_be_visible()
        page.emulate_media(media="print")
        expect(page.locator("header.top")).to_be_hidden()
        expect(page.locator("#print-sheet")).to_be_hidden()
        for_review(page, path=str(shots / f"print_{game}_{lang}.png"), full_page=True)
        page.emulate_media(media="screen")
        expect(page.locator("header.top")).to_be_visible()
    page.context.close()


PAGES = [("index", "trickerion", "#/tools"), ("tricks", "trickerion", "#/tools/trickerion/tricks"),
         *[(f"pad_{g}", g, f"#/tools/{g}/pad") for g in SHEETS],
         *[(f"sheet_{g}", g, f"#/tools/{g}/sheet") for g in ("opera", "skyrise", "starroad")],
         *[(f"setup_{g}", g, f"#/tools/{g}/setup") for g in SHEETS]]
DEVICES = (("desktop", (1280, 900)), ("phone", (390, 844)))


def in_language(page: Page, lang: str) -> None:
    """Switch the loaded page to `lang` through the language menu, as a player does (the app switches
    live, and keeps the choice)."""
    page.mouse.move(1, 1)                # as a player reaching for the menu: no tooltip open
    page.select_option("#lang-select", lang)
    expect(page.locator("html")).to_have_attribute("lang", {"zh_TW": "zh-TW"}.get(lang, lang))


def settled_problems(page: Page, game: str, lang: str) -> list[str]:
    """`problems` once the page has settled: right after a language switch the game's catalog in the new
    language may still be on its way (its words then come in the old language), so a finding is read
    again, for up to 3 s; a problem that stays is returned."""
    found = problems(page, game, lang)
    for _ in range(12):
        if not found:
            break
        page.wait_for_timeout(250)
        found = problems(page, game, lang)
    return found


def scores_afresh(page: Page) -> None:
    """A pad's totals shown by its button, from no totals: another player count and back clears them
    (the pad scores the facts it shows), then the button scores."""
    count = page.locator("#pad-count")
    kept = count.input_value()
    other = next(value for value in count.locator("option").all_inner_texts() if value != kept)
    count.select_option(other)
    count.select_option(kept)
    expect(page.locator("#pad-result")).to_have_count(0)
    page.locator("#pad-score").click()
    expect(page.locator("#pad-result")).to_be_visible()


@pytest.mark.parametrize(("name", "game", "path"), PAGES)
def test_every_tools_page_in_three_languages_on_desktop_and_phone(browser: Browser, server: str, shots: Path,
                                                                  name: str, game: str, path: str) -> None:
    """A screenshot on a desktop and on a 390x844 phone in each language; the page's words (read on the
    phone: they are the same on both) hold nothing a player must not see, and the phone page is no
    wider than the phone. One page is loaded (in a language that differs from page to page, so each
    language is also loaded fresh), then switched to the other languages and sizes live."""
    first = PAGES.index((name, game, path)) % len(LANGS)
    langs = LANGS[first:] + LANGS[:first]
    page = open_page(browser, server, path, lang=langs[0], width=DEVICES[0][1][0], height=DEVICES[0][1][1])
    for lang in langs:
        if lang != langs[0]:
            in_language(page, lang)
        for device, (width, height) in DEVICES:
            page.set_viewport_size({"width": width, "height": height})
            expect(page.locator(".tools-game, .trick-card, .pad-grid, .sheet-table, .setup-facts li").first
                   ).to_be_visible()
            if name.startswith("pad_"):
                scores_afresh(page)
            for_review(page, path=str(shots / f"{name}_{lang}_{device}.png"), full_page=True)
            if device == "phone":
                found = settled_problems(page, game, lang)
                assert not found, f"{name} {lang}: {found}"
                overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
                assert overflow <= 1, f"{name} {lang}: the page is {overflow}px wider than the phone"
                if name.startswith("sheet_"):
                    # nothing past the edge: a name and its effect wrap, a wider table goes a row at a time
                    # with each cell under its column's heading
                    cut = page.evaluate("() => [...document.querySelectorAll('.sheet-table')]"
                                        ".map((t) => t.scrollWidth - t.parentElement.clientWidth)")
                    assert cut and max(cut) <= 1, f"{name} {lang}: a sheet runs {cut}px past the edge"
                    unlabelled = page.evaluate(
                        "() => [...document.querySelectorAll('.sheet-table')].filter((t) => t.tHead)"
                        ".flatMap((t) => [...t.tBodies[0].querySelectorAll('td:not([data-blank])')])"
                        ".filter((c) => !c.dataset.label || c.getBoundingClientRect().width > 380).length")
                    assert unlabelled == 0, f"{name} {lang}: {unlabelled} cells without their heading"
                if name.startswith("pad_"):  # the totals as the table's result: no column off the edge
                    cut = page.evaluate("() => { const t = document.querySelector('#pad-result table');"
                                        " return t.scrollWidth - t.parentElement.clientWidth }")
                    assert cut <= 1, f"{name} {lang}: the totals run {cut}px past the phone's edge"
        page.set_viewport_size({"width": DEVICES[0][1][0], "height": DEVICES[0][1][1]})
    page.context.close()


OFFLINE_WORDS = {"es": ("Sin conexión", "los totales necesitan la conexión"),
                 "zh_TW": ("沒有網路連線", "計算總分需要連線")}


@pytest.mark.parametrize("lang", list(OFFLINE_WORDS))
def test_the_tools_work_offline_once_loaded(browser: Browser, server: str, shots: Path, lang: str) -> None:
    """Offline once loaded: the service worker keeps the app shell, the assets and the public data the
    tool pages read; without a connection the trick reference still filters, a sheet still renders, a
    pad keeps what was typed across a reload and says (in the page's language) that the totals need the
    connection; back online it scores. The table page's requests never pass through its cache."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(f"localStorage.setItem('parlor.lang', '{lang}')")
    page = context.new_page()
    page.goto(f"{server}/#/tools/trickerion/tricks")
    expect(page.locator("#trick-grid .trick-card").first).to_be_visible()
    # polled from here: wait_for_function compiles its predicate with eval, which the page's CSP refuses
    for _ in range(100):
        if page.evaluate("navigator.serviceWorker.controller !== null"):
            break
        page.wait_for_timeout(100)
    assert page.evaluate("navigator.serviceWorker.controller !== null"), "no service worker took over"
    page.wait_for_function("caches.match('/api/games/trickerion/data').then(Boolean)")
    for path, ready in (("#/tools/opera/sheet", ".sheet-table"), ("#/tools/trickerion/pad", ".pad-grid"),
                        ("#/tools/skyrise/setup", ".setup-facts li")):
        page.goto(f"{server}/{path}")
        expect(page.locator(ready).first).to_be_visible()
    tricks = trick_sheet(server)["tricks"]
    context.set_offline(True)

    page.goto(f"{server}/#/tools/trickerion/tricks")
    page.reload()
    expect(page.locator("#trick-grid .trick-card")).to_have_count(len(tricks))
    page.locator("#cat-escape").click()
    assert shown_tricks(page) == {t["id"] for t in tricks if t["category"] == "escape"}
    for_review(page, path=str(shots / f"offline_tricks_{lang}_phone.png"))
    page.goto(f"{server}/#/tools/opera/sheet")
    page.reload()
    expect(page.locator(".sheet-table").first).to_be_visible()
    assert not problems(page, "opera", lang)
    for_review(page, path=str(shots / f"offline_sheet_opera_{lang}_phone.png"))

    page.goto(f"{server}/#/tools/skyrise/setup")
    page.reload()
    expect(page.locator(".setup-facts li").first).to_be_visible()
    assert not problems(page, "skyrise", lang)

    page.goto(f"{server}/#/tools/trickerion/pad")
    page.reload()
    fill(page, {"pad-count": 2, "pad-name-0": "Ada", "pad-name-1": "Bo", "pad-fame-0": 20, "pad-coins-0": 9,
                "pad-fame-1": 33, "pad-place-0": 2, "pad-place-1": 1})
    expect(page.locator("#pad-offline")).to_contain_text(OFFLINE_WORDS[lang][0])
    page.reload()
    expect(page.locator("#pad-fame-0")).to_have_value("20")
    expect(page.locator("#pad-name-1")).to_have_value("Bo")
    page.locator("#pad-score").click()
    expect(page.locator("#pad-offline")).to_have_attribute("data-waiting", "true")
    expect(page.locator("#pad-offline")).to_contain_text(OFFLINE_WORDS[lang][1])
    expect(page.locator("#pad-result")).to_have_count(0)
    assert not problems(page, "trickerion", lang)
    for_review(page, path=str(shots / f"offline_pad_{lang}_phone.png"), full_page=True)

    context.set_offline(False)
    expected = trickerion_score({"players": [{"fame": 20, "coins": 9}, {"fame": 33}], "initiative": [1, 0]})
    expect(page.locator("#pad-result")).to_be_visible()
    assert [float(page.locator(f"#pad-result .final-score[data-seat='{seat}']").inner_text())
            for seat in (0, 1)] == list(expected.scores)
    expect(page.locator("#pad-offline")).to_have_count(0)
    context.close()


def test_a_pad_on_a_phone_goes_an_entry_at_a_time(browser: Browser, server: str, shots: Path) -> None:
    """Four players' columns of Star Road's pad do not fit a 390 px phone; they scrolled sideways. On a
    phone the pad shows each entry (faction card, still alive, base HP: SR-3.5, SR-23.2) with its label
    above the players' boxes, each box under its player's name: nothing runs past the edge."""
    page = open_page(browser, server, "#/tools/starroad/pad", lang="es", width=390, height=844)
    page.select_option("#pad-count", "4")
    page.fill("#pad-name-2", "Maximiliano")
    grid = page.locator(".pad-grid")
    expect(grid.locator("thead th.pad-player")).to_have_count(4)
    box = page.locator(".tools .scroll:has(.pad-grid)")
    assert box.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), "the pad runs past the phone's edge"
    names = ["Jugador 1", "Jugador 2", "Maximiliano", "Jugador 4"]
    for row in grid.locator("tbody tr[data-row]").all():
        label = row.locator("th").bounding_box()
        cells = row.locator(":scope > td")
        expect(cells).to_have_count(4)
        assert [cells.nth(i).get_attribute("data-player") for i in range(4)] == names
        for i in range(4):
            cell = cells.nth(i).bounding_box()
            assert label and cell and cell["y"] >= label["y"] + label["height"] - 1, (row.inner_text(), i)
            assert cell["x"] + cell["width"] <= 390, (row.inner_text(), i, cell)
    for_review(page, path=str(shots / "pad_starroad_es_phone_entries.png"), full_page=True)
    page.context.close()
