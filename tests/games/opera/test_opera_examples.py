"""Every worked example of ../shared/rules/opera/EXAMPLES.md as a test (EX-nn in each name).

Colours are seats: red 0 (start player), blue 1, green 2, yellow 3. Where an example seats the
colours differently only the seat numbers matter, and the docstring says which seat is meant.
"""

from __future__ import annotations

import pytest
from opera_support import (
    BLUE,
    GREEN,
    L0,
    RED,
    YELLOW,
    all_passed,
    halls,
    kinds,
    ladder,
    moves,
    play,
    pos,
    scen,
    supply,
)

from parlor.core import IllegalMove
from parlor.games.opera import GAME
from parlor.games.opera.board import COMPOSERS, PIECE_COMPOSER
from parlor.games.opera.rules import endround
from parlor.games.opera.steps import BID, OFFER, REARRANGE, TURN


def test_ex01_starting_money_and_budget_slots() -> None:
    """EX-01, OP-4.3, OP-4.8, OP-4.9: 20/21/22/23 ducats; markers in row 0, slots 1-4, both in
    the (random) seating order."""
    for players, money in ((4, [20, 21, 22, 23]), (3, [20, 21, 22]), (2, [20, 21])):
        s = GAME.setup(players, 7)
        assert [s.money[p] for p in s.seating] == money
        assert [pos(s, p) for p in s.seating] == [f"0/{k + 1}" for k in range(players)]


def test_ex02_display_size_by_player_count() -> None:
    """EX-02, OP-4.10, OP-12.4: 5 / 7 / 9 pieces after setup and after every end phase."""
    from parlor.core import Rng
    for players, size in ((2, 5), (3, 7), (4, 9)):
        s = GAME.setup(players, 3)
        assert len(s.display) == size
        rng = Rng(3)
        while s.actors():
            seat = rng.choice(s.actors())
            events = s.play(seat, rng.choice(s.legal_moves(seat)))
            if "display_drawn" in kinds(events):
                assert len(s.display) == size


def test_ex03_budget_phase_marker_movement() -> None:
    """EX-03, OP-6.3, OP-6.4: markers move in the old order; Blue lands behind Green in row 9."""
    s = scen(green={"row": 5, "slot": 1, "money": 20}, blue={"row": 4, "slot": 1, "money": 20},
             red={"row": 3, "slot": 1, "money": 20}, yellow={"row": 0, "slot": 1, "money": 20})
    assert s.step == BID
    play(s, GREEN, "bid amount=4")
    play(s, BLUE, "bid amount=5")
    play(s, RED, "bid amount=7")
    events = play(s, YELLOW, "bid amount=6")
    assert [pos(s, p) for p in (GREEN, BLUE, RED, YELLOW)] == ["9/1", "9/2", "10/1", "6/1"]
    assert s.order() == [RED, GREEN, BLUE, YELLOW]
    assert [s.money[p] for p in (GREEN, BLUE, RED, YELLOW)] == [16, 15, 13, 14]
    revealed = next(e for e in events if e.kind == "bids_revealed")
    assert revealed.reveal and revealed.data["bids"] == [7, 5, 4, 6]


def test_ex04_bid_legality() -> None:
    """EX-04, OP-6.2: bid <= min(money, 10 - row); row 10 bids only 0; option bid_cap_mode."""
    s = scen(red={"row": 8, "money": 30}, blue={"row": 0, "money": 4, "slot": 2},
             green={"row": 10, "money": 9, "slot": 1})
    assert moves(s, RED) == ["bid amount=0", "bid amount=1", "bid amount=2"]
    assert moves(s, BLUE) == [f"bid amount={b}" for b in range(5)]
    assert moves(s, GREEN) == ["bid amount=0"]
    with pytest.raises(IllegalMove, match=r"OP-6\.2"):
        play(s, RED, "bid amount=3")
    o = scen(options={"bid_cap_mode": "ten_overflow_lost"}, red={"row": 8, "money": 30},
             blue={"row": 0, "slot": 2}, green={"row": 0, "slot": 3}, yellow={"row": 0, "slot": 4})
    assert moves(o, RED)[-1] == "bid amount=10"
    play(o, RED, "bid amount=5")
    for seat in (BLUE, GREEN, YELLOW):
        play(o, seat, "bid amount=0")
    assert (o.money[RED], o.row[RED]) == (25, 10)


def ex05() -> object:
    return scen(phase="action", ladder=L0,
                red={"row": 10, "slot": 1}, green={"row": 9, "slot": 1},
                blue={"row": 9, "slot": 2, "houses": {"wien": ["mozart", ""]}},
                yellow={"row": 6, "slot": 1})


def test_ex05_turn_order_and_consecutive_turns() -> None:
    """EX-05, OP-7.1, OP-7.3: paying moves the marker down to the leftmost free slot; the
    first active player in the new order moves next, even twice in a row."""
    s = ex05()
    assert s.actor == RED
    play(s, RED, "role role=esperto", "destination city=venezia")
    assert pos(s, RED) == "6/2" and s.actor == GREEN
    play(s, GREEN, "role role=critico", "destination city=wien", "fame composer=mozart steps=1")
    assert pos(s, GREEN) == "6/3" and s.actor == BLUE
    play(s, BLUE, "role role=maestro", "destination city=paris")
    assert pos(s, BLUE) == "7/1"
    assert s.order() == [BLUE, YELLOW, RED, GREEN]
    assert s.step == TURN and s.actor == BLUE


def ex06(**options: object) -> object:
    return scen(phase="action", ladder=L0, options=options,
                display=["verdi", "verdi", "mozart", "bach", "bach", "wagner", "handel", "handel",
                         "monteverdi"],
                green={"row": 9, "slot": 1, "money": 15}, blue={"row": 9, "slot": 2, "money": 12},
                yellow={"row": 6, "slot": 1, "money": 3},
                red={"row": 2, "slot": 1, "passed": True})


def test_ex06_impresario_with_two_followers() -> None:
    """EX-06, OP-9.1, OP-8.3, OP-8.4: the chooser buys two, followers pay 1 budget per piece
    (at least 1); the passed player is not asked; offers in the snapshot order."""
    s = ex06()
    assert s.actor == GREEN
    play(s, GREEN, "role role=impresario")
    assert pos(s, GREEN) == "6/2"
    play(s, GREEN, "buy composer=verdi", "buy composer=bach")
    assert s.money[GREEN] == 9 and "buy composer=mozart" not in moves(s, GREEN)
    play(s, GREEN, "done")
    assert s.step == REARRANGE
    play(s, GREEN, "done")
    assert (s.step, s.actor) == (OFFER, BLUE)
    play(s, BLUE, "follow", "buy composer=verdi", "buy composer=mozart")
    assert s.money[BLUE] == 4 and pos(s, BLUE) == "7/1"
    play(s, BLUE, "done", "done")
    assert (s.step, s.actor) == (OFFER, YELLOW)
    play(s, YELLOW, "follow")
    assert "buy composer=bach" in moves(s, YELLOW)
    assert "buy composer=monteverdi" not in moves(s, YELLOW)
    play(s, YELLOW, "done")
    assert pos(s, YELLOW) == "5/1" and s.money[YELLOW] == 3
    play(s, YELLOW, "done")
    assert sorted(COMPOSERS[PIECE_COMPOSER[p]] for p in s.display) == sorted(
        ["bach", "wagner", "handel", "handel", "monteverdi"])
    assert s.order()[:3] == [BLUE, GREEN, YELLOW]
    assert (s.step, s.actor) == (TURN, BLUE)


def test_ex07_same_composer_restriction() -> None:
    """EX-07, OP-10.2, OP-10.4: no second mozart in Wien; Venezia or supply are fine; only the
    final assignment counts (move Wien's mozart to Venezia, then the new one into Wien 1)."""
    s = scen(phase="action", display=["mozart"],
             blue={"row": 9, "money": 20,
                   "houses": {"wien": ["mozart", "verdi", "", ""],
                              "venezia": ["house", "", ""]}})
    play(s, BLUE, "role role=impresario", "buy composer=mozart", "done")
    options = moves(s, BLUE)
    assert "place piece=mozart city=wien hall=3" not in options
    assert "place piece=mozart city=venezia hall=2" in options
    assert "done" in options
    play(s, BLUE, "store city=wien hall=1", "place piece=mozart city=venezia hall=2",
         "place piece=mozart city=wien hall=1")
    assert halls(s, BLUE, "wien") == ["mozart", "verdi", None, None]
    assert halls(s, BLUE, "venezia") == ["house", "mozart", None]
    assert supply(s, BLUE) == []


def test_ex08_architetto_with_followers() -> None:
    """EX-08, OP-9.2, OP-8.4: 2 ducats and 2 VP per hall; followers pay 1 budget per part."""
    s = scen(phase="action", round=4,
             red={"row": 10, "money": 20}, blue={"row": 8, "money": 20},
             green={"row": 7, "money": 20}, yellow={"row": 6, "money": 20})
    play(s, RED, "role role=architetto", "build city=paris part=main",
         "build city=paris part=wing", "done")
    assert (s.money[RED], s.score[RED]) == (10, 10)
    assert halls(s, RED, "paris") == [None] * 5
    play(s, BLUE, "follow", "build city=venezia part=left_wing", "done")
    assert (s.row[BLUE], s.money[BLUE], s.score[BLUE]) == (7, 18, 2)
    play(s, GREEN, "follow", "build city=berlin part=main", "build city=berlin part=wing", "done")
    assert (s.row[GREEN], s.money[GREEN], s.score[GREEN]) == (5, 14, 6)
    assert halls(s, GREEN, "berlin") == [None, None, None]
    play(s, YELLOW, "decline")
    assert s.step == TURN


def test_ex09_architetto_legality() -> None:
    """EX-09, OP-9.2.3-OP-9.2.6: closed city, second house, wing without main, second wing of a
    type, exhausted city supply."""
    s = scen(phase="action", round=2, red={"row": 10, "money": 30})
    play(s, RED, "role role=architetto")
    assert "build city=london part=main" not in moves(s, RED)
    with pytest.raises(IllegalMove, match=r"OP-9\.2\.3"):
        play(s, RED, "build city=london part=main")
    b = scen(phase="action", round=2, blue={"row": 10, "money": 30, "houses": {"wien": ["", ""]}})
    play(b, BLUE, "role role=architetto")
    with pytest.raises(IllegalMove, match=r"OP-9\.2\.4"):
        play(b, BLUE, "build city=wien part=main")
    g = scen(phase="action", round=2, green={"row": 10, "money": 30})
    play(g, GREEN, "role role=architetto")
    with pytest.raises(IllegalMove, match=r"OP-9\.2\.5"):
        play(g, GREEN, "build city=berlin part=wing")
    play(g, GREEN, "build city=berlin part=main", "build city=berlin part=wing")
    y = scen(phase="action", round=2, yellow={"row": 10, "money": 30, "houses": {
        "venezia": {"parts": ["main", "right_wing"], "halls": ["house", ""]}}})
    play(y, YELLOW, "role role=architetto")
    assert "build city=venezia part=right_wing" not in moves(y, YELLOW)
    assert "build city=venezia part=left_wing" in moves(y, YELLOW)
    full = scen(phase="action", round=2, red={"houses": {"wien": ["", ""]}},
                blue={"houses": {"wien": ["", ""]}}, green={"houses": {"wien": ["", ""]}},
                yellow={"row": 10, "money": 30})
    play(full, YELLOW, "role role=architetto")
    with pytest.raises(IllegalMove, match=r"no main building is left in wien"):
        play(full, YELLOW, "build city=wien part=main")


def test_ex10_houses_per_city_depend_on_player_count() -> None:
    """EX-10, OP-4.4, OP-9.2.4: 3 players have one Milano house; 2/2/1/2/1 elsewhere."""
    s = scen(players=3, phase="action", round=7, blue={"row": 10, "money": 20},
             red={"row": 9, "money": 20, "slot": 1})
    play(s, BLUE, "role role=architetto", "build city=milano part=main")
    assert (s.money[BLUE], s.score[BLUE]) == (14, 6)
    play(s, BLUE, "done")
    play(s, RED, "follow")
    assert "build city=milano part=main" not in moves(s, RED)
    houses = {c.id: c.houses[3] for c in GAME.setup(3, 0).data.cities}
    assert houses == {"venezia": 3, "wien": 2, "berlin": 2, "london": 1, "paris": 2, "milano": 1}


def test_ex11_signora_fills_the_palazzo() -> None:
    """EX-11, OP-9.3, OP-2.5, OP-10.7: verdi (5) sells for 10 ducats or 5 VP; the palazzo holds 4
    pieces that belong to nobody; a full palazzo offers nothing."""
    s = scen(phase="action", ladder=L0, palazzo=["bach", "bach", "handel"],
             green={"row": 10, "money": 0, "supply": ["verdi"]})
    play(s, GREEN, "role role=signora")
    assert moves(s, GREEN) == ["sell composer=verdi source=supply hall=0 reward=ducats",
                               "sell composer=verdi source=supply hall=0 reward=vp"]
    t = s.clone()
    play(s, GREEN, "sell composer=verdi source=supply hall=0 reward=ducats")
    play(t, GREEN, "sell composer=verdi source=supply hall=0 reward=vp")
    assert (s.money[GREEN], t.score[GREEN]) == (10, 5)
    assert len(s.palazzo) == 4 and s.step == TURN and supply(s, GREEN) == []


def test_ex12_signora_follow_stops_when_full() -> None:
    """EX-12, OP-9.3.1, OP-9.3.4: Blue follows and fills the palazzo; Yellow is not asked."""
    s = scen(phase="action", palazzo=["bach", "handel"],
             red={"row": 10, "supply": ["verdi"]}, blue={"row": 9, "supply": ["mozart"]},
             yellow={"row": 8, "supply": ["wagner"]}, green={"passed": True})
    play(s, RED, "role role=signora", "sell composer=verdi source=supply hall=0 reward=vp")
    assert (s.step, s.actor) == (OFFER, BLUE)
    play(s, BLUE, "follow", "sell composer=mozart source=supply hall=0 reward=ducats")
    assert len(s.palazzo) == 4 and s.row[BLUE] == 8
    assert s.step == TURN


def test_ex12_chooser_always_finds_room() -> None:
    """EX-12 consequence, OP-12.6: every round starts with at most 3 pieces in the palazzo."""
    from parlor.core import Rng
    for seed in range(6):
        s = GAME.setup(4, seed)
        rng = Rng(seed)
        while s.actors():
            seat = rng.choice(s.actors())
            events = s.play(seat, rng.choice(s.legal_moves(seat)))
            if "round_started" in kinds(events):
                assert len(s.palazzo) <= 3


def test_ex13_income_with_the_maestro() -> None:
    """EX-13, OP-11: Venezia 3 + Wien 5 + Paris 11 x 2 = 30; other Paris houses doubled too."""
    s = scen(**all_passed(round=4, figures={"maestro": "paris"},
                          red={"money": 0, "houses": {
                              "venezia": ["house", "bach", ""],
                              "wien": ["mozart", "verdi", "handel", ""],
                              "paris": ["wagner", "monteverdi", "bach", "handel", "mozart"]}},
                          blue={"money": 0, "houses": {"paris": ["verdi", "", "", "", ""]}},
                          green={"money": 0, "houses": {"wien": ["verdi", "", "", ""]}}))
    assert s.money[RED] == 30
    assert s.money[BLUE] == 1 + 1 * 2        # Venezia house piece 1, Paris 1 piece doubled
    assert s.money[GREEN] == 1 + 1            # Wien is not doubled


def test_ex14_maestro_stays_and_keeps_doubling() -> None:
    """EX-14, OP-9.4.3: nobody chose the Maestro this round, Wien is still doubled;
    option maestro_persists=false: not doubled."""
    spec = dict(round=5, figures={"maestro": "wien"},
                blue={"money": 0, "houses": {"wien": ["verdi", "", "", ""]}})
    s = scen(**all_passed(**spec))
    assert s.money[BLUE] == 1 + 2
    o = scen(**all_passed(options={"maestro_persists": False}, **spec))
    assert o.money[BLUE] == 1 + 1


def test_ex15_critico_shifts_the_ladder() -> None:
    """EX-15, OP-9.5.2, OP-9.5.3, OP-3.1, OP-7.5: handel up 2, verdi down 2, composers between
    shift; the new fame positions hold at once (prices follow)."""
    for composer, steps, expected in (
            ("handel", 2, ["bach", "mozart", "wagner", "handel", "verdi", "monteverdi"]),
            ("verdi", -2, ["bach", "handel", "verdi", "mozart", "wagner", "monteverdi"])):
        s = scen(phase="action", ladder=L0,
                 red={"row": 10, "houses": {"wien": ["handel", "verdi"]}})
        play(s, RED, "role role=critico", "destination city=wien",
             f"fame composer={composer} steps={steps}")
        assert ladder(s) == expected
        from parlor.games.opera.rules.impresario import price
        assert price(s, COMPOSERS.index(composer)) == expected.index(composer) + 1


def test_ex16_critico_target_legality() -> None:
    """EX-16, OP-9.5.1, OP-9.5.2: only composers performed in the city, within 1-6; the
    figure must change city."""
    s = scen(phase="action", ladder=L0, figures={"critico": "wien"},
             red={"row": 10},
             blue={"houses": {"berlin": ["verdi", "bach", ""]}},
             green={"houses": {"berlin": ["monteverdi", "", ""]}})
    play(s, RED, "role role=critico")
    assert moves(s, RED) == ["destination city=berlin"]
    with pytest.raises(IllegalMove, match=r"OP-9\.0\.1"):
        play(s, RED, "destination city=wien")
    play(s, RED, "destination city=berlin")
    assert sorted(moves(s, RED)) == sorted([
        "fame composer=verdi steps=1", "fame composer=verdi steps=-1",
        "fame composer=verdi steps=-2", "fame composer=bach steps=1", "fame composer=bach steps=2",
        "fame composer=monteverdi steps=-1", "fame composer=monteverdi steps=-2"])
    with pytest.raises(IllegalMove, match=r"OP-9\.5\.2"):
        play(s, RED, "fame composer=mozart steps=1")


def ex17() -> object:
    return scen(phase="action", round=5, ladder=L0,
                red={"score": 23, "row": 8, "slot": 1,
                     "houses": {"paris": ["verdi", "mozart", "bach", "", ""]}},
                yellow={"score": 30, "row": 6, "slot": 1,
                        "houses": {"paris": ["monteverdi", "", "", "", ""]}},
                blue={"score": 12, "row": 3, "slot": 1,
                      "houses": {"paris": ["wagner", "handel", "", "", ""]}},
                green={"score": 12, "row": 3, "slot": 2})


def test_ex17_esperto_recipient_decided_first() -> None:
    """EX-17, OP-9.6.2-OP-9.6.4: tie on lowest score goes to the lower marker (Green); Red
    scores 5+3+1 and hands verdi to Green."""
    s = ex17()
    play(s, RED, "role role=esperto")
    assert pos(s, RED) == "4/1"
    events = play(s, RED, "destination city=paris")
    recipient = next(e for e in events if e.kind == "esperto_recipient")
    assert recipient.seat == GREEN
    assert s.score[RED] == 32
    assert supply(s, GREEN) == ["verdi"]
    assert halls(s, RED, "paris") == [None, "mozart", "bach", None, None]


def test_ex18_esperto_chooser_is_lowest() -> None:
    """EX-18, OP-9.6.2, OP-9.6.4: the chooser is the recipient: wagner is discarded."""
    s = scen(phase="action", ladder=L0,
             red={"score": 5, "row": 10, "houses": {"wien": ["wagner", "handel", "", ""]}},
             blue={"score": 10}, green={"score": 12}, yellow={"score": 20})
    discard_before = len(s.discard)
    play(s, RED, "role role=esperto", "destination city=wien")
    assert s.score[RED] == 11
    assert halls(s, RED, "wien") == [None, "handel", None, None]
    assert len(s.discard) == discard_before + 1
    assert COMPOSERS[PIECE_COMPOSER[s.discard[-1]]] == "wagner"


def test_ex19_esperto_others_may_score() -> None:
    """EX-19, OP-9.6.6: Yellow then Blue are asked (Green has no Paris house); Yellow declines,
    Blue scores 6 without budget and discards wagner."""
    s = ex17()
    play(s, RED, "role role=esperto", "destination city=paris")
    assert s.actor == YELLOW and moves(s, YELLOW) == ["score", "decline"]
    play(s, YELLOW, "decline")
    assert s.actor == BLUE
    row = s.row[BLUE]
    play(s, BLUE, "score")
    assert (s.score[BLUE], s.row[BLUE]) == (18, row)
    assert halls(s, BLUE, "paris") == [None, "handel", None, None, None]
    assert s.score[YELLOW] == 30 and halls(s, YELLOW, "paris")[0] == "monteverdi"


def fame_spec(**extra: object) -> dict[str, object]:
    return all_passed(ladder=L0, **extra,
                      red={"houses": {"venezia": ["mozart", "verdi", "bach"],
                                      "wien": ["mozart", "verdi", "bach", "wagner"]}},
                      blue={"houses": {"venezia": ["mozart", "verdi", "bach"],
                                       "wien": ["mozart", "verdi", "bach", "wagner"]}},
                      green={"houses": {"venezia": ["mozart", "handel", "house"]}})


def test_ex20_end_phase_fame_move() -> None:
    """EX-20, OP-12.2: mozart (5 performed) rises above wagner; a tie moves nobody."""
    s = scen(**fame_spec())
    assert ladder(s) == ["bach", "handel", "wagner", "mozart", "verdi", "monteverdi"]
    spec = fame_spec()
    spec["green"]["houses"]["wien"] = ["verdi", "", "", ""]  # type: ignore[index]
    t = scen(**spec)
    assert ladder(t) == L0


def test_ex21_palazzo_and_zero_budget_bonus() -> None:
    """EX-21, OP-12.6, OP-12.7: a full palazzo is emptied, 3 pieces stay; row 0 gets 1 ducat;
    pass markers go, markers stay."""
    s = scen(**all_passed(palazzo=["bach", "bach", "handel", "verdi"],
                          yellow={"row": 0, "slot": 1, "money": 5},
                          blue={"row": 1, "slot": 1, "money": 5}))
    assert s.palazzo == [] and len(s.discard) >= 4
    assert s.money[YELLOW] == 5 + 1 + 1      # income 1 (Venezia house piece) + bonus 1
    assert s.money[BLUE] == 5 + 1            # income only
    assert s.passed == [False] * 4 and pos(s, YELLOW) == "0/1" and pos(s, BLUE) == "1/1"
    t = scen(**all_passed(palazzo=["bach", "bach", "handel"]))
    assert len(t.palazzo) == 3


def test_ex22_scoring_round_one() -> None:
    """EX-22, OP-13.2-OP-13.5: main halls 0 + (4 + 1) + 0, empty halls -4: total +1."""
    s = scen(**all_passed(round=3, ladder=["bach", "handel", "wagner", "mozart", "verdi",
                                           "monteverdi"],
                          episode_composers=["mozart", "verdi", "bach"],
                          red={"houses": {"venezia": ["house", "bach", ""],
                                          "wien": ["mozart", "verdi", "", "handel"],
                                          "berlin": ["", "wagner", ""]}}))
    assert s.score[RED] == 1
    assert s.points[RED][3:6] == [4, 1, -4]


def test_ex23_fame_move_before_scoring() -> None:
    """EX-23, OP-13.1: verdi rises to 6 in the end phase, then Blue scores 6 + 2 = 8."""
    s = scen(**all_passed(round=6, ladder=L0, episode_composers=["mozart", "verdi", "bach"],
                          blue={"houses": {"venezia": ["house", "handel", "mozart"],
                                           "paris": ["verdi", "bach", "wagner", "monteverdi",
                                                     "handel"]}},
                          red={"houses": {"venezia": ["verdi"]}},
                          green={"houses": {"venezia": ["verdi"]}},
                          yellow={"houses": {"venezia": ["verdi"]}}))
    assert ladder(s)[5] == "verdi"
    assert s.score[BLUE] == 8


def test_ex24_palazzo_cleared_after_scoring() -> None:
    """EX-24, OP-13.6: 2 pieces survive the end phase but not the scoring round."""
    s = scen(**all_passed(round=3, palazzo=["bach", "handel"]))
    assert s.round == 4 and s.palazzo == []


def test_ex25_final_tie_break() -> None:
    """EX-25, OP-14.2: Red and Green tie on 74; Green is higher on the budget track."""
    s = scen(**all_passed(players=3, round=9,
                          red={"score": 74, "row": 4, "slot": 2},
                          green={"score": 74, "row": 4, "slot": 1},
                          blue={"score": 70, "row": 2, "slot": 1}))
    assert s.is_over()
    result = s.result()
    assert result.ranks == (2, 3, 1)
    assert "budget track" in result.tiebreak[0]


def ex26(**options: object) -> object:
    return scen(phase="action", options=options,
                red={"row": 10, "slot": 1}, blue={"row": 2, "slot": 1, "houses": {
                    "wien": ["mozart", ""]}}, green={"row": 1, "slot": 1},
                yellow={"row": 0, "slot": 1})


def test_ex26_three_role_limit() -> None:
    """EX-26, OP-7.7, OP-8.2: after its third role Red passes at once and is not offered."""
    s = ex26()
    play(s, RED, "role role=maestro", "destination city=paris")
    play(s, RED, "role role=critico", "destination city=wien", "fame composer=mozart steps=1")
    play(s, RED, "role role=impresario", "done", "done")
    assert s.actor == BLUE and s.step == OFFER
    play(s, BLUE, "decline")
    play(s, GREEN, "decline")
    assert s.passed[RED] and s.row[RED] == 2
    play(s, BLUE, "role role=architetto", "done")
    assert s.actor != RED


def test_ex26_option_pass_after_third_role_false() -> None:
    """EX-26 with pass_after_third_role=false: Red is offered, then must pass on its turn."""
    s = ex26(pass_after_third_role=False)
    play(s, RED, "role role=maestro", "destination city=paris")
    play(s, RED, "role role=critico", "destination city=wien", "fame composer=mozart steps=1")
    play(s, RED, "role role=impresario", "done", "done")
    play(s, BLUE, "decline")
    play(s, GREEN, "decline")
    assert not s.passed[RED]
    play(s, BLUE, "role role=architetto", "done")
    assert (s.step, s.actor) == (OFFER, RED)
    play(s, RED, "decline")
    events = play(s, GREEN, "decline")
    assert next(e.seat for e in events if e.kind == "passed") == RED
    assert any(e.kind == "passed" and e.seat == RED and e.data["forced"] for e in events)


def test_ex27_each_role_once_per_round() -> None:
    """EX-27, OP-7.2, OP-7.9: all six roles taken: Yellow and Red must pass; the phase ends."""
    s = GAME.scenario({"phase": "budget", "roles_taken": {r: 0 for r in (
        "impresario", "architetto", "signora", "maestro", "critico", "esperto")},
        "yellow": {"row": 5, "roles_chosen": 1}, "red": {"row": 3, "slot": 1},
        "blue": {"passed": True}, "green": {"passed": True}})
    from parlor.games.opera.rules import turns
    s.commits = None
    events = turns.next_turn(s)
    passed = [e.seat for e in events if e.kind == "passed"]
    assert passed == [YELLOW, RED]
    assert "income" in kinds(events) and s.step == BID and s.round == 2


def test_ex28_score_floor() -> None:
    """EX-28, OP-13.5: 2 VP - 3 empty halls = 0, not -1; allow_negative_score gives -1."""
    spec = dict(round=3, yellow={"score": 2, "houses": {"venezia": ["house", ""],
                                                        "wien": ["", ""]}})
    s = scen(**all_passed(**spec))
    assert s.score[YELLOW] == 0 and sum(s.points[YELLOW]) == 0
    o = scen(**all_passed(options={"allow_negative_score": True}, **spec))
    assert o.score[YELLOW] == -1


def test_ex29_display_composer_cap() -> None:
    """EX-29, OP-12.4: the 4th verdi is set aside and shuffled back into the draw pile."""
    draws = ["verdi", "verdi", "mozart", "verdi", "verdi", "bach", "handel", "wagner", "wagner",
             "monteverdi"]
    s = scen(display=[], draw_pile=draws)
    before = len(s.draw)
    endround.draw_display(s)
    assert sorted(COMPOSERS[PIECE_COMPOSER[p]] for p in s.display) == sorted(
        ["verdi"] * 3 + ["mozart", "bach", "handel", "wagner", "wagner", "monteverdi"])
    assert len(s.draw) == before - 9
    o = scen(display=[], draw_pile=draws, options={"display_composer_cap": False})
    endround.draw_display(o)
    assert [COMPOSERS[PIECE_COMPOSER[p]] for p in o.display].count("verdi") == 4


def test_ex30_which_part_is_taken_and_paying() -> None:
    """EX-30, OP-9.2.2, OP-9.2.4, OP-9.2.5, OP-4.7. Seats 0/1/2 are the example's Blue/Red/Green:
    seat k owns Venezia house k+1; Wien mains go by lowest free index; wings to one's own house;
    a part that cannot be paid is illegal."""
    s = scen(players=3, phase="action",
             red={"row": 10, "money": 20}, blue={"row": 9, "money": 20},
             green={"row": 8, "money": 3})
    events = play(s, 0, "role role=architetto", "build city=wien part=main", "done")
    assert [e.data["part"] for e in events if e.kind == "built"] == ["wien_main_1"]
    assert (s.money[0], s.score[0]) == (16, 4)
    events = play(s, 1, "follow", "build city=wien part=main", "build city=wien part=wing")
    assert [e.data["part"] for e in events if e.kind == "built"] == ["wien_main_2", "wien_wing_2"]
    play(s, 1, "done")
    play(s, 2, "follow")
    assert "build city=wien part=main" not in moves(s, 2)
    events = play(s, 2, "build city=venezia part=left_wing")
    assert [e.data["part"] for e in events if e.kind == "built"] == ["venezia_left_wing_3"]
    with pytest.raises(IllegalMove, match=r"OP-9\.2\.2"):
        play(s, 2, "build city=venezia part=right_wing")
    play(s, 2, "done")
    assert (s.money[2], s.row[2]) == (1, 7)


def test_ex31_legal_destinations_of_figures() -> None:
    """EX-31, OP-9.0.1, OP-9.0.3, OP-9.5.1, OP-9.6.1."""
    spec = dict(phase="action", round=2, figures={"maestro": "venezia", "critico": "wien"},
                blue={"houses": {"wien": ["mozart", ""]}},
                red={"houses": {"berlin": ["", ""]}})
    s = scen(**spec, yellow={"row": 10})
    assert s.actor == YELLOW
    options = moves(s, YELLOW)
    assert "role role=critico" not in options and "role role=esperto" not in options
    assert "role role=maestro" in options
    play(s, YELLOW, "role role=maestro")
    assert moves(s, YELLOW) == [f"destination city={c}" for c in
                                ("wien", "berlin", "london", "paris", "milano")]
    r = scen(**{**spec, "red": {"row": 10, "houses": {"berlin": ["", ""]}}})
    play(r, RED, "role role=esperto")
    assert moves(r, RED) == ["destination city=berlin"]


def test_ex32_display_refill_when_the_draw_pile_runs_out() -> None:
    """EX-32, OP-12.4: draw pile of 4 mozart, 30 in the discard: 3 mozart accepted, the 4th set
    aside; the discard pile becomes the draw pile; afterwards 30 - 6 + 1 = 25 remain."""
    s = GAME.setup(4, 5)
    mozart = COMPOSERS.index("mozart")
    pieces = [p for p in range(84) if p not in s.episode_pieces]
    mozarts = [p for p in pieces if PIECE_COMPOSER[p] == mozart][:4]
    others = [p for p in pieces if PIECE_COMPOSER[p] != mozart][:30]
    s.display, s.draw, s.discard = [], list(mozarts), list(others)
    endround.draw_display(s)
    assert len(s.display) == 9
    assert [PIECE_COMPOSER[p] for p in s.display[:3]] == [mozart] * 3
    assert len(s.draw) == 25 and s.discard == []
    assert sum(1 for p in s.draw if PIECE_COMPOSER[p] == mozart) == 1
