"""One table's state drawn by two client builds, compared pixel by pixel: a board's rework draws the same.

Plays a table through the page on a server serving the first build (this page in seat 1, random bots
in the others), stops it at one of the page's decisions, then for each build starts a server on the
same data and port (the same origin, so the page's seat claim holds), opens the table at that state
and shoots `#board` at 1280 x 900 and 390 x 844 in en, zh_TW and es (the decision panel, which floats
over the board's top once scrolled, is hidden for that shot; the full page is shot too, to look at).
Prints for each shot whether the two builds' boards are identical, else the box where they differ.
Screenshots of separate games (the bots are random) differ anyway; one state shot twice does not.
`python bench/board_shots.py --static /tmp/main --static src/parlor/server/static --out /tmp/shots
--tables starroad:4:20,skyrise:3:30` (game:players:moves for Ada).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops
from playwright.sync_api import Browser, ViewportSize, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from e2e.conftest import CHROMIUM, CHROMIUM_ARGS, Server  # noqa: E402
from e2e.ui import CHOICES, create_table, play_active  # noqa: E402
from server.procs import free_port  # noqa: E402

SIZES: dict[str, ViewportSize] = {"desk": {"width": 1280, "height": 900},
                                  "phone": {"width": 390, "height": 844}}
LANGS = ("en", "zh_TW", "es")


def play(browser: Browser, data: Path, port: int, build: Path, game: str, players: int, moves: int,
         seed: int) -> tuple[str, str, Any]:
    """The table played up to one of the page's decisions: its address, the page's state index, and
    the browser storage that holds the page's seat claim."""
    with Server(data, port=port, env={"PARLOR_STATIC_DIR": str(build)}) as server:
        context = browser.new_context(locale="en-US", viewport=SIZES["desk"])
        page = context.new_page()
        create_table(page, server.url, game, players, ["random"] * (players - 1))
        play_active(page, random.Random(seed), moves)
        page.wait_for_selector(CHOICES, timeout=60_000)
        time.sleep(2)  # the bots' turns that a decision of the page's does not wait for
        index = page.locator(".table-page").get_attribute("data-index") or ""
        address, claim = page.url, context.storage_state()
        context.close()
    return address, index, claim


def shoot(browser: Browser, data: Path, port: int, build: Path, address: str, index: str, claim: Any,
          out: Path, stem: str) -> None:
    """The table at `index` as `build` draws it, in each language and window size."""
    with Server(data, port=port, env={"PARLOR_STATIC_DIR": str(build)}):
        for lang in LANGS:
            for size, viewport in SIZES.items():
                context = browser.new_context(storage_state=claim, viewport=viewport, locale="en-US",
                                              reduced_motion="reduce")
                page = context.new_page()
                page.goto(address)
                page.wait_for_selector(f".table-page[data-index='{index}']", timeout=30_000)
                page.select_option("#lang-select", lang)
                page.mouse.move(1, 1)  # no tooltip open
                time.sleep(1.5)
                page.screenshot(path=str(out / f"{stem}-{lang}-{size}-page.png"), full_page=True)
                page.evaluate("() => { document.querySelector('.area-status').style.visibility = 'hidden' }")
                time.sleep(0.3)
                page.locator("#board").screenshot(path=str(out / f"{stem}-{lang}-{size}-board.png"))
                context.close()


def difference(a: Path, b: Path) -> str:
    first, second = Image.open(a).convert("RGB"), Image.open(b).convert("RGB")
    if first.size != second.size:
        return f"differ in size: {first.size} against {second.size}"
    box = ImageChops.difference(first, second).getbbox()
    return "identical" if box is None else f"differ within {box}"


def compare(browser: Browser, builds: tuple[Path, Path], table: str, seed: int, out: Path) -> None:
    """One table (`game:players:moves`) played on the first build, then shot with both and compared."""
    game, players, moves = table.split(":")
    data, port = Path(tempfile.mkdtemp()), free_port()
    address, index, claim = play(browser, data, port, builds[0], game, int(players), int(moves), seed)
    for name, build in zip(("a", "b"), builds, strict=True):
        shoot(browser, data, port, build, address, index, claim, out, f"{game}{players}-{name}")
    for lang in LANGS:
        for size in SIZES:
            shots = [out / f"{game}{players}-{name}-{lang}-{size}-board.png" for name in ("a", "b")]
            print(f"{game} {players} players, state {index}, {lang} {size}: {difference(*shots)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--static", action="append", required=True, help="a client build (give two)")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--tables", default="starroad:4:20,skyrise:3:30", help="game:players:moves,...")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    first, second = (Path(s).resolve() for s in args.static)
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for table in args.tables.split(","):
                compare(browser, (first, second), table, args.seed, args.out)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
