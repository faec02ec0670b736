"""The 20 wonders (SK-7) and the decisions some of them ask for."""

from __future__ import annotations

from skyrise_helpers import NB, P1, P2, P3, P4, effect_points, kinds, op, pid_of, ps, scen, wb

from parlor.games.skyrise.const import KAHN, OPEN, VAULT, WILD
from parlor.games.skyrise.data import DATA
from parlor.games.skyrise.moves import AssignWild, KahnReveal, VaultTake
from parlor.games.skyrise.scoring import island_winners

KEPT = {"P1": "le_baron", "P2": "the_shard", "P3": "atlantis", "P4": "the_summit"}


def _build_wonder(wonder: str, at: str, opener_at: str, extra: dict[str, str] | None = None,
                  **spec: object):  # type: ignore[no-untyped-def]
    """P4 opens on `opener_at`, P1 bids its wonder on `at` (both must be adjacent)."""
    kept = {**KEPT, "P1": wonder}
    st = scen(era=2, first_bidder="P4", kept=kept, structures=dict(extra or {}), **spec)
    op(st, P4, 5, opener_at)
    ev = wb(st, P1, at)
    return st, ev


def test_hammer_is_also_bid_normally() -> None:
    """SK-7.5 (a): The Hammer bid on one's turn ends the auction like any wonder."""
    st, _ = _build_wonder("the_hammer", "cen_ne", "cen_nw")
    assert st.built[pid_of(P1, "W")] and st.hammer_neighborhood == NB["cen_ne"] and st.hammer_owner == P1


def test_passed_hammer_owner_cannot_answer() -> None:
    """SK-5.9, SK-5.6.1, SK-A14: the Hammer owner is asked unless they passed in this auction."""
    kept = {**KEPT, "P2": "the_hammer"}
    st = scen(era=2, first_bidder="P4", kept=kept, discs={"cen_ne": "none"})
    op(st, P4, 5, "cen_nw")
    ev = wb(st, P1, "cen_ne")
    assert "hammer_asked" in kinds(ev) and st.actors() == (P2,)
    st = scen(era=2, first_bidder="P1", kept=kept, discs={"cen_ne": "none"})
    op(st, P1, 7, "cen_nw")
    ps(st, P2)
    ev = wb(st, P3, "cen_ne")
    assert "hammer_asked" not in kinds(ev) and st.built[pid_of(P3, "W")]


def test_capital_bid_later_gains_nothing() -> None:
    """SK-7.6: bid later in an auction, The Capital Building gains nothing."""
    st, _ = _build_wonder("the_capital_building", "cen_ne", "cen_nw")
    assert st.built[pid_of(P1, "W")] and st.prestige[P1] == 0


def test_atlantis() -> None:
    """SK-7.8: 3 distinct lakes touched -> 8; 2 -> 0."""
    extra = {"a02": "P1:7", "b03": "P1:16"}
    assert effect_points(P1, "atlantis", "c06", extra=extra) == 8
    assert effect_points(P1, "atlantis", "a14", extra=extra) == 0


def test_zepplinstone() -> None:
    """SK-7.9: 4 distinct blimps -> 8; 3 -> 0."""
    extra = {"a01": "P1:7", "b01": "P1:16", "c01": "P1:24"}
    assert effect_points(P1, "zepplinstone", "cen_nw", extra=extra) == 8
    assert effect_points(P1, "zepplinstone", "a02", extra=extra) == 0


def test_lynchs_image() -> None:
    """SK-7.10, SK-A18: 2 per adjacent structure of any player, wonders included."""
    extra = {"cen_ne": "P2:1", "cen_sw": "P3:W", "a12": "P1:7"}
    assert effect_points(P1, "lynchs_image", "cen_nw", extra=extra) == 6


def test_opportunity() -> None:
    """SK-7.11: 2 per empty adjacent neighborhood."""
    assert effect_points(P1, "opportunity", "cen_nw", extra={"cen_ne": "P2:1"}) == 4


def test_kahns_ambition_reveal() -> None:
    """SK-7.12, SK-A15: the owner decides; revealed objective becomes public;
    2 x (unbuilt + 1), or 2 x unbuilt with the option off."""
    st, _ = _build_wonder("kahns_ambition", "cen_ne", "cen_nw", discs={"cen_ne": "none"})
    assert st.phase == KAHN and st.legal_moves(P1) == [KahnReveal(True), KahnReveal(False)]
    assert st.view(P2)["players"][P1]["objective"] is None
    a = st.clone()
    a.play(P1, KahnReveal(True))
    assert a.prestige[P1] == 2 * (12 + 1)
    assert a.view(P2)["players"][P1]["objective"] == DATA.objectives[a.objectives[P1]].id
    b = st.clone()
    b.play(P1, KahnReveal(False))
    assert b.prestige[P1] == 0 and b.view(P2)["players"][P1]["objective"] is None
    assert b.phase == OPEN
    st, _ = _build_wonder("kahns_ambition", "cen_ne", "cen_nw", discs={"cen_ne": "none"},
                          options={"kahn_counts_itself": False})
    st.play(P1, KahnReveal(True))
    assert st.prestige[P1] == 2 * 12


def test_jacobs_gardens() -> None:
    """SK-7.13, SK-A16: 4 per colour where the owner leads or ties with >= 1 disc."""
    tracks = {"P1": {"yellow": 2, "green": 1}, "P2": {"yellow": 2, "green": 2}}
    assert effect_points(P1, "jacobs_gardens", "cen_nw", tracks=tracks) == 4
    assert effect_points(P1, "jacobs_gardens", "cen_nw", tracks=tracks,
                         excess={"P1": {"green": 1}}) == 8
    assert effect_points(P1, "jacobs_gardens", "cen_nw", tracks=tracks,
                         options={"jacobs_requires_at_least_one": False}) == 12


def test_intelligentsium_scores_panoramas_for_owner() -> None:
    """SK-7.14, SK-A22: both panoramas again, for the owner only."""
    extra = {"a01": "P1:7", "a02": "P1:16", "a05": "P1:24"}
    spec = dict(extra=extra, panoramas=["chains", "windmills"])
    assert effect_points(P1, "intelligentsium", "a08", **spec) == 3 + 2  # type: ignore[arg-type]


def test_olmsted_counts_only_owner_central() -> None:
    """SK-7.15: other players' central structures do not count."""
    assert effect_points(P1, "the_olmsted", "cen_nw", extra={"cen_ne": "P2:1"}) == 7


def test_munchs_haven_scores_and_reveals_all_values() -> None:
    """SK-7.16, SK-6.2, SK-13: 3 per distinct letter; afterwards the owner sees every value."""
    assert effect_points(P1, "munchs_haven", "cen_nw", patrons={"P1": {"A": 2, "C": 1}}) == 6
    st, ev = _build_wonder("munchs_haven", "cen_ne", "cen_nw", discs={"cen_ne": "none"},
                           patrons={"P1": {"A": 2}})
    assert len(st.view(P1)["patron_values"]) == 4
    assert st.view(P2)["patron_values"] == {}
    private = [e for e in ev if e.kind == "patron_values_seen"]
    assert private and private[0].visible_to == (P1,)


def test_sullivans_reach() -> None:
    """SK-7.17: 3 per tall building of any player on the island; a built Atelier counts."""
    extra = {"a01": "P2:64", "a02": "P1:66", "a03": "P3:W", "b01": "P4:61"}
    assert effect_points(P1, "sullivans_reach", "a05", extra=extra) == 6
    assert effect_points(P1, "sullivans_reach", "a05", extra=extra,
                         kept={"P3": "atelier"}) == 9


def test_atelier() -> None:
    """SK-7.18: 3 per own tall building on all islands, this wonder included."""
    extra = {"a01": "P1:66", "b01": "P1:104", "c01": "P2:64"}
    assert effect_points(P1, "atelier", "cen_nw", extra=extra) == 9


def test_the_shard() -> None:
    """SK-7.19: 2 per patron disc, whatever the letter."""
    assert effect_points(P1, "the_shard", "cen_nw", patrons={"P1": {"A": 2, "B": 1}}) == 6


def test_la_boca() -> None:
    """SK-7.20: 3 per colour of the owner's structures on the wonder's island."""
    extra = {"a01": "P1:7", "a11": "P1:16", "a02": "P1:24", "b02": "P1:32"}
    # a01 Y, a11 Y, a02 G, wonder on a03 W -> 3 colours
    assert effect_points(P1, "la_boca", "a03", extra=extra) == 9


def test_the_vault_asks_and_collects() -> None:
    """SK-7.22: the owner chooses an empty neighbor holding a disc; wilds are assigned at once."""
    st, _ = _build_wonder("the_vault", "cen_ne", "cen_nw", extra={"b12": "P2:1"},
                          discs={"cen_ne": "none", "cen_nw": "none", "cen_se": "wild"})
    assert st.phase == VAULT and st.legal_moves(P1) == [VaultTake("cen_se")]
    st.play(P1, VaultTake("cen_se"))
    assert st.phase == WILD and st.discs[NB["cen_se"]] == -1
    st.play(P1, AssignWild("brown"))
    assert st.tracks[P1][DATA.board.colours.index("brown")] == 1 and st.phase == OPEN
    st, ev = _build_wonder("the_vault", "cen_ne", "cen_nw", extra={"b12": "P2:1"},
                           discs={"cen_ne": "none", "cen_nw": "none", "cen_se": "none"})
    assert st.phase == OPEN and "wonder_effect" in kinds(ev)


def test_the_summit_only_owner_scores() -> None:
    """SK-7.23, SK-10.3: island control now, only the owner (5 per island won or tied)."""
    extra = {"a01": "P1:66", "a02": "P2:64", "b01": "P1:7", "c01": "P2:1"}
    assert effect_points(P1, "the_summit", "cen_nw", extra=extra) == 10


def test_niemeyers_legacy_crosses_bridges() -> None:
    """SK-7.24, SK-2.3: largest connected group through any adjacency, central bridges too."""
    extra = {"a12": "P1:7", "a11": "P1:16", "cen_ne": "P1:24", "b05": "P1:32"}
    assert effect_points(P1, "niemeyers_legacy", "cen_nw", extra=extra) == 8


def test_wonder_bid_only_in_era_two_and_next_to_last_bid() -> None:
    """SK-7.3, SK-5.5, SK-A30: no wonder bids in era 1; in era 2 only next to the last bid."""
    st = scen(first_bidder="P1")
    op(st, P1, 24, "cen_nw")
    assert not any(m.kind == "wonder_bid" for m in st.legal_moves(P2))
    st = scen(era=2, first_bidder="P1", kept=KEPT)
    op(st, P1, 24, "cen_nw")
    ats = {m.at for m in st.legal_moves(P2) if m.kind == "wonder_bid"}  # type: ignore[attr-defined]
    assert ats == {"cen_ne", "cen_sw", "a12"}


def test_atelier_counts_for_island_control() -> None:
    """SK-7.18, SK-10.1: a built Atelier is a tall building of its owner."""
    st = scen(era=2, kept={**KEPT, "P2": "atelier"}, structures={"a01": "P2:W", "a02": "P1:7"})
    assert island_winners(st, 1) == [P2]


def test_effects_use_all_builds() -> None:
    """SK-7.4: the effect sees the board after other bids returned (Opportunity counts them)."""
    st, _ = _build_wonder("opportunity", "cen_ne", "cen_nw", discs={"cen_ne": "none"})
    # cen_nw held P4's returned bid: empty again, so cen_ne has 2 empty neighbors + b12
    assert st.prestige[P1] == 2 * 3
