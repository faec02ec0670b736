"""Hints for a player learning a game against bots: what the hard bot would play in their place.

A hint is given only at a table where every other seat is a bot (between people it would be a
third player's advice), only to the player who must decide, and only on what that player knows:
the bot thinks on a position redetermined from the seat's view (`BotRunner.suggest`). Thinking
costs a bot's budget on a bot thread, so each position gets one hint per seat, shared by every
request for it.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from parlor.ai.hints import HINT_LEVEL

from .errors import ApiError
from .rows import RUNNING

if TYPE_CHECKING:
    from .hub import Hub
    from .live import LiveTable

LEVEL = HINT_LEVEL


async def hint(hub: Hub, table: LiveTable, seat: int) -> dict[str, Any]:
    """The move the hard bot would choose for `seat` now, with the position it answers (`index`)
    and how its search divided (`weighed`: its move and the choices that stood out, with their
    shares; or `spread`: over how many choices, where none stood out).
    :raises ApiError: the table is not one against bots, or `seat` does not decide now."""
    if any(s.kind != "bot" for s in table.seats if s.seat != seat):
        raise ApiError("forbidden", "hints are given at tables where every other seat is a bot")
    if table.status != RUNNING or table.state is None or table.game is None or seat not in table.actors():
        raise ApiError("forbidden", "a hint is for the player who must decide now")
    key = (table.epoch, table.index, seat)
    if table.hint is None or table.hint[0] != key:
        runner = hub.bots.runner
        thinking = runner.suggest(table.game, table.state, seat, LEVEL, table.row.seed, table.index)
        table.hint = (key, asyncio.ensure_future(thinking))
    given = await asyncio.shield(table.hint[1])
    return {"move": given.move.to_json(), "index": key[1], "level": LEVEL,
            "weighed": [{"move": move.to_json(), "share": share} for move, share in given.weighed],
            "spread": given.spread}
