"""Skyrise's set-up guide for a real table (SK-3.2, SK-3.3, SK-3.6 to SK-3.9): the outer islands, the
bag, the cards dealt, the keys and each player's supply, each as the engine sets a game up and as the
data says, for 2, 3 and 4 players."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from parlor.games.skyrise import GAME
from parlor.games.skyrise.buildings import MEDIUM, SHORT, TALL
from parlor.games.skyrise.const import PIECES, WONDER_K
from parlor.games.skyrise.data import DATA, DATA_DIR, load_data
from parlor.games.skyrise.game import Skyrise
from parlor.games.skyrise.setup_guide import setup_guide
from parlor.games.skyrise.state import SkyriseState

SEEDS = range(6)


def facts(players: int, game: Skyrise = GAME) -> dict[str, dict[str, Any]]:
    guide = setup_guide(game)
    assert guide.options == ()  # SK-3: no option changes the set-up
    found = guide.facts(players, game.make_options({}))
    return {fact.key: {"rule": fact.rule, **fact.values} for fact in found}


def disc_counts(state: SkyriseState) -> dict[str, int]:
    """How many discs of each type the engine put on the neighborhoods in play."""
    counts = dict.fromkeys((disc.id for disc in state.data.disc_types), 0)
    for neighborhood in state.layout.nbs:
        counts[state.data.disc_types[state.discs[neighborhood]].id] += 1
    return counts


# SK-3.3 table: neighborhood discs per colour, patron discs per letter, wild, commission, total
@pytest.mark.parametrize(("players", "bag"), [(4, (10, 4, 2, 2, 60)), (3, (7, 4, 1, 1, 46)),
                                              (2, (5, 2, 2, 2, 32))])
def test_the_islands_and_the_bag_are_the_engines_and_the_spec_table(
        players: int, bag: tuple[int, int, int, int, int]) -> None:
    guide = facts(players)
    islands, said = guide["islands"], guide["bag"]
    # SK-3.2: as many of the 4 outer islands as players
    assert (islands["rule"], islands["outer"], islands["islands"]) == ("SK-3.2", players, 4)
    assert said["rule"] == "SK-3.3"
    assert (said["per_colour"], said["per_letter"], said["wild"], said["commission"], said["total"]) == bag
    data_bag = DATA.bags[players]
    assert (data_bag.per_colour, data_bag.per_letter, data_bag.wild, data_bag.commission,
            data_bag.total) == bag
    # SK-3.3: total = neighborhoods in play
    assert islands["neighborhoods"] == said["total"] == DATA.setup[players].neighborhoods
    expected = {disc.id: {"neighborhood": said["per_colour"], "patron": said["per_letter"],
                          "wild": said["wild"], "commission": said["commission"]}[disc.kind]
                for disc in DATA.disc_types}
    layouts = set()
    for seed in SEEDS:
        state = GAME.setup(players, seed)
        assert len(state.layout.placement) == islands["outer"]
        assert len(state.layout.nbs) == islands["neighborhoods"]
        assert disc_counts(state) == expected
        layouts.add(state.layout.placement)
    assert len(layouts) > 1  # the islands and their slots are drawn at random (SK-3.2)


# SK-3.6: 3 wonder cards each (5 each with 2 players) of the 20; SK-3.7: 1 objective each of the 4
@pytest.mark.parametrize(("players", "wonders"), [(2, 5), (3, 3), (4, 3)])
def test_the_cards_dealt_are_what_each_player_holds(players: int, wonders: int) -> None:
    guide = facts(players)
    assert guide["wonders"] == {"rule": "SK-3.6", "each": wonders, "dealt": wonders * players, "deck": 20}
    assert guide["objectives"] == {"rule": "SK-3.7", "each": 1, "dealt": players, "deck": 4}
    assert guide["wonders"]["deck"] == len(DATA.wonders)
    assert guide["objectives"]["deck"] == len(DATA.objectives)
    assert DATA.setup[players].wonder_cards_each == wonders
    for seed in SEEDS:
        state = GAME.setup(players, seed)
        assert [len(hand) for hand in state.hands] == [guide["wonders"]["each"]] * players
        dealt = [card for hand in state.hands for card in hand]
        assert len(set(dealt)) == guide["wonders"]["dealt"]
        assert len(state.objectives) == guide["objectives"]["dealt"] == len(set(state.objectives))


# SK-3.8: the Key to the City (10) always, the Small Key (4) only with 3 or 4 players
@pytest.mark.parametrize(("players", "keys", "unused"), [
    (2, {"key_to_the_city": 10}, ["small_key"]),
    (3, {"key_to_the_city": 10, "small_key": 4}, []),
    (4, {"key_to_the_city": 10, "small_key": 4}, [])])
def test_the_keys_in_play(players: int, keys: dict[str, int], unused: list[str]) -> None:
    guide = facts(players)
    if unused:
        assert "keys" not in guide
        assert guide["keys_without"] == {"rule": "SK-3.8", "keys": keys, "players": players, "unused": unused}
    else:
        assert "keys_without" not in guide
        assert guide["keys"] == {"rule": "SK-3.8", "keys": keys}
    assert ("small_key" in keys) == DATA.setup[players].small_key_used
    assert keys == {key.id: key.points for key in DATA.keys if players >= key.min_players}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_players_supply_is_what_the_engine_lets_them_bid_in_era_1(players: int) -> None:
    """SK-3.9: 7 undotted buildings (2 short, 4 medium, 1 tall); 5 dotted ones and the wonder
    piece set aside."""
    supply = facts(players)["supply"]
    assert supply == {"rule": "SK-3.9", "undotted": 7, "short": 2, "medium": 4, "tall": 1, "dotted": 5}
    heights = DATA.pieces.height
    for seed in SEEDS:
        state = GAME.setup(players, seed)
        for seat in range(players):
            base = seat * PIECES
            era_1 = state.unbuilt[seat]
            said = [heights[piece] for piece in era_1]
            assert (len(said), said.count(SHORT), said.count(MEDIUM), said.count(TALL)) == (
                supply["undotted"], supply["short"], supply["medium"], supply["tall"])
            aside = [piece for piece in range(base, base + PIECES) if piece not in era_1]
            assert len(aside) == supply["dotted"] + 1 and base + WONDER_K in aside
            assert all(DATA.pieces.era[piece] == 2 for piece in aside)


def test_every_fact_reads_in_every_language_for_three_players() -> None:
    """The sentences a table reads: numbers filled, the Chinese without its English names."""
    guide = setup_guide(GAME)
    catalogs = GAME.catalogs()
    found = {lang: [fact.words(catalogs[lang]) for fact in guide.facts(3, GAME.make_options({}))]
             for lang in catalogs}
    assert found["en"][1] == ("The bag: 7 neighborhood discs of each colour, 4 patron discs of each letter, "
                              "1 wild disc, 1 commission disc: 46 in all, one face up on each neighborhood")
    assert found["en"][4] == "Keys in play, with their prestige: Key to the City 10, Small Key 4"
    assert found["zh_TW"][4] == "使用的鑰匙（聲望）——鑰匙：10，小鑰匙：4"
    two = [fact.words(catalogs["es"]) for fact in guide.facts(2, GAME.make_options({}))]
    assert two[4].endswith("no se usa con 2 jugadores: Llave pequeña")
    for lang, sentences in found.items():
        for sentence in sentences:
            assert "{" not in sentence and not re.search(r"setup_", sentence), (lang, sentence)


def _data_with(tmp_path: Path, file: str, old: str, new: str) -> Skyrise:
    """A game whose data files say `new` where the package's say `old`."""
    for path in DATA_DIR.glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    text = (tmp_path / file).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    (tmp_path / file).write_text(text.replace(old, new), encoding="utf-8")
    return Skyrise(load_data(tmp_path))


def test_the_numbers_come_from_the_data_not_from_the_guide(tmp_path: Path) -> None:
    """Other data, another guide: the cards dealt and the keys follow the data files."""
    (tmp_path / "wonders").mkdir()
    game = _data_with(tmp_path / "wonders", "game.toml", "neighborhoods = 46\nwonder_cards_each = 3",
                      "neighborhoods = 46\nwonder_cards_each = 4")
    assert facts(3, game)["wonders"]["each"] == 4
    (tmp_path / "keys").mkdir()
    game = _data_with(tmp_path / "keys", "player_board.toml",
                      "min_players = 3        # not used", "min_players = 2        # not used")
    assert facts(2, game)["keys"]["keys"] == {"key_to_the_city": 10, "small_key": 4}
