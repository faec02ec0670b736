"""Skyrise drawn as the physical game (issue 17): tables at 3 and 4 players are played for 60+
decisions through the page, and at several points the board is read back by its data attributes
against the seat's view from the WebSocket frames: every neighbourhood (colour, disc), every piece
on the map (owner, number, bid or built), every bid of the auction in order with the highest one,
every player area (tracks, patron discs, pieces left, cards), the panoramas and the patron tiles.
The visible text holds no internal code in en, zh_TW and es, the generic view is never rendered,
and the patron values (planted markers on this server, SK-6.2, SK-13) reach a page only for the
letters its seat holds. Screenshots: test-artifacts/e2e/skyrise/."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import ARTIFACTS, Server
from .page_text import problems
from .ui import Check, create_table, expect_all, for_review, play_active, record_frames, state_at

pytestmark = pytest.mark.timeout(300)
MARKER = re.compile(r"900000\d")
SHOTS = ARTIFACTS / "skyrise"


@pytest.fixture(scope="module")
def marked(built_client: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose Skyrise tables have planted markers for the four patron values."""
    with Server(tmp_path_factory.mktemp("e2e-skyrise"), env={"PARLOR_E2E_MARKED_SKYRISE": "1"}) as running:
        yield running.url




def shown_state(page: Page, frames: list[str]) -> dict[str, Any]:
    """The state message the page shows now (the frame with the page's index)."""
    index = int(page.locator(".table-page").get_attribute("data-index") or "-1")
    return state_at(page, frames, index)


def wait_for_my_turn(page: Page) -> None:
    page.wait_for_function("() => document.querySelector('.table-page[data-my-turn=yes]')"
                           " || document.querySelector('#final-result')", timeout=30_000)


def check_drawn(page: Page, view: dict[str, Any], seat: int) -> None:
    """Every component of the view is on the page, with its details (data attributes): each check an
    `expect` of old, all read in one round trip (`expect_all`)."""
    checks: list[Check] = [("#board .generic", None, 0)]
    cells = view["board"]
    checks.append(("#board [data-neighbourhood]", None, len(cells)))
    for nb, cell in cells.items():
        district = f"#board [data-neighbourhood='{nb}']"
        checks += [(district, "data-colour", cell["colour"]), (district, "data-disc", cell["disc"] or "")]
        piece = cell["piece"]
        spot = f"#board [data-spot='{nb}']"
        if piece is None:
            checks.append((f"{spot} .sk-piece", None, 0))
            continue
        drawn = f"{spot} .sk-piece[data-piece='{piece['seat']}:{piece['piece']}']"
        number = "wonder" if piece["piece"] == "wonder" else str(piece["number"])
        checks += [(drawn, None, 1), (drawn, "data-state", "built" if piece["built"] else "bid"),
                   (drawn, "data-number", number)]
    # lakes, blimps and bridges in play, where the view says they are
    for kind, attribute in (("lakes", "data-lake"), ("blimps", "data-blimp"), ("bridges", "data-bridge")):
        checks += [(f"#board [{attribute}='{feature}']", None, 1) for feature in view[kind]]
    # the auction on the map: each bid in order, the most recent one the highest
    auction = view["auction"]
    bids = auction["bids"] if auction else []
    checks.append(("#board .sk-bid", None, len(bids)))
    for i, (bidder, _piece, _number, at) in enumerate(bids):
        row = f"#board .sk-bid[data-bid='{i}']"
        checks += [(row, "data-seat", str(bidder)), (row, "data-at", at),
                   (row, "data-high", "yes" if i == len(bids) - 1 else "no")]
    # the patron tiles: face up exactly for the letters this seat may see
    for letter in ("A", "B", "C", "D"):
        known = "yes" if letter in view["patron_values"] else "no"
        tile = f"#board [data-part=patron-tiles] .sk-patron-tile[data-patron='{letter}']"
        checks.append((tile, "data-known", known))
    checks += [(f"#board [data-part=panoramas] [data-card='{card}']", None, 1) for card in view["panoramas"]]
    for player in view["players"]:
        area = f"#board [data-part=player-area][data-seat='{player['seat']}']"
        checks.append((area, None, 1))
        for colour, discs in player["tracks"].items():
            checks.append((f"{area} .sk-track[data-colour='{colour}']", "data-discs", str(discs)))
        for letter, count in player["patrons"].items():
            discs = f"{area} .sk-patron-discs[data-patron='{letter}']"
            checks.append((discs, None, 1 if count else 0))
            if count:
                known = "yes" if letter in view["patron_values"] else "no"
                checks.append((f"{discs} .sk-patron-tile", "data-known", known))
        left = len(player["available"]) + len(player["reserve"])
        checks.append((f"{area} .sk-supply-piece", None, left))
        if player["kept_wonder"]:
            checks.append((f"{area} [data-card='{player['kept_wonder']}']", None, 1))
        if player["seat"] == seat:
            checks += [(f"{area} [data-card='{card}']", None, 1) for card in view["you"]["wonder_hand"]]
            checks.append((f"{area} [data-card='{view['you']['objective']}']", None, 1))
        else:
            backs = 1 if player["wonder_cards"] else 0
            checks.append((f"{area} [data-card=back][data-kind=wonder]", None, backs))
            if player["objective"] is None:
                checks.append((f"{area} [data-card=back][data-kind=objective]", None, 1))
    expect_all(page, checks)


def check_tooltip(page: Page, view: dict[str, Any], base: str, lang: str) -> None:
    """Hovering a neighbourhood tells its name in words, its colour and the disc lying there."""
    nb, cell = next((k, c) for k, c in view["board"].items() if c["disc"] and c["piece"] is None)
    spot = page.locator(f"#board [data-spot='{nb}']")
    name = spot.locator("title").first.text_content() or ""
    assert name and not re.search(r"\b(?:[a-d]\d{2}|cen_\w+)\b", name), name
    # the decision panel may lie over the map (it is sticky): the pointer enters the district itself
    spot.dispatch_event("mouseenter")
    tip = page.locator("#tip")
    expect(tip).to_contain_text(name)
    names = httpx.get(f"{base}/api/games/skyrise/text/{lang}").json()["names"]
    expect(tip).to_contain_text(names[cell["colour"]])
    expect(tip).to_contain_text(names[cell["disc"]])
    spot.dispatch_event("mouseleave")
    expect(tip).to_have_count(0)


def markers(page: Page, frames: list[str]) -> set[str]:
    return set(MARKER.findall(page.content())) | {m for f in frames for m in MARKER.findall(f)}


def check_hidden(page: Page, frames: list[str]) -> None:
    """Only the patron values this seat may see (letters it holds) reach its page or its frames."""
    allowed: set[str] = set()
    for text in frames:
        message = json.loads(text)
        if message.get("type") == "state" and message.get("view"):
            allowed |= {str(v) for v in message["view"].get("patron_values", {}).values()}
    assert markers(page, frames) <= allowed, markers(page, frames) - allowed
    # the tiles of letters it does not hold are backs: no value drawn on them
    for tile in page.locator(".sk-patron-tile[data-known=no]").all():
        assert not re.search(r"\d", tile.text_content() or "")


def check_words(page: Page, lang: str) -> None:
    found = problems(page, "skyrise", lang)
    assert not found, "\n".join(found)


def play_to(page: Page, rng: random.Random, decisions: int) -> None:
    """Play through the page until the table has made `decisions` moves (everyone's)."""
    while int(page.locator(".table-page").get_attribute("data-index") or "0") < decisions:
        if page.locator("#final-result").count():
            return
        play_active(page, rng, 3)


@pytest.mark.parametrize("players", [3, 4])
def test_skyrise_board_is_the_physical_game(browser: Browser, marked: str, players: int) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    frames = record_frames(page)
    create_table(page, marked, "skyrise", players, ["random"] * (players - 1))
    rng = random.Random(players)
    wait_for_my_turn(page)
    assert not markers(page, frames), "a patron value reached the page before its seat held a disc"
    seat = int(shown_state(page, frames)["seat"])
    stops = [("en", 20), ("zh_TW", 40), ("es", 62)]
    for lang, decisions in stops:
        page.select_option("#lang-select", lang)
        play_to(page, rng, decisions)
        wait_for_my_turn(page)
        state = shown_state(page, frames)
        check_drawn(page, state["view"], seat)
        check_tooltip(page, state["view"], marked, lang)
        check_hidden(page, frames)
        check_words(page, lang)
        page.set_viewport_size({"width": 1280, "height": 900})
        for_review(page, path=str(SHOTS / f"skyrise-{players}p-{lang}-desktop.png"), full_page=True)
        for_review(page.locator("#board .sk-map"), path=str(SHOTS / f"skyrise-{players}p-{lang}-map.png"))
        for_review(page.locator(f"#board [data-part=player-area][data-seat='{seat}']"),
            path=str(SHOTS / f"skyrise-{players}p-{lang}-own-area.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(200)
        check_words(page, lang)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the phone page scrolls sideways ({width}px)"
        for_review(page, path=str(SHOTS / f"skyrise-{players}p-{lang}-phone.png"), full_page=True)
        for_review(page.locator(f"#board [data-part=player-area][data-seat='{seat}']"),
            path=str(SHOTS / f"skyrise-{players}p-{lang}-phone-own-area.png"))
        for_review(page.locator("#board .sk-map-scroll"),
            path=str(SHOTS / f"skyrise-{players}p-{lang}-phone-map.png"))
        page.set_viewport_size({"width": 1280, "height": 900})
    assert int(page.locator(".table-page").get_attribute("data-index") or "0") >= 60
    ctx.close()


@pytest.mark.parametrize(("lang", "words"), [("zh_TW", "不能這樣做"), ("es", "No está permitido")])
def test_trying_a_place_that_is_not_allowed_names_the_rule(page: Page, server: str, lang: str,
                                                           words: str) -> None:
    """"Why not?" (TABLE.md): tapping a neighborhood no move may name says which rule forbids it, by
    its ID and its sentence ("不能這樣做（SK-5.4）：…") -- not a bare "not your choice"."""
    create_table(page, server, "skyrise", 2, ["random"])
    page.select_option("#lang-select", lang)
    wait_for_my_turn(page)
    tried = page.locator("#board .tryable")
    expect(tried.first).to_be_attached()
    tried.first.dispatch_event("click")
    notice = page.locator("#notice")
    expect(notice).to_contain_text(words)
    assert re.fullmatch(r"SK-\d+(\.\d+)*", notice.get_attribute("data-rule") or ""), notice.inner_text()
    expect(notice).to_contain_text(notice.get_attribute("data-rule") or "?")


def test_on_a_phone_the_auction_and_patron_boxes_are_not_cut_off(browser: Browser, server: str) -> None:
    """The map scrolls sideways on a 390 px phone; the auction (SK-4: its bids in order, the high bid),
    the patron values and the keys are shown above it, wholly on screen, not in the map's corners
    where the scroll cut them in half."""
    ctx = browser.new_context(locale="es-ES", viewport={"width": 390, "height": 844}, is_mobile=True)
    page = ctx.new_page()
    create_table(page, server, "skyrise", 2, ["random"])
    for part in ("auction", "patron-tiles", "keys"):
        box = page.locator(f"#board [data-part={part}]")
        expect(box).to_have_count(1)
        bounds = box.bounding_box()
        assert bounds and bounds["x"] >= 0 and bounds["x"] + bounds["width"] <= 390, (part, bounds)
    ctx.close()


def test_every_piece_choice_is_drawn_beside_its_words_on_a_phone(browser: Browser, server: str) -> None:
    """"Draw components, don't list them": opening (SK-4.1) first asks for a piece, then a place; each
    piece of that step, like each choice of a bid, shows the player's own cube for it, beside its words
    (not on a line of its own above them) on a 390 px phone."""
    ctx = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844}, is_mobile=True)
    page = ctx.new_page()
    create_table(page, server, "skyrise", 2, ["random"])
    steps = page.locator("#decision button.step.choice[data-field=piece]")
    for _ in range(12):  # to an auction Ada opens: its first step is the piece
        wait_for_my_turn(page)
        page.wait_for_selector("#decision button.choice")
        if steps.count():
            break
        page.locator("#decision button.choice").first.click()
        page.wait_for_timeout(300)
    assert steps.count() > 1, "no auction to open was reached"
    choices = page.locator("#decision button.choice")
    for index in range(choices.count()):
        choice = choices.nth(index)
        art = choice.locator("svg.sk-piece-art")
        expect(art).to_have_count(1)
        words = choice.locator(".move-text").first
        art_box, words_box = art.bounding_box(), words.bounding_box()
        assert art_box and words_box, choice.inner_text()
        assert art_box["x"] + art_box["width"] <= words_box["x"] + 1, choice.inner_text()  # beside, not above
    # the step's question stands on its own line above the choices, not beside the first of them
    question = page.locator("#decision .choices > p").bounding_box()
    first = choices.first.bounding_box()
    assert question and first and question["y"] + question["height"] <= first["y"] + 1, (question, first)
    ctx.close()


def test_on_a_phone_the_map_draws_the_islands_in_play(browser: Browser, server: str) -> None:
    """At 2 players two outer islands lie beside the central one (SK-2.1, SK-2.4). On a 390 px phone
    the map draws those islands at the whole map's scale, with no band of empty sky where the two
    unused slots would be (it showed the whole board's extent, half of it sky, one island cut by the
    page's edge); it scrolls sideways only if the islands in play are wider than the screen."""
    ctx = browser.new_context(locale="zh-TW", viewport={"width": 390, "height": 844}, is_mobile=True)
    page = ctx.new_page()
    create_table(page, server, "skyrise", 2, ["random"])
    islands = page.locator("#board .sk-map .sk-island")
    expect(islands).to_have_count(3)
    page.wait_for_timeout(300)
    boxes = [islands.nth(index).bounding_box() for index in range(3)]
    assert all(boxes), boxes
    left = min(b["x"] for b in boxes if b)
    right = max(b["x"] + b["width"] for b in boxes if b)
    top = min(b["y"] for b in boxes if b)
    bottom = max(b["y"] + b["height"] for b in boxes if b)
    drawn = page.locator("#board .sk-map").bounding_box()
    assert drawn
    assert right - left >= 0.7 * drawn["width"] and bottom - top >= 0.7 * drawn["height"], (
        "the map's sky is wider than the islands need", (left, right, top, bottom), drawn)
    scrolls = page.locator("#board .sk-map-scroll").evaluate("el => el.scrollWidth > el.clientWidth + 1")
    assert scrolls == (right - left > 390), (scrolls, right - left)
    ctx.close()
