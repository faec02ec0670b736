"""Opera drawn as the physical game (issue 17): tables of 3 and 4 players are played for 60+
decisions through the page, and at several points every component of the seat's view is found on
the drawn board by its data attributes: each player's opera houses with every hall and the piece in
it (OP-3.3), the building parts built, the fame ladder (OP-2.3), the display and the Palazzo, the
role tiles taken, the figures where they stand (OP-9.0), each budget marker in its row and slot
(OP-2.2), the round marker and the episode composers (OP-2.4). The visible text has no internal
code in en, zh_TW and es; the generic view is never rendered; the others' supplies are screens
(OP-15.1). At 4 players the table runs on a server whose Opera plants a marker as every seat's
ducats (launch_marked_opera.py): no other seat's marker reaches the page or the WebSocket frames.
Screenshots (desktop and phone, three languages) go to test-artifacts/e2e/opera/."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import Server
from .launch_marked_opera import money_marker
from .page_text import settled_problems
from .ui import create_table, for_review, play_active, record_frames, state_at

pytestmark = pytest.mark.timeout(240)
LANGS = ("en", "zh_TW", "es")
ME = 0  # create_table seats this page's player in seat 0

DRAWN_JS = """
() => {
  const board = document.querySelector('#board');
  const all = (sel) => [...board.querySelectorAll(sel)];
  const num = (x) => (x === undefined ? null : Number(x));
  const city = (x) => x.closest('[data-city]').dataset.city;
  const seat = (x) => num(x.closest('[data-part=player]').dataset.seat);
  const piece = (x) => x.parentElement.querySelector('.music-piece')?.dataset.composer ?? null;
  return {
    generic: all('.generic').length,
    halls: all('.opera-house').flatMap((h) => [...h.querySelectorAll('[data-hall]')].map((x) =>
      [city(h), num(h.dataset.seat), num(x.dataset.hall), x.dataset.pieceIn])),
    built: all('.opera-house').map((h) =>
      [city(h), num(h.dataset.seat), h.querySelectorAll('.building-part[data-built=true]').length]),
    houses: all('.opera-house, .free-house').map((h) => [city(h), num(h.dataset.house)]),
    ladder: all('.ladder-row').map((r) => [num(r.dataset.position), r.dataset.composer]),
    display: all('[data-display]').map((x) => x.dataset.display),
    palazzo: all('.palazzo-space[data-filled=true] .music-piece').map((x) => x.dataset.composer),
    roles: all('[data-role][data-taken]').map((x) => [x.dataset.role, num(x.dataset.taken)]),
    figures: all('.figure').map((x) => [x.dataset.figure, x.dataset.at]),
    markers: all('.budget-marker').map((x) => [num(x.dataset.seat), num(x.dataset.row), num(x.dataset.slot)]),
    round: all('.round-marker').map((x) => num(x.dataset.round)),
    scoring: all('[data-scoring]').map((x) => [num(x.dataset.scoring), piece(x)]),
    discard: Object.fromEntries(all('[data-discard]').map((x) =>
      [x.dataset.discard, Number(x.textContent.replace(/\\D/g, ''))])),
    draw: num(board.querySelector('.draw-pile')?.dataset.count),
    supply: all('[data-supply]').map((x) => [seat(x), x.dataset.supply]),
    screens: all('[data-part=player] .screen[data-hidden=supply]').map(seat),
    ownScreens: all('[data-part=player] .own-screen').map(seat),
    money: all('[data-money]').map((x) => [seat(x), num(x.dataset.money)]),
    sealed: all('.bid-state[data-state=sealed]').map(seat),
    critico: all('.critico-last').map((x) => [x.dataset.composer, num(x.dataset.steps),
      x.querySelector('title')?.textContent ?? '']),
    esperto: all('.esperto-value').map((x) =>
      [city(x), num(x.closest('.opera-house').dataset.seat), num(x.dataset.value)]),
  };
}
"""




def states(frames: list[str]) -> Iterator[dict[str, Any]]:
    for text in frames:
        message = json.loads(text)
        if message.get("type") == "state" and message.get("view"):
            yield message


def current_view(page: Page, frames: list[str]) -> dict[str, Any]:
    """The view the page shows now: the last state frame at the page's index."""
    index = int(page.locator(".table-page").get_attribute("data-index") or "0")
    return dict(state_at(page, frames, index)["view"])


def settled_drawing(page: Page, frames: list[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The view at the page's index and the board drawn for it, read while the index stays put: a
    bot's move between reading the view and the drawing would redraw the board for a newer one."""
    for _ in range(20):
        index = page.locator(".table-page").get_attribute("data-index")
        view = current_view(page, frames)
        page.wait_for_timeout(150)
        drawn = page.evaluate(DRAWN_JS)
        if page.locator(".table-page").get_attribute("data-index") == index:
            return view, drawn
    raise AssertionError("the table kept moving: no drawing to check")


def check_drawn(page: Page, frames: list[str]) -> None:
    """Every component of the view is on the board, where the view says it is."""
    view, drawn = settled_drawing(page, frames)
    assert drawn["generic"] == 0, "the generic view is rendered"
    players = view["players"]
    halls = sorted((city, pl["seat"], n, piece or "empty") for pl in players
                   for city, house in pl["houses"].items()
                   for n, piece in house["halls"])
    built_halls = [tuple(hall) for hall in drawn["halls"] if hall[3] != "unbuilt"]
    assert sorted(built_halls) == halls  # OP-3.3: every built hall and its piece
    for city, seat, built in drawn["built"]:
        house = next(pl for pl in players if pl["seat"] == seat)["houses"][city]
        assert built >= 1 and built <= len(house["halls"])
    owned = {(city, house["house"]) for pl in players for city, house in pl["houses"].items()}
    assert owned <= set(map(tuple, drawn["houses"]))
    # OP-2.3: the ladder from position 1 up
    assert sorted(map(tuple, drawn["ladder"])) == [(i + 1, c) for i, c in enumerate(view["ladder"])]
    assert sorted(drawn["display"]) == sorted(view["display"])
    assert sorted(drawn["palazzo"]) == sorted(view["palazzo"])  # OP-2.5
    taken = sorted((role, seat) for role, seat in view["roles"].items() if seat is not None)
    assert sorted(map(tuple, drawn["roles"])) == taken
    assert sorted(map(tuple, drawn["figures"])) == sorted(view["figures"].items())  # OP-9.0
    markers = sorted((pl["seat"], pl["row"], pl["slot"]) for pl in players)
    assert sorted(map(tuple, drawn["markers"])) == markers  # OP-2.2
    assert drawn["round"] == [view["round"]]
    assert [c for _, c in sorted(map(tuple, drawn["scoring"]))] == view["episode_composers"]  # OP-2.4
    assert drawn["discard"] == view["discard"]
    assert drawn["draw"] == view["draw_pile"]
    me = next(pl for pl in players if pl["seat"] == ME)
    assert sorted(p for _, p in drawn["supply"]) == sorted(me["supply"])
    assert {s for s, _ in drawn["supply"]} <= {ME}
    # OP-15.1: the others' supplies are screens, nothing of them drawn; only one's own is open
    assert sorted(drawn["screens"]) == sorted(pl["seat"] for pl in players if pl["seat"] != ME)
    assert drawn["ownScreens"] == [ME]
    assert drawn["money"] == [[ME, me["money"]]]
    bidding = view.get("bidding") or {}
    assert sorted(drawn["sealed"]) == sorted(bidding.get("committed", []))
    critico = view["critico_last"]
    expected = [[critico["composer"], critico["steps"]]] if critico else []
    assert [entry[:2] for entry in drawn["critico"]] == expected
    # OP-9.5.2: the Critico's mark says which way and how far in words ("down 1 place"), not "-1"
    assert not any(re.search(r"[-+]\d", label) for _, _, label in drawn["critico"]), drawn["critico"]
    # OP-9.6.3: where the Esperto stands, each house shows the VP the Esperto would score there
    at = view["figures"]["esperto"]
    values = sorted((at, pl["seat"], sum(view["ladder"].index(piece) + 1 for _, piece in
                                         pl["houses"][at]["halls"] if piece not in (None, "house")))
                    for pl in players if at in pl["houses"])
    assert sorted(map(tuple, drawn["esperto"])) == values


def no_problems(page: Page, lang: str) -> None:
    """The page in `lang` (switched to just before) has no text problems once it has settled."""
    expect(page.locator("html")).to_have_attribute("lang", {"zh_TW": "zh-TW"}.get(lang, lang))
    found = settled_problems(page, "opera", lang)
    assert not found, f"{lang}: {found[:8]}"


def put_a_piece_in_a_hall(page: Page) -> tuple[str, str, int] | None:
    """While rearranging: pick a supply piece up on the board and put it into a hall that takes it
    (OP-10.4), the board's own two clicks; the piece, city and hall, or None when not possible."""
    pieces = page.locator("#board [data-target^='supply-']")
    if not pieces.count():
        return None
    index = page.locator(".table-page").get_attribute("data-index")
    piece = (pieces.first.get_attribute("data-target") or "").removeprefix("supply-")
    pieces.first.click()
    halls = page.locator("#board [data-target*='-hall-']")
    expect(halls.first).to_be_visible()
    city, _, hall = (halls.first.get_attribute("data-target") or "").partition("-hall-")
    halls.first.click()
    page.wait_for_function("i => document.querySelector('.table-page').dataset.index !== i", arg=index,
                           timeout=20_000)
    return piece, city, int(hall)


def play_checking(page: Page, frames: list[str], rng: random.Random, decisions: int) -> int:
    """Play until the table has made `decisions` moves, checking the drawing every few moves and
    the page text in each language on the way; the index reached."""
    index = 0
    checks = 0
    while index < decisions:
        put_a_piece_in_a_hall(page)
        play_active(page, rng, 4)
        index = int(page.locator(".table-page").get_attribute("data-index") or "0")
        check_drawn(page, frames)
        checks += 1
        if checks % 4 == 0:
            lang = LANGS[(checks // 4) % len(LANGS)]
            page.select_option("#lang-select", lang)
            no_problems(page, lang)
    return index


def screenshots(page: Page, artifacts: Path, name: str) -> None:
    folder = artifacts / "opera"
    folder.mkdir(parents=True, exist_ok=True)
    for lang in LANGS:
        page.set_viewport_size({"width": 1280, "height": 900})
        page.select_option("#lang-select", lang)
        page.mouse.move(0, 0)  # no tooltip over the board
        page.evaluate("window.scrollTo(0, 0)")  # the sticky decision panel stays on top
        page.wait_for_timeout(300)
        no_problems(page, lang)
        for_review(page, path=str(folder / f"{name}-desktop-{lang}.png"), full_page=True)
        page.set_viewport_size({"width": 390, "height": 844})
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(300)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the phone page scrolls sideways ({width}px)"
        no_problems(page, lang)
        for_review(page, path=str(folder / f"{name}-phone-{lang}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.select_option("#lang-select", "en")


def test_three_players(browser: Browser, server: str, artifacts: Path) -> None:
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    frames = record_frames(page)
    create_table(page, server, "opera", 3, ["random", "random"])
    expect(page.locator("#board [data-part=city]")).to_have_count(6)
    check_drawn(page, frames)
    screenshots(page, artifacts, "start-3p")
    reached = play_checking(page, frames, random.Random(17), 60)
    assert reached >= 60
    screenshots(page, artifacts, "mid-3p")
    ctx.close()


def click_move(page: Page, kind: str, field: str = "") -> bool:
    """Click the first choice of `kind` (whose move JSON contains `field`, if given)."""
    buttons = page.locator(f"#decision button.move[data-kind={kind}]")
    for i in range(buttons.count()):
        if field in (buttons.nth(i).get_attribute("data-move") or ""):
            index = page.locator(".table-page").get_attribute("data-index")
            buttons.nth(i).click()
            page.wait_for_function("i => document.querySelector('.table-page').dataset.index !== i",
                                   arg=index, timeout=20_000)
            return True
    return False


def build_a_part(page: Page) -> tuple[str, str] | None:
    """While building: click a building part a legal move builds (OP-9.2); its city and kind."""
    parts = page.locator("#board [data-target*='-build-']")
    if not parts.count():
        return None
    index = page.locator(".table-page").get_attribute("data-index")
    city, _, kind = (parts.first.get_attribute("data-target") or "").partition("-build-")
    parts.first.click()
    page.wait_for_function("i => document.querySelector('.table-page').dataset.index !== i", arg=index,
                           timeout=20_000)
    return city, kind


def play_towards(page: Page, step: str, role: str) -> bool:
    """A move that leads to choosing `role`: a small bid, the role when free, buying what one can,
    declining to follow; False when the step is none of these."""
    if step == "bid":
        return click_move(page, "bid", '"amount":3') or click_move(page, "bid")
    if step == "turn":
        return click_move(page, "role", f'"{role}"') or click_move(page, "pass")
    if step == "buy":
        return click_move(page, "buy") or click_move(page, "done")
    if step == "follow_offer":
        return click_move(page, "decline")
    return False


def test_build_and_place_pieces_on_the_board(browser: Browser, server: str) -> None:
    """OP-9.2: choose the Architetto and click the part to build; OP-9.1, OP-10.4: choose the
    Impresario, buy a piece, pick it up from the supply in front of your screen and click the hall
    it goes to. The view then holds the part and the piece where they were clicked."""
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    frames = record_frames(page)
    create_table(page, server, "opera", 2, ["random"])
    placed: tuple[str, str, int] | None = None
    built: tuple[str, str] | None = None
    for _ in range(120):
        page.wait_for_function("s => document.querySelector(s) || document.querySelector('#final-result')",
                               arg="#decision button.move", timeout=20_000)
        view = current_view(page, frames)
        step = view["decision"]["step"]
        if step == "rearrange" and not placed:
            placed = put_a_piece_in_a_hall(page)
            if placed:
                me = next(pl for pl in current_view(page, frames)["players"] if pl["seat"] == ME)
                assert [placed[2], placed[0]] in me["houses"][placed[1]]["halls"]
                continue
        if step == "build" and not built and view["decision"].get("chooser") == ME:
            houses = next(pl for pl in view["players"] if pl["seat"] == ME)["houses"]
            halls_before = {city: len(house["halls"]) for city, house in houses.items()}
            built = build_a_part(page)
            if built:
                after = next(pl for pl in current_view(page, frames)["players"] if pl["seat"] == ME)["houses"]
                assert len(after[built[0]]["halls"]) > halls_before.get(built[0], 0)
                continue
        if placed and built:
            break
        if not play_towards(page, step, "impresario" if not placed else "architetto"):
            page.locator("#decision button.move").first.click()
            page.wait_for_timeout(200)
    assert placed, "no piece reached a hall through the board"
    assert built, "no part was built through the board"
    ctx.close()


@pytest.fixture(scope="module")
def marked_server(built_client: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose Opera plants markers as every seat's ducats."""
    with Server(tmp_path_factory.mktemp("e2e-marked-opera"),
                launch=Path(__file__).with_name("launch_marked_opera.py")) as running:
        yield running.url


def test_four_players_hide_the_others_money_and_supply(browser: Browser, marked_server: str,
                                                       artifacts: Path) -> None:
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    frames = record_frames(page)
    create_table(page, marked_server, "opera", 4, ["random", "random", "random"])
    expect(page.locator("#board [data-part=city]")).to_have_count(6)
    # a marker is a whole number: not the digits after a time's decimal point ("now": 1795897625.9002888)
    own = re.compile(rf"(?<![\d.]){str(money_marker(ME))[:4]}\d{{3}}(?![\d.])")
    others = re.compile(r"(?<![\d.])900[1-3]\d{3}(?![\d.])")
    reached = play_checking(page, frames, random.Random(23), 60)
    assert reached >= 60
    content = page.content()
    assert own.search(content), "the own ducats (a marker) are not on the page"
    assert not others.findall(content), "another seat's ducats reached the page"
    frames_text = "\n".join(frames)
    assert own.search(frames_text)
    assert not others.findall(frames_text), "another seat's ducats reached a WebSocket frame"
    for message in states(frames):
        for pl in message["view"]["players"]:
            if pl["seat"] != ME:
                assert "money" not in pl and "supply" not in pl  # OP-15.1
        bidding = message["view"].get("bidding")
        if bidding:  # OP-6.1: a sealed bid is seen by its bidder only
            assert set(bidding) <= {"deciding", "committed", "yours"}
            assert ("yours" in bidding) == (ME in bidding["committed"])
    page.select_option("#lang-select", "zh_TW")
    page.wait_for_timeout(300)
    for_review(page, path=str(artifacts / "opera" / "marked-4p-desktop-zh_TW.png"), full_page=True)
    ctx.close()
