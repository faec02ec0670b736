"""A finished game's running scores through it (`GET /api/tables/{id}/scores`, the score chart): the
start, every move that changed a score and the end, each as a spectator's view held it; refused while
the game runs; none for a game whose views keep no running score."""

from __future__ import annotations

import time
from itertools import pairwise
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlor.core import get_game
from parlor.server.middleware import rate_kind

from .procs import new_table


def finished(client: TestClient, game: str, players: int) -> dict[str, Any]:
    table, _ = new_table(client, game, players, ["random"] * players)
    deadline = time.monotonic() + 120
    while (info := client.get(f"/api/tables/{table}").json())["status"] != "finished":
        assert time.monotonic() < deadline, f"{game}: the bots did not finish"
        time.sleep(0.05)
    return info


def running_scores(game_id: str, record: dict[str, Any]) -> list[list[float] | None]:
    """The scores a spectator's view held after each step of the record, replayed here."""
    game = get_game(game_id)
    assert game.live_score is not None
    state = game.setup(record["players"], record["seed"], record["options"])
    found = [game.live_score.read(state.view(None))]
    for made in record["moves"]:
        state.play(made["seat"], game.move_from_json(made["move"]))
        found.append(game.live_score.read(state.view(None)))
    return found


@pytest.mark.parametrize(("game", "players"), [("opera", 3), ("skyrise", 2), ("trickerion", 2)])
def test_the_scores_through_a_finished_game_are_the_views_own(client: TestClient, game: str,
                                                              players: int) -> None:
    info = finished(client, game, players)
    answer = client.get(f"/api/tables/{info['id']}/scores")
    assert answer.status_code == 200, answer.text
    course = answer.json()
    record = client.get(f"/api/tables/{info['id']}/record").json()["record"]
    expected = running_scores(game, record)
    points = course["points"]
    assert course["total"] == len(record["moves"]) == info["index"]
    assert points[0]["step"] == 0 and points[-1]["step"] == course["total"]
    assert [p["step"] for p in points] == sorted({p["step"] for p in points})
    for point in points:
        assert point["scores"] == expected[point["step"]]
    # every change is a point: between two points the scores stood still
    for before, after in pairwise(points):
        assert all(expected[step] == before["scores"] for step in range(before["step"], after["step"]))
    assert points[-1]["scores"] == info["result"]["scores"]  # the running score ends as the result
    assert len(points) > 2  # the game's scores moved


def test_the_scores_wait_for_the_end_and_a_game_without_running_scores_has_none(client: TestClient) -> None:
    table, _ = new_table(client, "opera", 2, ["open", "open"])
    refused = client.get(f"/api/tables/{table}/scores")
    assert (refused.status_code, refused.json()["code"]) == (409, "not_finished")
    assert get_game("starroad").live_score is None
    info = finished(client, "starroad", 2)
    assert client.get(f"/api/tables/{info['id']}/scores").json() == {
        "table": info["id"], "total": info["index"], "points": []}
    assert client.get("/api/tables/noSuchTable/scores").json()["code"] == "not_found"
    # a whole game replayed: it counts against the heavy requests' limit, as a replay does
    assert rate_kind("GET", f"/api/tables/{table}/scores") == "heavy"
