"""`POST /api/tools/{game}/score`: a score pad filled from a finished engine game's public facts
gives the engine's own final result, for every game and player count; impossible facts are
refused with the server's error shape and change nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlor.core import all_games

from .facts import finished, opera_facts, skyrise_facts, starroad_facts, trickerion_facts

SEEDS = (1, 2, 3)


def scored(client: TestClient, game: str, facts: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(f"/api/tools/{game}/score", json=facts)
    assert answer.status_code == 200, answer.json()
    return answer.json()


def same_result(pad: dict[str, Any], engine: Any) -> None:
    assert pad["scores"] == list(engine.scores)
    assert pad["ranks"] == list(engine.ranks)
    assert pad["winners"] == list(engine.winners())


@pytest.mark.parametrize("dark_alley", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_trickerion_pad_gives_the_engines_final_scoring(client: TestClient, players: int,
                                                        dark_alley: bool) -> None:
    """TR-16.1 / TR-16.2 / TR-16.4: the finished game's Fame, Shards, Coins, characters or Special
    cards, Tricks and components score as the engine scored them, breakdown included."""
    options = {"dark_alley": dark_alley}
    for seed in SEEDS:
        state, _ = finished("trickerion", players, seed, options)
        pad = scored(client, "trickerion", trickerion_facts(state, options))
        same_result(pad, state.result())
        assert pad["breakdown"] == [dict(b) for b in state.result().breakdown]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_opera_pad_gives_the_engines_last_scoring_round(client: TestClient, players: int) -> None:
    """OP-13.2 - OP-13.6, OP-14.2: the last scoring round from the houses, the ladder and the
    track gives the engine's final VP and ranking."""
    for seed in SEEDS:
        state, events = finished("opera", players, seed)
        pad = scored(client, "opera", opera_facts(state, events, {}))
        same_result(pad, state.result())
        for seat, gains in enumerate(next(e for e in events if e.kind == "scoring_round").data["gains"]):
            assert pad["breakdown"][seat]["main_halls"] == gains["main_halls"]
            assert pad["breakdown"][seat]["empty_halls"] == gains["empty_halls"]


def test_opera_pad_short_game(client: TestClient) -> None:
    """OP-4.6 with option short_game_7_rounds: the episodes and scoring rounds of the short game."""
    options = {"short_game_7_rounds": True}
    state, events = finished("opera", 3, 5, options)
    same_result(scored(client, "opera", opera_facts(state, events, options)), state.result())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_skyrise_pad_gives_the_engines_final_scoring(client: TestClient, players: int) -> None:
    """SK-12.1 steps 1-5 and SK-12.2 from what players count on the city."""
    for seed in SEEDS:
        state, events = finished("skyrise", players, seed)
        pad = scored(client, "skyrise", skyrise_facts(state, events))
        same_result(pad, state.result())
        engine = state.result().breakdown
        for seat in range(players):
            for category in ("objective", "patrons", "excess_discs", "keys", "commissions", "structures"):
                assert pad["breakdown"][seat][category] == engine[seat][category]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_starroad_pad_gives_the_engines_outcome(client: TestClient, players: int) -> None:
    """SR-3.5 / SR-23.2: the winning team from faction cards, living characters and HP."""
    for seed in SEEDS:
        state, _ = finished("starroad", players, seed)
        same_result(scored(client, "starroad", starroad_facts(state, {})), state.result())


def test_starroad_round_limit_draw_and_colour_variant(client: TestClient) -> None:
    """SR-23.2: equal highest totals are a draw (0.5 each); SR-3.6: in the colour variant R and
    G are different teams, so living R and G characters do not end the game by themselves."""
    draw = scored(client, "starroad", {"players": [{"faction": "R", "hp": 5}, {"faction": "B", "hp": 5}]})
    assert draw["scores"] == [0.5, 0.5] and draw["winners"] == [0, 1]
    three = [{"faction": "R", "hp": 3}, {"faction": "G", "hp": 4}, {"faction": "B", "alive": False}]
    assert scored(client, "starroad", {"players": three})["winners"] == [0, 1]
    colour = scored(client, "starroad", {"players": three, "options": {"team_mode": "colour"}})
    assert colour["winners"] == [1]


def test_trickerion_caps_level3_bonus_and_tie_break(client: TestClient) -> None:
    """A-02 (option final_scoring_cap): 30 Shards and 70 Coins score 20 each, 30 and 23 without
    the cap; TR-16.3: Mutilation's 12 with its components and every Specialist; TR-16.4: a tie
    goes to the earlier player in the last Initiative Order."""
    magician = {"fame": 30, "coins": 70, "shards": 30, "specialists": ["assistant", "manager", "engineer"],
                "tricks": [{"trick": "mutilation", "prepared": 2}],
                "components": {"glass": 2, "fabric": 3, "saw": 2, "disguise": 1}}
    facts: dict[str, Any] = {"players": [magician, {"fame": 90}], "options": {"dark_alley": True}}
    capped = scored(client, "trickerion", facts)
    assert capped["breakdown"][0] == {"fame_in_game": 30, "shards": 20, "coins": 20,
                                      "special_assignments": 0, "level3_tricks": 12}
    assert capped["winners"] == [1]
    facts["options"]["final_scoring_cap"] = False
    uncapped = scored(client, "trickerion", facts)
    assert (uncapped["breakdown"][0]["shards"], uncapped["breakdown"][0]["coins"]) == (30, 23)
    assert uncapped["winners"] == [0]
    missing = {**magician, "components": {"glass": 2, "fabric": 3, "saw": 2}}
    assert scored(client, "trickerion", {**facts, "players": [missing, {"fame": 1}]}
                  )["breakdown"][0]["level3_tricks"] == 0
    tie = {"players": [{"fame": 10}, {"fame": 10}], "initiative": [1, 0]}
    assert scored(client, "trickerion", tie)["ranks"] == [2, 1]
    assert scored(client, "trickerion", {**tie, "initiative": [0, 1]})["ranks"] == [1, 2]


REFUSED: list[tuple[str, dict[str, Any], int, str, str | None]] = [
    ("trickerion", {"players": [{"fame": -1}, {"fame": 0}]}, 422, "greater than or equal", None),
    ("trickerion", {"players": [{"fame": 1}]}, 400, "2 to 4 players", "player_count"),
    ("trickerion", {"players": [{"fame": 1}] * 5}, 400, "2 to 4 players", "player_count"),
    ("trickerion", {"players": [{"fame": 1, "apprentices": 5}, {"fame": 1}]}, 422, "apprentices", None),
    ("trickerion", {"players": [{"fame": 1, "tricks": [{"trick": "no_such_trick"}]}, {"fame": 1}]}, 400,
     "unknown Trick", "unknown_trick"),
    ("trickerion", {"players": [{"fame": 1, "components": {"wood": 9}}, {"fame": 1}]}, 400,
     "storage", "components_storage"),
    ("trickerion", {"players": [{"fame": 1, "components": {"steel": 1}}, {"fame": 1}]}, 400,
     "unknown component", "unknown_component"),
    ("trickerion", {"players": [{"fame": 1, "special_cards": 2}, {"fame": 1}]}, 400,
     "Dark Alley", "special_cards_no_dark_alley"),
    ("trickerion", {"players": [{"fame": 1}, {"fame": 1}], "initiative": [0, 0]}, 400,
     "Initiative", "initiative_order"),
    ("trickerion", {"players": [{"fame": 1, "tricks": [{"trick": "mutilation"}]}, {"fame": 1}]}, 400,
     "Dark Alley", "dark_alley_trick"),
    ("trickerion", {"players": [{"fame": 1, "coins": "many"}, {"fame": 1}]}, 422, "coins", None),
    ("trickerion", {"players": [{"fame": 1, "hat": 1}, {"fame": 1}]}, 422, "hat", None),
    ("opera", {"round": 9, "ladder": ["bach", "handel", "mozart", "wagner", "verdi", "monteverdi"],
               "episode_composers": ["bach", "bach", "bach"],
               "players": [{"score": 0, "houses": {"paris": ["bach"] * 5}},
                           {"score": 0, "budget_slot": 2, "houses": {"milano": ["bach"] * 6}},
                           {"score": 0, "budget_slot": 3, "houses": {"wien": ["bach"] * 4}}]},
     400, "bach pieces", "pieces_box"),
    ("opera", {"round": 4, "ladder": ["bach", "handel", "mozart", "wagner", "verdi", "monteverdi"],
               "episode_composers": ["bach", "verdi", "mozart"],
               "players": [{"score": 0}, {"score": 0, "budget_slot": 2}]}, 400,
     "no scoring round", "no_scoring_round"),
    ("opera", {"round": 9, "ladder": ["bach", "bach", "mozart", "wagner", "verdi", "monteverdi"],
               "episode_composers": ["bach", "verdi", "mozart"],
               "players": [{"score": 0}, {"score": 0, "budget_slot": 2}]}, 400, "ladder", "ladder"),
    ("opera", {"round": 9, "ladder": ["bach", "handel", "mozart", "wagner", "verdi", "monteverdi"],
               "episode_composers": ["bach", "verdi", "mozart"],
               "players": [{"score": 0, "houses": {"atlantis": ["bach"]}}, {"score": 0, "budget_slot": 2}]},
     400, "unknown city", "house_impossible"),
    ("opera", {"round": 9, "ladder": ["bach", "handel", "mozart", "wagner", "verdi", "monteverdi"],
               "episode_composers": ["bach", "verdi", "mozart"],
               "players": [{"score": 0}, {"score": 0}]}, 400, "budget position", "budget_shared"),
    ("skyrise", {"panoramas": ["nope", "lakes"], "patron_values": {}, "players": []}, 422, "players", None),
    ("starroad", {"players": [{"faction": "R", "hp": 5}, {"faction": "Q", "hp": 5}]}, 400,
     "'Q'", "faction_cards"),
    ("starroad", {"players": [{"faction": "R", "hp": 5}]}, 400, "2 to 8 players", "player_count"),
    ("starroad", {"players": [{"faction": "R", "hp": 0}, {"faction": "B", "hp": 2}]}, 400,
     "HP 1 or more", "hp_min"),
    ("starroad", {"players": [{"faction": "R", "hp": 300}, {"faction": "B", "hp": 2}]}, 422, "hp", None),
]


@pytest.mark.parametrize(("game", "facts", "status", "says", "reason"), REFUSED)
def test_impossible_facts_are_refused(client: TestClient, game: str, facts: dict[str, Any], status: int,
                                      says: str, reason: str | None) -> None:
    """Negative counts, more than the box holds, unknown ids and wrong player counts get the
    server's `{code, message}` with the reason in English; the pad's refusals add the reason's code
    with its parameters, the entry concerned and the player, for the page's own language."""
    answer = client.post(f"/api/tools/{game}/score", json=facts)
    assert answer.status_code == status, answer.json()
    body = answer.json()
    assert body["code"] == ("bad_facts" if status == 400 else "bad_request")
    assert says in body["message"]
    if reason is None:
        assert set(body) == {"code", "message"}
    else:
        assert set(body) == {"code", "message", "reason", "params", "field", "player"}
        assert body["reason"] == reason


def skyrise_table() -> dict[str, Any]:
    player = {"objective": "yellow", "finished": 1, "structures": {"yellow": 4}, "tracks": {"yellow": 2}}
    return {"panoramas": ["lakes", "bridges"], "patron_values": {"A": 3, "B": 4, "C": 5, "D": 8},
            "players": [player, {**player, "objective": "green", "finished": 2}]}


def test_skyrise_box_and_city_limits(client: TestClient) -> None:
    """SK-12 counts the box cannot hold are refused: 14 structures, a track beyond its spaces,
    more patron discs of a letter than the bag has, two players finishing first."""
    assert client.post("/api/tools/skyrise/score", json=skyrise_table()).status_code == 200
    for change, says in (({"structures": {"yellow": 14}}, "at most 13"), ({"tracks": {"green": 5}}, "track"),
                         ({"patrons": {"A": 9}}, "patron discs A"), ({"finished": 2}, "finishing order"),
                         ({"objective": "green"}, "different colours"),
                         ({"structures": {"pink": 1}}, "pink")):
        facts = skyrise_table()
        facts["players"][0] = {**facts["players"][0], **change}
        answer = client.post("/api/tools/skyrise/score", json=facts)
        assert answer.status_code == 400, (change, answer.json())
        assert says in answer.json()["message"]


def test_oversized_and_deeply_nested_bodies_are_refused(client: TestClient) -> None:
    """The server's body limits apply to the tools too (middleware.Guard)."""
    big = b'{"players":[' + b'{"fame":1},' * 20_000 + b'{"fame":1}]}'
    answer = client.post("/api/tools/trickerion/score", content=big,
                         headers={"content-type": "application/json"})
    assert (answer.status_code, answer.json()["code"]) == (413, "too_large")
    deep = {"players": [{"fame": 1}, {"fame": 1}], "x": json.loads("[" * 40 + "]" * 40)}
    answer = client.post("/api/tools/trickerion/score", json=deep)
    assert (answer.status_code, answer.json()["code"]) == (400, "bad_request")


def test_refusals_change_nothing(client: TestClient) -> None:
    """Scoring keeps nothing: no table is created and a refused pad leaves the next answer as it was."""
    facts = {"players": [{"fame": 12, "coins": 7}, {"fame": 9, "shards": 3}]}
    before = scored(client, "trickerion", facts)
    refused = {"players": [{"fame": 1, "components": {"wood": 9}}, {"fame": 1}]}
    assert client.post("/api/tools/trickerion/score", json=refused).status_code == 400
    assert scored(client, "trickerion", facts) == before
    assert client.get("/api/tables").json()["total"] == 0


def test_every_pad_is_documented_in_the_openapi_schema(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    pads = {game.id: pad for game in all_games() if (pad := game.score_pad()) is not None}
    assert {"trickerion", "opera", "skyrise", "starroad"} <= set(pads)
    for game, pad in pads.items():
        model = pad.facts.__name__
        post = schema["paths"][f"/api/tools/{game}/score"]["post"]
        ref = post["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        assert ref.endswith(f"/{model}")
        assert "fame" in json.dumps(schema["components"]["schemas"]) and post["description"]
