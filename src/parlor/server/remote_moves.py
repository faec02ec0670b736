"""A move another process stored, played here from the position this process holds.

The other process checked the move, stored it and published it (`fanout.RemoteMove`); a process
that holds the table at exactly the move's index and epoch plays it with the engine as `extend`
plays moves read back from the database, and pushes the new position to its own connections, each
seat's view built here from that position. Anything it is not sure of is left to a read of the
database, which stays the truth: a gap in the indices, an undo in between (another epoch), a table
without a position, a move that does not parse or does not play here.
"""

from __future__ import annotations

import logging
from typing import Literal

from .fanout import RemoteMove
from .live import LiveTable
from .rows import RUNNING

log = logging.getLogger("parlor.server")

# what became of a remote move: played here; already held (a read of the database brought it);
# or not sure (read the database)
Taken = Literal["played", "held", "unsure"]
PLAYED: Taken = "played"
HELD: Taken = "held"
UNSURE: Taken = "unsure"


def play_remote_move(table: LiveTable, move: RemoteMove) -> Taken:
    """Play `move` on `table` if it follows the position held here. Hold `table.lock`."""
    if move.epoch == table.epoch and move.index < table.index:
        return HELD  # same record, already past it: a read of the database brought it
    game, before = table.game, table.state
    if (move.epoch != table.epoch or move.index != table.index or table.problem or before is None
            or game is None or table.status != RUNNING or move.seat >= table.row.players):
        return UNSURE
    after = before.clone()
    try:
        parsed = game.move_from_json(move.move)
        events = after.play(move.seat, parsed)
        result = after.result().to_json() if after.is_over() else None
        stored = parsed.to_json()
    except Exception as err:  # a message we cannot trust: the database says what happened
        log.warning("table %s: move %d from another process does not play here (%s); reading the "
                    "table", table.id, move.index, err)
        return UNSURE
    table.apply(move.seat, stored, events, before, after, move.by, result)
    return PLAYED


__all__ = ["HELD", "PLAYED", "UNSURE", "Taken", "play_remote_move"]
