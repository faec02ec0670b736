"""Dark Alley: the Special cards resolved by the later primitives (TR-18.3, TR-18.4), Prophecy
p20 (TR-19.2, TR-7.3) and the Magician abilities with decisions of their own (TR-20)."""

from __future__ import annotations

from typing import Any

from test_tr_dark_alley import DOWNTOWN_DICE, THEATER_SEATS, _markers, _workshop, ability, da
from tr_helpers import BLUE, GREEN, MAGICIANS, RED, YELLOW, quiet_move, skip_turn

from parlor.core import Rng
from parlor.games.trickerion import TrickerionState
from parlor.games.trickerion.consts import Phase
from parlor.games.trickerion.data import DATA
from parlor.games.trickerion.markers import marker_seat
from parlor.games.trickerion.moves import (
    Assign,
    Barter,
    BreakFree,
    Buy,
    BuyMix,
    Declare,
    Discard,
    Done,
    DoubleYield,
    ExtraStock,
    GuestSetUp,
    HiddenTalent,
    Hire,
    Invest,
    MarkerToTrick,
    Mimic,
    MotivateCard,
    Order,
    OverhaulTrick,
    Perform,
    Place,
    Possess,
    Prepare,
    RerollDie,
    ReturnComponents,
    SetUpTrick,
    Shoplift,
    SkipAbility,
    SmuggleBuy,
    StageMarker,
    StealPerform,
    StreetPerformance,
    SwapCards,
    TakeCoins,
    TakeOrdered,
)
from parlor.games.trickerion.rules.performance import _da_yields


def comp(name: str) -> int:
    return DATA.component_by_id[name]


def suit(s: TrickerionState, seat: int, trick: str) -> int:
    return s.suit_of_trick(seat, DATA.trick_by_id[trick])


# -- Theater cards --------------------------------------------------------------------------

def test_guest_performer() -> None:
    """TR-18.4 Guest Performer: onto a full card, off-slot, no Links; performed with the card."""
    full = [{"seat": BLUE, "trick": t, "slot": sl, "dir": d} for t, sl, d in (
        ("stocks_escape", "c0r0", "S"), ("linking_rings", "c0r1", "N"),
        ("card_manipulation", "c0r2", "N"))]
    seats = {**THEATER_SEATS, BLUE: {"tricks": ["stocks_escape", "linking_rings",
                                                "card_manipulation"], "shards": 0}}
    s = ability(RED, "apprentice_1", "thursday_backstage_1", "guest_performer", seats=seats,
                theater=[{"card": "riverside_01", "markers": full}, None, None, None, None])
    assert not any(isinstance(m, SetUpTrick) for m in s.legal_moves(RED))
    s.play(RED, GuestSetUp("barricaded_barrels", 1))
    assert len(s.markers[0]) == 4 and s.scheduled[RED][suit(s, RED, "barricaded_barrels")] == 1
    assert s.fame[RED] == 5 and s.shards[RED] == 0                # no Link, no payment
    assert {"slot": "off", "seat": RED, "trick": "barricaded_barrels", "dir": "N"} in \
        s.view(BLUE)["theater"][0]["markers"]
    gains = [[0, 0, 0] for _ in range(4)]
    _da_yields(s, BLUE, 1, s.markers[0], gains)
    assert gains[RED][:2] == [0, 0] and marker_seat(s.markers[0][3]) == RED   # Red's own Thursday -1


def test_buying_time() -> None:
    """TR-18.4 Buying Time: after the Set up, two cards swap places (markers travel); +3 Coins."""
    s = ability(RED, "apprentice_1", "thursday_backstage_1", "buying_time", seats=THEATER_SEATS,
                theater=[{"card": "riverside_01"}, {"card": "riverside_06"}, None, None, None])
    s.play(RED, SetUpTrick("barricaded_barrels", 1, "c0r0", "S", 0))
    assert s.legal_moves(RED) == [SwapCards(1, 2), SkipAbility()]
    s.play(RED, SwapCards(1, 2))
    coins = DATA.specials[DATA.special_by_id["buying_time"]].params["coins"]
    assert DATA.cards[s.stage[1]].id == "riverside_01" and marker_seat(s.markers[1][0]) == RED
    assert s.coins[RED] == coins


def _perform_with(special: str, magicians: list[str] | None = None, **extra: Any
                  ) -> TrickerionState:
    return da(magicians=magicians or MAGICIANS, phase="performance", performance_day="friday",
              placed=[{"seat": BLUE, "character": "magician", "slot": "friday_performance",
                       "special": special, "ability": True}],
              seats={BLUE: {"tricks": ["levitation"], "fame": 5, "coins": 0}},
              theater=[{"card": "riverside_06", "markers": [
                  {"seat": BLUE, "trick": "levitation", "slot": "c0r0", "dir": "S"}]},
                  None, None, None, None], **extra)


def test_durable_components() -> None:
    """TR-18.4 Durable Components: after the last Performance one performed marker goes back on
    its Trick card."""
    s = _perform_with("durable_components")
    s.play(BLUE, Perform(1))
    assert s.phase == Phase.AFTER_PERFORMANCES and s.acting == BLUE
    assert s.legal_moves(BLUE) == [MarkerToTrick("levitation"), SkipAbility()]
    s.play(BLUE, MarkerToTrick("levitation"))
    assert s.prepared[BLUE][suit(s, BLUE, "levitation")] == 1 and s.turn == 2


def test_grand_premiere() -> None:
    """TR-18.4 Grand Premiere: a Trick's first Performance doubles one yield; only the first."""
    s = _perform_with("grand_premiere")
    s.play(BLUE, Perform(1))
    assert DoubleYield("levitation", "coins") in s.legal_moves(BLUE)
    coins = s.coins[BLUE]
    s.play(BLUE, DoubleYield("levitation", "coins"))
    assert s.coins[BLUE] == coins + 3                              # levitation: 3 Coins, Friday
    assert "levitation" in s.view(None)["dark_alley"]["premiered"]
    again = _perform_with("grand_premiere")
    again.premiered |= 1 << DATA.trick_by_id["levitation"]
    again.play(BLUE, Perform(1))
    assert again.follow_up is None


def test_street_performance() -> None:
    """TR-18.4 Street Performance: the marker leaves its card for its yields with the player's
    own weekday modifier (Sunday +1/+1)."""
    seats = {RED: {"tricks": ["barricaded_barrels"], "fame": 5, "coins": 0}}
    s = ability(RED, "magician", "sunday_backstage_1", "street_performance", seats=seats,
                theater=[{"card": "riverside_01", "markers": [
                    {"seat": RED, "trick": "barricaded_barrels", "slot": "c0r0", "dir": "S"}]},
                    None, None, None, None])
    s.play(RED, StreetPerformance(1, "c0r0"))
    assert s.markers[0][0] == -1 and (s.fame[RED], s.coins[RED]) == (7, 2)
    assert sum(s.scheduled[RED]) == 0 and s.action_points == 1


# -- Workshop cards -------------------------------------------------------------------------

def test_replaceable_parts() -> None:
    """TR-18.4: one marker fewer; one on another Trick of the same or lower Threshold although
    its requirements are not met."""
    s = _workshop("replaceable_parts")
    s.prepared[RED] = [0] * 4
    from parlor.games.trickerion.rules.common import give_trick
    give_trick(s, RED, DATA.trick_by_id["stocks_escape"], False)
    s.play(RED, Prepare("barricaded_barrels"))
    assert MarkerToTrick("stocks_escape") in s.legal_moves(RED)
    s.play(RED, MarkerToTrick("stocks_escape"))
    assert (_markers(s, "barricaded_barrels"), _markers(s, "stocks_escape")) == (1, 1)


def test_unstable_prototype() -> None:
    """TR-18.4: required components back to the supply: +1 marker, 1 Fame and 1 Coin each."""
    s = _workshop("unstable_prototype", fame=5, coins=0)
    s.play(RED, Prepare("barricaded_barrels"))
    s.play(RED, ReturnComponents(("wood", "wood")))
    assert _markers(s, "barricaded_barrels") == 3 and s.components[RED][comp("wood")] == 0
    assert (s.fame[RED], s.coins[RED]) == (7, 2)


def test_on_stage_preparation() -> None:
    """TR-18.4: a marker just prepared goes onto a Performance card; its Link pays nothing."""
    s = ability(RED, "apprentice_1", "workshop_1", "on_stage_preparation",
                seats={RED: {"tricks": ["barricaded_barrels"], "components": {"wood": 2},
                             "fame": 5}, BLUE: {"tricks": ["stocks_escape"]}},
                theater=[{"card": "riverside_01", "markers": [
                    {"seat": BLUE, "trick": "stocks_escape", "slot": "c0r0", "dir": "S"}]},
                    None, None, None, None])
    s.play(RED, Prepare("barricaded_barrels"))
    s.play(RED, StageMarker(1, "c0r1", "N"))
    assert marker_seat(s.markers[0][1]) == RED and _markers(s, "barricaded_barrels") == 1
    assert s.fame[RED] == 5 and s.scheduled[RED][suit(s, RED, "barricaded_barrels")] == 1


def test_hidden_talent() -> None:
    """TR-18.4, TR-15.1, TR-15.2: the Apprentice that prepared may become an unowned Specialist
    at End Turn; that wage is 2 instead of 1."""
    s = _workshop("hidden_talent", coins=5, specialists=[], apprentices=1)
    s.play(RED, Prepare("barricaded_barrels"))
    s.play(RED, Done())
    while s.phase != Phase.AFTER_PERFORMANCES:
        s.play(s.actors()[0], quiet_move(s, s.actors()[0]))
    assert s.acting == RED and HiddenTalent("engineer") in s.legal_moves(RED)
    s.play(RED, HiddenTalent("engineer"))
    assert s.owns(RED, 3) and not s.owns(RED, 4) and s.coins[RED] == 3


def test_freelancer() -> None:
    """TR-18.4 Freelancer: placed at another Location, it follows that Location's rules; the
    placement there is the ability (no +1 AP)."""
    s = da(phase="placement", initiative=[RED, BLUE, GREEN, YELLOW], dice=DOWNTOWN_DICE,
           cards=[{"seat": RED, "character": "magician", "special": "freelancer"}])
    slots = {m.slot for m in s.legal_moves(RED) if isinstance(m, Place)}
    assert {"workshop_1", "downtown_1", "market_row_1", "dark_alley_1"} <= slots
    s.play(RED, Place("magician", "downtown_1"))
    assert s.legal_moves(RED) == [Declare(True)]
    s.play(RED, Declare(True))
    assert s.action_points == 5 and RerollDie(0) in s.legal_moves(RED)
    home = da(phase="placement", initiative=[RED, BLUE, GREEN, YELLOW],
              cards=[{"seat": RED, "character": "magician", "special": "freelancer"}])
    home.play(RED, Place("magician", "workshop_1"))
    assert home.legal_moves(RED) == [Declare(False)]


# -- Downtown cards --------------------------------------------------------------------------

def test_hypnotic_motivation() -> None:
    """TR-18.4: the hired character joins at once; a card from the hand goes face up under it
    and it is placed later in this phase."""
    s = ability(RED, "magician", "downtown_1", "hypnotic_motivation", dice=DOWNTOWN_DICE,
                seats={RED: {"specialists": []}})
    s.play(RED, Hire(2))
    assert s.owns(RED, 1) and not s.hired[RED]
    assert MotivateCard("market_row") in s.legal_moves(RED)
    s.play(RED, MotivateCard("market_row"))
    assert s.view(BLUE)["players"][RED]["characters"]["assistant"]["card"] == "market_row"
    s.play(RED, Done())
    while s.acting != RED or s.phase != Phase.PLACE_CHARACTER:
        s.play(s.actors()[0], quiet_move(s, s.actors()[0]))
    assert Place("assistant", "market_row_1") in s.legal_moves(RED)


def test_trick_overhaul() -> None:
    """TR-18.4: the new Trick takes the old one's slot, Symbol and markers; requirements met."""
    s = ability(RED, "magician", "downtown_1", "trick_overhaul", dice=DOWNTOWN_DICE,
                seats={RED: {"tricks": [{"trick": "barricaded_barrels", "prepared": 2}],
                             "components": {"wood": 2, "metal": 2}}})
    old = suit(s, RED, "barricaded_barrels")
    s.play(RED, OverhaulTrick(0, "stocks_escape", "barricaded_barrels"))
    assert suit(s, RED, "stocks_escape") == old and s.prepared[RED][old] == 2
    assert s.owner[DATA.trick_by_id["barricaded_barrels"]] == -1 and s.dice[0] == "x"
    assert s.action_points == 2


def test_investments() -> None:
    """TR-18.4: the Coins just taken buy up to 3 stock components, no AP."""
    s = ability(RED, "magician", "downtown_1", "investments", dice=DOWNTOWN_DICE,
                seats={RED: {"coins": 0, "components": {}}})
    s.play(RED, TakeCoins(4))
    assert s.coins[RED] == 6 and Invest("wood", False) in s.legal_moves(RED)
    for c in ("wood", "metal", "glass"):
        s.play(RED, Invest(c, False))
    assert s.coins[RED] == 3 and s.follow_up is None and s.action_points == 2
    assert all(s.components[RED][comp(c)] == 1 for c in ("wood", "metal", "glass"))


# -- Market Row cards ------------------------------------------------------------------------

def _market(special: str, **seat: Any) -> TrickerionState:
    return ability(RED, "apprentice_1", "market_row_1", special,
                   seats={RED: {"components": {}, "coins": 9, "fame": 5, **seat}},
                   buy_area=["rope", "metal", "glass", "fabric"])


def test_component_sale() -> None:
    """TR-18.4: one Buy of up to 4 components of several types."""
    s = _market("component_sale")
    s.play(RED, BuyMix(("rope", "metal", "metal", "glass"), 0, ()))
    assert [s.components[RED][comp(c)] for c in ("rope", "metal", "glass")] == [1, 2, 1]
    assert s.coins[RED] == 4 and s.action_points == 2
    assert not any(isinstance(m, BuyMix) for m in s.legal_moves(RED))


def test_component_sale_and_barter_choose_manager_slots() -> None:
    """TR-11.2, TR-26 E (slot): a new pile of Component Sale or Barter goes on a board slot or a
    free Manager slot as the buyer chooses (it used to go on the board first, automatically)."""
    s = _market("component_sale", specialists=["manager"])
    places = {m.manager for m in s.legal_moves(RED)
              if isinstance(m, BuyMix) and m.components == ("rope", "metal") and m.bargains == 0}
    assert places == {(), ("metal",), ("rope",), ("metal", "rope")}
    s.play(RED, BuyMix(("rope", "metal"), 0, ("rope",)))
    assert s.manager_piles[RED] >> comp("rope") & 1 and not s.manager_piles[RED] >> comp("metal") & 1
    b = _market("barter_with_power", shards=1, specialists=["manager"],
                components={"rope": 3})
    moves = [m for m in b.legal_moves(RED) if isinstance(m, Barter)]
    assert Barter(("metal", "metal", "metal"), ("metal",)) not in moves      # 3 > 2 physical
    assert Barter(("metal", "metal"), ("metal",)) in moves
    assert not any(m.components.count("rope") for m in moves)              # rope pile is full
    b.play(RED, Barter(("metal", "metal"), ("metal",)))
    assert b.components[RED][comp("metal")] == 2 and b.manager_piles[RED] >> comp("metal") & 1


def test_smuggled_goods() -> None:
    """TR-18.4: Fame (price - 1) instead of Coins; needs that much Fame."""
    s = _market("smuggled_goods", fame=4)
    assert SmuggleBuy("rope", 3, False) not in s.legal_moves(RED)        # 4 Fame < 6 - 1
    s.play(RED, SmuggleBuy("rope", 2, False))
    assert (s.fame[RED], s.coins[RED], s.components[RED][comp("rope")]) == (1, 9, 2)


def test_barter_with_power() -> None:
    """TR-18.4: 1 Shard for stock components worth 4 Coins or less, as one Buy."""
    s = _market("barter_with_power", shards=1)
    assert Barter(("rope", "rope", "metal"), ()) not in s.legal_moves(RED)   # worth 5
    s.play(RED, Barter(("rope", "metal", "glass"), ()))
    assert s.shards[RED] == 0 and s.coins[RED] == 9 and s.components[RED][comp("rope")] == 1


def test_shoplifting() -> None:
    """TR-18.4: one component free from the Buy area; its slot takes a Basic type not there."""
    s = _market("shoplifting")
    assert {m.refill for m in s.legal_moves(RED) if isinstance(m, Shoplift)} == {"wood"}
    s.play(RED, Shoplift("rope", 2, 0, False, "wood"))
    assert s.coins[RED] == 7 and s.components[RED][comp("rope")] == 2 and s.buy_area[0] == comp("wood")


def test_logistics() -> None:
    """TR-18.4: the ordered type is stock for everybody this week, without an Order slot."""
    s = _market("logistics")
    s.play(RED, ExtraStock("saw"))
    assert s.order_slots == [-1] * 4 and Buy("saw", 1, 0, False) in s.legal_moves(RED)
    skip_turn(s)
    assert s.extra_stock == []


def test_traveling_merchants() -> None:
    """TR-18.4: after every Order of the placement, one of it at once for its price + 1."""
    s = _market("traveling_merchants")
    s.play(RED, Order("saw", 1))
    assert s.legal_moves(RED) == [TakeOrdered(False), SkipAbility()]
    s.play(RED, TakeOrdered(False))
    assert s.coins[RED] == 6 and s.components[RED][comp("saw")] == 1
    s.play(RED, Order("padlock", 2))
    assert TakeOrdered(False) in s.legal_moves(RED)                    # every Order


def test_workshop_delivery() -> None:
    """TR-18.4: owned types are stock, 1 Coin cheaper (a Basic one is free)."""
    s = _market("workshop_delivery", components={"wood": 1, "saw": 1})
    moves = s.legal_moves(RED)
    assert Buy("wood", 1, 0, False) in moves and Buy("saw", 1, 0, False) in moves
    s.play(RED, Buy("saw", 2, 0, False))
    assert s.coins[RED] == 7 and s.components[RED][comp("saw")] == 3


# -- Prophecy p20 ----------------------------------------------------------------------------

def test_secret_plans() -> None:
    """p20 (TR-19.2, TR-7.3): cards stay face down until their character is placed or idled;
    redetermination and planted markers keep them hidden."""
    s = da("p20_secret_plans", phase="assignment")
    for seat in range(4):
        s.play(seat, Assign("magician", "downtown"))
        while s.assign_done[seat] is False:
            s.play(seat, Assign(s.legal_moves(seat)[-2].character, "none"))
    assert s.phase == Phase.PLACE_CHARACTER
    first = s.acting
    other = (first + 1) % 4
    assert s.view(other)["players"][first]["characters"]["magician"]["card"] == "face_down"
    for seat in range(4):
        r = s.redetermine(seat, Rng(3))
        assert r.view(seat) == s.view(seat) and r.legal_moves(seat) == s.legal_moves(seat)
        c = s.clone()
        marks = c.plant_markers(seat)
        assert not any(str(m) in str(c.view(seat)) for m in marks)
    events = s.play(first, Place("magician", "downtown_1"))
    assert any(e.kind == "card_revealed" and e.data["card"] == "downtown" for e in events)
    assert s.view(other)["players"][first]["characters"]["magician"]["card"] == "downtown"


# -- Magician abilities (TR-20) --------------------------------------------------------------

def test_master_of_chains_break_free() -> None:
    """TR-20, TR-12.8: between Place Characters and Performance a free Reschedule whose Links pay
    as a Set up (Fame or Coins, Shards)."""
    s = da(phase="placement", seats={RED: {"tricks": ["barricaded_barrels"], "fame": 5,
                                           "shards": 0},
                                     BLUE: {"tricks": ["stocks_escape"], "shards": 0}},
           theater=[{"card": "riverside_01", "markers": [
               {"seat": BLUE, "trick": "stocks_escape", "slot": "c0r0", "dir": "S"},
               {"seat": RED, "trick": "barricaded_barrels", "slot": "c0r2", "dir": "N"}]},
               None, None, None, None])
    assert s.phase == Phase.BREAK_FREE and s.acting == RED
    s.play(RED, BreakFree(1, "c0r2", 1, "c0r1", "N", 0))
    assert (s.fame[RED], s.shards[RED], s.shards[BLUE]) == (6, 1, 1)
    assert s.phase != Phase.BREAK_FREE


def test_great_optico_mimesis() -> None:
    """TR-20: a Permanent card copies an opponent's revealed Special card of its Location."""
    s = da(phase="placement", initiative=[YELLOW, RED, BLUE, GREEN],
           cards=[{"seat": YELLOW, "character": "magician", "location": "downtown"},
                  {"seat": BLUE, "character": "apprentice_1", "special": "empower"}])
    s.play(YELLOW, Place("magician", "downtown_4"))
    assert s.legal_moves(YELLOW) == [Mimic("empower"), SkipAbility()]
    s.play(YELLOW, Mimic("empower"))
    s.play(YELLOW, Declare(False))
    assert s.action_points == 4 and s.view(RED)["players"][YELLOW]["characters"]["magician"][
        "mimics"] == "empower"


def test_red_lotus_trick_steal() -> None:
    """TR-20: Red Lotus takes an opponent's Trick's yields (Threshold <=) instead of her own;
    the opponent gets 1 Fame less for it."""
    mags = ["the_red_lotus", *MAGICIANS[1:]]
    s = da(magicians=mags, phase="performance", performance_day="friday",
           placed=[{"seat": RED, "character": "magician", "slot": "friday_performance"}],
           seats={RED: {"tricks": ["barricaded_barrels"], "fame": 5, "coins": 0},
                  BLUE: {"tricks": ["levitation"], "fame": 5, "coins": 0}},
           theater=[{"card": "riverside_06", "markers": [
               {"seat": BLUE, "trick": "levitation", "slot": "c0r0", "dir": "S"},
               {"seat": RED, "trick": "barricaded_barrels", "slot": "c0r2", "dir": "N"}]},
               None, None, None, None])
    s.play(RED, StealPerform(1, "barricaded_barrels", "levitation"))
    assert (s.fame[RED], s.coins[RED]) == (7, 4)           # levitation 2F 3C + card 1 Coin
    assert (s.fame[BLUE], s.coins[BLUE]) == (6, 3)         # 2 - 1 Fame, 3 Coins


def test_yoruba_soul_possession() -> None:
    """TR-20: Yoruba pays 1 Shard and chooses the opponent's card (holding their marker)."""
    mags = [MAGICIANS[0], MAGICIANS[1], "yoruba_spiritmaster", MAGICIANS[3]]
    blue = [{"seat": BLUE, "trick": "levitation", "slot": "c0r0", "dir": "S"}]
    s = da(magicians=mags, phase="performance", performance_day="friday",
           placed=[{"seat": BLUE, "character": "magician", "slot": "friday_performance"}],
           seats={BLUE: {"tricks": ["levitation"]}, GREEN: {"shards": 1}},
           theater=[{"card": "riverside_06", "markers": blue},
                    {"card": "riverside_01", "markers": blue}, None, None, None])
    assert s.phase == Phase.PERFORMANCE and s.acting == GREEN
    assert s.legal_moves(GREEN) == [Possess(1), Possess(2), SkipAbility(), Discard()]
    events = s.play(GREEN, Possess(2))
    performed = next(e for e in events if e.kind == "performed")
    assert s.shards[GREEN] == 0 and performed.seat == BLUE and performed.data["card"] == 2


def test_greedy_plays_a_special_card_where_it_helps() -> None:
    """TR-18.2, TR-16.2: the heuristic values a Special card under a character with useful work
    above leaving that character idle, although the card then loses its 2 end Fame."""
    from parlor.games.trickerion.heuristics import evaluate
    from parlor.games.trickerion.moves import AssignSpecial
    s = da(phase="assignment", seats={RED: {"specials": ["fame_and_fortune"], "coins": 2}})
    played, idle = s.clone(), s.clone()
    played.play(RED, AssignSpecial("magician", "fame_and_fortune"))
    idle.play(RED, Assign("magician", "none"))
    assert evaluate(played, RED) > evaluate(idle, RED)
