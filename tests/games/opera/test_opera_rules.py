"""Rule tests beyond the worked examples, each citing its rule IDs, and one test per option."""

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

from parlor.core import BadScenario, IllegalMove, NotYourTurn
from parlor.games.opera import GAME
from parlor.games.opera.board import COMPOSERS, PIECE_COMPOSER
from parlor.games.opera.rules import endround
from parlor.games.opera.steps import BID, BUY, OFFER, OVER, REARRANGE, TURN


# -- setup (OP-4) ---------------------------------------------------------------------------
def test_setup_board() -> None:
    """OP-4.1, OP-4.2, OP-4.3, OP-4.11, OP-2.4, OP-3.12: round 1, empty palazzo, roles on the
    board, figures on the start space, the first in the random seating order starts, scores 0."""
    s = GAME.setup(4, 11)
    assert s.round == 1 and s.palazzo == [] and s.role_by == [-1] * 6
    assert s.figures == [-1, -1, -1] and s.score == [0] * 4 and s.passed == [False] * 4
    assert s.order() == list(s.seating) and sorted(s.seating) == [0, 1, 2, 3]
    assert s.view(None)["figures"] == {"maestro": "start", "critico": "start", "esperto": "start"}


def test_setup_ladder_and_episode_composers() -> None:
    """OP-4.5, OP-4.6, OP-2.3, OP-3.10, OP-18.1: the ladder is a random permutation; three
    episode composers are different; they stay out of play."""
    ladders = set()
    for seed in range(12):
        s = GAME.setup(3, seed)
        assert sorted(s.fame) == [1, 2, 3, 4, 5, 6]
        ladders.add(tuple(ladder(s)))
        comps = [PIECE_COMPOSER[p] for p in s.episode_pieces]
        assert len(set(comps)) == 3
        assert not set(s.episode_pieces) & set(s.draw + s.display)
    assert len(ladders) > 6


def test_setup_parts_by_player_count() -> None:
    """OP-4.4, OP-2.8, OP-2.6, OP-4.7: parts above the player count are removed; seat k owns
    Venezia house k+1 (k-th in seating order, from 0) with its house-composer piece in hall 1."""
    for players in (2, 3, 4):
        s = GAME.setup(players, 1)
        for k, seat in enumerate(s.seating):
            assert halls(s, seat, "venezia") == ["house"]
            assert s.house[seat][0] == k + 1
        start = s.seating[0]
        assert s.view(None)["players"][start]["houses"]["venezia"]["house"] == 1
    from parlor.games.opera.rules.architetto import free_main
    s2 = GAME.setup(2, 1)
    assert free_main(s2, 1) is not None and free_main(s2, 1).id == "wien_main_1"  # type: ignore[union-attr]


# -- budget (OP-6) --------------------------------------------------------------------------
def test_bids_are_simultaneous_and_hidden() -> None:
    """OP-6.1, OP-15.1, OP-5.1: everyone bids at once; a bid is hidden until all are in."""
    s = GAME.setup(3, 2)
    assert s.actors() == (0, 1, 2) and s.step == BID
    events = play(s, 1, "bid amount=3")
    assert events[0].visible_to is None and events[0].data == {}
    assert s.view(0)["bidding"] == {"deciding": [0, 1, 2], "committed": [1]}
    assert s.view(1)["bidding"]["yours"] == {"kind": "bid", "amount": 3}
    with pytest.raises(NotYourTurn):
        play(s, 1, "bid amount=2")
    play(s, 0, "bid amount=0")
    play(s, 2, "bid amount=1")
    assert s.view(0)["bids"] == [0, 3, 1] and s.step == TURN


def test_zero_bid_keeps_slot_and_new_order_governs() -> None:
    """OP-6.4, OP-6.5, OP-3.6, OP-3.7: a 0 bid does not move; the new order gives the turn."""
    s = scen(players=3, red={"row": 2, "slot": 1}, blue={"row": 2, "slot": 2},
             green={"row": 0, "slot": 1})
    play(s, RED, "bid amount=0")
    play(s, BLUE, "bid amount=1")
    play(s, GREEN, "bid amount=2")
    assert [pos(s, p) for p in range(3)] == ["2/1", "3/1", "2/2"]
    assert s.order() == [BLUE, RED, GREEN] and s.actor == BLUE


def test_option_budget_slot_mode_append() -> None:
    """OP-6.4, A-09, option budget_slot_mode: leftmost free slot vs behind the row."""
    spec = dict(players=3, red={"row": 5, "slot": 2}, blue={"row": 3, "slot": 1},
                green={"row": 0, "slot": 1})
    for mode, expected in (("leftmost_free", "5/1"), ("append", "5/3")):
        s = scen(options={"budget_slot_mode": mode}, **spec)
        play(s, RED, "bid amount=0")
        play(s, BLUE, "bid amount=2")
        play(s, GREEN, "bid amount=0")
        assert pos(s, BLUE) == expected


def test_option_min_bid() -> None:
    """OP-6.2, OP-2.1, OP-2.2, option min_bid: bids start at min_bid; a player in row 10 (the top
    of the budget table) bids 0."""
    s = scen(options={"min_bid": 1}, red={"row": 10}, blue={"row": 0, "money": 3})
    assert moves(s, RED) == ["bid amount=0"]
    assert moves(s, BLUE) == ["bid amount=1", "bid amount=2", "bid amount=3"]


# -- action phase (OP-7) --------------------------------------------------------------------
def test_role_costs_and_budget() -> None:
    """OP-7.2, OP-7.3, OP-7.4, OP-3.8: a role needs the budget; the tile is taken for the round."""
    s = scen(phase="action", red={"row": 3}, blue={"row": 1, "slot": 1})
    assert moves(s, RED)[:3] == ["role role=impresario", "role role=architetto", "role role=maestro"]
    with pytest.raises(IllegalMove, match=r"OP-7\.2: esperto costs 4 budget"):
        play(s, RED, "role role=esperto")
    play(s, RED, "role role=impresario")
    assert s.view(None)["roles"]["impresario"] == RED and s.row[RED] == 0


def test_voluntary_pass_and_end_of_phase() -> None:
    """OP-7.8, OP-7.9, OP-7.1: a pass is final for the round; when all passed income follows."""
    s = scen(players=2, phase="action", red={"row": 5}, blue={"row": 4, "slot": 1})
    play(s, RED, "pass")
    assert s.passed[RED] and s.actor == BLUE
    events = play(s, BLUE, "pass")
    assert kinds(events)[:2] == ["passed", "income"] and s.round == 2 and s.step == BID


def test_roles_return_each_round() -> None:
    """OP-12.5, OP-9.0.4: roles go back to the board; figures stay where they are."""
    s = scen(players=2, phase="action", red={"row": 5}, blue={"row": 0, "slot": 1})
    play(s, RED, "role role=maestro", "destination city=wien", "pass")
    assert s.round == 2 and s.role_by == [-1] * 6 and s.figures[0] == 2 - 1  # wien


def test_characters_are_never_followed() -> None:
    """OP-8.1, OP-3.9: after a character nobody is offered."""
    s = scen(phase="action", red={"row": 10}, blue={"row": 9})
    play(s, RED, "role role=maestro", "destination city=paris")
    assert s.step == TURN and s.actor == BLUE


def test_follow_is_not_a_role() -> None:
    """OP-8.6, OP-8.5, OP-8.7: following does not count toward the limit nor pass the follower;
    each follower finishes before the next is asked."""
    s = scen(phase="action", red={"row": 10, "money": 20}, blue={"row": 9, "money": 20})
    play(s, RED, "role role=architetto", "done")
    play(s, BLUE, "follow", "build city=wien part=main")
    assert s.actor == BLUE and s.step != OFFER
    play(s, BLUE, "done")
    assert s.roles_used[BLUE] == 0 and not s.passed[BLUE]


def test_option_passed_players_may_follow() -> None:
    """OP-8.2, option passed_players_may_follow: the passed Red is asked (EX-06 position)."""
    from test_opera_examples import ex06
    s = ex06(passed_players_may_follow=True)
    play(s, GREEN, "role role=impresario", "done", "done")
    offered = []
    while s.step == OFFER:
        offered.append(s.actor)
        play(s, s.actor, "decline")
    assert offered == [BLUE, YELLOW, RED]


def test_follower_needs_budget() -> None:
    """OP-8.4: a player with budget 0 is not offered."""
    s = scen(phase="action", red={"row": 10}, blue={"row": 0, "slot": 1},
             green={"row": 0, "slot": 2}, yellow={"row": 1})
    play(s, RED, "role role=impresario", "done", "done")
    assert (s.step, s.actor) == (OFFER, YELLOW)


# -- Impresario and programme (OP-9.1, OP-10) ------------------------------------------------
def test_impresario_prices_and_limit() -> None:
    """OP-9.1.1-OP-9.1.4, OP-3.2: price = fame value, at most 2 pieces, then rearrange."""
    s = scen(phase="action", ladder=L0, display=["monteverdi", "bach", "handel", "mozart"],
             red={"row": 10, "money": 7})
    play(s, RED, "role role=impresario")
    assert moves(s, RED) == ["buy composer=bach", "buy composer=handel", "buy composer=mozart",
                             "buy composer=monteverdi", "done"]
    play(s, RED, "buy composer=monteverdi")
    assert s.money[RED] == 1 and moves(s, RED) == ["buy composer=bach", "done"]
    play(s, RED, "buy composer=bach")
    assert moves(s, RED) == ["done"] and supply(s, RED) == ["bach", "monteverdi"]
    play(s, RED, "done")
    assert s.step == REARRANGE


def test_option_impresario_follow_rearrange_only() -> None:
    """OP-9.1.5, option impresario_follow_rearrange_only=false: a follower must buy."""
    from test_opera_examples import ex06
    s = ex06(impresario_follow_rearrange_only=False)
    play(s, GREEN, "role role=impresario", "done", "done")
    play(s, BLUE, "follow")
    assert "done" not in moves(s, BLUE)
    play(s, BLUE, "buy composer=bach")
    assert "done" in moves(s, BLUE)
    play(s, BLUE, "done", "done")
    poor = ex06(impresario_follow_rearrange_only=False)
    poor.money[YELLOW] = 0
    play(poor, GREEN, "role role=impresario", "done", "done")
    play(poor, BLUE, "decline")
    assert moves(poor, YELLOW) == ["decline"]


def test_rearrange_rules() -> None:
    """OP-10.1, OP-10.3, OP-10.4, OP-10.6, OP-3.3, OP-3.4, OP-3.5: one piece per hall, pieces
    move freely between halls and supply during one's own Impresario; each piece is placed once."""
    s = scen(phase="action", red={"row": 10, "supply": ["bach"], "houses": {
        "venezia": ["house", "verdi", ""], "wien": ["mozart", ""]}})
    play(s, RED, "role role=impresario", "done")
    options = moves(s, RED)
    assert "place piece=bach city=venezia hall=2" not in options       # hall 2 is taken
    assert "place piece=bach city=venezia hall=3" in options
    play(s, RED, "place piece=bach city=wien hall=2")
    assert "store city=wien hall=2" not in moves(s, RED)               # placed: locked
    play(s, RED, "store city=venezia hall=1", "place piece=house city=venezia hall=3",
         "store city=venezia hall=2", "place piece=verdi city=venezia hall=1", "done")
    assert halls(s, RED, "venezia") == ["verdi", None, "house"]
    assert halls(s, RED, "wien") == ["mozart", "bach"]
    assert s.view(None)["players"][0]["houses"]["venezia"]["halls"][0] == [1, "verdi"]


def test_option_house_composer_movable() -> None:
    """OP-10.5, option house_composer_movable=false: the house piece stays put."""
    s = scen(phase="action", options={"house_composer_movable": False}, red={"row": 10})
    play(s, RED, "role role=impresario", "done")
    assert moves(s, RED) == ["done"]


def test_option_rearrange_only_with_impresario() -> None:
    """OP-9.2.7, OP-10.3, option rearrange_only_with_impresario=false: building is followed by
    a free rearrangement."""
    for flag, step in ((True, OFFER), (False, REARRANGE)):
        s = scen(phase="action", options={"rearrange_only_with_impresario": flag},
                 red={"row": 10, "money": 10, "supply": ["bach"]}, blue={"row": 5})
        play(s, RED, "role role=architetto", "build city=wien part=main", "done")
        assert s.step == step


# -- Architetto (OP-9.2) --------------------------------------------------------------------
def test_architetto_chooser_may_build_nothing_follower_must_build() -> None:
    """OP-9.2.1, OP-9.2.6, OP-9.2.8, OP-7.6, A-29."""
    s = scen(phase="action", red={"row": 10, "money": 0}, blue={"row": 9, "money": 0},
             green={"row": 8, "money": 4})
    play(s, RED, "role role=architetto")
    assert moves(s, RED) == ["done"]
    play(s, RED, "done")
    assert moves(s, BLUE) == ["decline"]
    play(s, BLUE, "decline", )
    play(s, GREEN, "follow")
    assert "done" not in moves(s, GREEN)
    play(s, GREEN, "build city=wien part=main")
    assert moves(s, GREEN) == ["done"]


def test_cities_open_by_round() -> None:
    """OP-3.11, OP-9.2.3, OP-16.2 (short_game_7_rounds): Milano opens in round 7, or 6."""
    for options, rnd, open_ in (({}, 6, False), ({}, 7, True),
                                ({"short_game_7_rounds": True}, 6, True)):
        s = scen(phase="action", round=rnd, options=options, red={"row": 10, "money": 30})
        play(s, RED, "role role=architetto")
        assert ("build city=milano part=main" in moves(s, RED)) is open_


# -- Signora (OP-9.3) -----------------------------------------------------------------------
def test_signora_needs_a_piece_and_sells_from_a_hall() -> None:
    """OP-9.3.1, OP-9.3.2, OP-9.3.3, OP-9.3.5, OP-3.2: house-composer pieces cannot be sold; a
    hall sale leaves the hall empty."""
    s = scen(phase="action", red={"row": 10})
    assert "role role=signora" not in moves(s, RED)
    t = scen(phase="action", ladder=L0, red={"row": 10, "houses": {"wien": ["wagner", ""]}})
    play(t, RED, "role role=signora")
    assert moves(t, RED) == ["sell composer=wagner source=wien hall=1 reward=ducats",
                             "sell composer=wagner source=wien hall=1 reward=vp"]
    play(t, RED, "sell composer=wagner source=wien hall=1 reward=vp")
    assert halls(t, RED, "wien") == [None, None] and t.score[RED] == 4


def test_option_palazzo_unique_composers() -> None:
    """OP-9.3.2, option palazzo_unique_composers: a composer already there cannot be sold."""
    spec = dict(phase="action", palazzo=["verdi"], red={"row": 10, "supply": ["verdi", "bach"]})
    s = scen(**spec)
    play(s, RED, "role role=signora")
    assert len(moves(s, RED)) == 4
    o = scen(options={"palazzo_unique_composers": True}, **spec)
    play(o, RED, "role role=signora")
    assert all("bach" in m for m in moves(o, RED))


# -- characters (OP-9.0, OP-9.4-9.6) ---------------------------------------------------------
def test_figure_capacity_and_start_space() -> None:
    """OP-9.0.1-OP-9.0.3, option enforce_figure_capacity: Venezia holds one figure."""
    spec = dict(phase="action", figures={"critico": "venezia"}, red={"row": 10})
    s = scen(**spec)
    play(s, RED, "role role=maestro")
    assert "destination city=venezia" not in moves(s, RED)
    o = scen(options={"enforce_figure_capacity": False}, **spec)
    play(o, RED, "role role=maestro")
    assert "destination city=venezia" in moves(o, RED) and len(moves(o, RED)) == 6


def test_maestro_doubles_all_houses_in_its_city() -> None:
    """OP-9.4.1, OP-9.4.2, OP-11.2: the figure moves; every house there earns double."""
    s = scen(**all_passed(figures={"maestro": "venezia"}, red={"money": 0}, blue={"money": 0}))
    assert s.money[RED] == 2 and s.money[BLUE] == 2


def test_option_critico_requires_performed_piece() -> None:
    """OP-9.5.1, OP-9.5.4, option critico_requires_performed_piece=false: any city, any composer."""
    s = scen(phase="action", red={"row": 10})
    assert "role role=critico" not in moves(s, RED)
    o = scen(phase="action", options={"critico_requires_performed_piece": False}, ladder=L0,
             red={"row": 10})
    play(o, RED, "role role=critico", "destination city=milano")
    assert len(moves(o, RED)) == 2 * 2 + 4 * 3 + 2 * 2 - 4 or len(moves(o, RED)) == 18
    play(o, RED, "fame composer=bach steps=2")
    assert ladder(o)[2] == "bach"


def test_option_esperto_requires_own_house() -> None:
    """OP-9.6.1, option esperto_requires_own_house=false: any free city; nothing to score."""
    s = scen(phase="action", options={"esperto_requires_own_house": False}, red={"row": 10})
    play(s, RED, "role role=esperto")
    assert len(moves(s, RED)) == 6
    play(s, RED, "destination city=milano")
    assert s.score[RED] == 0 and s.step == TURN


def test_esperto_unique_best_piece_and_passed_players() -> None:
    """OP-9.6.5, OP-9.6.6, option esperto_passed_players_may_score: a passed owner is asked
    unless the option is off."""
    spec = dict(phase="action", ladder=L0,
                red={"row": 10, "score": 9, "houses": {"wien": ["verdi", "bach"]}},
                blue={"passed": True, "houses": {"wien": ["mozart", "handel", "", ""]}})
    s = scen(**spec)
    play(s, RED, "role role=esperto", "destination city=wien")
    assert s.actor == BLUE and moves(s, BLUE) == ["score", "decline"]
    o = scen(options={"esperto_passed_players_may_score": False}, **spec)
    play(o, RED, "role role=esperto", "destination city=wien")
    assert o.step == TURN


# -- income, end phase, scoring (OP-11 - OP-14) ---------------------------------------------
def test_income_table() -> None:
    """OP-11.1, OP-11.3: 0/1/3/5/8/11/15 per house by pieces performed."""
    s = scen(**all_passed(round=7, red={"money": 0, "houses": {
        "milano": ["bach", "handel", "mozart", "verdi", "wagner", "monteverdi"],
        "venezia": ["house", "bach", "handel"]}}))
    assert s.money[RED] == 15 + 5


def test_fame_options() -> None:
    """OP-12.2, options fame_tie_rule and fame_count_includes_palazzo."""
    spec = dict(ladder=L0, red={"houses": {"venezia": ["mozart", "verdi", "house"]}})
    assert ladder(scen(**all_passed(**spec))) == L0
    lowest = scen(**all_passed(options={"fame_tie_rule": "lowest_tied_moves"}, **spec))
    assert ladder(lowest) == ["bach", "handel", "wagner", "mozart", "verdi", "monteverdi"]
    palazzo = scen(**all_passed(options={"fame_count_includes_palazzo": True},
                                palazzo=["verdi"], **spec))
    assert ladder(palazzo) == ["bach", "handel", "mozart", "wagner", "monteverdi", "verdi"]


def test_end_phase_order_and_display_refresh() -> None:
    """OP-12.1, OP-12.3, OP-12.8, OP-13.1: display replaced before scoring; scoring only after
    rounds 3, 6, 9."""
    s = scen(**all_passed(round=2, display=["bach"] * 3))
    assert s.round == 3 and len(s.display) == 9 and "scoring_round" not in kinds([])
    t = scen(**all_passed(round=3))
    assert t.round == 4


def test_scoring_rounds_and_game_end() -> None:
    """OP-5.2, OP-13.2, OP-13.3, OP-13.4, OP-14.1: hall-1 value + episode bonus 3 in episode 3;
    the game ends after round 9's scoring."""
    s = scen(**all_passed(round=9, ladder=L0, episode_composers=["bach", "mozart", "monteverdi"],
                          red={"houses": {"venezia": ["monteverdi"]}}))
    assert s.step == OVER and s.is_over() and s.actors() == ()
    assert s.score[RED] == 6 + 3
    assert s.result().breakdown[RED]["episode_bonus"] == 3.0


def test_short_game_7_rounds() -> None:
    """OP-16.2, option short_game_7_rounds: scoring after rounds 3, 5, 7; game ends after 7."""
    s = scen(**all_passed(round=5, options={"short_game_7_rounds": True}, ladder=L0,
                          episode_composers=["bach", "monteverdi", "verdi"],
                          red={"houses": {"venezia": ["monteverdi"]}}))
    assert s.score[RED] == 6 + 2
    t = scen(**all_passed(round=7, options={"short_game_7_rounds": True}))
    assert t.is_over()


# -- views and errors (OP-15, OP-17) --------------------------------------------------------
def test_views_hide_money_supply_and_options_show_them() -> None:
    """OP-15.1, OP-2.9, options hidden_money and hidden_supply."""
    s = scen(red={"money": 17, "supply": ["bach"]})
    red = s.view(None)["players"][RED]
    assert "money" not in red and "supply" not in red
    assert s.view(RED)["players"][RED]["money"] == 17
    assert s.view(RED)["players"][RED]["supply"] == ["bach"]
    assert "money" not in s.view(BLUE)["players"][RED]
    o = scen(options={"hidden_money": False, "hidden_supply": False},
             red={"money": 17, "supply": ["bach"]})
    assert o.view(BLUE)["players"][RED]["money"] == 17
    assert o.view(None)["players"][RED]["supply"] == ["bach"]


def test_illegal_moves_cite_rules_and_change_nothing() -> None:
    """OP-17, OP-7.2: refused moves name the rule and leave the state unchanged."""
    s = scen(phase="action", red={"row": 10})
    before = s.fingerprint()
    for text, rule in (("role role=signora", "OP-9.3.1"), ("buy composer=bach", "OP-9.1.2"),
                       ("fame composer=bach steps=3", "OP-9.5.2"), ("done", "OP-17"),
                       ("decline", "OP-8.5"), ("score", "OP-9.6.6")):
        with pytest.raises(IllegalMove, match=rule):
            play(s, RED, text)
    with pytest.raises(NotYourTurn):
        play(s, BLUE, "pass")
    assert s.fingerprint() == before


def test_a_refused_character_cites_its_own_condition() -> None:
    """OP-9.5.1, OP-9.6.1: a character nobody may choose is refused by the rule that states its
    destination's condition (a performed composer piece; the chooser's own house), so "Why not?" shows
    that rule's sentence, not only the general figure move of OP-9.0.1."""
    s = scen(phase="action", red={"row": 10})  # round 1: no composer piece is performed anywhere
    with pytest.raises(IllegalMove, match=r"^OP-9\.5\.1:"):
        play(s, RED, "role role=critico")
    # blue's only house is in Venezia, whose one figure field the Maestro's figure fills
    e = scen(phase="action", figures={"maestro": "venezia"}, red={"row": 0}, blue={"row": 10})
    with pytest.raises(IllegalMove, match=r"^OP-9\.6\.1:"):
        play(e, BLUE, "role role=esperto")


def test_a_refused_purchase_cites_the_condition_it_fails() -> None:
    """OP-9.1.2, OP-9.1.3, OP-7.1: a composer with no piece in the display is refused by OP-9.1.2 (buy
    from the display), one that costs more ducats than the buyer has by OP-9.1.3 (the price), and a
    pass outside the action phase by OP-7.1, so each refusal shows the sentence of the rule it fails."""
    s = scen(phase="action", ladder=L0, display=["wagner"], red={"row": 10, "money": 3})
    play(s, RED, "role role=impresario")
    with pytest.raises(IllegalMove, match=r"^OP-9\.1\.2:"):
        play(s, RED, "buy composer=bach")  # no Bach piece in the display
    with pytest.raises(IllegalMove, match=r"^OP-9\.1\.3:"):
        play(s, RED, "buy composer=wagner")  # Wagner is on place 4 of L0: 4 ducats, red has 3
    with pytest.raises(IllegalMove, match=r"^OP-7\.1:"):
        play(scen(), RED, "pass")  # the budget phase: bid, do not pass


def test_scenario_errors() -> None:
    """Scenario input errors name the problem."""
    with pytest.raises(BadScenario, match="unknown key"):
        scen(colour="red")
    with pytest.raises(BadScenario, match="more than 14 bach"):
        scen(display=["bach"] * 15)
    with pytest.raises(BadScenario, match="share budget position"):
        scen(red={"row": 0, "slot": 2})
    with pytest.raises(BadScenario, match="no opera house is left in milano"):
        scen(players=2, red={"houses": {"milano": ["", "", ""]}},
             blue={"houses": {"milano": ["", "", ""]}})


def test_invariants_over_random_games() -> None:
    """OP-18.1-OP-18.9: checked after every move of seeded random games."""
    from test_opera_properties import check_invariants

    from parlor.core import Rng
    for players in (2, 3, 4):
        s = GAME.setup(players, 40 + players)
        rng = Rng(players)
        while s.actors():
            seat = rng.choice(s.actors())
            s.play(seat, rng.choice(s.legal_moves(seat)))
            check_invariants(s)


def test_buy_step_constant() -> None:
    """OP-17 D3: the Impresario's buying is its own decision step."""
    s = scen(phase="action", red={"row": 10})
    play(s, RED, "role role=impresario")
    assert s.step == BUY and s.view(None)["decision"]["step"] == "buy"
    assert COMPOSERS and endround.last_round(s) == 9


def test_scenario_doc_example_and_keys() -> None:
    """docs/scenarios/opera.md: the documented example loads; `seats` and `rest` work."""
    import tomllib
    from pathlib import Path
    doc = Path(__file__).resolve().parents[3] / "docs" / "scenarios" / "opera.md"
    text = doc.read_text(encoding="utf-8")
    example = text.split("```toml\n", 1)[1].split("```", 1)[0]
    s = GAME.scenario(tomllib.loads(example))
    assert s.actor == RED and halls(s, RED, "paris")[:3] == ["verdi", "mozart", "bach"]
    t = scen(players=2, seats=[{"money": 3}, {"money": 4}], draw_pile=["bach"], rest="discard")
    assert t.money == [3, 4] and len(t.draw) == 1 and len(t.discard) > 60
