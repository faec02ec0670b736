"""Starts the server for the browser tests: `python launch.py --port N --data-dir D`.

Registers the test-only fixture game, and `marked_bids`: Sealed Bids whose every hidden value
(each hand, the deck, the prize pile) is a planted marker from `State.plant_markers`, so the
browser tests can look for another seat's hidden cards in the page and in the WebSocket frames.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fixturegames.sealed_bids import SealedBids, SealedBidsState
from parlor.core import register
from parlor.core.text import Catalog
from parlor.games.skyrise.game import Skyrise
from parlor.games.skyrise.state import SkyriseState
from parlor.server.__main__ import main


class MarkedBids(SealedBids):
    """Sealed Bids with planted markers in place of every card nobody may see yet."""

    id = "marked_bids"
    title = "Marked Bids"
    description = "Sealed Bids with planted marker cards (browser tests only)."

    def _setup(self, players: int, seed: int, options: Any) -> SealedBidsState:
        state = super()._setup(players, seed, options)
        state.plant_markers(None)
        return state

    def catalogs(self) -> dict[str, Catalog]:
        return SealedBids().catalogs()


class MarkedSkyrise(Skyrise):
    """Skyrise whose four patron values are planted markers (9000001..9000004): a seat's page may
    show one only once that seat holds a disc of that letter (SK-6.2). It takes Skyrise's place
    on a server started with PARLOR_E2E_MARKED_SKYRISE=1 (tests/e2e/test_board_skyrise.py)."""

    def _setup(self, players: int, seed: int, options: Any) -> SkyriseState:
        state = super()._setup(players, seed, options)
        state.patron_values = [9_000_001 + i for i in range(len(state.patron_values))]
        return state

    def catalogs(self) -> dict[str, Catalog]:
        return Skyrise().catalogs()

    def rules_text(self, lang: str) -> str:
        return Skyrise().rules_text(lang)


if __name__ == "__main__":
    register(SealedBids())
    register(MarkedBids())
    if os.environ.get("PARLOR_E2E_MARKED_SKYRISE") == "1":
        register(MarkedSkyrise())
    main(sys.argv[1:])
