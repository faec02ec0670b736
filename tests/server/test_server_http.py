"""The HTTP API in-process: lobby, tables, seats, tokens, records, size limits, clear errors."""

from __future__ import annotations

import hashlib
import re
import sqlite3
from pathlib import Path

from fastapi.testclient import TestClient

from parlor.core import all_games

from .procs import new_table


def test_games_lists_every_registered_game_with_options_and_bot_levels(client: TestClient) -> None:
    body = client.get("/api/games").json()
    assert [g["id"] for g in body["games"]] == [g.id for g in all_games()]
    sealed = next(g for g in body["games"] if g["id"] == "sealed_bids")
    assert {o["name"]: o["default"] for o in sealed["options"]} == {"rounds": 4, "hand_size": 3}
    assert {"easy", "medium", "hard", "expert", "random"} <= set(body["bot_levels"])
    assert all(body["bot_descriptions"][level] for level in body["bot_levels"])


def test_games_carry_their_titles_in_every_language(client: TestClient) -> None:
    """The lobby names each game as its catalogs do in the page's language (the Traditional Chinese
    editions' own titles), else by its published title."""
    titles = {g["id"]: g["titles"] for g in client.get("/api/games").json()["games"]}
    for game in all_games():
        assert titles[game.id] == {lang: game.title_in(lang) for lang in ("en", "zh_TW", "es")}
    assert titles["trickerion"]["zh_TW"] == "魔幻傳奇 Trickerion"
    assert titles["trickerion"]["es"] == "Trickerion: Legends of Illusion"
    assert titles["sealed_bids"]["zh_TW"] == "Sealed Bids"  # its catalogs name no title of their own


def test_game_data_says_where_each_game_keeps_its_live_scores(client: TestClient) -> None:
    """The table's player panels read the running scores where the game says they are."""
    for game in all_games():
        body = client.get(f"/api/games/{game.id}/data").json()
        expected = game.live_score.to_json() if game.live_score is not None else None
        assert body["live_score"] == expected, game.id
        if game.live_score is None:
            continue
        view = game.setup(game.min_players, 1).view(0)
        if game.live_score.listed:
            assert all(isinstance(x, int | float) for x in view[game.live_score.score]), game.id
        else:
            assert all(isinstance(p[game.live_score.score], int | float) for p in view["players"]), game.id


def test_every_bot_level_plays_a_table_to_the_end(client: TestClient) -> None:
    seats = [{"kind": "bot", "level": level} for level in ("medium", "hard", "easy")]
    r = client.post("/api/tables", json={"game": "sealed_bids", "players": 3, "seats": seats,
                                         "options": {"rounds": 1}})
    tid = r.json()["id"]
    summary = r.json()
    for _ in range(1000):
        summary = client.get(f"/api/tables/{tid}").json()
        if summary["status"] == "finished":
            break
    assert summary["status"] == "finished" and summary["result"]["winners"]


def test_create_table_then_join_each_seat_once(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "sealed_bids", "players": 2, "options": {"rounds": 2}})
    assert r.status_code == 201
    table = r.json()
    assert table["status"] == "open" and table["open_seats"] == [0, 1] and table["options"]["rounds"] == 2
    tid = table["id"]
    first = client.post(f"/api/tables/{tid}/seats/0/join", json={"name": "Ann"})
    assert first.status_code == 200 and len(first.json()["token"]) >= 22
    again = client.post(f"/api/tables/{tid}/seats/0/join", json={"name": "Eve"})
    assert again.status_code == 409 and again.json()["code"] == "seat_taken"
    client.post(f"/api/tables/{tid}/seats/1/join", json={"name": "Bob"})
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "running" and summary["actors"] == [0, 1]
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bob"]


def test_tokens_are_128_bit_and_stored_only_as_hashes(client: TestClient, tmp_path: Path) -> None:
    tid, tokens = new_table(client, "sealed_bids", 2, ["open", "open"])
    with sqlite3.connect(tmp_path / "parlor.db") as db:
        stored = dict(db.execute("select seat, token_hash from seats where table_id = ?", (tid,)).fetchall())
        dump = "\n".join(db.iterdump())
    for seat, token in tokens.items():
        assert len(token.encode()) >= 22  # 16 random bytes, url-safe base64
        assert stored[seat] == hashlib.sha256(token.encode()).hexdigest()
        assert token not in dump


def test_bad_input_gets_a_clear_error_and_changes_nothing(client: TestClient) -> None:
    cases = [
        ({"game": "chess", "players": 2}, 404, "unknown_game"),
        ({"game": "sealed_bids", "players": 9}, 400, "bad_options"),
        ({"game": "sealed_bids", "players": 2, "options": {"colour": "red"}}, 400, "bad_options"),
        ({"game": "sealed_bids", "players": 2, "options": {"rounds": "four"}}, 400, "bad_options"),
        ({"game": "sealed_bids", "players": 2, "seats": [{"kind": "bot", "level": "godlike"},
                                                         {"kind": "open"}]}, 400, "bad_options"),
        ({"game": "sealed_bids", "players": 2, "seats": [{"kind": "open"}]}, 400, "bad_options"),
        ({"game": "sealed_bids", "players": 2, "surprise": 1}, 422, "bad_request"),
        ({"players": 2}, 422, "bad_request"),
    ]
    for body, status, code in cases:
        r = client.post("/api/tables", json=body)
        assert (r.status_code, r.json()["code"]) == (status, code), (body, r.text)
        assert r.json()["message"]
    assert client.get("/api/tables").json()["tables"] == []
    bad = client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert bad.status_code == 422 and bad.json()["code"] == "bad_request"


def test_unknown_table_seat_and_token(client: TestClient) -> None:
    assert client.get("/api/tables/nosuchtable").json()["code"] == "not_found"
    tid, _ = new_table(client, "sealed_bids", 2, ["open", "easy"])
    r = client.post(f"/api/tables/{tid}/seats/5/join", json={"name": "X"})
    assert (r.status_code, r.json()["code"]) == (404, "not_found")
    assert client.post(f"/api/tables/{tid}/seats/99/join", json={"name": "X"}).status_code == 422
    assert client.post(f"/api/tables/{tid}/seats/1/join", json={"name": "X"}).json()["code"] == "seat_taken"
    for header in ("Bearer wrong-token", "Basic abc", "Bearer "):
        r = client.get(f"/api/tables/{tid}/record", headers={"Authorization": header})
        assert (r.status_code, r.json()["code"]) == (401, "bad_token"), header
    r = client.post(f"/api/tables/{tid}/seats/0/join", json={"name": "   "})
    assert r.status_code in (400, 409)


def test_leave_frees_the_seat_and_a_bot_plays_it(client: TestClient) -> None:
    tid, tokens = new_table(client, "sealed_bids", 2, ["open", "open"])
    auth = {"Authorization": f"Bearer {tokens[0]}"}
    wrong = client.post(f"/api/tables/{tid}/seats/1/leave", headers=auth)
    assert (wrong.status_code, wrong.json()["code"]) == (403, "forbidden")
    left = client.post(f"/api/tables/{tid}/seats/0/leave", headers=auth)
    assert left.status_code == 200 and left.json()["seats"][0]["playing"] == "bot"
    assert client.get(f"/api/tables/{tid}/record", headers=auth).json()["code"] == "bad_token"
    # the bot bids for the empty seat; seat 1 is still deciding
    summary = client.get(f"/api/tables/{tid}").json()
    for _ in range(100):
        if summary["actors"] == [1]:
            break
        summary = client.get(f"/api/tables/{tid}").json()
    assert summary["actors"] == [1]
    rejoin = client.post(f"/api/tables/{tid}/seats/0/join", json={"name": "Cy"})
    assert rejoin.status_code == 200


def test_the_host_gives_an_open_seat_to_a_bot_and_the_table_starts(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "sealed_bids", "players": 2})
    tid, host = r.json()["id"], {"Authorization": f"Bearer {r.json()['host_token']}"}
    assert r.json()["host"] is True and len(r.json()["host_token"]) >= 22
    ann = client.post(f"/api/tables/{tid}/seats/0/join", json={"name": "Ann"}).json()["token"]
    for headers in ({}, {"Authorization": f"Bearer {ann}"}):  # a stranger, another seat's player
        r = client.post(f"/api/tables/{tid}/seats/1/bot", json={"level": "random"}, headers=headers)
        assert (r.status_code, r.json()["code"]) == (403, "forbidden")
    r = client.post(f"/api/tables/{tid}/seats/1/bot", json={"level": "random"}, headers=host)
    assert r.status_code == 200 and r.json()["status"] == "running" and r.json()["host"] is False
    assert r.json()["seats"][1] == {"seat": 1, "kind": "bot", "level": "random", "name": None,
                                    "away": False, "playing": "bot", "connected": False,
                                    "handed": False, "timed_out": False}
    taken = client.post(f"/api/tables/{tid}/seats/0/bot", json={"level": "easy"}, headers=host)
    assert taken.json()["code"] == "seat_taken"
    assert client.get(f"/api/tables/{tid}", headers=host).json()["host"] is True
    assert client.get(f"/api/tables/{tid}").json()["host"] is False


def test_lists_open_running_and_finished_tables(client: TestClient) -> None:
    open_id = client.post("/api/tables", json={"game": "sealed_bids", "players": 2}).json()["id"]
    bots = client.post("/api/tables", json={"game": "sealed_bids", "players": 2,
                                            "seats": [{"kind": "bot"}, {"kind": "bot"}]}).json()["id"]
    for _ in range(200):
        if client.get(f"/api/tables/{bots}").json()["status"] == "finished":
            break
    listed = {t["id"]: t["status"] for t in client.get("/api/tables").json()["tables"]}
    assert listed == {open_id: "open"}
    finished = client.get("/api/tables", params={"status": "finished"}).json()["tables"]
    assert [t["id"] for t in finished] == [bots] and finished[0]["result"]["winners"]
    assert client.get("/api/tables", params={"status": "lost"}).status_code == 422


def test_lists_the_tables_named_by_id_of_any_status(client: TestClient) -> None:
    """A browser's page of its own games asks for its tables by id, in lots of at most 50."""
    open_id = client.post("/api/tables", json={"game": "sealed_bids", "players": 2}).json()["id"]
    bots = client.post("/api/tables", json={"game": "sealed_bids", "players": 2,
                                            "seats": [{"kind": "bot"}, {"kind": "bot"}]}).json()["id"]
    other = client.post("/api/tables", json={"game": "sealed_bids", "players": 2}).json()["id"]
    for _ in range(200):
        if client.get(f"/api/tables/{bots}").json()["status"] == "finished":
            break
    named = client.get("/api/tables", params={"id": [bots, open_id, "noSuchTable", bots]}).json()
    assert sorted(t["id"] for t in named["tables"]) == sorted([bots, open_id]) and other != open_id
    assert named["total"] == 2 and named["pages"] == 1
    assert {t["id"]: t["status"] for t in named["tables"]}[bots] == "finished"
    assert named["tables"][[t["id"] for t in named["tables"]].index(bots)]["result"]["winners"]
    only = client.get("/api/tables", params={"id": [bots, open_id], "status": "open"}).json()["tables"]
    assert [t["id"] for t in only] == [open_id]
    for refused in ({"id": [f"t{n}" for n in range(51)]}, {"id": "../etc"}, {"id": "x" * 33}, {"id": ""}):
        r = client.get("/api/tables", params=refused)
        assert (r.status_code, r.json()["code"]) == (422, "bad_request"), refused


def test_request_bodies_over_the_limit_are_refused(make_client) -> None:  # type: ignore[no-untyped-def]
    client = make_client(max_body_bytes=1000)
    r = client.post("/api/tables", json={"game": "sealed_bids", "players": 2, "options": {"x": "y" * 2000}})
    assert (r.status_code, r.json()["code"]) == (413, "too_large")
    assert client.get("/api/tables").json()["tables"] == []


def test_placeholder_page_docs_and_openapi(make_client, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    client = make_client(static_dir=tmp_path / "not-built")
    page = client.get("/")
    assert page.status_code == 200 and "not built yet" in page.text
    assert client.get("/docs").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    assert "/api/tables/{table_id}/seats/{seat}/join" in paths and "/api/tables/{table_id}/undo" in paths


def test_static_client_is_served_when_built(make_client, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    static = tmp_path / "static"
    static.mkdir()
    (static / "index.html").write_text("<p>the parlor client</p>")
    client = make_client(static_dir=static)
    assert "the parlor client" in client.get("/").text
    assert client.get("/api/health").json()["ok"] is True


def test_creating_tables_is_rate_limited_per_client(make_client) -> None:  # type: ignore[no-untyped-def]
    client = make_client(create_rate=0.01, create_burst=3)
    codes = [client.post("/api/tables", json={"game": "sealed_bids", "players": 2}).status_code
             for _ in range(4)]
    assert codes == [201, 201, 201, 429]
    assert client.post("/api/tables", json={}).json()["code"] == "rate_limited"
    assert len(client.get("/api/tables").json()["tables"]) == 3  # reading has its own bucket


SECURITY_HEADERS = {"x-frame-options": "DENY", "referrer-policy": "no-referrer",
                    "x-content-type-options": "nosniff", "cross-origin-opener-policy": "same-origin"}


def test_every_refusal_carries_the_security_headers_once(make_client) -> None:  # type: ignore[no-untyped-def]
    """Answers made before any route runs (rate limits, body and nesting limits) carry the same
    headers as the routes' answers, each header once, and the error shape of every other error."""
    client = make_client(max_body_bytes=1000, create_rate=0.01, create_burst=1)
    answers = {
        "created": client.post("/api/tables", json={"game": "sealed_bids", "players": 2}),
        "rate limited": client.post("/api/tables", json={"game": "sealed_bids", "players": 2}),
        "declared too large": client.post("/api/tables/x/chat", content=b"{}" * 600,
                                          headers={"content-type": "application/json"}),
        "chunked too large": client.post("/api/tables/x/chat", content=iter([b" " * 600, b" " * 600]),
                                         headers={"content-type": "application/json"}),
        "nested": client.post("/api/tables/x/chat", content=b"[" * 300 + b"]" * 300,
                              headers={"content-type": "application/json"}),
        "not found": client.get("/api/tables/nosuch"),
    }
    assert {name: (r.status_code, r.json().get("code")) for name, r in answers.items()} == {
        "created": (201, None), "rate limited": (429, "rate_limited"),
        "declared too large": (413, "too_large"), "chunked too large": (413, "too_large"),
        "nested": (400, "bad_request"), "not found": (404, "not_found")}
    for name, r in answers.items():
        for header, value in SECURITY_HEADERS.items():
            assert r.headers.get_list(header) == [value], (name, header)
        [policy] = r.headers.get_list("content-security-policy")
        assert "frame-ancestors 'none'" in policy and "unsafe-inline" not in policy, name
        assert "ws://testserver wss://testserver" in policy, name
        if r.status_code >= 400:
            assert set(r.json()) == {"code", "message"}, name


def test_the_socket_sources_of_the_policy_name_only_a_plain_host(client) -> None:  # type: ignore[no-untyped-def]
    plain = client.get("/api/health", headers={"host": "parlor.example:8443"})
    assert "connect-src 'self' ws://parlor.example:8443 wss://parlor.example:8443;" in \
        plain.headers["content-security-policy"]
    odd = client.get("/api/health", headers={"host": "evil.example; script-src *"})
    assert "connect-src 'self';" in odd.headers["content-security-policy"]
    assert "evil" not in odd.headers["content-security-policy"]
    docs = client.get("/docs")
    assert "https://cdn.jsdelivr.net" in docs.headers["content-security-policy"]
    assert "https://cdn.jsdelivr.net" not in client.get("/").headers["content-security-policy"]


def test_a_log_begins_with_what_the_setup_began(client: TestClient) -> None:
    """Game.opening_events: a new Opera table's log starts with "Round 1 begins" (OP-5) before any
    move, as index -1; the record of the game (and so the replay's log) starts with it too; a game
    whose setup begins nothing (the fixture game) has no such line."""
    table, _ = new_table(client, "opera", 3, ["open", "open", "open"])
    log = client.get(f"/api/tables/{table}/record").json()["log"]
    assert log == [{"index": -1, "kind": "round_started", "seat": None, "data": {"round": 1}}]
    plain, _ = new_table(client, "sealed_bids", 2, ["open", "open"])
    assert client.get(f"/api/tables/{plain}/record").json()["log"] == []


def test_a_finished_games_record_is_a_file_with_its_exact_seed_and_names(client: TestClient) -> None:
    """The record as a file (`/record/file`): the server writes it, whole and exact (a page's JSON numbers
    would round a 60-bit seed), with the players' names in the language asked; refused while it runs."""
    running, _ = new_table(client, "sealed_bids", 2, ["open", "open"])
    refused = client.get(f"/api/tables/{running}/record/file")
    assert (refused.status_code, refused.json()["code"]) == (409, "not_finished")
    table = client.post("/api/tables", json={"game": "sealed_bids", "players": 2, "seats": [
        {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]}).json()["id"]
    for _ in range(200):
        if client.get(f"/api/tables/{table}").json()["status"] == "finished":
            break
    answer = client.get(f"/api/tables/{table}/record/file", params={"lang": "es"})
    assert answer.status_code == 200
    assert re.fullmatch(r'attachment; filename="sealed_bids-\d{8}-\d{4}\.json"',
                        answer.headers["content-disposition"])
    saved = answer.json()
    record = client.get(f"/api/tables/{table}/record").json()["record"]
    assert {key: saved[key] for key in record} == record and saved["seed"] > 2**53  # exact past a double
    assert saved["names"] == ["Bot 1 (aleatorio)", "Bot 2 (aleatorio)"]
    assert client.get(f"/api/tables/{table}/record/file", params={"lang": "fr"}).status_code == 422
