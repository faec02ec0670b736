"""The frames `parlor serve` reads itself (server/sockets.py, `TableSocketProtocol.data_received`):
a short text message that arrives as one whole frame is taken straight from the socket; everything
else (a frame cut across reads, several frames in one read, fragments, compressed or invalid text)
goes through websockets' parser. A client sees no difference: every message is answered, in order,
and a broken one closes the socket as before."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.client import ClientProtocol
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory
from websockets.frames import Close, Frame, Opcode
from websockets.http11 import Request
from websockets.server import ServerProtocol
from websockets.uri import parse_uri

from parlor.server.sockets import _between_frames

from .procs import ServerProcess, new_table

PING = json.dumps({"type": "ping"}).encode()


class RawClient:
    """A socket whose frames the test writes byte by byte; what the server sends is read with
    websockets' client protocol."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, protocol: ClientProtocol
                 ) -> None:
        self.reader, self.writer, self.protocol = reader, writer, protocol
        self.pending: list[Any] = []

    @classmethod
    async def open(cls, url: str, deflate: bool = False) -> RawClient:
        uri = parse_uri(url)
        reader, writer = await asyncio.open_connection(uri.host, uri.port)
        offers = [ClientPerMessageDeflateFactory()] if deflate else None
        client = cls(reader, writer, ClientProtocol(uri, extensions=offers))
        client.protocol.send_request(client.protocol.connect())
        await client.flush()
        while client.protocol.handshake_exc is None and client.protocol.state.name == "CONNECTING":
            client.protocol.receive_data(await asyncio.wait_for(reader.read(65536), 10))
            client.pending.extend(client.protocol.events_received())
        assert client.protocol.handshake_exc is None
        client.pending = [e for e in client.pending if isinstance(e, Frame)]
        return client

    def compressed(self, text: bytes) -> bytes:
        """The frame websockets' client would send for `text` (compressed, through its window)."""
        self.protocol.send_text(text)
        frame = b"".join(self.protocol.data_to_send())
        assert frame[0] & 0x40, "compressed (RSV1)"
        return frame

    async def flush(self) -> None:
        self.writer.write(b"".join(self.protocol.data_to_send()))
        await self.writer.drain()

    async def write(self, *chunks: bytes) -> None:
        """Each chunk in its own write, a pause between them (so the server reads them apart)."""
        for number, chunk in enumerate(chunks):
            if number:
                await asyncio.sleep(0.05)
            self.writer.write(chunk)
            await self.writer.drain()

    async def frame(self) -> Frame:
        while not self.pending:
            data = await asyncio.wait_for(self.reader.read(65536), 10)
            if not data:
                self.protocol.receive_eof()
            else:
                self.protocol.receive_data(data)
            await self.flush()  # a close frame is answered
            self.pending.extend(e for e in self.protocol.events_received() if isinstance(e, Frame))
            if not data and not self.pending:
                raise EOFError("the server closed the connection")
        frame: Frame = self.pending.pop(0)
        return frame

    async def message(self) -> dict[str, Any]:
        frame = await self.frame()
        assert frame.opcode is Opcode.TEXT, frame
        return dict(json.loads(bytes(frame.data)))

    async def messages_until(self, kind: str) -> list[dict[str, Any]]:
        seen = [await self.message()]
        while seen[-1]["type"] != kind:
            seen.append(await self.message())
        return seen

    async def close_code(self) -> int:
        """The code of the server's close frame, once it comes (the frames before it read past)."""
        frame = await self.frame()
        while frame.opcode is not Opcode.CLOSE:
            frame = await self.frame()
        return Close.parse(frame.data).code

    def close(self) -> None:
        self.writer.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the module's tests (starting one is most of their time): each opens its own
    table and socket, and a socket the server closes for a broken frame leaves the others alone."""
    workdir = tmp_path_factory.mktemp("socket-reads")
    process = ServerProcess(workdir, ["--data-dir", str(workdir)]).start()
    yield process
    process.stop()


def text_frame(payload: bytes, fin: bool = True, opcode: Opcode = Opcode.TEXT) -> bytes:
    return Frame(opcode, payload, fin=fin).serialize(mask=True)


def test_the_parser_is_seen_waiting_between_frames_and_only_then() -> None:
    """The short way depends on where websockets' parser waits: if a new websockets waits
    elsewhere, this fails (the server still works, every frame through the parser)."""
    client, server = ClientProtocol(parse_uri("ws://127.0.0.1/")), ServerProtocol()
    assert not _between_frames(server)  # the handshake is still to be read
    client.send_request(client.connect())
    server.receive_data(b"".join(client.data_to_send()))
    request = server.events_received()[0]
    assert isinstance(request, Request)
    server.send_response(server.accept(request))
    assert _between_frames(server)
    frame = text_frame(PING)
    for cut in range(1, len(frame)):
        server.receive_data(frame[:cut])
        assert not _between_frames(server), cut  # the rest of a frame is awaited
        server.receive_data(frame[cut:])
        assert [bytes(e.data) for e in server.events_received() if isinstance(e, Frame)] == [PING]
        assert _between_frames(server)


async def opened(server: ServerProcess, deflate: bool = False) -> RawClient:
    with server.client() as http:
        table_id, tokens = new_table(http, "sealed_bids", 2, ["open", "open"])
    client = await RawClient.open(f"{server.ws_url}/ws/tables/{table_id}", deflate)
    assert bool(client.protocol.extensions) == deflate
    await client.write(text_frame(json.dumps({"token": tokens[0]}).encode()))
    await client.messages_until("chat")  # the first state, then the recent chat
    return client


async def test_short_messages_are_answered_however_their_frames_arrive(server: ServerProcess) -> None:
    client = await opened(server)
    try:
        whole = text_frame(PING)
        await client.write(whole)  # one frame, one read: taken straight from the socket
        assert (await client.message())["type"] == "pong"
        await client.write(whole[:3], whole[3:])  # cut across two reads
        assert (await client.message())["type"] == "pong"
        await client.write(whole + whole + whole[:4], whole[4:])  # several in one read, one cut
        assert [(await client.message())["type"] for _ in range(3)] == ["pong"] * 3
        first, second = PING[:5], PING[5:]  # a message in two fragments, then a whole one
        await client.write(text_frame(first, fin=False), text_frame(second, opcode=Opcode.CONT), whole)
        assert [(await client.message())["type"] for _ in range(2)] == ["pong"] * 2
        await client.write(text_frame(b'{"type": "chat"'))  # not JSON: the server's error shape
        error = await client.message()
        assert error["type"] == "error" and error["code"] == "bad_json"
        await client.write(whole)
        assert (await client.message())["type"] == "pong"
    finally:
        client.close()


async def test_a_short_frame_of_invalid_text_closes_the_socket_as_before(server: ServerProcess) -> None:
    client = await opened(server)
    try:
        await client.write(text_frame(b'{"type": "\xff"}'))
        assert await client.close_code() == 1007  # invalid frame payload data
    finally:
        client.close()


async def test_an_unmasked_or_reserved_bit_frame_is_refused_as_before(server: ServerProcess) -> None:
    reserved = bytearray(text_frame(PING))
    reserved[0] |= 0x20  # RSV2, which no extension here gives a meaning
    for frame in (Frame(Opcode.TEXT, PING).serialize(mask=False), bytes(reserved)):
        client = await opened(server)
        try:
            await client.write(frame)
            assert await client.close_code() == 1002  # protocol error
        finally:
            client.close()


async def test_a_frame_read_in_pieces_is_never_taken_for_a_whole_one(server: ServerProcess) -> None:
    """The second read looks exactly like a whole short frame (a ping) but is the rest of a frame the
    parser holds the start of: the parser must take it, and the two bytes make invalid text."""
    client = await opened(server)
    try:
        inner = text_frame(PING)
        start = bytes((0x81, 0x80 | len(inner))) + b"\0\0\0\0"  # a mask of zeros: the payload is `inner`
        await client.write(start, inner)
        answer = await client.frame()
        while answer.opcode is not Opcode.CLOSE:
            assert json.loads(bytes(answer.data))["type"] != "pong", answer
            answer = await client.frame()
        assert Close.parse(answer.data).code == 1007
    finally:
        client.close()


async def test_a_whole_frame_inside_a_fragmented_message_is_refused_as_before(server: ServerProcess) -> None:
    client = await opened(server)
    try:
        await client.write(text_frame(PING[:5], fin=False), text_frame(PING))
        assert await client.close_code() == 1002  # "expected a continuation frame"
    finally:
        client.close()


async def test_compressed_messages_are_read_through_one_window_however_they_arrive(
        server: ServerProcess) -> None:
    """Browsers compress every message once deflate is agreed: whole compressed frames are taken
    straight from the socket, the others through the parser, and both inflate through the same
    window (context takeover), so a message taken either way leaves the next one readable."""
    client = await opened(server, deflate=True)
    try:
        for ways in ([1], [3, 1], [1, 1], [2], [1, 2, 1]):  # 1: whole; 2: cut in two; 3: three in one read
            for way in ways:
                if way == 1:
                    await client.write(client.compressed(PING))
                    count = 1
                elif way == 2:
                    frame = client.compressed(PING)
                    await client.write(frame[:4], frame[4:])
                    count = 1
                else:
                    await client.write(b"".join(client.compressed(PING) for _ in range(3)))
                    count = 3
                assert [(await client.message())["type"] for _ in range(count)] == ["pong"] * count
        chat = json.dumps({"type": "chat", "text": "hello hello hello"}).encode()
        await client.write(client.compressed(chat))
        assert (await client.messages_until("chat"))[-1]["messages"][-1]["text"] == "hello hello hello"
    finally:
        client.close()


async def test_a_compressed_frame_that_does_not_inflate_closes_the_socket_as_before(
        server: ServerProcess) -> None:
    client = await opened(server, deflate=True)
    try:
        await client.write(client.compressed(PING))
        assert (await client.message())["type"] == "pong"
        broken = bytes((0xC1, 0x80 | 6)) + b"\0\0\0\0" + b"\xff\xff\xff\xff\xff\xff"  # no deflate stream
        await client.write(broken)
        assert await client.close_code() == 1002  # "decompression failed"
    finally:
        client.close()
