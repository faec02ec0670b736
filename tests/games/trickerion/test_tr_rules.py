"""Rule tests for the base game, each citing the rule IDs it checks (RULES.md)."""

from __future__ import annotations

import pytest
from tr_helpers import BLUE, GREEN, RED, YELLOW, quiet_move, scenario, skip_turn

from parlor.core import BadOptions, IllegalMove
from parlor.games.trickerion import GAME, TrickerionState
from parlor.games.trickerion.consts import Phase
from parlor.games.trickerion.data import DATA
from parlor.games.trickerion.moves import (
    Assign,
    Buy,
    ChooseMagician,
    ChooseSpecialist,
    Decline,
    Discard,
    DiscardComponent,
    DiscardDone,
    DiscardTrick,
    Done,
    EngineerTrick,
    Hire,
    Idle,
    LearnTrick,
    ManagerComponents,
    MoveApprentice,
    MoveComponents,
    MoveTrick,
    Order,
    Pass,
    Perform,
    Place,
    QuickOrder,
    RerollDie,
    SetDie,
    SetUpTrick,
    StartComponents,
    StartTrick,
    TakeCoins,
)
from parlor.games.trickerion.rules.common import can_add

CATALOGS = GAME.catalogs()

WOOD, ROPE, ANIMAL = (DATA.component_by_id[c] for c in ("wood", "rope", "animal"))


def actions(seat: int, character: str, slot: str, **spec: object) -> TrickerionState:
    return scenario(phase="actions", placing={"seat": seat, "character": character, "slot": slot},
                    **spec)


# -- setup ------------------------------------------------------------------------------------

def test_setup_choices_in_seat_order() -> None:
    """TR-2.3, TR-2.4, TR-2.5, TR-2.7, TR-1.1, TR-1.10: Magicians with distinct categories, then
    components (price 2), a favorite Level-1 Trick and a Specialist; 5 Fame, 1 Shard each."""
    s = GAME.setup(3, 11)
    assert s.actors() == (0,) and len(s.legal_moves(0)) == 8
    s.play(0, ChooseMagician("master_of_chains"))
    assert ChooseMagician("the_red_lotus") not in s.legal_moves(1)        # also Escape
    s.play(1, ChooseMagician("the_great_optico"))
    s.play(2, ChooseMagician("electra"))
    assert s.phase == Phase.STARTING_CHOICES and s.actors() == (0,)
    comps = s.legal_moves(0)
    assert len(comps) == 14 and StartComponents(("rope",)) in comps
    assert StartComponents(("wood", "wood")) in comps and StartComponents(("cog",)) not in comps
    s.play(0, StartComponents(("wood", "wood")))
    assert s.legal_moves(0)[-1] == Discard()                            # TR-23 at setup too
    assert {m.trick for m in s.legal_moves(0)[:-1]} == {                # type: ignore[attr-defined]
        "barricaded_barrels", "stocks_escape", "burning_mummy", "water_tank_escape"}
    s.play(0, StartTrick("barricaded_barrels"))
    assert s.legal_moves(0) == [*(ChooseSpecialist(x) for x in ("assistant", "manager",
                                                                 "engineer")), Discard()]
    s.play(0, ChooseSpecialist("engineer"))
    for seat, comp, trick, spec in ((1, ("fabric", "fabric"), "enchanted_butterflies", "manager"),
                                    (2, ("metal", "metal"), "linking_rings", "assistant")):
        s.play(seat, StartComponents(comp))
        s.play(seat, StartTrick(trick))
        s.play(seat, ChooseSpecialist(spec))
    assert s.phase == Phase.ENGINEER_TRICK and s.actors() == (0,)
    assert EngineerTrick("enchanted_butterflies") not in s.legal_moves(0)   # taken
    s.play(0, EngineerTrick("mind_reading"))
    assert s.phase == Phase.MANAGER_COMPONENTS and s.actors() == (1,)
    assert ManagerComponents(("fabric",)) not in s.legal_moves(1)          # a new pile only
    s.play(1, ManagerComponents(("animal",)))
    assert s.turn == 1 and s.fame == [5, 5, 5] and s.shards == [1, 1, 1]
    assert s.owns(2, 5) and s.assistant_home[2] == 5                            # Assistant's Apprentice
    assert s.prepared[0][0] == 2 and s.prepared[1][0] == 2 and s.prepared[2][0] == 2   # TR-2.9
    assert s.prepared[0][1] == 0                                           # Mind Reading: no Glass


def test_beginner_setup_and_free_preparation() -> None:
    """TR-2.8, TR-2.9, A-28: the beginners' table; every preparable Trick is prepared."""
    s = GAME.setup(4, 5, {"beginner_setup": True})
    for seat in range(4):
        s.play(seat, s.legal_moves(seat)[0])
    assert s.phase not in (Phase.STARTING_CHOICES, Phase.ENGINEER_TRICK, Phase.MANAGER_COMPONENTS)
    assert s.turn == 1
    by_category = {DATA.magicians[s.magician[p]].favorite: p for p in range(4)}
    escape, spiritual = by_category[0], by_category[1]
    barrels, stocks = DATA.trick_by_id["barricaded_barrels"], DATA.trick_by_id["stocks_escape"]
    assert s.owner[barrels] == escape and s.owner[stocks] == escape
    assert s.prepared[escape][s.suit_of_trick(escape, barrels)] == 2
    assert s.prepared[escape][s.suit_of_trick(escape, stocks)] == 0        # needs Metal too
    assert s.prepared[spiritual] == [3, 0, 0, 0]                           # Mind Reading, 2 Glass
    assert s.components[spiritual][ROPE] == 1 and s.manager_piles[spiritual] >> ROPE & 1


@pytest.mark.parametrize("players,slots", [(2, {"downtown_1", "downtown_4"}),
                                           (3, {"downtown_1", "downtown_2", "downtown_4"}),
                                           (4, {"downtown_1", "downtown_2", "downtown_3",
                                                "downtown_4"})])
def test_covered_slots_by_player_count(players: int, slots: set[str]) -> None:
    """TR-2.2, TR-8.3: open slots 2p {+2, 0}, 3p {+2, +1, 0}, 4p all."""
    s = scenario(players=players, phase="placement", initiative=list(range(players)),
                 cards=[{"seat": RED, "character": "magician", "location": "downtown"}])
    assert {m.slot for m in s.legal_moves(RED) if isinstance(m, Place)} == slots


def test_turn_one_keeps_the_random_order_and_two_player_spaces() -> None:
    """TR-2.10, TR-5.3, TR-5.4, TR-6.1: no re-ordering in turn 1; 2 players use spaces 1 and 3."""
    s = GAME.setup(2, 4, {"beginner_setup": True})
    order = list(s.order)
    for _ in range(2):
        s.play(s.actors()[0], s.legal_moves(s.actors()[0])[0])
    assert s.order == order
    assert s.view(None)["initiative_spaces"] == [1, 3]


# -- phases A to D ----------------------------------------------------------------------------

def test_dice_roll_and_use() -> None:
    """TR-4.1, TR-4.2, TR-4.3, TR-9.1, TR-9.4: faces from the data; a used die turns X and is
    public; an X die may be rerolled or set."""
    s = actions(RED, "magician", "downtown_1", dice=["x", "x", "x", "x", "6", "x"],
                seats={RED: {"coins": 0}})
    assert s.view(BLUE)["dice"]["bank_a"] == "6"
    assert [m for m in s.legal_moves(RED) if isinstance(m, TakeCoins)] == [TakeCoins(4)]
    assert RerollDie(0) in s.legal_moves(RED) and SetDie(5, "3") in s.legal_moves(RED)
    s.play(RED, TakeCoins(4))
    assert s.coins[RED] == 6 and s.dice[4] == "x"
    for seed in range(20):
        t = GAME.setup(2, seed, {"beginner_setup": True})
        t.play(0, t.legal_moves(0)[0])
        t.play(1, t.legal_moves(1)[0])
        assert all(f in DATA.dice_faces[d] for d, f in enumerate(t.dice))


def test_no_die_shows_a_face_before_the_first_roll() -> None:
    """TR-2, TR-4.1: the dice are rolled first in phase A of turn 1; during the setup decisions before
    it the view gives them no face (a player read the X they are stored as for six rolled X's), and
    every die shows its rolled face once setup is over."""
    s = GAME.setup(2, 3)
    assert s.phase == Phase.CHOOSE_MAGICIAN
    assert set(s.view(0)["dice"].values()) == {None} and set(s.view(None)["dice"].values()) == {None}
    while s.phase <= Phase.POWER_DISCARDS and s.turn == 1:
        seat = s.actors()[0]
        s.play(seat, s.legal_moves(seat)[0])
    shown = s.view(None)["dice"]
    assert all(shown[die] == face for die, face in zip(shown, s.dice, strict=True))
    assert all(face is not None for face in shown.values())


def test_reroll_and_set_die() -> None:
    """TR-9.5, TR-9.6: Reroll costs 1 AP; Set Die 2 AP and a different face of that die."""
    s = actions(RED, "apprentice_1", "downtown_1", dice=["x", "x", "x", "x", "x", "x"],
                seats={RED: {"shards": 0}},
                cards=[{"seat": BLUE, "character": "magician", "location": "downtown"}])
    assert s.action_points == 3
    assert SetDie(0, "x") not in s.legal_moves(RED)
    s.play(RED, SetDie(0, "escape"))
    assert s.dice[0] == "escape" and s.action_points == 1
    s.play(RED, RerollDie(3))
    assert s.dice[3] in DATA.dice_faces[3] and s.rerolls[3] == 1 and s.phase != Phase.ACTIONS


def test_assignment_is_simultaneous_and_hidden() -> None:
    """TR-7.1, TR-7.2, TR-7.3, TR-1.7, TR-2.5: everyone assigns at once from a 9-card hand,
    one card per character; others see nothing until all are done; then cards are revealed."""
    s = scenario(phase="assignment")
    assert s.phase == Phase.ASSIGNMENT and s.actors() == (0, 1, 2, 3)
    assert s.view(RED)["you"]["hand"] == {"downtown": 2, "market_row": 2, "workshop": 2,
                                          "theater": 3}
    s.play(BLUE, Assign("magician", "theater"))
    assert "assigned" not in str(s.view(RED)["players"][BLUE])
    assert s.view(BLUE)["you"]["assigned"] == {"magician": "theater"}
    while s.phase == Phase.ASSIGNMENT:
        seat = s.actors()[0]
        s.play(seat, quiet_move(s, seat))
    assert s.phase == Phase.PLACE_CHARACTER and s.actors() == (BLUE,)
    assert s.view(RED)["players"][BLUE]["characters"]["magician"]["card"] == "theater"
    assert s.view(RED)["players"][BLUE]["characters"]["apprentice_1"]["card"] is None


def test_placement_turns_go_round_in_initiative_order() -> None:
    """TR-8.1, TR-8.9, TR-8.10: one place-or-idle step each, in Initiative Order, round and
    round; a character without a legal slot can only be idled."""
    s = scenario(phase="placement", initiative=[GREEN, RED, BLUE, YELLOW],
                 placed=[{"seat": BLUE, "character": "apprentice_1", "slot": "workshop_1"},
                         {"seat": BLUE, "character": "magician", "slot": "workshop_2"}],
                 cards=[{"seat": RED, "character": "magician", "location": "market_row"},
                        {"seat": RED, "character": "apprentice_1", "location": "downtown"},
                        {"seat": GREEN, "character": "magician", "location": "downtown"},
                        {"seat": BLUE, "character": "manager", "location": "workshop"}],
                 seats={BLUE: {"specialists": ["manager"]}})
    assert s.actors() == (GREEN,)
    s.play(GREEN, Place("magician", "downtown_1"))
    s.play(GREEN, Done())
    assert s.actors() == (RED,)
    s.play(RED, Idle("apprentice_1"))
    assert s.actors() == (BLUE,)
    assert s.legal_moves(BLUE) == [Idle("manager"), Discard()]  # both Workshop slots used
    s.play(BLUE, Idle("manager"))
    assert s.actors() == (RED,)                                # Green and Yellow have nothing


def test_ap_are_spent_and_checked() -> None:
    """TR-8.5, TR-8.6: each action pays its AP; an action beyond the AP left is refused."""
    s = actions(RED, "apprentice_1", "downtown_4", dice=["any", "x", "x", "x", "5", "x"],
                seats={RED: {"shards": 0}})
    assert s.action_points == 1
    with pytest.raises(IllegalMove, match=r"TR-9\.4.*1 AP left"):
        s.play(RED, TakeCoins(4))
    assert s.coins[RED] == GAME.scenario({"magicians": ["master_of_chains", "the_mechaniker",
                                                        "priestess_of_mysticism",
                                                        "the_great_optico"]}).coins[RED]


def test_slot_taken_is_not_offered() -> None:
    """TR-8.3: a slot holds one character."""
    s = scenario(phase="placement", initiative=[RED, BLUE, GREEN, YELLOW],
                 placed=[{"seat": BLUE, "character": "magician", "slot": "market_row_1"}],
                 cards=[{"seat": RED, "character": "magician", "location": "market_row"}])
    assert Place("magician", "market_row_1") not in s.legal_moves(RED)
    assert Place("magician", "market_row_2") in s.legal_moves(RED)


# -- Downtown ---------------------------------------------------------------------------------

def test_hire_apprentice_and_specialist() -> None:
    """TR-9.3, A-33, A-18, TR-15.2: hires wait at the Inn, join at Return Characters, need a
    free board home, and a Specialist is hired once."""
    s = actors_hire = actions(RED, "magician", "downtown_1",
                              dice=["x", "x", "manager", "apprentice", "x", "x"],
                              seats={RED: {"specialists": ["engineer"], "apprentices": 2,
                                           "coins": 10}})
    assert [m for m in s.legal_moves(RED) if isinstance(m, Hire)] == [Hire(2), Hire(3)]
    s.play(RED, Hire(3))
    assert s.hired[RED] == 1 << 6 and not s.owns(RED, 6)
    full = actions(RED, "magician", "downtown_1", dice=["x", "x", "engineer", "apprentice", "x",
                                                         "x"],
                   seats={RED: {"specialists": ["engineer"], "apprentices": 3}})
    assert not [m for m in full.legal_moves(RED) if isinstance(m, Hire)]
    assert actors_hire.dice[3] == "x"


def test_learn_needs_a_free_slot_and_at_most_four_tricks() -> None:
    """TR-9.2 item 1, TR-23.3, TR-1.6: 3 board slots (+1 Engineer); learning onto the Engineer."""
    four = ["pub_in_a_bottle", "card_manipulation", "breath_of_life"]
    s = actions(RED, "magician", "downtown_1", dice=["any", "x", "x", "x", "x", "x"],
                seats={RED: {"tricks": four, "fame": 20, "specialists": ["manager"]}})
    assert not [m for m in s.legal_moves(RED) if isinstance(m, LearnTrick)]
    s = actions(RED, "magician", "downtown_1", dice=["any", "x", "x", "x", "x", "x"],
                seats={RED: {"tricks": four, "fame": 20, "specialists": ["engineer"]}})
    learn = [m for m in s.legal_moves(RED) if isinstance(m, LearnTrick)]
    assert learn and all(m.engineer for m in learn)


def test_learn_without_coin_option_needs_fame() -> None:
    """TR-9.2 item 2, A-05, TR-0.4: with learn_pay_coins_for_fame off, Fame must reach it."""
    s = actions(RED, "magician", "downtown_1", dice=["any", "x", "x", "x", "x", "x"],
                options={"learn_pay_coins_for_fame": False}, seats={RED: {"coins": 50}})
    assert {DATA.tricks[DATA.trick_by_id[m.trick]].level for m in s.legal_moves(RED)
            if isinstance(m, LearnTrick)} == {1}


# -- Market Row -------------------------------------------------------------------------------

def test_order_and_quick_order() -> None:
    """TR-10.1, TR-10.4, TR-10.5, TR-10.6, A-32: Order a type in neither area onto a chosen
    empty slot; Quick Order replaces the Quick Order type and costs +1 per component."""
    s = actions(RED, "magician", "market_row_1", orders=["saw", None, None, None],
                seats={RED: {"coins": 20, "components": {}, "shards": 0}})
    moves = s.legal_moves(RED)
    assert Order("saw", 2) not in moves and Order("wood", 2) not in moves
    assert Order("cog", 1) not in moves and Order("cog", 2) in moves
    assert QuickOrder("wood") not in moves and QuickOrder("saw") in moves
    s.play(RED, QuickOrder("cog"))
    assert s.quick_order == DATA.component_by_id["cog"]
    s.play(RED, Buy("cog", 1, 0, False))
    assert s.coins[RED] == 20 - 4 and s.action_points == 2


def test_storage_limits() -> None:
    """TR-11.2, TR-1.6, TR-23.3: 6 board piles, one pile per type, at most 3 effective."""
    s = scenario(seats={RED: {"components": {"wood": 3, "glass": 1, "metal": 1, "fabric": 1,
                                             "rope": 1, "saw": 1}}})
    assert not can_add(s, RED, ANIMAL, 1, False) and can_add(s, RED, ROPE, 2, False)
    assert not can_add(s, RED, WOOD, 1, False)


# -- Workshop ---------------------------------------------------------------------------------

def test_workshop_is_private() -> None:
    """TR-11.1: each player has two Workshop slots of their own."""
    s = scenario(phase="placement", initiative=[RED, BLUE, GREEN, YELLOW],
                 placed=[{"seat": BLUE, "character": "magician", "slot": "workshop_1"},
                         {"seat": BLUE, "character": "apprentice_1", "slot": "workshop_2"}],
                 cards=[{"seat": RED, "character": "magician", "location": "workshop"}])
    assert {m.slot for m in s.legal_moves(RED) if isinstance(m, Place)} == {"workshop_1",
                                                                             "workshop_2"}


def test_specialist_workshop_actions() -> None:
    """TR-11.5, A-27: Move Trick, Move Components (surplus above 2 returns), Move Apprentice."""
    s = actions(RED, "magician", "workshop_1",
                seats={RED: {"specialists": ["engineer", "manager", "assistant"], "apprentices": 2,
                             "assistant_apprentice": False, "shards": 0,
                             "components": {"wood": 3}, "tricks": ["barricaded_barrels"]}})
    moves = s.legal_moves(RED)
    assert MoveTrick("barricaded_barrels") in moves
    assert MoveComponents("wood", None) in moves
    assert MoveApprentice("apprentice_1") in moves and MoveApprentice("apprentice_2") in moves
    s.play(RED, MoveComponents("wood", None))
    assert s.components[RED][WOOD] == 2 and s.manager_piles[RED] >> WOOD & 1
    s.play(RED, MoveTrick("barricaded_barrels"))
    assert s.trick_slots[RED][3] == s.suit_of_trick(RED, DATA.trick_by_id["barricaded_barrels"])
    s.play(RED, MoveApprentice("apprentice_2"))
    assert s.assistant_home[RED] == 5


def test_prepared_markers_stay_across_turns() -> None:
    """TR-11.4: markers stay on the Trick card until set up."""
    s = scenario(seats={RED: {"tricks": [{"trick": "barricaded_barrels", "prepared": 2}]}})
    skip_turn(s)
    assert s.prepared[RED][0] == 2


# -- Theater ----------------------------------------------------------------------------------

def test_set_up_on_any_card_including_the_last() -> None:
    """TR-12.2, TR-12.9: every card in the Theater may receive markers, also position N+1."""
    s = actions(RED, "magician", "friday_backstage_1",
                theater=[{"card": "riverside_01"}, {"card": "riverside_02"}, None, None,
                         {"card": "riverside_03"}],
                seats={RED: {"tricks": [{"trick": "barricaded_barrels", "prepared": 2}]}})
    cards = {m.card for m in s.legal_moves(RED) if isinstance(m, SetUpTrick)}
    assert cards == {1, 2, 5}


def test_link_is_paid_once() -> None:
    """TR-12.7: an existing Link is not paid again when another marker joins."""
    s = actions(BLUE, "magician", "friday_backstage_1",
                theater=[{"card": "riverside_01", "markers": [
                    {"seat": RED, "trick": "barricaded_barrels", "slot": "c0r0", "dir": "S"},
                    {"seat": RED, "trick": "linking_rings", "slot": "c0r1", "dir": "S"}]},
                    None, None, None, None],
                seats={RED: {"tricks": ["barricaded_barrels", "linking_rings"]},
                       BLUE: {"fame": 5, "coins": 5, "shards": 0,
                              "tricks": [{"trick": "spirit_hand", "prepared": 1}]}})
    setups = [m for m in s.legal_moves(BLUE) if isinstance(m, SetUpTrick)]
    assert setups == [SetUpTrick("spirit_hand", 1, "c0r2", "N", 0)]
    events = s.play(BLUE, SetUpTrick("spirit_hand", 1, "c0r2", "N", 0))
    assert (s.fame[BLUE], s.coins[BLUE], s.shards[BLUE]) == (5, 5, 0)   # no new Link
    # nothing gained: the log says where the marker went, without "0 Links, +0 Fame, +0 Coins"
    said = CATALOGS["en"].event(events[0], ["Ann", "Bea", "Cy", "Dan"])
    assert said.endswith("on card 1 (bottom left, north)"), said


def test_performance_order_choice_and_decline() -> None:
    """TR-14.1, TR-14.2, A-13, A-22: Thursday first; only cards with an own marker; declining
    is allowed; a performer without markers is skipped."""
    s = scenario(phase="performance",
                 theater=[{"card": "riverside_01", "markers": [
                     {"seat": BLUE, "trick": "linking_rings", "slot": "c0r0", "dir": "S"}]},
                     {"card": "riverside_02", "markers": [
                         {"seat": RED, "trick": "barricaded_barrels", "slot": "c0r0", "dir": "S"}]},
                     None, None, None],
                 placed=[{"seat": RED, "character": "magician", "slot": "saturday_performance"},
                         {"seat": BLUE, "character": "magician", "slot": "thursday_performance"},
                         {"seat": GREEN, "character": "magician", "slot": "friday_performance"}],
                 seats={GREEN: {"tricks": ["mind_reading"]}})
    assert s.phase == Phase.PERFORMANCE and s.actors() == (BLUE,)
    assert s.legal_moves(BLUE) == [Perform(1), Decline(), Discard()]
    events = s.play(BLUE, Decline())
    assert s.actors() == (RED,)                   # Green (Friday) has no marker anywhere
    assert [(e.kind, e.seat, e.data) for e in events] == [
        ("declined", BLUE, {"day": "thursday"}), ("nothing_to_perform", GREEN, {"day": "friday"})]
    assert CATALOGS["en"].event(events[1], ["Ann", "Bea", "Cy", "Dan"]).startswith(
        "Cy cannot perform on Friday: no Performance card holds one of their Trick markers")
    assert s.legal_moves(RED) == [Perform(2), Decline(), Discard()]
    s.play(RED, Perform(2))
    assert s.phase != Phase.PERFORMANCE


def test_the_log_says_what_wages_were_owed() -> None:
    """TR-15.1: wages paid in full are said without Fame; a player short of Coins is told what was
    owed and the Fame it cost (2 per unpaid Coin)."""
    s = scenario(phase="performance",
                 theater=[{"card": "riverside_01", "markers": [
                     {"seat": BLUE, "trick": "linking_rings", "slot": "c0r0", "dir": "S"}]},
                     None, None, None, None],
                 placed=[{"seat": BLUE, "character": "magician", "slot": "thursday_performance"},
                         {"seat": BLUE, "character": "manager", "slot": "downtown_1"},
                         {"seat": RED, "character": "manager", "slot": "downtown_2"}],
                 seats={BLUE: {"coins": 10, "specialists": ["manager"]},
                        RED: {"coins": 1, "fame": 9, "specialists": ["manager"]}})
    events = s.play(BLUE, Decline())
    wages = {e.seat: (e.kind, e.data) for e in events if e.kind.startswith("wages")}
    assert wages[BLUE] == ("wages_paid", {"coins": 2})
    assert wages[RED] == ("wages_short", {"coins": 1, "due": 2, "fame_lost": 2})
    names = ["Ann", "Bea", "Cy", "Dan"]
    said = {e.seat: CATALOGS["en"].event(e, names) for e in events if e.kind.startswith("wages")}
    assert "Fame" not in said[BLUE] and "2 Coins in wages" in said[BLUE]
    assert "only 1 of 2" in said[RED] and "2 Fame" in said[RED], said


def test_yields_do_not_need_components() -> None:
    """TR-14.7: a Trick pays even if its owner no longer has its components."""
    s = scenario(phase="performance",
                 theater=[{"card": "riverside_01", "markers": [
                     {"seat": RED, "trick": "barricaded_barrels", "slot": "c0r0", "dir": "S"}]},
                     None, None, None, None],
                 placed=[{"seat": RED, "character": "magician", "slot": "friday_performance"}],
                 seats={RED: {"components": {}, "fame": 5, "coins": 5, "shards": 0}})
    s.play(RED, Perform(1))
    assert (s.fame[RED], s.coins[RED], s.shards[RED]) == (6, 6, 1)


# -- End Turn and the end ---------------------------------------------------------------------

def test_end_turn_returns_posters_hands_and_counts() -> None:
    """TR-15.5, TR-15.6, TR-15.9, TR-6.2, TR-1.11: posters return, the counter advances and
    every Assignment card goes back to hand."""
    s = scenario(seats={RED: {"coins": 10}}, initiative=[RED, BLUE, GREEN, YELLOW])
    s.play(RED, s.legal_moves(RED)[0])
    assert s.poster[RED]
    skip_turn(s)
    assert s.turn == 2 and not any(s.poster)
    while s.phase != Phase.ASSIGNMENT:
        s.play(s.actors()[0], Pass())
    assert s.hand[RED] == [2, 2, 2, 3, 0]


def test_game_lasts_five_turns_then_scores() -> None:
    """TR-3.1, TR-3.2, TR-0.1, TR-15.10, TR-16.5: five weeks of phases A-G, then final scoring;
    no card is drawn after the last turn."""
    s = scenario(players=2)
    deck = len(s.deck)
    for turn in range(1, 6):
        assert s.turn == turn and not s.is_over()
        skip_turn(s)
    assert s.phase == Phase.OVER and s.is_over() and s.actors() == ()
    assert deck == 4 and s.deck == []             # drawn at the ends of turns 1-4 only
    assert len(s.discarded) == 3                  # ends of turns 3, 4 and 5
    assert all(sum(b.values()) == score for b, score in zip(s.result().breakdown,
                                                           s.result().scores, strict=True))


def test_fame_never_negative() -> None:
    """TR-0.3, TR-15.1: unpaid wages stop Fame at 0."""
    s = scenario(phase="end_turn", seats={RED: {"coins": 0, "fame": 1, "specialists": ["manager"]}},
                 placed=[{"seat": RED, "character": "manager", "slot": "downtown_1"}])
    assert s.fame[RED] == 0 and s.coins[RED] == 0


# -- any-time actions, terms, options ---------------------------------------------------------

def test_discards() -> None:
    """TR-23.1, TR-23.2, TR-1.3, TR-0.2: discarding a Trick returns it to its deck with every
    marker of its suit (Trick card and Performance cards) to the supply."""
    s = actions(RED, "magician", "market_row_1",
                theater=[{"card": "riverside_01", "markers": [
                    {"seat": RED, "trick": "barricaded_barrels", "slot": "c0r0", "dir": "S"}]},
                    None, None, None, None],
                seats={RED: {"components": {"wood": 2},
                             "tricks": [{"trick": "barricaded_barrels", "prepared": 2}]}})
    assert s.supply(RED, 0) == 1
    assert DiscardComponent("wood") not in s.legal_moves(RED)      # inside the step only
    s.play(RED, Discard())
    assert s.legal_moves(RED) == [DiscardComponent("wood"), DiscardTrick("barricaded_barrels"),
                                  DiscardDone()]
    s.play(RED, DiscardComponent("wood"))
    assert s.components[RED][WOOD] == 1
    s.play(RED, DiscardTrick("barricaded_barrels"))
    assert s.owner[DATA.trick_by_id["barricaded_barrels"]] == -1
    assert s.markers[0] == [-1, -1, -1] and s.supply(RED, 0) == 4 and s.trick_by_suit[RED][0] == -1
    assert "barricaded_barrels" in s.view(BLUE)["residence"]
    assert s.view(BLUE)["discarding"] == [RED]
    s.play(RED, DiscardDone())
    assert s.action_points == 5 and Discard() not in s.legal_moves(RED)      # once per decision point
    s.play(RED, Buy("wood", 1, 0, False))
    assert Discard() in s.legal_moves(RED)                           # a new decision point


def test_discard_at_every_own_decision_point() -> None:
    """TR-23, TR-26: the discard step is offered at Advertise, Assignment (simultaneous),
    placement choices and Performance, not to a seat without components or Tricks; while it
    is open the decision it interrupted waits."""
    s = scenario(phase="advertise", seats={RED: {"components": {"wood": 1}}})
    seat = s.actors()[0]
    assert s.legal_moves(seat)[-1] == Discard()
    s.play(seat, Discard())
    assert s.actors() == (seat,) and s.phase == Phase.ADVERTISE and s.view(None)["phase"] == "advertise"
    with pytest.raises(IllegalMove, match="TR-23"):
        s.play(seat, Pass())
    s.play(seat, DiscardDone())
    assert Discard() not in s.legal_moves(seat) and s.legal_moves(seat)[-1] == Pass()
    bare = scenario(phase="advertise", seats={p: {"components": {}, "tricks": []}
                                              for p in range(4)})
    assert Discard() not in bare.legal_moves(bare.actors()[0])
    # Assignment: a seat discards while the others assign
    a = scenario(phase="assignment")
    assert all(a.legal_moves(p)[-1] == Discard() for p in range(4))
    a.play(BLUE, Discard())
    a.play(BLUE, DiscardTrick(DATA.tricks[a.trick_by_suit[BLUE][0]].id))
    for p in (RED, GREEN, YELLOW):
        while not a.assign_done[p]:
            a.play(p, quiet_move(a, p))
    assert a.phase == Phase.ASSIGNMENT and a.actors() == (BLUE,)              # waits for Blue
    a.play(BLUE, DiscardDone())
    while a.phase == Phase.ASSIGNMENT:
        a.play(BLUE, quiet_move(a, BLUE))
    assert a.trick_by_suit[BLUE][0] == -1


def test_discard_before_performing() -> None:
    """TR-23.2, TR-14.1: a performer who discards the Trick of their only scheduled markers has
    no card to perform once the discard step closes; the Performance passes on."""
    s = scenario(phase="performance", performance_day="thursday",
                 placed=[{"seat": BLUE, "character": "magician", "slot": "thursday_performance"}],
                 seats={BLUE: {"tricks": ["levitation"]}},
                 theater=[{"card": "riverside_01", "markers": [
                     {"seat": BLUE, "trick": "levitation", "slot": "c0r0", "dir": "S"}]},
                     None, None, None, None])
    assert s.acting == BLUE and s.legal_moves(BLUE) == [Perform(1), Decline(), Discard()]
    s.play(BLUE, Discard())
    s.play(BLUE, DiscardTrick("levitation"))
    assert s.phase == Phase.PERFORMANCE and s.acting == BLUE
    events = s.play(BLUE, DiscardDone())
    assert not any(e.kind == "performed" for e in events)
    assert s.performing_day > 0 or s.phase != Phase.PERFORMANCE                  # Thursday is over


def test_options_are_checked() -> None:
    """TR-0.4: the named options with their defaults; unknown or wrong values are refused."""
    s = GAME.setup(4, 1)
    assert s.options.final_scoring_cap and s.options.learn_pay_coins_for_fame
    assert not s.options.prepare_blocked_by_theater_markers and not s.options.beginner_setup
    assert s.options.two_player_second_start_coins == 14
    assert s.options.trick_component_source == "majority"
    assert not s.options.dark_alley and s.options.include_prophecies
    assert s.options.fortune_telling_direction == "toward_active"
    with pytest.raises(BadOptions):
        GAME.setup(4, 1, {"mode": "dark_alley"})
    with pytest.raises(BadOptions):
        GAME.setup(2, 1, {"two_player_second_start_coins": 13})


def test_components_and_tricks_data_are_used() -> None:
    """TR-1.2, TR-1.4, TR-1.5, TR-1.8, TR-1.9: base mode offers only Level 1-2 Tricks and the
    Riverside/Grand Magorian cards; prices by tier."""
    s = GAME.setup(4, 3)
    assert all(not DATA.tricks[DATA.trick_by_id[t]].dark_alley_only
               for t in s.view(None)["residence"])
    assert all(DATA.cards[c].theater != "magnus_pantheon" for c in s.deck + s.stage if c >= 0)
    assert [c.price for c in DATA.components] == [1] * 4 + [2] * 4 + [3] * 4
