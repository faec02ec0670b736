"""The ticker: heartbeats, per-decision clocks, abandoned seats, expired open tables, and tables
that leave memory (finished ones nobody watches; open ones idle for `idle_seconds`, which load again
from the database when someone asks for them)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from .live import LiveTable
from .rows import FINISHED, RUNNING
from .seats import set_away

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("parlor.server")


async def tick_forever(hub: Hub) -> None:
    last_expiry = 0.0
    while True:
        await asyncio.sleep(hub.settings.tick_seconds)
        try:
            now = time.time()
            if now - last_expiry > min(60.0, hub.settings.open_table_ttl / 4):
                last_expiry = now
                await expire_open_tables(hub, now)
            await tick(hub)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("server tick failed")


async def tick(hub: Hub) -> None:
    now, mono = time.time(), time.monotonic()
    for table in list(hub.tables.values()):
        if not table.conns and (table.bot_task is None or table.bot_task.done()) and (
                table.status == FINISHED or (table.status != RUNNING
                                             and mono - table.active_at > hub.settings.idle_seconds)):
            del hub.tables[table.id]
            continue
        if table.status != RUNNING or table.problem:
            continue
        await heartbeat(hub, table, now)
        run_clocks(hub, table, now)
        for seat in table.seats:
            if seat.kind != "human" or seat.away or table.presence.get(seat.seat, 0) > 0:
                continue
            if now - table.last_seen.get(seat.seat, now) > hub.settings.abandon_after:
                await maybe_abandoned(hub, table, seat.seat, now)
        hub.bots.kick(table)


async def heartbeat(hub: Hub, table: LiveTable, now: float) -> None:
    """Tell the database (and so the other processes) which seats are connected here, when what it
    holds for one of them is older than a heartbeat: a seat's join stores its `last_seen`, so a new
    game's first tick writes nothing (it wrote once per game, a database call as dear as a join)."""
    present = [s for s, n in table.presence.items() if n > 0]
    for s in present:
        table.last_seen[s] = now
    if present and now - stored_since(table, present) > hub.heartbeat:
        table.last_touch = now
        await hub.db(hub.storage.touch, table.id, present, now, True)


def stored_since(table: LiveTable, seats: list[int]) -> float:
    """Since when the database holds every one of `seats` as seen: the last heartbeat written here
    (which named the seats present then) or the seat's row as last read, whichever is later."""
    by_number = {s.seat: s for s in table.seats}
    return min(max(table.last_touch, by_number[s].last_seen or 0.0) if s in by_number else table.last_touch
               for s in seats)


def run_clocks(hub: Hub, table: LiveTable, now: float) -> None:
    """A player who has used up the clock on one decision has that decision made by a bot."""
    clock = table.row.clock
    if not clock:
        return
    for s in table.actors():
        if table.on_the_clock(s) and now - table.waiting_since.get(s, now) > clock:
            table.timed_out.add(s)
            table.forget_views()
            hub.changed(table, publish=False)


async def maybe_abandoned(hub: Hub, table: LiveTable, seat: int, now: float) -> None:
    fresh = {s.seat: s for s in await hub.db(hub.storage.get_seats, table.id)}
    row = fresh.get(seat)
    if row is None or row.kind != "human":
        return
    if row.last_seen is not None and now - row.last_seen <= hub.settings.abandon_after:
        table.last_seen[seat] = row.last_seen  # connected to another process
        return
    log.info("table %s: seat %d is silent; a bot plays it until the player returns", table.id, seat)
    await set_away(hub, table, seat, True)


async def expire_open_tables(hub: Hub, now: float) -> None:
    """Open tables that nobody joined for `open_table_ttl` seconds are deleted; a spectator still
    watching one is told and disconnected. Among workers without Redis each deletes only its own
    tables, whose watchers it holds."""
    for table_id in await hub.db(hub.storage.expire_open_tables, now - hub.settings.open_table_ttl,
                                 hub.settings.serves):
        log.info("table %s expired: nobody joined it", table_id)
        table = hub.tables.pop(table_id, None)
        if table is None:
            continue
        for conn in list(table.conns):
            conn.end({"type": "error", "code": "not_found", "index": None,
                      "message": "this table expired: nobody joined it"})


__all__ = ["expire_open_tables", "stored_since", "tick", "tick_forever"]
