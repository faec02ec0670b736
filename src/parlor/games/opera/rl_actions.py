"""The action catalogue for parlor.rl (OP-17): every value each move field can take.

Ids come from the game's data; numbers from its rules (rule IDs cited). Where a rule lets a count
grow with the position, the bound used is named in a comment and in docs/rl.md.
"""

from __future__ import annotations

from typing import Any

from parlor.rl.actions import KindActions, axis, joint, kind

from .board import CITIES, COMPOSERS, PART_KINDS, ROLES
from .data import DATA


def action_catalogue(players: int, options: Any) -> list[KindActions]:
    halls = [(c.id, h) for c in DATA.cities for h in range(1, c.max_halls + 1)]
    parts = tuple(dict.fromkeys(part for kinds in PART_KINDS for part in kinds))   # main first
    return [
        kind("bid", axis("amount", range(DATA.max_bid + 1))),           # OP-6.2: 0..10
        kind("role", axis("role", ROLES)),
        kind("pass"),
        kind("buy", axis("composer", COMPOSERS)),
        kind("done"),
        kind("store", joint(("city", "hall"), halls)),
        kind("place", axis("piece", (*COMPOSERS, "house")), joint(("city", "hall"), halls)),
        kind("build", axis("city", CITIES), axis("part", parts)),
        kind("sell", axis("composer", COMPOSERS),
             joint(("source", "hall"), [("supply", 0), *halls]), axis("reward", ("ducats", "vp"))),
        kind("follow"),
        kind("decline"),
        kind("destination", axis("city", CITIES)),
        kind("fame", axis("composer", COMPOSERS), axis("steps", (-2, -1, 1, 2))),   # OP-9.5.2
        kind("score"),
    ]
