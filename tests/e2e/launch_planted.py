"""Starts the browser tests' server (launch.py) with Trickerion views built from planted copies:
before each view is built, every value hidden from its seat is overwritten with a marker number
(`State.plant_markers`, 9000001, ...), so a browser test can look for them in the page and in the
WebSocket frames. Play itself (legal moves, bots, events) runs on the true position."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from launch import MarkedBids, SealedBids

from parlor.core import register
from parlor.games.trickerion.state import TrickerionState
from parlor.server.__main__ import main

_true_view = TrickerionState.view


def planted_view(state: TrickerionState, seat: int | None) -> dict[str, Any]:
    """The seat's view of a copy whose hidden values are all markers (TR-24)."""
    copy = state.clone()
    copy.plant_markers(seat)
    return _true_view(copy, seat)


if __name__ == "__main__":
    TrickerionState.view = planted_view  # type: ignore[method-assign]
    register(SealedBids())
    register(MarkedBids())
    main(sys.argv[1:])
