"""What the browser draws Star Road's components from: the printed faces in `public_data()` (SR-20), and
a table's own chart or character table in its view."""

from __future__ import annotations

import json

from parlor.core.text import LANGS
from parlor.games.starroad import GAME
from parlor.games.starroad.character_data import load_characters
from parlor.games.starroad.chart_data import load_chart
from parlor.games.starroad.data import DATA_DIR


def test_public_data_prints_every_design_and_card():
    """SR-20.2: every design of the chart with its cost, values, keywords and effects; every character
    card with its ability; each named in the three languages."""
    data = GAME.public_data()
    chart = load_chart()
    assert sorted(data["objects"]) == sorted(chart)
    for no, face in data["objects"].items():
        design = chart[no]
        assert (face["cost"], face["a"], face["p"], face["m"], face["r"], face["delay"]) == (
            design.cost, design.a, design.p, design.m, design.r, design.delay)
        assert [e["op"] for e in face["effects"]] == [e.op for e in design.effects]
        assert all(face["names"][lang] for lang in LANGS)
        assert face["names"]["es"] != face["names"]["en"]
    assert sorted(data["characters"]) == sorted(load_characters())
    assert data["characters"]["c03"]["effects"] == [{"op": "heal_base", "amount": 3}]
    assert data["factions"]["R*"]["captain"] and data["factions"]["R*"]["colour"] == "R"


def test_public_data_holds_nothing_of_a_game():
    """Public data is the same for every table: no deal, no seat, nothing a game decides."""
    text = json.dumps(GAME.public_data())
    for key in ('"seat"', '"hp"', '"storage"', '"dealt"', '"faction":'):
        assert key not in text


def test_a_table_with_its_own_chart_carries_its_faces():
    """A changed chart draws itself: its faces come with the view; the packaged ones do not."""
    plain = GAME.setup(3, 1)
    assert "chart" not in plain.view(0) and "character_cards" not in plain.view(0)
    assert plain.view(0)["designs"] == sorted(load_chart())
    text = (DATA_DIR / "objects.toml").read_text(encoding="utf-8").replace(
        'name = "Sling"', 'name = "Slingshot"')
    own = GAME.setup(3, 1, {"chart": text})
    for seat in (0, 1, None):
        chart = own.view(seat)["chart"]
        assert chart["1011"]["names"]["en"] == "Slingshot" and chart["1011"]["cost"] == 1
