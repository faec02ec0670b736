"""The board redraws only the parts a state changes (issue 16's render cost; web/src/games/choosable.tsx).

A Trickerion table with the Dark Alley at 3 players is opened in seat 1; once some board element is
clickable, the page's socket is held (the server's messages no longer reach the page) and states made
from the last one are handed to the page instead: a die turned to another face, one player's Coins
raised by one, nothing changed, and the same view with no choices. Each board part counts its redraws
(`window.__parlorRenders`, a test-only counter in the part's panel): a die redraws Downtown alone, a
player's Coins that player's board alone, an unchanged view nothing, and choices that come and go
light up and go dark on the board without any part redrawing. Each time the page shows the new state
(the die's face, the Coins, the clickable elements), so a state that was not applied cannot pass."""

from __future__ import annotations

import random
from typing import Any

import httpx
from playwright.sync_api import Browser, Page

from .test_board_trickerion import create_dark_alley_table
from .ui import CHOICES, play_active

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


def test_a_state_redraws_only_the_parts_it_changes(browser: Browser, server: str) -> None:
    data = httpx.get(f"{server}/api/games/trickerion/data", timeout=30).json()["data"]
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    context.add_init_script(HOLD_SOCKET)
    page = context.new_page()
    create_dark_alley_table(page, server, 3)
    rng = random.Random(3)
    for _ in range(40):  # until some board element is clickable (the first choices may have none)
        page.wait_for_selector(CHOICES, timeout=20_000)
        if hot_spots(page):
            break
        play_active(page, rng, 1)
    page.wait_for_selector(CHOICES, timeout=20_000)
    hot = hot_spots(page)
    assert hot > 0, "no board element became clickable"
    page.evaluate("() => { window.__hold = true }")
    view = page.evaluate("() => window.__lastState.view")
    legal = page.evaluate("() => window.__lastState.legal")

    send_state(page, [])  # takes away the "last change" marks of the server's last state
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

    # the choices go and come back: the board's elements go dark and light up again, no part redraws
    assert send_state(page, [], legal=[]) == {}
    assert hot_spots(page) == 0
    assert send_state(page, [], legal=legal) == {}
    assert hot_spots(page) == hot
    context.close()
