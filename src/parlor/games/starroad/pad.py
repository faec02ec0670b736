"""The score pad: who won a game of Star Road played on a real table, from its end state.

The players type each character's faction card (from the player count's row, SR-3.2), whether it
is still alive and its HP. The scenario builder makes the position and the engine decides as at
the online table: if every living character is of one team, that team wins (SR-3.5, SR-3.6);
otherwise the game ended at the round limit and the team with the most total HP among its living
characters wins, a shared highest total being a draw (SR-23.2).
"""

from __future__ import annotations

from typing import Any

from parlor.core import BadScenario, Result

from .rules.common import check_end, round_limit_end
from .scoring import result

OPTIONS = ("team_mode",)
RESOURCE_MARKERS = 256          # SR-0.6 components: 64 x 4 resource markers in the box


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise BadScenario(message)


def score(facts: dict[str, Any]) -> Result:
    """SR-3.5 / SR-23.2: the winners (1 each, 0.5 each in a draw) with the reason.
    :raises BadScenario: impossible facts."""
    from . import GAME
    players = facts["players"]
    n = len(players)
    _need(GAME.min_players <= n <= GAME.max_players,
          f"Star Road is for {GAME.min_players} to {GAME.max_players} players, not {n}")
    living = [i for i, p in enumerate(players) if p.get("alive", True)]
    _need(bool(living), "at least one character is still alive at the end (SR-3.5)")
    _need(all(players[i].get("hp", 0) >= 1 for i in living), "a living character has HP 1 or more (SR-25.3)")
    _need(sum(players[i].get("hp", 0) for i in living) <= RESOURCE_MARKERS,
          f"the box holds {RESOURCE_MARKERS} resource markers for every HP")
    options = {k: v for k, v in facts.get("options", {}).items() if k in OPTIONS}
    seats = [{"hp": p.get("hp", 1) if p.get("alive", True) else 1, "alive": bool(p.get("alive", True))}
             for p in players]
    spec = {"players": n, "seed": 0, "options": options, "factions": [p.get("faction") for p in players],
            "first": living[0], "active": living[0], "seats": seats}
    state = GAME.scenario(spec)
    check_end(state)
    if not state.over:
        round_limit_end(state)
    return result(state)
