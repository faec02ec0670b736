"""Every attack of issue 19, repeated against a real server process (`parlor serve` on loopback).

Each test starts its own server with the limits it needs (tests/server/procs.py); nothing here
measures time: "the server stays responsive" is checked by order (a health check answered while
the attack is still being worked on), never by a stopwatch.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from parlor.games.starroad.data import DATA_DIR

from .procs import ServerProcess, new_table

pytestmark = pytest.mark.timeout(120)
Servers = Callable[..., ServerProcess]
ERROR_KEYS = {"code", "message"}
NAMED_ERROR_KEYS = ERROR_KEYS | {"reason", "params"}   # an error that names its case
FILE_ERROR_KEYS = NAMED_ERROR_KEYS | {"problems"}      # ... with the problems of an uploaded file


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def poll(check: Callable[[], Any], tries: int = 400) -> Any:
    for _ in range(tries):
        found = check()
        if found:
            return found
        await asyncio.sleep(0.05)
    raise AssertionError("condition not reached")


async def next_message(ws: Any, kind: str) -> dict[str, Any]:
    async with asyncio.timeout(20):
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == kind:
                return dict(message)


# -- 1. options never name server files; setup is bounded ------------------------------------
async def test_options_cannot_name_server_files_and_setups_are_bounded(servers: Servers) -> None:
    server = servers(env={"PARLOR_WORK_SECONDS": "1", "PARLOR_WORK_MEMORY_MB": "512"})
    packaged = DATA_DIR / "objects.toml"
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        answers = set()
        for name in ("/etc/passwd", "/dev/urandom", "/no/such/file", str(packaged), "../../objects.toml"):
            for option in ("chart", "characters"):
                r = await http.post("/api/tables", json={"game": "starroad", "players": 2,
                                                         "options": {option: name}})
                assert r.status_code == 400 and set(r.json()) == FILE_ERROR_KEYS, r.text
                assert [p["file"] for p in r.json()["problems"]] == [option], r.text
                answers.add(r.json()["message"].replace("characters", "chart"))
        # the same answer whether the file exists, is a device or is missing: an upload that is not TOML
        assert len(answers) == 1 and "not valid TOML" in answers.pop()
        chart = packaged.read_text(encoding="utf-8")
        made = await http.post("/api/tables", json={"game": "starroad", "players": 2,
                                                    "options": {"chart": chart}})
        assert made.status_code == 201 and made.json()["options"]["chart"] == "uploaded"
        for bad, text in ((chart.replace("cost = ", "cost = -", 1), "field 'cost' must be >= 1"),
                          ("a = " + "[" * 20_000, "nested too deeply"),
                          ("# a comment\n" * 4000, "at least one design")):
            r = await http.post("/api/tables", json={"game": "starroad", "players": 2,
                                                     "options": {"chart": bad}})
            assert r.status_code == 400 and text in r.json()["message"], r.text
        for options in ({"round_limit": 1000}, {"round_limit": True}, {"production_limit": -1}):
            r = await http.post("/api/tables", json={"game": "starroad", "players": 2, "options": options})
            assert r.json()["code"] == "bad_options" and next(iter(options)) in r.json()["message"]
        # setups too slow (10 million prizes) or too large (a billion) are refused meanwhile
        for rounds, reason in ((10_000_000, "longer than 1 seconds"), (10**9, "out of memory")):
            create = asyncio.create_task(http.post("/api/tables", json={
                "game": "sealed_bids", "players": 2, "options": {"rounds": rounds}}))
            await asyncio.sleep(0.05)
            health = await http.get("/api/health")
            if rounds == 10_000_000:
                assert not create.done(), "the health check waited for the setup"
            assert health.json()["ok"]
            refused = await create
            assert refused.status_code == 400 and reason in refused.json()["message"], refused.text
        assert (await http.post("/api/tables", json={"game": "sealed_bids", "players": 2})).status_code == 201


# -- 2. a record that cannot be read is reported for its table -------------------------------
async def test_a_damaged_record_is_reported_and_the_server_still_starts(servers: Servers,
                                                                       tmp_path: Path) -> None:
    args = ["--data-dir", str(tmp_path)]
    server = servers(args)
    tables = {}
    with server.client() as http:
        for name in ("bad_json", "missing_row", "sound"):
            tid, tokens = new_table(http, "sealed_bids", 3, ["open", "open", "open"])
            for seat in (0, 1):
                async with websockets.connect(f"{server.ws_url}/ws/tables/{tid}") as ws:
                    await ws.send(json.dumps({"token": tokens[seat]}))
                    state = await next_message(ws, "state")
                    await ws.send(json.dumps({"move": state["legal"][0]["move"], "index": seat}))
                    await poll(lambda t=tid, n=seat + 1: http.get(f"/api/tables/{t}").json()["index"] == n)
            tables[name] = (tid, tokens)
    server.stop()
    with sqlite3.connect(tmp_path / "parlor.db") as db:
        db.execute("update moves set move = '{\"kind\": ' where table_id = ? and idx = 1",
                   (tables["bad_json"][0],))
        db.execute("delete from moves where table_id = ? and idx = 0", (tables["missing_row"][0],))
    restarted = servers(args, port=server.port)
    with restarted.client() as http:
        assert http.get("/api/health").json()["ok"]
        for name, reason in (("bad_json", "record move 1 is not a JSON object"),
                             ("missing_row", "the record is missing move 0")):
            found = await poll(lambda t=tables[name][0]: next(
                (x for x in http.get("/api/tables").json()["tables"] if x["id"] == t and x["problem"]),
                None))
            assert found["problem"] == reason
            assert http.get(f"/api/tables/{found['id']}").json()["problem"] == reason
        tid, tokens = tables["sound"]
        async with websockets.connect(f"{restarted.ws_url}/ws/tables/{tid}") as ws:
            await ws.send(json.dumps({"token": tokens[2]}))
            state = await next_message(ws, "state")
            await ws.send(json.dumps({"move": state["legal"][0]["move"], "index": 2}))
            assert (await next_message(ws, "state"))["index"] == 3


# -- 3. undo never crosses another seat's move, whoever made it ------------------------------
async def test_undo_never_takes_back_a_move_a_bot_made_for_another_seat(servers: Servers) -> None:
    server = servers(env={"PARLOR_MIN_CLOCK": "0.3", "PARLOR_BOT_DELAY": "0"})
    with server.client() as http:
        tid, tokens = new_table(http, "sealed_bids", 3, ["open", "open", "open"], clock=0.3,
                                options={"rounds": 8})
        async with websockets.connect(f"{server.ws_url}/ws/tables/{tid}") as ws0:
            await ws0.send(json.dumps({"token": tokens[0]}))
            state = await next_message(ws0, "state")
            await ws0.send(json.dumps({"move": state["legal"][0]["move"], "index": 0}))
            # seats 1 and 2 say nothing: their clocks run out and a bot bids for each
            while state["index"] < 2:
                state = await next_message(ws0, "state")
            refused = http.post(f"/api/tables/{tid}/undo", headers=bearer(tokens[0])).json()
            assert refused["code"] == "undo_refused" and "has moved since" in refused["message"]
            timed = [e for e in state["log"] if e["kind"] == "timed_out"]
            record = http.get(f"/api/tables/{tid}/record", headers=bearer(tokens[0])).json()
            assert timed and all(m["seat"] != 0 for m in record["moves"][1:])


# -- 4. griefing: seats, creation and joins, expiry, the paged lobby -------------------------
async def test_strangers_cannot_take_seats_and_creation_and_joins_are_limited(servers: Servers) -> None:
    server = servers(env={"PARLOR_CREATE_RATE": "0.001", "PARLOR_CREATE_BURST": "4",
                          "PARLOR_JOIN_RATE": "0.001", "PARLOR_JOIN_BURST": "3"})
    with server.client() as http:
        made = http.post("/api/tables", json={"game": "sealed_bids", "players": 3}).json()
        tid, host = made["id"], bearer(made["host_token"])
        ann = http.post(f"/api/tables/{tid}/seats/0/join", json={"name": "Ann"}).json()["token"]
        paths = ("seats/1/bot", "seats/0/bot", "seats/1/leave", "seats/0/leave", "seats/0/back")
        attempts = [(headers, path) for headers in ({}, bearer(ann), bearer("x" * 22)) for path in paths
                    if not (headers == bearer(ann) and path.startswith("seats/0"))]  # her own seat
        for headers, path in attempts:
            body = {"level": "easy"} if path.endswith("bot") else None
            r = http.post(f"/api/tables/{tid}/{path}", json=body, headers=headers)
            assert r.status_code in (401, 403) and r.json()["code"] in ("forbidden", "bad_token"), path
        assert http.get(f"/api/tables/{tid}").json()["seats"][1]["kind"] == "open"
        given = http.post(f"/api/tables/{tid}/seats/1/bot", json={"level": "easy"}, headers=host)
        assert given.status_code == 200 and given.json()["seats"][1]["kind"] == "bot"
        codes = [http.post("/api/tables", json={"game": "sealed_bids", "players": 2}).status_code
                 for _ in range(4)]
        assert codes == [201, 201, 201, 429]
        joins = [http.post(f"/api/tables/{tid}/seats/2/join", json={"name": f"N{i}"}).json().get("code")
                 for i in range(3)]
        assert joins == [None, "seat_taken", "rate_limited"]


async def test_open_tables_nobody_joined_expire_and_the_lobby_is_paged(servers: Servers) -> None:
    server = servers(env={"PARLOR_OPEN_TABLE_TTL": "1", "PARLOR_LOBBY_PAGE_SIZE": "10"})
    with server.client() as http:
        spam = [http.post("/api/tables", json={"game": "sealed_bids", "players": 2}).json()["id"]
                for _ in range(25)]
        real, _ = new_table(http, "sealed_bids", 2, ["open", "easy"])
        lobby = http.get("/api/tables").json()
        assert (lobby["total"], lobby["pages"], len(lobby["tables"])) == (26, 3, 10)
        assert lobby["tables"][0]["id"] == real  # the most recently active first
        await poll(lambda: http.get("/api/tables").json()["total"] == 1)
        assert http.get(f"/api/tables/{spam[0]}").json()["code"] == "not_found"
        assert http.get("/api/tables").json()["tables"][0]["id"] == real


# -- 5. floods: GETs, heavy requests, connections per address --------------------------------
async def test_reads_and_heavy_requests_are_limited_and_connections_capped(servers: Servers) -> None:
    server = servers(env={"PARLOR_READ_RATE": "0.001", "PARLOR_READ_BURST": "30",
                          "PARLOR_HEAVY_RATE": "0.001", "PARLOR_HEAVY_BURST": "10",
                          "PARLOR_WS_PER_ADDRESS": "4"})
    with server.client() as http:
        tid, _ = new_table(http, "sealed_bids", 2, ["easy", "easy"], options={"rounds": 6})
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        reviews = await asyncio.gather(*(http.get(f"/api/tables/{tid}/review/{step}")
                                         for step in range(40)))
        codes = sorted(r.status_code for r in reviews)
        assert codes.count(429) == 30 and codes.count(200) == 10
        assert all(set(r.json()) == ERROR_KEYS for r in reviews if r.status_code == 429)
        reads = [(await http.get(f"/api/tables/{tid}")).status_code for _ in range(30)]
        assert reads.count(429) >= 1 and (await http.get("/api/tables")).json()["code"] == "rate_limited"
    sockets = [await websockets.connect(f"{server.ws_url}/ws/tables/{tid}") for _ in range(5)]
    try:
        refused = json.loads(await sockets[-1].recv())
        assert refused["code"] == "rate_limited"
        for ws in sockets[:4]:
            await ws.send(json.dumps({"token": None}))
            assert (await next_message(ws, "state"))["table"] == tid
        await sockets[0].close()
        await asyncio.sleep(0.2)
        again = await websockets.connect(f"{server.ws_url}/ws/tables/{tid}")
        sockets.append(again)
        await again.send(json.dumps({"token": None}))
        assert (await next_message(again, "state"))["table"] == tid
    finally:
        for ws in sockets:
            await ws.close()


# -- 6. headers, bodies and the error shape --------------------------------------------------
async def test_headers_body_limits_nesting_strict_types_and_error_shape(servers: Servers) -> None:
    server = servers()
    with server.client() as http:
        for path in ("/", "/api/health", "/api/tables/nosuch"):
            r = http.get(path)
            csp = r.headers["content-security-policy"]
            assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
            assert "unsafe-inline" not in csp
            assert r.headers["x-frame-options"] == "DENY" and r.headers["referrer-policy"] == "no-referrer"
            assert r.headers["x-content-type-options"] == "nosniff"
        assert f"ws://127.0.0.1:{server.port}" in http.get("/").headers["content-security-policy"]

        def chunks() -> Any:
            for _ in range(100):
                yield b" " * 1024

        r = http.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
        assert (r.status_code, r.json()["code"]) == (413, "too_large")
        r = http.post("/api/tables", content=b"[" * 5000 + b"]" * 5000,
                      headers={"content-type": "application/json"})
        assert (r.status_code, r.json()["code"]) == (400, "bad_request")
        deep = {"game": "sealed_bids", "players": 2, "options": {"rounds": json.loads("[" * 40 + "]" * 40)}}
        assert http.post("/api/tables", json=deep).json()["code"] == "bad_request"
        for body in ({"game": "sealed_bids", "players": True}, {"game": "sealed_bids", "players": 2.0},
                     {"game": "sealed_bids", "players": "2"},
                     {"game": "sealed_bids", "players": 2, "clock": True},
                     {"game": "sealed_bids", "players": 2, "options": {"rounds": True}}):
            r = http.post("/api/tables", json=body)
            assert r.status_code in (400, 422) and set(r.json()) in (ERROR_KEYS, NAMED_ERROR_KEYS), body
        tid, tokens = new_table(http, "sealed_bids", 2, ["open", "open"])
        for method, path, status, code in (("GET", "/api/nothing", 404, "not_found"),
                                           ("DELETE", "/api/tables", 405, "method_not_allowed"),
                                           ("GET", f"/api/tables/{tid}/review/abc", 422, "bad_request"),
                                           ("GET", "/api/tables/no-such/review/1", 404, "not_found")):
            r = http.request(method, path)
            assert (r.status_code, r.json().get("code"), set(r.json())) == (status, code, ERROR_KEYS)
    async with websockets.connect(f"{server.ws_url}/ws/tables/{tid}") as ws:
        await ws.send(json.dumps({"token": tokens[0]}))
        await next_message(ws, "state")
        await ws.send("[" * 10_000 + "]" * 10_000)
        assert (await next_message(ws, "error"))["code"] in ("bad_json", "too_large")
        await ws.send(json.dumps({"move": {"kind": "bid", "card": json.loads("[" * 40 + "]" * 40)},
                                  "index": 0}))
        assert (await next_message(ws, "error"))["code"] == "bad_json"
        await ws.send(json.dumps({"type": "ping"}))
        assert (await next_message(ws, "pong")) == {"type": "pong"}


async def test_the_built_client_runs_under_its_content_security_policy(servers: Servers) -> None:
    """Chromium loads the lobby, a running table and a finished game's replay from a real server and
    reports no CSP violation (screenshots in test-artifacts/server/)."""
    root = Path(__file__).resolve().parents[2]
    static = root / "src" / "parlor" / "server" / "static"
    from playwright.async_api import async_playwright

    from e2e.conftest import CHROMIUM, CHROMIUM_ARGS

    if not (static / "index.html").is_file() or not Path(CHROMIUM).exists():
        pytest.skip(f"needs the built client (make web) and {CHROMIUM}")

    server = servers(env={"PARLOR_BOT_DELAY": "0.3"})
    with server.client() as http:
        running, _ = new_table(http, "trickerion", 2, ["easy", "easy"])
        done, _ = new_table(http, "sealed_bids", 2, ["easy", "easy"], options={"rounds": 2})
        await poll(lambda: http.get(f"/api/tables/{done}").json()["status"] == "finished")
    shots = root / "test-artifacts" / "server"
    shots.mkdir(parents=True, exist_ok=True)
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = await browser.new_page(viewport={"width": 1280, "height": 900})
            problems: list[str] = []
            page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: problems.append(str(e)))
            for name, route, ready in (("lobby", "#/", "#create-table"),
                                       ("table", f"#/t/{running}", ".table-page"),
                                       ("replay", f"#/replay/{done}", "#replay-step")):
                await page.goto(f"{server.url}/{route}")
                await page.wait_for_selector(ready, timeout=20_000)
                await page.wait_for_timeout(500)
                await page.screenshot(path=str(shots / f"csp-{name}.png"))
            assert not [p for p in problems if "Content Security Policy" in p or "Refused" in p], problems
        finally:
            await browser.close()
