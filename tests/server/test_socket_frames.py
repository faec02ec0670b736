"""The frames `parlor serve` writes itself (server/sockets.py): the same bytes websockets would
write, and the same messages for a client with and without per-message deflate."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
import websockets
from fastapi.testclient import TestClient
from websockets.frames import Frame, Opcode

from parlor.server.sockets import SMALL_MESSAGE, frame_header

from .conftest import hello, state_until
from .procs import ServerProcess, new_table

Servers = Callable[..., ServerProcess]


@pytest.mark.parametrize("length", [0, 1, 125, 126, 127, 1023, 1024, 65535, 65536, 70000])
def test_frame_header_is_the_header_websockets_writes(length: int) -> None:
    payload = b"x" * length
    assert frame_header(length) + payload == Frame(Opcode.TEXT, payload).serialize(mask=False)


async def messages_until(ws: Any, done: Callable[[dict[str, Any]], bool]) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    while not seen or not done(seen[-1]):
        seen.append(json.loads(await ws.recv()))
    return seen


async def test_clients_with_and_without_deflate_read_the_same_messages(servers: Servers) -> None:
    server = servers()
    with server.client() as http:
        table_id, tokens = new_table(http, "sealed_bids", 2, ["open", "open"])
    url = f"{server.ws_url}/ws/tables/{table_id}"
    lines = [f"line {i} " + "abcdefghij" * 45 for i in range(5)]
    async with websockets.connect(url) as writer:
        await writer.send(json.dumps({"token": tokens[0]}))
        opening = await messages_until(writer, lambda m: m["type"] == "chat")
        mine = next(m for m in opening if m["type"] == "state")
        assert mine["legal"]  # Sealed Bids: both seats bid at once from the start
        for line in lines:
            await writer.send(json.dumps({"type": "chat", "text": line}))
        await messages_until(writer, lambda m: m["type"] == "chat" and m["messages"][-1]["text"] == lines[-1])
        async with websockets.connect(url, compression="deflate") as deflating, \
                websockets.connect(url, compression=None) as plain:
            assert deflating.protocol.extensions and not plain.protocol.extensions
            seen: dict[str, list[dict[str, Any]]] = {}
            for name, ws in (("deflate", deflating), ("plain", plain)):
                await ws.send(json.dumps({"token": None}))
                seen[name] = await messages_until(ws, lambda m: m["type"] == "chat")
            # the chat's reset holds every line: a message large enough to be compressed
            chat = seen["deflate"][-1]
            assert len(json.dumps(chat).encode()) > 2 * SMALL_MESSAGE
            assert chat == seen["plain"][-1]
            assert [m["text"] for m in chat["messages"]] == lines
            # small states after the large compressed message still read right
            await writer.send(json.dumps({"move": mine["legal"][0]["move"], "index": mine["index"]}))
            moved = mine["index"] + 1
            after: dict[str, dict[str, Any]] = {}
            for name, ws in (("deflate", deflating), ("plain", plain)):
                states = await messages_until(ws, lambda m: m["type"] == "state" and m["index"] == moved)
                after[name] = states[-1]
            for message in after.values():
                message.pop("now")
            assert after["deflate"] == after["plain"]


def test_a_closed_socket_leaves_no_reference_cycle_behind(client: TestClient) -> None:
    """The writer of a closed socket returns rather than being cancelled: a cancelled task keeps its
    frame (the connection, the table) in a cycle that only the garbage collector's slow full passes
    free, and those passes set the latency tail under many tables."""
    table_id, tokens = new_table(client, "sealed_bids", 2, ["open", "open"])
    table = client.app.state.hub.tables[table_id]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, tokens[0])
        (conn,) = table.conns
        writer = conn.writer
    deadline = time.monotonic() + 10
    while not writer.done() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert writer.done() and not writer.cancelled()


def test_a_new_socket_gets_its_state_then_the_recent_chat(client: TestClient) -> None:
    """The first state and the chat's reset go out in the writer's first write, in that order."""
    table_id, tokens = new_table(client, "sealed_bids", 2, ["open", "open"])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, tokens[0])
        ws.send_text(json.dumps({"type": "chat", "text": "first line"}))
        state_until(ws, lambda m: m["type"] == "chat" and not m["reset"])  # stored and announced
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_text(json.dumps({"token": tokens[1]}))
        first, second = ws.receive_json(), ws.receive_json()
        assert first["type"] == "state" and first["seat"] == 1
        assert second["type"] == "chat" and second["reset"] is True
        assert [line["text"] for line in second["messages"]] == ["first line"]
