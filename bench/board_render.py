"""Browser benchmark: the page's work per state while a game is played, for client builds compared.

Starts one test server per client build (`--static DIR`, each a `make web` output kept aside), and
plays the same scripted games on each, alternating builds within every round: Trickerion tables with
the Dark Alley at 3 and 4 players, Star Road tables at 4 and 8, Skyrise and Opera tables at 3 and 4
(`--games` picks some), this page in seat 1 and random bots in the others. Moves are chosen through
the decision panel by a seeded generator (tests/e2e/ui.py); the bots are random, so the games differ
between builds: figures are per state the page drew.

Around each game, Chromium's `Performance.getMetrics` (CDP) gives the renderer's busy time
(TaskDuration), script, layout and style recalculation; divided by the number of states the page
received. Prints medians over the rounds; never asserts.
`python bench/board_render.py --static /tmp/before --static src/parlor/server/static [--rounds 3]`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from e2e.conftest import CHROMIUM, CHROMIUM_ARGS, Server  # noqa: E402
from e2e.ui import CHOICES, choose_in_panel, doing_something  # noqa: E402

METRICS = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration")


def open_table(page: Page, base: str, game: str, players: int, options: dict[str, Any]) -> None:
    """A table with this page in seat 1 and random bots in the others (created through the API)."""
    seats = [{"kind": "open"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
    table = httpx.post(f"{base}/api/tables", json={"game": game, "players": players, "options": options,
                                                   "seats": seats, "clock": None}, timeout=30).json()
    joined = httpx.post(f"{base}/api/tables/{table['id']}/seats/0/join", json={"name": "Ada"},
                        timeout=30).json()
    page.goto(f"{base}/#/")
    claim = json.dumps({"seat": 0, "token": joined["token"], "name": "Ada"})
    page.evaluate("([key, claim]) => localStorage.setItem(key, claim)", [f"parlor.seat.{table['id']}", claim])
    page.goto(f"{base}/#/t/{table['id']}")
    page.wait_for_selector(CHOICES, timeout=60_000)


def metrics(session: Any) -> dict[str, float]:
    found = session.send("Performance.getMetrics")["metrics"]
    return {m["name"]: float(m["value"]) for m in found if m["name"] in METRICS}


STATES_JS = """() => { window.__states = 0; const t = document.querySelector('.table-page');
  new MutationObserver(() => { window.__states += 1 })
    .observe(t, {attributes: true, attributeFilter: ['data-index']}) }"""


def play(browser: Browser, base: str, game: str, players: int, options: dict[str, Any], decisions: int,
         seed: int, viewport: ViewportSize) -> dict[str, float]:
    """One scripted game: the renderer's work (ms) per state received while `decisions` are made."""
    context = browser.new_context(locale="en-US", viewport=viewport)
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("Performance.enable", {"timeDomain": "threadTicks"})
    open_table(page, base, game, players, options)
    page.evaluate(STATES_JS)
    before = metrics(session)
    rng = random.Random(seed)
    made = 0
    while made < decisions:
        chosen = choose_in_panel(page, rng, doing_something)
        if chosen is None:
            break
        made += chosen
    page.wait_for_timeout(300)
    after = metrics(session)
    states = int(page.evaluate("() => window.__states"))
    context.close()
    out = {name: (after[name] - before[name]) * 1000 / max(states, 1) for name in METRICS}
    out["states"] = states
    return out


GAMES: dict[str, tuple[str, int, dict[str, Any]]] = {
    "trickerion-dark-3": ("trickerion", 3, {"dark_alley": True}),
    "trickerion-dark-4": ("trickerion", 4, {"dark_alley": True, "beginner_setup": True}),
    "starroad-4": ("starroad", 4, {}),
    "starroad-8": ("starroad", 8, {}),
    "skyrise-3": ("skyrise", 3, {}),
    "skyrise-4": ("skyrise", 4, {}),
    "opera-3": ("opera", 3, {}),
    "opera-4": ("opera", 4, {}),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--static", action="append", required=True, help="a client build (repeat to compare)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=24)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--phone", action="store_true", help="a 390 x 844 window instead of 1280 x 900")
    args = parser.parse_args()
    viewport: ViewportSize = {"width": 390, "height": 844} if args.phone else {"width": 1280, "height": 900}
    builds = [Path(s).resolve() for s in args.static]
    results: dict[tuple[str, str], list[dict[str, float]]] = {}
    print(f"load average at start: {os.getloadavg()}", flush=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        servers = [Server(Path(tmp) / f"build{i}", env={"PARLOR_STATIC_DIR": str(build)})
                   for i, build in enumerate(builds)]
        for i, server in enumerate(servers):
            (Path(tmp) / f"build{i}").mkdir()
            server.start()
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for round_ in range(args.rounds):
                for name in args.games.split(","):
                    game, players, options = GAMES[name]
                    order = list(range(len(builds)))
                    for i in order if round_ % 2 == 0 else order[::-1]:  # alternating which build goes first
                        found = play(browser, servers[i].url, game, players, options, args.decisions, round_,
                                     viewport)
                        results.setdefault((name, str(builds[i])), []).append(found)
                        cells = ", ".join(f"{k} {v:.1f}" for k, v in found.items())
                        print(f"round {round_} {name} {builds[i]}: {cells}", flush=True)
        finally:
            browser.close()
            for server in servers:
                server.stop()
    print(f"load average at end: {os.getloadavg()}")
    print("medians, ms per state:")
    for (name, build), runs in results.items():
        cells = ", ".join(f"{k} {statistics.median(r[k] for r in runs):.1f}" for k in (*METRICS, "states"))
        print(f"  {name:18} {build}: {cells}")


if __name__ == "__main__":
    main()
