"""The parent of `parlor serve --workers N` routing connections (dispatch.py), in this process: its
workers are stand-ins whose channel the test reads, so each test sees which worker a connection was
handed to and that the connection handed is the client's own, with its request still unread."""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, cast

import pytest

from parlor.server import dispatch
from parlor.server.dispatch import Dispatcher
from parlor.server.request_line import LONGEST_LINE, owner


@dataclass
class StandIn:
    """What the dispatcher needs of a worker process; `ended` is written to when it ends."""

    channel: socket.socket
    sentinel: int = -1
    exitcode: int | None = None
    pid: int | None = None
    ended: int = -1

    def __post_init__(self) -> None:
        self.sentinel, self.ended = os.pipe()

    def is_alive(self) -> bool:
        return self.exitcode is None

    def join(self, timeout: float | None = None) -> None:
        pass

    def kill(self) -> None:
        pass


@dataclass
class Parent:
    dispatcher: Dispatcher
    started: list[StandIn] = field(default_factory=list)
    port: int = 0

    def connect(self, data: bytes = b"") -> socket.socket:
        client = socket.create_connection(("127.0.0.1", self.port))
        if data:
            client.sendall(data)
        return client

    def handed(self, worker: int, seconds: float = 2.0) -> socket.socket | None:
        """The next connection handed to the worker running now at `worker`, turning the loop
        meanwhile; None if none comes in `seconds`."""
        deadline = time.monotonic() + seconds
        channel = self.started[self.current(worker)].channel
        channel.setblocking(False)
        while time.monotonic() < deadline:
            try:
                _, descriptors, _, _ = socket.recv_fds(channel, 1, 1)
                return socket.socket(fileno=descriptors[0])
            except BlockingIOError:
                self.dispatcher.turn()
        return None

    def current(self, worker: int) -> int:
        running = self.dispatcher.workers[worker]
        assert running is not None
        return next(i for i, s in enumerate(self.started) if s is cast(Any, running.process))


@pytest.fixture
def parent() -> Iterator[Parent]:
    listener = socket.create_server(("127.0.0.1", 0))
    started: list[StandIn] = []

    def start(index: int, channel: socket.socket, forget_parent: Callable[[], None]) -> Any:
        started.append(StandIn(socket.socket(fileno=os.dup(channel.fileno()))))
        return started[-1]

    dispatcher = Dispatcher(listener, 2, start)
    dispatcher.open()
    yield Parent(dispatcher, started, listener.getsockname()[1])
    dispatcher.close()
    for stand_in in started:
        stand_in.channel.close()
        os.close(stand_in.sentinel)
        os.close(stand_in.ended)


def table_owned_by(worker: int) -> str:
    return next(t for t in (f"table{i}" for i in range(100)) if owner(t, 2) == worker)


@pytest.mark.parametrize("worker", [0, 1])
def test_a_connection_goes_to_its_tables_worker_with_its_request_unread(parent: Parent, worker: int) -> None:
    table = table_owned_by(worker)
    request = f"GET /ws/tables/{table} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
    client = parent.connect(request)
    served = parent.handed(worker)
    assert served is not None and parent.handed(1 - worker, 0.1) is None
    with client, served:
        assert served.recv(1000) == request  # the peek consumed nothing
        served.sendall(b"HTTP/1.1 200 OK\r\n\r\n")
        assert client.recv(100) == b"HTTP/1.1 200 OK\r\n\r\n"  # the client's own connection


def test_connections_that_name_no_table_go_to_the_workers_in_turn(parent: Parent) -> None:
    clients = [parent.connect(b"GET /api/health HTTP/1.1\r\n\r\n") for _ in range(4)]
    served = [parent.handed(0, 0.5), parent.handed(1, 0.5), parent.handed(0, 0.5), parent.handed(1, 0.5)]
    assert all(s is not None for s in served)
    for sock in [*clients, *served]:
        assert sock is not None
        sock.close()


def test_a_silent_connection_holds_no_one_up_and_goes_on_after_its_wait(
        parent: Parent, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dispatch, "ROUTE_WAIT", 0.3)
    silent = parent.connect()
    table = table_owned_by(0)
    talking = parent.connect(f"GET /api/tables/{table} HTTP/1.1\r\n\r\n".encode())
    served = parent.handed(0, 0.2)
    assert served is not None and served.recv(100).startswith(b"GET /api/tables/")
    later = parent.handed(0, 1.0) or parent.handed(1, 1.0)  # the silent one, in turn, after its wait
    assert later is not None and not parent.dispatcher.waiting
    for sock in (silent, talking, served, later):
        sock.close()


def test_a_line_in_drips_is_routed_once_whole(parent: Parent) -> None:
    table = table_owned_by(1)
    client = parent.connect(b"GET /ws/tab")
    for _ in range(5):
        parent.dispatcher.turn()
    assert parent.dispatcher.waiting  # still waiting, not handed
    client.sendall(f"les/{table} HTTP/1.1\r\n".encode())
    served = parent.handed(1)
    assert served is not None and served.recv(100) == f"GET /ws/tables/{table} HTTP/1.1\r\n".encode()
    client.close()
    served.close()


@pytest.mark.parametrize("data", [b"G" * LONGEST_LINE, b"\x00\xff" * LONGEST_LINE,
                                  b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\n",
                                  b"GET /api/tables/../../etc/passwd HTTP/1.1\r\n"])
def test_a_huge_or_garbled_line_goes_to_a_worker_at_once(parent: Parent, data: bytes) -> None:
    client = parent.connect(data)
    served = parent.handed(0, 0.5) or parent.handed(1, 0.5)
    assert served is not None and not parent.dispatcher.waiting
    assert served.recv(10) == data[:10]  # the worker's parser answers it
    client.close()
    served.close()


def test_a_connection_closed_before_its_request_is_dropped(parent: Parent) -> None:
    parent.connect().close()
    assert parent.handed(0, 0.3) is None and parent.handed(1, 0.3) is None
    assert not parent.dispatcher.waiting


def test_beyond_the_most_waiting_the_oldest_goes_at_once_and_a_newcomer_is_still_routed(
        parent: Parent, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dispatch, "MOST_WAITING", 2)
    silent = [parent.connect() for _ in range(2)]
    for _ in range(3):
        parent.dispatcher.turn()
    assert len(parent.dispatcher.waiting) == 2
    third = parent.connect()  # silent too: it waits, and the oldest goes in turn
    served = parent.handed(0, 0.5) or parent.handed(1, 0.5)
    assert served is not None and served.getpeername() == silent[0].getsockname()
    assert len(parent.dispatcher.waiting) == 2
    table = table_owned_by(1)
    request = f"GET /ws/tables/{table} HTTP/1.1\r\n\r\n".encode()
    asking = parent.connect(request)  # the waiting room is full of silent ones: still its owner's
    routed = parent.handed(1, 0.5)
    assert routed is not None and routed.recv(100) == request
    for sock in (*silent, third, served, asking, routed):
        sock.close()


def test_a_worker_that_ended_is_started_again_and_its_tables_go_elsewhere_meanwhile(
        parent: Parent, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dispatch, "RESTART_PAUSE", 0.5)
    table = table_owned_by(0)
    request = f"GET /ws/tables/{table} HTTP/1.1\r\n\r\n".encode()
    gone = parent.started[0]
    gone.channel.close()  # its end of the channel is gone: the parent's send fails
    client = parent.connect(request)
    served = parent.handed(1)
    assert served is not None and served.recv(100) == request
    running = parent.dispatcher.workers[0]
    assert running is not None
    running.started_at = time.monotonic()  # it ends as soon as it started
    gone.exitcode = -9
    os.write(gone.ended, b"x")
    parent.dispatcher.turn()
    assert len(parent.started) == 2 and parent.dispatcher.workers[0] is None  # not spun at once
    deadline = time.monotonic() + 2
    while len(parent.started) < 3 and time.monotonic() < deadline:
        parent.dispatcher.turn()
    assert len(parent.started) == 3 and parent.current(0) == 2  # a new worker, a new channel
    again = parent.connect(request)
    routed = parent.handed(0)
    assert routed is not None and routed.recv(100) == request
    for sock in (client, served, again, routed):
        sock.close()
