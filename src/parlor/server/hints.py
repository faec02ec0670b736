"""Hints for a player learning a game against bots: what the hard bot would play in their place, now
or at one of their past decisions.

A hint is given only at a table where every other seat is a bot (between people it would be a
third player's advice) -- or, once the game is over, at any table, on a past decision of the
player asking -- only on a decision that is (or was) the player's, and only on what that player
knew: the bot thinks on a position redetermined from the seat's view (`parlor.ai.hints`).

Thinking costs a bot's budget. Now: on a bot thread, one hint per position and seat, shared by
every request for it. A past position: replayed and thought on in a worker process, cached with
the past positions, and one at a time per table (a second, on another position, is refused with
`rate_limited` while the first is thought on), so a client cannot queue a game's worth of searches.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from parlor.ai.hints import HINT_LEVEL

from . import jobs
from .errors import ApiError
from .review import position
from .rows import FINISHED, RUNNING

if TYPE_CHECKING:
    from .hub import Hub
    from .live import LiveTable

LEVEL = HINT_LEVEL


async def hint(hub: Hub, table: LiveTable, seat: int, step: int | None = None) -> dict[str, Any]:
    """The move the hard bot would choose for `seat` now (`step` None), or at the position after
    the first `step` moves, with the position it answers (`index`) and how its search divided
    (`weighed`: its move and the choices that stood out, with their shares; or `spread`: over how
    many choices, where none stood out); at a past position, also the move the seat played there
    with its share of the search (`played`).

    :raises ApiError: not a table against bots (while it runs), not the seat's decision, a step
        beyond the game, or another past position being thought on at this table.
    """
    if step is None or (step == table.index and table.status != FINISHED):
        return await _now(hub, table, seat)
    return await _past(hub, table, seat, step)


def _against_bots(table: LiveTable, seat: int) -> None:
    if any(s.kind != "bot" for s in table.seats if s.seat != seat):
        raise ApiError("forbidden", "hints are given at tables where every other seat is a bot")


async def _now(hub: Hub, table: LiveTable, seat: int) -> dict[str, Any]:
    _against_bots(table, seat)
    if table.status != RUNNING or table.state is None or table.game is None or seat not in table.actors():
        raise ApiError("forbidden", "a hint is for the player who must decide now")
    key = (table.epoch, table.index, seat)
    if table.hint is None or table.hint[0] != key:
        runner = hub.bots.runner
        thinking = runner.suggest(table.game, table.state, seat, LEVEL, table.row.seed, table.index)
        table.hint = (key, asyncio.ensure_future(thinking))
    given = await asyncio.shield(table.hint[1])
    return {**given.to_json(), "index": key[1], "level": LEVEL, "played": None}


async def _past(hub: Hub, table: LiveTable, seat: int, step: int) -> dict[str, Any]:
    if table.status != FINISHED:
        _against_bots(table, seat)
    if step > table.index:
        raise ApiError("bad_request", f"the game has {table.index} moves so far, not {step}")
    seen = await position(hub, table, step, seat)   # cached; raises bad_record for a broken record
    if seat not in seen["actors"]:
        raise ApiError("forbidden", "a hint of a past position is for a decision that was the player's there")
    key = (table.id, table.epoch, step, seat, "hint")
    found = hub.positions.get(key)
    if found is None:
        found = await _think_once(hub, table, key, step, seat)
    return {**found, "index": step, "level": LEVEL}


async def _think_once(hub: Hub, table: LiveTable, key: tuple[Any, ...], step: int,
                      seat: int) -> dict[str, Any]:
    """The past position's hint, thought in a worker; a request for the position being thought on
    waits for it, one for another position is refused until it is done."""
    running = table.past_hint
    if running is not None and not running[1].done():
        if running[0] != key:
            raise ApiError("rate_limited", "another past position of this table is being thought on; "
                                           "ask again in a moment")
        return await asyncio.shield(running[1])
    row = table.row
    moves = list(table.record.moves[:step])
    later = list(table.record.moves[step:])   # the seat's answer to this decision is among them
    thinking = asyncio.ensure_future(hub.work.run(
        jobs.hint_at, row.game, row.players, row.seed, row.options, moves, seat, later, LEVEL,
        hub.bots.runner.budget.seconds or 2.0))
    table.past_hint = (key, thinking)
    found: dict[str, Any] = await asyncio.shield(thinking)
    hub.positions.put(key, found)
    return found
