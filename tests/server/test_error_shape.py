"""The error shape (docs/server.md "HTTP API"): `code` and `message`, and for an error that names its
case `reason` with whitelisted `params`, and an uploaded file's `problems`. Nothing in it comes from a
game's hidden state or the server's files: planted markers and path-like option values are checked."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import parlor
from parlor.core import BadOptions, BadRecord, IllegalMove, get_game
from parlor.core.error_words import ERROR_WORDS
from parlor.games.starroad.data import DATA_DIR
from parlor.server.errors import ApiError, error_json, socket_error

from .conftest import hello, state_until
from .procs import new_table
from .test_server_leaks import assert_clean, planted, seed_of

pytestmark = pytest.mark.timeout(60)
CHART = (DATA_DIR / "objects.toml").read_text(encoding="utf-8")


def two_mistakes() -> str:
    """The packaged chart with an unknown field in one design and a text where a number belongs."""
    return (CHART.replace('[object.1011]\n', '[object.1011]\nrange = 3\n', 1)
            .replace("cost = 4\n", 'cost = "four"\n', 1))


def create(client: TestClient, **options: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": "starroad", "players": 2, "options": options})
    assert r.status_code == 400, r.text
    return dict(r.json())


def test_an_unknown_option_names_itself_and_the_known_ones(client: TestClient) -> None:
    answer = create(client, colour="red")
    assert answer["code"] == "bad_options" and answer["reason"] == "unknown_option"
    assert answer["params"]["name"] == "colour" and "chart" in answer["params"]["known"]
    assert "problems" not in answer


def test_an_option_out_of_range_gives_its_bounds(client: TestClient) -> None:
    answer = create(client, round_limit=1000)
    assert answer["reason"] == "option_range"
    assert answer["params"]["name"] == "round_limit" and answer["params"]["value"] == 1000
    assert isinstance(answer["params"]["max"], int)


def test_an_uploaded_chart_lists_each_problem_with_its_place(client: TestClient) -> None:
    """SR-20.2: an unknown field and a mistyped one, each with its line, entry and author's name."""
    answer = create(client, chart=two_mistakes())
    assert answer["code"] == "bad_options" and answer["reason"] == "bad_table_file"
    problems = answer["problems"]
    assert {p["reason"] for p in problems} == {"unknown_field", "wrong_type"}
    unknown = next(p for p in problems if p["reason"] == "unknown_field")
    lines = two_mistakes().splitlines()
    assert lines[unknown["line"] - 1] == "range = 3"
    assert unknown["params"] == {"field": "range"} and unknown["file"] == "chart"
    assert unknown["table"] == "object" and unknown["key"] == "1011" and unknown["name"]
    typed = next(p for p in problems if p["reason"] == "wrong_type")
    assert typed["params"] == {"field": "cost", "type": "int", "value": "'four'"}
    assert lines[typed["line"] - 1] == 'cost = "four"'
    # the English message still says it all, for logs and the terminal
    assert "unknown field 'range'" in answer["message"]


def test_the_chart_tool_answers_with_the_same_problems(client: TestClient) -> None:
    r = client.post("/api/tools/starroad/sheet", json={"chart": two_mistakes()})
    assert r.status_code == 400 and r.json()["code"] == "bad_chart", r.text
    assert {p["reason"] for p in r.json()["problems"]} == {"unknown_field", "wrong_type"}


@pytest.mark.parametrize("value", ["/etc/passwd", str(DATA_DIR / "objects.toml"), "../data/objects.toml",
                                   "C:\\parlor\\objects.toml"])
def test_a_path_like_chart_is_text_never_a_server_file(client: TestClient, value: str) -> None:
    """An option never names a file: a path is read as (bad) TOML text, and nothing of the server's
    files comes back (no directory of the server, no content of the named file)."""
    answer = create(client, chart=value)
    text = json.dumps(answer)
    assert [p["file"] for p in answer["problems"]] == ["chart"]
    assert answer["problems"][0]["reason"] in ("not_toml", "not_toml_at")
    assert str(DATA_DIR) not in text and "root:" not in text and "schema_version" not in text


def test_params_are_whitelisted() -> None:
    """A parameter the whitelist does not name (a path, an exception, an object) is never sent."""
    err = BadRecord("/srv/parlor/x.json: no such file", reason="no_file", path="/srv/parlor/x.json")
    assert error_json(err)["params"] == {}
    err = BadOptions("x", reason="option_type", name="rounds", type="int", value={"deep": [1]},
                     choices=["a", object()])
    assert error_json(err)["params"] == {"name": "rounds", "type": "int"}
    err = BadOptions("x", reason="bad_table_file", problems=[
        {"reason": "unknown_field", "params": {"field": "x", "path": "/srv"}, "file": "/srv/data/chart",
         "table": "object", "key": "1011", "name": "Laser", "name_zh": "", "effect": 0, "line": 3},
        {"reason": "Not A Reason!", "params": {}}])
    assert error_json(err)["problems"] == [
        {"reason": "unknown_field", "params": {"field": "x"}, "file": "chart", "table": "object",
         "key": "1011", "name": "Laser", "name_zh": "", "effect": 0, "line": 3}]
    assert "reason" not in error_json(IllegalMove("SB-2: not in your hand"))


def test_errors_carry_no_planted_marker(client: TestClient, tmp_path: Path) -> None:
    """Markers planted in seat 1's hand (hidden from seat 0): seat 0's illegal moves naming cards it
    cannot see, its unreadable moves, bad options and a bad chart upload never contain one."""
    tid, tokens = new_table(client, "sealed_bids", 2, ["open", "open"])
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0:
        hello(ws0, tokens[0])
        table, markers = planted(client, tid)
        hidden = [m for m in markers if m not in table.state.hands[0]]  # type: ignore[attr-defined]
        assert hidden
        texts = []
        game = get_game("sealed_bids")
        own = table.state.hands[0][0]  # type: ignore[attr-defined]
        for move in ({"kind": "bid", "card": own + 1000}, {"kind": "bid"}, {"kind": "nonsense"}):
            ws0.send_text(json.dumps({"move": move, "index": 0}))
            texts.append(json.dumps(state_until(ws0, lambda m: m["type"] == "error")))
            why = client.post(f"/api/tables/{tid}/why", json={"move": move},
                              headers={"Authorization": f"Bearer {tokens[0]}"})
            texts.append(why.text)
        try:  # the engine's own refusal, through the error shape
            table.state.clone().check(0, game.move_from_json({"kind": "bid", "card": own + 1000}))
        except IllegalMove as err:
            texts.append(json.dumps(error_json(err)))
        else:
            raise AssertionError("a card seat 0 does not hold was a legal bid")
        texts.append(client.post("/api/tables", json={"game": "sealed_bids", "players": 2,
                                                       "options": {"rounds": "many"}}).text)
        texts.append(client.post("/api/tables", json={"game": "starroad", "players": 2,
                                                       "options": {"chart": two_mistakes()}}).text)
        assert len(texts) == 9 and all("code" in t or "legal" in t for t in texts)
        assert_clean(texts, [*hidden, seed_of(tmp_path, tid)])


def test_every_reason_a_new_table_may_be_refused_with_is_worded_in_every_language() -> None:
    """The lobby words a refusal by its reason: parlor's own reasons (the server's, and those of
    options, games and bots) from parlor.core.error_words, the words the terminal uses too, in en,
    zh_TW and es. (Reasons about files on disk are the terminal's alone: parlor.cli.words.)"""
    root = Path(parlor.__file__).parent
    sources = [*(root / "server").rglob("*.py"), *(root / "core" / name for name in
                                                   ("options.py", "registry.py", "game.py")),
               root / "ai" / "levels.py"]
    reasons = {reason for path in sources for line in path.read_text(encoding="utf-8").splitlines()
               if ".close(" not in line for reason in re.findall(r'reason="(\w+)"', line)}
    assert {"unknown_option", "option_range", "player_count", "unknown_bot", "setup_failed"} <= reasons
    assert set(ERROR_WORDS["en"]) == set(ERROR_WORDS["zh_TW"]) == set(ERROR_WORDS["es"])
    assert not [r for r in reasons if f"error_{r}" not in ERROR_WORDS["en"]]


def test_the_game_catalog_carries_parlors_error_words(client: TestClient) -> None:
    catalog = client.get("/api/games/starroad/text/zh_TW").json()
    assert catalog["errors"] == ERROR_WORDS["zh_TW"]
    assert "error_unknown_field" in catalog["ui"] and "problem_line" in catalog["ui"]


def test_a_clock_out_of_range_gives_its_bounds_in_seconds(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "sealed_bids", "players": 2, "clock": 10**9})
    assert r.status_code == 400 and r.json()["reason"] == "clock_range", r.text
    params = r.json()["params"]
    assert set(params) == {"min", "max", "value"} and params["value"] == 10**9
    assert isinstance(params["value"], int) and params["min"] < params["max"] < 10**9


SOCKET_REASONS = {"illegal_move", "stale_index", "not_deciding", "spectator_move"}


def test_a_refused_move_over_the_socket_names_its_case_without_hidden_things(client: TestClient,
                                                                             tmp_path: Path) -> None:
    """A refusal over the socket has the HTTP error's shape: `reason` and whitelisted `params`, which
    the page words in its language (an illegal move by its rule's ID, SB-2). Markers planted in seat
    1's hand never appear in a refusal seat 0 or a spectator gets."""
    tid, tokens = new_table(client, "sealed_bids", 2, ["open", "open"])
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0, \
            client.websocket_connect(f"/ws/tables/{tid}") as spectator:
        hello(ws0, tokens[0])
        hello(spectator, None)
        table, markers = planted(client, tid)
        hand = list(table.state.hands[0])  # type: ignore[attr-defined]
        hidden = [m for m in markers if m not in hand]
        assert hidden

        def refusal(ws: Any, move: dict[str, Any], index: int) -> dict[str, Any]:
            ws.send_text(json.dumps({"move": move, "index": index}))
            return state_until(ws, lambda m: m["type"] == "error")

        not_held = refusal(ws0, {"kind": "bid", "card": hand[0] + 1000}, 0)
        assert (not_held["code"], not_held["reason"], not_held["params"]) == ("illegal_move", "illegal_move",
                                                                              {"rule": "SB-2"})
        stale = refusal(ws0, {"kind": "bid", "card": hand[0]}, 7)
        assert (stale["reason"], stale["params"]) == ("stale_index", {"index": 7, "current": 0})
        watching = refusal(spectator, {"kind": "bid", "card": hand[0]}, 0)
        assert (watching["code"], watching["reason"]) == ("not_your_turn", "spectator_move")
        assert watching["params"] == {}
        ws0.send_text(json.dumps({"move": {"kind": "bid", "card": hand[0]}, "index": 0}))
        state_until(ws0, lambda m: m["type"] == "state" and m["index"] == 1)
        again = refusal(ws0, {"kind": "bid", "card": hand[1]}, 1)
        assert (again["code"], again["reason"]) == ("not_your_turn", "not_deciding")
        refusals = [not_held, stale, watching, again]
        assert {r["reason"] for r in refusals} == SOCKET_REASONS
        assert all(r["type"] == "error" and r["index"] in (0, 1) for r in refusals)
        assert_clean([json.dumps(r) for r in refusals], [*hidden, seed_of(tmp_path, tid)])


def test_a_socket_refusal_sends_only_whitelisted_params() -> None:
    """An engine's sentence (which may name a hidden card, `§H1§` here) is never a param: an illegal
    move gives the rule's ID alone, or no reason when the sentence names no rule."""
    named = socket_error(IllegalMove("TR-22.1: the card §H1§ is not yours", card="§H1§"), 4)
    assert named["reason"] == "illegal_move" and named["params"] == {"rule": "TR-22.1"}
    assert named["index"] == 4
    unnamed = socket_error(IllegalMove("that is not a move now"), 4)
    assert "reason" not in unnamed and "params" not in unnamed
    planted_param = socket_error(ApiError("stale_index", "x", reason="stale_index", index=3, current=5,
                                          secret="§H1§"), 5)
    assert planted_param["params"] == {"index": 3, "current": 5}


def test_every_socket_reason_is_worded_in_every_language() -> None:
    for lang in ("en", "zh_TW", "es"):
        for reason in (*SOCKET_REASONS, "game_over", "not_started", "bot_plays_seat", "message_rate",
                       "message_size"):
            assert ERROR_WORDS[lang][f"error_{reason}"], (lang, reason)
