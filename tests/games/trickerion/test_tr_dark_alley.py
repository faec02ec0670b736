"""Dark Alley (TR-13, TR-17 - TR-20 and the DA parts of TR-2.5, TR-14.6, TR-15.7, TR-15.8,
TR-16.2, TR-16.3): setup, the location, Special cards and their effects, Prophecies, Magician
abilities, views; and the frames of Magician Powers and Duel of Magicians (TR-21, TR-22)."""

from __future__ import annotations

import dataclasses
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from tr_helpers import BLUE, GREEN, MAGICIANS, RED, YELLOW, quiet_move, scenario, skip_turn

from parlor.core import BadOptions, DataError, Rng
from parlor.core.options import option_fields
from parlor.games.trickerion import GAME, Options, TrickerionState
from parlor.games.trickerion.consts import Phase
from parlor.games.trickerion.data import DATA, DATA_DIR, load
from parlor.games.trickerion.markers import marker_seat
from parlor.games.trickerion.moves import (
    Buy,
    Declare,
    Done,
    DrawSpecial,
    Enhance,
    FateWeaving,
    Hire,
    HireAny,
    KeepSpecial,
    LearnTrick,
    MechanicalEnhancement,
    MoveOpponentMarker,
    Perform,
    Place,
    Prepare,
    QuickOrder,
    Reschedule,
    SetUpTrick,
    Supercharge,
    TakeCoins,
)
from parlor.games.trickerion.rules import specials
from parlor.games.trickerion.rules.common import discard_trick
from parlor.games.trickerion.scoring import level3_bonus

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from tests.core import conformance as kit

DA: dict[str, Any] = {"dark_alley": True}
NO_PROPHECY = {"active": None, "pending": ["p01_weak_crew", "p02_shard_surplus",
                                           "p03_shining_fame"]}


def da(prophecy: str | None = None, **spec: Any) -> TrickerionState:
    spec.setdefault("options", DA)
    if prophecy is not None:
        pending = [p for p in ("p04_open_orders", "p05_easy_dealings", "p06_ovation",
                               "p07_bank_boom") if p != prophecy][:3]
        spec["prophecies"] = {"active": prophecy, "pending": pending}
    return scenario(**spec)


def placing(seat: int, character: str, slot: str, special: str | None = None,
            **spec: Any) -> TrickerionState:
    item: dict[str, Any] = {"seat": seat, "character": character, "slot": slot}
    if special:
        item["special"] = special
    return da(phase="actions", placing=item, **spec)


def ability(seat: int, character: str, slot: str, special: str, **spec: Any) -> TrickerionState:
    s = placing(seat, character, slot, special, **spec)
    s.play(seat, Declare(True))
    return s


# -- setup and structure ---------------------------------------------------------------------

def test_dark_alley_setup() -> None:
    """TR-17.1, TR-17.2, TR-17.3, TR-2.5, TR-3.2, A-08, A-30: four face-down Special decks of
    10, three pending Prophecies and no Active one, 24 in the pile, Performance deck RT RT GM GM
    MP MP, a 6-card hand with a Dark Alley card, 7 weeks, Level-3 Tricks in the Residence."""
    s = GAME.setup(4, 7, DA)
    assert [len(d) for d in s.special_decks] == [10, 10, 10, 10]
    assert all(DATA.specials[c].deck == d for d in range(4) for c in s.special_decks[d])
    assert s.prophecies[0] == -1 and all(p >= 0 for p in s.prophecies[1:]) and len(s.prophecy_pile) == 24
    assert [DATA.cards[c].theater for c in s.deck][-2:] == ["magnus_pantheon"] * 2
    assert len(s.deck) == 6 and s.last_turn == 7
    v = s.view(None)
    assert any(DATA.tricks[DATA.trick_by_id[t]].level == 3 for t in v["residence"])
    assert v["dark_alley"]["special_decks"] == {"downtown": 10, "market_row": 10,
                                                "workshop": 10, "theater": 10}
    while s.phase != Phase.ASSIGNMENT:                                  # to the Assignment (TR-7)
        s.play(s.actors()[0], s.legal_moves(s.actors()[0])[0])
    assert s.hand[0] == [1, 1, 1, 2, 1]                    # LOCATIONS order, Dark Alley last
    off = GAME.setup(4, 7, {"dark_alley": True, "include_prophecies": False})
    assert off.prophecies == [-1, -1, -1, -1] and off.prophecy_pile == []


def test_base_mode_is_unchanged() -> None:
    """TR-0.1: without the option the game is the base game (same seed, same position)."""
    a, b = GAME.setup(3, 11), GAME.setup(3, 11, {"dark_alley": False})
    assert a.view(None) == b.view(None) and "dark_alley" not in a.view(None)


def test_dark_alley_slots_by_player_count() -> None:
    """TR-13.1, TR-2.2: +2, +1, +1, 0 with the +1 slots covered at 2 and 3 players."""
    for players, slots in ((2, {"dark_alley_1", "dark_alley_4"}),
                           (3, {"dark_alley_1", "dark_alley_2", "dark_alley_4"}),
                           (4, {"dark_alley_1", "dark_alley_2", "dark_alley_3", "dark_alley_4"})):
        s = da(players=players, phase="placement",
               cards=[{"seat": RED, "character": "magician", "location": "dark_alley"}],
               initiative=list(range(players)))
        assert {m.slot for m in s.legal_moves(RED) if isinstance(m, Place)} == slots


def test_enhance_at_the_dark_alley() -> None:
    """TR-13.1: Enhance Character is allowed at the Dark Alley."""
    s = placing(RED, "apprentice_1", "dark_alley_4", seats={RED: {"shards": 1}})
    assert Enhance() in s.legal_moves(RED)


def test_special_cards_are_assigned_and_returned() -> None:
    """TR-18.1, TR-18.2, TR-18.5, TR-15.8, TR-7.1: a Special card is assigned like a permanent
    one; used, it goes under its deck; idled, it comes back to the hand."""
    s = da(phase="assignment", seats={RED: {"specials": ["empower", "invention"]}})
    moves = s.legal_moves(RED)
    assert any(m.kind == "assign_special" and m.card == "empower" for m in moves)
    s = da(phase="placement", initiative=[RED, BLUE, GREEN, YELLOW],
           seats={RED: {"specials": ["logistics"]}},
           cards=[{"seat": RED, "character": "magician", "special": "empower"},
                  {"seat": RED, "character": "apprentice_1", "special": "invention"}])
    assert s.view(BLUE)["players"][RED]["characters"]["magician"]["special"] == "empower"
    s.play(RED, Place("magician", "downtown_1"))
    declared = s.play(RED, Declare(False))
    assert s.action_points == 6                                    # 3 + 2 + 1 (TR-18.2)
    said = GAME.catalogs()["en"].event(declared[0], ["Ann", "Bea", "Cy", "Dan"])
    assert said == "Ann takes +1 AP instead of the ability of Empower", said   # the log says the choice
    s.play(RED, Done())
    while s.actors() != (RED,):
        s.play(s.actors()[0], quiet_move(s, s.actors()[0]))
    s.play(RED, quiet_move(s, RED))                        # idle the Apprentice
    skip_turn(s)
    assert [DATA.specials[c].id for c in s.special_hand[RED]] == ["invention", "logistics"]
    assert s.special_decks[0][-1] == DATA.special_by_id["empower"]
    assert s.specials_held[RED] == [0, 1, 1, 0]


def test_hidden_cards_stay_hidden() -> None:
    """TR-24, TR-18.1, A-08: hands, decks, the Prophecy pile and another player's drawn cards
    are not in a view; redetermination keeps the seat's view and moves."""
    s = placing(RED, "magician", "dark_alley_1", seats={BLUE: {"specials": ["empower"]}})
    s.play(RED, DrawSpecial("theater"))
    drawn = s.view(RED)["you"]["drawn"]
    assert len(drawn) == 2 and "drawn" not in s.view(BLUE)["you"]
    assert "empower" not in str(s.view(RED)) and "empower" in str(s.view(BLUE))
    for seat in range(4):
        r = s.redetermine(seat, Rng(5))
        assert r.view(seat) == s.view(seat) and r.legal_moves(seat) == s.legal_moves(seat)
    c = s.clone()
    marks = c.plant_markers(BLUE)
    text = str(c.view(BLUE))
    assert marks and not any(str(m) in text for m in marks)


# -- the Dark Alley's actions (TR-13) --------------------------------------------------------

def test_fortune_telling_away_from_active() -> None:
    """TR-13.3, A-10: the other direction is an option."""
    s = placing(RED, "apprentice_1", "dark_alley_1",
                options={"dark_alley": True, "fortune_telling_direction": "away_from_active"},
                prophecies={"active": None, "pending": ["p07_bank_boom", "p12_open_library",
                                                       "p21_fixed_prices"]})
    s.play(RED, s.legal_moves(RED)[[m.kind for m in s.legal_moves(RED)].index(
        "fortune_telling")])
    assert [DATA.prophecies[p].id[:3] for p in s.prophecies[1:]] == ["p21", "p07", "p12"]


def test_draws_keep_one_per_draw_from_a_nearly_empty_deck() -> None:
    """TR-13.2: a deck with one card gives one; kept cards can be used from the next week."""
    s = placing(RED, "magician", "dark_alley_1", special_decks={"workshop": ["invention"]})
    s.play(RED, DrawSpecial("workshop"))
    assert s.placement_drawn == [DATA.special_by_id["invention"]]
    assert DrawSpecial("workshop") not in s.legal_moves(RED)
    s.play(RED, KeepSpecial("invention"))
    assert s.special_hand[RED] == [DATA.special_by_id["invention"]] and s.special_decks[2] == []


# -- Special card effects (TR-18.3, TR-18.4): each implemented card ------------------------

DOWNTOWN_DICE = ["escape", "x", "assistant", "apprentice", "6", "5"]


def test_leaked_blueprints() -> None:
    s = ability(RED, "magician", "downtown_1", "leaked_blueprints", dice=DOWNTOWN_DICE,
                seats={RED: {"tricks": []}})
    s.play(RED, LearnTrick(0, "stocks_escape", False))
    assert s.prepared[RED][s.suit_of_trick(RED, DATA.trick_by_id["stocks_escape"])] == 1


def test_thirst_for_knowledge_costs_two() -> None:
    s = ability(RED, "magician", "downtown_1", "thirst_for_knowledge", dice=DOWNTOWN_DICE)
    s.play(RED, next(m for m in s.legal_moves(RED) if isinstance(m, LearnTrick)))
    assert s.action_points == 3


def test_headhunter() -> None:
    s = ability(RED, "magician", "downtown_1", "headhunter", dice=DOWNTOWN_DICE,
                seats={RED: {"specialists": []}})
    assert HireAny(2, "engineer") in s.legal_moves(RED)
    assert not any(isinstance(m, Hire) for m in s.legal_moves(RED))
    s.play(RED, HireAny(2, "engineer"))
    assert s.hired[RED] == 1 << 3 and s.action_points == 3 and s.dice[2] == "x"


def test_mass_recruitment() -> None:
    s = ability(RED, "magician", "downtown_1", "mass_recruitment", dice=DOWNTOWN_DICE,
                seats={RED: {"coins": 5, "apprentices": 1, "specialists": []}})
    s.play(RED, Hire(3))
    assert bin(s.hired[RED]).count("1") == 2 and s.coins[RED] == 2


def test_fame_and_fortune() -> None:
    s = ability(RED, "magician", "downtown_1", "fame_and_fortune", dice=DOWNTOWN_DICE,
                seats={RED: {"fame": 5, "coins": 0}})
    s.play(RED, TakeCoins(4))
    assert (s.fame[RED], s.coins[RED]) == (10, 6)


def test_interest() -> None:
    s = ability(RED, "magician", "downtown_1", "interest", dice=DOWNTOWN_DICE,
                seats={RED: {"coins": 0}})
    s.play(RED, TakeCoins(4))
    assert s.action_points == 3 and 6 <= s.coins[RED] <= 12 and s.dice[4] == "x"


def test_empower() -> None:
    s = ability(RED, "apprentice_1", "downtown_4", "empower", seats={RED: {"shards": 1}})
    s.play(RED, Enhance())
    assert s.action_points == 4


def _workshop(special: str, components: dict[str, int] | None = None,
              trick: str = "barricaded_barrels", **seat: Any) -> TrickerionState:
    seat_spec = {"tricks": [trick], "components": components or {"wood": 2}, **seat}
    return ability(RED, "apprentice_1", "workshop_1", special, seats={RED: seat_spec})


def _markers(s: TrickerionState, trick: str) -> int:
    return s.prepared[RED][s.suit_of_trick(RED, DATA.trick_by_id[trick])]


def test_trick_tweaking() -> None:
    s = _workshop("trick_tweaking")
    s.play(RED, Prepare("barricaded_barrels"))
    assert _markers(s, "barricaded_barrels") == 3


def test_invention() -> None:
    lev = DATA.tricks[DATA.trick_by_id["levitation"]]
    comps = {DATA.components[c].id: k for c, k in lev.components}
    s = _workshop("invention", comps, "levitation", fame=5)
    s.play(RED, Prepare("levitation"))
    assert s.fame[RED] == 5 + sum(k for c, k in lev.components
                                  if DATA.components[c].tier != "basic") > 5


def test_test_run() -> None:
    s = _workshop("test_run", fame=5, coins=0)
    s.play(RED, Prepare("barricaded_barrels"))
    assert _markers(s, "barricaded_barrels") == 1 and (s.fame[RED], s.coins[RED]) == (6, 1)


def test_ingenuity() -> None:
    s = placing(RED, "apprentice_1", "workshop_1", "ingenuity",
                seats={RED: {"tricks": ["barricaded_barrels"], "components": {"wood": 1}}})
    s.play(RED, Declare(False))
    assert Prepare("barricaded_barrels") not in s.legal_moves(RED)
    s = _workshop("ingenuity", {"wood": 1})
    s.play(RED, Prepare("barricaded_barrels"))
    assert _markers(s, "barricaded_barrels") == 1


def test_enhance_trick() -> None:
    s = _workshop("enhance_trick", shards=1)
    s.play(RED, Prepare("barricaded_barrels"))
    trick = DATA.trick_by_id["barricaded_barrels"]
    assert s.enhanced_tricks[trick] == 1 and s.shards[RED] == 0
    discard_trick(s, RED, s.suit_of_trick(RED, trick))
    assert s.enhanced_tricks[trick] == 0


def test_workshop_exhibition() -> None:
    s = ability(RED, "apprentice_1", "market_row_1", "workshop_exhibition",
                seats={RED: {"fame": 5, "coins": 9, "components": {}}})
    s.play(RED, Buy("wood", 3, 0, False))
    assert (s.fame[RED], s.coins[RED]) == (7, 6)


def test_dubious_sources() -> None:
    s = ability(RED, "apprentice_1", "market_row_1", "dubious_sources",
                seats={RED: {"components": {}}})
    s.play(RED, QuickOrder("rope"))
    skip_turn(s)
    assert s.components[RED][DATA.component_by_id["rope"]] == 1


def test_business_share() -> None:
    s = da(phase="placement", initiative=[RED, BLUE, GREEN, YELLOW],
           seats={RED: {"coins": 0}, BLUE: {"coins": 9, "components": {}}},
           cards=[{"seat": RED, "character": "apprentice_1", "special": "business_share"},
                  {"seat": BLUE, "character": "apprentice_1", "location": "market_row"}])
    s.play(RED, Place("apprentice_1", "market_row_1"))
    s.play(RED, Declare(True))
    s.play(RED, Done())
    s.play(BLUE, Place("apprentice_1", "market_row_2"))
    s.play(BLUE, Buy("wood", 2, 0, False))
    assert s.coins[RED] == 2 and s.coins[BLUE] == 7


THEATER_SEATS = {RED: {"tricks": [{"trick": "barricaded_barrels", "prepared": 2}],
                       "fame": 5, "coins": 0, "shards": 0},
                 BLUE: {"tricks": ["stocks_escape", "linking_rings"], "shards": 0}}


def _theater(special: str, markers: list[dict[str, Any]]) -> TrickerionState:
    return ability(RED, "apprentice_1", "thursday_backstage_1", special, seats=THEATER_SEATS,
                   theater=[{"card": "riverside_01", "markers": markers}, None, None, None, None])


BLUE_ESCAPE = {"seat": BLUE, "trick": "stocks_escape", "slot": "c0r0", "dir": "S"}


def test_headliner_trick() -> None:
    s = _theater("headliner_trick", [BLUE_ESCAPE])
    s.play(RED, SetUpTrick("barricaded_barrels", 1, "c0r1", "N", 0))
    assert (s.fame[RED], s.shards[RED], s.shards[BLUE]) == (7, 2, 1)


def test_new_twist() -> None:
    red = {"seat": RED, "trick": "barricaded_barrels", "slot": "c0r2", "dir": "N"}
    s = _theater("new_twist", [red])
    assert SetUpTrick("barricaded_barrels", 1, "c0r0", "S", 0) in s.legal_moves(RED)


def test_orchestral_interlude() -> None:
    blue = {"seat": BLUE, "trick": "linking_rings", "slot": "c0r0", "dir": "S"}
    s = _theater("orchestral_interlude", [blue])
    s.play(RED, SetUpTrick("barricaded_barrels", 1, "c0r1", "N", 0))
    assert s.fame[RED] == 6 and s.shards == [0, 0, s.shards[GREEN], s.shards[YELLOW]]


def test_directors_favor() -> None:
    s = _theater("directors_favor", [BLUE_ESCAPE])
    move = MoveOpponentMarker(1, "c0r0", 1, "c0r2", "N")
    assert move in s.legal_moves(RED)
    s.play(RED, move)
    assert marker_seat(s.markers[0][2]) == BLUE and s.markers[0][0] == -1


def _performance(prophecy: str | None = None, day: str = "friday",
                 fiasco: bool = False) -> tuple[list[int], list[int], list[int]]:
    """Blue performs riverside_06 (Blue Levitation, Green Mind Reading, Red Linking Rings with
    Red's Apprentice on Thursday); Yellow waits on Sunday. Returns the gains per seat."""
    magician: dict[str, Any] = {"seat": BLUE, "character": "magician",
                                "slot": f"{day}_performance"}
    if fiasco:
        magician.update(special="arranged_fiasco", ability=True)
    s = da(prophecy, phase="performance", performance_day=day,
           placed=[magician,
                   {"seat": YELLOW, "character": "magician", "slot": "sunday_performance"},
                   {"seat": RED, "character": "apprentice_1", "slot": "thursday_backstage_1"}],
           seats={BLUE: {"tricks": ["levitation"]}, GREEN: {"tricks": ["mind_reading"]},
                  RED: {"tricks": ["linking_rings"]}, YELLOW: {"tricks": ["enchanted_butterflies"]}},
           theater=[{"card": "riverside_06", "markers": [
               {"seat": BLUE, "trick": "levitation", "slot": "c0r0", "dir": "S"},
               {"seat": GREEN, "trick": "mind_reading", "slot": "c0r1", "dir": "N"},
               {"seat": RED, "trick": "linking_rings", "slot": "c0r2", "dir": "N"}]},
               {"card": "riverside_01", "markers": [
                   {"seat": YELLOW, "trick": "enchanted_butterflies", "slot": "c0r0",
                    "dir": "S"}]}, None, None, None])
    before = (list(s.fame), list(s.coins), list(s.shards))
    s.play(BLUE, Perform(1))
    assert s.acting == YELLOW
    return ([a - b for a, b in zip(s.fame, before[0], strict=True)],
            [a - b for a, b in zip(s.coins, before[1], strict=True)],
            [a - b for a, b in zip(s.shards, before[2], strict=True)])


BASE_PERF = _performance()


def test_performance_baseline() -> None:
    """TR-14.3: Blue 2F 3C (+1 Coin card bonus); Green 0F 0C 1S (performer's Friday); Red on
    Thursday 0F 1C."""
    assert BASE_PERF == ([0, 2, 0, 0], [1, 4, 0, 0], [0, 0, 1, 0])


def test_arranged_fiasco() -> None:
    """TR-14.6: +1 Fame per own marker for the performer, -1 for the others (floored at 0)."""
    fame, coins, _ = _performance(fiasco=True)
    assert fame == [0, 3, 0, 0] and coins == BASE_PERF[1]


def test_every_special_card_is_resolved() -> None:
    """TR-18.3: every one of the 40 Special cards has its ability as named primitives (each
    tested in this file or test_tr_specials.py); every primitive is documented."""
    assert set(specials.EFFECTS) == {c.id for c in DATA.specials}
    doc = specials.__doc__ or ""
    assert all(p in doc for p in specials.PRIMITIVES)


# -- Prophecies (TR-19): each effect ----------------------------------------------------------

@pytest.mark.parametrize(("prophecy", "expected"), [
    ("p02_shard_surplus", ([0, 2, 0, 0], [1, 4, 0, 0], [0, 0, 2, 0])),
    ("p03_shining_fame", ([0, 2, 2, 0], [1, 4, 0, 0], [0, 0, 1, 0])),
    ("p06_ovation", ([0, 2, 0, 0], [1, 5, 0, 0], [0, 0, 1, 0])),
    ("p11_bleak_friday", ([0, 1, 0, 0], [1, 3, 0, 0], [0, 0, 1, 0])),
    ("p14_fame_over_fortune", ([1, 5, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0])),
    ("p16_calm_week", ([0, 2, 0, 0], [2, 4, 0, 0], [0, 0, 1, 0])),
    ("p19_shared_spotlight", ([0, 2, 0, 0], [2, 4, 0, 0], [0, 0, 1, 0])),
])
def test_performance_prophecies(prophecy: str, expected: Any) -> None:
    """TR-19.2: p02, p03, p06, p11, p14 (A-37), p16, p19 in one Performance."""
    assert _performance(prophecy) == expected


def test_festive_saturday() -> None:
    """TR-19.2 p22: Saturday gets Sunday's +1/+1."""
    assert _performance(None, "saturday")[0][BLUE] == 2
    assert _performance("p22_festive_saturday", "saturday")[:2] == ([0, 3, 1, 0], [1, 5, 1, 0])


def test_weak_crew() -> None:
    """p01: every base AP is 1."""
    assert placing(RED, "magician", "downtown_1", prophecy="p01_weak_crew").action_points == 3


def test_open_orders() -> None:
    """p04: types in the Order area may be bought."""
    s = placing(RED, "apprentice_1", "market_row_1", prophecy="p04_open_orders",
                orders=["rope", None, None, None], seats={RED: {"components": {}}})
    assert Buy("rope", 1, 0, False) in s.legal_moves(RED)
    assert Buy("rope", 1, 0, False) not in placing(
        RED, "apprentice_1", "market_row_1", orders=["rope", None, None, None],
        seats={RED: {"components": {}}}).legal_moves(RED)


def test_bank_boom() -> None:
    """p07: Take Coins gives twice the die."""
    s = placing(RED, "magician", "downtown_1", prophecy="p07_bank_boom", dice=DOWNTOWN_DICE,
                seats={RED: {"coins": 0}})
    s.play(RED, TakeCoins(4))
    assert s.coins[RED] == 12


def test_shard_surge() -> None:
    """p08: Enhance gives +2 AP."""
    s = placing(RED, "apprentice_1", "downtown_4", prophecy="p08_shard_surge",
                seats={RED: {"shards": 1}})
    s.play(RED, Enhance())
    assert s.action_points == 3


def test_double_shift() -> None:
    """p09: two place/idle steps per placement turn."""
    cards = [{"seat": RED, "character": "magician", "location": "downtown"},
             {"seat": RED, "character": "apprentice_1", "location": "market_row"},
             {"seat": BLUE, "character": "magician", "location": "downtown"}]
    for prophecy, second in (("p09_double_shift", RED), (None, BLUE)):
        s = da(prophecy, phase="placement", initiative=[RED, BLUE, GREEN, YELLOW], cards=cards)
        s.play(RED, Place("magician", "downtown_4"))
        s.play(RED, Done())
        assert s.phase == Phase.PLACE_CHARACTER and s.acting == second


@pytest.mark.parametrize(("prophecy", "fame"), [("p10_escape_craze", 7), ("p13_mechanical_craze", 5),
                                                ("p17_optical_craze", 5),
                                                ("p23_spiritual_craze", 5)])
def test_set_up_crazes(prophecy: str, fame: int) -> None:
    """p10, p13, p17, p23 (TR-12.6): +2 Fame for setting up a marker of that category."""
    s = placing(RED, "apprentice_1", "thursday_backstage_1", prophecy=prophecy,
                seats=THEATER_SEATS, theater=[{"card": "riverside_01"}, None, None, None, None])
    s.play(RED, SetUpTrick("barricaded_barrels", 1, "c0r0", "S", 0))
    assert s.fame[RED] == fame


@pytest.mark.parametrize(("prophecy", "kind", "slot"), [
    ("p12_open_library", "learn_trick", "downtown_4"),
    ("p24_open_bank", "take_coins", "downtown_4"),
    ("p25_open_inn", "hire", "downtown_4"),
])
def test_actions_cost_one(prophecy: str, kind: str, slot: str) -> None:
    """p12, p24, p25: Learn Trick, Take Coins, Hire cost 1 AP."""
    spec = dict(dice=DOWNTOWN_DICE, seats={RED: {"specialists": []}})
    assert any(m.kind == kind for m in placing(RED, "apprentice_1", slot, prophecy=prophecy,
                                               **spec).legal_moves(RED))
    assert not any(m.kind == kind for m in placing(RED, "apprentice_1", slot,
                                                   **spec).legal_moves(RED))


def test_advertising_zeal() -> None:
    """p15: an Advertiser's Apprentices have +1 base AP."""
    for poster, ap in ((True, 4), (False, 3)):
        s = da("p15_advertising_zeal", phase="placement", initiative=[RED, BLUE, GREEN, YELLOW],
               cards=[{"seat": RED, "character": "apprentice_1", "location": "downtown"}])
        s.poster[RED] = poster
        s.play(RED, Place("apprentice_1", "downtown_1"))
        assert s.action_points == ap


def test_toll() -> None:
    """p18: a +2 slot costs 3 Coins on placement; without them it is closed."""
    def slots(coins: int) -> set[str]:
        s = da("p18_toll", phase="placement", initiative=[RED, BLUE, GREEN, YELLOW],
               seats={RED: {"coins": coins}},
               cards=[{"seat": RED, "character": "magician", "location": "dark_alley"}])
        return {m.slot for m in s.legal_moves(RED) if isinstance(m, Place)}
    assert "dark_alley_1" not in slots(2) and "dark_alley_1" in slots(3)
    s = da("p18_toll", phase="placement", initiative=[RED, BLUE, GREEN, YELLOW],
           seats={RED: {"coins": 5}},
           cards=[{"seat": RED, "character": "magician", "location": "market_row"}])
    s.play(RED, Place("magician", "market_row_1"))
    assert s.coins[RED] == 2


def test_fixed_prices() -> None:
    """p21: every component costs 2."""
    s = placing(RED, "apprentice_1", "market_row_1", prophecy="p21_fixed_prices",
                seats={RED: {"coins": 5, "components": {}}})
    s.play(RED, Buy("wood", 1, 0, False))
    assert s.coins[RED] == 3


def test_stage_fever() -> None:
    """p26: Enhance in the Theater's backstage."""
    spec = dict(seats={RED: {"shards": 1}})
    assert Enhance() in placing(RED, "apprentice_1", "thursday_backstage_1",
                                prophecy="p26_stage_fever", **spec).legal_moves(RED)
    assert Enhance() not in placing(RED, "apprentice_1", "thursday_backstage_1",
                                    **spec).legal_moves(RED)


def test_back_of_the_queue() -> None:
    """p27, A-38: the free slot with the lowest modifier at Downtown/Market Row/Dark Alley."""
    s = da("p27_back_of_the_queue", phase="placement", initiative=[RED, BLUE, GREEN, YELLOW],
           cards=[{"seat": RED, "character": "magician", "location": "downtown"}])
    assert [m.slot for m in s.legal_moves(RED) if isinstance(m, Place)] == ["downtown_4"]


def test_easy_dealings() -> None:
    """p05 (TR-13.2): Draw Further Cards costs 1 AP (also EX-23)."""
    s = placing(RED, "apprentice_1", "dark_alley_2", prophecy="p05_easy_dealings")
    s.play(RED, DrawSpecial("theater"))
    s.play(RED, DrawSpecial("theater"))
    assert s.action_points == 0


def test_prophecies_apply_for_the_whole_turn_and_move_on() -> None:
    """TR-19.1, TR-15.7: the Active Prophecy stays for the turn; End Turn advances them."""
    s = da("p07_bank_boom", phase="advertise")
    active = s.prophecies[0]
    skip_turn(s)
    assert s.prophecies[0] != active and s.prophecies[0] == DATA.prophecy_by_id["p04_open_orders"]


# -- Magician abilities (TR-20, TR-17.4) -----------------------------------------------------

def test_gentleman_magic_for_the_masses() -> None:
    """TR-20 The Gentleman: Fame = Trick cards owned when the Magician goes Downtown."""
    mags = [*MAGICIANS[:3], "the_gentleman"]
    s = da(magicians=mags, phase="placement", initiative=[YELLOW, RED, BLUE, GREEN],
           seats={YELLOW: {"fame": 5, "tricks": ["enchanted_butterflies", "card_manipulation"]}},
           cards=[{"seat": YELLOW, "character": "magician", "location": "downtown"}])
    s.play(YELLOW, Place("magician", "downtown_4"))
    assert s.fame[YELLOW] == 7


def test_mechaniker_once_per_turn() -> None:
    """TR-20 The Mechaniker: +1 AP for one Apprentice outside the Theater, once per turn."""
    s = placing(BLUE, "apprentice_1", "workshop_1")
    s.play(BLUE, MechanicalEnhancement())
    assert s.action_points == 2 and MechanicalEnhancement() not in s.legal_moves(BLUE)
    assert MechanicalEnhancement() not in placing(RED, "apprentice_1",
                                                  "workshop_1").legal_moves(RED)


def test_priestess_fate_weaving() -> None:
    """TR-20, TR-13.4 Priestess of Mysticism: 1 AP, a Pending Prophecy becomes Active at once."""
    s = placing(GREEN, "apprentice_1", "dark_alley_1", prophecy="p04_open_orders")
    s.play(GREEN, FateWeaving(2))
    assert DATA.prophecies[s.prophecies[0]].id == "p06_ovation" and s.action_points == 2
    assert FateWeaving(1) not in placing(RED, "apprentice_1", "dark_alley_1").legal_moves(RED)


ELECTRA = [MAGICIANS[0], "electra", *MAGICIANS[2:]]
RED_BARRELS = {"seat": RED, "trick": "barricaded_barrels", "slot": "c0r0", "dir": "S"}


def test_electra_supercharge() -> None:
    """TR-20 Electra: one Set up Trick (1 AP) stacks two prepared markers of one Trick on one
    slot; the stack is one marker for the TR-12.4 limit and for Links (paid once)."""
    spec: dict[str, Any] = {
        "magicians": ELECTRA,
        "seats": {RED: {"tricks": ["barricaded_barrels"]},
                  BLUE: {"tricks": [{"trick": "levitation", "prepared": 2}], "fame": 5}},
        "theater": [{"card": "riverside_06", "markers": [RED_BARRELS]}, None, None, None, None]}
    s = placing(BLUE, "magician", "friday_backstage_1", **spec)
    stack = Supercharge("levitation", 1, "c0r1", "S", 0)
    moves = s.legal_moves(BLUE)
    assert stack in moves and SetUpTrick("levitation", 1, "c0r1", "S", 0) in moves
    assert len([m for m in moves if isinstance(m, Supercharge)]) == \
        len([m for m in moves if isinstance(m, SetUpTrick)])
    events = s.play(BLUE, stack)
    assert events[0].kind == "supercharged" and events[0].data["links"] == 1
    assert (s.prepared[BLUE][0], s.scheduled[BLUE][0], s.supply(BLUE, 0)) == (0, 2, 2)
    assert s.fame[BLUE] == 6 and s.action_points == 2                 # one Link of a Level-1 Trick
    assert s.view(None)["theater"][0]["markers"][1] == {
        "slot": "c0r1", "seat": BLUE, "trick": "levitation", "dir": "S", "stack": True}
    assert not any(isinstance(m, (Supercharge, SetUpTrick)) for m in s.legal_moves(BLUE))
    # a single prepared marker cannot stack; nor can another Magician
    one = placing(BLUE, "magician", "friday_backstage_1", **{**spec, "seats": {
        **spec["seats"], BLUE: {"tricks": [{"trick": "levitation", "prepared": 1}]}}})
    assert not any(isinstance(m, Supercharge) for m in one.legal_moves(BLUE))
    other = placing(BLUE, "magician", "friday_backstage_1", **{**spec, "magicians": MAGICIANS})
    assert not any(isinstance(m, Supercharge) for m in other.legal_moves(BLUE))


def test_electra_stack_performed() -> None:
    """TR-20, TR-14.6: a performed stack yields its Trick's yields once plus its level in Fame
    and Coins (a yield modifier, after the weekday's); both markers return to the supply."""
    s = da(magicians=ELECTRA, phase="performance", performance_day="thursday",
           placed=[{"seat": BLUE, "character": "magician", "slot": "thursday_performance"}],
           seats={RED: {"tricks": ["barricaded_barrels"], "fame": 5, "coins": 0},
                  BLUE: {"tricks": ["levitation"], "fame": 5, "coins": 0}},
           theater=[{"card": "riverside_06", "markers": [
               RED_BARRELS, {"seat": BLUE, "trick": "levitation", "slot": "c0r1", "dir": "S",
                             "stack": True}]}, None, None, None, None])
    assert s.scheduled[BLUE][0] == 2
    s.play(BLUE, Perform(1))
    # levitation 2 Fame 3 Coins, Thursday -1/-1, stack +1/+1; 1 Link; card bonus 1 Coin
    assert (s.fame[BLUE], s.coins[BLUE]) == (5 + 2 + 1, 3 + 1)
    assert (s.fame[RED], s.coins[RED]) == (5, 0)          # 1/1 with the performer's Thursday
    assert s.supply(BLUE, 0) == 4 and s.markers[0] == [-1, -1, -1, -1]


def test_electra_stack_is_rescheduled_whole() -> None:
    """TR-20, TR-12.8: a stack moves as one marker; discarding its Trick returns both."""
    s = placing(BLUE, "assistant", "friday_backstage_1", magicians=ELECTRA,
                seats={BLUE: {"tricks": ["levitation"], "specialists": ["assistant"]}},
                theater=[{"card": "riverside_06", "markers": [
                    {"seat": BLUE, "trick": "levitation", "slot": "c0r1", "dir": "S",
                     "stack": True}]}, None, None, None, None])
    s.play(BLUE, Reschedule(1, "c0r1", 1, "c1r2", "W"))
    assert s.view(None)["theater"][0]["markers"][0]["stack"] and s.scheduled[BLUE][0] == 2
    discard_trick(s, BLUE, 0)
    assert s.supply(BLUE, 0) == 4 and s.markers[0] == [-1, -1, -1, -1]


# -- final scoring (TR-16.2, TR-16.3, TR-17.5) ----------------------------------------------

@pytest.mark.parametrize(("trick", "seat_spec", "bonus"), [
    ("metamorphosis", {"specialists": ["assistant", "manager", "engineer"]}, None),
    ("aztec_lady", {}, None),
])
def test_level3_bonus_needs_requirements(trick: str, seat_spec: dict[str, Any],
                                         bonus: int | None) -> None:
    """TR-16.3: without the Trick's own components, no bonus."""
    s = da(seats={RED: {"tricks": [trick], "components": {}, **seat_spec}})
    assert level3_bonus(s, RED, DATA.trick_by_id[trick]) == 0


def test_every_level3_bonus_kind() -> None:
    """TR-16.3, A-03: every end-bonus type is computed from the position, capped at 20."""
    kinds = set()
    level2 = next(t.id for t in DATA.tricks if t.level == 2)
    others = [{"trick": "barricaded_barrels", "prepared": 1}, level2,
              {"trick": "stocks_escape", "engineer": True}]
    for t in DATA.tricks:
        if t.level != 3:
            continue
        comps: dict[str, int] = {}
        for c, k in t.components:
            comps[DATA.components[c].id] = k
        s = da(seats={RED: {"tricks": [t.id, *others], "components": {}, "coins": 30,
                            "shards": 4,
                            "specialists": ["assistant", "manager", "engineer"],
                            "apprentices": 3, "specials": ["empower"]}})
        if len(comps) > 6:
            continue
        s.components[RED] = [comps.get(c.id, 0) for c in DATA.components]
        value = level3_bonus(s, RED, t.index)
        kinds.add(dict(t.endgame)["endgame_type"])
        assert 0 < value <= 20, t.id
    assert len(kinds) == 10


# -- Magician Powers and Duel of Magicians frames (TR-21, TR-22, A-23) -----------------------

def test_frame_modules_are_unavailable_without_data() -> None:
    """TR-21.2, TR-22.1, TR-0.4: off by default; help says unavailable; setup refuses."""
    helps = {name: help_ for name, _, _, help_ in option_fields(Options)}
    assert "unavailable: data incomplete" in helps["magician_powers"]
    assert "unavailable: data incomplete" in helps["duel_of_magicians"]
    for name in ("magician_powers", "duel_of_magicians"):
        with pytest.raises(BadOptions, match="data incomplete"):
            GAME.setup(2, 1, {"dark_alley": True, name: True})


def _complete_powers(tmp_path: Path, count: int = 90) -> Path:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    path = data / "magician_powers.toml"
    text = path.read_text(encoding="utf-8").replace("data_complete = false", "data_complete = true")
    text += '\n[[power_slot]]\nid = "power_slot_1"\nshard_symbols = 1\n'
    for i in range(count):
        color = ("yellow", "orange", "red")[i % 3]
        text += (f'\n[[power]]\nid = "p{i}"\nname = "P{i}"\ncolor = "{color}"\n'
                 f'fame_threshold = 1\nvalid_slots = ["power_slot_1"]\ntext = "..."\n')
    path.write_text(text, encoding="utf-8")
    return data


def test_a_complete_power_file_makes_the_module_available(tmp_path: Path) -> None:
    """TR-21, TR-7.4: a file in the documented format (docs/trickerion-expansions.md) loads as
    complete; an incomplete one saying `data_complete = true` is a DataError naming the file."""
    assert load(_complete_powers(tmp_path)).magician_powers.complete
    with pytest.raises(DataError, match=r"magician_powers\.toml"):
        load(_complete_powers(tmp_path / "short", 12))


def test_complete_power_data_enables_the_option(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """TR-21.1, TR-2.4 item 7: with complete data the option is accepted (with dark_alley only)
    and every player starts with 3 Shards."""
    from parlor.games.trickerion import game as game_module
    complete = dataclasses.replace(DATA, magician_powers=load(
        _complete_powers(tmp_path)).magician_powers)
    monkeypatch.setattr(game_module, "DATA", complete)
    s = GAME.setup(3, 1, {"dark_alley": True, "magician_powers": True})
    assert s.shards == [3, 3, 3]
    with pytest.raises(BadOptions, match="dark_alley"):
        GAME.setup(3, 1, {"magician_powers": True})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_kit_with_dark_alley(players: int) -> None:
    """The conformance kit's checks on a game whose default options enable dark_alley (also run
    by tests/core through `Trickerion.variants`)."""
    variant = kit.with_options(GAME, DA)
    kit.check_all(variant, players, 7)
