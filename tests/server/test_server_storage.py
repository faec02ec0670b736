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

from parlor.server.settings import Settings
from parlor.server.storage import SeatRow, Storage, TableRow

from .conftest import hello
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


def test_database_urls() -> None:
    assert Settings(data_dir=Path("/d")).database_url() == "sqlite:////d/parlor.db"
    assert Settings(db_url="postgresql://u@h/db").database_url() == "postgresql+psycopg://u@h/db"
    env = Settings.from_env({"PARLOR_BOT_DELAY": "0.25", "PARLOR_WS_BURST": "9"}, data_dir="/x")
    assert (env.bot_delay, env.ws_burst, env.data_dir) == (0.25, 9, Path("/x"))


@pytest.mark.parametrize("damage", ["rules_version", "move"])
def test_a_record_that_no_longer_replays_is_reported_not_changed(
        make_client: Callable[..., TestClient], tmp_path: Path, damage: str) -> None:
    client = make_client()
    tid, tokens = new_table(client, "sealed_bids", 2, ["open", "open"])
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        s = hello(ws, tokens[0])
        ws.send_text(json.dumps({"move": s["legal"][0]["move"], "index": 0}))
        ws.receive_json()
    client.__exit__(None, None, None)
    with sqlite3.connect(tmp_path / "parlor.db") as db:
        if damage == "rules_version":
            db.execute("update tables set rules_version = '0' where id = ?", (tid,))
        else:
            db.execute("update moves set move = ? where table_id = ?", (json.dumps({"kind": "fold"}), tid))
        before = db.execute("select * from moves where table_id = ?", (tid,)).fetchall()
    client = make_client()
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["problem"] and ("version" in summary["problem"] or "fold" in summary["problem"])
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        s = hello(ws, tokens[1])
        assert s["problem"] == summary["problem"] and s["view"] is None
        ws.send_text(json.dumps({"move": {"kind": "bid", "card": 1}, "index": 1}))
        assert ws.receive_json()["code"] == "bad_record"
    with sqlite3.connect(tmp_path / "parlor.db") as db:
        assert db.execute("select * from moves where table_id = ?", (tid,)).fetchall() == before
        problem = db.execute("select problem from tables where id = ?", (tid,)).fetchone()[0]
    assert problem == summary["problem"]
