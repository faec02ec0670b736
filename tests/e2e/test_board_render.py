"""The boards redraw only the parts a state changes (issue 16's render cost; web/src/games/choosable.tsx).

A table is opened in seat 1 (Trickerion with the Dark Alley at 3 players, Star Road at 4, Skyrise at
3); once some board element is clickable, the page's socket is held (the server's messages no longer
reach the page) and states made from the last one are handed to the page instead. Each board part
counts its redraws (`window.__parlorRenders`, a test-only counter in the part): a state redraws the
parts whose slices of the view it changes and no other, an unchanged view redraws nothing, and choices
that come and go light up and go dark on the board without any part redrawing. Trickerion: a die
redraws Downtown alone, a player's Coins that player's board alone. Star Road: a seat's HP its mat
(and the ring around the mats, which draws the attack's arrows between them), a seat's number of lines
its lines alone, the turn the ring, an object leaving play that panel alone (not the design chart).
Skyrise: a neighbourhood's disc that district (and the map around the districts), a player's Prestige
that player's board alone. Each time the page shows the new state (the die's face, the Coins, the HP,
the slots, the disc, the clickable elements), so a state that was not applied cannot pass."""

from __future__ import annotations

import random
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, Page

from .test_board_trickerion import create_dark_alley_table
from .ui import CHOICES, create_table, play_active

# Wraps the page's WebSocket: keeps the last state message (`__lastState`, with a delta's view applied
# here as the page applies it) and, while `__hold` is set, drops the server's messages before the page
# sees them.
HOLD_SOCKET = """
(() => {
  const applyDelta = (view, delta) => {
    const out = structuredClone(view);
    const parent = (path) => path.slice(0, -1).reduce((node, key) => node[key], out);
    for (const [path, value] of delta.set) parent(path)[path[path.length - 1]] = value;
    for (const path of delta.drop) delete parent(path)[path[path.length - 1]];
    return out;
  };
  window.__applyDelta = applyDelta;
  const Real = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Real {
    constructor(...args) {
      super(...args);
      window.__sockets.push(this);
      this.addEventListener('message', (ev) => {
        if (window.__hold) { ev.stopImmediatePropagation(); return; }
        let m = null;
        try { m = JSON.parse(ev.data); } catch (e) { return; }
        if (m.type !== 'state') return;
        if (m.view_delta) m.view = applyDelta(window.__lastState.view, m.view_delta);
        window.__lastState = m;
      });
    }
  };
})();
"""

# Hands the page a state made from the last one: `delta` applied to its view (a `view_delta` as the
# server sends them), `legal` when given, the next index; returns the parts redrawn meanwhile.
SEND_STATE = """
async ([delta, legal]) => {
  const last = window.__lastState;
  const next = {...last, index: last.index + 1, log: [], log_from: 1e9, reset: false, view_delta: delta};
  delete next.view;
  if (legal !== null) next.legal = legal;
  window.__lastState = {...next, view: window.__applyDelta(last.view, delta)};
  window.__parlorRenders = {};
  const socket = window.__sockets[window.__sockets.length - 1];
  socket.onmessage(new MessageEvent('message', {data: JSON.stringify(next)}));
  const shown = () => document.querySelector('.table-page').dataset.index === String(next.index);
  while (!shown()) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 100));  // the spots told after the board is drawn
  return window.__parlorRenders;
}
"""


def send_state(page: Page, sets: list[tuple[list[Any], Any]],
               legal: list[Any] | None = None) -> dict[str, int]:
    """The parts redrawn for a state whose view differs from the last one's by `sets` (path, value)."""
    delta = {"set": [[path, value] for path, value in sets], "drop": []}
    return dict(page.evaluate(SEND_STATE, [delta, legal]))


def hot_spots(page: Page) -> int:
    return int(page.locator("#board [data-target]").count())


def hold_with_choices(page: Page, seed: int) -> tuple[dict[str, Any], list[Any], int]:
    """Plays through the decision panel until some board element is clickable (the first choices may
    have none), then holds the socket: the last state's view, its legal moves, and how many elements
    are clickable. The count is taken after a first unchanged state, which also takes away the "last
    change" marks of the server's state: a state the server sent while the socket was being held (a
    bot's move) is then the one the page shows, and the one whose legal moves are returned."""
    rng = random.Random(seed)
    for _ in range(40):
        page.wait_for_selector(CHOICES, timeout=20_000)
        if hot_spots(page):
            break
        play_active(page, rng, 1)
    page.wait_for_selector(CHOICES, timeout=20_000)
    page.evaluate("() => { window.__hold = true }")
    send_state(page, [])
    view = page.evaluate("() => window.__lastState.view")
    legal = page.evaluate("() => window.__lastState.legal")
    # the choices taken away and given back once: a first part of a move the panel had picked (a
    # Skyrise building, whose places alone were then lit) is let go, as the checks below let it go
    send_state(page, [], legal=[])
    send_state(page, [], legal=legal)
    hot = hot_spots(page)
    assert hot > 0, "no board element is clickable in the held state"
    return view, legal, hot


def check_choices_come_and_go(page: Page, legal: list[Any], hot: int) -> None:
    """The choices go and come back: the board's elements go dark and light up again, no part redraws."""
    assert send_state(page, [], legal=[]) == {}
    assert hot_spots(page) == 0
    assert send_state(page, [], legal=legal) == {}
    assert hot_spots(page) == hot


def held_page(browser: Browser) -> tuple[BrowserContext, Page]:
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    context.add_init_script(HOLD_SOCKET)
    return context, context.new_page()


def test_a_state_redraws_only_the_parts_it_changes(browser: Browser, server: str) -> None:
    data = httpx.get(f"{server}/api/games/trickerion/data", timeout=30).json()["data"]
    context, page = held_page(browser)
    create_dark_alley_table(page, server, 3)
    view, legal, hot = hold_with_choices(page, 3)
    assert send_state(page, []) == {}

    # a die turned: Downtown alone redraws, shows the new face and is marked as the last change; the
    # next state, which changes nothing, takes the mark away (Downtown alone redraws again)
    face = view["dice"]["residence_a"]
    other = next(f for f in data["dice"]["residence_a"] if f != face)
    downtown = page.locator("#board [data-part=downtown]")
    assert send_state(page, [(["dice", "residence_a"], other)]) == {"downtown": 1}
    assert downtown.locator(".die[data-die=residence_a]").get_attribute("data-face") == other
    assert "changed-panel" in (downtown.get_attribute("class") or "")
    assert send_state(page, []) == {"downtown": 1}
    assert "changed-panel" not in (downtown.get_attribute("class") or "")

    # one player's Coins: that player's board alone, then again to take the mark away
    seat = 1
    coins = view["players"][seat]["coins"] + 1
    assert send_state(page, [(["players", seat, "coins"], coins)]) == {f"player-board:{seat}": 1}
    board = page.locator(f"#board [data-part=player-board][data-seat='{seat}'] [data-part=resources]")
    assert board.get_attribute("data-coins") == str(coins)
    assert send_state(page, []) == {f"player-board:{seat}": 1}

    # nothing changed: no part redraws
    assert send_state(page, []) == {}
    check_choices_come_and_go(page, legal, hot)
    context.close()


def test_a_star_road_state_redraws_only_the_parts_it_changes(browser: Browser, server: str) -> None:
    context, page = held_page(browser)
    create_table(page, server, "starroad", 4, ["random"] * 3)
    view, legal, hot = hold_with_choices(page, 4)
    assert send_state(page, []) == {}
    seat = 1
    i = next(k for k, s in enumerate(view["seats"]) if s["seat"] == seat)
    mine = view["seats"][i]

    # a seat's HP: its mat alone (and the ring that holds the mats) shows it and is marked as the last
    # change; the next state, which changes nothing, takes the mark away
    mat = page.locator(f"#board [data-part=ring] [data-spot='seat={seat}']")
    assert send_state(page, [(["seats", i, "hp"], mine["hp"] - 1)]) == {"ring": 1, f"seat-mat:{seat}": 1}
    assert mat.locator("text[data-hp]").get_attribute("data-hp") == str(mine["hp"] - 1)
    assert "changed-svg" in (mat.get_attribute("class") or "")
    assert send_state(page, []) == {"ring": 1, f"seat-mat:{seat}": 1}
    assert "changed-svg" not in (mat.get_attribute("class") or "")

    # a seat with one more production line: its lines alone, with a column of slots more
    slots = page.locator(f"#board [data-part=lines][data-seat='{seat}'] [data-slot]")
    before = slots.count()
    assert send_state(page, [(["seats", i, "lines"], mine["lines"] + 1)]) == {f"lines:{seat}": 1}
    assert slots.count() == before + before // mine["lines"]

    # the next turn: the ring alone, whose centre says it
    turn = page.locator("#board [data-part=ring] > text")
    words = turn.text_content() or ""
    assert f" {view['turn']} · " in words
    assert send_state(page, [(["turn"], view["turn"] + 1)]) == {"ring": 1}
    assert turn.text_content() == words.replace(f" {view['turn']} · ", f" {view['turn'] + 1} · ", 1)

    # an object leaves play: that panel alone (the design chart beside it does not redraw)
    gone = [*view["left_play"], [seat, view["designs"][0]]]
    assert send_state(page, [(["left_play"], gone)]) == {"left-play": 1}
    title = page.locator("#board [data-part=left-play]").get_attribute("aria-label") or ""
    assert title.endswith(f"({len(gone)})")

    assert send_state(page, []) == {}
    check_choices_come_and_go(page, legal, hot)
    context.close()


def test_a_skyrise_state_redraws_only_the_parts_it_changes(browser: Browser, server: str) -> None:
    context, page = held_page(browser)
    create_table(page, server, "skyrise", 3, ["random"] * 2)
    view, legal, hot = hold_with_choices(page, 3)
    assert send_state(page, []) == {}

    # a neighbourhood's disc taken: that district alone (and the map that holds the districts) shows
    # it and is marked as the last change; the next state, which changes nothing, takes the mark away
    cell = next(k for k, c in view["board"].items()
                if c.get("disc") and page.locator(f"#board [data-neighbourhood='{k}']").count())
    district = page.locator(f"#board [data-spot='{cell}']")
    assert send_state(page, [(["board", cell, "disc"], None)]) == {"map": 1, f"district:{cell}": 1}
    assert district.locator("[data-neighbourhood]").get_attribute("data-disc") == ""
    assert "changed-svg" in (district.get_attribute("class") or "")
    assert send_state(page, []) == {"map": 1, f"district:{cell}": 1}
    assert "changed-svg" not in (district.get_attribute("class") or "")

    # a player's Prestige: that player's board alone, then again to take the mark away
    seat = 1
    i = next(k for k, pl in enumerate(view["players"]) if pl["seat"] == seat)
    prestige = view["players"][i]["prestige"] + 1
    board = page.locator(f"#board [data-part=player-board][data-seat='{seat}']")
    assert send_state(page, [(["players", i, "prestige"], prestige)]) == {f"player-board:{seat}": 1}
    assert f" {prestige}" in (board.get_attribute("aria-label") or "")
    assert "changed-panel" in (board.get_attribute("class") or "")
    assert send_state(page, []) == {f"player-board:{seat}": 1}

    assert send_state(page, []) == {}
    check_choices_come_and_go(page, legal, hot)
    context.close()
