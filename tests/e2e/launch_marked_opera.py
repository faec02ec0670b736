"""Starts a test server whose Opera plants a marker in each seat's hidden ducats (OP-15.1):
`python launch_marked_opera.py --port N --data-dir D`.

Seat k starts with `money_marker(k)` ducats (9 00k 500): every amount the seat holds during a test
stays a 7-digit number 900k??? that no public value reaches, so finding another seat's number in a
page or a WebSocket frame means its money leaked. The game keeps the id `opera` so that the browser
draws it with Opera's own board; it runs in its own server, never beside the real Opera.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parlor.core import register
from parlor.core.text import Catalog
from parlor.games.opera.game import Opera
from parlor.games.opera.options import OperaOptions
from parlor.games.opera.state import OperaState
from parlor.server.__main__ import main


def money_marker(seat: int) -> int:
    return 9_000_500 + 1_000 * seat


class MarkedOpera(Opera):
    """Opera with planted markers as every seat's ducats."""

    def _setup(self, players: int, seed: int, options: OperaOptions) -> OperaState:
        state = super()._setup(players, seed, options)
        for seat in range(players):
            state.money[seat] = money_marker(seat)
        return state

    def catalogs(self) -> dict[str, Catalog]:
        return Opera().catalogs()

    def rules_text(self, lang: str) -> str:
        return Opera().rules_text(lang)


# the server and its workers (which run this file as "__parlor_games__") play the marked Opera
if __name__ in ("__main__", "__parlor_games__"):
    register(MarkedOpera())
if __name__ == "__main__":
    main(sys.argv[1:])
