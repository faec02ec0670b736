"""Driving the browser client like a player: create a table in the lobby, choose moves in the
decision panel, wait for the final result."""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections.abc import Callable
from typing import Any

import httpx
from playwright.sync_api import Locator, Page, WebSocket, WebSocketRoute, expect

from parlor.server.deltas import apply_delta

CHOICES = "#decision button.choice:not([disabled])"


def reviewing() -> bool:
    """Whether this run keeps screenshots for a person to look at (`PARLOR_E2E_SHOTS=1`, as `make
    shots` sets it), in test-artifacts/e2e/."""
    return os.environ.get("PARLOR_E2E_SHOTS") == "1"


def for_review(target: Page | Locator, path: str, **options: Any) -> None:
    """A screenshot for a person to look at, taken only when `reviewing()`: the tests' checks read the
    page itself, and a full-page picture of a board costs a second or more of a test run."""
    if reviewing():
        target.screenshot(path=path, **options)


def alter_moves(page: Page, kind: str, field: str, value: Any) -> None:
    """Every `kind` move the page sends over its table's socket arrives with `field` set to `value`: the
    server sees a move the page would never make, as from a hostile client."""

    def route(socket: WebSocketRoute) -> None:
        server_side = socket.connect_to_server()

        def to_server(message: str | bytes) -> None:
            data = json.loads(message)
            move = data.get("move") if isinstance(data, dict) else None
            if isinstance(move, dict) and move.get("kind") == kind:
                move[field] = value
            server_side.send(json.dumps(data))

        socket.on_message(to_server)

    page.route_web_socket(re.compile(r"/ws/tables/"), route)


def finished_game(server: str, game: str, wait_seconds: float = 120.0, players: int = 2,
                  level: str = "easy") -> tuple[str, str, dict[str, Any]]:
    """A game of `game` played to its end for Ada by an easy bot (she joins seat 0, then hands it
    over), the other seats bots of `level`: (table id, Ada's token, the finished table's info)."""
    seats = [{"kind": "open"}, *[{"kind": "bot", "level": level}] * (players - 1)]
    # a game's first table on a fresh server is set up in a worker process that may still be
    # importing the games: seconds on a loaded machine, longer than httpx's default 5 s
    table = httpx.post(f"{server}/api/tables", json={"game": game, "players": players, "options": {},
                                                     "seats": seats}, timeout=60).json()["id"]
    token = httpx.post(f"{server}/api/tables/{table}/seats/0/join", json={"name": "Ada"},
                       timeout=30).json()["token"]
    httpx.post(f"{server}/api/tables/{table}/seats/0/bot", json={"level": "easy"},
               headers={"Authorization": f"Bearer {token}"}, timeout=30)
    deadline = time.monotonic() + wait_seconds
    info = httpx.get(f"{server}/api/tables/{table}").json()
    while info["status"] != "finished" and time.monotonic() < deadline:
        time.sleep(0.1)
        info = httpx.get(f"{server}/api/tables/{table}").json()
    assert info["status"] == "finished", f"{game}: the bots did not finish in {wait_seconds} s"
    return table, token, info


SHOWN_JS = """() => ({index: document.querySelector('.table-page')?.dataset.index ?? null,
                   choices: document.querySelectorAll('#decision button.choice:not([disabled])').length})"""


def wait_until_only_seat_decides(page: Page, base: str, table: str, seat: int = 0, wait_seconds: float = 30.0
                                 ) -> int:
    """Wait until the table waits for `seat` alone and the page shows that position with its choices:
    nothing changes there until the seat moves (the bots have nothing to do), so a test may read the
    page, crash the server or reconnect without a bot's move slipping in between. The index."""
    deadline = time.monotonic() + wait_seconds
    while True:
        info = httpx.get(f"{base}/api/tables/{table}", timeout=10).json()
        shown = page.evaluate(SHOWN_JS)
        if info["actors"] == [seat] and shown["index"] == str(info["index"]) and shown["choices"]:
            return int(info["index"])
        assert time.monotonic() < deadline, f"the table never waited for seat {seat} alone: {info['actors']}"
        page.wait_for_timeout(50)


# Many `expect`s read in one round trip: per check, the number of elements a CSS selector matches, or the
# attribute of the one element it matches (as `to_have_attribute`, which fails on none or several).
CHECKS_JS = """
(checks) => checks.map(([selector, attribute]) => {
  const found = document.querySelectorAll(selector);
  if (attribute === null) return found.length;
  return found.length === 1 ? found[0].getAttribute(attribute) : `(${found.length} elements)`;
})
"""

Check = tuple[str, str | None, int | str]


def expect_all(page: Page, checks: list[Check], wait_ms: int = 15_000) -> None:
    """Each check (a CSS selector; an attribute, or None for the count of elements; the value expected)
    holds on the page, as many `expect(...).to_have_count` / `to_have_attribute`, which read the page
    again until they hold (for as long as `expect` waits), but all of them in one round trip a reading."""
    deadline = time.monotonic() + wait_ms / 1000
    while True:
        found = page.evaluate(CHECKS_JS, [[selector, attribute] for selector, attribute, _ in checks])
        wrong = [(selector, attribute, f"expected {want!r}, found {got!r}")
                 for (selector, attribute, want), got in zip(checks, found, strict=True) if got != want]
        if not wrong:
            return
        assert time.monotonic() < deadline, wrong[:10]
        page.wait_for_timeout(100)


def create_table(page: Page, base: str, game: str, players: int, bots: list[str], name: str = "Ada") -> str:
    """Open the lobby, pick `game` and `players`, seat 1 open (taken by this page), the other
    seats given to `bots` levels; returns the new table's id."""
    page.goto(f"{base}/#/")
    page.locator(f"input[name=game][value={game}]").check()
    page.select_option("#players", str(players))
    page.fill("#your-name", name)
    page.select_option("#seat-0", "open")
    for i, level in enumerate(bots, start=1):
        page.select_option(f"#seat-{i}", level)
    page.click("#create-table")
    page.wait_for_url(re.compile(r"#/t/"))
    expect(page.locator(".table-page")).to_be_visible()
    return page.url.split("#/t/")[1]


# The decision panel read in one round trip: waits (polling in the page) until a choice or the final
# result shows, then gives what the panel offers. Playwright's wait_for_function, count, evaluate_all
# and get_attribute took four round trips for the same answer.
OFFERED_JS = """
async ([selector, wait]) => {
  const until = Date.now() + wait;
  for (;;) {
    const final = document.querySelector('#final-result') !== null;
    const buttons = [...document.querySelectorAll(selector)];
    if (final || buttons.length) {
      // two choices of one group that read and look the same: a player cannot tell them apart
      const alike = [];
      for (const group of document.querySelectorAll('#decision .move-group')) {
        const seen = new Set();
        for (const b of group.querySelectorAll('button.choice')) {
          const text = (b.querySelector('.move-text') ?? b).innerText.replace(/\\s+/g, ' ').trim();
          const looks = text + '|' + (b.querySelector('.move-art')?.innerHTML ?? '');
          if (seen.has(looks)) alike.push(text);
          seen.add(looks);
        }
      }
      return {final, index: document.querySelector('.table-page')?.dataset.index ?? null,
              choices: buttons.map((b) => b.dataset.move ?? null), alike};
    }
    if (Date.now() > until) throw new Error('no choice and no final result in the decision panel');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
"""

# A player's click on the `position`-th choice, provided it still offers `move`: scrolled into view and
# clicked only where the button itself is what a pointer at its centre would hit (as Playwright's own
# actionability check: visible, not covered); then, for a move, waits until the table has taken it
# (its index moved on), the game is over or the panel shows an error. 'gone' when the panel has
# changed under the choice.
CLICK_JS = """
async ([selector, position, move, index, wait]) => {
  const until = Date.now() + wait;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
  let covering = '';
  for (;;) {
    const button = document.querySelectorAll(selector)[position];
    if (!button || (button.dataset.move ?? null) !== move) return 'gone';
    button.scrollIntoView({block: 'center', inline: 'center'});
    const box = button.getBoundingClientRect();
    const hit = box.width > 0 && box.height > 0
      ? document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) : null;
    if (hit && button.contains(hit)) { button.click(); break; }
    covering = hit ? hit.outerHTML.slice(0, 200) : 'nothing (not visible)';
    if (Date.now() > until) throw new Error('the choice is covered by ' + covering);
    await pause();
  }
  if (move === null) { await pause(); return 'step'; }
  for (;;) {
    const table = document.querySelector('.table-page');
    if (!table || table.dataset.index !== index || document.querySelector('#final-result')) return 'moved';
    if (document.querySelector('#decision .error')) return 'error';
    if (Date.now() > until) throw new Error('the table did not take the move ' + move);
    await pause();
  }
}
"""


def offered(page: Page, wait_ms: int = 45_000) -> dict[str, Any]:
    """What the decision panel offers once it offers something: `final` (the game is over), the table's
    `index`, `choices` (each enabled choice's move as the page wrote it, None for a step) and
    `alike` (the labels of choices that read and look like another of their group: none may).
    It waits up to 45 s: the bots' turns before it at a load of 6 to 20 once took over 20 s
    (test_starroad_on_a_phone, a fresh clone in session 39; 16 s quiet)."""
    return dict(page.evaluate(OFFERED_JS, [CHOICES, wait_ms]))


def click_choice(page: Page, panel: dict[str, Any], position: int, wait_ms: int = 20_000) -> str:
    """Click the `position`-th of the choices `panel` (`offered`) showed, as a player's click reaches it;
    for a move, wait until the table has taken it: 'moved', 'step', 'error' or 'gone' (the panel
    changed first)."""
    return str(page.evaluate(CLICK_JS, [CHOICES, position, panel["choices"][position], panel["index"],
                                        wait_ms]))


def play_until_over(page: Page, rng: random.Random, max_clicks: int = 2000, timeout: float = 120.0) -> int:
    """Click random choices in the decision panel until the final result shows; the number of
    moves sent. Stops early (returning the count) after `max_clicks` clicks."""
    sent = 0
    clicks = 0
    deadline = time.monotonic() + timeout
    while clicks < max_clicks:
        assert time.monotonic() < deadline, f"no final result after {sent} moves"
        panel = offered(page, 30_000)
        assert not panel["alike"], f"choices a player cannot tell apart: {panel['alike']}"
        if panel["final"]:
            return sent
        outcome = click_choice(page, panel, rng.randrange(len(panel["choices"])), 30_000)
        if outcome == "gone":            # the panel re-rendered under the click: look again
            continue
        clicks += 1
        sent += outcome != "step"
    return sent


QUIET = {"pass", "end", "done", "decline", "discard_done", "blockers_done", "targets_done", "choices_done",
         "skip_ability", "idle"}


def choose_in_panel(page: Page, rng: random.Random,
                    favoured: Callable[[list[dict[str, Any]]], list[int]]) -> int | None:
    """One choice in the decision panel: a move sent, at random among `favoured(offered)` (the
    indexes, among the moves offered, to choose from), once the table has taken it (1); or, where
    the panel offers only steps into a choice, one of them opened at random (0); None once the
    game is over."""
    while True:
        panel = offered(page)
        assert not panel["alike"], f"choices a player cannot tell apart: {panel['alike']}"
        if panel["final"]:
            return None
        moves = [i for i, move in enumerate(panel["choices"]) if move is not None]
        if moves:
            chosen = moves[rng.choice(favoured([json.loads(panel["choices"][i]) for i in moves]))]
        else:
            chosen = rng.randrange(len(panel["choices"]))
        outcome = click_choice(page, panel, chosen)
        assert outcome != "error", f"the table refused {panel['choices'][chosen]}"
        if outcome != "gone":            # else the panel re-rendered under the click: look again
            return int(outcome == "moved")


def doing_something(offered: list[dict[str, Any]]) -> list[int]:
    """The moves that are not a pass or a finish (`QUIET`), or every move when there are none."""
    return [i for i, move in enumerate(offered) if move.get("kind") not in QUIET] or list(range(len(offered)))


def play_active(page: Page, rng: random.Random, moves: int) -> int:
    """Play up to `moves` moves through the decision panel, preferring doing something to passing
    (reaches board actions sooner); the number of moves sent (fewer when the game ended, or when
    a choice opened a step)."""
    sent = 0
    for _ in range(moves):
        chosen = choose_in_panel(page, rng, doing_something)
        if chosen is None:
            return sent
        sent += chosen
    return sent


def play_until(page: Page, rng: random.Random, reached: Locator | Callable[[], bool], most: int) -> bool:
    """Play one move at a time through the decision panel (`play_active`) until `reached` holds, a
    locator matching something on the page or a condition, at most `most` moves; whether it holds."""
    holds: Callable[[], bool] = (lambda: reached.count() > 0) if isinstance(reached, Locator) else reached
    for _ in range(most):
        if holds():
            return True
        play_active(page, rng, 1)
    return holds()


def record_frames(page: Page) -> list[str]:
    """Every WebSocket frame the page receives from now on, as text (for planted-marker checks).
    A state that came as a `view_delta` also gets the `view` it gives on its socket (the delta stays
    in the frame too), so that tests read whole views either way."""
    frames: list[str] = []

    def on_socket(ws: WebSocket) -> None:
        last_view: list[Any] = [None]

        def received(payload: str | bytes) -> None:
            text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
            try:
                message = json.loads(text)
            except ValueError:
                frames.append(text)
                return
            if isinstance(message, dict) and message.get("type") == "state":
                if "view_delta" in message and last_view[0] is not None:
                    message["view"] = apply_delta(last_view[0], message["view_delta"])
                    text = json.dumps(message)
                last_view[0] = message.get("view")
            frames.append(text)

        ws.on("framereceived", received)

    page.on("websocket", on_socket)
    return frames


def state_at(page: Page, frames: list[str], index: int, wait_ms: int = 10_000) -> dict[str, Any]:
    """The last state message with a view at `index` among the `frames` the page received
    (`record_frames`); waited for while the page's events are still on their way."""
    deadline = time.monotonic() + wait_ms / 1000
    while True:
        for text in reversed(frames):
            message = json.loads(text)
            if message.get("type") == "state" and message.get("index") == index and message.get("view"):
                return dict(message)
        assert time.monotonic() < deadline, f"no state message at index {index}"
        page.wait_for_timeout(50)
