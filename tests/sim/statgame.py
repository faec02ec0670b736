"""A test-only game for studies: Sealed Bids that declares statistics of every shape.

Registered in every worker with the plugin spec `PLUGIN` (tests/ is on the path of pytest, of the
processes it spawns, and of Ray workers started by tests/sim/test_ray.py).
"""

from __future__ import annotations

from typing import Any

from fixturegames.sealed_bids import SealedBids, SealedBidsState
from parlor.core.text import Catalog

PLUGIN = "sim.statgame:StatBids"


class StatBids(SealedBids):
    id = "stat_bids"
    title = "Sealed Bids with statistics"

    def catalogs(self) -> dict[str, Catalog]:
        """Sealed Bids' words: this game adds statistics, not text (its own folder has no `text/`,
        and once a test registers it, `parlor games` in the same process reads every game's)."""
        return SealedBids().catalogs()

    def statistics(self, state: SealedBidsState) -> dict[str, Any]:
        seats = range(state.players)
        return {
            "points": list(state.points),                                         # per seat, numbers
            "hand_parity": ["odd" if sum(state.hands[s]) % 2 else "even" for s in seats],  # category
            "cards_left": [[f"c{c}" for c in sorted(state.hands[s])] for s in seats],   # items held
            "tally": [{"points": state.points[s], "cards": len(state.hands[s])} for s in seats],
            "rounds": state.round,                                                # whole game, number
            "last_top_bid": str(max(state.last_bids, default=0)),                 # whole game, category
        }
