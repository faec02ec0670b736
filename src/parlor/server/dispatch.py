"""`parlor serve --workers N`: the parent process accepts every connection and hands it to the worker
that owns the table its first request names, so that a table's seats and spectators meet in one
worker and a move never has to cross Redis to be pushed.

The parent peeks at each new connection (`MSG_PEEK`: the worker reads the whole request itself),
reads the request line (request_line.py), and passes the descriptor over the worker's Unix socket
(SCM_RIGHTS); the worker gives it to uvicorn's protocol (handed.py). A connection that names no
table, or is not routed in time, or arrives while too many wait, goes to the workers in turn; one
that closes first is dropped. The parent never reads more than the peeked line and never waits on
one connection: a `selectors` loop, every socket non-blocking, every wait bounded.

The parent runs no asyncio loop on purpose: a worker forked from inside a running loop inherits
it, and asyncio.run in the child would refuse to start.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import selectors
import signal
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .request_line import LONGEST_LINE, Unfinished, owner, table_of

log = logging.getLogger("parlor.server")
ROUTE_WAIT = 2.0  # seconds a connection may take to send its request line before it goes in turn
FIRST_RECHECK = 0.005  # seconds before a half-arrived line is peeked at again (doubling each time)
LAST_RECHECK = 0.2  # seconds: the longest wait between two peeks at a half-arrived line
MOST_WAITING = 256  # connections waiting for their request line; beyond it, the oldest goes in turn
ACCEPTS_PER_TURN = 64  # connections accepted per turn of the loop before it looks at the others
SUPERVISE_EVERY = 0.25  # seconds: the longest the loop sleeps before it looks at a stop request
RESTART_PAUSE = 1.0  # seconds between two starts of one worker (one that fails at once is not spun)
WORKER = "worker"  # selector data: a worker process's sentinel
LISTENER = "listener"  # selector data: the listening socket

StartWorker = Callable[[int, socket.socket, Callable[[], None]], multiprocessing.process.BaseProcess]


@dataclass
class Waiting:
    """An accepted connection whose request line has not all arrived."""

    sock: socket.socket
    deadline: float
    recheck: float = 0.0  # when to peek again (0: on readability, as the selector reports it)
    delay: float = FIRST_RECHECK


@dataclass
class Worker:
    """One worker process and the parent's end of its Unix socket."""

    process: multiprocessing.process.BaseProcess
    channel: socket.socket
    started_at: float


@dataclass
class Dispatcher:
    """The parent's loop: accepts on `listener`, routes each connection to one of `count` workers
    started by `start_worker(index, channel, forget_parent)` (its place among them, the worker's end
    of a fresh socket pair, and what the child must call to close the parent's descriptors it
    inherited)."""

    listener: socket.socket
    count: int
    start_worker: StartWorker
    selector: selectors.BaseSelector = field(default_factory=selectors.DefaultSelector)
    workers: list[Worker | None] = field(default_factory=list)
    waiting: dict[int, Waiting] = field(default_factory=dict)
    restarts: dict[int, float] = field(default_factory=dict)  # worker index: when to start it again
    last_in_turn: int = 0  # the worker given the last connection routed in turn
    stopping: bool = False

    def run(self) -> None:
        """Start the workers and route connections until SIGINT or SIGTERM; then stop them all."""
        self.open()
        signal.signal(signal.SIGTERM, self._stop)
        signal.signal(signal.SIGINT, self._stop)
        try:
            while not self.stopping:
                self.turn()
        finally:
            self.close()

    def open(self) -> None:
        """Watch the listening socket and start the workers."""
        self.listener.setblocking(False)
        self.selector.register(self.listener, selectors.EVENT_READ, LISTENER)
        self.workers = [None] * self.count
        for index in range(self.count):
            self._start(index)

    def _stop(self, _signal: int, _frame: Any) -> None:
        self.stopping = True

    def turn(self) -> None:
        """Wait for something to do (at most `SUPERVISE_EVERY`) and do it: accept, route, restart."""
        for key, _ in self.selector.select(self._sleep()):
            if key.data == LISTENER:
                self._accept()
            elif key.data == WORKER:
                self._restart_exited()
            elif (waiting := self.waiting.get(key.fd)) is not None:
                self._peek(waiting)
        now = time.monotonic()
        for waiting in [w for w in self.waiting.values() if w.recheck and w.recheck <= now]:
            self._peek(waiting)
        for waiting in [w for w in self.waiting.values() if w.deadline <= now]:
            self._let_go(waiting)
            self._hand(waiting.sock, None)
        for index in [i for i, when in self.restarts.items() if when <= now and not self.stopping]:
            del self.restarts[index]
            self._start(index)

    def _sleep(self) -> float:
        now = time.monotonic()
        soonest = min([now + SUPERVISE_EVERY, *self.restarts.values()])
        for waiting in self.waiting.values():
            soonest = min(soonest, waiting.deadline, waiting.recheck or soonest)
        return max(0.0, soonest - now)

    def _accept(self) -> None:
        for _ in range(ACCEPTS_PER_TURN):
            try:
                sock, _address = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as err:  # out of descriptors, a connection reset before accept: go on
                log.warning("accept failed: %s", err)
                return
            sock.setblocking(False)
            if len(self.waiting) >= MOST_WAITING:
                # The one that waited longest goes in turn, not the newcomer: under a flood of silent
                # connections a client that sends its request line at once is still routed to its
                # table's owner (a worker without Redis refuses another's table). Waiting connections
                # are kept in the order they came, so the oldest is the first.
                oldest = next(iter(self.waiting.values()))
                self._let_go(oldest)
                self._hand(oldest.sock, None)
            waiting = Waiting(sock, time.monotonic() + ROUTE_WAIT)
            self.waiting[sock.fileno()] = waiting
            self.selector.register(sock, selectors.EVENT_READ)

    def _peek(self, waiting: Waiting) -> None:
        """Route the connection if its request line is all there; wait for more if not."""
        try:
            peeked = waiting.sock.recv(LONGEST_LINE, socket.MSG_PEEK)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:  # reset by the client
            self._let_go(waiting)
            waiting.sock.close()
            return
        if not peeked:  # closed before it asked anything
            self._let_go(waiting)
            waiting.sock.close()
            return
        table = table_of(peeked)
        if table is Unfinished.WAIT:
            # the peeked bytes stay readable: stop watching, look again a little later
            if not waiting.recheck:
                self.selector.unregister(waiting.sock)
            waiting.recheck = time.monotonic() + waiting.delay
            waiting.delay = min(2 * waiting.delay, LAST_RECHECK)
            return
        self._let_go(waiting)
        self._hand(waiting.sock, table)

    def _let_go(self, waiting: Waiting) -> None:
        del self.waiting[waiting.sock.fileno()]
        if not waiting.recheck:
            self.selector.unregister(waiting.sock)

    def _hand(self, sock: socket.socket, table: str | None) -> None:
        """Pass `sock` to its table's worker (or, for no table or a worker not there, the next in
        turn that takes it); close it if none does. The parent's copy is closed either way."""
        with sock:
            first = owner(table, self.count) if table is not None else self._next_turn()
            for index in [first, *(i for i in range(self.count) if i != first)]:
                worker = self.workers[index]
                if worker is None:
                    continue
                try:
                    socket.send_fds(worker.channel, [b"c"], [sock.fileno()])
                    return
                except OSError as err:  # its queue is full, or it is gone: try another
                    log.warning("worker %s did not take a connection: %s", worker.process.pid, err)

    def _next_turn(self) -> int:
        self.last_in_turn = (self.last_in_turn + 1) % self.count
        return self.last_in_turn

    def _start(self, index: int) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        ours.setblocking(False)
        process = self.start_worker(index, theirs, lambda: self._forget_in_child(ours))
        theirs.close()
        self.workers[index] = Worker(process, ours, time.monotonic())
        self.selector.register(process.sentinel, selectors.EVENT_READ, WORKER)

    def _restart_exited(self) -> None:
        """Start another worker in the place of each that ended (meanwhile its tables go to the
        others); no sooner than `RESTART_PAUSE` after the last start of that place."""
        for index, worker in enumerate(self.workers):
            if worker is None or worker.process.exitcode is None:
                continue
            self.selector.unregister(worker.process.sentinel)
            worker.channel.close()
            self.workers[index] = None
            if not self.stopping:
                log.error("worker %s exited with %s; starting another", worker.process.pid,
                          worker.process.exitcode)
                self.restarts[index] = worker.started_at + RESTART_PAUSE

    def _forget_in_child(self, parent_end: socket.socket) -> None:
        """In a newly forked worker: close the descriptors it inherited from the parent (the
        listening socket, the parent's end of every worker's channel, its own included, and the
        connections waiting to be routed), so that a connection the parent closes is closed for
        its client too, and the worker sees its channel end when the parent is gone."""
        self.selector.close()
        self.listener.close()
        parent_end.close()
        for worker in self.workers:
            if worker is not None:
                worker.channel.close()
        for waiting in self.waiting.values():
            waiting.sock.close()

    def close(self) -> None:
        """Stop accepting, drop the connections not yet routed, stop the workers (SIGTERM, then
        SIGKILL after 10 s)."""
        self.stopping = True
        self.listener.close()
        for waiting in list(self.waiting.values()):
            waiting.sock.close()
        self.waiting.clear()
        running = [w for w in self.workers if w is not None]
        for worker in running:
            if worker.process.pid is not None and worker.process.is_alive():
                os.kill(worker.process.pid, signal.SIGTERM)
        for worker in running:
            worker.process.join(timeout=10)
            if worker.process.is_alive():
                worker.process.kill()
            worker.channel.close()
        self.selector.close()
