"""A finished game's running scores through it (`GET /api/tables/{id}/scores`, the score chart): the
start, every move that changed a score and the end, each as a spectator's view held it; for Star Road,
which keeps no score, each seat's HP (SR-3.5, SR-23.2); refused while the game runs; none for a game
whose chart follows nothing."""

from __future__ import annotations

import time
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlor.core import LiveScore, get_game
from parlor.server import jobs
from parlor.server.middleware import rate_kind

from .procs import new_table


def finished(client: TestClient, game: str, players: int) -> dict[str, Any]:
    table, _ = new_table(client, game, players, ["random"] * players)
    deadline = time.monotonic() + 120
    while (info := client.get(f"/api/tables/{table}").json())["status"] != "finished":
        assert time.monotonic() < deadline, f"{game}: the bots did not finish"
        time.sleep(0.05)
    return info


def running_scores(game_id: str, record: dict[str, Any], read: Callable[[dict[str, Any]], Any]) -> list[Any]:
    """What `read` finds in a spectator's view after each step of the record, replayed here."""
    game = get_game(game_id)
    state = game.setup(record["players"], record["seed"], record["options"])
    found = [read(state.view(None))]
    for made in record["moves"]:
        state.play(made["seat"], game.move_from_json(made["move"]))
        found.append(read(state.view(None)))
    return found


def check_points(points: list[dict[str, Any]], expected: list[Any], total: int) -> None:
    """Every point the views' own, the start and the end among them, and every change a point."""
    assert points[0]["step"] == 0 and points[-1]["step"] == total
    assert [p["step"] for p in points] == sorted({p["step"] for p in points})
    for point in points:
        assert point["scores"] == expected[point["step"]]
    # between two points the scores stood still
    for before, after in pairwise(points):
        assert all(expected[step] == before["scores"] for step in range(before["step"], after["step"]))


@pytest.mark.parametrize(("game", "players"), [("opera", 3), ("skyrise", 2), ("trickerion", 2)])
def test_the_scores_through_a_finished_game_are_the_views_own(client: TestClient, game: str,
                                                              players: int) -> None:
    info = finished(client, game, players)
    answer = client.get(f"/api/tables/{info['id']}/scores")
    assert answer.status_code == 200, answer.text
    course = answer.json()
    record = client.get(f"/api/tables/{info['id']}/record").json()["record"]
    live = get_game(game).live_score
    assert live is not None and get_game(game).charted_score() == live  # the chart follows the live score
    points = course["points"]
    assert course["total"] == len(record["moves"]) == info["index"] and course["label"] is None
    check_points(points, running_scores(game, record, live.read), course["total"])
    assert points[-1]["scores"] == info["result"]["scores"]  # the running score ends as the result
    assert len(points) > 2  # the game's scores moved


def hp_of(view: dict[str, Any]) -> list[float]:
    """Each seat's HP as the view's `seats` list shows it (SR-24.1), read here without LiveScore."""
    return [seat["hp"] for seat in sorted(view["seats"], key=lambda seat: seat["seat"])]


@pytest.mark.parametrize("players", [2, 4])
def test_star_road_charts_each_seats_hp_through_the_game(client: TestClient, players: int) -> None:
    """SR-3.5, SR-23.2: Star Road keeps no score, the last team standing wins, else the most total HP;
    its chart follows each seat's HP, labelled by its catalog's word, and ends on the final HP."""
    game = get_game("starroad")
    assert game.live_score is None  # its panels show HP already: no score beside them
    info = finished(client, "starroad", players)
    course = client.get(f"/api/tables/{info['id']}/scores").json()
    record = client.get(f"/api/tables/{info['id']}/record").json()["record"]
    assert course["label"] == "hp" and all("hp" in catalog.ui for catalog in game.catalogs().values())
    assert course["total"] == len(record["moves"]) == info["index"]
    points = course["points"]
    check_points(points, running_scores("starroad", record, hp_of), course["total"])
    assert points[0]["scores"] == [8] * players  # SR-5.2: 8 HP each at the start
    assert len(points) > 2  # the HP moved
    end = client.get(f"/api/tables/{info['id']}/replay/{course['total']}").json()
    final = hp_of(end["view"])
    assert points[-1]["scores"] == final  # the course ends on the HP the finished table shows
    winners = end["view"]["winners"]
    won = sum(final[seat] for seat in winners)
    lost = sum(final[seat] for seat in range(players) if seat not in winners)
    if end["view"]["end_reason"] == "one_team_left":
        assert lost == 0  # SR-3.5: every character of the other team was eliminated (0 HP, SR-16.1)
    elif not end["view"]["draw"]:
        assert won > lost  # SR-23.2: the winning team has the highest total HP


def test_the_scores_wait_for_the_end_and_a_game_whose_chart_follows_nothing_has_none(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    table, _ = new_table(client, "opera", 2, ["open", "open"])
    refused = client.get(f"/api/tables/{table}/scores")
    assert (refused.status_code, refused.json()["code"]) == (409, "not_finished")
    # the job the server runs in its worker, here: no live score and no course of its own, no points
    bids = type(get_game("sealed_bids"))
    start = [{"step": 0, "scores": [0, 0]}]
    assert jobs.score_course("sealed_bids", 2, 5, {}, []) == start
    monkeypatch.setattr(bids, "live_score", None)
    assert get_game("sealed_bids").charted_score() is None
    assert jobs.score_course("sealed_bids", 2, 5, {}, []) == []
    # a course of its own is followed though the game shows no live score (as Star Road's HP)
    monkeypatch.setattr(bids, "course_score", LiveScore("points", listed=True))
    assert jobs.score_course("sealed_bids", 2, 5, {}, []) == start
    assert client.get("/api/tables/noSuchTable/scores").json()["code"] == "not_found"
    # a whole game replayed: it counts against the heavy requests' limit, as a replay does
    assert rate_kind("GET", f"/api/tables/{table}/scores") == "heavy"
