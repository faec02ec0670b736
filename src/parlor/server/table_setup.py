"""Opening a table: its options checked, its opening position set up, its record created.

A game's setup runs engine code on options that strangers send, so it runs in a worker process
bounded in time and memory (`work.py`): options it refuses, or that make it too slow or too large,
refuse the table with the reason.
"""

from __future__ import annotations

import secrets
import time
from typing import TYPE_CHECKING, Any

from parlor.core import BadOptions, State, get_game, options_to_json

from . import jobs
from .bots import check_level
from .live import LiveTable
from .security import hash_token, new_token
from .storage import OPEN, RUNNING, SeatRow, TableRow
from .work import WorkFailed

if TYPE_CHECKING:
    from .hub import Hub


async def create_table(hub: Hub, game_id: str, players: int, options: dict[str, Any],
                       seats: list[tuple[str, str]], clock: float | None) -> tuple[LiveTable, str]:
    """A new table and its host token (shown once); `seats` lists (kind, level) with kind `open`
    or `bot`."""
    settings = hub.settings
    game = get_game(game_id)
    made = options_to_json(game.make_options(options))
    if len(seats) != players:
        raise BadOptions(f"the table has {players} seats but {len(seats)} were described")
    for kind, level in seats:
        if kind == "bot":
            check_level(level)
    if clock is not None and not settings.min_clock <= clock <= settings.max_clock:
        raise BadOptions(f"clock must be between {settings.min_clock:g} and "
                         f"{settings.max_clock:g} seconds per decision")
    seed = secrets.randbits(62)
    try:
        state: State = await hub.work.run(jobs.prepare, game.id, players, seed, made)
    except WorkFailed as err:
        raise BadOptions(f"these options cannot be set up: {err}") from None
    now = time.time()
    host = new_token()
    status = RUNNING if all(kind == "bot" for kind, _ in seats) else OPEN
    row = TableRow(secrets.token_urlsafe(9), game.id, game.rules_version, made, players, seed, status,
                   clock, 0, 0, None, None, now, now, hash_token(host))
    rows = [SeatRow(i, kind, level if kind == "bot" else None, last_seen=now)
            for i, (kind, level) in enumerate(seats)]
    await hub.db(hub.storage.create_table, row, rows)
    table = LiveTable(row, rows)
    table.install(jobs.Replayed(state), [])
    hub.tables[row.id] = table
    hub.bots.kick(table)
    return table, host


__all__ = ["create_table"]
