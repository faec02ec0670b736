"""The WebSocket protocol uvicorn runs for the server: per-message deflate for large messages only,
and a direct way to send the table's messages.

Most messages are a few hundred bytes (a state with a small view, a pong, an error): compressing
them costs the server and the browser more time than the bytes it saves. RFC 7692 lets a sender
leave any message uncompressed (its RSV1 bit clear) after deflate was negotiated, and a message
left out does not touch the compressor's window, so the large ones still compress as well as before.

Sending a message through ASGI passes Starlette's socket, its exception wrapper, uvicorn's `send`
(a coroutine), websockets' frame object and its serializer, and writes to the transport once per
message: about a fifth of the server's time under many tables. A socket served by this protocol
offers itself in its scope (`scope["extensions"][DIRECT_SEND]`): `write_texts` writes all the
messages queued for one client as frames built here (an unmasked frame is a 2-to-10-byte header and the
payload), in one write. A large message on a socket that negotiated deflate still goes through
websockets, so that its compressor's window stays right.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Any, Protocol, cast

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import PerMessageDeflate, ServerPerMessageDeflateFactory
from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.protocol import OPEN
from websockets.typing import ExtensionParameter

try:  # websockets' C unmasking, as its own parser uses
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover (websockets built without its C extension)
    from websockets.utils import apply_mask

SMALL_MESSAGE = 1024  # bytes: messages shorter than this are sent uncompressed
DIRECT_SEND = "parlor.frames"  # the scope extension that holds the socket's `TableSocketProtocol`
FINAL_TEXT = 0x81  # FIN bit and the text opcode
COMPRESSED = 0x40  # RSV1: the message is compressed (permessage-deflate, RFC 7692)
MASKED = 0x80  # the mask bit of a frame's second byte (every client frame is masked)
SHORT_LENGTH = 126  # payload lengths below this fit in the second byte


class FrameWriter(Protocol):
    """What `TableSocketProtocol` offers the application for its socket."""

    def can_write(self) -> bool: ...

    def write_texts(self, payloads: list[bytes]) -> bool: ...

    async def send_texts(self, payloads: list[bytes]) -> None: ...


class LargeMessageDeflate(PerMessageDeflate):
    """permessage-deflate that sends a small single-frame message as it is."""

    def encode(self, frame: Frame) -> Frame:
        if frame.opcode in (Opcode.TEXT, Opcode.BINARY) and frame.fin and len(frame.data) < SMALL_MESSAGE:
            return frame
        return super().encode(frame)


class LargeMessageDeflateFactory(ServerPerMessageDeflateFactory):
    def process_request_params(self, params: Sequence[ExtensionParameter],
                               accepted_extensions: Sequence[Extension]
                               ) -> tuple[list[ExtensionParameter], PerMessageDeflate]:
        response, agreed = super().process_request_params(params, accepted_extensions)
        deflate = LargeMessageDeflate(agreed.remote_no_context_takeover, agreed.local_no_context_takeover,
                                      agreed.remote_max_window_bits, agreed.local_max_window_bits,
                                      self.compress_settings)
        return response, deflate


class TableSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websockets protocol with the deflate above (same window and memory settings)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            self.conn.available_extensions = [LargeMessageDeflateFactory(
                server_max_window_bits=12, client_max_window_bits=12, compress_settings={"memLevel": 5})]

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        if self.handshake_initiated and not self.close_sent:
            extensions = cast(dict[str, Any], self.scope["extensions"])
            extensions[DIRECT_SEND] = self

    def data_received(self, data: bytes) -> None:
        """Take a client's short text message (a move, a chat line, a ping) straight from the
        socket when `data` is exactly that one frame; anything else goes through websockets'
        parser. The parser is a generator that resumes through three layers per frame, about a
        tenth of the loop's time under many tables (cProfile, bench/server_move_cpu.py)."""
        if not self._took_short_text(data):
            super().data_received(data)

    def _took_short_text(self, data: bytes) -> bool:
        """Hand `data` to the application as uvicorn would, when it is one whole unfragmented,
        masked text frame under 126 bytes (compressed or not) and the parser waits between
        frames; False (nothing done) otherwise."""
        size = len(data)
        if size < 6 or data[0] not in (FINAL_TEXT, FINAL_TEXT | COMPRESSED) or data[1] & MASKED == 0:
            return False
        length = data[1] & ~MASKED
        conn = self.conn
        if (length >= SHORT_LENGTH or size != 6 + length or self.close_sent or conn.state is not OPEN
                or conn.current_size is not None or not _between_frames(conn)
                or (conn.max_message_size is not None and length > conn.max_message_size)):
            return False
        payload = apply_mask(data[6:], data[2:6])
        if data[0] & COMPRESSED:
            text = self._inflated(payload)
        else:
            try:
                text = payload.decode()
            except UnicodeDecodeError:
                text = None
        if text is None:
            return False  # the parser's way closes the socket as it should
        self.queue.put_nowait({"type": "websocket.receive", "text": text})
        if not self.read_paused:  # as uvicorn's: one message at a time until the application takes it
            self.read_paused = True
            self.transport.pause_reading()
        return True

    def _inflated(self, payload: bytes) -> str | None:
        """A compressed message's text, through the connection's deflate as its parser would; None
        (the decompressor's window as it was) when it is not valid UTF-8 or the decompressor
        refuses it, so that the parser reads it again and fails the connection in its own way."""
        extensions = self.conn.extensions
        if len(extensions) != 1 or not isinstance(extensions[0], PerMessageDeflate):
            return None
        deflate = extensions[0]
        kept = None if deflate.remote_no_context_takeover else deflate.decoder.copy()
        try:
            frame = deflate.decode(Frame(Opcode.TEXT, payload, rsv1=True),
                                   max_size=self.conn.max_message_size)
            return bytes(frame.data).decode()
        except Exception:  # any refusal is the parser's to report
            if kept is not None:
                deflate.decoder = kept
            return None

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        scope = getattr(self, "scope", None)
        if scope is not None:  # the scope held this protocol: a reference cycle otherwise
            cast(dict[str, Any], scope["extensions"]).pop(DIRECT_SEND, None)

    def can_write(self) -> bool:
        """Whether `write_texts` would send now: the socket is open and its buffer not full."""
        return (self.writable.is_set() and not self.disconnected and not self.close_sent
                and self.conn.state is OPEN)

    def write_texts(self, payloads: list[bytes]) -> bool:
        """Send each payload (UTF-8 JSON) as one text message, all in one write; False (nothing
        sent) while the transport's buffer is full.

        :raises ClientDisconnected: the socket is closed or closing (as uvicorn's `send` says it).
        """
        if self.disconnected or self.close_sent or self.conn.state is not OPEN:
            raise ClientDisconnected()
        if not self.writable.is_set():
            return False
        deflating = bool(self.conn.extensions)
        chunks = self.conn.data_to_send()  # whatever websockets queued (a pong) goes first
        for payload in payloads:
            if deflating and len(payload) >= SMALL_MESSAGE:
                self.conn.send_text(payload)
                chunks.extend(self.conn.data_to_send())
            else:
                chunks.append(frame_header(len(payload)))
                chunks.append(payload)
        self.transport.write(b"".join(chunks))
        return True

    async def send_texts(self, payloads: list[bytes]) -> None:
        """`write_texts`, waiting while the transport's buffer is full."""
        while not self.write_texts(payloads):
            await self.writable.wait()


class TableHttpProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol, which lets go of its parser once its connection became a WebSocket.

    The parser holds the protocol's callbacks and the protocol holds the parser. uvicorn breaks that
    cycle when the connection is lost, but an upgraded connection's transport hands its loss to the
    WebSocket protocol, so every socket left the pair to the garbage collector's full passes (half of
    the server's cyclic garbage at many tables: two sockets a game).
    """

    def handle_websocket_upgrade(self) -> None:
        super().handle_websocket_upgrade()
        self.parser = None  # type: ignore[assignment]  # as uvicorn's `connection_lost` does


def _between_frames(conn: Any) -> bool:
    """Whether websockets' parser waits for the first byte of a frame: it is suspended in its
    reader's `at_eof` with nothing buffered. Anywhere else (a frame's header read, its payload
    awaited) the next bytes are the rest of a frame, however much they look like a whole one.
    A websockets whose parser waits elsewhere just never takes the short way."""
    holder, waiting = None, conn.parser  # the server's parse, the frames' parse, at_eof
    while (deeper := getattr(waiting, "gi_yieldfrom", None)) is not None:
        holder, waiting = waiting, deeper
    return not conn.reader.buffer and _code_name(waiting) == "at_eof" and _code_name(holder) == "parse"


def _code_name(generator: Any) -> str:
    return str(getattr(getattr(generator, "gi_code", None), "co_name", ""))


def frame_header(length: int) -> bytes:
    """The header of a final, unmasked text frame of `length` bytes (RFC 6455, 5.2)."""
    if length < 126:
        return bytes((FINAL_TEXT, length))
    if length < 1 << 16:
        return struct.pack("!BBH", FINAL_TEXT, 126, length)
    return struct.pack("!BBQ", FINAL_TEXT, 127, length)


def frame_writer(scope: dict[str, Any] | Any) -> FrameWriter | None:
    """The socket's protocol when `TableSocketProtocol` serves it (None under another server)."""
    extensions = scope.get("extensions") or {}
    return cast(FrameWriter | None, extensions.get(DIRECT_SEND))


__all__ = ["DIRECT_SEND", "SMALL_MESSAGE", "ClientDisconnected", "FrameWriter", "TableHttpProtocol",
           "TableSocketProtocol", "frame_header", "frame_writer"]
