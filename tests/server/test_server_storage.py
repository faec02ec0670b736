"""Persistence: migrations, the (table, index) key under concurrent writers, and records that no
longer replay being reported rather than changed."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from parlor.core import BadOptions
from parlor.server.rows import MoveWrite, SeatRow, TableRow
from parlor.server.settings import Settings
from parlor.server.storage import Storage

from .conftest import hello, state_until
from .procs import new_table


def fresh_table(storage: Storage, table_id: str) -> None:
    now = time.time()
    storage.create_table(TableRow(table_id, "sealed_bids", "1", {}, 2, 7, "running", None, 0, 0, None, None,
                                  now, now), [SeatRow(0, "bot", "easy"), SeatRow(1, "bot", "easy")])


def racing_appends(storage: Storage) -> None:
    storage.migrate()
    storage.migrate()  # a second start finds the schema up to date
    for n in range(3):
        fresh_table(storage, f"race{n}")
        with ThreadPoolExecutor(8) as pool:
            wins = list(pool.map(lambda i, n=n: storage.append_move(f"race{n}", 0, i % 2, {"i": i}, "bot"),
                                 range(8)))
        assert wins.count(True) == 1
        assert [m.idx for m in storage.get_moves(f"race{n}")] == [0]
        assert not storage.append_move(f"race{n}", 2, 0, {}, "bot")  # no gaps either


def test_a_group_commit_stores_each_move_or_refuses_it_on_its_own(tmp_path: Path) -> None:
    storage = Storage(Settings(data_dir=tmp_path).database_url())
    try:
        storage.migrate()
        for table_id in ("a", "b", "c"):
            fresh_table(storage, table_id)
        batch = [MoveWrite("b", 0, 0, {"n": 1}, "player"), MoveWrite("a", 0, 1, {"n": 2}, "bot"),
                 MoveWrite("c", 3, 0, {"n": 3}, "player")]  # c is at move 0: refused, the others go in
        assert storage.append_moves(batch) == [True, True, False]
        assert [(m.idx, m.move) for m in storage.get_moves("b")] == [(0, {"n": 1})]
        assert [(m.idx, m.seat, m.by) for m in storage.get_moves("a")] == [(0, 1, "bot")]
        assert storage.get_moves("c") == []
        # a stray row where a's next move goes: the batch is rolled back and written move by move
        with sqlite3.connect(tmp_path / "parlor.db") as db:
            db.execute("INSERT INTO moves (table_id, idx, seat, move, by, created_at) "
                       "VALUES ('a', 1, 0, '{}', 'bot', 0)")
        assert storage.append_moves([MoveWrite("a", 1, 0, {}, "bot"), MoveWrite("c", 0, 1, {}, "bot")]) == \
            [False, True]
        assert storage.get_table("a").move_count == 1 and storage.get_table("c").move_count == 1
    finally:
        storage.close()


def test_one_writer_wins_each_index_on_sqlite(tmp_path: Path) -> None:
    storage = Storage(Settings(data_dir=tmp_path).database_url())
    try:
        racing_appends(storage)
    finally:
        storage.close()


def test_one_writer_wins_each_index_on_postgresql(pg_url: str) -> None:
    storage = Storage(Settings(db_url=pg_url).database_url())
    try:
        racing_appends(storage)
    finally:
        storage.close()


def joins_in_turn(storage: Storage) -> None:
    """Two players join an open table: each claim is stored with the table read back, a taken seat
    refuses the next claim, and the last join starts the table and marks it changed."""
    storage.migrate()
    before = time.time() - 60
    storage.create_table(TableRow("joins", "sealed_bids", "1", {"x": 1}, 2, 7, "open", None, 0, 0, None, None,
                                  before, before), [SeatRow(0, "open"), SeatRow(1, "open")])
    first = storage.claim_seat_and_read("joins", 0, "Ada", "a" * 64, 0)
    assert first is not None
    table, seats, moves = first
    assert (table.status, table.options, table.updated_at > before, moves) == ("open", {"x": 1}, True, [])
    assert [(s.kind, s.name, s.token_hash) for s in seats] == \
        [("human", "Ada", "a" * 64), ("open", None, None)]
    assert storage.claim_seat_and_read("joins", 0, "Eve", "e" * 64, 0) is None  # taken
    assert storage.claim_seat("joins", 1, "Bo", "b" * 64)
    assert not storage.claim_seat("joins", 1, "Eve", "e" * 64)
    table = storage.get_table("joins")
    assert table is not None and table.status == "running"
    assert [(s.seat, s.name) for s in storage.get_seats("joins")] == [(0, "Ada"), (1, "Bo")]
    assert storage.append_move("joins", 0, 1, {"bid": 2}, "player")
    assert [(m.idx, m.move) for m in storage.get_moves("joins", 0)] == [(0, {"bid": 2})]
    assert storage.get_moves("joins", 1) == []


def test_joins_claim_each_seat_once_and_start_the_table_on_sqlite(tmp_path: Path) -> None:
    storage = Storage(Settings(data_dir=tmp_path).database_url())
    try:
        joins_in_turn(storage)
    finally:
        storage.close()


def test_joins_claim_each_seat_once_and_start_the_table_on_postgresql(pg_url: str) -> None:
    storage = Storage(Settings(db_url=pg_url).database_url())
    try:
        joins_in_turn(storage)
    finally:
        storage.close()


def test_database_urls() -> None:
    assert Settings(data_dir=Path("/d")).database_url() == "sqlite:////d/parlor.db"
    assert Settings(db_url="postgresql://u@h/db").database_url() == "postgresql+psycopg://u@h/db"
    env = Settings.from_env({"PARLOR_BOT_DELAY": "0.25", "PARLOR_WS_BURST": "9"}, data_dir="/x")
    assert (env.bot_delay, env.ws_burst, env.data_dir) == (0.25, 9, Path("/x"))


def test_access_log_setting_reads_yes_and_no() -> None:
    assert Settings.from_env({}).access_log is False
    assert Settings.from_env({"PARLOR_ACCESS_LOG": "1"}).access_log is True
    assert Settings.from_env({"PARLOR_ACCESS_LOG": "off"}).access_log is False
    with pytest.raises(BadOptions, match="PARLOR_ACCESS_LOG"):
        Settings.from_env({"PARLOR_ACCESS_LOG": "maybe"})


DAMAGE = {  # how a stored record is broken -> what the table's problem says
    "rules_version": ("update tables set rules_version = '0' where id = :t", "rules version 0"),
    "bad_json": ("update moves set move = '{not json' where table_id = :t and idx = 1",
                 "record move 1 is not a JSON object"),
    "unknown_move": ("""update moves set move = '{"kind": "fold"}' where table_id = :t and idx = 1""",
                     "record move 1 (seat 1) does not replay: bad_move"),
    "illegal_move": ("""update moves set move = '{"kind": "bid", "card": 999}'
                        where table_id = :t and idx = 1""",
                     "record move 1 (seat 1) does not replay: illegal_move (SB-2)"),
    "missing_row": ("delete from moves where table_id = :t and idx = 0", "the record is missing move 0"),
    "bad_options": ("update tables set options = '[1, 2' where id = :t", "options are not a JSON object"),
}


def play_two_moves(client: TestClient) -> tuple[str, dict[int, str]]:
    tid, tokens = new_table(client, "sealed_bids", 3, ["open", "open", "open"])
    for seat in (0, 1):
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            s = hello(ws, tokens[seat])
            ws.send_text(json.dumps({"move": s["legal"][0]["move"], "index": seat}))
            state_until(ws, lambda m, n=seat + 1: m["type"] == "state" and m["index"] == n)
    return tid, tokens


def test_a_record_that_cannot_be_read_is_reported_for_its_table_and_left_untouched(
        make_client: Callable[..., TestClient], tmp_path: Path) -> None:
    """Bad JSON, an unknown or illegal move, a missing row, unreadable options: the server still
    starts, the table is listed as broken with the reason (lobby, summary, socket), moves are
    refused, the stored rows stay as they were, and a sound table plays on."""
    client = make_client()
    broken = {name: play_two_moves(client) for name in DAMAGE}
    sound, sound_tokens = play_two_moves(client)
    client.__exit__(None, None, None)
    with sqlite3.connect(tmp_path / "parlor.db") as db:
        for name, (sql, _) in DAMAGE.items():
            db.execute(sql.replace(":t", "?"), (broken[name][0],))
        before = db.execute("select * from moves order by table_id, idx").fetchall()
    client = make_client()
    assert client.get("/api/health").json()["ok"]
    for name, (_, reason) in DAMAGE.items():
        tid, tokens = broken[name]
        summary = client.get(f"/api/tables/{tid}").json()
        assert summary["problem"] and reason in summary["problem"], (name, summary["problem"])
        listed = {t["id"]: t["problem"] for t in client.get("/api/tables").json()["tables"]}
        assert listed[tid] == summary["problem"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            s = hello(ws, tokens[2])
            assert s["problem"] == summary["problem"] and s["view"] is None and not s["legal"]
            ws.send_text(json.dumps({"move": {"kind": "bid", "card": 1}, "index": 2}))
            assert state_until(ws, lambda m: m["type"] == "error")["code"] == "bad_record"
        assert client.get(f"/api/tables/{tid}/review/1").json()["code"] == "bad_record"
    assert listed[sound] is None
    with client.websocket_connect(f"/ws/tables/{sound}") as ws:
        s = hello(ws, sound_tokens[2])
        ws.send_text(json.dumps({"move": s["legal"][0]["move"], "index": 2}))
        assert state_until(ws, lambda m: m["type"] == "state" and m["index"] == 3)["problem"] is None
    with sqlite3.connect(tmp_path / "parlor.db") as db:
        after = db.execute("select * from moves order by table_id, idx").fetchall()
        problems = dict(db.execute("select id, problem from tables").fetchall())
    assert [r for r in after if r[0] != sound] == [r for r in before if r[0] != sound]
    assert all(problems[tid] for tid, _ in broken.values())


def test_touch_records_the_seats_it_names_and_only_those(tmp_path: Path) -> None:
    """The heartbeat's update is built once (an expanding IN): each call still names its own seats."""
    storage = Storage(Settings(data_dir=tmp_path).database_url())
    storage.migrate()
    fresh_table(storage, "touched")
    storage.create_table(TableRow("three", "sealed_bids", "1", {}, 3, 7, "running", None, 0, 0, None, None,
                                  1.0, 1.0), [SeatRow(n, "bot", "easy", last_seen=1.0) for n in range(3)])
    storage.touch("three", [0, 2], 50.0, live=True)
    storage.touch("three", [2], 60.0, live=False)
    storage.touch("touched", [1], 70.0, live=True)
    loaded = storage.load("three")
    assert loaded is not None
    seats = {s.seat: (s.last_seen, s.live_at) for s in loaded[1]}
    assert seats == {0: (50.0, 50.0), 1: (1.0, 0.0), 2: (60.0, 0.0)}
    other = storage.load("touched")
    assert other is not None
    assert [s.live_at for s in other[1]] == [0.0, 70.0]
