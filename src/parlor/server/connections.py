"""Connections: the WebSocket clients of this process's tables.

A seat's first connection here and its last one closing are written to the database (`touch`) only
when other processes share it (Redis): the heartbeat is how they see the seat connected. Alone, this
process knows its connections; the ticker's heartbeat keeps a running game's `last_seen` stored.

Each connection has a writer task that sends what is queued, then the newest state (a slow client
only ever gets the latest). Under `parlor serve` a change's states are written without waking the
writers: one callback per turn of the event loop builds and writes the state of every connection the
change touched (`_flush`), and only a connection whose buffer is full, or whose writer is busy, is
left to its writer. A seat's connections count towards its presence (`connected` in every
seat list); a connection whose seat changed hands is told `bad_token` and closed.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from .chat import recent_chat_message
from .live import Conn, LiveTable
from .messages import dump_bytes, dumps
from .seats import set_away
from .sockets import ClientDisconnected

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("parlor.server")


class Connections:
    """Attaches and detaches clients, and counts the sockets each client address holds open."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.per_address: dict[str, int] = {}
        self._unsent: dict[Conn, LiveTable] = {}  # connections whose new state `_flush` writes

    def open_socket(self, address: str) -> bool:
        """Count one more socket from `address`; False (nothing counted) beyond the limit."""
        held = self.per_address.get(address, 0)
        if held >= self.hub.settings.ws_per_address:
            return False
        self.per_address[address] = held + 1
        return True

    def close_socket(self, address: str) -> None:
        self.per_address[address] -= 1
        if self.per_address[address] <= 0:
            del self.per_address[address]

    async def attach(self, table: LiveTable, conn: Conn) -> None:
        hub = self.hub
        table.conns.add(conn)
        table.active_at = time.monotonic()
        conn.writer = asyncio.create_task(self._write(table, conn))
        conn.greeting = True  # the writer's first write: the state, then the recent chat lines
        conn.push_state()
        if conn.seat is not None:
            first = table.presence.get(conn.seat, 0) == 0
            table.presence[conn.seat] = table.presence.get(conn.seat, 0) + 1
            now = table.last_seen[conn.seat] = time.time()
            table.forget_views()
            hub.changed(table)  # everyone sees the seat connected
            if first and hub.fanout is not None:
                hub.spawn(self._touch(table, conn.seat, now, live=True))
            if table.seats[conn.seat].away:
                await set_away(hub, table, conn.seat, False)

    async def detach(self, table: LiveTable, conn: Conn) -> None:
        conn.closed = True
        conn.wake.set()
        table.active_at = time.monotonic()
        if conn.revoked or conn not in table.conns:
            return
        table.conns.discard(conn)
        if conn.seat is not None:
            left = table.presence[conn.seat] = max(0, table.presence.get(conn.seat, 0) - 1)
            now = table.last_seen[conn.seat] = time.time()
            if left == 0:
                table.live_at[conn.seat] = 0.0
                if self.hub.fanout is not None:
                    await self._touch(table, conn.seat, now, live=False)
            table.forget_views()
            self.hub.changed(table)

    def push(self, table: LiveTable) -> None:
        """Queue the new state for every connection; close those whose seat changed hands."""
        for conn in list(table.conns):
            if not table.holds_seat(conn):
                self._revoke(table, conn)
            else:
                self._queue_state(table, conn)

    def _queue_state(self, table: LiveTable, conn: Conn) -> None:
        conn.dirty = True
        if conn.frames is None or conn.sending or conn.ending:
            conn.wake.set()
            return
        if not self._unsent:
            asyncio.get_running_loop().call_soon(self._flush)
        self._unsent[conn] = table

    def _flush(self) -> None:
        """Write the queued messages and the new state of each connection a change touched."""
        unsent, self._unsent = self._unsent, {}
        for conn, table in unsent.items():
            frames = conn.frames
            if not conn.dirty or conn.closed or conn.revoked:
                continue
            if frames is None or conn.sending or conn.ending or not frames.can_write():
                conn.wake.set()  # the writer waits for the buffer to drain, or says goodbye
                continue
            try:
                frames.write_texts([dump_bytes(message) for message in self._messages(table, conn)])
            except ClientDisconnected:  # the client went away: its socket's loop ends it
                conn.closed = True
                conn.wake.set()
            except Exception:
                log.exception("table %s: cannot write to a connection of seat %s", table.id, conn.seat)
                conn.closed = True
                conn.wake.set()

    def _messages(self, table: LiveTable, conn: Conn) -> list[dict[str, Any]]:
        """What is queued for `conn`, then its newest state when it changed."""
        messages, conn.outbox = conn.outbox, []
        if conn.dirty and not conn.closed:
            conn.dirty = False
            try:
                messages.append(table.state_message(conn, self.hub.heartbeat))
            except Exception:
                log.exception("table %s: cannot build the state for seat %s", table.id, conn.seat)
                messages.append({"type": "error", "code": "server_error", "index": None,
                                 "message": "the server could not build this position"})
        return messages

    async def _touch(self, table: LiveTable, seat: int, now: float, live: bool) -> None:
        try:
            await self.hub.db(self.hub.storage.touch, table.id, [seat], now, live)
        except Exception:
            log.exception("could not record the connection of seat %d of %s", seat, table.id)

    def _revoke(self, table: LiveTable, conn: Conn) -> None:
        """The seat changed hands: this connection sees nothing more and is closed."""
        conn.revoked = True
        table.conns.discard(conn)
        if conn.seat is not None:
            table.presence[conn.seat] = max(0, table.presence.get(conn.seat, 0) - 1)
        conn.outbox.clear()
        conn.dirty = False
        conn.wake.set()  # the writer says why and closes the socket

    async def _write(self, table: LiveTable, conn: Conn) -> None:
        """Send queued messages, then the newest state; a slow client only ever gets the latest.
        Under `parlor serve` all of them go out in one write (sockets.py); elsewhere one by one."""
        try:
            while not conn.closed:
                await conn.wake.wait()
                conn.wake.clear()
                if conn.closed:  # the socket's loop ended (`detach`)
                    return
                if conn.revoked:
                    conn.closed = True
                    await conn.ws.send_text(dumps({
                        "type": "error", "code": "bad_token", "index": None,
                        "message": "this seat's token no longer opens it (the seat was left or given away)"}))
                    await conn.ws.close(code=1008, reason="bad_token")
                    return
                messages = self._messages(table, conn)
                if conn.greeting:  # after the first state, in the same write
                    conn.greeting = False
                    messages.append(recent_chat_message(table))
                payloads = [dump_bytes(message) for message in messages]
                conn.sending = True
                if not payloads:
                    pass  # `_flush` wrote them first
                elif conn.frames is not None:
                    await conn.frames.send_texts(payloads)
                else:
                    for payload in payloads:
                        await conn.ws.send_text(payload.decode())
                conn.sending = False
                if conn.ending:
                    conn.closed = True
                    await conn.ws.close(code=1008, reason="gone")
                    return
        except asyncio.CancelledError:
            raise
        except Exception:  # the client went away while we were sending
            conn.closed = True


__all__ = ["Connections"]
