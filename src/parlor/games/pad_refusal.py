"""Why a score pad refuses its facts, in a form every page language can word.

A refusal keeps the English sentence for the API (`message`) and adds a stable `reason` code with its
`params`, the pad's entry concerned (`field`: the id of a row or field of the pad's form) and the
player (`player`, from 0) when it concerns one. Each game's words for its reasons are the
`[ui] tool_refused_<reason>` keys of its catalogs; the reasons every pad shares (SHARED) are worded
by the page's own catalogs.
"""

from __future__ import annotations

from typing import Any

from parlor.core import BadScenario, Game

SHARED = ("player_count", "unscorable")


class PadRefusal(BadScenario):
    """Impossible facts on a score pad, with the reason code, its parameters and where it applies."""

    def __init__(self, reason: str, message: str, *, field: str | None = None, player: int | None = None,
                 **params: Any) -> None:
        super().__init__(message)
        self.reason = reason
        self.params = params
        self.field = field
        self.player = player

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "params": dict(self.params), "field": self.field,
                "player": self.player}


def need(cond: bool, reason: str, message: str, *, field: str | None = None, player: int | None = None,
         **params: Any) -> None:
    """Refuse the facts as `reason` unless `cond` holds."""
    if not cond:
        raise PadRefusal(reason, message, field=field, player=player, **params)


def seated_players(game: Game[Any], facts: dict[str, Any]) -> list[Any]:
    """The facts' rows of players, refused as `player_count` unless the game is for that many."""
    players: list[Any] = facts["players"]
    low, high, n = game.min_players, game.max_players, len(players)
    need(low <= n <= high, "player_count", f"{game.title} is for {low} to {high} players, not {n}",
         field="count", min=low, max=high, n=n)
    return players
