"""Star Road's set-up guide for a real table (SR-3.2, SR-5, SR-19.2, SR-23.1): the faction cards and the
groups of each player count, the character cards, the starting resources, the first character and the
round limit, each as the engine sets a game up and as the data says."""

from __future__ import annotations

import tomllib
from collections import Counter
from typing import Any

import pytest

from parlor.games.starroad import GAME
from parlor.games.starroad.data import DATA_DIR
from parlor.games.starroad.moves import ChooseCharacter

PLAYER_COUNTS = range(GAME.min_players, GAME.max_players + 1)
SEEDS = range(6)


def _data(name: str) -> dict[str, Any]:
    return tomllib.loads((DATA_DIR / name).read_text(encoding="utf-8"))


FACTIONS = _data("factions.toml")
ROWS = {row["players"]: row for row in FACTIONS["player_count"]}
CAPTAIN = {card["code"]: card["captain"] for card in FACTIONS["faction_card"]}
SETUP = _data("game.toml")["setup"]


def facts(players: int, **options: Any) -> dict[str, dict[str, Any]]:
    guide = GAME.setup_guide()
    assert guide is not None and guide.options == ("ground_rules",)
    found = guide.facts(players, GAME.make_options(options))
    return {fact.key: {"rule": fact.rule, **fact.values} for fact in found}


def factions(guide: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return guide.get("factions") or guide["factions_no_captain"]


def characters(guide: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return guide.get("characters") or guide["characters_all_dealt"]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_faction_cards_and_groups_are_those_the_engine_deals(players: int) -> None:
    """SR-3.2, SR-5.4: exactly the row's cards, one to each seat, whatever the seed."""
    guide = facts(players)
    dealt = factions(guide)
    assert dealt["rule"] == "SR-5.4" and dealt["count"] == players
    assert ("factions" in guide) == (dealt["captains"] > 0)
    assert Counter(dealt["cards"]) == Counter(ROWS[players]["cards"])
    assert dealt["captains"] == ROWS[players]["captains"] == sum(CAPTAIN[code] for code in dealt["cards"])
    assert guide["groups"] == {"rule": "SR-3.2", "groups": ROWS[players]["team_sizes"]}
    for seed in SEEDS:
        state = GAME.setup(players, seed)
        assert sorted(p.faction for p in state.players) == sorted(dealt["cards"])
        teams = Counter(state.team(seat) for seat in range(players))
        assert teams == Counter(guide["groups"]["groups"])


@pytest.mark.parametrize(("players", "cards", "captains", "groups"), [
    (2, ["R", "B"], 0, {"RG": 1, "BY": 1}),
    (3, ["R", "G", "B"], 0, {"RG": 2, "BY": 1}),
    (4, ["R*", "R", "B*", "B"], 2, {"RG": 2, "BY": 2}),
    (5, ["R*", "R", "G", "B", "Y"], 1, {"RG": 3, "BY": 2}),
    (7, ["R*", "R", "G*", "G", "B*", "B", "Y"], 3, {"RG": 4, "BY": 3}),
    (8, ["R*", "R", "G*", "G", "B*", "B", "Y*", "Y"], 4, {"RG": 4, "BY": 4}),
])
def test_the_faction_table_of_the_spec(players: int, cards: list[str], captains: int,
                                       groups: dict[str, int]) -> None:
    """SR-3.2's faction table as the spec prints it: cards, captains and group sizes."""
    guide = facts(players)
    dealt = factions(guide)
    assert (dealt["cards"], dealt["captains"]) == (cards, captains)
    assert guide["groups"]["groups"] == groups


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_character_cards_dealt_kept_and_left_out(players: int) -> None:
    """SR-5.5: 2 of the 16 cards to each player, 1 kept face down and 1 set aside; the rest out."""
    guide = facts(players)
    cards = characters(guide)
    deck = len(_data("characters.toml")["character"])
    assert deck == 16  # SR-1.1: 16 character cards
    assert (cards["deck"], cards["dealt"], cards["kept"]) == (deck, SETUP["character_cards_dealt"],
                                                             SETUP["character_cards_kept"])
    assert cards["dealt_all"] == cards["dealt"] * players and cards["out"] == deck - cards["dealt_all"]
    assert ("characters" in guide) == (cards["out"] > 0)
    assert cards["aside"] == cards["dealt"] - cards["kept"] == 1
    for seed in SEEDS:
        state = GAME.setup(players, seed)
        hands = [p.dealt for p in state.players]
        assert all(len(hand) == cards["dealt"] for hand in hands)
        assert len(state.undealt) == cards["out"]
        every = [card for hand in hands for card in hand] + list(state.undealt)
        assert len(every) == len(set(every)) == cards["deck"]
        for seat, hand in enumerate(hands):
            state.play(seat, ChooseCharacter(hand[0]))
        assert all(p.character and p.unchosen and not p.dealt for p in state.players)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_starting_resources_are_each_seats_in_the_engine(players: int) -> None:
    """SR-5.2: 12 [W] each, 4 into storage and 8 onto the faction card as HP."""
    guide = facts(players)["resources"]
    assert guide["rule"] == "SR-5.2"
    assert (guide["total"], guide["storage"], guide["hp"]) == (
        SETUP["starting_markers"], SETUP["starting_storage"], SETUP["starting_base_hp"]) == (12, 4, 8)
    assert guide["all"] == guide["total"] * players
    for seed in SEEDS:
        state = GAME.setup(players, seed)
        assert all((p.storage, p.hp) == (guide["storage"], guide["hp"]) for p in state.players)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_first_character_is_drawn_and_the_last_sits_before_it(players: int) -> None:
    """SR-5.7, SR-5.8: the engine draws the first character; the last is the seat before it."""
    guide = facts(players)
    assert (guide["first"]["rule"], guide["last"]["rule"]) == ("SR-5.7", "SR-5.8")
    firsts = set()
    for seed in range(12):
        state = GAME.setup(players, seed)
        events = [event for seat, p in enumerate(state.players)
                  for event in state.play(seat, ChooseCharacter(p.dealt[0]))]
        first = next(event for event in events if event.kind == "first")
        assert first.seat == state.first == state.active
        assert first.data["last"] == (state.first - 1) % players
        firsts.add(state.first)
    assert len(firsts) > 1  # drawn at random, not always the same seat


@pytest.mark.parametrize("players", [2, 5, 8])
def test_the_round_limit_follows_the_option(players: int) -> None:
    """SR-23.1: the game ends after `round_limit` rounds (default 40), that many turns per player."""
    default = GAME.make_options({}).round_limit
    assert default == _data("game.toml")["limits"]["round_limit_default"] == 40
    assert facts(players)["rounds"] == {"rule": "SR-23.1", "rounds": 40, "turns": 40 * players}
    assert facts(players, round_limit=7)["rounds"]["turns"] == 7 * players
    none = facts(players, round_limit=0)
    assert "rounds" not in none and none["rounds_none"] == {"rule": "SR-23.1"}


@pytest.mark.parametrize("players", [3, 6])
def test_only_the_ground_rules_change_the_set_up(players: int) -> None:
    """SR-19.2: the ground rules add a slot per ground structure; the abilities (SR-18.1) change no
    deal, so turning them off leaves the guide as it is."""
    plain = facts(players)
    assert "ground" not in plain
    assert facts(players, character_abilities=False) == plain
    ground = facts(players, ground_rules=True)
    structures = [structure["no"] for structure in _data("ground.toml")["structure"].values()]
    assert ground["ground"] == {"rule": "SR-19.2", "structures": structures}
    state = GAME.setup(players, 0, {"ground_rules": True})
    assert all(len(p.ground) == len(structures) for p in state.players)
    assert {key: value for key, value in ground.items() if key != "ground"} == plain


def test_the_sentences_name_the_cards_as_the_catalogs_do() -> None:
    guide = GAME.setup_guide()
    assert guide is not None
    catalogs = GAME.catalogs()
    found = {fact.key: fact for fact in guide.facts(5, GAME.make_options({}))}
    assert found["factions"].words(catalogs["en"]).startswith(
        "The 5 faction cards, 1 captain among them: Red (captain), Red, Green, Blue, Yellow;")
    assert "紅（隊長）、紅、綠、藍、黃" in found["factions"].words(catalogs["zh_TW"])
    assert found["groups"].words(catalogs["es"]) == "Personajes de cada grupo: Rojo-Verde 3, Azul-Amarillo 2"
    assert "12 resources" in found["resources"].words(catalogs["en"])
    assert "12 資源" in found["resources"].words(catalogs["zh_TW"])
