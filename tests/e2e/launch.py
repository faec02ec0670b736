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
from parlor.games.starroad import StarRoad, StarRoadState
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


class MarkedStarRoadState(StarRoadState):
    """Star Road whose every view is built from a copy in which all a seat may not see (others'
    face-down factions and characters, their unused objects' numbers) is a planted marker `§Hn§`: a
    hidden value that reached the page or a frame would show as one."""

    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        copy = StarRoadState.clone(self)
        copy.plant_markers(seat)
        return StarRoadState.view(copy, seat)

    def clone(self) -> StarRoadState:
        copy = StarRoadState.clone(self)
        copy.__class__ = MarkedStarRoadState
        return copy


class MarkedStarRoad(StarRoad):
    """Star Road (same id) playing the true game but showing each seat marked views."""

    def _setup(self, players: int, seed: int, options: Any) -> StarRoadState:
        state = super()._setup(players, seed, options)
        state.__class__ = MarkedStarRoadState
        return state

    def catalogs(self) -> dict[str, Catalog]:
        return StarRoad().catalogs()

    def rules_text(self, lang: str) -> str:
        return StarRoad().rules_text(lang)


if __name__ == "__main__":
    register(SealedBids())
    register(MarkedBids())
    if os.environ.get("PARLOR_E2E_MARKED_SKYRISE") == "1":
        register(MarkedSkyrise())
    register(MarkedStarRoad())
    main(sys.argv[1:])
