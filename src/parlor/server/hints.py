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

from .errors import ApiError
from .rows import RUNNING

if TYPE_CHECKING:
    from .hub import Hub
    from .live import LiveTable

LEVEL = "hard"


async def hint(hub: Hub, table: LiveTable, seat: int) -> dict[str, Any]:
    """The move the hard bot would choose for `seat` now, with the position it answers (`index`).
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
    move = await asyncio.shield(table.hint[1])
    return {"move": move.to_json(), "index": key[1], "level": LEVEL}
