"""Trickerion drawn as the physical game (issue 16): tables with the Dark Alley at 3 and 4 players are
played through the page for 60+ decisions; at several points every Trick in the Dahlgaard Residence,
every Performance card in the Theater, every die and every Assignment card in the own hand is checked
to be drawn with its printed details (data attributes against the public data), other players'
Assignment cards are backs, and no value hidden from the seat (planted as a marker number by
launch_planted.py) reaches the page or the WebSocket frames. The generic view is never rendered;
the page's text has no problems in en, zh_TW and es; screenshots (desktop and phone, three
languages) are saved under test-artifacts/e2e/trickerion/."""

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

from .conftest import Server
from .page_text import _catalog, settled_problems
from .ui import (
    CHOICES,
    QUIET,
    choose_in_panel,
    create_table,
    finished_game,
    for_review,
    play_until,
    record_frames,
    reviewing,
    state_at,
)

pytestmark = pytest.mark.timeout(200)
MARKER = re.compile(r"(?<![\d.])9000(?:00[1-9]|0[1-9]\d|[1-9]\d\d)(?![\d.])")  # 9000001, ... (plant_markers)
LANGS = ("en", "zh_TW", "es")


@pytest.fixture(scope="module")
def planted(built_client: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with Server(tmp_path_factory.mktemp("e2e-planted"),
                launch=Path(__file__).with_name("launch_planted.py")) as running:
        yield running.url




def create_dark_alley_table(page: Page, base: str, players: int, beginner: bool = False) -> str:
    """A Trickerion table with the Dark Alley (created through the API: the lobby lists only the
    options its catalog describes), this page in seat 1 and random bots in the others."""
    seats = [{"kind": "open"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
    table = httpx.post(f"{base}/api/tables", json={
        "game": "trickerion", "players": players, "options": {"dark_alley": True, "beginner_setup": beginner},
        "seats": seats, "clock": None}, timeout=30).json()
    joined = httpx.post(f"{base}/api/tables/{table['id']}/seats/0/join", json={"name": "Ada"},
                        timeout=30).json()
    page.goto(f"{base}/#/")
    claim = json.dumps({"seat": 0, "token": joined["token"], "name": "Ada"})
    page.evaluate("([key, claim]) => localStorage.setItem(key, claim)", [f"parlor.seat.{table['id']}", claim])
    page.goto(f"{base}/#/t/{table['id']}")
    expect(page.locator(".table-page")).to_be_visible()
    return str(table["id"])


DRAWN_JS = """
() => {
  const data = (el) => Object.assign({}, el.dataset);
  const board = document.querySelector('#board');
  const all = (sel) => [...board.querySelectorAll(sel)];
  return {
    index: Number(document.querySelector('.table-page').dataset.index),
    generic: all('.generic').length,
    residence: all('[data-residence-trick] .trick-card').map(data),
    stage: all('[data-part=stage-position] [data-position]').map((el) => {
      const card = el.querySelector('.performance-card');
      return card ? {position: el.dataset.position, ...data(card),
        links: card.querySelectorAll('.link').length,
        shards: card.querySelectorAll('.link[data-shard=true]').length,
        markers: card.querySelectorAll('.trick-marker').length} : {position: el.dataset.position};
    }),
    dice: all('.die').map(data),
    hand: all('[data-part=hand][data-own=true] .hand-card').map((el) => ({card: el.dataset.card,
      kind: el.querySelector('.assignment-card')?.dataset.kind})),
    boards: all('[data-part=player-board]').map((el) => ({seat: el.dataset.seat,
      fame: el.querySelector('[data-part=resources]')?.dataset.fame,
      handFaces: el.querySelectorAll('[data-part=hand] .assignment-card').length,
      backs: [...el.querySelectorAll('.character')].filter((c) => c.querySelector('.card-back'))
        .map((c) => c.dataset.character)})),
  };
}
"""


def check_board(page: Page, frames: list[str], data: dict[str, Any]) -> None:
    """Everything the view holds is drawn with its printed details (TR-2, TR-12.2, TR-18): the drawing
    and the table's index read in one go, against the view of that index (in the assignment phase the
    bots' states keep arriving while the page is read)."""
    drawn = page.evaluate(DRAWN_JS)
    view = state_at(page, frames, drawn["index"])["view"]
    assert drawn["generic"] == 0
    assert view.get("dark_alley"), "the Dark Alley is on"
    residence = {face["card"]: face for face in drawn["residence"]}
    assert set(residence) == set(view["residence"])
    for trick, face in residence.items():
        printed = data["tricks"][trick]
        yields = printed["yields"]
        assert (face["category"], face["level"], face["threshold"], face["prepare"]) == (
            printed["category"], str(printed["level"]), str(printed["threshold"]), str(printed["prepare_ap"]))
        assert face["components"] == ",".join(f"{k}:{n}" for k, n in printed["components"].items())
        assert face["yields"] == f"{yields['fame']},{yields['coins']},{yields['shards']}"
        assert face.get("endgame") == (printed["endgame"]["type"] if printed["endgame"] else None)
    stage = {face["position"]: face for face in drawn["stage"]}
    for card in view["theater"]:
        if card is None:
            continue
        face = stage[str(card["position"])]
        printed = data["performance_cards"][card["card"]]
        assert face["card"] == card["card"] and face["slots"] == ",".join(printed["slots"])
        assert (face["links"], face["shards"]) == (len(printed["links"]), 1)
        assert face["markers"] == len(card["markers"])
    assert {d["die"]: d["face"] for d in drawn["dice"]} == view["dice"]
    you = view["you"]
    hand = {c["card"]: c["kind"] for c in drawn["hand"]}
    for card in [*you.get("hand", {}), *you.get("specials", [])]:
        assert hand.get(card) == ("special" if card in data["assignments"]["special"] else "permanent"), card
    boards = {b["seat"]: b for b in drawn["boards"]}
    for pl in view["players"]:
        board = boards[str(pl["seat"])]
        assert board["fame"] == str(pl["fame"])
        if pl["seat"] == you["seat"]:
            continue
        # another player's hand is backs only; hidden cards under characters are backs
        assert board["handFaces"] == 0
        face_down = {c for c, e in pl["characters"].items() if e.get("card") == "face_down"}
        assert face_down <= set(board["backs"])


def no_markers(page: Page, frames: list[str]) -> None:
    """No value hidden from this seat, planted as a marker, in the page or in any frame (TR-24)."""
    assert not MARKER.findall(page.content())
    leaked = {m for f in frames for m in MARKER.findall(f)}
    assert not leaked, sorted(leaked)[:5]


def walk_wizard(page: Page) -> bool:
    """Set up a Trick through the board's wizard (card, Trick, slot, direction) when it is open."""
    wizard = page.locator("#board [data-part=setup-wizard][data-step=card]")
    if not wizard.count() or not page.locator("#board [data-wizard^=card-]").count():
        return False
    index = page.locator(".table-page").get_attribute("data-index")
    page.locator("#board [data-wizard^=card-]").first.click()
    expect(page.locator("#board [data-part=setup-wizard][data-step=trick]")).to_be_visible()
    page.locator("#board [data-part=setup-wizard] .step-back").click()      # the way back
    expect(page.locator("#board [data-part=setup-wizard][data-step=card]")).to_be_visible()
    page.locator("#board [data-wizard^=card-]").first.click()
    page.locator("#board .wizard-trick").first.click()
    expect(page.locator("#board [data-part=setup-wizard][data-step=slot]")).to_be_visible()
    page.locator("#board [data-wizard^=slot-]").first.click()
    expect(page.locator("#board [data-part=setup-wizard][data-step=dir]")).to_be_visible()
    page.locator("#board .wizard-dir").first.click()
    page.wait_for_function("i => document.querySelector('.table-page').dataset.index !== i",
                           arg=index, timeout=20_000)
    return True


def priority(move: dict[str, Any]) -> int:
    """How much a move helps to reach a Set up Trick soon (assign and place characters at the Workshop
    and backstage, prepare): the test's player favours those; discarding comes last (TR-23)."""
    kind = move.get("kind", "")
    if kind in ("prepare", "start_trick", "engineer_trick"):
        return 3
    where = str(move.get("location", move.get("slot", "")))
    if kind in ("assign", "place") and any(word in where for word in ("workshop", "theater", "backstage")):
        return 2
    if kind in ("set_up_trick", "supercharge"):
        return -1                                           # set up through the board's wizard
    if kind.startswith("discard"):
        return -2
    if kind in QUIET or kind.startswith("move_") or kind == "enhance":
        return 0
    return 1


def building(offered: list[dict[str, Any]]) -> list[int]:
    """The moves that help most to set up a Trick (`priority`)."""
    scores = [priority(move) for move in offered]
    return [i for i, score in enumerate(scores) if score == max(scores)]


def play_building(page: Page, rng: random.Random, moves: int) -> int:
    """Like `play_active`, but heading for the Theater: moves are chosen at random among those that
    help most to set up a Trick (`building`), so that the board's wizard is reached."""
    sent = 0
    while sent < moves:
        chosen = choose_in_panel(page, rng, building)
        if chosen is None:
            return sent
        sent += chosen
    return sent


def text_problems(page: Page, lang: str) -> list[str]:
    """The page in `lang` (once the game's catalog in it has loaded): what a player must not see."""
    page.mouse.move(1, 1)                # as a player reaching for the language menu: no tooltip open
    page.select_option("#lang-select", lang)
    expect(page.locator("html")).to_have_attribute("lang", {"zh_TW": "zh-TW"}.get(lang, lang))
    tracks = _catalog("trickerion", lang)["ui"]["tracks"]
    expect(page.locator(f"#board [data-part=tracks][aria-label='{tracks}']")).to_have_count(1)
    return settled_problems(page, "trickerion", lang)  # read again while a state may be arriving


@pytest.mark.parametrize("players", [3, 4])
def test_trickerion_dark_alley_drawn(browser: Browser, planted: str, artifacts: Path, players: int) -> None:
    data = httpx.get(f"{planted}/api/games/trickerion/data", timeout=30).json()["data"]
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    frames = record_frames(page)
    # the 4-player table uses the beginners' set-up (TR-2.8): its starting Tricks are prepared at once
    # (TR-2.9), so a Trick is soon set up through the board's wizard
    table = create_dark_alley_table(page, planted, players, beginner=players == 4)
    rng = random.Random(players)
    played = 0
    checks = 0
    wizard_used = False
    while played < 60:
        if not wizard_used:
            page.wait_for_selector(CHOICES, timeout=20_000)
            wizard_used = walk_wizard(page)
            played += int(wizard_used)
        step = play_building(page, rng, 1)
        if step == 0:
            break
        played += step
        if played >= 14 * (checks + 1) and checks < 4:
            page.wait_for_selector(CHOICES, timeout=20_000)
            check_board(page, frames, data)
            no_markers(page, frames)
            lang = LANGS[checks % 3]
            assert text_problems(page, lang) == [], lang
            checks += 1
    assert played >= 60, played
    assert wizard_used or players == 3, "the Set up Trick wizard was never reached"
    assert checks == 4
    page.wait_for_selector(CHOICES, timeout=20_000)
    check_board(page, frames, data)
    no_markers(page, frames)
    if players == 3:
        screenshots(page, planted, table, artifacts / "trickerion")
    no_markers(page, frames)
    ctx.close()


PARTS = ("tracks", "dark-alley", "downtown", "market-row", "theater", "residence", "player-board")


def save_parts(page: Page, out: Path, prefix: str) -> None:
    """Each part of the board on its own (the full page is too tall to read at once), the decision
    panel (sticky over the board) set aside meanwhile."""
    if not reviewing():
        return
    for_review(page.locator("#decision"), path=str(out / f"{prefix}-decision.png"))
    page.evaluate("() => { document.querySelector('#decision').style.visibility = 'hidden' }")
    for part in PARTS:
        found = page.locator(f"#board [data-part={part}]")
        if found.count():
            for_review(found.first, path=str(out / f"{prefix}-{part}.png"))
    page.evaluate("() => { document.querySelector('#decision').style.visibility = '' }")


def screenshots(page: Page, base: str, table: str, out: Path) -> None:
    """Desktop and phone, in three languages, mid-game with the Dark Alley: saved to look at; the
    page's text has no problems in any of them."""
    out.mkdir(parents=True, exist_ok=True)
    found = {}
    for lang in LANGS:
        found[lang] = text_problems(page, lang)
        for_review(page, path=str(out / f"desktop-{lang}.png"), full_page=True)
        save_parts(page, out, f"desktop-{lang}")
    # a tooltip: the full card with its text, in the page's language
    page.locator("#board [data-residence-trick]").first.hover()
    page.wait_for_timeout(300)
    for_review(page, path=str(out / "desktop-es-tooltip.png"))
    page.mouse.move(1, 1)
    page.set_viewport_size({"width": 390, "height": 844})      # the same seat on a phone
    page.goto(f"{base}/#/t/{table}")
    expect(page.locator("#board svg").first).to_be_visible()
    for lang in LANGS:
        found[f"phone {lang}"] = text_problems(page, lang)
        for_review(page, path=str(out / f"phone-{lang}.png"), full_page=True)
        save_parts(page, out, f"phone-{lang}")
    (out / "problems.json").write_text(json.dumps(found, ensure_ascii=False, indent=1))
    assert all(not v for v in found.values()), found


@pytest.mark.parametrize(("lang", "heading"), [("en", "You must choose a Magician"),
                                               ("zh_TW", "你必須選擇魔術師"), ("es", "Debes elegir un Mago")])
def test_the_status_bar_names_what_the_player_must_do(page: Page, server: str, lang: str,
                                                      heading: str) -> None:
    """TABLE.md's status bar: "You must choose a Magician", not a bare "Your decision" -- each phase
    of the turn (TR-2.3 to TR-15.3) is a step phrase of the game's catalog."""
    create_table(page, server, "trickerion", 2, ["random"])
    page.select_option("#lang-select", lang)
    expect(page.locator("#decision h3")).to_contain_text(heading)


def test_the_end_of_a_game_reads_in_chinese(browser: Browser, server: str) -> None:
    """A whole game played for Ada by a bot, then read in zh_TW: the game-over line names each
    player's Fame ("名聲 Ada 27，..."), the final scoring writes its parts with Chinese colons
    ("碎片：2"), and a performance tells who gained what by resource (TR-14.3)."""
    table, _token, _info = finished_game(server, "trickerion")
    ctx = browser.new_context(locale="zh-TW", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.goto(f"{server}/#/t/{table}")
    expect(page.locator("#final-result")).to_be_visible()
    lines = page.locator("#log li").all_inner_texts()
    over = [line for line in lines if "遊戲結束" in line]
    assert over and re.search(r"名聲 Ada \d+，電腦（簡單） \d+", over[-1]), over
    scoring = [line for line in lines if "最終計分" in line]
    assert len(scoring) == 2 and all("碎片：" in line and "碎片:" not in line for line in scoring), scoring
    performed = [line for line in lines if "表演加成" in line]
    assert performed and not any(re.search(r"\d+, \d+, \d+", line) for line in performed), performed[:3]
    ctx.close()


def test_a_choice_without_art_has_no_blank_line_on_a_phone(browser: Browser, server: str) -> None:
    """A choice the game draws no picture for (placing a character, TR-8.1) starts with its words: on a
    390 px phone no empty picture box pushes them down a line."""
    ctx = browser.new_context(locale="es-ES", viewport={"width": 390, "height": 844}, is_mobile=True)
    page = ctx.new_page()
    create_table(page, server, "trickerion", 2, ["random"])
    rng = random.Random(5)
    place = page.locator(f"{CHOICES}[data-kind=place]")
    # Magician, starting choices, advertising and assignment come first
    assert play_until(page, rng, place, 80), "no placement reached"
    for i in range(place.count()):
        words = place.nth(i).locator(".move-text").bounding_box()
        button = place.nth(i).bounding_box()
        assert words and button and words["y"] - button["y"] < 16, (place.nth(i).inner_text(), words, button)
    ctx.close()


@pytest.mark.parametrize(("lang", "die_word"), [("en", "die"), ("zh_TW", "骰"), ("es", "dado")])
def test_a_choice_narrowed_by_die_names_the_die(browser: Browser, server: str, lang: str,
                                                die_word: str) -> None:
    """TR-9.1: a long list of choices made with a die (learning a trick at the Residence) is narrowed die
    first; each die reads by its name ("Residence die A"), not by the move's number for it ("0")."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    create_table(page, server, "trickerion", 2, ["random"])
    page.select_option("#lang-select", lang)
    rng = random.Random(1)
    by_die = page.locator("#decision button.step[data-field=die]")
    assert play_until(page, rng, by_die, 200), "no choice narrowed by die reached"
    for text in by_die.all_inner_texts():
        assert die_word in text.lower() and not re.match(r"\s*\d", text), text
    ctx.close()
