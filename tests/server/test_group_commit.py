"""Moves written on the event loop (SQLite in one process, server/group_commit.py): the moves of one
turn of the loop share one transaction, each move's answer waits for that commit, a failed write
answers every move of its batch, and the loop's own connection never checkpoints SQLite's log (a
checkpoint syncs the files): a database thread does."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

import pytest

from parlor.server.group_commit import GroupCommit
from parlor.server.rows import MoveWrite
from parlor.server.settings import Settings
from parlor.server.storage import CHECKPOINT_COMMITS, NotNow, Storage

from .test_server_storage import fresh_table


def move(table: str, index: int) -> MoveWrite:
    return MoveWrite(table, index, 0, {"n": index}, "player")


async def never_on_a_thread(_batch: list[MoveWrite]) -> list[bool]:
    raise AssertionError("an inline group commit wrote on a thread")


def test_the_moves_of_one_turn_share_one_transaction_and_wait_for_it() -> None:
    batches: list[list[tuple[str, int]]] = []
    answered: list[MoveWrite] = []

    def write(batch: list[MoveWrite]) -> list[bool]:
        batches.append([(w.table_id, w.idx) for w in batch])
        assert not any(w in answered for w in batch)  # nobody heard of a move before its commit
        return [w.table_id != "taken" or w.idx > 0 for w in batch]

    async def play() -> None:
        commit = GroupCommit(never_on_a_thread, write)

        async def one(table: str) -> bool:
            write = move(table, 0)
            stored = await commit.append(write)
            answered.append(write)
            return stored

        assert await asyncio.gather(one("a"), one("taken"), one("a")) == [True, False, True]
        assert await commit.append(move("taken", 1))  # a later turn: a transaction of its own

    asyncio.run(play())
    assert batches == [[("a", 0), ("taken", 0), ("a", 0)], [("taken", 1)]]


def test_a_turn_the_loop_cannot_write_now_goes_to_a_thread_and_later_moves_wait_for_it() -> None:
    """The database is held by a thread's write (`Storage.writing_here` is False): the loop never
    waits for it; a database thread writes the turn's moves, the moves that arrive while it writes
    go after them on the thread (never beside it on the loop), then the loop writes again."""
    ways: list[tuple[str, int]] = []
    held = [True]

    def inline(batch: list[MoveWrite]) -> list[bool] | None:
        ways.append(("loop refused" if held[0] else "loop", len(batch)))
        return None if held[0] else [True] * len(batch)

    async def on_a_thread(batch: list[MoveWrite]) -> list[bool]:
        ways.append(("thread", len(batch)))
        await asyncio.sleep(0.01)
        return [True] * len(batch)

    async def play() -> None:
        commit = GroupCommit(on_a_thread, inline)
        first = asyncio.ensure_future(asyncio.gather(commit.append(move("a", 0)),
                                                     commit.append(move("b", 0))))
        await asyncio.sleep(0.001)
        held[0] = False
        assert await commit.append(move("c", 0))  # while the thread writes: after it, on the thread
        assert all(await first)
        assert await commit.append(move("d", 0))

    asyncio.run(play())
    assert ways == [("loop refused", 2), ("thread", 2), ("thread", 1), ("loop", 1)]


def test_the_loop_never_waits_for_the_write_lock_a_thread_holds(tmp_path: Path) -> None:
    storage = Storage(Settings(data_dir=tmp_path).database_url())
    try:
        storage.migrate()
        with storage.writing_here() as free:
            assert free
            fresh_table(storage, "a")  # the loop's own writes take the lock again (reentrant)
        holding, release = threading.Event(), threading.Event()

        def thread_write() -> None:
            with storage._writing():
                holding.set()
                release.wait(10)

        writer = threading.Thread(target=thread_write)
        writer.start()
        holding.wait(10)
        with storage.writing_here() as free:
            assert not free
        release.set()
        writer.join(10)
        with storage.writing_here() as free:
            assert free
    finally:
        storage.close()


def test_a_failed_write_answers_every_move_of_its_batch_with_the_error() -> None:
    def write(_batch: list[MoveWrite]) -> list[bool]:
        raise sqlite3.OperationalError("disk I/O error")

    async def play() -> list[BaseException | bool]:
        commit = GroupCommit(never_on_a_thread, write)
        return await asyncio.gather(commit.append(move("a", 0)), commit.append(move("b", 0)),
                                    return_exceptions=True)

    answers = asyncio.run(play())
    assert [type(a) for a in answers] == [sqlite3.OperationalError, sqlite3.OperationalError]


def test_closing_writes_and_answers_the_moves_of_the_turn() -> None:
    written: list[int] = []

    def write(batch: list[MoveWrite]) -> list[bool]:
        written.extend(w.idx for w in batch)
        return [True] * len(batch)

    async def play() -> bool:
        commit = GroupCommit(never_on_a_thread, write)
        waiting = asyncio.ensure_future(commit.append(move("a", 0)))
        await asyncio.sleep(0)  # queued; its turn's write not yet run
        await commit.close()
        return await waiting

    assert asyncio.run(play())
    assert written == [0]


def test_the_loops_connection_leaves_checkpoints_to_a_database_thread(tmp_path: Path) -> None:
    storage = Storage(Settings(data_dir=tmp_path).database_url())
    try:
        storage.migrate()
        fresh_table(storage, "a")
        commits = 3 * CHECKPOINT_COMMITS  # two pages or more each: past SQLite's own 1000-page checkpoint
        due = [storage.append_moves([move("a", i)], on_loop=True) == [True] and storage.checkpoint_due()
               for i in range(commits)]
        assert [i + 1 for i, now in enumerate(due) if now] == [CHECKPOINT_COMMITS * n for n in (1, 2, 3)]
        log = tmp_path / "parlor.db-wal"
        # the loop's connection never checkpointed: every commit is still in the log
        with sqlite3.connect(tmp_path / "parlor.db") as db:
            assert db.execute("PRAGMA wal_autocheckpoint").fetchone() == (1000,)  # others keep theirs
        grown = log.stat().st_size
        assert grown > 2 * commits * 4096
        storage.checkpoint()
        with sqlite3.connect(tmp_path / "parlor.db") as db:
            busy, frames, copied = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        assert busy == 0 and frames == copied  # everything was already copied into the database
        assert [m.idx for m in storage.get_moves("a")] == list(range(commits))
        # the log is written from its start again, not grown
        storage.append_moves([move("a", commits)], on_loop=True)
        assert log.stat().st_size == grown
    finally:
        storage.close()


@pytest.mark.parametrize("redis", [None, "redis://127.0.0.1:1/0"])
def test_moves_are_written_on_the_loop_for_sqlite_with_or_without_other_processes(
        tmp_path: Path, redis: str | None) -> None:
    from parlor.server.hub import Hub

    settings = Settings(data_dir=tmp_path, redis_url=redis)
    storage = Storage(settings.database_url())
    try:
        hub = Hub(settings, storage)
        assert hub.moves_out._write_inline is not None and hub.writes_here
    finally:
        storage.close()


def test_the_loop_declines_at_once_while_another_process_holds_the_write_lock(tmp_path: Path) -> None:
    from parlor.server.hub import Hub

    settings = Settings(data_dir=tmp_path)
    storage = Storage(settings.database_url())
    try:
        storage.migrate()
        fresh_table(storage, "a")
        hub = Hub(settings, storage)
        other = sqlite3.connect(tmp_path / "parlor.db", isolation_level=None)  # as another worker's
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(NotNow):
            storage.append_moves([move("a", 0)], on_loop=True)
        assert hub._write_moves_here([move("a", 0)]) is None  # the group commit hands it to a thread
        other.execute("ROLLBACK")
        other.close()
        assert storage.get_moves("a") == []
        assert hub._write_moves_here([move("a", 0)]) == [True]
        assert [m.idx for m in storage.get_moves("a")] == [0]
    finally:
        storage.close()


def test_a_collision_in_a_batch_on_the_loop_goes_to_a_thread_with_nothing_written(tmp_path: Path) -> None:
    storage = Storage(Settings(data_dir=tmp_path).database_url())
    try:
        storage.migrate()
        fresh_table(storage, "a")
        fresh_table(storage, "b")
        assert storage.append_moves([move("a", 0)]) == [True]
        with sqlite3.connect(tmp_path / "parlor.db") as db:  # a row the guard does not expect
            db.execute("UPDATE tables SET move_count = 0 WHERE id = 'a'")
        with pytest.raises(NotNow):
            storage.append_moves([move("a", 0), move("b", 0)], on_loop=True)
        assert storage.get_moves("b") == []
        assert storage.append_moves([move("a", 0), move("b", 0)]) == [False, True]
    finally:
        storage.close()
