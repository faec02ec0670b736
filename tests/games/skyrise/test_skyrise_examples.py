"""Every worked example of EXAMPLES.md (SK-E1 .. SK-E31) as a test."""

from __future__ import annotations

from collections import Counter

import pytest
from skyrise_helpers import (
    NB,
    P1,
    P2,
    P3,
    P4,
    bid_id,
    by_colour,
    kinds,
    legal,
    numbers,
    op,
    pass_all,
    pid_of,
    place_all,
    ps,
    reason,
    rz,
    scen,
    wb,
)

from parlor.games.skyrise import GAME
from parlor.games.skyrise.const import BID, CHOOSE, HAMMER, OPEN, OVER, WILD
from parlor.games.skyrise.data import DATA
from parlor.games.skyrise.moves import AssignWild, Decline, HammerAnswer, KeepWonder, Open, Raise, WonderBid
from parlor.games.skyrise.rules import eras, resolve
from parlor.games.skyrise.scoring import island_winners, objective_count, panorama_score, structure_points

PANO = {p.id: p for p in DATA.panoramas}
NO_HAMMER = {"P1": "le_baron", "P2": "opportunity", "P3": "atlantis", "P4": "the_summit"}


def _bag(st):  # type: ignore[no-untyped-def]
    return Counter(DATA.disc_types[st.discs[nb]].id for nb in st.layout.nbs)


def test_e1a_setup_three_players() -> None:
    """SK-E1 (a), SK-3.3, SK-3.6, SK-3.7, SK-3.8, SK-2.8: 3-player setup counts."""
    st = GAME.setup(3, 11)
    bag = _bag(st)
    assert sum(bag.values()) == 46 == len(st.layout.nbs)
    assert all(bag[f"neighborhood_{c}"] == 7 for c in DATA.board.colours)
    assert all(bag[f"patron_{x}"] == 4 for x in "abcd")
    assert bag["wild"] == 1 and bag["commission"] == 1
    assert [len(h) for h in st.hands] == [3, 3, 3]
    assert len({k for h in st.hands for k in h}) == 9
    assert len(set(st.objectives)) == 3
    assert resolve.key_for_rank(st, 2) == "small_key"
    assert len(st.layout.bridges) == 9


def test_e1b_setup_two_players() -> None:
    """SK-E1 (b), SK-2.4: 2 players: 32 discs, 5 wonder cards each, no Small Key, and the
    south and west central bridges do not exist on reference_2p."""
    st = GAME.setup(2, 5)
    bag = _bag(st)
    assert sum(bag.values()) == 32 == len(st.layout.nbs)
    assert all(bag[f"neighborhood_{c}"] == 5 for c in DATA.board.colours)
    assert all(bag[f"patron_{x}"] == 2 for x in "abcd")
    assert bag["wild"] == 2 and bag["commission"] == 2
    assert [len(h) for h in st.hands] == [5, 5]
    assert resolve.key_for_rank(st, 2) == ""
    ref = scen(players=2)
    adj = {DATA.board.neighborhoods[x].id for x in ref.layout.adj[NB["cen_se"]]}
    assert adj == {"cen_ne", "cen_sw"}


def test_e2_first_opening_bid_must_be_central() -> None:
    """SK-E2, SK-5.2.1: with no structure, only the central island can be opened on."""
    st = scen(first_bidder="P1")
    assert st.phase == OPEN and st.actors() == (P1,)
    bad = Open(bid_id(P1, 24), "a12")
    assert not legal(st, P1, bad)
    assert reason(st, P1, bad).startswith("SK-5.2.1")
    assert legal(st, P1, Open(bid_id(P1, 24), "cen_nw"))


def test_e3_raise_locations_and_numbers() -> None:
    """SK-E3, SK-2.3, SK-2.6, SK-5.4: blimp corners are not adjacency; raises exceed 24."""
    st = scen(first_bidder="P1")
    op(st, P1, 24, "cen_nw")
    assert st.phase == BID and st.actors() == (P2,)
    moves = st.legal_moves(P2)
    raises = [m for m in moves if isinstance(m, Raise)]
    assert {m.at for m in raises} == {"cen_ne", "cen_sw", "a12"}
    assert {int(m.building[-3:]) for m in raises} == {25, 34, 49, 52, 64}
    assert len(raises) == 15 and moves[-1].kind == "pass" and len(moves) == 16
    assert reason(st, P2, Raise(bid_id(P2, 19), "cen_ne")).startswith("SK-5.4")


def test_e4_raise_must_touch_most_recent_bid() -> None:
    """SK-E4, SK-5.4: the raise goes next to the most recent bid, not an earlier one."""
    st = scen(first_bidder="P1")
    op(st, P1, 24, "cen_nw")
    rz(st, P2, 25, "a12")
    assert st.actors() == (P3,)
    bad = Raise(bid_id(P3, 28), "cen_ne")
    assert reason(st, P3, bad).startswith("SK-5.4")
    assert {m.at for m in st.legal_moves(P3) if isinstance(m, Raise)} == {"a09", "a11", "a13"}


def test_e5_all_others_passed() -> None:
    """SK-E5, SK-5.8 (a), SK-5.10, SK-6.1: end, return of bids, disc on the track."""
    st = scen(players=3, first_bidder="P1", discs={"cen_se": "neighborhood_white"})
    op(st, P1, 16, "cen_ne")
    ps(st, P2)
    rz(st, P3, 28, "cen_se")
    ev = ps(st, P1)
    assert "auction_won" in kinds(ev)
    assert st.built[pid_of(P3, 28)] and st.occupant[NB["cen_se"]] == pid_of(P3, 28)
    assert st.piece_neighborhood[pid_of(P1, 16)] == -1 and st.occupant[NB["cen_ne"]] == -1
    white = DATA.board.colours.index("white")
    assert st.tracks[P3][white] == 1 and st.data.track_values[1] == 3
    assert st.phase == OPEN and st.actors() == (P3,)


def test_e6_no_empty_neighbor_ends_at_once() -> None:
    """SK-E6, SK-5.8 (b): a01's neighbors are full, so P2 wins although P3, P4 never acted."""
    st = scen(first_bidder="P1", structures={"a02": "P4:46", "a08": "P1:16"},
              discs={"a01": "none"})
    op(st, P1, 7, "a05")
    ev = rz(st, P2, 19, "a01")
    assert "auction_won" in kinds(ev)
    won = next(e for e in ev if e.kind == "auction_won")
    assert won.seat == P2 and st.built[pid_of(P2, 19)]
    assert st.piece_neighborhood[pid_of(P1, 7)] == -1
    assert not any(e.seat in (P3, P4) for e in ev if e.kind == "passed")


def test_e7_reraise_permanent_pass_own_bids_return() -> None:
    """SK-E7, SK-5.3, SK-5.6, SK-5.6.1, SK-5.7: P2 is skipped after passing; P1's own 7 returns."""
    st = scen(players=3, first_bidder="P1", discs={"cen_se": "none"})
    op(st, P1, 7, "cen_nw")
    ps(st, P2)
    rz(st, P3, 12, "cen_ne")
    assert st.actors() == (P1,)
    rz(st, P1, 16, "cen_se")
    assert st.actors() == (P3,)  # P2 passed for good
    ps(st, P3)
    assert st.built[pid_of(P1, 16)] and st.occupant[NB["cen_se"]] == pid_of(P1, 16)
    assert st.piece_neighborhood[pid_of(P1, 7)] == -1 and st.piece_neighborhood[pid_of(P3, 12)] == -1
    assert st.occupant[NB["cen_nw"]] == -1 and st.occupant[NB["cen_ne"]] == -1


def test_e8_forced_pass_is_recorded() -> None:
    """SK-E8, SK-5.6.2: P4 holds only 5 and 13 against 24: the engine passes for P4."""
    built = [n for n in numbers(P4, 1) if n not in (5, 13)]
    st = scen(first_bidder="P1", discs={"cen_nw": "none"},
              structures=place_all(P4, built, ["b01", "b02", "b03", "b04", "b05"]))
    op(st, P1, 24, "cen_nw")
    ps(st, P2)
    ev = ps(st, P3)
    auto = [e for e in ev if e.kind == "passed" and e.data["auto"]]
    assert [e.seat for e in auto] == [P4]
    assert st.built[pid_of(P1, 24)]


def test_e9_palace_counts_every_bid() -> None:
    """SK-E9, SK-5.5, SK-7.7, SK-7.4, SK-A17, SK-A29: 4 bids -> 8; the disc comes first."""
    st = scen(era=2, first_bidder="P1", structures={"cen_ne": "P3:28"},
              kept={"P1": "the_palace", "P2": "atlantis", "P3": "zepplinstone",
                    "P4": "opportunity"},
              discs={"b10": "neighborhood_green"})
    op(st, P1, 72, "b12")
    rz(st, P2, 75, "b13")
    rz(st, P3, 81, "b14")
    ps(st, P4)
    ev = wb(st, P1, "b10")
    ks = kinds(ev)
    assert ks.index("disc_collected") < ks.index("wonder_effect")
    assert st.points[P1][2] == 8 and st.prestige[P1] == 8
    for seat, n in ((P1, 72), (P2, 75), (P3, 81)):
        assert st.piece_neighborhood[pid_of(seat, n)] == -1
    assert st.tracks[P1][DATA.board.colours.index("green")] == 1


def _e10() -> object:
    st = scen(era=2, first_bidder="P3", structures={"c12": "P1:92"},
              kept={"P1": "atlantis", "P2": "the_hammer", "P3": "zepplinstone",
                    "P4": "lynchs_image"},
              discs={"c13": "neighborhood_brown"})
    op(st, P3, 73, "c08")
    wb(st, P4, "c09")
    return st


def test_e10_hammer_answers_a_wonder_bid() -> None:
    """SK-E10, SK-5.9, SK-7.5, SK-A14: P2 answers on c13 and wins; Lynch's Image does nothing."""
    st = _e10()
    assert st.phase == HAMMER and st.actors() == (P2,)
    assert {m.at for m in st.legal_moves(P2) if isinstance(m, HammerAnswer)} == {"c10", "c13"}
    assert Decline() in st.legal_moves(P2)
    st.play(P2, HammerAnswer("c13"))
    assert st.built[pid_of(P2, "W")] and st.hammer_neighborhood == NB["c13"]
    assert st.tracks[P2][DATA.board.colours.index("brown")] == 1
    assert st.piece_neighborhood[pid_of(P4, "W")] == -1 and not st.built[pid_of(P4, "W")]
    assert st.piece_neighborhood[pid_of(P3, 73)] == -1
    assert st.prestige[P4] == 0
    assert st.actors() == (P2,)


def test_e10_decline_lets_the_wonder_win() -> None:
    """SK-5.9: if the Hammer owner declines, the wonder bidder wins."""
    st = _e10()
    st.play(P2, Decline())
    assert st.built[pid_of(P4, "W")]


def test_e11_hammer_restriction() -> None:
    """SK-E11, SK-5.2.3, SK-7.5: other players' tall buildings may not go next to The Hammer."""
    spec = dict(era=2, structures={"c12": "P1:92", "c13": "P2:W"},
                kept={"P1": "atlantis", "P2": "the_hammer", "P3": "zepplinstone",
                      "P4": "lynchs_image"})
    st = scen(first_bidder="P3", **spec)
    assert reason(st, P3, Open(bid_id(P3, 108), "c14")).startswith("SK-5.2.3")
    assert legal(st, P3, Open(bid_id(P3, 95), "c14"))
    st2 = scen(first_bidder="P2", **spec)
    assert legal(st2, P2, Open(bid_id(P2, 101), "c14"))
    op(st2, P2, 75, "c08")
    assert st2.actors() == (P3,)
    assert reason(st2, P3, Raise(bid_id(P3, 113), "c09")).startswith("SK-5.2.3")
    assert legal(st2, P3, WonderBid("c09"))


def test_e12_capital_building_opens() -> None:
    """SK-E12, SK-5.2.2, SK-7.6: the Capital Building opens, wins at once and gains 4."""
    kept = {"P1": "atlantis", "P2": "zepplinstone", "P3": "opportunity",
            "P4": "the_capital_building"}
    st = scen(era=2, first_bidder="P4", kept=kept, discs={"cen_sw": "neighborhood_yellow"})
    op(st, P4, "W", "cen_sw")
    assert st.built[pid_of(P4, "W")] and st.prestige[P4] == 4
    assert st.tracks[P4][DATA.board.colours.index("yellow")] == 1
    kept["P2"] = "the_hammer"
    st = scen(era=2, first_bidder="P4", kept=kept)
    op(st, P4, "W", "cen_sw")
    assert st.phase == HAMMER and st.actors() == (P2,)
    st.play(P2, HammerAnswer("d12"))
    assert st.built[pid_of(P2, "W")] and not st.built[pid_of(P4, "W")]
    assert st.prestige[P4] == 0


def test_e13_wonder_may_not_open_otherwise() -> None:
    """SK-E13, SK-5.2.2: Atlantis may open only as the last available piece."""
    keep = [3, 12, 28, 37, 41, 56, 69, 81, 108, 113]
    where = ["d01", "d02", "d03", "d04", "d05", "d06", "d07", "d08", "d09", "d10"]
    st = scen(era=2, first_bidder="P3", kept=NO_HAMMER,
              structures=place_all(P3, keep, where))  # type: ignore[arg-type]
    assert reason(st, P3, Open("wonder", "cen_nw")).startswith("SK-5.2.2")
    assert legal(st, P3, Open(bid_id(P3, 73), "cen_nw"))
    assert legal(st, P3, Open(bid_id(P3, 95), "cen_nw"))
    st = scen(era=2, first_bidder="P3", kept=NO_HAMMER,
              structures=place_all(P3, [*keep, 73, 95], [*where, "d11", "d12"]))  # type: ignore[list-item]
    assert legal(st, P3, Open("wonder", "cen_nw"))
    op(st, P3, "W", "cen_nw")
    assert st.built[pid_of(P3, "W")]


def _era1_end_spec() -> dict[str, object]:
    p3 = place_all(P3, [3, 12, 28, 37, 41, 56], ["d01", "d02", "d03", "d04", "d05", "d06"])
    return dict(first_bidder="P3", structures=p3, discs={"cen_nw": "none"},
                hands={"P1": ["le_baron", "the_palace", "atelier"],
                       "P2": ["atlantis", "the_olmsted", "the_shard"],
                       "P3": ["the_summit", "la_boca", "the_vault"],
                       "P4": ["opportunity", "the_hammer", "intelligentsium"]})


def test_e14_first_bidder_of_era_two() -> None:
    """SK-E14, SK-5.1, SK-8.2, SK-7.2: lowest kept value (P2, Atlantis 4) opens era 2."""
    st = scen(**_era1_end_spec())
    ev = op(st, P3, 69, "cen_nw")
    ev += pass_all(st)
    assert "era_ended" in kinds(ev) and st.phase == CHOOSE
    assert st.actors() == (P1, P2, P3, P4)
    for seat, card in ((P1, "le_baron"), (P2, "atlantis"), (P3, "the_summit"),
                       (P4, "opportunity")):
        st.play(seat, KeepWonder(card))
    assert st.era == 2 and st.phase == OPEN and st.actors() == (P2,)


def _finish_spec(seat: int, left: int, finished: list[str], first: str) -> dict[str, object]:
    pieces: list[int | str] = [n for n in numbers(seat) if n != left] + ["W"]
    where = [n for n in by_colour("yellow", ("c", "d")) + by_colour("green", ("c", "d"))
             + by_colour("white", ("c", "d")) + by_colour("brown", ("c", "d"))]
    structures = place_all(seat, pieces, where)
    return dict(era=2, first_bidder=first, structures=structures,
                kept={"P1": "le_baron", "P2": "atlantis", "P3": "the_summit",
                      "P4": "opportunity"},
                finished=finished, discs={"cen_nw": "none"})


def test_e15_finishing_key_and_next_first_bidder() -> None:
    """SK-E15, SK-5.1, SK-9.1, SK-9.2, SK-A13: P3 finishes first, takes the Key to the City;
    P2 (lowest kept value) opens next; P1 finishing second takes the Small Key."""
    st = scen(**_finish_spec(P3, 113, [], "P3"))
    op(st, P3, 113, "cen_nw")
    ps(st, P4)
    ps(st, P1)
    ev = ps(st, P2)
    fin = next(e for e in ev if e.kind == "finished")
    assert fin.seat == P3 and fin.data["key"] == "key_to_the_city"
    assert st.finish_order == [P3] and st.actors() == (P2,)
    assert st.view(None)["players"][P3]["keys"] == ["key_to_the_city"]
    # P3 is skipped from now on
    op(st, P2, 1, "cen_ne")
    assert st.actors() == (P4,)
    # a later finish: P1 takes the Small Key
    spec = _finish_spec(P1, 119, [], "P1")
    spec["structures"] = {**spec["structures"],  # type: ignore[dict-item]
                          **place_all(P3, [*numbers(P3), "W"],
                                      [n.id for n in DATA.board.neighborhoods
                                       if n.island in ("a", "b")][:13])}
    spec["finished"] = ["P3"]
    st = scen(**spec)
    op(st, P1, 119, "cen_nw")
    ps(st, P2)
    ev = ps(st, P4)
    fin = next(e for e in ev if e.kind == "finished")
    assert fin.seat == P1 and fin.data["key"] == "small_key" and st.finish_order == [P3, P1]


def test_e16_island_control_tie_breaks() -> None:
    """SK-E16, SK-10.2: tall tie, medium tie, short decides: P2 alone scores island A."""
    s = {**place_all(P1, [66, 24, 32], ["a01", "a02", "a03"]),
         **place_all(P2, [64, 25, 34, 1], ["a04", "a05", "a06", "a07"]),
         **place_all(P3, [28, 37, 41, 56, 95], ["a08", "a09", "a10", "a11", "a12"])}
    st = scen(era=2, structures=s)
    assert island_winners(st, st.layout.islands.index("a")) == [P2]


def test_e17_full_tie_wonders_and_atelier() -> None:
    """SK-E17, SK-10.1, SK-7.1, SK-7.18, SK-A11: a wonder does not count; Atelier is tall."""
    s = {**place_all(P1, [66, 7], ["c01", "c02"]),
         **place_all(P2, [64, 1, "W"], ["c03", "c04", "c05"])}
    c = 3
    st = scen(era=2, structures=s, kept={"P2": "opportunity"})
    assert st.layout.islands[c] == "c"
    assert island_winners(st, c) == [P1, P2]
    st = scen(era=2, structures=s, kept={"P2": "atelier"})
    assert island_winners(st, c) == [P2]


def test_e18_chains() -> None:
    """SK-E18, SK-11, SK-A19: one score per connected group, central bridges never link."""
    where = ["a01", "a02", "a05", "a09", "a12", "cen_nw", "b01", "b02", "b03", "b12", "b13"]
    st = scen(era=2, structures=place_all(P1, numbers(P1)[:11], where))  # type: ignore[arg-type]
    assert panorama_score(st, P1, PANO["chains"]) == 6


def test_e19_lakes_and_blimps() -> None:
    """SK-E19, SK-11, SK-2.5, SK-2.6: Lakes = 6, Blimps = 0."""
    st = scen(structures=place_all(P1, numbers(P1, 1)[:5], ["a02", "a05", "a06", "a09", "a13"]))  # type: ignore[arg-type]
    assert panorama_score(st, P1, PANO["lakes"]) == 6
    assert panorama_score(st, P1, PANO["blimps"]) == 0


def test_e20_bridges() -> None:
    """SK-E20, SK-2.8, SK-11: bridge_north and a_bridge_1 score; a_bridge_2 does not."""
    s = {**place_all(P1, numbers(P1, 1)[:5], ["cen_nw", "a12", "a02", "a09", "a06"]),  # type: ignore[arg-type]
         "a13": "P2:25"}
    st = scen(structures=s)
    assert panorama_score(st, P1, PANO["bridges"]) == 6


def test_e21_structures_score_from_tracks() -> None:
    """SK-E21, SK-6.5, SK-12.1 step 5, SK-A8: 3x6 + 2x3 + 4x2 + 4x8 = 64."""
    where = (by_colour("yellow")[:3] + by_colour("green")[:2] + by_colour("white")[:4]
             + by_colour("brown")[:4])
    st = scen(era=2, structures=place_all(P1, [*numbers(P1), "W"], where),
              tracks={"P1": {"yellow": 3, "green": 1, "white": 0, "brown": 4}},
              excess={"P1": {"brown": 1}}, finished=["P1"])
    assert structure_points(st, P1) == 64


def test_e22_wild_disc_placement() -> None:
    """SK-E22, SK-6.3, SK-A24: the wild goes on a track, or as an excess disc only if full."""
    st = scen(first_bidder="P2", discs={"cen_nw": "wild"},
              tracks={"P2": {"green": 4, "white": 2}})
    op(st, P2, 19, "cen_nw")
    for seat in (P3, P4, P1):
        ps(st, seat)
    assert st.phase == WILD and st.actors() == (P2,)
    assert st.legal_moves(P2) == [AssignWild(c) for c in DATA.board.colours]
    white, green = DATA.board.colours.index("white"), DATA.board.colours.index("green")
    a = st.clone()
    a.play(P2, AssignWild("white"))
    assert a.tracks[P2][white] == 3 and a.excess[P2][white] == 0
    assert a.data.track_values[3] * 3 - a.data.track_values[2] * 3 == 6
    b = st.clone()
    b.play(P2, AssignWild("green"))
    assert b.tracks[P2][green] == 4 and b.excess[P2][green] == 1
    assert b.data.excess_points == 10
    assert a.wilds[P2] == [white] and a.phase == OPEN


def _final(st):  # type: ignore[no-untyped-def]
    eras.end_game(st, [])
    return st


def test_e23_left_area_and_commissions() -> None:
    """SK-E23, SK-6.4, SK-12.1 step 4, SK-A20: (a) 36, (b) 10."""
    spec = _finish_spec(P1, 7, [], "P2")
    spec["structures"] = {**spec["structures"], "d14": "P1:7"}  # type: ignore[dict-item]
    spec["finished"] = ["P1"]
    st = scen(**spec, patrons={"P1": {"A": 1, "C": 1}, "P3": {"B": 1}},
              excess={"P1": {"yellow": 1}}, commissions={"P1": 1, "P3": 2},
              patron_values={"A": 8, "B": 4, "C": 3, "D": 5})
    _final(st)
    left = lambda s: sum(st.points[s][i] for i in (4, 5, 6, 7))
    assert left(P1) == 36 and st.points[P1][7] == 5
    assert left(P3) == 10 and st.points[P3][7] == 6


def test_e24_objective_counts_wonders() -> None:
    """SK-E24, SK-12.1 step 3, SK-A10, SK-A11: 4 green structures with the wonder -> 10."""
    s = {"a02": "P3:3", "b12": "P3:12", "c08": "P3:28", "d10": "P3:W"}
    st = scen(era=2, structures=s, objectives={"P3": "green"})
    assert objective_count(st, P3) == 4
    s["d09"] = s.pop("d10")
    st = scen(era=2, structures=s, objectives={"P3": "green"})
    assert objective_count(st, P3) == 3


def test_e25_keys_in_two_player_game() -> None:
    """SK-E25, SK-9.2, SK-9.3: only the Key to the City with 2 players; the game ends when the
    last player finishes."""
    a_nbs = [f"a{i:02d}" for i in range(1, 15)]
    b_nbs = [f"b{i:02d}" for i in range(1, 15)]
    p1 = place_all(P1, [*[n for n in numbers(P1) if n != 119], "W"], a_nbs)
    p2 = place_all(P2, [*numbers(P2), "W"], b_nbs)
    st = scen(players=2, era=2, first_bidder="P1", structures={**p1, **p2}, finished=["P2"],
              kept={"P1": "le_baron", "P2": "atlantis"}, discs={"cen_nw": "none"})
    ev = op(st, P1, 119, "cen_nw")
    fin = next(e for e in ev if e.kind == "finished")
    assert fin.data["key"] == "" and st.phase == OVER and st.finish_order == [P2, P1]
    assert st.points[P2][6] == 10 and st.points[P1][6] == 0


def test_e26_end_of_era_one() -> None:
    """SK-E26, SK-8.1, SK-8.2, SK-A28: islands, panoramas, hidden choice, then unlock."""
    p2 = place_all(P2, [1, 19, 25, 34, 49, 52], ["d01", "d02", "d03", "d04", "d05", "d06"])
    p1 = place_all(P1, [7, 24, 32, 43, 58], ["c01", "c02", "c03", "c04", "c05"])
    st = scen(first_bidder="P2", structures={**p1, **p2}, discs={"cen_nw": "none"})
    ev = op(st, P2, 64, "cen_nw")
    ev += pass_all(st)
    assert len({e.data["island"] for e in ev
                if e.kind in ("island_scored", "island_unscored")}) == 5
    assert kinds(ev).count("panorama_scored") == 8
    assert st.phase == CHOOSE and st.actors() == (P1, P2, P3, P4)
    for seat in range(4):
        st.play(seat, st.legal_moves(seat)[0])
    assert st.era == 2
    avail = st.view(None)["players"][P1]["available"]
    assert avail == [bid_id(P1, n) for n in (16, 66, 72, 86, 92, 104, 119)] + ["wonder"]
    low = min(range(4), key=lambda s: DATA.wonders[st.kept[s]].value)
    assert st.actors() == (low,)


@pytest.mark.parametrize(("left", "points"), [(1, 8), (0, 12), (2, 6), (3, 0), (5, 0)])
def test_e27_le_baron(left: int, points: int) -> None:
    """SK-E27, SK-7.21, SK-A21: 12 / 8 / 6 / 0 by buildings left."""
    from skyrise_helpers import effect_points
    finished = ["P3"] if left == 0 else []
    assert effect_points(P3, "le_baron", "cen_nw", built=numbers(P3)[: 12 - left],
                         finished=finished) == points


def test_e28_olmsted() -> None:
    """SK-E28, SK-7.15: 5 + 2 x 3 = 11 on the central island; 0 on a12."""
    from skyrise_helpers import effect_points
    extra = {"cen_ne": "P1:7", "cen_sw": "P1:16", "cen_se": "P2:1"}
    assert effect_points(P1, "the_olmsted", "cen_nw", extra=extra) == 11
    assert effect_points(P1, "the_olmsted", "a12", extra=extra) == 0


def test_e29_opening_next_to_an_outer_structure() -> None:
    """SK-E29, SK-5.2.1: central neighborhoods plus the empty neighbors of a12."""
    st = scen(first_bidder="P1", structures={"a12": "P2:25"})
    ats = {m.at for m in st.legal_moves(P1) if isinstance(m, Open)}
    assert ats == {"cen_nw", "cen_ne", "cen_se", "cen_sw", "a09", "a11", "a13"}
    assert reason(st, P1, Open(bid_id(P1, 7), "a14")).startswith("SK-5.2.1")


def test_e30_final_tie_break() -> None:
    """SK-E30, SK-12.2: P1 and P3 tie on 98; P3 finished earlier and wins."""
    st = scen()
    st.prestige = [98, 91, 98, 85]
    st.points = [[p, 0, 0, 0, 0, 0, 0, 0, 0] for p in st.prestige]
    st.finish_order = [P3, P1, P4, P2]
    res = st.result()
    assert res.ranks == (2, 3, 1, 4) and res.winners() == (P3,)
    assert "finishing order" in res.tiebreak[0]


def test_e31_opening_fallback_when_hammer_blocks() -> None:
    """SK-E31, SK-5.2.4, SK-7.5, SK-A23: no ordinary opening, so P1 opens anywhere not next to
    The Hammer; P2 is not asked."""
    central = ["cen_nw", "cen_ne", "cen_se", "cen_sw"]
    bs = [f"b{i:02d}" for i in range(1, 15)]
    p1 = place_all(P1, [7, 16, 24, 32, 43, 58, 66, 72, 86, 92], central + bs[:6])
    p2 = place_all(P2, [1, 19, 25, 34, 49, 52, 64, 75], bs[6:])
    st = scen(players=2, era=2, first_bidder="P1", structures={**p1, **p2, "a12": "P2:W"},
              kept={"P1": "atlantis", "P2": "the_hammer"})
    assert st.opener == P1 and st.open_mode == 1
    ats = {m.at for m in st.legal_moves(P1)}
    assert ats == {f"a{i:02d}" for i in (1, 2, 3, 4, 5, 6, 7, 8, 10, 14)}
    assert {m.piece for m in st.legal_moves(P1)} == {bid_id(P1, 104), bid_id(P1, 119)}
    assert reason(st, P1, Open(bid_id(P1, 104), "a09")).startswith("SK-5.2.3")
    op(st, P1, 104, "a01")
    assert st.actors() == (P2,)
    raises = [m for m in st.legal_moves(P2) if isinstance(m, Raise)]
    assert {(m.building, m.at) for m in raises} == {(bid_id(P2, 117), "a02"),
                                                    (bid_id(P2, 117), "a05")}
    assert all(m.kind in ("raise", "pass") for m in st.legal_moves(P2))


def test_e31_setup_check_structure_counts() -> None:
    """SK-E31: 19 structures, 10 of them P1's (the scenario above is the example's)."""
    central = ["cen_nw", "cen_ne", "cen_se", "cen_sw"]
    bs = [f"b{i:02d}" for i in range(1, 15)]
    p1 = place_all(P1, [7, 16, 24, 32, 43, 58, 66, 72, 86, 92], central + bs[:6])
    p2 = place_all(P2, [1, 19, 25, 34, 49, 52, 64, 75], bs[6:])
    st = scen(players=2, era=2, first_bidder="P1", structures={**p1, **p2, "a12": "P2:W"},
              kept={"P1": "atlantis", "P2": "the_hammer"})
    assert sum(st.built) == 19 and sum(st.built[:13]) == 10
    assert st.phase == OPEN and BID != OPEN
