"""Star Road drawn as the physical game (issue 18): tables of 2, 4 and 8 players played for 60+ decisions,
checking by data attributes that every seat, object, character, faction card and stack entry of the view
is drawn, that no 0-based seat or bracketed object number shows, that the page reads right in en, zh_TW
and es, and that nothing hidden reaches the page or the frames.

The e2e server plays Star Road with marked views (launch.py: MarkedStarRoad): every value a seat may not
see (others' face-down faction and character cards, the numbers of their unused objects) is replaced by
a planted marker `§Hn§` in that seat's view, so a hidden value drawn anywhere would show as a marker."""

from __future__ import annotations

import colorsys
import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .page_text import problems
from .ui import create_table, finished_game, for_review, play_active, record_frames, state_at

pytestmark = pytest.mark.timeout(300)
MARKER = re.compile(r"§H\d+§")
DECISIONS = 64
BRACKETED = re.compile(r"\[\d+\]")




def page_index(page: Page) -> int:
    return int(page.locator(".table-page").get_attribute("data-index") or "0")


def drawn_with_view(page: Page, frames: list[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """What the board draws and the view it draws, read at one index (bots may move meanwhile)."""
    for _ in range(20):
        index = page_index(page)
        drawn = page.evaluate(DRAWN_JS)
        if page_index(page) == index:
            return drawn, state_at(page, frames, index)["view"]
        page.wait_for_timeout(100)
    raise AssertionError("the table never stood still")


# What the board draws, read in one go: each drawn thing by its data attributes.
DRAWN_JS = """
() => {
  const board = document.querySelector('#board');
  const all = (sel, root = board) => [...root.querySelectorAll(sel)];
  const ring = board.querySelector('[data-part=ring]');
  const own = board.querySelector('[data-part=own]');
  return {
    generic: all('.generic').length,
    seats: all('.sr-seat', ring).map((e) => e.dataset.seat),
    seatColours: all('.sr-seat', ring).map((e) => e.getAttribute('stroke')),
    distances: all('.sr-seat', ring).filter((e) => e.parentElement.querySelector('.distance'))
      .map((e) => e.dataset.seat),
    lines: all('[data-part=lines]').map((e) => e.dataset.seat),
    objects: all('[data-part=lines] [data-object]').map((e) => [
      e.closest('[data-part=lines]').dataset.seat, e.dataset.object,
      e.querySelector('[data-card]')?.dataset.card]),
    ground: all('[data-part=lines] [data-ground]').map((e) => [
      e.closest('[data-part=lines]').dataset.seat, e.dataset.ground]),
    ringFactions: all('[data-faction]', ring).map((e) => e.dataset.faction),
    ringCards: all('[data-card]', ring).map((e) => e.dataset.card),
    ownFactions: own ? all('[data-faction]', own).map((e) => e.dataset.faction) : [],
    ownCards: own ? all('.sr-character[data-card]', own).map((e) => e.dataset.card) : [],
    stack: all('[data-stack-entry]').length,
    attack: all('[data-part=attack]').length,
    weapons: all('[data-weapon]').length,
    arrows: all('.attack-line', ring).map((e) => e.dataset.to),
    arrowHeads: all('.attack-line', ring).map((e) => {
      const mat = ring.querySelector(`.sr-seat[data-seat="${e.dataset.to}"]`);
      const at = (el, name) => Number(el.getAttribute(name));
      return [e.dataset.to, at(e, 'x2'), at(e, 'y2'),
              at(mat, 'x'), at(mat, 'y'), at(mat, 'width'), at(mat, 'height')];
    }),
    chart: all('[data-part=chart] [data-card]').length,
  };
}
"""


# Hues of the faction colours (red, yellow, green, blue): no player's colour may be near one (issue 18).
FACTION_HUES = (0, 45, 120, 211)


def hue_and_saturation(colour: str) -> tuple[float, float]:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    hue, _, saturation = colorsys.rgb_to_hls(r, g, b)
    return hue * 360, saturation


def check_colours(colours: list[str]) -> None:
    """Players' colours suggest no faction: each is far from every faction hue, or nearly grey."""
    assert len(set(colours)) == len(colours), colours
    for colour in colours:
        hue, saturation = hue_and_saturation(colour)
        near = [f for f in FACTION_HUES if min(abs(hue - f), 360 - abs(hue - f)) < 15]
        assert saturation < 0.3 or not near, f"player colour {colour} looks like a faction's"


def check_drawn(page: Page, frames: list[str]) -> dict[str, Any]:
    """Every seat, object, character, faction card and stack entry of the view is on the board; the
    view checked."""
    drawn, view = drawn_with_view(page, frames)
    check_colours(drawn["seatColours"])
    me = view["you"]["seat"]
    assert drawn["generic"] == 0
    assert sorted(drawn["seats"]) == sorted(str(s["seat"]) for s in view["seats"])
    assert sorted(drawn["lines"]) == sorted(str(s["seat"]) for s in view["seats"])
    objects = {(seat, where): card for seat, where, card in drawn["objects"]}
    hidden_factions = 0
    for seat in view["seats"]:
        x = str(seat["seat"])
        for o in seat["objects"]:
            where = f"{x}/{o['line']}/{o['level']}"
            card = o["no"] if o["no"] is not None else "back"
            assert objects.get((x, where)) == card, f"{where}: drawn {objects.get((x, where))}, is {card}"
        assert len([k for k in objects if k[0] == x]) == len(seat["objects"]), f"seat {x}: objects"
        for g in seat["ground"]:
            assert [x, g["no"]] in drawn["ground"]
        if seat["faction"] is None:
            hidden_factions += 1
        else:
            assert seat["faction"] in drawn["ringFactions"], f"seat {x}: faction {seat['faction']}"
        if seat["character"] is not None:
            assert seat["character"] in drawn["ringCards"], f"seat {x}: character"
        if seat["seat"] != me and seat["alive"]:
            assert x in drawn["distances"], f"seat {x}: distance"
    assert drawn["ringFactions"].count("hidden") == hidden_factions
    you = view["you"]
    assert drawn["ownFactions"] == [you["faction"]]
    own_cards = [you["character"], you["set_aside"]] if you["character"] else you["dealt"]
    assert sorted(drawn["ownCards"]) == sorted(c for c in own_cards if c)
    assert drawn["stack"] == len(view["stack"])
    attack = view["attack"]
    if attack is not None:
        assert drawn["attack"] == 1 and drawn["weapons"] == len(attack["weapons"])
        for weapon in attack["weapons"]:
            for target in weapon["targets"]:
                assert str(target) in drawn["arrows"]
        # an arrow stops at its target's mat, not over the character's name in the middle of it
        for target, x, y, left, top, width, height in drawn["arrowHeads"]:
            inside = left + 10 < x < left + width - 10 and top + 10 < y < top + height - 10
            assert not inside, f"the arrow to seat {target} ends inside its mat at ({x:.0f}, {y:.0f})"
    assert drawn["chart"] == len(view["designs"])
    return view


def check_page(page: Page, frames: list[str], lang: str) -> None:
    """The page reads right in `lang` and shows no seat number, object number or planted marker; no
    frame received so far carries a marker."""
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
    decisions = 0  # the table's decisions, every player's (the page's data-index)
    checks = 0
    shot = False
    out = artifacts / "starroad"
    out.mkdir(parents=True, exist_ok=True)
    while (decisions < DECISIONS or checks < 6) and not page.locator("#final-result").count():
        play_active(page, rng, 2)
        decisions = int(page.locator(".table-page").get_attribute("data-index") or "0")
        if page.locator("#final-result").count():
            break
        view = check_drawn(page, frames)
        if (view["attack"] or view["stack"]) and not shot:  # the stack and an attack, drawn, to look at
            shot = True
            for_review(page.locator("#board"), path=str(out / f"stack-{players}p.png"))
        if checks % 2 == 1:
            lang = langs[(checks // 2) % 3]
            set_lang(page, lang)
            check_page(page, frames, lang)
        checks += 1
    assert decisions >= DECISIONS or page.locator("#final-result").count(), f"only {decisions} decisions"
    assert checks >= 6 or page.locator("#final-result").count()
    for lang in langs:
        set_lang(page, lang)
        check_page(page, frames, lang)
        for_review(page, path=str(out / f"table-{players}p-{lang}-desktop.png"), full_page=True)
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
            check_drawn(page, frames)
        check_page(page, frames, lang)
        for_review(page, path=str(out / f"table-4p-{lang}-phone.png"), full_page=True)
    ctx.close()


def test_card_names_fit_their_cards(page: Page, server: str) -> None:
    """A card's name band never cuts its name: each bold name (a character's, an object's) is drawn
    no wider than its card (Spanish names are the longest: "Cronometrador")."""
    for _ in range(3):  # three deals: six character cards, each table's objects
        create_table(page, server, "starroad", 2, ["easy"])
        page.select_option("#lang-select", "es")
        expect(page.locator("#board .sr-card text[font-weight=bold]").first).to_be_attached()
        wide = page.evaluate("""() => [...document.querySelectorAll('#board .sr-card')].flatMap((card) => {
            const frame = card.querySelector('rect')
            return [...card.querySelectorAll('text[font-weight=bold]')]
              .filter((t) => t.getBBox().width > frame.getBBox().width)
              .map((t) => `${t.textContent} ${t.getBBox().width.toFixed(1)} > ${frame.getBBox().width}`)
        })""")
        assert not wide, wide


def test_a_character_card_names_resources_by_their_word(page: Page, server: str) -> None:
    """SR-0.5: an ability that moves X[W] (5 of the 16 characters) reads "resources" on the drawn card,
    whose wrapped SVG lines cannot hold the icon; the rulebook's bracketed token never shows."""
    for _ in range(15):  # deals until one of those characters is on Ada's side of the board
        create_table(page, server, "starroad", 2, ["easy"])
        cards = page.locator("#board .sr-character")
        expect(cards.first).to_be_attached()
        texts = cards.evaluate_all("(els) => els.map((e) => e.textContent)")
        assert not [t for t in texts if "[W]" in t], texts
        if any("resource" in t for t in texts):
            return
    raise AssertionError("no character card with a resource ability in 15 deals")


def test_an_eliminated_player_is_told_in_words(browser: Browser, server: str) -> None:
    """A player knocked out shows "✝ 已被消滅" in their panel, not a bare cross a newcomer (or a phone,
    which has no hover) cannot read. (A game may end at the round limit with nobody out: up to three
    games are played to find one.)"""
    ctx = browser.new_context(locale="zh-TW", viewport={"width": 390, "height": 844}, is_mobile=True)
    page = ctx.new_page()
    shown = []
    for _ in range(3):
        table, _token, _info = finished_game(server, "starroad")
        page.goto(f"{server}/#/t/{table}")
        expect(page.locator("#final-result")).to_be_visible()
        shown = page.locator(".pp-counters .counter[data-counter=eliminated]").all_inner_texts()
        if shown:
            break
    assert shown and all(text == "✝ 已被消滅" for text in shown), shown
    ctx.close()
