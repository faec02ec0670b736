"""Where batches run: this process, a local process pool, or Ray (local or an existing cluster).

A backend only carries `run_batch(study_json, batch)` to a worker and its rows back; it decides nothing
about results, so every backend gives the same rows for the same study.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from parlor.core import BadOptions

from .study import Batch, Row, load_plugins, run_batch

DoneFn = Callable[[Batch, list[Row]], None]


class Backend:
    """Runs batches; `on_done` is called in this process, once per batch, as each one finishes."""

    name = "serial"

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Release workers; safe to call twice."""

    def parallelism(self) -> int:
        """How many batches can run at once."""
        return 1

    def warm(self) -> None:
        """Start every worker now (benchmarks time the games, not the start-up)."""

    def run(self, study_json: dict[str, Any], batches: Sequence[Batch], on_done: DoneFn) -> None:
        for batch in batches:
            on_done(batch, run_batch(study_json, batch))


class LocalBackend(Backend):
    """A pool of `workers` fresh processes (spawned, so nothing leaks in from this process)."""

    name = "local"

    def __init__(self, workers: int, plugins: Sequence[str] = ()) -> None:
        self.workers = workers
        self.plugins = tuple(plugins)
        self._pool: ProcessPoolExecutor | None = None

    def parallelism(self) -> int:
        return self.workers

    def warm(self) -> None:
        pool = self._start()
        for future in [pool.submit(load_plugins, self.plugins) for _ in range(self.workers)]:
            future.result()

    def _start(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start, initargs=(self.plugins,))
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def run(self, study_json: dict[str, Any], batches: Sequence[Batch], on_done: DoneFn) -> None:
        if not batches:
            return
        pool = self._start()
        pending: dict[Future[list[Row]], Batch] = {
            pool.submit(run_batch, study_json, batch): batch for batch in batches}
        try:
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=lambda f: pending[f].index):
                    on_done(pending.pop(future), future.result())
        finally:
            for future in pending:
                future.cancel()


def _worker_start(plugins: tuple[str, ...]) -> None:
    """Workers leave Ctrl-C to the parent, which stops the pool and keeps what is finished."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    load_plugins(plugins)


class RayBackend(Backend):
    """Batches as Ray tasks: on a Ray started here (`address` None) or on an existing cluster.

    A Ray already initialised in this process is used as it is and left running.
    """

    name = "ray"

    def __init__(self, address: str | None = None, workers: int = 0) -> None:
        try:
            import ray
        except ImportError:
            raise BadOptions("--backend ray needs the ray package (pip install ray)") from None
        self._ray: Any = ray
        self._started = False
        if not ray.is_initialized():
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if address:
                kwargs["address"] = address
            elif workers:
                kwargs["num_cpus"] = workers
            try:
                ray.init(**kwargs)
            except (ConnectionError, ValueError, RuntimeError) as err:
                raise BadOptions(f"cannot start or reach Ray ({address or 'local'}): {err}") from None
            self._started = True
        self._remote = ray.remote(run_batch)

    def parallelism(self) -> int:
        return max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    def warm(self) -> None:
        ready = self._ray.remote(load_plugins)
        self._ray.get([ready.remote(()) for _ in range(self.parallelism())])

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()
            self._started = False

    def run(self, study_json: dict[str, Any], batches: Sequence[Batch], on_done: DoneFn) -> None:
        ray = self._ray
        study_ref = ray.put(study_json)
        pending = {self._remote.remote(study_ref, batch): batch for batch in batches}
        try:
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    on_done(pending.pop(ref), ray.get(ref))
        finally:
            for ref in pending:
                ray.cancel(ref)


def make_backend(kind: str, workers: int, address: str | None, plugins: Sequence[str]) -> Backend:
    """The backend a command line asks for; `workers` 0 means every CPU of this machine.

    :raises BadOptions: unknown backend, negative workers, or an address without Ray.
    """
    if workers < 0:
        raise BadOptions("--workers must be 0 (every CPU) or more")
    if kind == "local":
        if address:
            raise BadOptions("--ray-address needs --backend ray")
        count = workers or os.cpu_count() or 1
        return Backend() if count == 1 else LocalBackend(count, plugins)
    if kind == "ray":
        return RayBackend(address, workers)
    raise BadOptions(f"--backend must be local or ray, not {kind!r}")

