"""A worker of `parlor serve --workers N` that listens on no socket: it serves the connections the
parent hands it over a Unix socket (dispatch.py), each given to uvicorn's HTTP protocol as if the
worker had accepted it itself."""

from __future__ import annotations

import asyncio
import logging
import socket
import sys
from typing import Any

import uvicorn
from uvicorn.config import STARTUP_FAILURE

log = logging.getLogger("parlor.server")
TAKES_PER_TURN = 64  # descriptors read from the channel per wake-up before the loop serves others


class HandedServer(uvicorn.Server):
    """uvicorn's server with its listening sockets replaced by `channel`, the worker's end of the
    parent's socket pair: each message on it carries one accepted connection's descriptor."""

    def __init__(self, config: uvicorn.Config, channel: socket.socket) -> None:
        super().__init__(config)
        self.channel = channel
        self.opening: set[asyncio.Task[None]] = set()  # the loop keeps only weak references to tasks

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await self.lifespan.startup()
        if self.lifespan.should_exit:
            sys.exit(STARTUP_FAILURE)
        loop = asyncio.get_running_loop()
        self.channel.setblocking(False)
        loop.add_reader(self.channel.fileno(), self._take, loop)
        self.servers = []
        self.started = True

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self._stop_taking()
        await super().shutdown(sockets)

    def _protocol(self) -> asyncio.Protocol:
        """A protocol for one connection, built as `uvicorn.Server.startup` builds its own."""
        config = self.config
        protocol: asyncio.Protocol = config.http_protocol_class(  # type: ignore[call-arg]
            config=config, server_state=self.server_state, app_state=self.lifespan.state)
        return protocol

    def _take(self, loop: asyncio.AbstractEventLoop) -> None:
        """Read the descriptors waiting on the channel and serve each connection."""
        for _ in range(TAKES_PER_TURN):
            try:
                data, descriptors, _flags, _address = socket.recv_fds(self.channel, 1, 1)
            except (BlockingIOError, InterruptedError):
                return
            if not data and not descriptors:  # the parent is gone: finish what we hold and stop
                log.error("the parent process closed this worker's channel; stopping")
                self._stop_taking()
                self.should_exit = True
                return
            for descriptor in descriptors:
                task = loop.create_task(self._open(loop, socket.socket(fileno=descriptor)))
                self.opening.add(task)
                task.add_done_callback(self.opening.discard)

    async def _open(self, loop: asyncio.AbstractEventLoop, sock: socket.socket) -> None:
        try:
            await loop.connect_accepted_socket(self._protocol, sock)
        except OSError as err:  # the client left between the parent's accept and now
            log.debug("a handed connection could not be served: %s", err)
            sock.close()

    def _stop_taking(self) -> None:
        if self.channel.fileno() >= 0:
            asyncio.get_running_loop().remove_reader(self.channel.fileno())
            self.channel.close()


def run(config: uvicorn.Config, channel: socket.socket) -> Any:
    """Serve the connections handed over `channel` until told to stop."""
    return HandedServer(config, channel).run()
