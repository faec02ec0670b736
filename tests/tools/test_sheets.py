"""`GET /api/tools/{game}/sheet` and `POST /api/tools/starroad/sheet`: reference sheets from the data
files (printed faces only), and an author's own Star Road chart loaded from its TOML text."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from installed_games import INSTALLED
from parlor.core import get_game
from parlor.games.opera.data import DATA as OPERA
from parlor.games.skyrise.data import DATA as SKYRISE
from parlor.games.trickerion.data import DATA as TRICKERION

# every game that declares a printed reference sheet (Trickerion's reference reads its board data)
SHEETS = [game for game in INSTALLED if get_game(game).has_reference_sheet()]
STARROAD_DATA = Path(__file__).resolve().parents[2] / "src" / "parlor" / "games" / "starroad" / "data"


def sheet(client: TestClient, game: str) -> dict:
    answer = client.get(f"/api/tools/{game}/sheet")
    assert answer.status_code == 200
    return answer.json()["sheet"]


def test_the_trick_reference_reads_the_boards_data(client: TestClient) -> None:
    """TR-1.3: the trick reference reads the board's public data (one source for a card's face; the
    tools serve no Trickerion sheet of their own): every Trick (base and Dark Alley) with its
    category, level, threshold, components, Prepare cost, markers and yields; Level-3 Tricks carry
    their end bonus (TR-16.3)."""
    assert client.get("/api/tools/trickerion/sheet").status_code == 422
    answer = client.get("/api/games/trickerion/data")
    assert answer.status_code == 200
    tricks = answer.json()["data"]["tricks"]
    assert list(tricks) == [t.id for t in TRICKERION.tricks]
    for trick in TRICKERION.tricks:
        shown = tricks[trick.id]
        assert (shown["level"], shown["threshold"], shown["prepare_ap"], shown["markers"]) == \
               (trick.level, trick.threshold, trick.prepare_ap, trick.markers)
        assert shown["components"] == {TRICKERION.components[c].id: n for c, n in trick.components}
        assert shown["yields"] == {"fame": trick.yield_fame, "coins": trick.yield_coins,
                                   "shards": trick.yield_shards}
        assert shown["dark_alley_only"] == trick.dark_alley_only
        assert (shown["endgame"] is not None) == (trick.level == 3)
    assert any(t["dark_alley_only"] for t in tricks.values())
    assert not all(t["dark_alley_only"] for t in tricks.values())


def test_opera_and_skyrise_sheets_follow_the_data(client: TestClient) -> None:
    opera = sheet(client, "opera")
    roles = sorted(OPERA.roles, key=lambda r: r.board_order)
    assert [r["id"] for r in opera["roles"]] == [r.id for r in roles]
    assert [c["id"] for c in opera["cities"]] == [c.id for c in OPERA.cities]
    assert all(p["cost"] == 2 * p["halls"] for c in opera["cities"] for p in c["parts"])   # OP-9.2.2
    skyrise = sheet(client, "skyrise")
    assert [w["id"] for w in skyrise["wonders"]] == [w.id for w in SKYRISE.wonders]
    assert len(skyrise["objectives"]) == len(SKYRISE.objectives)


def test_starroad_sheet_from_the_packaged_or_an_authors_chart(client: TestClient) -> None:
    """SR-20.2 / SR-20.8: the packaged chart, then the same chart with a renamed design and changed
    cost as an author's file; an invalid file is refused with its problems."""
    packaged = sheet(client, "starroad")
    assert not packaged["own_chart"] and len(packaged["designs"]) >= 16 and len(packaged["characters"]) == 16
    chart = (STARROAD_DATA / "objects.toml").read_text(encoding="utf-8")
    own = chart.replace('name = "Sling"', 'name = "Slingshot"')
    answer = client.post("/api/tools/starroad/sheet", json={"chart": own})
    assert answer.status_code == 200, answer.json()
    mine = answer.json()["sheet"]
    assert mine["own_chart"] and not mine["own_characters"]
    assert next(d for d in mine["designs"] if d["no"] == "1011")["name"] == "Slingshot"
    bad = client.post("/api/tools/starroad/sheet", json={"chart": "[object.1011]\nno = 12\n"})
    assert bad.status_code == 400 and bad.json()["code"] == "bad_chart"
    assert client.post("/api/tools/starroad/sheet", json={"chart": "x" * 61_000}).status_code == 422


def test_sheets_hold_no_table_state(client: TestClient) -> None:
    """A sheet is the same before and after tables exist: it is printed faces, never a position."""
    assert {"opera", "skyrise", "starroad"} <= set(SHEETS)
    before = {g: client.get(f"/api/tools/{g}/sheet").content for g in SHEETS}
    for game, players in (("trickerion", 2), ("opera", 3), ("skyrise", 2), ("starroad", 4)):
        created = client.post("/api/tables", json={"game": game, "players": players,
                                                   "seats": [{"kind": "bot"}] * players})
        assert created.status_code == 201
    after = {g: client.get(f"/api/tools/{g}/sheet").content for g in before}
    assert before == after
    assert client.get("/api/tools/sealed_bids/sheet").status_code == 422


@pytest.mark.parametrize("game", SHEETS)
def test_no_planted_marker_reaches_a_sheet(client: TestClient, game: str) -> None:
    """Hidden information: a sheet is built from printed faces only, so markers planted in every
    hidden value of a game in progress never appear in it (nor in a score pad's answer)."""
    state = get_game(game).setup(get_game(game).min_players, 11)
    markers = [str(m) for m in state.plant_markers(None)]
    assert markers
    text = client.get(f"/api/tools/{game}/sheet").text
    assert not [m for m in markers if m in text]
