"""Play again: a player of a finished game opens the next table; everyone at the old one is told.

The next table has the same game, options, players and clock; each bot's seat a bot of its level,
each player's seat open for that player under the same number. The first to ask opens it and gets
its host token; anyone after gets the same table; a watcher, a stranger's token (a player's of
another table) or a game not over is refused in the server's error shape, and nothing is opened."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient

from parlor.server import storage as storage_module
from parlor.server.settings import Settings
from parlor.server.storage import Storage

from .conftest import hello, state_until
from .test_table_features import wait_for

OPTIONS = {"rounds": 1, "hand_size": 2}


def finished_table(client: TestClient) -> tuple[str, str, str]:
    """A one-round Sealed Bids game at three seats: Ann and Bo (whose turns a bot then plays) and an
    expert bot; returns the table and Ann's and Bo's tokens once the game is over."""
    table = client.post("/api/tables", json={
        "game": "sealed_bids", "players": 3, "options": OPTIONS, "clock": 60,
        "seats": [{"kind": "open"}, {"kind": "open"}, {"kind": "bot", "level": "hard"}]}).json()["id"]
    ann = client.post(f"/api/tables/{table}/seats/0/join", json={"name": "Ann"}).json()["token"]
    bo = client.post(f"/api/tables/{table}/seats/1/join", json={"name": "Bo"}).json()["token"]
    for seat, token in ((0, ann), (1, bo)):
        answer = client.post(f"/api/tables/{table}/seats/{seat}/bot", json={"level": "easy"},
                             headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 200, answer.text
    wait_for(lambda: client.get(f"/api/tables/{table}").json()["status"] == "finished")
    return table, ann, bo


def again(client: TestClient, table: str, token: str | None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    return client.post(f"/api/tables/{table}/again", headers=headers)


def test_the_first_player_opens_the_next_table_and_everyone_is_told(client: TestClient) -> None:
    table, ann, bo = finished_table(client)
    old = client.get(f"/api/tables/{table}").json()
    assert old["next"] is None
    with client.websocket_connect(f"/ws/tables/{table}") as watcher:
        hello(watcher, None)
        first = again(client, table, bo)
        assert first.status_code == 200, first.text
        opened = first.json()
        # the answer names the table and gives its host token, nothing of the game (its seed stays
        # secret until it is over, as any table's)
        assert set(opened) == {"table", "host_token"} and opened["host_token"] and opened["table"] != table
        # the watcher's page is told where the next game is
        told = state_until(watcher, lambda m: m["type"] == "state" and m.get("next") is not None)
        assert told["next"] == opened["table"]
    # the next table: the same game, options, players and clock; the bot at its level, the players'
    # seats open under their numbers
    new = client.get(f"/api/tables/{opened['table']}").json()
    assert (new["game"], new["players"], new["options"], new["clock"]) == \
        (old["game"], old["players"], old["options"], old["clock"])
    assert new["status"] == "open" and new["open_seats"] == [0, 1]
    assert [(s["kind"], s.get("level")) for s in new["seats"]][2] == ("bot", "hard")
    assert client.get(f"/api/tables/{table}").json()["next"] == opened["table"]
    # Ann asks after: the same table, and no host token
    second = again(client, table, ann).json()
    assert second == {"table": opened["table"], "host_token": None}
    # the host token opens the next table's host rights
    host = client.get(f"/api/tables/{opened['table']}",
                      headers={"Authorization": f"Bearer {opened['host_token']}"}).json()
    assert host["host"] is True
    # each takes their seat by its number
    joined = client.post(f"/api/tables/{opened['table']}/seats/1/join", json={"name": "Bo"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1


def test_a_watcher_a_stranger_or_a_game_not_over_is_refused(client: TestClient) -> None:
    table, _, _ = finished_table(client)
    other, other_ann, _ = finished_table(client)
    for token, code in ((None, "bad_token"), ("x" * 40, "bad_token"), (other_ann, "bad_token")):
        answer = again(client, table, token)
        assert answer.status_code in (401, 403) and set(answer.json()) >= {"code", "message"}, answer.text
        assert answer.json()["code"] == code, answer.text
    running = client.post("/api/tables", json={"game": "sealed_bids", "players": 2, "options": OPTIONS,
                                               "seats": [{"kind": "open"}, {"kind": "bot"}]}).json()["id"]
    token = client.post(f"/api/tables/{running}/seats/0/join", json={"name": "Cy"}).json()["token"]
    count = len(client.get("/api/tables", params={"status": ["open", "running"]}).json()["tables"])
    refused = again(client, running, token)
    assert refused.status_code == 403 and refused.json()["code"] == "forbidden", refused.text
    assert "over" in refused.json()["message"]
    # nothing was opened, nothing named
    assert len(client.get("/api/tables", params={"status": ["open", "running"]}).json()["tables"]) == count
    assert client.get(f"/api/tables/{table}").json()["next"] is None
    assert client.get(f"/api/tables/{running}").json()["next"] is None
    assert other != table


def test_a_database_from_before_play_again_takes_its_column(tmp_path: Path) -> None:
    """A database that the release before made (schema v0002, a finished table in it) is upgraded
    on start: the table names no next one, and the first next table recorded is the one kept."""
    storage = Storage(Settings(data_dir=tmp_path).database_url())
    config = Config()
    config.set_main_option("script_location", str(Path(storage_module.__file__).parent / "migrations"))
    now = time.time()
    with storage.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "v0002")
        conn.execute(sa.text(
            "INSERT INTO tables (id, game, rules_version, options, players, seed, status, clock, "
            "move_count, epoch, result, problem, host_hash, created_at, updated_at) VALUES "
            "('old', 'sealed_bids', '1', '{}', 2, 7, 'finished', NULL, 0, 0, '{}', NULL, NULL, :now, :now)"),
            {"now": now})
    storage.migrate()
    loaded = storage.load("old")
    assert loaded is not None and loaded[0].next_table is None
    assert storage.set_next_table("old", "next1") == "next1"
    assert storage.set_next_table("old", "next2") == "next1"  # the first one recorded stays
    storage.close()
