"""WebSocket play: `/ws/tables/{id}`.

Protocol (JSON text frames):

- client, first: ``{"token": "<seat token>" | null, "since": <log index>, "epoch": <epoch>,
  "deltas": bool}``; `token` null (or absent) watches as a spectator; `since`/`epoch` resume a log
  already held; `deltas` true: a large view may come as `view_delta` instead of `view` (deltas.py).
- server, on connect and after every change: ``{"type": "state", "index", "epoch", "status", "seat",
  "view", "actors", "legal": [{"move", "text"}], "log": [...], "log_from", "reset", "seats",
  "result", "problem"}`` -- that seat's view, its legal moves when it must act, new log entries.
  "result", "problem", "now", "clock", "can_undo"}`` -- that seat's view, its legal moves when it
  must act, new log entries, the clock's deadlines and whether this seat may undo now.
- client: ``{"move": {...}, "index": n}`` to play; ``{"type": "chat", "text", "name"}`` to write in
  the chat (chat.py); ``{"type": "ping"}`` gets ``{"type": "pong"}``.
- server, on a refused message: ``{"type": "error", "code", "message", "index"}`` with code one of
  stale_index, not_your_turn, bad_move, illegal_move, bad_json, too_large, rate_limited, bad_record;
  when the case is named, also ``"reason"`` and whitelisted ``"params"`` as over HTTP (errors.py),
  e.g. ``illegal_move`` with ``{"rule": "TR-4.3"}``, ``game_over``, ``stale_index``.

Each client address may hold `ws_per_address` connections at once; one more is told `rate_limited`
and closed.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import MutableMapping
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState

from parlor.core import ParlorError

from .chat import post_chat
from .errors import ApiError, socket_error
from .hub import Hub
from .live import Conn, LiveTable
from .messages import dumps
from .moves import submit
from .security import RateLimiter, nests_deeper_than

router = APIRouter()
POLICY_VIOLATION = 1008
SOCKET_PATH = re.compile(r"^/ws/tables/([^/]+)$")  # the route's own form: one segment for the id


async def serve_socket(scope: MutableMapping[str, Any], receive: Any, send: Any) -> bool:
    """Serve a table's socket straight from `middleware.Guard` (True), without FastAPI's exception
    layer, route matching (every HTTP route is tried first) and parameter solving: about a sixth of
    the event loop's time for a socket (py-spy, bench/server_opening.py), two sockets a game.
    False for any other path, which FastAPI then routes. The route below stays for the docs."""
    found = SOCKET_PATH.match(str(scope.get("path", "")))
    if found is None or scope.get("root_path"):
        return False
    await table_socket(WebSocket(scope, receive, send), found[1])
    return True


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    hub: Hub = ws.app.state.hub
    settings = hub.settings
    address = ws.client.host if ws.client is not None else "?"
    # which process serves this socket (as /api/health says), for operators and the workers' test
    await ws.accept(headers=[(b"x-parlor-instance", settings.instance.encode())])
    if not hub.connections.open_socket(address):
        await _refuse(ws, ApiError("rate_limited", f"more than {settings.ws_per_address} connections "
                                                   "from your address"))
        return
    try:
        await _serve(hub, ws, table_id, address)
    finally:
        hub.connections.close_socket(address)


async def _serve(hub: Hub, ws: WebSocket, table_id: str, address: str) -> None:
    settings = hub.settings
    try:
        table = await hub.sync.get(table_id)
        hello = await asyncio.wait_for(_hello(ws, settings.max_message_bytes, settings.max_json_depth),
                                       settings.hello_timeout)
    except TimeoutError:
        await _refuse(ws, ApiError("bad_json", 'say hello first: {"token": ..., "since": 0}'))
        return
    except WebSocketDisconnect:
        return
    except ParlorError as err:
        await _refuse(ws, err)
        return
    token, since, epoch, deltas = hello
    if hub.tables.get(table_id) is not table:
        # forgotten while the client said hello (another process changed it): load it again; from
        # here to `attach` only waits that hold the table's lock, and a locked table is kept
        table = await hub.sync.get(table_id)
    seat = None
    if token is not None:
        seat = await hub.sync.seat_for_token(table, token)
        if seat is None:
            await _refuse(ws, ApiError("bad_token", "that token does not open a seat at this table"))
            return
    conn = Conn(ws, seat, since, epoch, RateLimiter(settings.ws_rate, settings.ws_burst),
                RateLimiter(settings.chat_rate, settings.chat_burst), token, address, deltas)
    await hub.connections.attach(table, conn)
    try:
        while not conn.closed:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            if not await _handle(hub, table, conn, message):
                break
    except WebSocketDisconnect:
        pass
    finally:
        # detach marks the connection closed and wakes its writer, which returns: a cancelled writer
        # would keep its frame (and the table) in a reference cycle only the garbage collector frees
        await hub.connections.detach(table, conn)
    if ws.application_state == WebSocketState.CONNECTED and conn.strikes > settings.ws_strikes:
        await ws.close(code=POLICY_VIOLATION, reason="too many messages")


async def _hello(ws: WebSocket, limit: int, depth: int) -> tuple[str | None, int, int | None, bool]:
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    data = _decode(message, limit, depth)
    token, since, epoch = data.get("token"), data.get("since", 0), data.get("epoch")
    if token is not None and (not isinstance(token, str) or len(token) > 200):
        raise ApiError("bad_json", "hello: `token` must be a string or null")
    if not _is_int(since) or since < 0:
        raise ApiError("bad_json", "hello: `since` must be a whole number >= 0")
    if epoch is not None and not _is_int(epoch):
        raise ApiError("bad_json", "hello: `epoch` must be a whole number or null")
    deltas = data.get("deltas", False)
    if not isinstance(deltas, bool):
        raise ApiError("bad_json", "hello: `deltas` must be true or false")
    return token, since, epoch, deltas


async def _handle(hub: Hub, table: LiveTable, conn: Conn, message: MutableMapping[str, Any]) -> bool:
    """Answer one client message; False when the connection must be closed."""
    settings = hub.settings
    if not conn.limiter.allow():
        conn.strikes += 1
        _error(conn, table, ApiError("rate_limited", f"more than {settings.ws_rate:g} messages a second",
                                     reason="message_rate", limit=settings.ws_rate))
        return conn.strikes <= settings.ws_strikes
    try:
        data = _decode(message, settings.max_message_bytes, settings.max_json_depth)
        if data.get("type") == "ping":
            conn.send({"type": "pong"})
            return True
        if conn.revoked:
            return False
        if data.get("type") == "chat":
            await post_chat(hub, table, conn, data)
            return True
        if "move" not in data or "index" not in data:
            raise ApiError("bad_json", 'expected {"move": {...}, "index": n}')
        index = data["index"]
        if not _is_int(index):
            raise ApiError("bad_json", "`index` must be a whole number")
        await submit(hub, table, conn.seat, index, data["move"])
    except ParlorError as err:
        _error(conn, table, err)
    return True


def _decode(message: MutableMapping[str, Any], limit: int, depth: int) -> dict[str, Any]:
    text = message.get("text")
    if text is None:
        raise ApiError("bad_json", "send JSON in text frames")
    raw = text.encode("utf-8", "surrogatepass")
    if len(text) > limit or len(raw) > limit:
        raise ApiError("too_large", f"messages are limited to {limit} bytes", reason="message_size",
                       limit=limit)
    if nests_deeper_than(raw, depth):
        raise ApiError("bad_json", f"JSON nested deeper than {depth} levels")
    try:
        data = json.loads(text)
    except ValueError as err:
        raise ApiError("bad_json", f"not JSON: {err}") from None
    if not isinstance(data, dict):
        raise ApiError("bad_json", "a message must be a JSON object")
    return data


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _error(conn: Conn, table: LiveTable, err: ParlorError) -> None:
    conn.send(socket_error(err, table.index))


async def _refuse(ws: WebSocket, err: ParlorError) -> None:
    try:
        await ws.send_text(dumps(socket_error(err, None)))
        await ws.close(code=POLICY_VIOLATION, reason=err.code)
    except (RuntimeError, WebSocketDisconnect):
        pass
