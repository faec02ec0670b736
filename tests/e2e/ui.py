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


def finished_game(server: str, game: str, wait_seconds: float = 120.0) -> tuple[str, str, dict[str, Any]]:
    """A 2-player game of `game` played to its end for Ada by an easy bot (she joins seat 0, then
    hands it over), the other seat an easy bot: (table id, Ada's token, the finished table's info)."""
    seats = [{"kind": "open"}, {"kind": "bot", "level": "easy"}]
    # a game's first table on a fresh server is set up in a worker process that may still be
    # importing the games: seconds on a loaded machine, longer than httpx's default 5 s
    table = httpx.post(f"{server}/api/tables", json={"game": game, "players": 2, "options": {},
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


def play_until_over(page: Page, rng: random.Random, max_clicks: int = 2000, timeout: float = 120.0) -> int:
    """Click random choices in the decision panel until the final result shows; the number of
    moves sent. Stops early (returning the count) after `max_clicks` clicks."""
    sent = 0
    clicks = 0
    deadline = time.monotonic() + timeout
    final = page.locator("#final-result")
    while clicks < max_clicks:
        assert time.monotonic() < deadline, f"no final result after {sent} moves"
        page.wait_for_function(
            "s => document.querySelector('#final-result') || document.querySelector(s)", arg=CHOICES,
            timeout=30_000)
        if final.count():
            return sent
        buttons = page.locator(CHOICES)
        n = buttons.count()
        if n == 0:
            continue
        button = buttons.nth(rng.randrange(n))
        is_move = button.get_attribute("data-move") is not None
        index = page.locator(".table-page").get_attribute("data-index")
        try:
            button.click(timeout=2_000)
        except Exception:  # the panel re-rendered under the click: look again
            continue
        clicks += 1
        if is_move:
            sent += 1
            page.wait_for_function(
                "i => { const t = document.querySelector('.table-page');"
                " return !t || t.dataset.index !== i || document.querySelector('#final-result')"
                " || document.querySelector('#decision .error') }", arg=index, timeout=30_000)
    return sent


QUIET = {"pass", "end", "done", "decline", "discard_done", "blockers_done", "targets_done", "choices_done",
         "skip_ability", "idle"}


def choose_in_panel(page: Page, rng: random.Random,
                    favoured: Callable[[list[dict[str, Any]]], list[int]]) -> int | None:
    """One choice in the decision panel: a move sent, at random among `favoured(offered)` (the
    indexes, among the moves offered, to choose from), once the table has taken it (1); or, where
    the panel offers only steps into a choice, one of them opened at random (0); None once the
    game is over."""
    page.wait_for_function("s => document.querySelector(s) || document.querySelector('#final-result')",
                           arg=CHOICES, timeout=20_000)
    if page.locator("#final-result").count():
        return None
    moved = page.locator(f"{CHOICES}[data-move]")
    # one round trip for all the moves (a Trickerion placement offers some fifty choices)
    written: list[str] = moved.evaluate_all("buttons => buttons.map(b => b.dataset.move)")
    if not written:
        steps = page.locator(f"{CHOICES}.step")
        steps.nth(rng.randrange(steps.count())).click()
        return 0
    index = page.locator(".table-page").get_attribute("data-index")
    moved.nth(rng.choice(favoured([json.loads(move or "{}") for move in written]))).click()
    page.wait_for_function("i => document.querySelector('.table-page').dataset.index !== i",
                           arg=index, timeout=20_000)
    return 1


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
