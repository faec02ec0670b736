"""Rule tests beyond the worked examples: setup, auctions, discs, eras, information, inputs."""

from __future__ import annotations

import json
import random

import pytest
from skyrise_helpers import (
    P1,
    P2,
    P3,
    P4,
    bid_id,
    kinds,
    numbers,
    op,
    pass_all,
    pid_of,
    place_all,
    scen,
    wb,
)

from parlor.core import BadMove, BadOptions, BadScenario, IllegalMove, NotYourTurn, Rng
from parlor.games.skyrise import GAME
from parlor.games.skyrise.const import CHOOSE, OPEN, OVER
from parlor.games.skyrise.data import DATA
from parlor.games.skyrise.moves import KeepWonder, Open, Pass, Raise
from parlor.games.skyrise.rules import eras
from parlor.games.skyrise.scoring import island_winners, panorama_score

KEPT = {"P1": "le_baron", "P2": "the_shard", "P3": "atlantis", "P4": "the_summit"}


def test_setup_is_deterministic() -> None:
    """SK-3, SK-3.12: the same seed gives the same game; other seeds differ."""
    assert GAME.setup(4, 7).fingerprint() == GAME.setup(4, 7).fingerprint()
    assert GAME.setup(4, 7).fingerprint() != GAME.setup(4, 8).fingerprint()


def test_setup_random_parts() -> None:
    """SK-3.1, SK-3.2, SK-3.4, SK-3.5, SK-3.10, SK-3.11: islands, patrons, panoramas, prestige,
    first bidder."""
    firsts, placements = set(), set()
    for seed in range(40):
        st = GAME.setup(3, seed)
        placements.add(st.layout.placement)
        firsts.add(st.first_bidder)
        assert len({i for _, i in st.layout.placement}) == 3
        assert sorted(st.patron_values) == [3, 4, 5, 8]
        assert len(set(st.panoramas)) == 2
        assert st.prestige == [0, 0, 0] and st.phase == OPEN
    assert firsts == {0, 1, 2} and len(placements) > 10


def test_supplies_and_reserve() -> None:
    """SK-3.9, SK-4.2: era 1 offers the 7 undotted buildings; dotted ones and the wonder wait."""
    v = GAME.setup(2, 1).view(None)["players"][0]
    assert v["available"] == [bid_id(P1, n) for n in numbers(P1, 1)]
    assert v["reserve"] == [bid_id(P1, n) for n in numbers(P1, 2)] + ["wonder"]


def test_player_count_limits() -> None:
    """SK-0.1: 2 to 4 players only."""
    for n in (1, 5):
        with pytest.raises(BadOptions):
            GAME.setup(n, 0)


def test_bid_piece_is_not_available_and_disc_does_not_block() -> None:
    """SK-0.3, SK-4.2, SK-5.7: a neighborhood with a disc is empty; a bid piece is unavailable."""
    st = scen(first_bidder="P1", discs={"cen_nw": "patron_a"})
    op(st, P1, 7, "cen_nw")
    assert bid_id(P1, 7) not in st.view(None)["players"][P1]["available"]
    assert st.view(None)["players"][P1]["bids"] == [[bid_id(P1, 7), "cen_nw"]]


def test_opening_with_no_empty_neighbor_wins_at_once() -> None:
    """SK-5.2.5, SK-5.8 (b): an opening bid with no empty neighbor ends the auction."""
    st = scen(first_bidder="P1", structures={"a02": "P2:1", "a05": "P3:3"},
              discs={"a01": "none"})
    ev = op(st, P1, 7, "a01")
    assert "auction_won" in kinds(ev) and st.built[pid_of(P1, 7)]


def test_resolution_order() -> None:
    """SK-5.10, SK-A29: construct, return, disc, effect, finish, next auction."""
    structures = place_all(P1, [n for n in numbers(P1) if n != 119], [
        n.id for n in DATA.board.neighborhoods if n.island == "d"][:11])
    st = scen(era=2, first_bidder="P4", kept={**KEPT, "P1": "the_shard", "P2": "opportunity"},
              structures={**structures, "d12": "P1:119"}, discs={"cen_ne": "patron_b"})
    op(st, P4, 5, "cen_nw")
    ev = wb(st, P1, "cen_ne")
    order = [k for k in kinds(ev) if k in ("auction_won", "disc_collected", "wonder_effect",
                                          "finished", "auction_started")]
    assert order == ["auction_won", "disc_collected", "wonder_effect", "finished",
                     "auction_started"]
    assert st.prestige[P1] == 2  # The Shard counts the patron disc just collected


def test_excess_disc_and_patron_privacy() -> None:
    """SK-6, SK-6.1, SK-6.2, SK-13: a 5th disc goes to the left; patron values are private."""
    st = scen(first_bidder="P1", tracks={"P1": {"green": 4}},
              discs={"cen_ne": "neighborhood_green", "cen_nw": "patron_c"})
    op(st, P1, 7, "cen_ne")
    pass_all(st)
    green = DATA.board.colours.index("green")
    assert st.tracks[P1][green] == 4 and st.excess[P1][green] == 1
    op(st, P1, 16, "cen_nw")
    ev = pass_all(st)
    seen = [e for e in ev if e.kind == "patron_value_seen"]
    assert seen and seen[0].visible_to == (P1,)
    assert st.view(P1)["patron_values"] == {"C": st.patron_values[2]}
    assert st.view(P2)["patron_values"] == {} and st.view(None)["patron_values"] == {}


def test_hidden_wonder_choice() -> None:
    """SK-7, SK-7.2, SK-8, SK-13: commits are hidden until the last one, then revealed together."""
    p2 = place_all(P2, [1, 19, 25, 34, 49, 52], ["d01", "d02", "d03", "d04", "d05", "d06"])
    st = scen(first_bidder="P2", structures=p2, discs={"cen_nw": "none"})
    op(st, P2, 64, "cen_nw")
    pass_all(st)
    assert st.phase == CHOOSE
    hand = st.hands[P1][:]
    ev = st.play(P1, KeepWonder(DATA.wonders[hand[0]].id))
    assert [e.data for e in ev] == [{}]
    assert "yours" in st.view(P1)["choosing"] and "yours" not in st.view(P2)["choosing"]
    assert DATA.wonders[hand[0]].id not in json.dumps(st.view(P2))
    with pytest.raises(NotYourTurn):
        st.play(P1, KeepWonder(DATA.wonders[hand[1]].id))
    with pytest.raises(IllegalMove, match=r"SK-7\.2"):
        st.play(P2, KeepWonder(DATA.wonders[hand[1]].id))
    for seat in (P2, P3, P4):
        ev = st.play(seat, st.legal_moves(seat)[0])
    assert ev[1].kind == "wonders_revealed" and ev[1].reveal
    assert st.view(P2)["players"][P1]["kept_wonder"] == DATA.wonders[hand[0]].id


def test_last_unfinished_player_wins_at_once() -> None:
    """SK-9, SK-9.3, SK-4.3, SK-5.8 (a): with one player left, the opening bid wins."""
    others = {}
    spots = [n.id for n in DATA.board.neighborhoods if n.island in ("a", "b", "c")]
    for s in (P2, P3, P4):
        others.update(place_all(s, [*numbers(s), "W"], spots[:13]))
        spots = spots[13:]
    st = scen(era=2, first_bidder="P1", kept=KEPT, structures=others,
              finished=["P2", "P3", "P4"])
    ev = op(st, P1, 7, "cen_nw")
    assert "auction_won" in kinds(ev) and st.actors() == (P1,)
    assert not any(e.kind == "passed" for e in ev)


def test_first_bidder_option_false() -> None:
    """SK-5.1, SK-A13 option false: after a finish, the lowest kept value always opens."""
    p3 = place_all(P3, [*numbers(P3), "W"], [n.id for n in DATA.board.neighborhoods
                                             if n.island == "d"][:13])
    spec = dict(era=2, first_bidder="P1", kept=KEPT, structures=p3, finished=["P3"],
                discs={"cen_nw": "none"})
    st = scen(**spec)
    op(st, P1, 7, "cen_nw")
    pass_all(st)
    assert st.actors() == (P1,)
    st = scen(**spec, options={"new_first_bidder_only_when_winner_finished": False})
    op(st, P1, 7, "cen_nw")
    pass_all(st)
    assert st.actors() == (P2,)  # The Shard (15) < Le Baron (17) and The Summit (19)


def test_island_without_buildings_and_windmills() -> None:
    """SK-10, SK-10.1, SK-10.3, SK-A25, SK-11: nobody scores an empty island; windmills 2 each."""
    st = scen(structures={"a04": "P1:7", "a08": "P1:16", "b01": "P2:1", "cen_ne": "P2:W"},
              era=2, kept=KEPT)
    assert island_winners(st, st.layout.islands.index("c")) == []
    assert island_winners(st, 0) == []  # a wonder alone does not count
    windmills = next(p for p in DATA.panoramas if p.id == "windmills")
    assert panorama_score(st, P1, windmills) == 4


def test_final_scoring_order_and_reveal() -> None:
    """SK-12, SK-12.1: islands, panoramas, objectives, left area, structures; all revealed."""
    st = scen(era=2, kept=KEPT)
    ev: list = []
    eras.end_game(st, ev)
    order = [k.replace("unscored", "scored") for k in kinds(ev)
             if k in ("island_scored", "island_unscored", "panorama_scored",
                      "patrons_revealed", "objective_scored", "final_scored")]
    firsts = [order.index(k) for k in ("island_scored", "panorama_scored", "patrons_revealed",
                                       "objective_scored", "final_scored")]
    assert firsts == sorted(firsts) and st.phase == OVER
    assert len(st.view(P2)["patron_values"]) == 4
    assert st.view(P2)["players"][P1]["objective"] is not None


def test_views_hide_secrets() -> None:
    """SK-13: objectives, wonder hands and patron values stay with their owner."""
    st = GAME.setup(4, 3)
    v2 = json.dumps(st.view(P2))
    assert st.view(P1)["you"]["objective"] == DATA.objectives[st.objectives[P1]].id
    assert st.view(P2)["players"][P1]["objective"] is None
    assert st.view(P1)["you"]["wonder_hand"] == [DATA.wonders[k].id
                                                 for k in sorted(st.hands[P1])]
    for k in st.hands[P1]:
        if k not in st.hands[P2]:
            assert DATA.wonders[k].id not in v2
    assert "you" not in st.view(None)


def test_redetermine_keeps_the_view() -> None:
    """SK-13: a redetermined copy shows the seat exactly what it saw."""
    st = GAME.setup(3, 9)
    other = st.redetermine(P2, Rng(5))
    assert other.view(P2) == st.view(P2)
    assert other.legal_moves(st.actors()[0]) == st.legal_moves(st.actors()[0])


def test_decision_kinds() -> None:
    """SK-14: open at the start; raise / pass when asked."""
    st = scen(first_bidder="P1")
    assert {m.kind for m in st.legal_moves(P1)} == {"open"}
    op(st, P1, 7, "cen_nw")
    assert {m.kind for m in st.legal_moves(P2)} == {"raise", "pass"}


def test_bad_inputs_change_nothing() -> None:
    """SK-5.4, SK-5.2: illegal moves name the rule and leave the state unchanged."""
    st = scen(first_bidder="P1")
    before = st.fingerprint()
    for move, rule in ((Open("s1_999", "cen_nw"), "SK-3.1"), (Open("s1_007", "zz"), "SK-2.1"),
                       (Open(bid_id(P1, 72), "cen_nw"), "SK-4.2"), (Pass(), "SK-5.2.1"),
                       (Raise(bid_id(P1, 7), "cen_nw"), "SK-5.4")):
        with pytest.raises(IllegalMove, match=rule):
            st.play(P1, move)
    with pytest.raises(NotYourTurn):
        st.play(P2, Open(bid_id(P2, 1), "cen_nw"))
    assert st.fingerprint() == before
    with pytest.raises(BadMove):
        GAME.parse("open piece=s1_007")
    assert GAME.parse("open piece=s1_007 at=cen_nw") == Open("s1_007", "cen_nw")


@pytest.mark.parametrize("spec", [
    {"structures": {"cen_nw": "P1:72"}},
    {"structures": {"cen_nw": "P1:7", "cen_ne": "P1:7"}},
    {"structures": {"zz": "P1:7"}},
    {"kept": {"P1": "atlantis"}},
    {"era": 2, "kept": {"P1": "atlantis", "P2": "atlantis"}},
    {"layout": "nowhere"},
    {"first_bidder": "P9"},
    {"unknown_key": 1},
    {"patron_values": {"A": 1}},
    {"structures": place_all(P1, numbers(P1, 1), ["a01", "a02", "a03", "a04", "a05", "a06",
                                                  "a07"])},
])
def test_bad_scenarios_are_refused(spec: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(BadScenario):
        scen(**spec)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_consistent_results(players: int) -> None:
    """SK-4, SK-4.1, SK-5, SK-9.3, SK-12.2: the game is a sequence of auctions; random games end;
    each auction builds exactly one piece; the finishing order is strict."""
    for seed in range(4):
        st = GAME.setup(players, seed)
        rng = random.Random(seed)
        auctions = 0
        while not st.is_over():
            seat = rng.choice(st.actors())
            built = sum(st.built)
            ev = st.play(seat, rng.choice(st.legal_moves(seat)))
            won = kinds(ev).count("auction_won")
            auctions += won
            assert sum(st.built) == built + won
        assert sorted(st.finish_order) == list(range(players))
        assert auctions == 13 * players and all(st.built)
        res = st.result()
        assert sorted(res.ranks) == list(range(1, players + 1))
        assert GAME.statistics(st)["auctions"] == auctions


def test_the_log_begins_with_the_first_auction() -> None:
    """SK-5.1: the setup opens auction 1, so the log's first line names its opener, as each later
    auction's does (before, it began with the opener's bid and said "Auction 2" first)."""
    state = GAME.setup(3, 8)
    [opening] = GAME.opening_events(state)
    assert (opening.kind, opening.seat, opening.data["auction"], opening.data["era"]) == (
        "auction_started", state.opener, 1, 1)
    said = GAME.catalogs()["en"].event(opening, ["Ann", "Bea", "Cy"])
    assert said == f"Auction 1 (era 1): {['Ann', 'Bea', 'Cy'][state.opener]} opens"
