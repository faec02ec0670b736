"""Shared test set-up: the test-only fixture game is registered for every test, and whatever a test
saves (the terminal's games, a server's default data) goes to a temporary data folder, never the
user's."""

from __future__ import annotations

from pathlib import Path

import pytest

from fixturegames.sealed_bids import SealedBids
from parlor.core import register

register(SealedBids())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests run last: Playwright's sync API keeps an event loop running in the main
    thread for the rest of the session, which asyncio tests cannot share."""
    items.sort(key=lambda item: "tests/e2e/" in item.nodeid or item.nodeid.startswith("e2e/"))


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temporary XDG data folder for the test and the commands it runs: `parlor play` saved the
    games of tests outside tests/cli into the user's own saves (`parlor games --saved` listed
    them)."""
    folder = tmp_path / "xdg-data"
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    return folder
