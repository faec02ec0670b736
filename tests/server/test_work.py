"""The worker processes that set games up and replay records: a job that runs too long or grows too
large ends with `WorkFailed` and a fresh worker takes the next job; a job's own errors keep their
class (and so their code)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from parlor.core import BadOptions
from parlor.server import jobs
from parlor.server.work import WorkFailed, WorkPool

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def pool() -> Iterator[WorkPool]:
    made = WorkPool(1, 0.5, 256)
    yield made
    made.close()


async def test_out_of_time_out_of_memory_and_too_large_are_refused_and_the_worker_replaced(
        pool: WorkPool) -> None:
    assert await pool.run(sum, [1, 2, 3]) == 6
    with pytest.raises(WorkFailed, match=r"longer than 0\.5 seconds"):
        await pool.run(time.sleep, 5)
    with pytest.raises(WorkFailed, match="ran out of memory"):
        await pool.run(bytearray, 10**9)
    with pytest.raises(WorkFailed, match="the result is too large"):
        await pool.run(bytes, 40 * 1024 * 1024, seconds=10)
    state = await pool.run(jobs.prepare, "sealed_bids", 2, 7, {})
    assert state.actors() == (0, 1)


async def test_a_jobs_own_error_keeps_its_class(pool: WorkPool) -> None:
    with pytest.raises(BadOptions, match="2 to 4 players"):
        await pool.run(jobs.prepare, "sealed_bids", 9, 1, {})
    replayed = await pool.run(jobs.replay_moves, "sealed_bids", "1", 2, 1, {}, [(0, {"kind": "fold"})])
    assert replayed.state is None and replayed.problem == "record move 0 (seat 0) does not replay: bad_move"


async def test_warming_starts_a_worker_before_any_job() -> None:
    """`parlor serve` warms its pool at start: the first table a player opens does not wait for a
    worker to import the games (5.7 s on this machine under load, 0.6 s warmed)."""
    pool = WorkPool(1, 5.0, 512)
    try:
        assert pool.live_workers() == 0
        await pool.warm()
        assert pool.live_workers() == 1
        assert await pool.run(sum, [2, 3]) == 5
        assert pool.live_workers() == 1  # the job found the worker already running
    finally:
        pool.close()
