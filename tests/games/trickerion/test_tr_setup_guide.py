"""Trickerion's set-up guide for a real table (TR-2, TR-3.2, TR-17.1, TR-17.2): for 2 to 4 players,
with and without the Dark Alley, every fact is what the engine lays out (several seeds) and what the
data and the spec say."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.games.trickerion import GAME, Options, TrickerionState
from parlor.games.trickerion.data import CATEGORIES, DATA, LOCATIONS
from parlor.games.trickerion.rules.common import in_play
from parlor.games.trickerion.rules.turn import permanent_hand, space_of

SEEDS = range(4)
TABLES = [(players, dark_alley) for players in (2, 3, 4) for dark_alley in (False, True)]


def options(dark_alley: bool = False, **more: Any) -> Options:
    chosen: Options = GAME.make_options({"dark_alley": dark_alley, **more})
    return chosen


def facts(players: int, chosen: Options) -> dict[str, dict[str, Any]]:
    guide = GAME.setup_guide()
    # Magician Powers (TR-21) are not offered: their cards are not in the data, the engine refuses them
    assert guide is not None and guide.options == ("dark_alley",)
    found = guide.facts(players, chosen)
    keys = [fact.key for fact in found]
    assert len(keys) == len(set(keys)), keys
    return {fact.key: {"rule": fact.rule, **fact.values} for fact in found}


@pytest.mark.parametrize(("players", "dark_alley"), TABLES)
def test_every_fact_is_what_the_engine_lays_out(players: int, dark_alley: bool) -> None:
    guide = facts(players, options(dark_alley))
    expansion = dark_alley
    for seed in SEEDS:
        state: TrickerionState = GAME.setup(players, seed, options(dark_alley))
        assert state.dark_alley is expansion
        assert guide["turns"] == {"rule": "TR-17.2" if expansion else "TR-3.2", "turns": state.last_turn,
                                  "first": state.turn}
        in_use = [trick for trick in DATA.tricks if in_play(state, trick)]
        assert guide["trick_decks"]["decks"] == {
            category: sum(1 for trick in in_use if trick.category == index)
            for index, category in enumerate(CATEGORIES)}
        assert guide["performance_deck"]["deck"] == [DATA.cards[card].theater for card in state.deck]
        stage = [card for card in state.stage if card >= 0]
        assert state.stage[:len(stage)] == stage           # from the leftmost position on
        assert guide["theater"]["cards"] == len(stage)
        assert {DATA.cards[card].theater for card in stage} == {guide["theater"]["theater"]}
        order = state.order
        assert guide["initiative"]["spaces"] == [space_of(state, seat) for seat in order]
        assert guide["initiative"]["coins"] == [state.coins[seat] for seat in order]
        hand = permanent_hand(state)
        assert guide["hand"]["hand"] == {LOCATIONS[index]: count for index, count in enumerate(hand) if count}
        assert guide["shards"]["shards"] == state.shards[0] and len(set(state.shards)) == 1
        if expansion:
            assert guide["special_decks"]["decks"] == {
                DATA.specials[deck[0]].location: len(deck) for deck in state.special_decks}
            assert guide["prophecies"]["pending"] == sum(1 for card in state.prophecies[1:] if card >= 0)
            assert guide["prophecies"]["pile"] == len(state.prophecy_pile)
            assert state.prophecies[0] == -1                # no Active Prophecy in turn 1 (TR-17.1)


@pytest.mark.parametrize(("players", "dark_alley"), TABLES)
def test_the_numbers_the_spec_states(players: int, dark_alley: bool) -> None:
    guide = facts(players, options(dark_alley))
    expansion = dark_alley
    assert guide["turns"]["turns"] == (7 if expansion else 5)                      # TR-3.2, TR-17.2
    assert guide["turns"]["first"] == 1                                             # TR-2.1 item 4
    decks = guide["trick_decks"]
    assert (decks["lowest"], decks["highest"]) == ((1, 3) if expansion else (1, 2))  # TR-2.1, TR-17.1
    assert decks["decks"] == dict.fromkeys(("escape", "spiritual", "mechanical", "optical"),
                                           12 if expansion else 8)                 # TR-2.1 item 1
    extra = ["magnus_pantheon"] * 2 if expansion else []                            # TR-2.1 item 3
    assert guide["performance_deck"]["deck"] == ["riverside_theater"] * 2 + ["grand_magorian"] * 2 + extra
    assert guide["theater"]["cards"] == players - 1                                  # TR-2.1 item 3
    assert guide["theater"]["theater"] == "riverside_theater"
    coins = {1: 10, 2: 12, 3: 14, 4: 16}                                             # TR-2.6
    spaces = [1, 3] if players == 2 else list(range(1, players + 1))                 # TR-2.6
    assert guide["initiative"] == {"rule": "TR-2.6", "spaces": spaces, "coins": [coins[n] for n in spaces]}
    hand = guide["hand"]
    if expansion:                                                                    # TR-2.5, TR-17.3
        assert (hand["cards"], hand["hand"]) == (6, {"downtown": 1, "market_row": 1, "workshop": 1,
                                                     "theater": 2, "dark_alley": 1})
    else:
        assert (hand["cards"], hand["hand"]) == (9, {"downtown": 2, "market_row": 2, "workshop": 2,
                                                     "theater": 3})
    assert hand["rule"] == "TR-2.5"
    assert guide["shards"] == {"rule": "TR-2.4", "shards": 1}                          # TR-2.4 item 7
    side = "magician_ability" if expansion else "magician_base"                       # TR-17.4, TR-2.3
    assert side in guide and ({"magician_ability", "magician_base"} - {side}).isdisjoint(guide)
    assert guide[side]["rule"] == ("TR-17.4" if expansion else "TR-2.3")
    if expansion:                                                                    # TR-17.1
        assert guide["special_decks"] == {"rule": "TR-17.1", "count": 4, "decks": dict.fromkeys(
            ("downtown", "market_row", "workshop", "theater"), 10)}
        assert guide["prophecies"] == {"rule": "TR-17.1", "pending": 3, "pile": 27 - 3}
    else:
        assert "special_decks" not in guide and "prophecies" not in guide


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("dark_alley", [False, True])
def test_the_covered_slots_by_player_count(players: int, dark_alley: bool) -> None:
    """TR-2.2: 4 players all open; 3 players one of the two +1 slots covered at Downtown, Market Row
    and (DA) Dark Alley; 2 players both."""
    guide = facts(players, options(dark_alley))
    locations = ["downtown", "market_row", *(["dark_alley"] if dark_alley else [])]
    covered = {key for key in ("covered_all", "covered_some", "slots_open") if key in guide}
    if players == 4:
        assert covered == {"slots_open"} and guide["slots_open"]["locations"] == locations
        return
    key = "covered_all" if players == 2 else "covered_some"
    assert covered == {key}
    assert guide[key] == {"rule": "TR-2.2", "modifier": "+1", "covered": 4 - players, "slots": 2,
                          "locations": locations}
    # the engine's slots: those a player count covers are the +1 slots the guide counts
    for location in locations:
        index = LOCATIONS.index(location)
        gone = [slot for slot in DATA.slots if slot.location == index and slot.min_players > players]
        assert len(gone) == guide[key]["covered"]
        assert {f"{slot.ap_modifier:+d}" for slot in gone} == {guide[key]["modifier"]}
    assert not any(slot.min_players > players for slot in DATA.slots
                   if LOCATIONS[slot.location] not in ("downtown", "market_row", "dark_alley"))


def test_the_second_players_coins_follow_the_option() -> None:
    """TR-2.6, A-01: the option gives the second of 2 players 12 Coins instead of 14."""
    guide = facts(2, options(two_player_second_start_coins=12))
    assert guide["initiative"]["coins"] == [10, 12]
    state = GAME.setup(2, 0, options(two_player_second_start_coins=12))
    assert [state.coins[seat] for seat in state.order] == [10, 12]


def test_without_prophecies_the_guide_names_none() -> None:
    """TR-17.1: the option `include_prophecies` off removes the Prophecies, not the Special decks."""
    guide = facts(3, options(True, include_prophecies=False))
    assert "prophecies" not in guide and guide["special_decks"]["count"] == 4


def test_the_sentences_read_as_a_player_aid() -> None:
    catalogs = GAME.catalogs()
    guide = GAME.setup_guide()
    assert guide is not None
    found = {fact.key: fact for fact in guide.facts(3, options(True))}
    assert found["covered_some"].words(catalogs["en"]) == (
        "Cover 1 of the 2 +1 slots at each of these Locations: Downtown, Market Row, Dark Alley")
    assert found["covered_some"].words(catalogs["zh_TW"]) == (
        "市中心、商店街、黑街各有 2 個 +1 格，每處蓋住 1 個")
    assert found["performance_deck"].words(catalogs["es"]).startswith(
        "Mazo de actuación boca abajo, de arriba abajo: "
        "Teatro Riverside ×2, Gran Magorian ×2, Panteón Magnus ×2")
    assert found["hand"].words(catalogs["zh_TW"]) == (
        "每位玩家的常駐派遣卡手牌：6 張（市中心：1，商店街：1，工作室：1，戲院：2，黑街：1）")
