"""The WebSocket protocol uvicorn runs for the server: per-message deflate for large messages only.

Most messages are a few hundred bytes (a state with a small view, a pong, an error): compressing
them costs the server and the browser more time than the bytes it saves. RFC 7692 lets a sender
leave any message uncompressed (its RSV1 bit clear) after deflate was negotiated, and a message
left out does not touch the compressor's window, so the large ones still compress as well as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import PerMessageDeflate, ServerPerMessageDeflateFactory
from websockets.frames import Frame, Opcode
from websockets.typing import ExtensionParameter

SMALL_MESSAGE = 1024  # bytes: messages shorter than this are sent uncompressed


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


__all__ = ["SMALL_MESSAGE", "TableSocketProtocol"]
