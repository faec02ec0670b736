"""Skyrise's public component data (served once per game to every client) and the words the table
page draws: everything printed is there and the same for every table, nothing hidden is (SK-13),
and every card, neighbourhood and board word reads in en, zh_TW and es."""

from __future__ import annotations

import json
import re

import pytest

from parlor.games.skyrise.game import Skyrise

GAME = Skyrise()
LANGS = ("en", "zh_TW", "es")


def test_public_data_prints_every_component() -> None:
    """SK-2.2, SK-2.5, SK-2.6, SK-2.8, SK-3.9: the map, the pieces and the cards as printed."""
    data = GAME.public_data()
    board = GAME.data.board
    assert set(data["neighborhoods"]) == {n.id for n in board.neighborhoods}
    assert data["neighborhoods"]["a04"] == {"island": "a", "colour": "brown", "col": 3, "row": 0,
                                            "windmill": True, "port": False}
    assert data["islands"]["b"]["port"] == "b12"
    assert data["slots"]["east"] == {"order": 2, "quarter_turns": 1, "bridge_from": "cen_ne",
                                     "bridge": "bridge_east"}
    # two lakes and two bridges over them on each outer island (SK-2.5, SK-2.8), three blimps
    # on each outer island and one on the central island (SK-2.6)
    assert len(data["lakes"]) == 8 and len(data["bridges"]) == 8 and len(data["blimps"]) == 13
    assert data["lakes"]["c_lake2"] == {"island": "c", "cell": [0, 2], "neighborhoods": ["c05", "c08", "c11"]}
    assert data["blimps"]["cen_blimp"]["corner"] == [1, 1]
    assert data["bridges"]["a_bridge_1"] == {"island": "a", "ends": ["a02", "a09"], "lake": "a_lake1"}
    # a lake's cell is where no neighbourhood is, next to the bridge that spans it
    taken = {(n.island, n.col, n.row) for n in board.neighborhoods}
    for lake in data["lakes"].values():
        assert (lake["island"], *lake["cell"]) not in taken
    assert data["buildings"]["s1_024"] == {"set": "set1", "number": 24, "height": "medium", "era": 1}
    assert len(data["buildings"]) == 48
    assert len(data["wonders"]) == 20 and data["wonders"]["the_hammer"] == {"value": 1}
    assert set(data["panoramas"]) == {"chains", "lakes", "windmills", "blimps", "bridges"}
    assert data["objectives"]["objective_green"] == {"colour": "green", "min_structures": 4, "points": 10}
    assert data["track_values"] == [2, 3, 4, 6, 8] and data["track_spaces"] == 4
    assert data["keys"]["small_key"]["points"] == 4 and data["keys"]["small_key"]["min_players"] == 3


def test_public_data_holds_nothing_hidden() -> None:
    """SK-3.4, SK-13: the patron value tiles are listed only as the set printed on them (sorted), never
    per letter; no deal, no hand, no objective and nothing of a table is in the data."""
    data = GAME.public_data()
    assert data["patron_values"] == sorted(data["patron_values"])
    text = json.dumps(data)
    for word in ("hand", "deck", "dealt", "seed", "patron_value\"", "objective\":"):
        assert word not in text
    # the same for every table: it is built from the component data only
    GAME.setup(4, seed=7)
    assert GAME.public_data() == data


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_and_neighbourhood_reads_in_words(lang: str) -> None:
    """Each card's full text, each neighbourhood's name and the board's words exist in every language;
    a neighbourhood is never named by its code, and names are unique."""
    catalog = GAME.catalogs()[lang]
    data = GAME.public_data()
    for table in ("wonders", "panoramas", "objectives", "keys"):
        for card in data[table]:
            assert catalog.ui.get(f"text_{card}"), f"{lang}: no text for {card}"
    names = [catalog.names[n] for n in data["neighborhoods"]]
    assert len(set(names)) == len(names)
    assert not any(re.search(r"\b(?:[a-d]\d{2}|cen_\w+)\b", n) for n in names)
    for key in ("place_format", "place_extra", "zone_north_east", "zone_centre", "place_central", "place_d",
                "hue_brown", "hue_windmill", "high_bid", "patron_hidden", "height_tall", "md_disc"):
        assert catalog.ui.get(key), f"{lang}: [ui] {key} missing"
    # moves and log lines name the place through its name, never print the code
    for section in (catalog.moves, catalog.events):
        for template in section.values():
            assert "{at}" not in template


def test_moves_name_places_in_words() -> None:
    """SK-5.2: the opening bids read "Open with 7 (short) on Central Island, north-west"."""
    st = GAME.scenario({"players": 4, "seed": 3, "layout": "reference"})
    moves = st.legal_moves(st.actors()[0])
    en = GAME.catalogs()["en"]
    text = en.move(moves[0])
    assert not re.search(r"\b(?:[a-d]\d{2}|cen_\w+|s\d_\d{3})\b", text), text
    assert "Island" in text
