"""Play again: a finished table's players ask for the same game once more.

The first player to ask opens the next table: the same game, options, players and clock, each bot's
seat a bot of the same level, each player's seat open for that player (the same seat number, so an
invite to "your seat" is the seat they had). The finished table then names it (`next` in its summary
and state), so everyone at it, watchers included, sees where the next game is; anyone who asks after
that gets the same table. The one who opened it gets its host token, as a table's creator does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import bots
from .errors import ApiError
from .rows import FINISHED, SeatRow

if TYPE_CHECKING:
    from .hub import Hub
    from .live import LiveTable


async def play_again(hub: Hub, table: LiveTable, seat: int) -> dict[str, Any]:
    """The next table's id, opened now unless it already was (`host_token` only then).
    :raises ApiError: the game is not over, or `seat` is not a player's."""
    if table.status != FINISHED:
        raise ApiError("forbidden", "a table is played again once its game is over")
    if table.seats[seat].kind != "human":
        raise ApiError("forbidden", "only a player of the finished game may open the next one")
    async with table.lock:
        if table.row.next_table is not None:
            return {"table": table.row.next_table, "host_token": None}
        row = table.row
        opened, host_token = await hub.setup.create(row.game, row.players, row.options,
                                                    [_seat_again(s) for s in table.seats], row.clock)
        recorded = await hub.db(hub.storage.set_next_table, table.id, opened.id)
    await hub.sync.reseat(table)  # re-read the row that now names the next table; tell everyone
    if recorded != opened.id:  # another server process opened one first: that is the next table
        return {"table": recorded, "host_token": None}
    return {"table": opened.id, "host_token": host_token}


def _seat_again(seat: SeatRow) -> tuple[str, str]:
    """A bot's seat stays a bot of its level; a player's (or an open) seat is open for its player."""
    return ("bot", seat.level or bots.DEFAULT_LEVEL) if seat.kind == "bot" else ("open", bots.DEFAULT_LEVEL)
