"""Browser tests: one real server process (its own SQLite in a temporary folder, loopback only)
for the whole session, driven by Debian's Chromium through Playwright (ENVIRONMENT.md section 4).
The client is built first if needed (`make web`); screenshots for review go to test-artifacts/
under `make shots` (`ui.for_review`)."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from server.procs import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
LAUNCH = Path(__file__).with_name("launch.py")
ARTIFACTS = ROOT / "test-artifacts" / "e2e"
# Debian's old headless shell (package chromium-headless-shell, the same Blink as `chromium`): the
# browser tests measured 2.4 times less CPU in it than in the full browser's headless mode, whose
# browser process draws a whole window with its own web UI. The full browser serves where it is absent.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM = HEADLESS_SHELL if Path(HEADLESS_SHELL).exists() else "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                 "--no-first-run", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-default-apps", "--disable-extensions"]


# How long an `expect` waits for the page to show what it checks: Playwright's 5 s is short on this
# machine's two cores at a load of 8 to 20. What is checked is the same; only a failure takes longer
# to report.
expect.set_options(timeout=15_000)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if not Path(CHROMIUM).exists() or shutil.which("npm") is None:
        skip = pytest.mark.skip(reason=f"browser tests need {CHROMIUM} and npm (see ENVIRONMENT.md)")
        for item in items:
            if "e2e" in item.nodeid.split("/"):
                item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser(browser: Browser) -> Browser:
    """Playwright's browser, whose contexts and pages ask for reduced motion unless a test asks for
    something else, as a player's system may (TABLE.md): the boards' pieces do not slide, fade or turn
    over for a third of a second at each state. Drawn without a graphics card, those frames were a third
    of the renderer's work in a board test whose bots move all the time (Dark Alley at 3 players: 35 ->
    22 CPU-s), and what the tests read (attributes, text, boxes) waits for no animation.
    test_table_features' animation test asks for motion on each game's board and checks that pieces move.
    (Chromium's --force-prefers-reduced-motion is not honoured by the headless shell.)"""
    open_context, open_page = browser.new_context, browser.new_page

    def new_context(**options: Any) -> BrowserContext:
        return open_context(**{"reduced_motion": "reduce", **options})

    def new_page(**options: Any) -> Page:
        return open_page(**{"reduced_motion": "reduce", **options})

    browser.new_context = new_context  # type: ignore[method-assign]
    browser.new_page = new_page  # type: ignore[method-assign]
    return browser


@pytest.fixture(scope="session")
def built_client() -> Path:
    """The client's build in the server's static folder (built here when missing or stale)."""
    subprocess.run(["make", "-s", "web"], cwd=ROOT, check=True, capture_output=True)
    static = ROOT / "src" / "parlor" / "server" / "static"
    assert (static / "index.html").is_file()
    return static


# One browser on one address opens every table: the per-address limits (tested in
# tests/server/test_attacks.py) are lifted.
BROWSER_SETTINGS = {
    "PARLOR_BOT_DELAY": "0", "PARLOR_TICK_SECONDS": "0.2", "PARLOR_BOT_SECONDS": "0.5",
    "PARLOR_WS_RATE": "500", "PARLOR_WS_BURST": "500", "PARLOR_WS_PER_ADDRESS": "1000",
    **{f"PARLOR_{kind}_BURST": "100000" for kind in ("HTTP", "READ", "HEAVY", "CREATE", "JOIN")}}


class Server(ServerProcess):
    """The test server process (launch.py, or another `launch` script) on `port`, with its SQLite
    file in `data`; stopped when its `with` block ends."""

    def __init__(self, data: Path, port: int | None = None, env: dict[str, str] | None = None,
                 launch: Path = LAUNCH) -> None:
        # forked from the process that imported the server once (tests/server/zygote.py): about 0.5
        # CPU-s a start instead of 2.5-3, and the crash tests start theirs twice
        super().__init__(data, ["--data-dir", str(data)], env, port, script=launch, settings=BROWSER_SETTINGS)

    def __enter__(self) -> Server:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


@pytest.fixture(scope="session")
def server(built_client: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`parlor serve` with the fixture games, on a free loopback port; yields its base URL."""
    with Server(tmp_path_factory.mktemp("e2e-server")) as running:
        yield running.url


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
