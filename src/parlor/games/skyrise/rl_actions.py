"""The action catalogue for parlor.rl (SK-14): every value each move field can take.

Ids come from the game's data; numbers from its rules (rule IDs cited). Where a rule lets a count
grow with the position, the bound used is named in a comment and in docs/rl.md.
"""

from __future__ import annotations

from typing import Any

from parlor.rl.actions import KindActions, axis, kind

from .data import DATA

BOOLS = (False, True)


def action_catalogue(players: int, options: Any) -> list[KindActions]:
    buildings = tuple(dict.fromkeys(p for p in DATA.pieces.ids if p != "wonder"))
    places = tuple(n.id for n in DATA.board.neighborhoods)
    return [
        kind("open", axis("piece", (*buildings, "wonder")), axis("at", places)),
        kind("raise", axis("building", buildings), axis("at", places)),
        kind("wonder_bid", axis("at", places)),
        kind("pass"),
        kind("hammer_answer", axis("at", places)),
        kind("decline"),
        kind("assign_wild", axis("colour", DATA.board.colours)),
        kind("keep_wonder", axis("card", tuple(w.id for w in DATA.wonders))),
        kind("kahn_reveal", axis("reveal", BOOLS)),
        kind("vault_take", axis("at", places)),
    ]
