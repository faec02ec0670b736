"""Moves and undo: the only code that changes a table's position.

A move is checked against the position in memory, written to the database (group commit: it waits
for the transaction that holds it) and only then applied in memory and pushed to everyone, so a
move is never announced and then lost. The database's (table, index) key settles a race with
another process: the loser catches up and is told `stale_index`.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from parlor.core import Move, NotYourTurn, ParlorError, StaleIndex, UndoRefused

from .errors import ApiError
from .fanout import RemoteMove
from .live import LiveTable
from .rows import FINISHED, OPEN, MoveWrite
from .seats import set_away

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("parlor.server")


async def submit(hub: Hub, table: LiveTable, seat: int | None, index: int, move: Any, by: str = "player",
                 epoch: int | None = None) -> None:
    """Validate and store one move, then push it.

    :raises StaleIndex: `index` is not the table's move count (or another move won the race).
    :raises NotYourTurn, BadMove, IllegalMove: nothing changes.
    """
    if seat is None:
        raise NotYourTurn("spectators cannot move", reason="spectator_move")
    async with table.lock:
        if table.problem or table.state is None or table.game is None:
            raise ApiError("bad_record", f"this table's record does not replay: {table.problem}")
        if table.status == OPEN:
            raise NotYourTurn("the game has not started: some seats are still open", reason="not_started")
        if table.status == FINISHED:
            raise NotYourTurn("the game is over", reason="game_over")
        if (epoch is not None and epoch != table.epoch) or index != table.index:
            raise StaleIndex(f"move index {index} is stale: the table is at move {table.index}",
                             reason="stale_index", index=index, current=table.index)
        if by == "player" and not table.plays_for_itself(seat):
            raise NotYourTurn("a bot plays this seat for you now: take the seat back first",
                              reason="bot_plays_seat")
        parsed = move if isinstance(move, Move) else table.game.move_from_json(move)
        before = table.state
        after = before.clone()
        try:
            events = after.play(seat, parsed)
            result = after.result().to_json() if after.is_over() else None
        except ParlorError:
            raise
        except Exception:
            log.exception("table %s: the %s engine failed on move %d (%s)", table.id, table.game.id,
                          index, parsed)
            raise ApiError("server_error", "the game engine failed on this move; it was not played") \
                from None
        move_json = parsed.to_json()
        write = MoveWrite(table.id, index, seat, move_json, by, result)
        if not await hub.moves_out.append(write):
            await hub.sync.sync_locked(table)
            hub.changed(table, publish=False)
            raise StaleIndex(f"move index {index} was taken by another move; the table is at move "
                             f"{table.index}", reason="stale_index", index=index, current=table.index)
        table.apply(seat, move_json, events, before, after, by, result)
        played = RemoteMove(index, table.epoch, seat, move_json, by)
    hub.changed(table, move=played)
    if by == "player" and table.seats[seat].away:
        await set_away(hub, table, seat, False)


async def undo(hub: Hub, table: LiveTable, seat: int) -> None:
    """Take back the last move, which must be `seat`'s own (BGA's rule: `undo_refusal`).

    :raises UndoRefused: with the sentence that says why not.
    """
    async with table.lock:
        reason = table.undo_refusal(seat)
        if reason is not None:
            raise UndoRefused(reason)
        keep = table.index - 1
        if not await hub.db(hub.storage.undo, table.id, table.index, keep):
            await hub.sync.sync_locked(table)
            raise StaleIndex(f"the table moved on to move {table.index}; ask again")
        table.row.epoch += 1
        if not table.take_back():
            await hub.sync.sync_locked(table)
    hub.changed(table)


__all__ = ["submit", "undo"]
