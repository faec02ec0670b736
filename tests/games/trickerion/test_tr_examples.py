"""Every worked example of EXAMPLES.md (EX-nn) as a test, the Dark Alley ones included."""

from __future__ import annotations

import pytest
from tr_helpers import BLUE, GREEN, RED, YELLOW, scenario, skip_turn

from parlor.core import IllegalMove
from parlor.games.trickerion import GAME, TrickerionState
from parlor.games.trickerion.data import DATA
from parlor.games.trickerion.moves import (
    Advertise,
    BottomSpecial,
    Buy,
    Declare,
    Done,
    DrawSpecial,
    Enhance,
    FortuneTelling,
    KeepSpecial,
    LearnTrick,
    Perform,
    Place,
    Prepare,
    Reschedule,
    SetUpTrick,
)
from parlor.games.trickerion.rules.theater import links_on
from parlor.games.trickerion.state import Phase

DA = {"dark_alley": True}


def test_ex01_initiative_tie_reverses_previous_order() -> None:
    """EX-01, TR-5.1, TR-5.2: Blue (9), then the tied Green and Red swapped, then Yellow."""
    s = scenario(turn=2, phase="end_turn", initiative=[RED, BLUE, GREEN, YELLOW],
                 seats={RED: {"fame": 14}, BLUE: {"fame": 9}, GREEN: {"fame": 14},
                        YELLOW: {"fame": 20}})
    assert s.turn == 3
    assert s.order == [BLUE, GREEN, RED, YELLOW]


def test_ex02_advertising_cost_with_two_players() -> None:
    """EX-02, TR-2.6, TR-6.1: Red pays 1 on space 1; Blue on space 3 cannot pay 3 with 2 Coins."""
    s = scenario(players=2, initiative=[RED, BLUE],
                 seats={RED: {"coins": 5, "fame": 5}, BLUE: {"coins": 2}})
    assert s.actors() == (RED,)
    s.play(RED, Advertise())
    assert (s.coins[RED], s.fame[RED]) == (4, 7)
    assert s.phase == Phase.ASSIGNMENT          # Blue could not Advertise and was skipped
    assert s.coins[BLUE] == 2


@pytest.mark.parametrize("players,coins", [(4, [10, 12, 14, 16]), (3, [10, 12, 14]),
                                           (2, [10, 14])])
def test_ex03_starting_coins_by_initiative_space(players: int, coins: list[int]) -> None:
    """EX-03, TR-2.6, A-01: 10 + the bonus of the Initiative space."""
    for seed in range(5):
        s = GAME.setup(players, seed)
        assert [s.coins[seat] for seat in s.order] == coins


def test_ex03_two_player_option_twelve() -> None:
    """EX-03, A-01: option two_player_second_start_coins = 12."""
    s = GAME.setup(2, 3, {"two_player_second_start_coins": 12})
    assert [s.coins[seat] for seat in s.order] == [10, 12]


def test_ex04_action_point_totals() -> None:
    """EX-04, TR-8.2, TR-8.4, TR-8.7, TR-8.8, A-12."""
    s = scenario(phase="actions", placing={"seat": RED, "character": "apprentice_1",
                                           "slot": "downtown_1"}, seats={RED: {"shards": 1}})
    assert s.action_points == 3
    s.play(RED, Enhance())
    assert s.action_points == 4
    s = scenario(phase="actions", placing={"seat": RED, "character": "magician",
                                           "slot": "sunday_backstage_1"}, seats={RED: {"shards": 3}})
    assert s.action_points == 2 and Enhance() not in s.legal_moves(RED)
    s = scenario(phase="actions", placing={"seat": BLUE, "character": "manager",
                                           "slot": "thursday_backstage_1"},
                 seats={BLUE: {"specialists": ["manager"]}})
    assert s.action_points == 3
    s = scenario(players=2, phase="actions", placing={"seat": RED, "character": "magician",
                                                      "slot": "market_row_4"})
    assert s.action_points == 3


def test_ex04_zero_ap_placements_are_legal() -> None:
    """EX-04, A-12, TR-8.8: Apprentice on Sunday backstage (0 AP); Magician on a Performance slot."""
    s = scenario(phase="placement", initiative=[RED, BLUE, GREEN, YELLOW],
                 cards=[{"seat": RED, "character": "apprentice_1", "location": "theater"},
                        {"seat": RED, "character": "magician", "location": "theater"}])
    assert Place("apprentice_1", "sunday_backstage_1") in s.legal_moves(RED)
    events = s.play(RED, Place("apprentice_1", "sunday_backstage_1"))
    assert [e.data["ap"] for e in events if e.kind == "placed"] == [0]
    assert any(e.kind == "placement_done" for e in events)     # nothing to do with 0 AP
    assert s.performance_day[RED] == 3
    events = s.play(RED, Place("magician", "sunday_performance"))
    assert [e.data["ap"] for e in events if e.kind == "placed"] == [0]


def test_ex05_learning_below_threshold_pays_coins() -> None:
    """EX-05, TR-9.2, A-05: 12 Fame, Threshold 16: 4 Coins; the '?' die becomes X."""
    s = scenario(magicians=["the_great_optico", "master_of_chains", "the_mechaniker",
                            "priestess_of_mysticism"],
                 dice=["any", "x", "x", "x", "x", "x"], phase="actions",
                 placing={"seat": RED, "character": "magician", "slot": "downtown_4"},
                 seats={RED: {"fame": 12, "coins": 9,
                              "tricks": ["enchanted_butterflies", "card_manipulation"]}})
    assert s.action_points == 3
    learned = s.play(RED, LearnTrick(0, "wolf_cage", False))
    assert [(e.kind, e.data["coins"]) for e in learned[:1]] == [("learned_paid", 4)]   # the log says the 4
    wolf = DATA.trick_by_id["wolf_cage"]
    suit = s.suit_of_trick(RED, wolf)
    assert s.coins[RED] == 5 and s.owner[wolf] == RED
    assert s.prepared[RED][suit] == 0 and s.dice[0] == "x"
    assert s.action_points == 0                   # AP left 0 (a Shard could still buy +1, TR-8.4)


def test_ex06_favorite_category_through_any_die() -> None:
    """EX-06, TR-9.2, A-11: Optico learns Mechanical or Optical with the Mechanical die."""
    spec = dict(magicians=["the_great_optico", "master_of_chains", "the_mechaniker",
                           "priestess_of_mysticism"], phase="actions",
                placing={"seat": RED, "character": "magician", "slot": "downtown_4"},
                seats={RED: {"coins": 30}})
    s = scenario(dice=["mechanical", "x", "x", "x", "x", "x"], **spec)
    learn = [m for m in s.legal_moves(RED) if isinstance(m, LearnTrick)]
    categories = {DATA.tricks[DATA.trick_by_id[m.trick]].category for m in learn}
    assert categories == {2, 3} and {m.die for m in learn} == {0}
    assert LearnTrick(0, "shattered_mirror", False) in learn
    s = scenario(dice=["x", "x", "x", "x", "x", "x"], **spec)
    assert not [m for m in s.legal_moves(RED) if isinstance(m, LearnTrick)]


def test_ex07_quick_order_surcharge_and_bargain() -> None:
    """EX-07, TR-10.2, TR-10.3, TR-11.2."""
    s = scenario(buy_area=["wood", "saw", "glass", "cog"], quick_order="mirror", phase="actions",
                 placing={"seat": BLUE, "character": "magician", "slot": "market_row_2"},
                 seats={BLUE: {"coins": 10, "components": {"saw": 2}}})
    assert s.action_points == 4
    moves = s.legal_moves(BLUE)
    assert Buy("saw", 1, 0, False) in moves and Buy("saw", 2, 0, False) not in moves
    plain = s.play(BLUE, Buy("saw", 1, 0, False))
    assert s.coins[BLUE] == 8
    bargained = s.play(BLUE, Buy("mirror", 2, 2, False))
    saw, mirror = DATA.component_by_id["saw"], DATA.component_by_id["mirror"]
    assert (s.coins[BLUE], s.components[BLUE][saw], s.components[BLUE][mirror]) == (2, 3, 2)
    assert s.action_points == 0
    # the log names Bargains only where there were some
    english = GAME.catalogs()["en"]
    names = ["Ann", "Bea", "Cy", "Dan"]
    assert english.event(plain[0], names) == "Bea buys 1 Saw for 2 Coins"
    assert english.event(bargained[0], names) == "Bea buys 2 Mirror for 6 Coins after 2 Bargains"


def test_ex08_bargain_floor() -> None:
    """EX-08, TR-10.3, A-17: a Buy never drops below 1 Coin."""
    s = scenario(phase="actions", placing={"seat": GREEN, "character": "magician",
                                           "slot": "market_row_1"},
                 seats={GREEN: {"coins": 10, "components": {}}})
    moves = s.legal_moves(GREEN)
    assert Buy("wood", 1, 0, False) in moves and Buy("wood", 1, 1, False) not in moves
    assert Buy("wood", 2, 1, False) in moves and Buy("wood", 2, 2, False) not in moves


def test_ex09_manager_slot_counts_plus_one() -> None:
    """EX-09, TR-11.2, TR-11.3: 2 Animal on a Manager slot count 3; no third Animal there."""
    s = scenario(phase="actions", buy_area=["wood", "animal", "glass", "fabric"],
                 placing={"seat": YELLOW, "character": "magician", "slot": "workshop_1"},
                 seats={YELLOW: {"specialists": ["manager"], "tricks": ["fishing_in_the_air"],
                                 "components": {"wood": 3, "rope": 2},
                                 "manager_components": {"animal": 2}}})
    assert Prepare("fishing_in_the_air") in s.legal_moves(YELLOW)
    s.play(YELLOW, Prepare("fishing_in_the_air"))
    suit = s.suit_of_trick(YELLOW, DATA.trick_by_id["fishing_in_the_air"])
    assert s.prepared[YELLOW][suit] == 3 and s.action_points == 1
    assert s.components[YELLOW][DATA.component_by_id["animal"]] == 2
    m = scenario(phase="actions", buy_area=["wood", "animal", "glass", "fabric"],
                 placing={"seat": YELLOW, "character": "magician", "slot": "market_row_1"},
                 seats={YELLOW: {"specialists": ["manager"], "coins": 20,
                                 "manager_components": {"animal": 2}}})
    assert not [b for b in m.legal_moves(YELLOW) if isinstance(b, Buy) and b.component == "animal"]


def _ex10(**options: object) -> TrickerionState:
    return scenario(options=options, phase="actions",
                    placing={"seat": GREEN, "character": "magician", "slot": "workshop_1"},
                    seats={GREEN: {"specialists": ["engineer"], "components": {"glass": 2},
                                   "tricks": [{"trick": "mind_reading", "engineer": True}]}},
                    theater=[{"card": "riverside_01", "markers": [
                        {"seat": GREEN, "trick": "mind_reading", "slot": "c0r0", "dir": "S"}]},
                        {"card": "riverside_02", "markers": [
                            {"seat": GREEN, "trick": "mind_reading", "slot": "c0r0", "dir": "S"}]},
                        None, None, None])


def test_ex10_prepare_with_markers_in_theater_and_engineer_bonus() -> None:
    """EX-10, TR-11.3, A-04: 3 + 1 wanted, only 2 in supply; the option forbids it."""
    s = _ex10()
    s.play(GREEN, Prepare("mind_reading"))
    suit = s.suit_of_trick(GREEN, DATA.trick_by_id["mind_reading"])
    assert s.prepared[GREEN][suit] == 2
    blocked = _ex10(prepare_blocked_by_theater_markers=True)
    with pytest.raises(IllegalMove, match=r"TR-11\.3"):
        blocked.play(GREEN, Prepare("mind_reading"))
    free = scenario(phase="actions",
                    placing={"seat": GREEN, "character": "magician", "slot": "workshop_1"},
                    seats={GREEN: {"specialists": ["engineer"], "components": {"glass": 2},
                                   "tricks": [{"trick": "mind_reading", "engineer": True}]}})
    free.play(GREEN, Prepare("mind_reading"))
    assert free.prepared[GREEN][free.suit_of_trick(GREEN, DATA.trick_by_id["mind_reading"])] == 4


def _theater(card: str, markers: list[dict[str, object]], players: int = 4) -> list[object]:
    return [{"card": card, "markers": markers}] + [None] * players


def test_ex11_link_through_shard_circle() -> None:
    """EX-11, TR-12.3, TR-12.5, TR-12.6: own Mechanical -> S makes N Escape, a Link."""
    s = scenario(phase="actions", theater=_theater("riverside_01", [
        {"seat": RED, "trick": "barricaded_barrels", "slot": "c0r0", "dir": "S"}]),
        placing={"seat": BLUE, "character": "apprentice_1", "slot": "friday_backstage_1"},
        cards=[{"seat": BLUE, "character": "magician", "location": "downtown"}],
        seats={BLUE: {"tricks": [{"trick": "linking_rings", "prepared": 1}], "fame": 5,
                      "coins": 5, "shards": 0}, RED: {"shards": 0}})
    moves = s.legal_moves(BLUE)
    assert SetUpTrick("linking_rings", 1, "c0r1", "S", 1) in moves
    assert SetUpTrick("linking_rings", 1, "c0r1", "N", 0) in moves
    assert SetUpTrick("linking_rings", 1, "c0r1", "N", 1) not in moves     # no Link that way
    s.play(BLUE, SetUpTrick("linking_rings", 1, "c0r1", "S", 0))
    assert (s.fame[BLUE], s.coins[BLUE], s.shards[BLUE], s.shards[RED]) == (6, 5, 1, 1)


def test_ex12_own_own_link_pays_one_shard() -> None:
    """EX-12, TR-12.6, A-21: both markers Red's: 2 Fame and one Shard."""
    s = scenario(phase="actions", theater=_theater("riverside_02", [
        {"seat": RED, "trick": "barricaded_barrels", "slot": "c1r1", "dir": "W"}]),
        placing={"seat": RED, "character": "apprentice_1", "slot": "friday_backstage_1"},
        seats={RED: {"fame": 5, "shards": 0, "tricks": [
            "barricaded_barrels", {"trick": "paper_shred", "prepared": 1}]}})
    s.play(RED, SetUpTrick("paper_shred", 1, "c0r1", "N", 0))
    assert (s.fame[RED], s.shards[RED]) == (7, 1)


def test_ex13_one_placement_two_links() -> None:
    """EX-13, TR-12.3, TR-12.6: two Links, paid separately; Shards to Red and Blue only."""
    s = scenario(phase="actions", theater=_theater("grand_magorian_01", [
        {"seat": BLUE, "trick": "linking_rings", "slot": "c1r1", "dir": "N"},
        {"seat": GREEN, "trick": "chinese_sticks", "slot": "c0r2", "dir": "N"}]),
        placing={"seat": RED, "character": "magician", "slot": "friday_backstage_1"},
        seats={RED: {"fame": 5, "coins": 5, "shards": 0, "tricks": [
            {"trick": "future_sight", "prepared": 1}]},
            BLUE: {"shards": 0}, GREEN: {"shards": 0, "tricks": ["chinese_sticks"]}})
    moves = s.legal_moves(RED)
    assert SetUpTrick("future_sight", 1, "c0r1", "E", 2) in moves
    s.play(RED, SetUpTrick("future_sight", 1, "c0r1", "E", 1))
    assert (s.fame[RED], s.coins[RED]) == (7, 7)
    assert (s.shards[RED], s.shards[BLUE], s.shards[GREEN]) == (1, 1, 0)


def test_ex14_duplicate_trick_restriction() -> None:
    """EX-14, TR-12.4: not a second marker of the same Trick of the same player on a card."""
    s = scenario(phase="actions", theater=_theater("grand_magorian_01", [
        {"seat": RED, "trick": "linking_rings", "slot": "c0r0", "dir": "E"}]),
        placing={"seat": RED, "character": "magician", "slot": "friday_backstage_1"},
        seats={RED: {"tricks": [{"trick": "linking_rings", "prepared": 2},
                                {"trick": "barricaded_barrels", "prepared": 1}]},
               BLUE: {"tricks": [{"trick": "chinese_sticks", "prepared": 1}]}})
    setups = [m for m in s.legal_moves(RED) if isinstance(m, SetUpTrick) and m.card == 1]
    assert {m.trick for m in setups} == {"barricaded_barrels"}
    t = scenario(phase="actions", theater=_theater("grand_magorian_01", [
        {"seat": RED, "trick": "linking_rings", "slot": "c0r0", "dir": "E"}]),
        placing={"seat": BLUE, "character": "magician", "slot": "friday_backstage_1"},
        seats={RED: {"tricks": ["linking_rings"]},
               BLUE: {"tricks": [{"trick": "chinese_sticks", "prepared": 1}]}})
    assert any(isinstance(m, SetUpTrick) and m.card == 1 for m in t.legal_moves(BLUE))


def test_ex15_performance_with_guests_and_weekday_modifiers() -> None:
    """EX-15, TR-14.3, TR-14.4, TR-14.5."""
    s = scenario(phase="performance", performance_day="sunday",
                 theater=_theater("riverside_02", [
                     {"seat": RED, "trick": "levitation", "slot": "c0r0", "dir": "S"},
                     {"seat": BLUE, "trick": "wolf_cage", "slot": "c0r1", "dir": "S"},
                     {"seat": GREEN, "trick": "mind_reading", "slot": "c1r1", "dir": "W"}]),
                 placed=[{"seat": RED, "character": "magician", "slot": "sunday_performance"},
                         {"seat": RED, "character": "assistant", "slot": "sunday_backstage_1"},
                         {"seat": BLUE, "character": "apprentice_1",
                          "slot": "thursday_backstage_1"}],
                 seats={RED: {"fame": 10, "coins": 10, "shards": 0, "specialists": ["assistant"],
                              "tricks": ["levitation"]},
                        BLUE: {"fame": 10, "coins": 10, "shards": 0, "tricks": ["wolf_cage"]},
                        GREEN: {"fame": 10, "coins": 10, "shards": 0}})
    assert links_on(s, 0) == 1
    assert s.actors() == (RED,) and s.legal_moves(RED)[0] == Perform(1)
    events = s.play(RED, Perform(1))
    performed = next(e for e in events if e.kind == "performed")
    assert performed.data["yields"][RED] == [3, 4, 0] and performed.data["bonus"] == [4, 1, 0]
    assert (s.fame[RED], s.coins[RED]) == (17, 15 - 2)     # then the turn ends: Assistant's wage
    assert performed.data["yields"][BLUE] == [2, 2, 1]
    assert performed.data["yields"][GREEN] == [1, 1, 1]
    assert (s.fame[BLUE], s.coins[BLUE], s.shards[BLUE]) == (12, 12 - 1, 1)   # Apprentice's wage
    assert (s.fame[GREEN], s.coins[GREEN], s.shards[GREEN]) == (11, 11, 1)
    # the emptied card stayed; the end of the turn then moved it to position 2 (TR-15.4)
    assert s.markers[1] == [-1, -1, -1] and s.stage[1] == DATA.card_by_id["riverside_02"]
    assert s.scheduled[BLUE] == [0, 0, 0, 0]


def test_ex16_yield_floor_on_thursday() -> None:
    """EX-16, TR-14.3: a 0 Fame yield with -1 stays 0."""
    s = scenario(phase="performance",
                 theater=_theater("riverside_01", [
                     {"seat": YELLOW, "trick": "linking_rings", "slot": "c0r0", "dir": "S"},
                     {"seat": BLUE, "trick": "enchanted_butterflies", "slot": "c0r2", "dir": "N"}]),
                 placed=[{"seat": YELLOW, "character": "magician",
                          "slot": "thursday_performance"}],
                 seats={YELLOW: {"fame": 10, "coins": 10, "shards": 0,
                                 "tricks": ["linking_rings"]},
                        BLUE: {"fame": 10, "coins": 10, "shards": 0,
                               "tricks": ["enchanted_butterflies"]}})
    s.play(YELLOW, Perform(1))
    assert (s.fame[YELLOW], s.coins[YELLOW], s.shards[YELLOW]) == (10, 11, 1)
    assert (s.fame[BLUE], s.coins[BLUE]) == (11, 10)


def test_ex17_unpaid_wages_cost_fame() -> None:
    """EX-17, TR-15.1, A-18: wages 3, 1 paid, 2 unpaid -> -4 Fame."""
    s = scenario(phase="end_turn",
                 seats={BLUE: {"coins": 1, "fame": 10,
                               "specialists": ["assistant", "manager", "engineer"],
                               "apprentices": 2, "assistant_apprentice": True,
                               "hired": ["apprentice_3"]}},
                 placed=[{"seat": BLUE, "character": "magician", "slot": "downtown_1"},
                         {"seat": BLUE, "character": "apprentice_1", "slot": "market_row_1"},
                         {"seat": BLUE, "character": "apprentice_2", "slot": "workshop_1"},
                         {"seat": BLUE, "character": "manager", "slot": "market_row_2"}])
    assert (s.fame[BLUE], s.coins[BLUE]) == (6, 0)
    assert s.owns(BLUE, 6)                   # the hired Apprentice joined (TR-15.2)


def test_ex18_performance_card_rotation_three_players() -> None:
    """EX-18, TR-2.1, TR-15.4."""
    r1, r2, r3, r4 = (DATA.card_by_id[f"riverside_0{i}"] for i in (1, 2, 3, 4))
    g1, g2 = DATA.card_by_id["grand_magorian_01"], DATA.card_by_id["grand_magorian_02"]
    s = scenario(players=3, theater=[{"card": "riverside_01"}, {"card": "riverside_02"}, None,
                                     None],
                 deck=["riverside_03", "riverside_04", "grand_magorian_01", "grand_magorian_02"])
    expected = [[r1, r2, -1, -1], [r3, r1, r2, -1], [r4, r3, r1, r2], [g1, r4, r3, r1],
                [g2, g1, r4, r3]]
    for turn in range(5):
        assert s.stage == expected[turn], turn
        skip_turn(s)
    assert s.discarded == [r2, r1, r3]          # the end of turn 5 discards R3 as well


def test_ex19_orders_arrive() -> None:
    """EX-19, TR-10.4, TR-15.3: ordered types cannot be bought the turn they are ordered."""
    spec = dict(buy_area=["wood", "metal", "glass", "fabric"], orders=[None, "saw", None, "cog"],
                quick_order="mirror")
    s = scenario(phase="actions", placing={"seat": RED, "character": "magician",
                                           "slot": "market_row_1"}, seats={RED: {"coins": 30}},
                 **spec)
    bought = {m.component for m in s.legal_moves(RED) if isinstance(m, Buy)}
    assert bought == {"wood", "metal", "glass", "fabric", "mirror"}
    s = scenario(phase="end_turn", **spec)
    assert [DATA.components[c].id for c in s.buy_area] == ["wood", "saw", "glass", "cog"]
    assert s.order_slots == [-1, -1, -1, -1] and s.quick_order == -1


def test_ex20_final_scoring_with_caps() -> None:
    """EX-20, TR-16.1, A-02."""
    red = {"fame": 61, "shards": 23, "coins": 50, "apprentices": 3,
           "specialists": ["manager", "engineer"]}
    s = scenario(turn=5, phase="end_turn", seats={RED: red})
    assert s.is_over() and s.fame[RED] == 109
    assert s.result().breakdown[RED] == {"fame_in_game": 61, "shards": 20, "coins": 16,
                                         "apprentices": 6, "specialists": 6}
    s = scenario(turn=5, phase="end_turn", seats={RED: red},
                 options={"final_scoring_cap": False})
    assert s.fame[RED] == 112


def test_ex21_tie_break_by_initiative() -> None:
    """EX-21, TR-16.4: equal Fame: the earlier Initiative space wins."""
    same = {"fame": 70, "shards": 0, "coins": 0, "apprentices": 1, "specialists": ["manager"]}
    low = {"fame": 5, "shards": 0, "coins": 0}
    s = scenario(turn=5, phase="end_turn", initiative=[GREEN, RED, YELLOW, BLUE],
                 seats={RED: same, BLUE: same, GREEN: low, YELLOW: low})
    result = s.result()
    assert s.fame[RED] == s.fame[BLUE] == 75
    assert result.winners() == (RED,) and result.ranks[BLUE] == 2
    assert "Initiative" in result.tiebreak[0]


def test_ex22_dark_alley_final_scoring() -> None:
    """EX-22, TR-16.2, TR-16.3, A-03 (Dark Alley): Balsamo's Skull 24 -> 20, Iron Maiden 0,
    4 Special cards 8, Shards 5, Coins 5, characters nothing: +38 Fame."""
    hand = ["guest_performer", "new_twist", "invention", "logistics"]
    s = scenario(options=DA, turn=7, phase="end_turn", seats={GREEN: {
        "fame": 10, "shards": 5, "coins": 17, "apprentices": 2,
        "specialists": ["engineer", "manager"], "specials": hand,
        "components": {"metal": 3, "rope": 2, "mirror": 3},
        "manager_components": {"padlock": 1, "cog": 2},
        "tricks": ["balsamos_skull", "iron_maiden", "mind_reading",
                   {"trick": "breath_of_life", "engineer": True}]}})
    assert s.is_over()
    assert s.final is not None
    points = {k: v for k, v in s.final[GREEN].items() if k != "fame_in_game"}
    assert points == {"shards": 5, "coins": 5, "special_assignments": 8, "level3_tricks": 20}
    assert s.fame[GREEN] == 10 + 38
    assert sum(s.result().breakdown[GREEN].values()) == s.fame[GREEN]


def _draw_all(s: TrickerionState, seat: int, decks: list[str]) -> None:
    for deck in decks:
        s.play(seat, DrawSpecial(deck))


def test_ex23_drawing_special_cards() -> None:
    """EX-23, TR-13.2: 5 AP = Draw First + 2 Draw Further: 6 cards seen, 3 kept (2 of the 4
    Theater cards), 3 to the bottoms; with p05 five draws; an Apprentice on the 0 slot with
    Enhance draws once and tells fortunes once."""
    s = scenario(options=DA, phase="actions",
                 placing={"seat": RED, "character": "magician", "slot": "dark_alley_1"})
    assert s.action_points == 5
    _draw_all(s, RED, ["theater", "theater", "downtown"])
    assert s.action_points == 0 and len(s.view(RED)["you"]["drawn"]) == 6
    assert DrawSpecial("theater") not in s.legal_moves(RED)
    assert Done() not in s.legal_moves(RED)            # the keeps come first
    kept = []
    while sum(s.placement_draws) > sum(s.placement_kept):
        keep = next(m for m in s.legal_moves(RED) if isinstance(m, KeepSpecial))
        kept.append(keep.card)
        s.play(RED, keep)
    assert len(kept) == 3 and sorted(DATA.specials[DATA.special_by_id[c]].location
                                     for c in kept) == ["downtown", "theater", "theater"]
    assert sorted(DATA.specials[c].id for c in s.special_hand[RED]) == sorted(kept)
    # TR-13.2 "in any order": the two Theater cards not kept go under one at a time, as chosen
    rest = [DATA.specials[c].id for c in s.placement_drawn]
    assert len(rest) == 2 and Done() not in s.legal_moves(RED)
    assert [m for m in s.legal_moves(RED) if isinstance(m, BottomSpecial)] == \
        [BottomSpecial(c) for c in rest]
    s.play(RED, BottomSpecial(rest[1]))
    assert [DATA.specials[c].id for c in s.special_decks[3][-2:]] == [rest[1], rest[0]]
    assert not s.placement_drawn
    assert [len(d) for d in s.special_decks] == [9, 10, 10, 8]
    assert s.specials_held[RED] == [1, 0, 0, 2]

    s = scenario(options=DA, phase="actions", prophecies={"active": "p05_easy_dealings",
                                                          "pending": ["p01_weak_crew",
                                                                      "p02_shard_surplus",
                                                                      "p03_shining_fame"]},
                 placing={"seat": RED, "character": "magician", "slot": "dark_alley_1"})
    _draw_all(s, RED, ["theater", "workshop", "market_row", "downtown", "theater"])
    assert s.action_points == 0 and sum(s.placement_draws) == 5

    s = scenario(options=DA, phase="actions",
                 placing={"seat": RED, "character": "apprentice_1", "slot": "dark_alley_4"})
    s.play(RED, Enhance())
    assert s.action_points == 2
    s.play(RED, DrawSpecial("workshop"))
    assert DrawSpecial("workshop") not in s.legal_moves(RED)    # a second draw costs 2
    assert FortuneTelling() in s.legal_moves(RED)


EX24_DICE = ["escape", "x", "x", "x", "x", "x"]


def test_ex24_special_card_ability_or_ap() -> None:
    """EX-24, TR-18.2, TR-18.4: Thirst for Knowledge: ability = Learn Trick for 2 AP in any
    category; +1 AP = a normal Learn Trick for 3 AP. Not both."""
    spec = dict(options=DA, phase="actions", dice=EX24_DICE,
                placing={"seat": BLUE, "character": "apprentice_1", "slot": "downtown_4",
                         "special": "thirst_for_knowledge"})
    s = scenario(**spec)
    assert s.legal_moves(BLUE) == [Declare(True), Declare(False)]
    s.play(BLUE, Declare(True))
    assert s.action_points == 1
    s.play(BLUE, Enhance())
    optical = next(m for m in s.legal_moves(BLUE) if isinstance(m, LearnTrick)
                   and DATA.tricks[DATA.trick_by_id[m.trick]].category == 3)   # any category
    s.play(BLUE, optical)
    assert s.dice[0] == "x" and s.owner[DATA.trick_by_id[optical.trick]] == BLUE

    s = scenario(**spec)
    s.play(BLUE, Declare(False))
    assert s.action_points == 2
    s.play(BLUE, Enhance())
    assert s.action_points == 3
    learns = {m.trick for m in s.legal_moves(BLUE) if isinstance(m, LearnTrick)}
    cats = {DATA.tricks[DATA.trick_by_id[t]].category for t in learns}
    assert cats == {0, 2}                                        # Escape die or favorite
    assert not any(isinstance(m, Declare) for m in s.legal_moves(BLUE))


def test_ex25_prophecy_rotation() -> None:
    """EX-25, TR-13.3, TR-15.7, A-10: Fortune Telling P2->P1, P3->P2, P1->P3; End Turn:
    Active discarded, P1 Active, P2->P1, P3->P2, pile top into P3."""
    s = scenario(options=DA, phase="actions",
                 prophecies={"active": "p03_shining_fame",
                             "pending": ["p07_bank_boom", "p12_open_library", "p21_fixed_prices"],
                             "pile": ["p16_calm_week", "p01_weak_crew"]},
                 placing={"seat": RED, "character": "apprentice_1", "slot": "dark_alley_1"})
    s.play(RED, FortuneTelling())
    ids = [DATA.prophecies[p].id[:3] for p in s.prophecies]
    assert ids == ["p03", "p12", "p21", "p07"]
    skip_turn(s)
    assert [DATA.prophecies[p].id[:3] for p in s.prophecies] == ["p12", "p21", "p07", "p16"]
    assert s.prophecy_pile == [DATA.prophecy_by_id["p01_weak_crew"]]


def test_ex26_weekday_ownership() -> None:
    """EX-26, TR-12.1: Friday belongs to Blue; Red's Theater characters share one weekday."""
    s = scenario(phase="placement", initiative=[RED, BLUE, GREEN, YELLOW],
                 placed=[{"seat": BLUE, "character": "apprentice_1",
                          "slot": "friday_backstage_1"}],
                 cards=[{"seat": RED, "character": "magician", "location": "theater"},
                        {"seat": RED, "character": "apprentice_1", "location": "theater"}])
    slots = {m.slot for m in s.legal_moves(RED) if isinstance(m, Place)}
    assert not any(slot.startswith("friday") for slot in slots)
    assert "sunday_performance" in slots
    s.play(RED, Place("magician", "sunday_performance"))
    while s.actors() != (RED,):
        s.play(s.actors()[0], s.legal_moves(s.actors()[0])[-1])
    slots = {m.slot for m in s.legal_moves(RED) if isinstance(m, Place)}
    assert slots == {"sunday_backstage_1", "sunday_backstage_2"}


def test_ex27_reschedule_pays_nothing() -> None:
    """EX-27, TR-12.8, A-25: the Link forms but nobody is paid; it counts for performers."""
    s = scenario(phase="actions", theater=[
        {"card": "riverside_01", "markers": [
            {"seat": BLUE, "trick": "barricaded_barrels", "slot": "c0r0", "dir": "S"}]},
        {"card": "riverside_02", "markers": [
            {"seat": YELLOW, "trick": "linking_rings", "slot": "c0r0", "dir": "S"}]},
        None, None, None],
        placing={"seat": YELLOW, "character": "magician", "slot": "friday_backstage_1"},
        seats={BLUE: {"tricks": ["barricaded_barrels"], "fame": 5, "coins": 5, "shards": 0},
               YELLOW: {"tricks": ["linking_rings"], "fame": 5, "coins": 5, "shards": 0},
               RED: {"tricks": []}})
    before = (list(s.fame), list(s.coins), list(s.shards))
    s.play(YELLOW, Reschedule(2, "c0r0", 1, "c0r1", "S"))
    assert (s.fame, s.coins, s.shards) == before
    assert links_on(s, 0) == 1


def test_ex28_prophecy_fame_over_fortune() -> None:
    """EX-28, TR-14.3, TR-14.4, TR-19.2, A-37: p14 turns Trick Coin yields into Fame; the
    Manager's Coins and the card's Coin bonus stay Coins: Blue +6 Fame +4 Coins, Red +1 Fame."""
    s = scenario(options=DA, phase="performance", performance_day="friday",
                 prophecies={"active": "p14_fame_over_fortune",
                             "pending": ["p01_weak_crew", "p02_shard_surplus", "p03_shining_fame"]},
                 placed=[{"seat": BLUE, "character": "magician", "slot": "friday_performance"},
                         {"seat": GREEN, "character": "magician", "slot": "sunday_performance"},
                         {"seat": BLUE, "character": "manager", "slot": "friday_backstage_1"},
                         {"seat": RED, "character": "apprentice_1",
                          "slot": "thursday_backstage_1"}],
                 seats={BLUE: {"tricks": ["levitation"], "specialists": ["manager"]},
                        RED: {"tricks": ["linking_rings"]}, GREEN: {"tricks": ["mind_reading"]}},
                 theater=[{"card": "riverside_06", "markers": [
                     {"seat": BLUE, "trick": "levitation", "slot": "c0r0", "dir": "S"},
                     {"seat": RED, "trick": "linking_rings", "slot": "c0r1", "dir": "N"}]},
                     {"card": "riverside_01", "markers": [
                         {"seat": GREEN, "trick": "mind_reading", "slot": "c0r0", "dir": "S"}]},
                     None, None, None])
    assert links_on(s, 0) == 1 and s.acting == BLUE
    fame, coins = list(s.fame), list(s.coins)
    s.play(BLUE, Perform(1))
    assert (s.fame[BLUE] - fame[BLUE], s.coins[BLUE] - coins[BLUE]) == (6, 4)
    assert (s.fame[RED] - fame[RED], s.coins[RED] - coins[RED]) == (1, 0)


@pytest.mark.parametrize("engineer,source,markers", [(True, "majority", 2),
                                                     (False, "majority", 1), (False, "bga", 2)])
def test_ex29_single_marker_trick(engineer: bool, source: str, markers: int) -> None:
    """EX-29, TR-11.3, A-07: Rabbit gives 1 marker, +1 on the Engineer slot; 2 with `bga`."""
    s = scenario(options={"trick_component_source": source}, phase="actions",
                 placing={"seat": RED, "character": "apprentice_1", "slot": "workshop_1"},
                 seats={RED: {"specialists": ["engineer"],
                              "components": {"metal": 1, "fabric": 1, "animal": 1},
                              "tricks": [{"trick": "rabbit_from_the_top_hat",
                                          "engineer": engineer}]}})
    s.play(RED, Prepare("rabbit_from_the_top_hat"))
    suit = s.suit_of_trick(RED, DATA.trick_by_id["rabbit_from_the_top_hat"])
    assert s.prepared[RED][suit] == markers
    assert s.action_points == 0
