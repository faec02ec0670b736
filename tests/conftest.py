"""Shared test set-up: the test-only fixture game is registered for every test."""

from __future__ import annotations

import pytest

from fixturegames.sealed_bids import SealedBids
from parlor.core import register

register(SealedBids())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests run last: Playwright's sync API keeps an event loop running in the main
    thread for the rest of the session, which asyncio tests cannot share."""
    items.sort(key=lambda item: "tests/e2e/" in item.nodeid or item.nodeid.startswith("e2e/"))
