"""The table page reconnects by itself: the server is killed and started again on the same port
and database; the page shows that it is reconnecting, then plays on from where it was."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import Server
from .ui import CHOICES, create_table, wait_until_only_seat_decides

pytestmark = pytest.mark.timeout(120)


def test_page_reconnects_after_a_server_crash(page: Page, built_client: Path, tmp_path: Path) -> None:
    with Server(tmp_path) as server:
        table = create_table(page, server.url, "sealed_bids", 2, ["easy"])
        expect(page.locator("#connection.on")).to_be_visible()
        wait_until_only_seat_decides(page, server.url, table)
        page.locator(f"{CHOICES}[data-move]").first.click()
        # the crash comes while the table waits for Ada alone: no bot's move is lost with it, or made
        # after the restart, so the page must come back to this very position
        index = wait_until_only_seat_decides(page, server.url, table)
        assert server.proc is not None
        os.kill(server.proc.pid, signal.SIGKILL)
        server.proc.wait(10)
        expect(page.locator("#connection.off")).to_be_visible()
        server.start()
        expect(page.locator("#connection.on")).to_be_visible(timeout=15_000)
        expect(page.locator(f".table-page[data-index='{index}']")).to_be_visible()
        page.locator(f"{CHOICES}[data-move]").first.click()
        page.wait_for_function("i => document.querySelector('.table-page').dataset.index !== i",
                               arg=str(index))
