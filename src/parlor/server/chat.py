"""Each table's chat: players (named by their seat) and spectators (who give a name) write short
lines; every line is stored with the table, then sent to everyone watching, on every process.

Client -> server: `{"type": "chat", "text": "...", "name": "..."}` (`name` for spectators only).
Server -> client: `{"type": "chat", "messages": [{"id", "at", "seat", "name", "text"}], "reset"}`:
the last `RECENT` lines with `reset: true` on connect, then each new line with `reset: false`.

Each live table holds its last `RECENT` lines (`LiveTable.chat_lines`: read with the table when it is
loaded, empty for a table created here, kept up with every line stored here or announced by another
process), so a new connection and `GET .../chat` read no database.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from .errors import ApiError
from .live import Conn, LiveTable
from .rows import ChatRow
from .seats import shows_ink

if TYPE_CHECKING:
    from .hub import Hub

TEXT_LIMIT = 500
NAME_LIMIT = 40
RECENT = 100
ZERO_WIDTH_JOINER = "\u200d"  # joins emoji; not printable to Python, harmless in a line of text


def clean_line(value: Any, limit: int) -> str | None:
    """The value trimmed, when it is 1 to `limit` printable characters; otherwise None."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not 1 <= len(text) <= limit or not text.replace(ZERO_WIDTH_JOINER, "").isprintable():
        return None
    return text


async def post_chat(hub: Hub, table: LiveTable, conn: Conn, data: dict[str, Any]) -> None:
    """Store and send one line. :raises ApiError: rate_limited, or bad_json for a line (or a
    spectator's name) that is missing, too long or not printable."""
    text = clean_line(data.get("text"), TEXT_LIMIT)
    if text is None:
        raise ApiError("bad_json", f"chat: `text` must be 1 to {TEXT_LIMIT} printable characters")
    if conn.seat is None:
        name = clean_line(data.get("name"), NAME_LIMIT)
        if name is None or not shows_ink(name):
            raise ApiError("bad_json", f"chat: a spectator gives a `name` of 1 to {NAME_LIMIT} printable "
                                       "characters")
    else:
        name = table.seats[conn.seat].name or table.seat_label(conn.seat)
    if not conn.chat_limiter.allow():
        raise ApiError("rate_limited", "too many chat messages; wait a few seconds")
    row = await hub.db(hub.storage.add_chat, table.id, time.time(), conn.seat, " ".join(name.split()), text)
    deliver(table, [row])
    if hub.fanout is not None:
        hub.fanout.publish(table.id, "chat")


def deliver(table: LiveTable, rows: list[ChatRow]) -> None:
    """Keep and send the lines this table does not hold yet."""
    held = {r.id for r in table.chat_lines}
    fresh = [r for r in rows if r.id not in held]
    if not fresh:
        return
    table.chat_lines = sorted([*table.chat_lines, *fresh], key=lambda r: r.id)[-RECENT:]
    message = {"type": "chat", "messages": [r.to_json() for r in fresh], "reset": False}
    for conn in list(table.conns):
        conn.send(message)


async def pull_chat(hub: Hub, table: LiveTable) -> None:
    """Another process stored lines: read the recent ones and send those not sent yet."""
    deliver(table, await hub.db(hub.storage.chat, table.id))


def recent_chat_message(table: LiveTable) -> dict[str, Any]:
    """What a new connection gets after its first state: the last lines, as a reset."""
    return {"type": "chat", "messages": recent_chat(table), "reset": True}


def recent_chat(table: LiveTable) -> list[dict[str, Any]]:
    return [r.to_json() for r in table.chat_lines]


__all__ = ["NAME_LIMIT", "RECENT", "TEXT_LIMIT", "clean_line", "post_chat", "pull_chat", "recent_chat",
           "recent_chat_message"]
