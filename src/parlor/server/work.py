"""Heavy work in worker processes with a time and a memory bound: setting up games, replaying records.

A game's setup and a replay run engine code on options and records that strangers send, so they run
in separate processes: each has an address-space limit (`RLIMIT_AS`) and each job a deadline. A job
that runs out of time kills its process; one that runs out of memory ends it. Either way the caller
gets `WorkFailed` with a sentence, a fresh process takes the next job, and the event loop never waits:
jobs are handed over by threads, one per worker.

A worker is a plain subprocess (`python -c ...`, never a fork of the server and never a re-run of
its main module) that talks pickles over a socket pair and imports only the core and the games
(about 0.3 s to start). Games registered in this process without an entry point (the tests' fixture
game) are registered in each worker from their module and class. Pools are shared within a process
(`WorkPool.shared`), so the many apps of a test run start their workers once.
"""

from __future__ import annotations

import asyncio
import atexit
import importlib
import logging
import os
import pickle
import resource
import runpy
import socket
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from multiprocessing.connection import Connection
from typing import Any, ClassVar, TypeVar

from parlor.core import ParlorError, all_games, errors, get_game, register

T = TypeVar("T")
log = logging.getLogger("parlor.server")
WORKER = "import sys; from parlor.server.work import serve_fd; serve_fd(int(sys.argv[1]))"
RESULT_LIMIT = 32 * 1024 * 1024  # bytes of one job's pickled result (a position, a replay)
STARTUP_SECONDS = 60.0           # for a new worker to import the games


class WorkFailed(ParlorError):
    """A job ran out of time or memory (its worker was replaced)."""

    code = "work_failed"


def game_classes() -> list[tuple[str, str]]:
    """(module, class) of every registered game, for the workers to register too. A game defined in
    the script that started the server (its `__main__`) is named by the script's path: the worker
    runs that script under another name, so its `if __name__ == "__main__":` part stays asleep."""
    out = []
    for game in all_games():
        module = type(game).__module__
        if module == "__main__":
            module = "file:" + str(getattr(sys.modules["__main__"], "__file__", ""))
        out.append((module, type(game).__qualname__))
    return out


class WorkPool:
    """`processes` workers, each limited to `memory_mb` of address space; jobs get `seconds`."""

    _shared: ClassVar[dict[tuple[int, float, int], WorkPool]] = {}
    _shared_lock: ClassVar[threading.Lock] = threading.Lock()

    @classmethod
    def shared(cls, processes: int, seconds: float, memory_mb: int) -> WorkPool:
        """The process's pool for these settings (created on first use, closed at exit)."""
        key = (processes, seconds, memory_mb)
        with cls._shared_lock:
            pool = cls._shared.get(key)
            if pool is None:
                pool = cls._shared[key] = cls(processes, seconds, memory_mb)
                atexit.register(pool.close)
            return pool

    def __init__(self, processes: int, seconds: float, memory_mb: int) -> None:
        self.seconds = seconds
        self.memory_bytes = memory_mb * 1024 * 1024
        self.games = game_classes()
        self._threads = ThreadPoolExecutor(max_workers=max(1, processes), thread_name_prefix="parlor-work")
        self._local = threading.local()
        self._workers: list[_Worker] = []
        self._lock = threading.Lock()
        self._closed = False

    async def run(self, fn: Callable[..., T], *args: Any, seconds: float | None = None) -> T:
        """`fn(*args)` in a worker. :raises WorkFailed: out of time or memory; the job's own
        ParlorError (BadOptions, BadRecord, ...) is raised again here."""
        loop = asyncio.get_running_loop()
        limit = self.seconds if seconds is None else seconds
        result: T = await loop.run_in_executor(self._threads, partial(self._run, fn, args, limit))
        return result

    async def warm(self) -> None:
        """Start a worker now (it imports the games: seconds on a busy machine), so that the first
        table a player opens does not wait for it; the others start when jobs come at once."""
        try:
            await self.run(ready)
        except WorkFailed:
            log.warning("a setup worker did not start; the first job will start one")

    def live_workers(self) -> int:
        """How many worker processes are running."""
        with self._lock:
            return sum(1 for worker in self._workers if worker.alive())

    def _run(self, fn: Callable[..., T], args: tuple[Any, ...], seconds: float) -> T:
        worker: _Worker | None = getattr(self._local, "worker", None)
        if worker is None or not worker.alive():
            worker = self._start()
            self._local.worker = worker
        try:
            return worker.run(fn, args, seconds)  # type: ignore[no-any-return]
        except WorkFailed:
            self._local.worker = None
            raise

    def _start(self) -> _Worker:
        with self._lock:
            if self._closed:
                raise WorkFailed("the server is stopping")
            worker = _Worker(self.memory_bytes, self.games)
            self._workers = [w for w in self._workers if w.alive()] + [worker]
            return worker

    def close(self) -> None:
        with self._lock:
            self._closed = True
            workers, self._workers = self._workers, []
        for worker in workers:
            worker.stop()
        self._threads.shutdown(wait=False, cancel_futures=True)


def ready() -> None:
    """A job that does nothing: a worker that runs it has started."""


class _Worker:
    def __init__(self, memory_bytes: int, games: list[tuple[str, str]]) -> None:
        ours, theirs = socket.socketpair()
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
        self.process = subprocess.Popen([sys.executable, "-c", WORKER, str(theirs.fileno())],
                                        pass_fds=[theirs.fileno()], env=env, stdin=subprocess.DEVNULL)
        theirs.close()
        self.conn = Connection(ours.detach())
        self.conn.send((memory_bytes, games))
        # the worker says when its imports are done: starting never counts against a job's time
        try:
            ready = self.conn.poll(STARTUP_SECONDS) and self.conn.recv() == "ready"
        except (OSError, EOFError):
            ready = False
        if not ready:
            self.stop()
            raise WorkFailed("a worker process could not start")

    def alive(self) -> bool:
        return self.process.poll() is None

    def run(self, fn: Callable[..., Any], args: tuple[Any, ...], seconds: float) -> Any:
        try:
            self.conn.send((fn, args))
            ready = self.conn.poll(seconds)
        except (OSError, EOFError):
            ready = False
        if not ready:
            crashed = not self.alive()
            self.stop()
            if crashed:
                raise WorkFailed("the work ran out of memory")
            raise WorkFailed(f"the work took longer than {seconds:g} seconds")
        try:
            status, value = self.conn.recv()
        except (OSError, EOFError):
            self.stop()
            raise WorkFailed("the work ran out of memory") from None
        if status == "ok":
            return value
        kind, message, *case = value
        if kind == "MemoryError":
            if message == "out of memory":
                self.stop()  # a worker that hit its limit may hold half-built objects: replace it
                raise WorkFailed("the work ran out of memory")
            raise WorkFailed(f"the work failed: {message}")
        raise _error(kind, message, *case)

    def stop(self) -> None:
        if self.alive():
            self.process.kill()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            log.error("worker %d did not stop", self.process.pid)
        self.conn.close()


def _error(kind: str, message: str, case: dict[str, Any] | None = None) -> ParlorError:
    """The job's own error again: a core error keeps its class (and so its code), its reason,
    params and problems."""
    cls = getattr(errors, kind, None)
    if isinstance(cls, type) and issubclass(cls, ParlorError):
        if case is None:
            return cls(message)
        return cls(message, reason=case["reason"], problems=case["problems"], **case["params"])
    return WorkFailed(f"the work failed: {message}")


def serve_fd(fd: int) -> None:
    """A worker's main: its settings come first on the socket, then jobs until the socket closes.
    Every error is sent back as (class name, message); nothing is printed."""
    conn = Connection(fd)
    try:
        memory_bytes, games = conn.recv()
    except (EOFError, OSError):
        return
    if memory_bytes > 0:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    _register(games)
    conn.send("ready")
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[str, Any] = ("ok", fn(*args))
        except MemoryError:
            reply = ("error", ("MemoryError", "out of memory"))
        except ParlorError as err:
            case = {"reason": err.reason, "params": err.params, "problems": err.problems}
            reply = ("error", (type(err).__name__, str(err), case))
        except RecursionError:
            reply = ("error", ("RecursionError", "nested too deeply"))
        except Exception as err:  # an engine bug: the caller reports it, the worker goes on
            reply = ("error", (type(err).__name__, f"{type(err).__name__}: {err}"))
        try:
            data = pickle.dumps(reply, protocol=pickle.HIGHEST_PROTOCOL)
            if len(data) > RESULT_LIMIT:  # a position this large would burden the server's memory
                data = pickle.dumps(("error", ("MemoryError", "the result is too large")))
        except MemoryError:
            data = pickle.dumps(("error", ("MemoryError", "out of memory")))
        try:
            conn.send_bytes(data)
        except (EOFError, OSError):
            return


def _register(games: list[tuple[str, str]]) -> None:
    scripts: dict[str, dict[str, Any]] = {}
    for module_name, class_name in games:
        try:
            if module_name.startswith("file:"):
                path = module_name[len("file:"):]
                if path not in scripts:
                    scripts[path] = runpy.run_path(path, run_name="__parlor_games__")
                cls = scripts[path][class_name]
            else:
                cls = getattr(importlib.import_module(module_name), class_name)
            game = cls()
        except Exception:
            log.exception("worker: cannot register game %s:%s", module_name, class_name)
            continue
        try:
            get_game(game.id)
        except ParlorError:
            register(game)


__all__ = ["WorkFailed", "WorkPool", "game_classes"]
